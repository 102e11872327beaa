// tests/crowd/crowd_test.cpp — bt::Crowd (bt/crowd/crowd.h): level of detail, the frame
// budget, threads and migration, and that a crowd tick is exactly ticking each
// agent alone at the same times.
//
// The walkers' tree uses time, dt and activeTime in every choice (hunger grows
// by dt, behaviors end after a while, a random group draws from the walker's
// generator), and every call folds what it was told into the walker's hash,
// so two walkers with equal hashes, call counts and blocks were given the same
// calls, in the same order, with the same arguments. Dozing walkers sleep
// (bt/engine/sleep.h): the crowd skips them, and the calls must still be the same.
//
// Index
//   [SECTION] the walkers and their tree — agents whose every call is folded into a hash, and the populations
//   [SECTION] as alone — a crowd tick is each agent ticked alone, with LOD, budgets, sleeps
//   [SECTION] phases and dt — staggering, new intervals, each agent's own dt
//   [SECTION] budgets — a frame budget defers the rest, oldest first
//   [SECTION] the ticks a crowd calls, and bad input — empty crowds, tick objects, nonsense from the game
//   [SECTION] leaving and joining — agents leaving and joining mid-run
//   [SECTION] threads — any number of threads gives the single-threaded results
//   [SECTION] migration — agents moved to another process, and migrants refused
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include <catch2/catch.hpp>
#include <tbb/task_arena.h>

#include "bt/bt.h"
#include "bt/engine/compiled_tick.h"
#include "bt/crowd/crowd.h"
#include "bt/crowd/migration.h"
#include "bt/crowd/tbb.h"
#include "bt/crowd/ticks.h"
#include "tests/support/walker_tree.h"

// =============================================================== [SECTION] the walkers and their tree

namespace {

using walkers::Walker;
using walkers::NextRandom;
using walkers::kBusy;
using walkers::WALKER_ROOT;

using Block = bt::MemoryFor<WALKER_ROOT>;
constexpr double kFrameDt = 1.0 / 30.0;

// A population: walkers and their blocks, in two arrays, or (strided) in one array of both.
struct Population {
  std::vector<Walker> walkers;
  std::vector<Block> blocks;
  explicit Population(std::size_t n) : walkers(n), blocks(n) {
    for (std::size_t i = 0; i < n; ++i) {
      walkers[i].rng = static_cast<std::uint32_t>(i * 2654435761u) | 1u;
      walkers[i].hunger = static_cast<float>(i % 5);
    }
  }
  bt::CrowdMembers<Walker> Members() { return bt::ContiguousMembers(walkers.data(), blocks.data()); }
};

// Whether agent i of `a` and of `b` were given the same calls and have the same block.
bool SameAgent(const Walker& wa, const Block& ba, const Walker& wb, const Block& bb) {
  return wa.calls == wb.calls && wa.hash == wb.hash && wa.rng == wb.rng &&
         std::memcmp(ba.bytes, bb.bytes, sizeof(Block)) == 0;
}

std::size_t CountDiffering(Population& a, Population& b) {
  std::size_t differ = 0;
  for (std::size_t i = 0; i < a.walkers.size(); ++i)
    differ += !SameAgent(a.walkers[i], a.blocks[i], b.walkers[i], b.blocks[i]);
  return differ;
}

// A tickOne that also records each agent's tick times.
template <class Inner>
struct Recording {
  Inner inner;
  std::vector<std::vector<double>>* times;
  bt::TickResult operator()(std::size_t i, double time, float dt) const {
    (*times)[i].push_back(time);
    return inner(i, time, dt);
  }
};

// The stimuli of agent i at a time: busy in some windows of 40 frames.
std::uint32_t StimuliAt(std::size_t i, double time) {
  const auto window = static_cast<std::uint32_t>(std::lround(time / kFrameDt)) / 40;
  return ((static_cast<std::uint32_t>(i) * 2654435761u) ^ (window * 40503u)) % 3 == 0 ? kBusy : 0;
}

// Ticks every agent alone at the times it was ticked at, dt the time since its
// previous tick (the frame's dt for its first), with StimuliAt when `stimuli`.
void TickAlone(Population& alone, const std::vector<std::vector<double>>& times, bool compiled, bool stimuli = false) {
  std::size_t refused = 0;  // counted, not REQUIREd per tick: millions of assertions are slow under ASan
  for (std::size_t i = 0; i < times.size(); ++i) {
    double last = std::nan("");
    for (double time : times[i]) {
      const float dt = std::isnan(last) ? static_cast<float>(kFrameDt) : static_cast<float>(time - last);
      last = time;
      const std::uint32_t flags = stimuli ? StimuliAt(i, time) : 0;
      const bt::TickResult r =
          compiled ? bt::TickBehaviorTreeCompiled<WALKER_ROOT>(alone.walkers[i], alone.blocks[i], time, dt, 0, flags)
                   : bt::TickBehaviorTree(WALKER_ROOT, alone.walkers[i], alone.blocks[i], time, dt, 0, flags);
      refused += !bt::IsOk(r.status);
    }
  }
  REQUIRE(refused == 0);
}

constexpr int kIntervals[] = {1, 2, 4, 8, 16};

// The crowd's tick of the exactness test: each walker with its own stimuli, recording its tick times.
struct StimulatedTick {
  Population* population;
  std::vector<std::vector<double>>* times;
  bt::TickResult operator()(std::size_t i, double time, float dt, double& wakeTime) const {
    (*times)[i].push_back(time);
    return bt::TickBehaviorTreeCompiled<WALKER_ROOT>(population->walkers[i], population->blocks[i], time, dt, 0,
                                                    StimuliAt(i, time), bt::TickOptions{.wakeTime = &wakeTime});
  }
};

}  // namespace

// =============================================================== [SECTION] as alone

