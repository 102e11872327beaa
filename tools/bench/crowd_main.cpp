// tools/bench/crowd_main.cpp — the crowd (bt/crowd/crowd.h) on the creatures workload:
// its cost against the plain loop over the compiled tick, level of detail,
// threads through oneTBB, grouping agents by active path, and scaling, all
// measured in this one run; then sleeping agents (bt/engine/sleep.h) on a workload of
// sentries that wait.
//
//   crowd [--n N] [--ticks T] [--repeats R]     (N: the row the targets line summarizes)
//
// Each measurement restores the same warmed-up agents (100 ticks of the plain
// loop), times T frames R times, the sides taking turns, and keeps the fastest
// repeat (the machines this runs on are shared). Costs are wall-clock ns per
// agent-tick, or per frame for the level-of-detail fraction. Allocations are
// counted over every measured frame (tools/bench/alloc_count.h), TBB's included.
#include <algorithm>
#include <cmath>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <tbb/task_arena.h>

#include "bt/bt.h"
#include "bt/engine/compiled_tick.h"
#include "bt/crowd/tbb.h"
#include "tools/bench/alloc_count.h"
#include "tools/bench/bt_creatures.h"

namespace bench {
namespace {

using Clock = std::chrono::steady_clock;
constexpr int kWarmupTicks = 100;

struct Agents {
  std::vector<Creature> creatures, savedCreatures;
  std::vector<BtMemory> memory, savedMemory;
  std::vector<int> ownTicks;  // for the level-of-detail sides (BtCrowdTick)
  explicit Agents(std::size_t n) : memory(n), ownTicks(n) {
    creatures.reserve(n);
    for (std::size_t i = 0; i < n; ++i) creatures.push_back(MakeCreature(static_cast<std::uint32_t>(i)));
    for (int t = 0; t < kWarmupTicks; ++t) BtTickCompiled(creatures.data(), memory.data(), n, t);
    savedCreatures = creatures;
    savedMemory = memory;
  }
  void Restore() {
    std::copy(savedCreatures.begin(), savedCreatures.end(), creatures.begin());
    std::copy(savedMemory.begin(), savedMemory.end(), memory.begin());
    std::fill(ownTicks.begin(), ownTicks.end(), kWarmupTicks);
  }
};

// The level-of-detail classes: 10% every frame, 30% every 2nd, 60% every 8th.
// Sorted: the classes in runs, as in a game that keeps its agents sorted by
// distance to the camera. Mixed: interleaved agent by agent, the worst case for
// the memory traffic, as a frame then touches most cache lines for a third of the ticks.
int Interval(std::size_t k) { return k == 0 ? 1 : k < 4 ? 2 : 8; }
int SortedLodInterval(std::size_t i, std::size_t n) { return Interval(i * 10 / n); }
int MixedLodInterval(std::size_t i) { return Interval(i % 10); }
constexpr double kLodIdealFraction = 0.1 + 0.3 / 2 + 0.6 / 8;

// Plain and Crowd step the world by the frame; the level-of-detail sides and
// their full-rate reference (CrowdOwn) by each agent's own tick count. InOrder
// and Grouped: the plain loop noting each agent's behavior, in agent order, and
// in the order of a counting sort by the behavior each agent's last tick ran.
enum class Side { Plain, Crowd, CrowdOwn, CrowdLod, CrowdLodMixed, Tbb1, Tbb2, InOrder, Grouped, PlainConstant };

struct Timing {
  double seconds = 0;       // fastest repeat
  std::uint64_t agentTicks = 0;  // in one repeat
  std::uint64_t allocations = 0;  // over all repeats
  std::uint64_t unhealthy = 0;
};

// Grouping by active path: the agents ordered by the behavior their last tick
// reported, so each runs the same deciders' code as the one before it.
struct Grouping {
  std::vector<std::uint32_t> order;            // the agents in the order to tick them
  std::vector<const bt::DeciderDef*> running;  // by agent: what its last tick ran
  std::vector<std::uint8_t> key;               // by agent: running's index in seen
  const bt::DeciderDef* seen[255] = {};        // the behaviors met, in order of first sight
  int seenCount = 0;
  explicit Grouping(std::size_t n) : order(n), running(n), key(n) { Restore(); }
  void Restore() {
    std::fill(running.begin(), running.end(), nullptr);
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<std::uint32_t>(i);
  }
  std::uint8_t KeyOf(const bt::DeciderDef* behavior) {
    for (int k = 0; k < seenCount; ++k)
      if (seen[k] == behavior) return static_cast<std::uint8_t>(k);
    if (seenCount == 254) return 254;  // more behaviors than keys: the rest share the last
    seen[seenCount] = behavior;
    return static_cast<std::uint8_t>(seenCount++);
  }
  // A counting sort of the agents by key, stable: agent order within a behavior.
  void Sort() {
    std::size_t start[256] = {};
    for (std::size_t i = 0; i < running.size(); ++i) ++start[(key[i] = KeyOf(running[i])) + 1];
    for (int k = 1; k < 256; ++k) start[k] += start[k - 1];
    for (std::size_t i = 0; i < running.size(); ++i) order[start[key[i]]++] = static_cast<std::uint32_t>(i);
  }
};

struct Bench {
  Agents agents;
  bt::Crowd full, lod, lodMixed;
  Grouping grouping;
  tbb::task_arena one{1}, two{2};
  explicit Bench(std::size_t n) : agents(n), full(n), lod(n), lodMixed(n), grouping(n) {
    for (std::size_t i = 0; i < n; ++i) {
      lod.SetInterval(i, SortedLodInterval(i, n));
      lodMixed.SetInterval(i, MixedLodInterval(i));
    }
    // TBB allocates its threads and pools on first use, not per frame.
    Timing scratch;
    Run(Side::Tbb1, 1, scratch);
    Run(Side::Tbb2, 1, scratch);
  }

