// bt/crowd/crowd.h — ticking many agents of one tree in a frame: level of detail,
// a frame budget, and threads through a "parallel for" the game provides.
//
// The crowd knows nothing of trees or blocks: it keeps, per agent (an index
// 0..Size()-1 into arrays the game owns), a tick interval and when it last
// ticked, and each call to Tick decides which agents are due and hands each to
// a per-agent tick of the game's (bt/crowd/ticks.h has ready ones for both
// ticks) with the time and the dt that agent should see.
//
// - Level of detail: an agent ticks every Interval() frames (1, 2, 4 ... 128),
//   settable at any time. Agents of one interval are spread over its phases
//   so each frame ticks as many: the agents whose interval changed since the
//   last Tick get their phases as that Tick starts, each phase ending with the
//   count it would have had if they had joined one by one, each the
//   least-filled phase; they are dealt in index order, runs of 64 neighbours
//   to a phase, so a frame's due agents lie in runs in the game's arrays.
// - dt: an agent's dt is the time since ITS previous tick (float(time - last)),
//   so a skipped agent sees the real elapsed time; its first tick gets the
//   frame's dt.
// - Frame budget: at most `budget` agents are ticked per call. When an
//   interval's phase falls due, all its agents become due; a budget takes them
//   phase by phase, the phases in the order they fell due, each in agent index
//   order, so what a budget left is ticked first by the next call and no agent
//   starves; the result counts them (`deferred`). A phase that falls due again
//   while still being ticked merges with its unfinished due. An agent that
//   changes phase (SetInterval, Join) is due when its new phase next falls due
//   (after that phase's unfinished due, if a budget left one).
// - Order: the call's agents are ticked window by window of kCrowdWindow agent
//   indices (so agents that share cache lines are ticked while the lines are
//   loaded), in each window phase by phase as above, each in agent order.
// - Threads: with a ParallelFor the agent indices are cut into ranges, each
//   agent ticked by one thread, at most once per call, so any thread count
//   gives each agent the same calls in the same order as one thread (given
//   agents whose ticks touch nothing shared).
// - Sleeping agents (bt/engine/sleep.h): a due agent whose last tick left it asleep is
//   skipped until its wake time, or until the game calls Wake(agent); a skip
//   counts as its tick for dt (its next dt is the time since the skipped frame,
//   as ticking it would have given) but not against the budget. The per-agent
//   tick learns the wake time when it takes a fourth argument, `double&
//   wakeTime`, to pass as TickOptions::wakeTime (bt/crowd/ticks.h's do); a tick
//   of three arguments never sleeps.
// - Cost: the agents are kept grouped by phase (an array of agent indices),
//   so a frame touches only its due agents: their index, and their own last
//   tick time only in a phase whose agents were not all ticked at one time
//   (4 or 12 bytes an agent; 27 kept per agent in all). A tickOne with a
//   Prefetch(std::size_t agent) member (bt/crowd/ticks.h's have one) is told
//   which agents come next where they are not in a row, so their data is on
//   its way when their turn comes.
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

#include "bt/core/tree.h"

namespace bt {

inline constexpr int kCrowdIntervalClasses = 8;                                // intervals 1, 2, 4 ... 128
inline constexpr int kCrowdMaxInterval = 1 << (kCrowdIntervalClasses - 1);  // 128
inline constexpr std::size_t kCrowdWindow = 1024;                           // agents: about 100 KB of game data

// Runs body(context, begin, end) on disjoint subranges that together cover
// [0, count) (the crowd's agent indices) exactly once — on any threads, in any
// order — and returns when all have run. The game's job system, or
// TbbParallelFor() (bt/crowd/tbb.h).
using CrowdRangeBody = void (*)(void* context, std::size_t begin, std::size_t end);
struct ParallelFor {
  void (*run)(void* self, std::size_t count, CrowdRangeBody body, void* context) = nullptr;  // null: this thread
  void* self = nullptr;
};

struct CrowdTickResult {
  std::size_t ticked = 0;    // agent ticks run by this call
  std::size_t refused = 0;   // of them, ticks whose status was not IsOk
  std::size_t deferred = 0;  // due agents awake left for the next call by the budget
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
  // `agents` members (at most 2^32 - 1), each at interval 1, never ticked. Allocates here only.
  explicit Crowd(std::size_t agents);

