// bt/crowd.h — ticking many agents of one tree in a frame: level of detail,
// a frame budget, and threads through a "parallel for" the game provides.
//
// The crowd knows nothing of trees or blocks: it keeps, per agent (an index
// 0..Size()-1 into arrays the game owns), a tick interval and when it last
// ticked, and each call to Tick decides which agents are due and hands each to
// a per-agent tick of the game's (bt/crowd_ticks.h has ready ones for both
// ticks) with the time and the dt that agent should see.
//
// - Level of detail: an agent ticks every Interval() frames (1, 2, 4 ... 128),
//   settable at any time. Agents of one interval are spread over its phases
//   (each joins the least-filled phase), so each frame ticks about as many.
// - dt: an agent's dt is the time since ITS previous tick (float(time - last)),
//   so a skipped agent sees the real elapsed time; its first tick gets the
//   frame's dt.
// - Frame budget: at most `budget` agents are ticked per call. Due agents are
//   found by a sweep that goes round the agents in index order and resumes
//   where the last call stopped, so what a budget left is ticked first by the
//   next call and no agent starves; the result counts them (`deferred`). A
//   phase that falls due again while still being swept merges with its sweep.
// - Threads: a call's sweep is one or two index ranges; with a ParallelFor each
//   agent is ticked by one thread, at most once per call, so any thread count
//   gives each agent the same calls in the same order as one thread (given
//   agents whose ticks touch nothing shared).
// - Sleeping agents (bt/sleep.h): a due agent whose last tick left it asleep is
//   skipped until its wake time, or until the game calls Wake(agent); a skip
//   counts as its tick for dt (its next dt is the time since the skipped frame,
//   as ticking it would have given) but not against the budget. The per-agent
//   tick learns the wake time when it takes a fourth argument, `double&
//   wakeTime`, to pass as TickOptions::wakeTime (bt/crowd_ticks.h's do); a tick
//   of three arguments never sleeps.
// - Cost: the sweep reads one byte per agent to skip those not due, in index
//   order, so a frame that ticks a fraction of the agents costs about that
//   fraction of one that ticks them all.
//
// Nothing allocates after construction. A Crowd is not itself thread-safe:
// call SetInterval, Leave, Join and Tick from one thread, not during a Tick.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <type_traits>
#include <vector>

#include "bt/tree.h"

namespace bt {

inline constexpr int kCrowdIntervalClasses = 8;                                // intervals 1, 2, 4 ... 128
inline constexpr int kCrowdMaxInterval = 1 << (kCrowdIntervalClasses - 1);  // 128

// Runs body(context, begin, end) on disjoint subranges that together cover
// [0, count) exactly once — on any threads, in any order — and returns when all
// have run. The game's job system, or TbbParallelFor() (bt/crowd_tbb.h).
using CrowdRangeBody = void (*)(void* context, std::size_t begin, std::size_t end);
struct ParallelFor {
  void (*run)(void* self, std::size_t count, CrowdRangeBody body, void* context) = nullptr;  // null: this thread
  void* self = nullptr;
};

struct CrowdTickResult {
  std::size_t ticked = 0;    // agent ticks run by this call
  std::size_t refused = 0;   // of them, ticks whose status was not IsOk
  std::size_t deferred = 0;  // due agents left for the next call by the budget
  std::size_t sleeping = 0;  // due agents skipped asleep by this call (not ticked, nor counted in the budget)
};

// What an agent carries between crowds besides its block: when it last ticked
// (NaN: never), its interval (0: not a member), in how many frames it is next
// due (0: on the next call), so it keeps its rhythm in the new crowd, and until
// when it sleeps (-inf: awake; +inf: until woken).
struct CrowdAgentState {
  double lastTickTime = std::numeric_limits<double>::quiet_NaN();
  int interval = 0;
  int dueIn = 0;
  double wakeTime = -std::numeric_limits<double>::infinity();
};

class Crowd {
 public:
  // `agents` members, each at interval 1, never ticked. Allocates here only.
  explicit Crowd(std::size_t agents);

  std::size_t Size() const { return segment_.size(); }
  // How many agents are members (not left) with this interval; 0 for an interval that is not a power of two <= 128.
  std::size_t CountAtInterval(int interval) const;