TEST_CASE("a crowd ticks each agent as it would be ticked alone, with LOD changes, budgets and sleeps", "[crowd][sleep]") {
  // 10,000 agents, 1,000 frames; intervals change at random (a fiftieth of the
  // agents each frame) and every third frame has a budget of a random part of
  // what is due. Dozing agents sleep; the game wakes those whose stimuli change,
  // and a hundred others at random each frame. Alone, each agent is ticked at
  // every frame it was due, asleep or not.
  constexpr std::size_t kAgents = 10000;
  constexpr int kFrames = 1000;
  REQUIRE(bt::InitializeTreeData(WALKER_ROOT));
  Population crowdSide(kAgents), alone(kAgents);
  bt::Crowd crowd(kAgents);
  std::mt19937 random(17);
  // Per agent, the intervals it was given: (frame, interval), the first at frame -1.
  std::vector<std::vector<std::pair<int, int>>> intervals(kAgents);
  const auto setInterval = [&](std::size_t agent, int interval, int frame) {
    crowd.SetInterval(agent, interval);
    intervals[agent].emplace_back(frame, interval);
  };
  for (std::size_t i = 0; i < kAgents; ++i) setInterval(i, kIntervals[random() % 5], -1);
  std::vector<std::vector<double>> times(kAgents), due(kAgents);
  const StimulatedTick tickOne{&crowdSide, &times};
  std::size_t ticks = 0, sleeps = 0, deferredFrames = 0, deferred = 0, stimuliWakes = 0;
  for (int f = 0; f < kFrames; ++f) {
    const double time = f * kFrameDt;
    for (int k = 0; k < 200; ++k) {
      const std::size_t agent = random() % kAgents;
      setInterval(agent, kIntervals[random() % 5], f);
    }
    for (std::size_t i = 0; f > 0 && i < kAgents; ++i)
      if (StimuliAt(i, time) != StimuliAt(i, (f - 1) * kFrameDt)) crowd.Wake(i), ++stimuliWakes;
    for (int k = 0; k < 100; ++k) crowd.Wake(random() % kAgents);
    const std::size_t budget = f % 3 == 2 ? random() % 3000 : std::numeric_limits<std::size_t>::max();
    const bt::CrowdTickResult r = crowd.Tick(time, static_cast<float>(kFrameDt), tickOne, budget);
    REQUIRE(r.refused == 0);
    REQUIRE(r.ticked <= budget);
    // With no budget, nothing is left over.
    if (budget == std::numeric_limits<std::size_t>::max()) REQUIRE(r.deferred == 0);
    deferredFrames += r.deferred > 0;
    deferred = r.deferred;
    ticks += r.ticked;
    sleeps += r.sleeping;
    // The agents due this frame, ticked or asleep: their last tick is now.
    for (std::size_t i = 0; i < kAgents; ++i)
      if (crowd.State(i).lastTickTime == time) due[i].push_back(time);
  }
  CHECK(deferred == 0);
  CHECK(deferredFrames > 200);  // the budgets did bite
  CHECK(stimuliWakes > 1000);
  CHECK(sleeps > ticks / 10);  // many slept
  // No agent starved: the frames from one of its ticks to the next (from frame
  // -1 to its first) are at most its interval at the first, plus the interval
  // of each change up to the next (whose new phase may just have passed), plus
  // one for a budget (what one leaves is ticked on the next frame).
  std::size_t counted = 0, twiceInAFrame = 0, starved = 0;
  for (std::size_t i = 0; i < kAgents; ++i) {
    int previous = -1;
    for (const double t : due[i]) {
      const int frame = static_cast<int>(std::lround(t / kFrameDt));
      int bound = 1;
      for (const auto& [changed, interval] : intervals[i]) {
        if (changed <= previous) bound = interval + 1;  // the last one by then
        else if (changed <= frame) bound += interval;
      }
      starved += frame - previous > bound;
      previous = frame;
    }
  }
  std::size_t ticked = 0;
  for (const std::vector<double>& t : times) ticked += t.size();
  CHECK(ticked == ticks);
  for (const std::vector<double>& t : due) {
    counted += t.size();
    REQUIRE(!t.empty());
    for (std::size_t k = 1; k < t.size(); ++k) twiceInAFrame += !(t[k] > t[k - 1]);
  }
  CHECK(counted == ticks + sleeps);
  CHECK(twiceInAFrame == 0);
  CHECK(starved == 0);
  TickAlone(alone, due, true, true);
  // A block is as ticking would have left it, but for the last tick time an agent asleep at the end did not write.
  for (std::size_t i = 0; i < kAgents; ++i)
    reinterpret_cast<bt::MemoryHeader*>(alone.blocks[i].bytes)->lastTime =
        reinterpret_cast<const bt::MemoryHeader*>(crowdSide.blocks[i].bytes)->lastTime;
  CHECK(CountDiffering(crowdSide, alone) == 0);
}

TEST_CASE("a crowd over the interpreted tick and strided blocks ticks as alone", "[crowd]") {
  struct Entity {
    Walker walker;
    Block block;
  };
  constexpr std::size_t kAgents = 500;
  REQUIRE(bt::InitializeTreeData(WALKER_ROOT));
  Population seeds(kAgents), alone(kAgents);
  std::vector<Entity> entities(kAgents);
  for (std::size_t i = 0; i < kAgents; ++i) entities[i].walker = seeds.walkers[i];
  const bt::CrowdMembers<Walker> members{&entities[0].walker, sizeof(Entity), entities[0].block.bytes,
                                         sizeof(Entity), sizeof(Block)};
  bt::Crowd crowd(kAgents);
  std::mt19937 random(3);
  std::vector<std::vector<double>> times(kAgents);
  const Recording<bt::InterpretedCrowdTick<Walker>> tickOne{bt::MakeInterpretedCrowdTick(WALKER_ROOT, members), &times};
  for (int f = 0; f < 300; ++f) {
    for (int k = 0; k < 20; ++k) crowd.SetInterval(random() % kAgents, kIntervals[random() % 5]);
    const bt::CrowdTickResult r = crowd.Tick(f * kFrameDt, static_cast<float>(kFrameDt), tickOne, 200);
    REQUIRE(r.refused == 0);
  }
  TickAlone(alone, times, false);
  std::size_t differ = 0;
  for (std::size_t i = 0; i < kAgents; ++i)
    differ += !SameAgent(entities[i].walker, entities[i].block, alone.walkers[i], alone.blocks[i]);
  CHECK(differ == 0);
}

