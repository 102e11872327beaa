// tools/bench/micro.cpp — Google Benchmark of the parts of a tick, to guide work
// on bt/engine/tick.cpp. Each benchmark ticks one agent of a small tree made to exercise
// one part; the creatures benchmarks tick the whole workload for scale.
//
//   Steady            a 3-deep active path, nothing above it to ask
//   Checks/Flags      8 deciders above the active one, rejected by a flag precondition
//   Checks/Decide     8 deciders above the active one, rejected by their Decide
//   MaskedRedecide    every tick a behavior is done and its group picks the other child
//   InterruptCycle    two ticks: one interrupts the active behavior, the next the
//                     interrupter fails and its group redecides back
//   Creatures*        one tick of 1,000 creatures (world step included), bt and hand-written
// Each tree part runs twice: /interpreted (TickBehaviorTree) and /compiled
// (TickBehaviorTreeCompiled<ROOT>, bt/engine/compiled_tick.h).
#include <benchmark/benchmark.h>

#include <vector>

#include "bt/bt.h"
#include "tools/bench/bt_creatures.h"
#include "tools/bench/handwritten.h"

namespace {

struct Agent {
  bool alarm = false;
};

// ---------------------------------------------------------------- behaviors
bt::Result RunForever(Agent&) { return bt::Result::Running; }
bt::Result RunWhileAlarm(Agent& a) { return a.alarm ? bt::Result::Running : bt::Result::Failed; }
struct Ticks {
  int n;
};
bt::Result RunTwoTicks(Agent&, Ticks& m) { return ++m.n < 2 ? bt::Result::Running : bt::Result::Done; }

BT_DEFINE_BEHAVIOR__TICK(FOREVER, RunForever);
BT_DEFINE_BEHAVIOR__TICK(WHILE_ALARM, RunWhileAlarm);
BT_DEFINE_BEHAVIOR__MEMORY(TWO_TICKS, Ticks, nullptr, RunTwoTicks, nullptr);

bool Never(const Agent&) { return false; }
bool Alarmed(const Agent& a) { return a.alarm; }

// ---------------------------------------------------------------- trees
BT_DECLARE_DECIDER(S_MID);
BT_DECLARE_DECIDER(S_LEAF);
BT_DEFINE_DECIDER_GROUP(S_ROOT, PrioritizedList, nullptr, S_MID);
BT_DEFINE_DECIDER_GROUP(S_MID, PrioritizedList, nullptr, S_LEAF);
BT_DEFINE_DECIDER_BEHAVIOR(S_LEAF, FOREVER, nullptr);

constexpr auto kFlagOff = bt::Preconditions{}.DecisionAllSet(1);  // the tick passes no flags
#define MICRO_FLAG_CHECK(NAME) BT_DEFINE_DECIDER_BEHAVIOR__PRE(NAME, FOREVER, nullptr, kFlagOff)
#define MICRO_DECIDE_CHECK(NAME) BT_DEFINE_DECIDER_BEHAVIOR(NAME, FOREVER, Never)
MICRO_FLAG_CHECK(F0); MICRO_FLAG_CHECK(F1); MICRO_FLAG_CHECK(F2); MICRO_FLAG_CHECK(F3);
MICRO_FLAG_CHECK(F4); MICRO_FLAG_CHECK(F5); MICRO_FLAG_CHECK(F6); MICRO_FLAG_CHECK(F7);
MICRO_DECIDE_CHECK(D0); MICRO_DECIDE_CHECK(D1); MICRO_DECIDE_CHECK(D2); MICRO_DECIDE_CHECK(D3);
MICRO_DECIDE_CHECK(D4); MICRO_DECIDE_CHECK(D5); MICRO_DECIDE_CHECK(D6); MICRO_DECIDE_CHECK(D7);
BT_DEFINE_DECIDER_BEHAVIOR(RUN, FOREVER, nullptr);
BT_DEFINE_DECIDER_GROUP(F_ROOT, PrioritizedList, nullptr, F0, F1, F2, F3, F4, F5, F6, F7, RUN);
BT_DEFINE_DECIDER_GROUP(D_ROOT, PrioritizedList, nullptr, D0, D1, D2, D3, D4, D5, D6, D7, RUN);

BT_DEFINE_DECIDER_BEHAVIOR(M_A, TWO_TICKS, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(M_B, TWO_TICKS, nullptr);
BT_DEFINE_DECIDER_GROUP(M_ROOT, Random, nullptr, M_A, M_B);  // Random: no hysteresis checks

BT_DEFINE_DECIDER_BEHAVIOR(I_ALARM, WHILE_ALARM, Alarmed);
BT_DEFINE_DECIDER_BEHAVIOR(I_WORK, FOREVER, nullptr);
BT_DEFINE_DECIDER_GROUP(I_ROOT, PrioritizedList, nullptr, I_ALARM, I_WORK);

// ---------------------------------------------------------------- one agent
template <const bt::DeciderDef& Root, bool kCompiled>
bt::TickResult Tick(Agent& agent, bt::MemoryFor<Root>& memory, double time) {
  if constexpr (kCompiled) return bt::TickBehaviorTreeCompiled<Root>(agent, memory, time, 1.0f / 30);
  else return bt::TickBehaviorTree(Root, agent, memory, time, 1.0f / 30);
}

template <const bt::DeciderDef& Root, bool kCompiled>
void TickOne(benchmark::State& state) {
  Agent agent;
  bt::MemoryFor<Root> memory{};
  double time = 0;
  for (auto _ : state) {
    time += 1.0 / 30;
    benchmark::DoNotOptimize(Tick<Root, kCompiled>(agent, memory, time));
  }
}

template <bool kCompiled>
void InterruptCycle(benchmark::State& state) {
  Agent agent;
  bt::MemoryFor<I_ROOT> memory{};
  double time = 0;
  for (auto _ : state) {
    agent.alarm = true;  // I_ALARM interrupts I_WORK
    time += 1.0 / 30;
    benchmark::DoNotOptimize(Tick<I_ROOT, kCompiled>(agent, memory, time));
    agent.alarm = false;  // I_ALARM fails: ROOT redecides without it, back to I_WORK
    time += 1.0 / 30;
    benchmark::DoNotOptimize(Tick<I_ROOT, kCompiled>(agent, memory, time));
  }
}

// ---------------------------------------------------------------- the creatures workload
constexpr std::size_t kCreatures = 1000;

template <bool kCompiled>
void CreaturesBt(benchmark::State& state) {
  bench::BtInitialize();
  std::vector<bench::Creature> creatures;
  for (std::uint32_t i = 0; i < kCreatures; ++i) creatures.push_back(bench::MakeCreature(i));
  std::vector<bench::BtMemory> memory(kCreatures);
  const auto tick = kCompiled ? bench::BtTickCompiled : bench::BtTick;
  int t = 0;
  for (auto _ : state) benchmark::DoNotOptimize(tick(creatures.data(), memory.data(), kCreatures, t++));
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kCreatures));
}