  // An agent's interval, rounded down to a power of two and clamped to
  // [1, kCrowdMaxInterval]. A member only; ignored for a bad index or an agent that left.
  void SetInterval(std::size_t agent, int interval);
  int Interval(std::size_t agent) const;  // 0 if it left (or a bad index)

  // The agent is no longer ticked; its slot may be reused by Join.
  void Leave(std::size_t agent);
  // The slot becomes a member with the given state (from State() in another crowd,
  // perhaps another process). An interval of 0 joins at 1. Ignored for a bad index.
  void Join(std::size_t agent, const CrowdAgentState& state);
  CrowdAgentState State(std::size_t agent) const;

  // The agent is due at its next frame even if asleep: for the game to call when
  // it changes anything the agent's tick reads (its flags, a stimulus, an event
  // sent to it: bt/sleep.h). Ignored for a bad index. WakeAll: every agent, as
  // when flags shared by all change.
  void Wake(std::size_t agent);
  void WakeAll();
  // Until when the agent sleeps: -inf when awake (or a bad index), +inf until woken.
  double WakeTime(std::size_t agent) const;

  // One frame at `time` (never earlier than the last call's): ticks every agent
  // due and awake, deferred ones first, at most `budget` of them, calling
  // tickOne(std::size_t agent, double time, float dt[, double& wakeTime]) ->
  // TickResult for each (with wakeTime, -inf on entry, the agent may sleep);
  // on `parallel`'s threads when given.
  template <class TickOne>
  CrowdTickResult Tick(double time, float frameDt, TickOne&& tickOne,
                       std::size_t budget = std::numeric_limits<std::size_t>::max(), ParallelFor parallel = {});

 private:
  static constexpr int kSegments = (1 << kCrowdIntervalClasses) - 1;  // one per (interval, phase)
  static constexpr std::uint8_t kAbsent = kSegments;                   // the agents that left
  struct Job;

  static int SegmentOf(int intervalClass, std::uint64_t phase) { return (1 << intervalClass) - 1 + static_cast<int>(phase); }
  void MoveTo(std::size_t agent, int segment);
  int LeastFilledPhase(int intervalClass) const;
  // Marks the phases due this frame and sets arcEnd_; returns how many agents
  // from the cursor this call sweeps (up to the budget-th due one).
  std::size_t Plan(std::size_t budget, double time);
  // Moves the cursor past the sweep and ends the phases it completed; returns how many due agents remain awake.
  std::size_t Finish(std::size_t swept, double time);
  // Whether an agent that sleeps until `wakeTime` is skipped at `time`.
  static bool Asleep(double wakeTime, double time) { return time < wakeTime; }
  // Whether the agent at `offset` from the cursor is due and awake at `time`.
  bool DueAwake(std::size_t offset, double time) const;
  std::size_t CountDue(std::size_t fromOffset, double time) const;
  template <class TickOne>
  static void RunRange(void* job, std::size_t begin, std::size_t end);

