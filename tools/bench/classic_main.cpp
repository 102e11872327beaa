// tools/bench/classic_main.cpp — the classic workload (classic.md): bt's
// compiled and interpreted ticks against the hand-written baseline, in the same
// binary and the same run, reported as ratios as the creatures benchmark does.
//
//   classic [--n N] [--ticks T] [--repeats R]
//   classic --profile bt|interpreted|handwritten [--n N] [--ticks T]
//     ticks only that side, untimed, for perf or callgrind
//
// Each side warms its agents up for 100 ticks, then times T ticks R times from
// the saved state, the sides taking turns, and keeps its fastest repeat (the
// machine is shared; the minimum is the least disturbed). Exits 1 if the sides
// disagree on a single activation, report an error status, or allocate.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "tools/bench/alloc_count.h"
#include "tools/bench/bt_classic.h"
#include "tools/bench/classic.h"
#include "tools/bench/classic_handwritten.h"
#include "tools/bench/floor.h"

namespace bench::classic {
namespace {

using Clock = std::chrono::steady_clock;
constexpr int kWarmupTicks = 100;

// One implementation's agents: State is its per-agent decision state.
template <class State>
struct Side {
  using TickFn = std::size_t (*)(Creature*, State*, std::size_t, int);
  TickFn tick;
  std::vector<Creature> creatures, savedCreatures;
  std::vector<State> state, savedState;
  ActionCounts counts{};      // activations over one repeat's measured ticks
  std::size_t unhealthy = 0;  // ticks with an error status, all repeats
  double ns = 0;              // [ns per agent-tick], fastest repeat
  std::uint64_t allocations = 0;

  Side(std::size_t n, TickFn tickFn) : tick(tickFn), state(n) {
    for (std::size_t i = 0; i < n; ++i) creatures.push_back(MakeCreature(static_cast<std::uint32_t>(i)));
  }
  void Run(int t0, int ticks) {
    for (int t = t0; t < t0 + ticks; ++t) unhealthy += tick(creatures.data(), state.data(), creatures.size(), t);
  }
  void WarmUp() {
    Run(0, kWarmupTicks);
    savedCreatures = creatures;
    savedState = state;
  }
  void Measure(int ticks, bool first) {
    creatures = savedCreatures;
    state = savedState;
    tActionCounts = {};
    const std::uint64_t allocs = AllocationCount();
    const auto start = Clock::now();
    Run(kWarmupTicks, ticks);
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    allocations += AllocationCount() - allocs;
    counts = tActionCounts;
    const double perTick = seconds * 1e9 / (static_cast<double>(creatures.size()) * ticks);
    if (first || perTick < ns) ns = perTick;
  }
};

std::size_t HandTickRange(Creature* creatures, HandState* state, std::size_t n, int t) {
  HandTick(creatures, state, n, t);
  return 0;
}

bool Same(const ActionCounts& a, const ActionCounts& b) { return std::memcmp(&a, &b, sizeof a) == 0; }

int Main(int argc, char** argv) {
  std::size_t n = 10000;
  int ticks = 1000, repeats = 7;
  std::string profile;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--n" && i + 1 < argc) n = std::strtoul(argv[++i], nullptr, 10);
    else if (arg == "--ticks" && i + 1 < argc) ticks = std::atoi(argv[++i]);
    else if (arg == "--repeats" && i + 1 < argc) repeats = std::atoi(argv[++i]);
    else if (arg == "--profile" && i + 1 < argc) profile = argv[++i];
    else {
      std::fprintf(stderr, "usage: %s [--n N] [--ticks T] [--repeats R] [--profile bt|interpreted|handwritten]\n",
                   argv[0]);
      return 2;
    }
  }
  if (!BtInitialize() || !FloorInitialize()) return 1;
  Side<BtMemory> compiled(n, BtTickCompiled), interpreted(n, BtTick);
  Side<HandState> hand(n, HandTickRange);
  Side<FloorMemory> floorCompiled(n, FloorTickCompiled), floorInterpreted(n, FloorTick);
  if (!profile.empty()) {
    if (profile == "bt") compiled.Run(0, kWarmupTicks + ticks);
    else if (profile == "interpreted") interpreted.Run(0, kWarmupTicks + ticks);
    else if (profile == "handwritten") hand.Run(0, kWarmupTicks + ticks);
    else return 2;
    return 0;
  }
  compiled.WarmUp();
  interpreted.WarmUp();
  hand.WarmUp();
  floorCompiled.WarmUp();
  floorInterpreted.WarmUp();
  for (int r = 0; r < repeats; ++r) {
    compiled.Measure(ticks, r == 0);
    interpreted.Measure(ticks, r == 0);
    hand.Measure(ticks, r == 0);
    floorCompiled.Measure(ticks, r == 0);
    floorInterpreted.Measure(ticks, r == 0);
  }

