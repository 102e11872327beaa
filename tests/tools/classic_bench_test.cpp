// tests/tools/classic_bench_test.cpp — the classic workload's two implementations
// (tools/bench/classic.md) call the same actions, in the same order, on every
// agent at every tick: bt's interpreted and compiled ticks and the hand-written
// baseline. The benchmark's ratio compares equal work only because of this.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "tools/bench/bt_classic.h"
#include "tools/bench/classic.h"
#include "tools/bench/classic_handwritten.h"

namespace {

using bench::Creature;
using bench::MakeCreature;
using namespace bench::classic;

struct Agents {
  std::vector<Creature> creatures;
  explicit Agents(std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) creatures.push_back(MakeCreature(static_cast<std::uint32_t>(i)));
  }
};

// One logged call: action a on its n-th tick (classic.h).
std::uint16_t Call(Action a, int n) { return static_cast<std::uint16_t>(a << 8 | n); }
using Log = std::vector<std::uint16_t>;

}  // namespace

TEST_CASE("classic workload: bt and the hand-written code call the same actions per agent-tick", "[bench][classic]") {
  REQUIRE(BtInitialize());
  constexpr std::size_t kAgents = 300;
  constexpr int kTicks = 1500;
  Agents interpreted(kAgents), compiled(kAgents), hand(kAgents);
  std::vector<BtMemory> interpretedMemory(kAgents), compiledMemory(kAgents);
  std::vector<HandState> handState(kAgents);
  std::vector<std::uint16_t> bt, btCompiled, handLog;
  tActionCounts = {};
  std::size_t unhealthy = 0, mismatches = 0;
  for (int t = 0; t < kTicks; ++t) {
    for (std::size_t i = 0; i < kAgents; ++i) {
      bt.clear();
      btCompiled.clear();
      handLog.clear();
      tLog = &bt;
      unhealthy += BtTick(&interpreted.creatures[i], &interpretedMemory[i], 1, t);
      tLog = &btCompiled;
      unhealthy += BtTickCompiled(&compiled.creatures[i], &compiledMemory[i], 1, t);
      tLog = &handLog;
      HandTick(&hand.creatures[i], &handState[i], 1, t);
      tLog = nullptr;
      if (bt != handLog || btCompiled != handLog) {
        if (++mismatches <= 3) {
          INFO("agent " << i << " tick " << t);
          CHECK(bt == handLog);
          CHECK(btCompiled == handLog);
        }
      }
    }
  }
  CHECK(mismatches == 0);
  CHECK(unhealthy == 0);
  // Every action ran, on all three sides together (so the workload reaches every node).
  for (int a = 0; a < kNumActions; ++a) {
    INFO(kActionNames[a]);
    CHECK(tActionCounts.count[a] > 0);
  }
}

TEST_CASE("classic workload: the hand-written code meets every rule the tree exercises", "[bench][classic]") {
  // One agent, its world set by hand tick by tick: the rules the benchmark's
  // random world reaches only now and then, each met once on purpose.
  REQUIRE(BtInitialize());
  Creature bt = MakeCreature(0), hand = bt;
  BtMemory memory{};
  HandState state{};
  std::vector<std::uint16_t> btLog, handLog;
  const auto tick = [&](int t, auto&& set) {
    set(bt);
    set(hand);
    btLog.clear();
    handLog.clear();
    tLog = &btLog;
    // The world step changes nothing: t = 1 moves neither hunger nor energy, and
    // the draw from rng = 1 raises no threat.
    bt.rng = hand.rng = 1;
    CHECK(BtTick(&bt, &memory, 1, t) == 0);
    tLog = &handLog;
    HandTick(&hand, &state, 1, t);
    tLog = nullptr;
    CHECK(btLog == handLog);
    CHECK(bt.energy == hand.energy);
    return btLog;
  };
  const auto nothing = [](Creature&) {};
  // Hungry, no food seen, too weak to hunt well: HUNT fails on its 10th tick, FORAGE starts then.
  std::vector<std::uint16_t> log = tick(1, [](Creature& c) { c.hunger = 90; c.energy = 40; });
  CHECK(log == Log{Call(kHunt, 1)});
  for (int k = 2; k <= 9; ++k) tick(1, nothing);
  log = tick(1, nothing);
  CHECK(log == (Log{Call(kHunt, 10), Call(kForage, 1)}));
  // A nest threat interrupts EAT; a threat then fails GUARD's re-checked condition and FIGHT takes over.
  log = tick(1, [](Creature& c) { c.nest_threat = true; });
  CHECK(log == (Log{Call(kYell, 1), Call(kLook, 1)}));
  log = tick(1, [](Creature& c) { c.threat = true; c.energy = 80; });
  CHECK(log == Log{Call(kFight, 1)});
}