// =============================================================== [SECTION] phases and dt

TEST_CASE("a crowd staggers the agents of one interval over its frames", "[crowd]") {
  constexpr std::size_t kAgents = 1000;
  bt::Crowd crowd(kAgents);
  for (std::size_t i = 0; i < kAgents; ++i) crowd.SetInterval(i, i < 100 ? 1 : i < 400 ? 2 : 8);
  CHECK(crowd.CountAtInterval(1) == 100);
  CHECK(crowd.CountAtInterval(2) == 300);
  CHECK(crowd.CountAtInterval(8) == 600);
  CHECK(crowd.CountAtInterval(3) == 0);
  const auto count = [](std::size_t, double, float) { return bt::TickResult{bt::Status::Running, nullptr}; };
  // 100 + 150 + 75 every frame: the same cost each frame.
  for (int f = 0; f < 16; ++f) CHECK(crowd.Tick(f, 1, count).ticked == 325);
  // Intervals round down to a power of two and are clamped.
  crowd.SetInterval(0, 6);
  CHECK(crowd.Interval(0) == 4);
  crowd.SetInterval(0, 1000);
  CHECK(crowd.Interval(0) == bt::kCrowdMaxInterval);
  crowd.SetInterval(0, -3);
  CHECK(crowd.Interval(0) == 1);
  CHECK(crowd.Interval(kAgents) == 0);
}

TEST_CASE("agents whose interval changed get their phases at the next Tick, in runs of neighbours", "[crowd]") {
  constexpr std::size_t kAgents = 1024;
  bt::Crowd crowd(kAgents);
  for (std::size_t i = 0; i < kAgents; ++i) crowd.SetInterval(i, 8);
  // Known before the Tick that deals them their phases.
  CHECK(crowd.Interval(5) == 8);
  CHECK(crowd.CountAtInterval(8) == kAgents);
  CHECK(crowd.CountAtInterval(1) == 0);
  std::vector<std::size_t> seen;
  const auto record = [&](std::size_t agent, double, float) {
    seen.push_back(agent);
    return bt::TickResult{bt::Status::Running, nullptr};
  };
  // 128 a phase, dealt 64 neighbours at a time: phase p is agents 64p.. and 512 + 64p..
  for (int f = 0; f < 16; ++f) {
    seen.clear();
    CHECK(crowd.Tick(f, 1, record).ticked == 128);
    std::vector<std::size_t> expected;
    for (std::size_t base : {std::size_t{0}, std::size_t{512}})
      for (std::size_t k = 0; k < 64; ++k) expected.push_back(base + 64 * static_cast<std::size_t>(f % 8) + k);
    CHECK(seen == expected);
  }
  // One agent changed alone takes the least-filled phase, as joining one by one
  // would: 700 leaves phase 2 for interval 4, whose phases are empty, so 0.
  crowd.SetInterval(700, 4);
  // Changed there and back before a Tick: it keeps its phase (phase 1, due on frames 8k + 1).
  crowd.SetInterval(70, 2);
  crowd.SetInterval(70, 8);
  CHECK(crowd.CountAtInterval(8) == kAgents - 1);
  CHECK(crowd.CountAtInterval(4) == 1);
  CHECK(crowd.CountAtInterval(2) == 0);
  std::vector<std::size_t> frames700, frames70;
  for (int f = 16; f < 32; ++f) {
    seen.clear();
    (void)crowd.Tick(f, 1, record);
    if (std::count(seen.begin(), seen.end(), 700)) frames700.push_back(static_cast<std::size_t>(f));
    if (std::count(seen.begin(), seen.end(), 70)) frames70.push_back(static_cast<std::size_t>(f));
  }
  CHECK(frames700 == std::vector<std::size_t>{16, 20, 24, 28});
  CHECK(frames70 == std::vector<std::size_t>{17, 25});
}

TEST_CASE("agents joined with their own last tick time, or cut by a budget, get their own dt", "[crowd]") {
  bt::Crowd crowd(3);
  std::vector<std::pair<std::size_t, float>> seen;
  const auto record = [&](std::size_t agent, double, float dt) {
    seen.emplace_back(agent, dt);
    return bt::TickResult{bt::Status::Running, nullptr};
  };
  (void)crowd.Tick(0, 0.25f, record);
  (void)crowd.Tick(1, 0.25f, record);
  // Agent 1 comes back as if it last ticked at 0.5, agent 2 as never ticked.
  bt::CrowdAgentState state = crowd.State(1);
  CHECK(state.lastTickTime == 1);
  state.lastTickTime = 0.5;
  crowd.Leave(1);
  crowd.Join(1, state);
  crowd.Leave(2);
  crowd.Join(2, bt::CrowdAgentState{});
  CHECK(crowd.State(0).lastTickTime == 1);
  CHECK(crowd.State(1).lastTickTime == 0.5);
  CHECK(std::isnan(crowd.State(2).lastTickTime));
  seen.clear();
  (void)crowd.Tick(2, 0.25f, record);
  CHECK(seen == std::vector<std::pair<std::size_t, float>>{{0, 1.0f}, {1, 1.5f}, {2, 0.25f}});
  // A budget ticks two at 3; the third, at 4, is the due left (the dues merge); the two at 5.
  seen.clear();
  (void)crowd.Tick(3, 0.25f, record, 2);
  (void)crowd.Tick(4, 0.25f, record);
  CHECK(crowd.State(0).lastTickTime == 3);
  CHECK(crowd.State(2).lastTickTime == 4);
  (void)crowd.Tick(5, 0.25f, record);
  (void)crowd.Tick(6, 0.25f, record);
  CHECK(seen == std::vector<std::pair<std::size_t, float>>{
                    {0, 1.0f}, {1, 1.0f}, {2, 2.0f}, {0, 2.0f}, {1, 2.0f}, {2, 1.0f}, {0, 1.0f}, {1, 1.0f}, {2, 1.0f}});
}