  std::size_t Size() const { return position_.size(); }
  // How many agents are members (not left) with this interval; 0 for an interval that is not a power of two <= 128.
  std::size_t CountAtInterval(int interval) const;

  // An agent's interval, rounded down to a power of two and clamped to
  // [1, kCrowdMaxInterval]; its phase in it is dealt at the next Tick (set back
  // before then, it keeps its phase). A member only; ignored for a bad index or
  // an agent that left.
  void SetInterval(std::size_t agent, int interval);
  int Interval(std::size_t agent) const;  // 0 if it left (or a bad index)

  // The agent is no longer ticked; its slot may be reused by Join.
  void Leave(std::size_t agent);
  // The slot becomes a member with the given state (from State() in another crowd,
  // perhaps another process). An interval of 0 joins at 1. Ignored for a bad index.
  void Join(std::size_t agent, const CrowdAgentState& state);
  // (Of an agent whose phase the next Tick deals: due in as many frames as the least-filled phase.)
  CrowdAgentState State(std::size_t agent) const;

  // The agent is due at its next frame even if asleep: for the game to call when
  // it changes anything the agent's tick reads (its flags, a stimulus, an event
  // sent to it: bt/engine/sleep.h). Ignored for a bad index. WakeAll: every agent, as
  // when flags shared by all change.
  void Wake(std::size_t agent);
  void WakeAll();
  // Until when the agent sleeps: -inf when awake (or a bad index), +inf until woken.
  double WakeTime(std::size_t agent) const;

  // One frame at `time` (never earlier than the last call's): ticks the agents
  // due and awake, at most `budget` of them (those deferred before chosen first),
  // calling tickOne(std::size_t agent, double time, float dt[, double& wakeTime])
  // -> TickResult for each (with wakeTime, -inf on entry, the agent may sleep);
  // on `parallel`'s threads when given. A tickOne that is trivially copyable
  // and callable as const is called through a copy (one per range of agents):
  // keep what it changes behind its pointers, not in its own members.
  template <class TickOne>
  CrowdTickResult Tick(double time, float frameDt, TickOne&& tickOne,
                       std::size_t budget = std::numeric_limits<std::size_t>::max(), ParallelFor parallel = {});

 private:
  static constexpr int kSegments = (1 << kCrowdIntervalClasses) - 1;  // one per (interval, phase)
  static constexpr std::uint8_t kAbsent = kSegments;                   // the agents that left
  // The buckets of positions: first the agents that left, then per segment s
  // two, WaitBucket(s) its agents not due (ticked in its current due, or
  // waiting for the next) and DueBucket(s) those due. The absent come first,
  // next to interval 1's segment where most agents are, so a leave or a join
  // there crosses one or two boundaries, not the hundreds of the empty
  // buckets of the long intervals.
  static constexpr int kBuckets = 2 * kSegments + 1;
  static constexpr int kAbsentBucket = 0;
  static constexpr int WaitBucket(int segment) { return 2 * segment + 1; }
  static constexpr int DueBucket(int segment) { return 2 * segment + 2; }
  // unsorted_'s index of a bucket's segment (kAbsentBucket's: 0).
  static constexpr int SortFlagOf(int bucket) { return (bucket + 1) / 2; }
  static constexpr std::size_t kPrefetchAhead = 8;  // agents: about a memory latency of ticks
  // Agents whose interval changed since the last Tick get their phases then, in
  // runs of this many neighbours (by index) a phase, so a frame's due agents lie
  // in runs in the game's arrays: about 6 KB of creatures-sized agents.
  static constexpr std::size_t kPhaseRun = 64;
  // newClass_ values besides an interval class: not in pending_; in it, but no change left.
  static constexpr std::uint8_t kNotPending = 0xFF;
  static constexpr std::uint8_t kNoChange = 0xFE;
  struct Job;
  // The dt of an agent that last ticked at `last`: NaN (never ticked) compares false, the frame's dt.
  static float DtSince(double last, double time, float frameDt) {
    return last <= time ? static_cast<float>(time - last) : frameDt;
  }
  // Whether an agent that sleeps until `wakeTime` is skipped at `time`.
  static bool Asleep(double wakeTime, double time) { return time < wakeTime; }
  std::size_t AwakeIn(const std::uint32_t* first, const std::uint32_t* last, double time) const;

