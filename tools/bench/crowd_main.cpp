// tools/bench/crowd_main.cpp — the crowd (bt/crowd.h) on the creatures workload:
// its cost against the plain loop over the compiled tick, level of detail,
// threads through oneTBB, and scaling, all measured in this one run.
//
//   crowd [--n N] [--ticks T] [--repeats R]
//
// Each measurement restores the same warmed-up agents (100 ticks of the plain
// loop), times T frames R times, the sides taking turns, and keeps the fastest
// repeat (the machines this runs on are shared). Costs are wall-clock ns per
// agent-tick, or per frame for the level-of-detail fraction. Allocations are
// counted over every measured frame (tools/bench/alloc_count.h), TBB's included.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <tbb/task_arena.h>

#include "bt/crowd_tbb.h"
#include "tools/bench/alloc_count.h"
#include "tools/bench/bt_creatures.h"

namespace bench {
namespace {

using Clock = std::chrono::steady_clock;
constexpr int kWarmupTicks = 100;

struct Agents {
  std::vector<Creature> creatures, savedCreatures;
  std::vector<BtMemory> memory, savedMemory;
  explicit Agents(std::size_t n) : memory(n) {
    creatures.reserve(n);
    for (std::size_t i = 0; i < n; ++i) creatures.push_back(MakeCreature(static_cast<std::uint32_t>(i)));
    for (int t = 0; t < kWarmupTicks; ++t) BtTickCompiled(creatures.data(), memory.data(), n, t);
    savedCreatures = creatures;
    savedMemory = memory;
  }
  void Restore() {
    std::copy(savedCreatures.begin(), savedCreatures.end(), creatures.begin());
    std::copy(savedMemory.begin(), savedMemory.end(), memory.begin());
  }
};

// The level-of-detail classes of the issue: 10% every frame, 30% every 2nd, 60% every 8th.
int LodInterval(std::size_t i) {
  const std::size_t k = i % 10;
  return k == 0 ? 1 : k < 4 ? 2 : 8;
}
constexpr double kLodIdealFraction = 0.1 + 0.3 / 2 + 0.6 / 8;

enum class Side { Plain, Crowd, CrowdLod, Tbb1, Tbb2 };

struct Timing {
  double seconds = 0;       // fastest repeat
  std::uint64_t agentTicks = 0;  // in one repeat
  std::uint64_t allocations = 0;  // over all repeats
  std::uint64_t unhealthy = 0;
};

struct Bench {
  Agents agents;
  bt::Crowd full, lod;
  tbb::task_arena one{1}, two{2};
  explicit Bench(std::size_t n) : agents(n), full(n), lod(n) {
    for (std::size_t i = 0; i < n; ++i) lod.SetInterval(i, LodInterval(i));
    // TBB allocates its threads and pools on first use, not per frame.
    Timing scratch;
    Run(Side::Tbb1, 1, scratch);
    Run(Side::Tbb2, 1, scratch);
  }