  // One repeat of `side` over frames [kWarmupTicks, kWarmupTicks + ticks); returns seconds.
  double Run(Side side, int ticks, Timing& timing) {
    agents.Restore();
    grouping.Restore();
    Creature* creatures = agents.creatures.data();
    BtMemory* memory = agents.memory.data();
    int* own = agents.ownTicks.data();
    const std::size_t n = agents.creatures.size();
    std::uint64_t agentTicks = 0, unhealthy = 0;
    const std::uint64_t allocations = AllocationCount();
    const auto start = Clock::now();
    for (int t = kWarmupTicks; t < kWarmupTicks + ticks; ++t) {
      bt::CrowdTickResult r;
      switch (side) {
        // The frame's time and dt as a game passes them: values (from another
        // translation unit) that the compiler cannot fold into the inlined tick.
        case Side::Plain:
          r.refused = BtTickCompiledFrame(creatures, memory, n, t, t * kDt, static_cast<float>(kDt)), r.ticked = n;
          break;
        // The same loop with dt a constant of the bench (tools/bench/tick_each.h), folded in.
        case Side::PlainConstant: r.refused = BtTickCompiled(creatures, memory, n, t), r.ticked = n; break;
        case Side::Crowd: r = BtCrowdTick(full, creatures, memory, t); break;
        case Side::CrowdOwn: r = BtCrowdTick(full, creatures, memory, t, SIZE_MAX, {}, own); break;
        case Side::CrowdLod: r = BtCrowdTick(lod, creatures, memory, t, SIZE_MAX, {}, own); break;
        case Side::CrowdLodMixed: r = BtCrowdTick(lodMixed, creatures, memory, t, SIZE_MAX, {}, own); break;
        case Side::Tbb1:
          r = one.execute([&] { return BtCrowdTick(full, creatures, memory, t, SIZE_MAX, bt::TbbParallelFor()); });
          break;
        case Side::Tbb2:
          r = two.execute([&] { return BtCrowdTick(full, creatures, memory, t, SIZE_MAX, bt::TbbParallelFor()); });
          break;
        case Side::Grouped:
          grouping.Sort();
          [[fallthrough]];
        case Side::InOrder:
          r.refused = BtTickCompiledInOrder(creatures, memory, grouping.order.data(), n, t, grouping.running.data());
          r.ticked = n;
          break;
      }
      agentTicks += r.ticked;
      unhealthy += r.refused;
    }
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    timing.allocations += AllocationCount() - allocations;
    timing.agentTicks = agentTicks;
    timing.unhealthy += unhealthy;
    return seconds;
  }