  static int SegmentOf(int intervalClass, std::uint64_t phase) { return (1 << intervalClass) - 1 + static_cast<int>(phase); }
  std::size_t Members(int segment) const { return bucketStart_[DueBucket(segment) + 1] - bucketStart_[WaitBucket(segment)]; }
  std::size_t Due(int segment) const { return bucketStart_[DueBucket(segment) + 1] - bucketStart_[DueBucket(segment)]; }
  // The agent's interval class, its new one if it changed since the last Tick; -1 if it left.
  int ClassOf(std::size_t agent) const;
  int BucketOf(std::size_t agent) const;
  // Moves the agent into `bucket` (at its end nearest the agent's old bucket)
  // by one swap per bucket between: buckets keep their members, not their order
  // (the agents it moves are marked displaced_).
  // It keeps its last tick time.
  void MoveTo(std::size_t agent, int bucket);
  // An agent's last tick time, and setting it: its own, or its segment's while
  // the segment is uniform (every member last ticked at one time).
  double LastTime(std::size_t agent) const;
  void SetLastTime(std::size_t agent, double time);
  // Writes a uniform segment's time into its members' own; it is no longer uniform.
  void Disperse(int segment);
  void Swap(std::uint32_t a, std::uint32_t b);
  void SortBucket(int bucket);
  int LeastFilledPhase(int intervalClass) const;
  // The agent no longer waits for a phase in a new interval class (it keeps or takes another).
  void CancelNewClass(std::size_t agent);
  // Gives the agents whose interval changed since the last Tick their phases:
  // each class's phases end with the counts that joining one by one, each the
  // least-filled phase, would give; the agents go in index order, kPhaseRun at a time.
  void DealPhases();
  // Makes the phases falling due this frame due and lays out the call's runs,
  // oldest due first: at most `budget` agents awake at `time`, with the sleepers
  // among them (skipped); returns the runs' total length. `maySleep`: whether
  // the call's tick lets agents sleep (one that does not ticks every due agent).
  std::size_t Plan(std::size_t budget, double time, bool maySleep);
  // Marks the call's agents not due; returns how many due agents awake at `time` remain.
  std::size_t Finish(double time, bool maySleep);
  // Whether a call with this per-agent tick lets agents sleep: it takes the wake time.
  template <class TickOne>
  static constexpr bool kMaySleep = std::is_invocable_v<TickOne&, std::size_t, double, float, double&>;
  template <class TickOne>
  static void RunRange(void* job, std::size_t begin, std::size_t end);