  // One repeat of `side` over frames [kWarmupTicks, kWarmupTicks + ticks); returns seconds.
  double Run(Side side, int ticks, Timing& timing) {
    agents.Restore();
    Creature* creatures = agents.creatures.data();
    BtMemory* memory = agents.memory.data();
    const std::size_t n = agents.creatures.size();
    std::uint64_t agentTicks = 0, unhealthy = 0;
    const std::uint64_t allocations = AllocationCount();
    const auto start = Clock::now();
    for (int t = kWarmupTicks; t < kWarmupTicks + ticks; ++t) {
      bt::CrowdTickResult r;
      switch (side) {
        case Side::Plain: r.refused = BtTickCompiled(creatures, memory, n, t), r.ticked = n; break;
        case Side::Crowd: r = BtCrowdTick(full, creatures, memory, t); break;
        case Side::CrowdLod: r = BtCrowdTick(lod, creatures, memory, t); break;
        case Side::Tbb1:
          r = one.execute([&] { return BtCrowdTick(full, creatures, memory, t, SIZE_MAX, bt::TbbParallelFor()); });
          break;
        case Side::Tbb2:
          r = two.execute([&] { return BtCrowdTick(full, creatures, memory, t, SIZE_MAX, bt::TbbParallelFor()); });
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
      std::fprintf(stderr, "usage: %s [--n N] [--ticks T] [--repeats R]\n", argv[0]);
      return 2;
    }
  }
  if (!BtInitialize()) return 1;
  std::printf("crowd (bt/crowd.h) on the creatures workload, world step + compiled tick per agent-tick\n");
  std::printf("scaling (T=%d, fastest repeat; ns per agent-tick, wall clock; lod = LOD frame cost / full-rate "
              "frame cost, ideal %.3f):\n",
              ticks, kLodIdealFraction);
  std::printf("  %9s %9s %9s %7s %9s %9s %8s %7s %7s\n", "N", "plain_ns", "crowd_ns", "ratio", "tbb1_ns", "tbb2_ns",
              "speedup", "lod", "allocs");
  bool healthy = true;
  const std::size_t rows[] = {1000, 10000, 100000, 1000000};
  struct Summary {
    double ratio = 0, speedup = 0, lod = 0;
    std::uint64_t allocations = 0;
  } summary;
  for (std::size_t rowN : rows) {
    // Fewer frames where a frame is long: each row takes about the same time.
    const int rowTicks = rowN >= 1000000 ? std::max(1, ticks / 10) : ticks;
    const int rowRepeats = rowN >= 1000000 ? 2 : rowN <= 1000 ? repeats * 4 : repeats;
    Bench bench(rowN);
    const Side sides[] = {Side::Plain, Side::Crowd, Side::CrowdLod, Side::Tbb1, Side::Tbb2};
    Timing t[5];
    bench.Measure(sides, t, rowTicks, rowRepeats);
    const double ratio = NsPerAgentTick(t[1]) / NsPerAgentTick(t[0]);
    const double speedup = t[3].seconds / t[4].seconds;
    const double lod = t[2].seconds / t[1].seconds;
    std::uint64_t allocations = 0;
    for (int k = 1; k < 5; ++k) allocations += t[k].allocations;
    for (const Timing& timing : t) healthy = healthy && timing.unhealthy == 0;
    std::printf("  %9zu %9.2f %9.2f %7.2f %9.2f %9.2f %8.2f %7.3f %7llu\n", rowN, NsPerAgentTick(t[0]),
                NsPerAgentTick(t[1]), ratio, NsPerAgentTick(t[3]), NsPerAgentTick(t[4]), speedup, lod,
                static_cast<unsigned long long>(allocations));
    std::fflush(stdout);
    if (rowN == n || (summary.ratio == 0 && rowN > n)) summary = {ratio, speedup, lod, allocations};
  }
  if (summary.ratio == 0) {
    std::fprintf(stderr, "--n must be at most 1000000\n");
    return 2;
  }
  const double lodError = summary.lod / kLodIdealFraction - 1;
  std::printf("targets (N=%zu): crowd/plain <= 1.00 %s, lod within 10%% of %.3f %s, 2 threads >= 1.8x %s, "
              "allocs == 0 %s\n",
              n, summary.ratio <= 1.0 ? "met" : "MISSED", kLodIdealFraction,
              std::abs(lodError) <= 0.1 ? "met" : "MISSED", summary.speedup >= 1.8 ? "met" : "MISSED",
              summary.allocations == 0 ? "met" : "MISSED");
  std::printf("crowd N=%zu ratio=%.2f lod_fraction=%.3f lod_ideal=%.3f speedup_2_threads=%.2f allocs=%llu\n", n,
              summary.ratio, summary.lod, kLodIdealFraction, summary.speedup,
              static_cast<unsigned long long>(summary.allocations));
  if (!healthy) std::printf("some ticks reported an error status\n");
  return healthy ? 0 : 1;
}