  // The sides, taking turns for `repeats` rounds; the fastest repeat of each.
  template <std::size_t K>
  void Measure(const Side (&sides)[K], Timing (&out)[K], int ticks, int repeats) {
    for (int r = 0; r < repeats; ++r)
      for (std::size_t k = 0; k < K; ++k) {
        const double s = Run(sides[k], ticks, out[k]);
        if (r == 0 || s < out[k].seconds) out[k].seconds = s;
      }
  }
};

double NsPerAgentTick(const Timing& t) { return t.seconds * 1e9 / static_cast<double>(t.agentTicks); }

// The control for the thread speedup: plain arithmetic in a TBB parallel_for on
// 1 and 2 threads. On a shared machine whose other load leaves this process one
// core's worth of time, it is about 1.0 too, and the crowd's speedup says nothing.
double ControlSpeedup() {
  double best[2] = {0, 0};
  for (int r = 0; r < 5; ++r)
    for (int k = 0; k < 2; ++k) {
      tbb::task_arena arena(k + 1);
      const auto start = Clock::now();
      arena.execute([] {
        tbb::parallel_for(tbb::blocked_range<int>(0, 256, 1), [](const tbb::blocked_range<int>& range) {
          for (int i = range.begin(); i < range.end(); ++i) {
            volatile double x = 0;
            for (int j = 0; j < 20000; ++j) x = x + j * 0.5;
          }
        });
      });
      const double s = std::chrono::duration<double>(Clock::now() - start).count();
      if (r == 0 || s < best[k]) best[k] = s;
    }
  return best[0] / best[1];
}

// ---------------------------------------------------------------- sleeping agents
// Sentries patrol (a little arithmetic every tick) for 0.5 to 1.375 s, then
// stand (built-in Wait, 3 s), over and over; an alarm (a stimulus) would
// interrupt either, so the sentries that stand sleep: about three quarters.
struct Sentry {
  float x = 0, speed = 1, patrolSeconds = 1;
};
bt::Result PatrolTick(Sentry& s, const bt::Context& c) {
  s.x += s.speed * c.dt;
  s.speed = s.x > 10 || s.x < -10 ? -s.speed : s.speed;
  return c.activeTime >= s.patrolSeconds ? bt::Result::Done : bt::Result::Running;
}
bt::Result AlarmTick(Sentry&) { return bt::Result::Running; }
constexpr std::uint32_t kAlarm = 1;
BT_DEFINE_BEHAVIOR__TICK(SENTRY_PATROL_B, PatrolTick);
BT_DEFINE_BEHAVIOR__TICK(SENTRY_ALARM_B, AlarmTick);
BT_DEFINE_GROUP(SENTRY_ROOT, PrioritizedList, BT_CHILDREN(SENTRY_ALARM, SENTRY_DUTY));
BT_DEFINE_DECIDER(SENTRY_ALARM, SENTRY_ALARM_B, BT_PRE(bt::Preconditions{}.StimuliAnySet(kAlarm)));
BT_DEFINE_GROUP(SENTRY_DUTY, Sequential, BT_CHILDREN(SENTRY_PATROL, SENTRY_STAND));
BT_DEFINE_DECIDER(SENTRY_PATROL, SENTRY_PATROL_B);
BT_DEFINE_DECIDER(SENTRY_STAND, bt::builtin::kWait, BT_PARAMS(bt::NumberParam("duration", 3)));
using SentryMemory = bt::MemoryFor<SENTRY_ROOT>;

// The per-agent tick: with `sleeps`, it takes the crowd's wake time (bt/crowd/ticks.h's form).
template <bool kSleeps>
struct SentryTick;
template <>
struct SentryTick<false> {
  Sentry* sentries;
  SentryMemory* memory;
  bt::TickResult operator()(std::size_t i, double time, float dt) const {
    return bt::TickBehaviorTreeCompiled<SENTRY_ROOT>(sentries[i], memory[i], time, dt);
  }
};
template <>
struct SentryTick<true> {
  Sentry* sentries;
  SentryMemory* memory;
  bt::TickResult operator()(std::size_t i, double time, float dt, double& wakeTime) const {
    return bt::TickBehaviorTreeCompiled<SENTRY_ROOT>(sentries[i], memory[i], time, dt, 0, 0,
                                                     bt::TickOptions{.wakeTime = &wakeTime});
  }
};

struct SleepTiming {
  double seconds = 0;  // fastest repeat
  std::uint64_t ticked = 0, sleeping = 0, allocations = 0, unhealthy = 0;
  std::uint64_t checksum = 0;  // of the sentries' positions: the same on both sides
};

// The sentries warmed up 300 frames (on the awake tick: the same calls), then
// `ticks` frames timed, `repeats` times each side, taking turns.
void MeasureSleep(std::size_t n, int ticks, int repeats, SleepTiming (&out)[2]) {
  constexpr int kWarmup = 300;
  constexpr double kFrame = 1.0 / 30;
  std::vector<Sentry> sentries(n), savedSentries;
  std::vector<SentryMemory> memory(n), savedMemory;
  for (std::size_t i = 0; i < n; ++i) sentries[i].patrolSeconds = 0.5f + 0.125f * static_cast<float>(i % 8);
  bt::Crowd crowd(n);
  for (int f = 0; f < kWarmup; ++f)
    (void)crowd.Tick(f * kFrame, static_cast<float>(kFrame), SentryTick<false>{sentries.data(), memory.data()});
  savedSentries = sentries;
  savedMemory = memory;
  const bt::Crowd savedCrowd = crowd;
  for (int r = 0; r < repeats; ++r)
    for (int side = 0; side < 2; ++side) {
      std::copy(savedSentries.begin(), savedSentries.end(), sentries.begin());
      std::copy(savedMemory.begin(), savedMemory.end(), memory.begin());
      crowd = savedCrowd;  // the same size: no allocation
      SleepTiming& timing = out[side];
      std::uint64_t ticked = 0, sleeping = 0, unhealthy = 0;
      const std::uint64_t allocations = AllocationCount();
      const auto start = Clock::now();
      for (int f = kWarmup; f < kWarmup + ticks; ++f) {
        const bt::CrowdTickResult result =
            side == 1 ? crowd.Tick(f * kFrame, static_cast<float>(kFrame), SentryTick<true>{sentries.data(), memory.data()})
                      : crowd.Tick(f * kFrame, static_cast<float>(kFrame), SentryTick<false>{sentries.data(), memory.data()});
        ticked += result.ticked;
        sleeping += result.sleeping;
        unhealthy += result.refused;
      }
      const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
      timing.allocations += AllocationCount() - allocations;
      if (r == 0 || seconds < timing.seconds) timing.seconds = seconds;
      timing.ticked = ticked;
      timing.sleeping = sleeping;
      timing.unhealthy += unhealthy;
      timing.checksum = 0;
      for (const Sentry& s : sentries) timing.checksum = timing.checksum * 31 + static_cast<std::uint64_t>(std::lround(s.x * 1000));
    }
}

}  // namespace
}  // namespace bench