  std::printf("classic workload (classic.md): a selector, sequences, a fallback, a parallel, decorators and "
              "re-checked conditions, against the same logic written by hand\n");
  std::printf("bt memory per agent: %zu bytes; hand-written state per agent: %zu bytes\n", sizeof(BtMemory),
              sizeof(HandState));
  using ull = unsigned long long;
  std::printf("activations over the measured ticks (N=%zu, T=%d):\n", n, ticks);
  std::printf("  %-14s %12s %12s %12s\n", "action", "bt", "bt_interp", "handwritten");
  for (int a = 0; a < kNumActions; ++a) {
    const bool same = compiled.counts.count[a] == hand.counts.count[a] && interpreted.counts.count[a] == hand.counts.count[a];
    std::printf("  %-14s %12llu %12llu %12llu%s\n", kActionNames[a], static_cast<ull>(compiled.counts.count[a]),
                static_cast<ull>(interpreted.counts.count[a]), static_cast<ull>(hand.counts.count[a]),
                same ? "" : "   <-- differs");
  }
  const bool agree = Same(compiled.counts, hand.counts) && Same(interpreted.counts, hand.counts);
  const bool healthy = compiled.unhealthy == 0 && interpreted.unhealthy == 0 && floorCompiled.unhealthy == 0 &&
                       floorInterpreted.unhealthy == 0;
  const std::uint64_t allocations = compiled.allocations + interpreted.allocations;
  std::printf("  the three agree exactly: %s; ticks with an error status: %s\n", agree ? "yes" : "NO",
              healthy ? "none" : "SOME");
  const double ratio = compiled.ns / hand.ns, interpretedRatio = interpreted.ns / hand.ns;
  std::printf("the tick's fixed cost (floor.h: world step and a one-behavior tree, no actions): compiled %.2f ns "
              "(%.2f of hand-written), interpreted %.2f ns (%.2f)\n",
              floorCompiled.ns, floorCompiled.ns / hand.ns, floorInterpreted.ns, floorInterpreted.ns / hand.ns);
  std::printf("targets: interpreted ratio <= 2 %s, compiled ratio <= 1.3 %s, allocs == 0 %s\n",
              interpretedRatio <= 2 ? "met" : "MISSED", ratio <= 1.3 ? "met" : "MISSED",
              allocations == 0 ? "met" : "MISSED");
  std::printf("classic N=%zu T=%d bt_ns=%.2f interpreted_ns=%.2f handwritten_ns=%.2f ratio=%.2f "
              "interpreted_ratio=%.2f bytes_per_agent=%zu allocs=%llu\n",
              n, ticks, compiled.ns, interpreted.ns, hand.ns, ratio, interpretedRatio, sizeof(BtMemory),
              static_cast<ull>(allocations));
  return agree && healthy && allocations == 0 ? 0 : 1;
}

}  // namespace
}  // namespace bench::classic

int main(int argc, char** argv) { return bench::classic::Main(argc, argv); }
