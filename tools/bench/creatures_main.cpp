// tools/bench/creatures_main.cpp — the creatures benchmark: bt against the
// hand-written baseline, in the same binary and the same run.
//
//   creatures [--scaling] [--n N] [--ticks T] [--repeats R]
//   creatures --profile bt|interpreted|handwritten|floor|floor-interpreted [--n N] [--ticks T]
//     ticks only that implementation, untimed, for perf or callgrind
//
// Each measurement warms the agents up for 100 ticks, saves them, then times T
// ticks R times from the saved state (bt and hand-written taking turns, so a
// burst of load from elsewhere hits both) and keeps the fastest: the machines
// this runs on are shared, and the minimum is the least disturbed repeat. The
// ticks are the same work every repeat, so activation counts come from any one.
// Ends with the targets line (ratio, bytes per agent, allocations), then the
// tick's fixed cost (floor.h: a one-behavior tree on the same agents, against the
// same baseline), the why-record's cost (the interpreted tick without and with a
// record on every agent, and the record's allocations); exits 1 if the two implementations disagree on a single
// activation, or if ticking with a record allocates or changes a decision.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "tools/bench/alloc_count.h"
#include "tools/bench/bt_creatures.h"
#include "tools/bench/data_creatures.h"
#include "tools/bench/floor.h"
#include "tools/bench/handwritten.h"

namespace bench {
namespace {

using Clock = std::chrono::steady_clock;
constexpr int kWarmupTicks = 100;

struct Totals {
  std::uint64_t activations[kNumBehaviors] = {};
  std::uint64_t unhealthy = 0;  // bt ticks that reported an error status
  std::uint64_t Sum() const {
    std::uint64_t s = 0;
    for (std::uint64_t a : activations) s += a;
    return s;
  }
};

// The agents of one implementation; State is its per-agent decision state and
// `tick` runs the world step and the decisions over a range of agents.
template <class State>
struct Side {
  using TickFn = std::size_t (*)(Creature*, State*, std::size_t, int);
  TickFn tick;
  std::vector<Creature> creatures, savedCreatures;
  std::vector<State> state, savedState;