int main(int argc, char** argv) {
  using namespace bench;
  std::size_t n = 100000;
  int ticks = 100, repeats = 5;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--n" && i + 1 < argc) n = std::strtoul(argv[++i], nullptr, 10);
    else if (arg == "--ticks" && i + 1 < argc) ticks = std::atoi(argv[++i]);
    else if (arg == "--repeats" && i + 1 < argc) repeats = std::atoi(argv[++i]);
    else {
      std::fprintf(stderr, "usage: %s [--n 1000|10000|100000|1000000] [--ticks T] [--repeats R]\n", argv[0]);
      return 2;
    }
  }
  if (n != 1000 && n != 10000 && n != 100000 && n != 1000000) {
    std::fprintf(stderr, "--n must be one of the rows: 1000, 10000, 100000, 1000000\n");
    return 2;
  }
  if (!BtInitialize()) return 1;
  std::printf("crowd (bt/crowd/crowd.h) on the creatures workload, world step + compiled tick per agent-tick\n");
  std::printf("scaling (T=%d, fastest repeat; ns per agent-tick, wall clock; lod = LOD frame cost / full-rate "
              "frame cost, ideal %.3f):\n",
              ticks, kLodIdealFraction);
  std::printf("  (grouped = ns per agent-tick of the plain loop with the agents sorted by behavior each frame, the sort "
              "included, / the same loop in agent order)\n");
  std::printf("  (control = the thread speedup of plain arithmetic, measured right after the row: what this machine "
              "gives 2 threads then)\n");
  std::printf("  (plain = the plain loop over the compiled tick, handed the frame's time and dt as a game hands them;"
              " const_ns = the same loop with dt a constant the compiler folds into the tick, which no game's is)\n");
  std::printf("  %9s %9s %9s %9s %7s %9s %9s %8s %8s %7s %9s %8s %7s\n", "N", "plain_ns", "const_ns", "crowd_ns", "ratio",
              "tbb1_ns", "tbb2_ns", "speedup", "control", "lod", "lod_mixed", "grouped", "allocs");
  bool healthy = true;
  const std::size_t rows[] = {1000, 10000, 100000, 1000000};
  struct Summary {
    double ratio = 0, speedup = 0, lod = 0, lodMixed = 0, grouped = 0;
    std::uint64_t allocations = 0;
  } summary;
  for (std::size_t rowN : rows) {
    // Fewer frames where a frame is long: each row takes about the same time.
    const int rowTicks = rowN >= 1000000 ? std::max(1, ticks / 10) : ticks;
    const int rowRepeats = rowN >= 1000000 ? 2 : rowN <= 1000 ? repeats * 4 : repeats;
    Bench bench(rowN);
    const Side sides[] = {Side::Plain, Side::Crowd, Side::CrowdOwn, Side::CrowdLod,      Side::CrowdLodMixed,
                          Side::Tbb1,  Side::Tbb2,  Side::InOrder,  Side::Grouped, Side::PlainConstant};
    Timing t[10];
    bench.Measure(sides, t, rowTicks, rowRepeats);
    const double ratio = NsPerAgentTick(t[1]) / NsPerAgentTick(t[0]);
    const double lod = t[3].seconds / t[2].seconds;
    const double lodMixed = t[4].seconds / t[2].seconds;
    const double speedup = t[5].seconds / t[6].seconds;
    const double grouped = NsPerAgentTick(t[8]) / NsPerAgentTick(t[7]);
    const double rowControl = ControlSpeedup();
    std::uint64_t allocations = 0;
    for (int k = 1; k < 10; ++k) allocations += t[k].allocations;
    for (const Timing& timing : t) healthy = healthy && timing.unhealthy == 0;
    std::printf("  %9zu %9.2f %9.2f %9.2f %7.2f %9.2f %9.2f %8.2f %8.2f %7.3f %9.3f %8.2f %7llu\n", rowN,
                NsPerAgentTick(t[0]), NsPerAgentTick(t[9]), NsPerAgentTick(t[1]), ratio, NsPerAgentTick(t[5]), NsPerAgentTick(t[6]), speedup,
                rowControl, lod, lodMixed, grouped, static_cast<unsigned long long>(allocations));
    std::fflush(stdout);
    if (rowN == n) summary = {ratio, speedup, lod, lodMixed, grouped, allocations};
  }
  const double control = ControlSpeedup();
  std::printf("control: plain arithmetic in a TBB parallel_for, 2 threads against 1: %.2fx%s\n", control,
              control < 1.5 ? " (this machine gives this process about one core now: the speedup is not measurable)"
                            : "");
  const double lodError = summary.lod / kLodIdealFraction - 1;
  std::printf("targets (N=%zu): crowd/plain <= 1.00 %s, lod within 10%% of %.3f %s, 2 threads >= 1.8x %s, "
              "allocs == 0 %s\n",
              n, summary.ratio <= 1.0 ? "met" : "MISSED", kLodIdealFraction,
              std::abs(lodError) <= 0.1 ? "met" : "MISSED", summary.speedup >= 1.8 ? "met" : "MISSED",
              summary.allocations == 0 ? "met" : "MISSED");
  std::printf("crowd N=%zu ratio=%.2f lod_fraction=%.3f lod_mixed_fraction=%.3f lod_ideal=%.3f speedup_2_threads=%.2f "
              "control_speedup=%.2f grouped_ratio=%.2f allocs=%llu\n",
              n, summary.ratio, summary.lod, summary.lodMixed, kLodIdealFraction, summary.speedup, control,
              summary.grouped, static_cast<unsigned long long>(summary.allocations));
  // Sleeping agents: the same crowd with the sleeping tick and with the awake one.
  SleepTiming sleep[2];
  MeasureSleep(n, ticks, repeats, sleep);
  const double due = static_cast<double>(sleep[1].ticked + sleep[1].sleeping);
  const double share = due > 0 ? static_cast<double>(sleep[1].sleeping) / due : 0;
  const double sleepRatio = sleep[1].seconds / sleep[0].seconds;
  healthy = healthy && sleep[0].unhealthy == 0 && sleep[1].unhealthy == 0;
  std::printf("sleep N=%zu (sentries: patrol, then Wait 3 s): asleep=%.1f%% of due agents, frame %.3f ms asleep vs "
              "%.3f ms awake, ratio=%.2f, same_result=%s allocs=%llu\n",
              n, share * 100, sleep[1].seconds * 1e3 / ticks, sleep[0].seconds * 1e3 / ticks, sleepRatio,
              sleep[0].checksum == sleep[1].checksum ? "yes" : "NO",
              static_cast<unsigned long long>(sleep[0].allocations + sleep[1].allocations));
  healthy = healthy && sleep[0].checksum == sleep[1].checksum;
  if (!healthy) std::printf("some ticks reported an error status\n");
  return healthy ? 0 : 1;
}