  // By position: the agents, bucket after bucket, each bucket in agent order when due.
  std::vector<std::uint32_t> order_;
  // By segment: whether all its members last ticked at segmentTime_ (then their
  // own lastTime_ is not kept), as when each of its dues is ticked in one call:
  // a frame then reads no agent's own time.
  bool uniform_[kSegments] = {};
  double segmentTime_[kSegments] = {};
  // By agent: its position in order_, its last tick (NaN: never; see uniform_), until when it
  // sleeps (-inf: awake), its (interval, phase) segment or kAbsent, and its new
  // interval class while it waits for DealPhases (or kNotPending, kNoChange).
  std::vector<std::uint32_t> position_;
  std::vector<double> lastTime_, wakeTime_;
  std::vector<std::uint8_t> segment_, newClass_;
  // By agent: a move put it (or the agent it swapped with) where its bucket's
  // order may not hold; the next sort of its bucket takes it out and sorts it
  // back, whatever its neighbours.
  std::vector<std::uint8_t> displaced_;
  // The agents that wait for DealPhases (pendingAgents_ of them; sized for all, so nothing allocates).
  std::vector<std::uint32_t> pending_;
  std::size_t pendingAgents_ = 0;
  std::size_t members_[kCrowdIntervalClasses] = {};  // by interval class, new classes counted
  std::size_t bucketStart_[kBuckets + 1] = {};
  bool unsorted_[kSegments + 1] = {};  // by SortFlagOf: a move disturbed its buckets' agent order since its last sort
  // The segments with agents due, in the order they fell due; and for this call,
  // the runs: of each its first due agents (the lowest indices), run k being
  // runStart_[k + 1] - runStart_[k] long, runStart_[pendingCount_] the call's count.
  std::uint8_t pendingList_[kSegments] = {};
  int pendingCount_ = 0;
  std::size_t runStart_[kSegments + 1] = {};
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

// Ticks the call's agents whose indices are in [begin, end): window by window,
// in each the runs (sorted by agent) one after another.
template <class TickOne>
void Crowd::RunRange(void* context, std::size_t begin, std::size_t end) {
  Job& job = *static_cast<Job*>(context);
  Crowd& crowd = *job.crowd;
  using Functor = std::remove_reference_t<TickOne>;
  constexpr bool kTickMaySleep = kMaySleep<Functor>;
  // A tickOne that is trivially copyable and callable as const is called
  // through this range's own copy: its members (the game's array pointers)
  // then stay in registers from agent to agent, as a plain loop's locals do,
  // instead of being read again after every tick's stores.
  constexpr bool kCallCopy = std::is_trivially_copyable_v<Functor> &&
                             (kTickMaySleep ? std::is_invocable_v<const Functor&, std::size_t, double, float, double&>
                                            : std::is_invocable_v<const Functor&, std::size_t, double, float>);
  std::conditional_t<kCallCopy, const Functor, Functor&> tickOne = *static_cast<Functor*>(job.tickOne);
  const double time = job.time;
  const float frameDt = job.frameDt;
  double* const lastTime = crowd.lastTime_.data();
  double* const wakeTime = crowd.wakeTime_.data();
  std::size_t handled = 0, refused = 0, sleeping = 0;  // handled: ticked or skipped asleep
  // One agent, whose dt is `runDt` when its segment is `uniform` (else its own).
  // Inlined into both loops below, so the in-row one is the plain loop's.
  const auto tickAgent = [&](std::size_t agent, bool uniform, float runDt) __attribute__((always_inline)) {
    // A sleeper's skip stands for a tick at this time: it is its last tick for dt.
    if constexpr (kTickMaySleep) {
      if (Asleep(wakeTime[agent], time)) {
        if (!uniform) lastTime[agent] = time;
        ++sleeping;
        return;
      }
    }
    float dt = runDt;
    if (!uniform) {
      dt = DtSince(lastTime[agent], time, frameDt);
      lastTime[agent] = time;
    }
    TickResult result;
    if constexpr (kTickMaySleep) {
      double wake = -std::numeric_limits<double>::infinity();
      result = tickOne(agent, time, dt, wake);
      wakeTime[agent] = wake;
    } else {
      result = tickOne(agent, time, dt);
    }
    refused += !IsOk(result.status);
  };
  const int runs = crowd.pendingCount_;
  std::size_t next[kSegments];  // per run: its first agent not yet ticked here
  for (int k = 0; k < runs; ++k) {
    const std::uint32_t* run = crowd.order_.data() + crowd.bucketStart_[DueBucket(crowd.pendingList_[k])];
    next[k] = static_cast<std::size_t>(
        std::partition_point(run, run + (crowd.runStart_[k + 1] - crowd.runStart_[k]),
                             [begin](std::uint32_t agent) { return agent < begin; }) - run);
  }
  const std::size_t windowSize = runs > 1 ? kCrowdWindow : end - begin;  // one run: nothing to interleave
  for (std::size_t window = begin; window < end; window += windowSize) {
    const std::size_t windowEnd = std::min(end, window + windowSize);
    for (int k = 0; k < runs; ++k) {
      const std::uint32_t* run = crowd.order_.data() + crowd.bucketStart_[DueBucket(crowd.pendingList_[k])];
      const std::size_t length = crowd.runStart_[k + 1] - crowd.runStart_[k];
      const std::size_t from = next[k];
      const std::size_t to = static_cast<std::size_t>(
          std::partition_point(run + from, run + length, [windowEnd](std::uint32_t agent) { return agent < windowEnd; }) -
          run);
      if (from == to) continue;
      handled += to - from;
      const int segment = crowd.pendingList_[k];
      const bool uniform = crowd.uniform_[segment];
      const float runDt = DtSince(crowd.segmentTime_[segment], time, frameDt);
      const auto inRow = [run](std::size_t first, std::size_t last) { return run[last - 1] - run[first] == last - 1 - first; };
      for (std::size_t i = from; i < to;) {
        // Agents in a row, of a uniform segment: all the rest (at full rate), or the next kPhaseRun.
        const std::size_t rowEnd = uniform && inRow(i, to) ? to : std::min(to, i + kPhaseRun);
        if (uniform && inRow(i, rowEnd)) {
          // The plain loop's loop. The agents after it are on their way
          // meanwhile, where they do not go on in a row.
          if constexpr (requires { tickOne.Prefetch(std::size_t{}); })
            if (rowEnd < length && run[rowEnd] != run[rowEnd - 1] + 1)
              for (std::size_t q = rowEnd; q < std::min(length, rowEnd + kPrefetchAhead); ++q) tickOne.Prefetch(std::size_t{run[q]});
          for (std::size_t agent = run[i], last = agent + (rowEnd - i); agent < last; ++agent) tickAgent(agent, true, runDt);
          i = rowEnd;
          continue;
        }
        // The agent kPrefetchAhead on, where it is not in a row (the hardware prefetcher follows those).
        if (i + kPrefetchAhead < length && run[i + kPrefetchAhead] != run[i] + kPrefetchAhead) {
          const std::uint32_t ahead = run[i + kPrefetchAhead];
          if (!uniform) __builtin_prefetch(&lastTime[ahead], 1);
          if constexpr (requires { tickOne.Prefetch(std::size_t{}); }) tickOne.Prefetch(std::size_t{ahead});
        }
        tickAgent(run[i], uniform, runDt);
        ++i;
      }
      next[k] = to;
    }
  }
  job.ticked.fetch_add(handled - sleeping, std::memory_order_relaxed);
  job.refused.fetch_add(refused, std::memory_order_relaxed);
  job.sleeping.fetch_add(sleeping, std::memory_order_relaxed);
}

template <class TickOne>
CrowdTickResult Crowd::Tick(double time, float frameDt, TickOne&& tickOne, std::size_t budget,
                            ParallelFor parallel) {
  constexpr bool kTickMaySleep = kMaySleep<std::remove_reference_t<TickOne>>;
  const std::size_t count = Plan(budget, time, kTickMaySleep);
  Job job{this, const_cast<void*>(static_cast<const void*>(std::addressof(tickOne))), time, frameDt};
  if (count > 0) {
    if (parallel.run != nullptr) parallel.run(parallel.self, Size(), &RunRange<TickOne>, &job);
    else RunRange<TickOne>(&job, 0, Size());
  }
  CrowdTickResult result;
  result.ticked = job.ticked.load(std::memory_order_relaxed);
  result.refused = job.refused.load(std::memory_order_relaxed);
  result.sleeping = job.sleeping.load(std::memory_order_relaxed);
  result.deferred = Finish(time, kTickMaySleep);
  return result;
}

}  // namespace bt