  std::vector<std::uint8_t> segment_;  // by agent: its (interval, phase), or kAbsent
  std::vector<double> lastTime_;       // by agent: its last tick (NaN: never)
  std::vector<double> wake_;           // by agent: asleep before this time (-inf: awake)
  std::uint32_t members_[kSegments + 1] = {};  // agents per segment
  // Per segment being swept: where its sweep started (it ends a lap later) and,
  // for this call, the offset from the cursor where it ends (0: not due; Size(): a whole lap).
  bool pending_[kSegments + 1] = {};
  std::uint8_t pendingList_[kSegments + 1] = {};  // the segments pending_, so a frame visits only those
  int pendingCount_ = 0;
  std::size_t startedAt_[kSegments + 1] = {};
  std::size_t arcEnd_[kSegments + 1] = {};
  std::size_t cursor_ = 0;
  bool allDue_ = false;  // this call ticks every agent (all at interval 1, a whole lap): no agent to skip
  std::uint64_t frame_ = 0;
};

// ---------------------------------------------------------------- the template part

struct Crowd::Job {
  Crowd* crowd;
  void* tickOne;
  double time;
  float frameDt;
  std::atomic<std::size_t> ticked{0}, refused{0}, sleeping{0};
};

// Sweeps offsets [begin, end) from the cursor: positions wrap round at Size().
template <class TickOne>
void Crowd::RunRange(void* context, std::size_t begin, std::size_t end) {
  Job& job = *static_cast<Job*>(context);
  Crowd& crowd = *job.crowd;
  auto& tickOne = *static_cast<std::remove_reference_t<TickOne>*>(job.tickOne);
  constexpr bool kMaySleep = std::is_invocable_v<TickOne&, std::size_t, double, float, double&>;
  const double time = job.time;
  const std::size_t n = crowd.Size();
  const std::uint8_t* segment = crowd.segment_.data();
  double* lastTime = crowd.lastTime_.data();
  double* wake = crowd.wake_.data();
  const std::size_t* arcEnd = crowd.arcEnd_;
  std::size_t ticked = 0, refused = 0, sleeping = 0;
  while (begin < end) {
    // One contiguous run of positions: up to the wrap.
    const std::size_t first = (crowd.cursor_ + begin) % n;
    const std::size_t length = std::min(end - begin, n - first);
    // Which agents of 64 are due, found without a branch per agent (where a LOD
    // mix makes them unpredictable), then those ticked.
    for (std::size_t block = 0; block < length; block += 64) {
      const std::size_t count = std::min<std::size_t>(64, length - block);
      const std::size_t offset = begin + block;
      const std::uint8_t* segments = segment + first + block;
      std::uint64_t due = 0;
      if (crowd.allDue_) due = count == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << count) - 1;
      else
        for (std::size_t k = 0; k < count; ++k)
          due |= static_cast<std::uint64_t>(offset + k < arcEnd[segments[k]]) << k;
      // The sleepers among them (bt/sleep.h), found without a branch per agent
      // either (asleep and awake agents interleave), skipped: the skip stands
      // for a tick at this time, so it is their last tick for dt.
      // (A tick of three arguments never sleeps.)
      if constexpr (kMaySleep) {
        std::uint64_t asleep = 0;
        for (std::uint64_t m = due; m != 0; m &= m - 1) {
          const int k = std::countr_zero(m);
          asleep |= static_cast<std::uint64_t>(Asleep(wake[first + block + static_cast<std::size_t>(k)], time)) << k;
        }
        for (std::uint64_t m = asleep; m != 0; m &= m - 1, ++sleeping)
          lastTime[first + block + static_cast<std::size_t>(std::countr_zero(m))] = time;
        due &= ~asleep;
      }
      while (due != 0) {
        const std::size_t agent = first + block + static_cast<std::size_t>(std::countr_zero(due));
        due &= due - 1;
        // NaN (never ticked) compares false: the frame's dt.
        const float dt = lastTime[agent] <= time ? static_cast<float>(time - lastTime[agent]) : job.frameDt;
        lastTime[agent] = time;
        TickResult result;
        if constexpr (kMaySleep) {
          double wakeTime = -std::numeric_limits<double>::infinity();
          result = tickOne(agent, time, dt, wakeTime);
          wake[agent] = wakeTime;
        } else {
          result = tickOne(agent, time, dt);
        }
        ++ticked;
        refused += !IsOk(result.status);
      }
    }
    begin += length;
  }
  job.ticked.fetch_add(ticked, std::memory_order_relaxed);
  job.refused.fetch_add(refused, std::memory_order_relaxed);
  job.sleeping.fetch_add(sleeping, std::memory_order_relaxed);
}

template <class TickOne>
CrowdTickResult Crowd::Tick(double time, float frameDt, TickOne&& tickOne, std::size_t budget,
                            ParallelFor parallel) {
  const std::size_t count = Plan(budget, time);
  Job job{this, const_cast<void*>(static_cast<const void*>(std::addressof(tickOne))), time, frameDt};
  if (count > 0) {
    if (parallel.run != nullptr) parallel.run(parallel.self, count, &RunRange<TickOne>, &job);
    else RunRange<TickOne>(&job, 0, count);
  }
  CrowdTickResult result;
  result.ticked = job.ticked.load(std::memory_order_relaxed);
  result.refused = job.refused.load(std::memory_order_relaxed);
  result.sleeping = job.sleeping.load(std::memory_order_relaxed);
  result.deferred = Finish(count, time);
  return result;
}

}  // namespace bt