void CreaturesHand(benchmark::State& state) {
  std::vector<bench::Creature> creatures;
  for (std::uint32_t i = 0; i < kCreatures; ++i) creatures.push_back(bench::MakeCreature(i));
  std::vector<bench::HandState> hand(kCreatures);
  int t = 0;
  for (auto _ : state) {
    bench::HandTick(creatures.data(), hand.data(), kCreatures, t++);
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kCreatures));
}

}  // namespace

BENCHMARK(TickOne<S_ROOT, false>)->Name("Steady/interpreted");
BENCHMARK(TickOne<S_ROOT, true>)->Name("Steady/compiled");
BENCHMARK(TickOne<F_ROOT, false>)->Name("Checks/Flags/interpreted");
BENCHMARK(TickOne<F_ROOT, true>)->Name("Checks/Flags/compiled");
BENCHMARK(TickOne<D_ROOT, false>)->Name("Checks/Decide/interpreted");
BENCHMARK(TickOne<D_ROOT, true>)->Name("Checks/Decide/compiled");
BENCHMARK(TickOne<M_ROOT, false>)->Name("MaskedRedecide/interpreted");
BENCHMARK(TickOne<M_ROOT, true>)->Name("MaskedRedecide/compiled");
BENCHMARK(InterruptCycle<false>)->Name("InterruptCycle/interpreted");
BENCHMARK(InterruptCycle<true>)->Name("InterruptCycle/compiled");
BENCHMARK(CreaturesBt<false>)->Name("Creatures/bt/interpreted");
BENCHMARK(CreaturesBt<true>)->Name("Creatures/bt/compiled");
BENCHMARK(CreaturesHand)->Name("Creatures/handwritten");

BENCHMARK_MAIN();