  Side(std::size_t n, TickFn tickFn) : tick(tickFn), state(n) {
    creatures.reserve(n);
    for (std::size_t i = 0; i < n; ++i) creatures.push_back(MakeCreature(static_cast<std::uint32_t>(i)));
  }
  void Save() {
    savedCreatures = creatures;
    savedState = state;
  }
  void Restore() {
    std::copy(savedCreatures.begin(), savedCreatures.end(), creatures.begin());
    std::copy(savedState.begin(), savedState.end(), state.begin());
  }
};

std::size_t HandTickRange(Creature* creatures, HandState* state, std::size_t n, int t) {
  HandTick(creatures, state, n, t);
  return 0;
}

// Ticks [begin, end) through ticks [t0, t0 + ticks) on this thread, adding its activations to `out`.
template <class State>
void RunRange(Side<State>& s, std::size_t begin, std::size_t end, int t0, int ticks, Totals& out) {
  tActivations = {};
  std::uint64_t unhealthy = 0;
  for (int t = t0; t < t0 + ticks; ++t) unhealthy += s.tick(s.creatures.data() + begin, s.state.data() + begin, end - begin, t);
  for (int b = 0; b < kNumBehaviors; ++b) out.activations[b] += tActivations.count[b];
  out.unhealthy += unhealthy;
}

struct Timed {
  double seconds = 0;
  std::uint64_t allocations = 0;
  Totals totals;
};

// Ticks every agent through [t0, t0 + ticks), the agents split evenly across
// `threads`. Thread start-up is outside the timing (workers wait for a go).
template <class State>
Timed RunTicks(Side<State>& s, int t0, int ticks, int threads) {
  Timed r;
  const std::size_t n = s.creatures.size();
  if (threads <= 1) {
    const std::uint64_t allocs = AllocationCount();
    const auto start = Clock::now();
    RunRange(s, 0, n, t0, ticks, r.totals);
    r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    r.allocations = AllocationCount() - allocs;
    return r;
  }
  std::vector<Totals> perThread(static_cast<std::size_t>(threads));
  std::vector<Clock::time_point> ends(static_cast<std::size_t>(threads));
  std::atomic<bool> go{false};
  std::vector<std::thread> workers;
  for (int k = 0; k < threads; ++k) {
    workers.emplace_back([&, k] {
      go.wait(false);
      const std::size_t begin = n * static_cast<std::size_t>(k) / static_cast<std::size_t>(threads);
      const std::size_t end = n * static_cast<std::size_t>(k + 1) / static_cast<std::size_t>(threads);
      RunRange(s, begin, end, t0, ticks, perThread[static_cast<std::size_t>(k)]);
      ends[static_cast<std::size_t>(k)] = Clock::now();
    });
  }
  const std::uint64_t allocs = AllocationCount();
  const auto start = Clock::now();
  go = true;
  go.notify_all();
  for (std::thread& w : workers) w.join();
  r.allocations = AllocationCount() - allocs;
  r.seconds = std::chrono::duration<double>(*std::max_element(ends.begin(), ends.end()) - start).count();
  for (const Totals& p : perThread) {
    for (int b = 0; b < kNumBehaviors; ++b) r.totals.activations[b] += p.activations[b];
    r.totals.unhealthy += p.unhealthy;
  }
  return r;
}

struct Measurement {
  std::size_t n = 0;
  int ticks = 0;
  int threads = 1;
  // [ns per agent-tick], the fastest repeat: bt's compiled tick (TickBehaviorTreeCompiled),
  // its interpreted tick (TickBehaviorTree), and the hand-written baseline.
  double btNs = 0, interpretedNs = 0, handNs = 0;
  std::uint64_t btAllocations = 0;    // during every measured tick of both bt ticks, all repeats
  Totals bt, interpreted, hand;       // over one repeat's measured ticks
  double Ratio() const { return btNs / handNs; }
  double InterpretedRatio() const { return interpretedNs / handNs; }
  double PerThousand(const Totals& t) const { return 1000.0 * static_cast<double>(t.Sum()) / (double(n) * ticks); }
  bool Agree() const {
    return std::memcmp(bt.activations, hand.activations, sizeof(bt.activations)) == 0 &&
           std::memcmp(interpreted.activations, hand.activations, sizeof(bt.activations)) == 0;
  }
  bool Healthy() const { return bt.unhealthy == 0 && interpreted.unhealthy == 0; }
};

Measurement Measure(std::size_t n, int ticks, int repeats, int threads) {
  // Value-initialized blocks: never ticked.
  Side<BtMemory> compiled(n, BtTickCompiled), interpreted(n, BtTick);
  Side<HandState> hand(n, HandTickRange);
  RunTicks(compiled, 0, kWarmupTicks, threads);
  RunTicks(interpreted, 0, kWarmupTicks, threads);
  RunTicks(hand, 0, kWarmupTicks, threads);
  compiled.Save();
  interpreted.Save();
  hand.Save();

  Measurement m;
  m.n = n;
  m.ticks = ticks;
  m.threads = threads;
  const double agentTicks = static_cast<double>(n) * ticks;
  const auto keepFastest = [&](const Timed& timed, int r, double& ns) {
    const double perTick = timed.seconds * 1e9 / agentTicks;
    if (r == 0 || perTick < ns) ns = perTick;
  };
  for (int r = 0; r < repeats; ++r) {
    compiled.Restore();
    const Timed c = RunTicks(compiled, kWarmupTicks, ticks, threads);
    interpreted.Restore();
    const Timed i = RunTicks(interpreted, kWarmupTicks, ticks, threads);
    hand.Restore();
    const Timed h = RunTicks(hand, kWarmupTicks, ticks, threads);
    keepFastest(c, r, m.btNs);
    keepFastest(i, r, m.interpretedNs);
    keepFastest(h, r, m.handNs);
    m.btAllocations += c.allocations + i.allocations;
    m.bt = c.totals;
    m.interpreted = i.totals;
    m.hand = h.totals;
  }
  return m;
}

// The tick's fixed cost (floor.h): the one-behavior tree on both ticks and the
// hand-written baseline, taking turns as Measure's sides do.
struct FloorMeasurement {
  double compiledNs = 0, interpretedNs = 0, handNs = 0;  // [ns per agent-tick], fastest repeat
  bool healthy = false;
};

FloorMeasurement MeasureFloor(std::size_t n, int ticks, int repeats) {
  Side<FloorMemory> compiled(n, FloorTickCompiled), interpreted(n, FloorTick);
  Side<HandState> hand(n, HandTickRange);
  RunTicks(compiled, 0, kWarmupTicks, 1);
  RunTicks(interpreted, 0, kWarmupTicks, 1);
  RunTicks(hand, 0, kWarmupTicks, 1);
  compiled.Save();
  interpreted.Save();
  hand.Save();
  FloorMeasurement m;
  const double agentTicks = static_cast<double>(n) * ticks;
  std::uint64_t unhealthy = 0;
  const auto keepFastest = [&](const Timed& timed, int r, double& ns) {
    unhealthy += timed.totals.unhealthy;
    const double perTick = timed.seconds * 1e9 / agentTicks;
    if (r == 0 || perTick < ns) ns = perTick;
  };
  for (int r = 0; r < repeats; ++r) {
    compiled.Restore();
    keepFastest(RunTicks(compiled, kWarmupTicks, ticks, 1), r, m.compiledNs);
    interpreted.Restore();
    keepFastest(RunTicks(interpreted, kWarmupTicks, ticks, 1), r, m.interpretedNs);
    hand.Restore();
    keepFastest(RunTicks(hand, kWarmupTicks, ticks, 1), r, m.handNs);
  }
  m.healthy = unhealthy == 0;
  return m;
}

// The why-record's cost (bt/engine/why.h): the interpreted tick without a record and
// with one on every agent, taking turns as Measure's sides do.
struct WhyMeasurement {
  double offNs = 0, onNs = 0;    // [ns per agent-tick], fastest repeat
  std::uint64_t onAllocations = 0;  // during every measured tick with a record, all repeats
  bool agree = false;               // the record changes no decision
  bool healthy = false;
};

WhyMeasurement MeasureWhy(std::size_t n, int ticks, int repeats) {
  Side<BtMemory> off(n, BtTick);
  Side<BtWhyAgent> on(n, BtTickWhy);
  RunTicks(off, 0, kWarmupTicks, 1);
  RunTicks(on, 0, kWarmupTicks, 1);
  off.Save();
  on.Save();
  WhyMeasurement m;
  const double agentTicks = static_cast<double>(n) * ticks;
  Totals offTotals, onTotals;
  for (int r = 0; r < repeats; ++r) {
    off.Restore();
    const Timed a = RunTicks(off, kWarmupTicks, ticks, 1);
    on.Restore();
    const Timed b = RunTicks(on, kWarmupTicks, ticks, 1);
    const double offNs = a.seconds * 1e9 / agentTicks, onNs = b.seconds * 1e9 / agentTicks;
    if (r == 0 || offNs < m.offNs) m.offNs = offNs;
    if (r == 0 || onNs < m.onNs) m.onNs = onNs;
    m.onAllocations += b.allocations;
    offTotals = a.totals;
    onTotals = b.totals;
  }
  m.agree = std::memcmp(offTotals.activations, onTotals.activations, sizeof(offTotals.activations)) == 0;
  m.healthy = offTotals.unhealthy == 0 && onTotals.unhealthy == 0;
  return m;
}

void PrintActivations(const Measurement& m) {
  using ull = unsigned long long;
  std::printf("activations over the measured ticks (N=%zu, T=%d):\n", m.n, m.ticks);
  std::printf("  %-14s %12s %12s %12s\n", "behavior", "bt", "bt_interp", "handwritten");
  for (int b = 0; b < kNumBehaviors; ++b) {
    const bool same = m.bt.activations[b] == m.hand.activations[b] && m.interpreted.activations[b] == m.hand.activations[b];
    std::printf("  %-14s %12llu %12llu %12llu%s\n", kBehaviorNames[b], static_cast<ull>(m.bt.activations[b]),
                static_cast<ull>(m.interpreted.activations[b]), static_cast<ull>(m.hand.activations[b]),
                same ? "" : "   <-- differs");
  }
  std::printf("  %-14s %12llu %12llu %12llu\n", "total", static_cast<ull>(m.bt.Sum()),
              static_cast<ull>(m.interpreted.Sum()), static_cast<ull>(m.hand.Sum()));
  std::printf("  the three agree exactly: %s\n", m.Agree() ? "yes" : "NO");
}

bool Scaling() {
  struct Row {
    std::size_t n;
    int repeats;
  };
  // The same tick window for every N, so every row does the same mix of work per
  // agent; more repeats where a repeat is short.
  constexpr int kTicks = 100;
  const Row rows[] = {{1000, 40}, {10000, 8}, {100000, 3}, {1000000, 2}};
  std::printf("scaling (warm-up %d ticks, T=%d, fastest of the repeats; ns per agent-tick, wall clock):\n",
              kWarmupTicks, kTicks);
  std::printf("  %9s %7s %9s %9s %9s %7s %9s %9s %7s\n", "N", "threads", "bt_ns", "interp_ns", "hand_ns", "ratio",
              "interp/hw", "act/1000", "allocs");
  bool agree = true;
  for (const Row& row : rows) {
    for (int threads : {1, 2}) {
      const Measurement m = Measure(row.n, kTicks, row.repeats, threads);
      std::printf("  %9zu %7d %9.2f %9.2f %9.2f %7.2f %9.2f %9.2f %7llu%s\n", m.n, threads, m.btNs,
                  m.interpretedNs, m.handNs, m.Ratio(), m.InterpretedRatio(), m.PerThousand(m.bt),
                  static_cast<unsigned long long>(m.btAllocations), m.Agree() ? "" : "  activations differ");
      std::fflush(stdout);
      agree = agree && m.Agree() && m.Healthy();
    }
  }
  return agree;
}

bool Profile(const std::string& side, std::size_t n, int ticks) {
  const int total = kWarmupTicks + ticks;
  if (side == "bt") RunTicks(*std::make_unique<Side<BtMemory>>(n, BtTickCompiled), 0, total, 1);
  else if (side == "interpreted") RunTicks(*std::make_unique<Side<BtMemory>>(n, BtTick), 0, total, 1);
  else if (side == "handwritten") RunTicks(*std::make_unique<Side<HandState>>(n, HandTickRange), 0, total, 1);
  else if (side == "floor") RunTicks(*std::make_unique<Side<FloorMemory>>(n, FloorTickCompiled), 0, total, 1);
  else if (side == "floor-interpreted") RunTicks(*std::make_unique<Side<FloorMemory>>(n, FloorTick), 0, total, 1);
  else return false;
  return true;
}

}  // namespace
}  // namespace bench