TEST_CASE("a skipped agent's dt is the time since its last tick", "[crowd]") {
  bt::Crowd crowd(3);
  crowd.SetInterval(1, 4);
  crowd.SetInterval(2, 2);
  std::vector<std::pair<std::size_t, float>> seen;
  const auto record = [&](std::size_t agent, double, float dt) {
    seen.emplace_back(agent, dt);
    return bt::TickResult{bt::Status::Running, nullptr};
  };
  // Frames at irregular times: 0, 0.5, 1.5, 1.75, 3.
  const double times[] = {0, 0.5, 1.5, 1.75, 3};
  for (double t : times) (void)crowd.Tick(t, 0.25f, record);
  // In each frame interval by interval, shortest first (the order their phases fall due).
  const std::vector<std::pair<std::size_t, float>> expected = {
      {0, 0.25f}, {2, 0.25f}, {1, 0.25f},  // first ticks: the frame's dt
      {0, 0.5f},                            // 0.5
      {0, 1.0f}, {2, 1.5f},                 // 1.5
      {0, 0.25f},                           // 1.75
      {0, 1.25f}, {2, 1.5f}, {1, 3.0f}};    // 3
  CHECK(seen == expected);
}

// =============================================================== [SECTION] budgets

TEST_CASE("a frame budget defers the rest to the next call, oldest first", "[crowd]") {
  bt::Crowd crowd(10);
  std::vector<std::size_t> order;
  const auto record = [&](std::size_t agent, double, float) {
    order.push_back(agent);
    return bt::TickResult{agent == 7 ? bt::Status::CorruptMemory : bt::Status::Running, nullptr};
  };
  bt::CrowdTickResult r = crowd.Tick(0, 1, record, 4);
  CHECK(r.ticked == 4);
  CHECK(r.deferred == 6);
  CHECK(order == std::vector<std::size_t>{0, 1, 2, 3});
  order.clear();
  // The six left first. Their phase falls due again while still being swept:
  // the two dues merge, so an agent is never ticked twice in a call.
  r = crowd.Tick(1, 1, record, 8);
  CHECK(r.ticked == 6);
  CHECK(r.refused == 1);
  CHECK(r.deferred == 0);
  CHECK(order == std::vector<std::size_t>{4, 5, 6, 7, 8, 9});
  order.clear();
  r = crowd.Tick(2, 1, record, 0);
  CHECK(r.ticked == 0);
  CHECK(r.deferred == 10);
  r = crowd.Tick(3, 1, record, 0);
  CHECK(r.deferred == 10);  // merged again
  r = crowd.Tick(4, 1, record);  // the due left since frame 2, whole
  CHECK(r.ticked == 10);
  CHECK(r.deferred == 0);
  CHECK(order == std::vector<std::size_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
  order.clear();
  r = crowd.Tick(5, 1, record, 3);
  CHECK(order == std::vector<std::size_t>{0, 1, 2});
  CHECK(r.deferred == 7);
  crowd.SetInterval(1, 2);  // phase 0: even frames
  crowd.SetInterval(5, 2);  // phase 1: odd frames
  CHECK(crowd.Interval(1) == 2);
  CHECK(crowd.Interval(5) == 2);
  order.clear();
  // The rest of frame 5's due (3..9, without 5 now), then 1, due on frame 6 in its new phase.
  r = crowd.Tick(6, 1, record);
  CHECK(r.deferred == 0);
  CHECK(order == std::vector<std::size_t>{3, 4, 6, 7, 8, 9, 1});
  order.clear();
  (void)crowd.Tick(7, 1, record);
  CHECK(order == std::vector<std::size_t>{0, 2, 3, 4, 6, 7, 8, 9, 5});
  order.clear();
  (void)crowd.Tick(8, 1, record);
  CHECK(order == std::vector<std::size_t>{0, 2, 3, 4, 6, 7, 8, 9, 1});
}

// =============================================================== [SECTION] the ticks a crowd calls, and bad input

TEST_CASE("an empty crowd ticks nothing", "[crowd]") {
  bt::Crowd crowd(0);
  int calls = 0;
  const auto count = [&](std::size_t, double, float) {
    ++calls;
    return bt::TickResult{bt::Status::Running, nullptr};
  };
  for (int f = 0; f < 3; ++f) {
    const bt::CrowdTickResult r = crowd.Tick(f, 1, count, 5);
    CHECK(r.ticked == 0);
    CHECK(r.deferred == 0);
  }
  CHECK(calls == 0);
  CHECK(crowd.CountAtInterval(1) == 0);
  crowd.SetInterval(0, 2);  // no such agent: ignored
  CHECK(crowd.Interval(0) == 0);
}

namespace {
// Counts its calls in itself: callable only as non-const, so the crowd calls this object.
struct CountingTick {
  int calls = 0;
  bt::TickResult operator()(std::size_t, double, float) {
    ++calls;
    return {bt::Status::Running, nullptr};
  }
};
// Callable as const and trivially copyable: the crowd may call a copy; it reports which object it is.
struct WhereTick {
  const void** called;
  bt::TickResult operator()(std::size_t, double, float) const {
    *called = this;
    return {bt::Status::Running, nullptr};
  }
};
}  // namespace

TEST_CASE("a crowd calls a tick that changes itself, and may call a copy of one that cannot", "[crowd]") {
  bt::Crowd crowd(3);
  CountingTick counting;
  CHECK(crowd.Tick(0, 1, counting).ticked == 3);
  CHECK(crowd.Tick(1, 1, counting).ticked == 3);
  CHECK(counting.calls == 6);  // not a copy's

  const void* called = nullptr;
  const WhereTick where{&called};
  CHECK(crowd.Tick(2, 1, where).ticked == 3);
  CHECK(called != nullptr);
  CHECK(called != &where);  // the range's own copy, whose members stay in registers
  // The ready ticks (bt/crowd/ticks.h) are such ticks.
  static_assert(std::is_trivially_copyable_v<bt::InterpretedCrowdTick<Walker>>);
}

TEST_CASE("a crowd given nonsense by the game does something defined with it", "[crowd][sleep]") {
  bt::Crowd crowd(3);
  struct Call {
    std::size_t agent;
    double time;
    float dt;
  };
  std::vector<Call> calls;
  const auto tick = [&](std::size_t agent, double time, float dt, double& wakeTime) {
    calls.push_back({agent, time, dt});
    if (agent == 0) wakeTime = std::numeric_limits<double>::infinity();  // sleeps until woken
    return bt::TickResult{bt::Status::Running, nullptr};
  };
  // States no crowd wrote: an interval past the largest, a negative one, a negative
  // dueIn, last tick times at either infinity, a wake time that is not a time.
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  constexpr double kInf = std::numeric_limits<double>::infinity();
  crowd.Join(1, {-kInf, 1000, -7, kNaN});
  crowd.Join(2, {kInf, -3, 5, kNaN});
  CHECK(crowd.Interval(1) == bt::kCrowdMaxInterval);
  CHECK(crowd.Interval(2) == 1);
  CHECK(crowd.State(1).dueIn == 121);  // -7 frames, modulo 128
  CHECK(crowd.WakeTime(2) == -kInf);   // NaN: awake
  crowd.SetInterval(0, 3);
  CHECK(crowd.Interval(0) == 2);  // rounded down to a power of two
  crowd.SetInterval(0, 0);
  CHECK(crowd.Interval(0) == 1);
  // Agents that do not exist: ignored, or the answer for "not a member".
  crowd.SetInterval(99, 2);
  crowd.Wake(99);
  crowd.Join(99, {});
  CHECK(crowd.Interval(99) == 0);
  CHECK(crowd.WakeTime(99) == -kInf);
  CHECK(std::isnan(crowd.State(99).lastTickTime));
  // A budget of nothing defers every agent due.
  bt::CrowdTickResult r = crowd.Tick(10, 0.5f, tick, 0);
  CHECK(r.ticked == 0);
  CHECK(r.deferred == 2);
  CHECK(calls.empty());
  // Time going backwards, and last tick times that are not before it: the frame's dt.
  r = crowd.Tick(9, 0.5f, tick);
  CHECK(r.ticked == 2);
  REQUIRE(calls.size() == 2);
  CHECK((calls[0].agent == 0 && calls[0].time == 9 && calls[0].dt == 0.5f));
  CHECK((calls[1].agent == 2 && calls[1].time == 9 && calls[1].dt == 0.5f));
  CHECK(crowd.WakeTime(0) == kInf);
  // A time that is not a time: no sleeper is asleep at it (the tick itself refuses it
  // as BadTime), and every dt is the frame's.
  r = crowd.Tick(kNaN, 0.25f, tick);
  CHECK(r.ticked == 2);
  CHECK(r.sleeping == 0);
  REQUIRE(calls.size() == 4);
  CHECK((calls[2].agent == 0 && std::isnan(calls[2].time) && calls[2].dt == 0.25f));
  CHECK((calls[3].agent == 2 && std::isnan(calls[3].time) && calls[3].dt == 0.25f));
  // Then the next frame at a time again: the sleeper sleeps; the last tick times are NaN, so the frame's dt.
  r = crowd.Tick(12, 0.125f, tick);
  CHECK(r.ticked == 1);
  CHECK(r.sleeping == 1);
  REQUIRE(calls.size() == 5);
  CHECK((calls[4].agent == 2 && calls[4].time == 12 && calls[4].dt == 0.125f));
}

TEST_CASE("a tick that cannot sleep ticks an agent joined asleep, within the budget", "[crowd][sleep]") {
  bt::Crowd crowd(2);
  crowd.Join(0, {0, 1, 0, 100});  // asleep until 100, from another crowd
  std::vector<std::size_t> order;
  const auto tick = [&](std::size_t agent, double, float) {  // three arguments: never sleeps
    order.push_back(agent);
    return bt::TickResult{bt::Status::Running, nullptr};
  };
  bt::CrowdTickResult r = crowd.Tick(1, 0.5f, tick, 1);
  CHECK(r.ticked == 1);
  CHECK(r.sleeping == 0);
  CHECK(r.deferred == 1);
  r = crowd.Tick(1.5, 0.5f, tick, 1);  // the deferred agent; the phase's new due merges with it
  CHECK(r.ticked == 1);
  CHECK(r.deferred == 0);
  CHECK(order == std::vector<std::size_t>{0, 1});
}

// =============================================================== [SECTION] leaving and joining

TEST_CASE("leaving and joining a crowd", "[crowd]") {
  bt::Crowd crowd(4);
  crowd.SetInterval(3, 2);
  std::vector<std::size_t> order;
  const auto record = [&](std::size_t agent, double, float) {
    order.push_back(agent);
    return bt::TickResult{bt::Status::Running, nullptr};
  };
  (void)crowd.Tick(0, 1, record);
  const bt::CrowdAgentState state = crowd.State(3);
  CHECK(state.lastTickTime == 0);
  CHECK(state.interval == 2);
  CHECK(state.dueIn == 1);
  crowd.Leave(3);
  crowd.Leave(1);
  CHECK(crowd.Interval(1) == 0);
  crowd.SetInterval(1, 4);  // ignored: not a member
  CHECK(crowd.Interval(1) == 0);
  order.clear();
  (void)crowd.Tick(1, 1, record);
  (void)crowd.Tick(2, 1, record);
  CHECK(order == std::vector<std::size_t>{0, 2, 0, 2});
  crowd.Join(1, state);  // due in one frame, as it was
  order.clear();
  (void)crowd.Tick(3, 1, record);
  (void)crowd.Tick(4, 1, record);
  CHECK(order == std::vector<std::size_t>{0, 2, 0, 2, 1});  // intervals of 1 first
}

// =============================================================== [SECTION] threads

namespace {

// The parallel fors under test: chunks of 7 run backwards on this thread, and std::threads.
void Backwards(void*, std::size_t count, bt::CrowdRangeBody body, void* context) {
  for (std::size_t end = count; end > 0;) {
    const std::size_t begin = end > 7 ? end - 7 : 0;
    body(context, begin, end);
    end = begin;
  }
}
void Threads(void* self, std::size_t count, bt::CrowdRangeBody body, void* context) {
  const std::size_t n = *static_cast<std::size_t*>(self);
  std::vector<std::thread> threads;
  for (std::size_t k = 0; k < n; ++k)
    threads.emplace_back([=] { body(context, count * k / n, count * (k + 1) / n); });
  for (std::thread& t : threads) t.join();
}

struct RunResult {
  std::vector<bt::CrowdTickResult> frames;
};

// A crowd run of `population` with LOD changes and budgets, through `parallel` (inside `arena` if given).
RunResult RunCrowd(Population& population, bt::ParallelFor parallel, tbb::task_arena* arena = nullptr) {
  const std::size_t n = population.walkers.size();
  bt::Crowd crowd(n);
  std::mt19937 random(5);
  RunResult run;
  const auto tickOne = bt::MakeCompiledCrowdTick<WALKER_ROOT>(population.Members());
  for (int f = 0; f < 200; ++f) {
    for (int k = 0; k < 50; ++k) crowd.SetInterval(random() % n, kIntervals[random() % 5]);
    const std::size_t budget = f % 4 == 3 ? random() % 1500 : std::numeric_limits<std::size_t>::max();
    const auto tick = [&] { return crowd.Tick(f * kFrameDt, static_cast<float>(kFrameDt), tickOne, budget, parallel); };
    if (arena != nullptr) run.frames.push_back(arena->execute(tick));
    else run.frames.push_back(tick());
  }
  return run;
}

bool SameFrames(const RunResult& a, const RunResult& b) {
  return std::equal(a.frames.begin(), a.frames.end(), b.frames.begin(), b.frames.end(),
                    [](const bt::CrowdTickResult& x, const bt::CrowdTickResult& y) {
                      return x.ticked == y.ticked && x.refused == y.refused && x.deferred == y.deferred &&
                             x.sleeping == y.sleeping;
                    });
}

}  // namespace

TEST_CASE("a crowd on any number of threads gives the single-threaded results", "[crowd][threads]") {
  constexpr std::size_t kAgents = 3000;
  REQUIRE(bt::InitializeTreeData(WALKER_ROOT));
  Population single(kAgents);
  const RunResult expected = RunCrowd(single, {});
  {
    Population backwards(kAgents);
    CHECK(SameFrames(RunCrowd(backwards, {&Backwards, nullptr}), expected));
    CHECK(CountDiffering(backwards, single) == 0);
  }
  for (std::size_t threads : {2u, 3u, 4u}) {
    Population threaded(kAgents);
    std::size_t n = threads;
    INFO("std::thread x " << threads);
    CHECK(SameFrames(RunCrowd(threaded, {&Threads, &n}), expected));
    CHECK(CountDiffering(threaded, single) == 0);
  }
  for (int threads : {1, 2}) {  // more than the cores gets a warning from TBB
    Population tbbSide(kAgents);
    tbb::task_arena arena(threads);
    INFO("TBB arena of " << threads);
    CHECK(SameFrames(RunCrowd(tbbSide, bt::TbbParallelFor<64>(), &arena), expected));
    CHECK(CountDiffering(tbbSide, single) == 0);
  }
}

// =============================================================== [SECTION] migration

namespace {

// Writes or reads all of `bytes` through a pipe end.
bool WriteAll(int fd, const void* data, std::size_t size) {
  const char* p = static_cast<const char*>(data);
  while (size > 0) {
    const ssize_t n = write(fd, p, size);
    if (n <= 0) return false;
    p += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}
bool ReadAll(int fd, void* data, std::size_t size) {
  char* p = static_cast<char*>(data);
  while (size > 0) {
    const ssize_t n = read(fd, p, size);
    if (n <= 0) return false;
    p += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

constexpr std::size_t kMigrationAgents = 2000;
constexpr int kMigrationFrames = 400;

void MigrationFrames(bt::Crowd& crowd, Population& population, int from, int to) {
  const auto tickOne = bt::MakeCompiledCrowdTick<WALKER_ROOT>(population.Members());
  for (int f = from; f < to; ++f) (void)crowd.Tick(f * kFrameDt, static_cast<float>(kFrameDt), tickOne);
}

void SetMigrationIntervals(bt::Crowd& crowd) {
  for (std::size_t i = 0; i < kMigrationAgents; ++i) crowd.SetInterval(i, kIntervals[i % 4]);
}

// The second process: takes in the migrants, runs the rest of the frames, and
// sends back each one's walker and block. Returns the exit code.
int SecondProcess(int in, int out) {
  Population population(kMigrationAgents);
  bt::Crowd crowd(kMigrationAgents);
  for (std::size_t i = 0; i < kMigrationAgents; ++i) crowd.Leave(i);
  std::vector<std::byte> migrant(bt::MigrantBytesFor(WALKER_ROOT));
  std::uint64_t count = 0;
  if (!ReadAll(in, &count, sizeof count)) return 2;
  std::vector<std::uint64_t> ids;
  for (std::uint64_t k = 0; k < count; ++k) {
    std::uint64_t id = 0;
    if (!ReadAll(in, &id, sizeof id) || !ReadAll(in, &population.walkers[id], sizeof(Walker)) ||
        !ReadAll(in, migrant.data(), migrant.size()))
      return 3;
    if (bt::Immigrate(WALKER_ROOT, crowd, id, migrant, population.blocks[id].Span()).status != bt::Status::Done) return 4;
    ids.push_back(id);
  }
  MigrationFrames(crowd, population, kMigrationFrames / 2, kMigrationFrames);
  for (std::uint64_t id : ids)
    if (!WriteAll(out, &population.walkers[id], sizeof(Walker)) ||
        !WriteAll(out, population.blocks[id].bytes, sizeof(Block)))
      return 5;
  return 0;
}

}  // namespace

TEST_CASE("half a crowd migrates to another process mid-run and continues exactly", "[crowd]") {
  REQUIRE(bt::InitializeTreeData(WALKER_ROOT));
  // The unmigrated run.
  Population whole(kMigrationAgents);
  {
    bt::Crowd crowd(kMigrationAgents);
    SetMigrationIntervals(crowd);
    MigrationFrames(crowd, whole, 0, kMigrationFrames);
  }
  // The same, with the odd agents moved to a second process halfway.
  Population here(kMigrationAgents);
  bt::Crowd crowd(kMigrationAgents);
  SetMigrationIntervals(crowd);
  MigrationFrames(crowd, here, 0, kMigrationFrames / 2);
  int toChild[2], fromChild[2];
  REQUIRE(pipe(toChild) == 0);
  REQUIRE(pipe(fromChild) == 0);
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    close(toChild[1]);
    close(fromChild[0]);
    _exit(SecondProcess(toChild[0], fromChild[1]));
  }
  close(toChild[0]);
  close(fromChild[1]);
  std::vector<std::byte> migrant(bt::MigrantBytesFor(WALKER_ROOT));
  REQUIRE(migrant.size() == bt::kMigrantHeaderBytes + sizeof(Block));
  const std::uint64_t count = kMigrationAgents / 2;
  REQUIRE(WriteAll(toChild[1], &count, sizeof count));
  for (std::uint64_t id = 1; id < kMigrationAgents; id += 2) {
    const bt::SaveResult saved = bt::Emigrate(WALKER_ROOT, crowd, id, here.blocks[id].Span(), migrant);
    REQUIRE(saved.status == bt::Status::Done);
    REQUIRE(saved.bytes == migrant.size());
    REQUIRE(crowd.Interval(id) == 0);
    REQUIRE(WriteAll(toChild[1], &id, sizeof id));
    REQUIRE(WriteAll(toChild[1], &here.walkers[id], sizeof(Walker)));
    REQUIRE(WriteAll(toChild[1], migrant.data(), migrant.size()));
    here.walkers[id] = Walker{};  // gone from here
    here.blocks[id] = Block{};
  }
  close(toChild[1]);
  MigrationFrames(crowd, here, kMigrationFrames / 2, kMigrationFrames);
  for (std::uint64_t id = 1; id < kMigrationAgents; id += 2) {
    REQUIRE(ReadAll(fromChild[0], &here.walkers[id], sizeof(Walker)));
    REQUIRE(ReadAll(fromChild[0], here.blocks[id].bytes, sizeof(Block)));
  }
  close(fromChild[0]);
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(CountDiffering(here, whole) == 0);
  // Mid-behavior indeed: most agents were in a behavior with some time to run when they left.
  CHECK(here.walkers[1].calls > 100);
}

TEST_CASE("a migrant is refused by another tree and in the wrong size", "[crowd]") {
  REQUIRE(bt::InitializeTreeData(WALKER_ROOT));
  Population population(2);
  bt::Crowd crowd(2);
  (void)crowd.Tick(0, static_cast<float>(kFrameDt), bt::MakeCompiledCrowdTick<WALKER_ROOT>(population.Members()));
  std::vector<std::byte> migrant(bt::MigrantBytesFor(WALKER_ROOT));
  std::vector<std::byte> small(migrant.size() - 1);
  CHECK(bt::Emigrate(WALKER_ROOT, crowd, 0, population.blocks[0].Span(), small).status == bt::Status::MemoryTooSmall);
  CHECK(crowd.Interval(0) == 1);  // still a member
  REQUIRE(bt::Emigrate(WALKER_ROOT, crowd, 0, population.blocks[0].Span(), migrant).status == bt::Status::Done);
  CHECK(bt::Emigrate(WALKER_ROOT, crowd, 0, population.blocks[0].Span(), migrant).status == bt::Status::BadSave);
  CHECK(bt::Immigrate(WALKER_ROOT, crowd, 0, std::span(migrant).first(migrant.size() - 1), population.blocks[0].Span()).status ==
        bt::Status::BadSave);
  CHECK(bt::Immigrate(WALKER_ROOT, crowd, 2, migrant, population.blocks[0].Span()).status == bt::Status::BadSave);
  migrant[bt::kMigrantHeaderBytes] ^= std::byte{1};  // the tree stamp
  CHECK(bt::Immigrate(WALKER_ROOT, crowd, 0, migrant, population.blocks[0].Span()).status == bt::Status::MemoryFromOtherTree);
  CHECK(crowd.Interval(0) == 0);
}

TEST_CASE("a migrant restored in place, its block where its header arrived, keeps its crowd state", "[crowd][migrant]") {
  REQUIRE(bt::InitializeTreeData(WALKER_ROOT));
  Population population(1);
  bt::Crowd crowd(1);
  (void)crowd.Tick(100, static_cast<float>(kFrameDt), bt::MakeCompiledCrowdTick<WALKER_ROOT>(population.Members()));
  const Block left = population.blocks[0];
  const bt::CrowdAgentState state = crowd.State(0);
  REQUIRE(state.lastTickTime == 100);
  // The game's receive buffer is the block: the migrant arrives at its start.
  bt::Memory<bt::kMigrantHeaderBytes + sizeof(Block)> buffer{};
  REQUIRE(bt::Emigrate(WALKER_ROOT, crowd, 0, population.blocks[0].Span(), buffer.Span()).status == bt::Status::Done);
  bt::Crowd there(1);
  REQUIRE(bt::Immigrate(WALKER_ROOT, there, 0, buffer.Span(), buffer.Span()).status == bt::Status::Done);
  CHECK(std::memcmp(buffer.bytes, left.bytes, sizeof(Block)) == 0);
  const bt::CrowdAgentState arrived = there.State(0);
  CHECK(arrived.lastTickTime == state.lastTickTime);
  CHECK(arrived.interval == state.interval);
  CHECK(arrived.dueIn == state.dueIn);
  CHECK(arrived.wakeTime == state.wakeTime);
  // Its first dt is the time since its last tick (at 100), not the frame's, nor
  // one read from the block's bytes (its tree stamp and generator: about 0).
  there.Wake(0);
  std::vector<float> dts;
  (void)there.Tick(100 + kFrameDt, 0.5f, [&dts](std::size_t, double, float dt) {
    dts.push_back(dt);
    return bt::TickResult{bt::Status::Running, nullptr};
  });
  CHECK(dts == std::vector<float>{static_cast<float>((100 + kFrameDt) - 100)});
}

namespace {
struct MigrantRefusals {
  std::vector<std::string> lines;
  static void Hook(const bt::Refusal& r, void* self) {
    static_cast<MigrantRefusals*>(self)->lines.push_back(std::string(r.operation) + " refused: " + r.message);
  }
};
}  // namespace

TEST_CASE("a migrant whose header no crowd wrote is refused, naming the field; nothing changes", "[crowd][migrant]") {
  REQUIRE(bt::InitializeTreeData(WALKER_ROOT));
  Population population(2);
  bt::Crowd crowd(2);
  crowd.SetInterval(1, 4);
  (void)crowd.Tick(0, static_cast<float>(kFrameDt), bt::MakeCompiledCrowdTick<WALKER_ROOT>(population.Members()));
  std::vector<std::byte> migrant(bt::MigrantBytesFor(WALKER_ROOT));
  REQUIRE(bt::Emigrate(WALKER_ROOT, crowd, 1, population.blocks[1].Span(), migrant).status == bt::Status::Done);
  REQUIRE(crowd.Interval(1) == 0);
  constexpr double kInf = std::numeric_limits<double>::infinity();
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  struct Damage {
    std::size_t offset;  // in the header: lastTickTime 0, interval 8, dueIn 12, wakeTime 16
    double time;         // written at a time's offset
    std::int32_t count;  // written at an interval's or dueIn's offset
    bt::MigrantField field;
    const char* message;
  };
  const Damage damage = GENERATE_COPY(
      Damage{0, -kInf, 0, bt::MigrantField::LastTickTime,
             "the migrant's lastTickTime is -inf, not NaN (never ticked) or a time within +-1e+15 s"},
      Damage{0, 1e300, 0, bt::MigrantField::LastTickTime,
             "the migrant's lastTickTime is 1e+300, not NaN (never ticked) or a time within +-1e+15 s"},
      Damage{8, 0, 1 << 30, bt::MigrantField::Interval,
             "the migrant's interval is 1.07374e+09, not a power of two from 1 to 128"},
      Damage{8, 0, 3, bt::MigrantField::Interval, "the migrant's interval is 3, not a power of two from 1 to 128"},
      Damage{8, 0, 0, bt::MigrantField::Interval, "the migrant's interval is 0, not a power of two from 1 to 128"},
      Damage{12, 0, 4, bt::MigrantField::DueIn, "the migrant's dueIn is 4, not from 0 to 3 (its interval less 1)"},
      Damage{12, 0, -1, bt::MigrantField::DueIn, "the migrant's dueIn is -1, not from 0 to 3 (its interval less 1)"},
      Damage{16, 1e300, 0, bt::MigrantField::WakeTime,
             "the migrant's wakeTime is 1e+300, not -inf (awake), +inf (until woken) or a time within +-1e+15 s"},
      Damage{16, kNaN, 0, bt::MigrantField::WakeTime,
             "the migrant's wakeTime is nan, not -inf (awake), +inf (until woken) or a time within +-1e+15 s"});
  std::vector<std::byte> damaged = migrant;
  if (damage.offset == 0 || damage.offset == 16) std::memcpy(damaged.data() + damage.offset, &damage.time, 8);
  else std::memcpy(damaged.data() + damage.offset, &damage.count, 4);
  INFO(bt::MigrantFieldName(damage.field));

  bt::Crowd there(2);
  there.Leave(0);
  const bt::CrowdAgentState before = there.State(0);
  Block target{};
  const Block untouched = target;
  MigrantRefusals refusals;
  bt::SetRefusalHook(&MigrantRefusals::Hook, &refusals);
  const bt::ImmigrateResult refused = bt::Immigrate(WALKER_ROOT, there, 0, damaged, target.Span());
  bt::SetRefusalHook(nullptr);
  CHECK(refused.status == bt::Status::BadMigrant);
  CHECK(refused.field == damage.field);
  CHECK(refusals.lines ==
        std::vector<std::string>{std::string("immigrate refused: BadMigrant: ") + damage.message +
                                 ": its header is damaged"});
  // Never joined half-made: the crowd and the block are as they were.
  const bt::CrowdAgentState after = there.State(0);
  CHECK(there.Interval(0) == 0);
  CHECK(there.CountAtInterval(1) == 1);
  CHECK(std::isnan(after.lastTickTime) == std::isnan(before.lastTickTime));
  CHECK(after.wakeTime == before.wakeTime);
  CHECK(std::memcmp(target.bytes, untouched.bytes, sizeof(Block)) == 0);
  // The undamaged migrant joins.
  CHECK(bt::Immigrate(WALKER_ROOT, there, 0, migrant, target.Span()).status == bt::Status::Done);
  CHECK(there.Interval(0) == 4);
}