int main(int argc, char** argv) {
  using namespace bench;
  std::size_t n = 10000;
  int ticks = 1000, repeats = 7;
  bool scaling = false;
  std::string profile;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--scaling") scaling = true;
    else if (arg == "--n" && i + 1 < argc) n = std::strtoul(argv[++i], nullptr, 10);
    else if (arg == "--ticks" && i + 1 < argc) ticks = std::atoi(argv[++i]);
    else if (arg == "--repeats" && i + 1 < argc) repeats = std::atoi(argv[++i]);
    else if (arg == "--profile" && i + 1 < argc) profile = argv[++i];
    else {
      std::fprintf(stderr, "usage: %s [--scaling] [--n N] [--ticks T] [--repeats R] [--profile SIDE]\n", argv[0]);
      return 2;
    }
  }
  if (!BtInitialize() || !FloorInitialize()) return 1;
  if (!profile.empty()) return Profile(profile, n, ticks) ? 0 : 2;
  std::printf("creatures workload (tools/bench/creatures.h): bt and a hand-written baseline, same decisions, same run\n");
  std::printf("bt memory per agent: %zu bytes; hand-written state per agent: %zu bytes; Creature: %zu bytes\n",
              sizeof(BtMemory), sizeof(HandState), sizeof(Creature));
  bool ok = true;
  if (scaling) ok = Scaling();

  const Measurement m = Measure(n, ticks, repeats, 1);
  PrintActivations(m);
  ok = ok && m.Agree() && m.Healthy();
  if (!m.Healthy())
    std::printf("bt ticks with an error status: %llu compiled, %llu interpreted\n",
                static_cast<unsigned long long>(m.bt.unhealthy), static_cast<unsigned long long>(m.interpreted.unhealthy));
  std::printf("interpreted tick (TickBehaviorTree, for trees built at run time): %.2f ns, ratio %.2f\n",
              m.interpretedNs, m.InterpretedRatio());
  std::printf("targets: ratio <= 1.3 %s, bytes_per_agent <= 128 %s, allocs == 0 %s\n",
              m.Ratio() <= 1.3 ? "met" : "MISSED", sizeof(BtMemory) <= 128 ? "met" : "MISSED",
              m.btAllocations == 0 ? "met" : "MISSED");
  std::printf("creatures N=%zu T=%d bt_ns=%.2f handwritten_ns=%.2f ratio=%.2f bytes_per_agent=%zu allocs=%llu "
              "bt_activations_per_1000=%.2f handwritten_activations_per_1000=%.2f\n",
              m.n, m.ticks, m.btNs, m.handNs, m.Ratio(), sizeof(BtMemory),
              static_cast<unsigned long long>(m.btAllocations), m.PerThousand(m.bt), m.PerThousand(m.hand));
  const FloorMeasurement floor = MeasureFloor(n, ticks, repeats);
  std::printf("the tick's fixed cost (floor.h: world step and a one-behavior tree): compiled %.2f ns (%.2f of "
              "hand-written), interpreted %.2f ns (%.2f); hand-written %.2f ns\n",
              floor.compiledNs, floor.compiledNs / floor.handNs, floor.interpretedNs, floor.interpretedNs / floor.handNs,
              floor.handNs);
  ok = ok && floor.healthy;
  // A record per agent is ~7 KB: at most 10000 agents keep the measurement's memory modest.
  const WhyMeasurement why = MeasureWhy(std::min<std::size_t>(n, 10000), ticks, repeats);
  std::printf("why record (TickOptions::why) on every agent, interpreted tick: %.2f ns without, %.2f ns with "
              "(x%.2f), allocs with record=%llu %s, same decisions: %s\n",
              why.offNs, why.onNs, why.onNs / why.offNs, static_cast<unsigned long long>(why.onAllocations),
              why.onAllocations == 0 ? "met" : "MISSED", why.agree ? "yes" : "NO");
  ok = ok && why.onAllocations == 0 && why.agree && why.healthy;
  ok = BuilderBench(n, ticks, repeats) && ok;  // trees from data (tools/bench/data_creatures.cpp)
  return ok ? 0 : 1;
}
