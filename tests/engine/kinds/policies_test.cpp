// tests/engine/kinds/policies_test.cpp — the group policies beside the prioritized list
// (Random, Shuffle, Sequential, Scored) and the hysteresis rule of each, with
// exact traces; Random and Shuffle also statistically over many seeded runs.
#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <deque>
#include <set>
#include <string>
#include <vector>

#include "tests/support/trace_agent.h"

using bt::Result;
using bt::Status;
using test::Events;
using test::Tick;
using test::TraceDecide;

namespace policies {

// A random source the test scripts draw by draw; each draw shows in the trace.
std::deque<std::uint32_t> gScript;
std::uint32_t ScriptedRandom(test::TraceAgent& agent) {
  agent.events.push_back("random");
  if (gScript.empty()) return 0;
  const std::uint32_t next = gScript.front();
  gScript.pop_front();
  return next;
}

// A seeded generator standing in for the agent's own RNG (xorshift32).
std::uint32_t gAgentRng = 1;
std::uint32_t AgentRandom(test::TraceAgent&) {
  gAgentRng ^= gAgentRng << 13;
  gAgentRng ^= gAgentRng >> 17;
  gAgentRng ^= gAgentRng << 5;
  return gAgentRng;
}

TEST_TRACE_BEHAVIOR(A_B);
TEST_TRACE_BEHAVIOR(B_B);
TEST_TRACE_BEHAVIOR(C_B);
TEST_TRACE_BEHAVIOR(D_B);
TEST_TRACE_BEHAVIOR(F_B);
TEST_TRACE_BEHAVIOR(HIGH_B);

BT_DECLARE_DECIDER(A);
BT_DECLARE_DECIDER(B);
BT_DECLARE_DECIDER(C);
BT_DECLARE_DECIDER(D);
BT_DECLARE_DECIDER(F);
BT_DECLARE_DECIDER(HIGH);
BT_DEFINE_DECIDER_BEHAVIOR(A, A_B, TraceDecide);
BT_DEFINE_DECIDER_BEHAVIOR(B, B_B, TraceDecide);
BT_DEFINE_DECIDER_BEHAVIOR(C, C_B, TraceDecide);
BT_DEFINE_DECIDER_BEHAVIOR(D, D_B, TraceDecide);
BT_DEFINE_DECIDER_BEHAVIOR(F, F_B, TraceDecide);
BT_DEFINE_DECIDER_BEHAVIOR(HIGH, HIGH_B, TraceDecide);

BT_DEFINE_DECIDER_GROUP__RANDOM(SCRIPTED_RANDOM, Random, 0, nullptr, ScriptedRandom, A, B, C);
BT_DEFINE_DECIDER_GROUP(WEIGHTED, Random, nullptr, A, B, C, D);
BT_DEFINE_DECIDER_GROUP__RANDOM(AGENT_WEIGHTED, Random, 0, nullptr, AgentRandom, A, B, C, D);

BT_DECLARE_DECIDER(SCRIPTED_SHUFFLE);
BT_DEFINE_DECIDER_GROUP(SHUFFLE_ROOT, PrioritizedList, nullptr, HIGH, SCRIPTED_SHUFFLE);
BT_DEFINE_DECIDER_GROUP__RANDOM(SCRIPTED_SHUFFLE, Shuffle, 0, nullptr, ScriptedRandom, A, B, C);
// Children that each run for two ticks, so a tick ends one and starts the next.
struct Once {
  int ticks;
};
Result TickTwice(test::TraceAgent&, Once& once) { return ++once.ticks >= 2 ? Result::Done : Result::Running; }
BT_DEFINE_BEHAVIOR__MEMORY(TWICE_B, Once, nullptr, TickTwice, nullptr);
BT_DECLARE_DECIDER(S1);
BT_DECLARE_DECIDER(S2);
BT_DECLARE_DECIDER(S3);
BT_DECLARE_DECIDER(S4);
BT_DEFINE_DECIDER_GROUP(SHUFFLE4, Shuffle, nullptr, S1, S2, S3, S4);
BT_DEFINE_DECIDER_BEHAVIOR(S1, TWICE_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(S2, TWICE_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(S3, TWICE_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(S4, TWICE_B, nullptr);

BT_DECLARE_DECIDER(SEQUENCE);
BT_DECLARE_DECIDER(CHECKED_SEQUENCE);
BT_DEFINE_DECIDER_GROUP(SEQUENCE_ROOT, PrioritizedList, nullptr, HIGH, SEQUENCE, F);
BT_DEFINE_DECIDER_GROUP(SEQUENCE, Sequential, nullptr, A, B, C);
BT_DEFINE_DECIDER_GROUP(CHECKED_ROOT, PrioritizedList, nullptr, CHECKED_SEQUENCE, F);
BT_DEFINE_DECIDER_GROUP__FLAGS(CHECKED_SEQUENCE, Sequential, bt::kCallDecideOnRedecide, TraceDecide, A, B);

BT_DECLARE_DECIDER(SCORED);
BT_DEFINE_DECIDER_GROUP(SCORED_ROOT, PrioritizedList, nullptr, SCORED, F);
BT_DEFINE_DECIDER_GROUP(SCORED, Scored, nullptr, A, B, C);

}  // namespace policies

using namespace policies;

TEST_CASE("Random chooses in one pass, drawing from the second acceptor on", "[policies][random]") {
  test::TraceAgent agent;
  bt::MemoryFor<SCRIPTED_RANDOM> memory{};
  gScript.clear();

  SECTION("the first acceptor is taken without a draw; a later one replaces it with probability value/total") {
    agent.decide["B"] = 1;
    agent.decide["C"] = 1;
    gScript = {0x7FFFFFFFu};  // unit just below 0.5: 0.5 * total 2 < value 1, so C replaces B
    const auto t = Tick(SCRIPTED_RANDOM, agent, memory, 0.0);
    CHECK(t.result.decider == &C);
    CHECK(t.events == Events{"decide A", "decide B", "decide C", "random", "activate C_B", "tick C_B"});
  }
  SECTION("a draw of exactly value/total keeps the earlier choice") {
    agent.decide["B"] = 1;
    agent.decide["C"] = 1;
    gScript = {0x80000000u};  // unit 0.5: 0.5 * 2 is not below 1
    const auto t = Tick(SCRIPTED_RANDOM, agent, memory, 0.0);
    CHECK(t.result.decider == &B);
    CHECK(t.events == Events{"decide A", "decide B", "decide C", "random", "activate B_B", "tick B_B"});
  }
  SECTION("children that reject take no draw and are never chosen") {
    agent.decide["A"] = 1;
    agent.decide["C"] = 2;
    gScript = {0xFFFFFFFFu};  // unit ~1: keeps A
    const auto t = Tick(SCRIPTED_RANDOM, agent, memory, 0.0);
    CHECK(t.result.decider == &A);
    CHECK(t.events == Events{"decide A", "decide B", "decide C", "random", "activate A_B", "tick A_B"});
  }
  SECTION("no acceptor: the group fails") {
    const auto t = Tick(SCRIPTED_RANDOM, agent, memory, 0.0);
    CHECK(t.result.status == Status::NoBehavior);
    CHECK(t.events == Events{"decide A", "decide B", "decide C"});
  }
}

TEST_CASE("Random re-decides nothing while a child runs, and redecides with it masked",
          "[policies][random][hysteresis]") {
  test::TraceAgent agent;
  bt::MemoryFor<SCRIPTED_RANDOM> memory{};
  agent.decide["A"] = 1;
  agent.decide["B"] = 1;
  gScript = {0xFFFFFFFFu};
  Tick(SCRIPTED_RANDOM, agent, memory, 0.0);  // A

  agent.decide["C"] = 100;  // would almost surely win, but nobody is asked
  CHECK(Tick(SCRIPTED_RANDOM, agent, memory, 1.0).events == Events{"tick A_B"});

  agent.tick["A_B"] = Result::Done;
  gScript = {0xFFFFFFFFu};  // keeps B against C
  const auto t = Tick(SCRIPTED_RANDOM, agent, memory, 2.0);
  CHECK(t.result.decider == &B);
  CHECK(t.events == Events{"tick A_B", "decide B", "decide C", "random", "deactivate A_B", "activate B_B", "tick B_B"});
}

namespace {

// Chooses `rounds` times from a fresh activation of `root`; counts the choices by child.
template <std::size_t N>
void CountChoices(const bt::DeciderDef& root, test::TraceAgent& agent, bt::Memory<N>& memory, int rounds,
                  std::array<int, 4>& counts) {
  const bt::DeciderDef* children[] = {&A, &B, &C, &D};
  for (int i = 0; i < rounds; ++i) {
    const auto t = Tick(root, agent, memory, i);
    for (int c = 0; c < 4; ++c)
      if (t.result.decider == children[c]) ++counts[c];
    bt::StopBehaviorTree(root, &agent, memory.Span(), i);
    agent.Take();
  }
}

std::vector<const bt::DeciderDef*> Choices(const bt::DeciderDef& root, std::uint32_t seed, int rounds, bool seedBlock) {
  test::TraceAgent agent;
  agent.decide = {{"A", 1}, {"B", 2}, {"C", 3}, {"D", 4}};
  bt::MemoryFor<WEIGHTED> memory{};
  if (seedBlock) bt::SeedMemory(memory.Span(), seed);
  gAgentRng = seed;
  std::vector<const bt::DeciderDef*> choices;
  for (int i = 0; i < rounds; ++i) {
    choices.push_back(Tick(root, agent, memory, i).result.decider);
    bt::StopBehaviorTree(root, &agent, memory.Span(), i);
  }
  return choices;
}

}  // namespace

// 20 seeds x 1000 choices. The runs are seeded, so the test is deterministic;
// the tolerance is what it claims: each frequency within 0.02 of its weight's
// share. The standard deviation of a frequency over 20000 draws is at most
// 0.0035, so 0.02 is over 5 sigma for a correct policy, while a policy that
// ignored the weights (0.25 each) or favored the first or last acceptor misses it.
TEST_CASE("Random chooses each acceptor with probability proportional to its Decide", "[policies][random][stats]") {
  constexpr double kTolerance = 0.02;
  test::TraceAgent agent;
  agent.decide = {{"A", 1}, {"B", 2}, {"C", 0}, {"D", 5}};  // C rejects
  const double expected[4] = {1 / 8.0, 2 / 8.0, 0, 5 / 8.0};
  std::array<int, 4> counts{};
  int total = 0;
  for (std::uint32_t seed = 1; seed <= 20; ++seed) {
    bt::MemoryFor<WEIGHTED> memory{};
    bt::SeedMemory(memory.Span(), seed);  // nearby seeds, like agent ids
    CountChoices(WEIGHTED, agent, memory, 1000, counts);
    total += 1000;
  }
  CHECK(counts[0] + counts[1] + counts[2] + counts[3] == total);
  CHECK(counts[2] == 0);
  for (int c = 0; c < 4; ++c) {
    INFO("child " << c << ": " << counts[c] << " of " << total);
    CHECK(std::abs(counts[c] / double(total) - expected[c]) < kTolerance);
  }

  SECTION("the same holds for a group random source drawn from the agent") {
    std::array<int, 4> fromAgent{};
    bt::MemoryFor<AGENT_WEIGHTED> memory{};
    gAgentRng = 12345;
    CountChoices(AGENT_WEIGHTED, agent, memory, 20000, fromAgent);
    for (int c = 0; c < 4; ++c) {
      INFO("child " << c << ": " << fromAgent[c]);
      CHECK(std::abs(fromAgent[c] / 20000.0 - expected[c]) < kTolerance);
    }
  }
}

// Agents seeded with their ids: the first choice of each must already follow the
// weights. 1000 agents: sigma of a frequency is at most 0.016; tolerance 0.05.
TEST_CASE("Random's first choices across nearby seeds follow the weights", "[policies][random][stats][seed]") {
  test::TraceAgent agent;
  agent.decide = {{"A", 1}, {"B", 2}, {"C", 3}, {"D", 4}};
  std::array<int, 4> counts{};
  for (std::uint32_t id = 1; id <= 1000; ++id) {
    bt::MemoryFor<WEIGHTED> memory{};
    bt::SeedMemory(memory.Span(), id);
    CountChoices(WEIGHTED, agent, memory, 1, counts);
  }
  for (int c = 0; c < 4; ++c) {
    INFO("child " << c << ": " << counts[c]);
    CHECK(std::abs(counts[c] / 1000.0 - (c + 1) / 10.0) < 0.05);
  }
}

TEST_CASE("Random is reproducible from its seed", "[policies][random][seed]") {
  SECTION("the memory block's seed, set with SeedMemory") {
    CHECK(Choices(WEIGHTED, 7, 64, true) == Choices(WEIGHTED, 7, 64, true));
    CHECK(Choices(WEIGHTED, 7, 64, true) != Choices(WEIGHTED, 8, 64, true));
  }
  SECTION("a group random source: the agent's generator, the block's untouched") {
    CHECK(Choices(AGENT_WEIGHTED, 7, 64, false) == Choices(AGENT_WEIGHTED, 7, 64, false));
    CHECK(Choices(AGENT_WEIGHTED, 7, 64, false) != Choices(AGENT_WEIGHTED, 8, 64, false));
    test::TraceAgent agent;
    agent.decide = {{"A", 1}, {"B", 1}};
    bt::MemoryFor<AGENT_WEIGHTED> memory{};
    bt::SeedMemory(memory.Span(), 99);
    const std::uint32_t seeded = reinterpret_cast<const bt::MemoryHeader*>(memory.bytes)->rng;
    Tick(AGENT_WEIGHTED, agent, memory, 0.0);
    CHECK(reinterpret_cast<const bt::MemoryHeader*>(memory.bytes)->rng == seeded);
  }
}

TEST_CASE("Shuffle runs the children in a shuffled order, each once per round", "[policies][shuffle]") {
  test::TraceAgent agent;
  bt::MemoryFor<SHUFFLE_ROOT> memory{};
  for (const char* name : {"A", "B", "C"}) agent.decide[name] = 1;
  gScript = {2, 1};  // Fisher-Yates keeps the identity: order A, B, C

  auto t = Tick(SHUFFLE_ROOT, agent, memory, 0.0);
  CHECK(t.result.decider == &A);
  CHECK(t.events == Events{"decide HIGH", "random", "random", "decide A", "activate A_B", "tick A_B"});

  // Hysteresis: nothing in the group is decided while a child runs.
  CHECK(Tick(SHUFFLE_ROOT, agent, memory, 1.0).events == Events{"decide HIGH", "tick A_B"});

  agent.tick["A_B"] = Result::Done;
  t = Tick(SHUFFLE_ROOT, agent, memory, 2.0);
  CHECK(t.events == Events{"decide HIGH", "tick A_B", "decide B", "deactivate A_B", "activate B_B", "tick B_B"});
  agent.tick["A_B"] = Result::Running;

  SECTION("when no child left in the round accepts, a new round starts; no Decide is called twice") {
    agent.tick["B_B"] = Result::Done;
    agent.decide["C"] = 0;
    gScript.clear();  // draws of 0: the new order is B, C, A; B is masked and C has rejected already
    t = Tick(SHUFFLE_ROOT, agent, memory, 3.0);
    CHECK(t.result.decider == &A);
    CHECK(t.events == Events{"decide HIGH", "tick B_B", "decide C", "random", "random", "decide A", "deactivate B_B",
                             "activate A_B", "tick A_B"});
  }
  SECTION("when the round is over a new one starts, never with the child that just finished") {
    agent.tick["B_B"] = Result::Done;
    Tick(SHUFFLE_ROOT, agent, memory, 3.0);  // C
    agent.tick["B_B"] = Result::Running;
    agent.tick["C_B"] = Result::Done;
    gScript = {0, 0};  // the new order is B, C, A (C is masked anyway)
    t = Tick(SHUFFLE_ROOT, agent, memory, 4.0);
    CHECK(t.result.decider == &B);
    CHECK(t.events == Events{"decide HIGH", "tick C_B", "random", "random", "decide B", "deactivate C_B",
                             "activate B_B", "tick B_B"});
  }
  SECTION("no child accepts: the round's Decides are each called once and the group fails") {
    agent.decide["B"] = 0;
    agent.decide["C"] = 0;
    agent.tick["A_B"] = Result::Done;
    bt::StopBehaviorTree(SHUFFLE_ROOT, &agent, memory.Span(), 3.0);
    agent.Take();
    gScript = {2, 1};
    t = Tick(SHUFFLE_ROOT, agent, memory, 4.0);  // A runs and is done; B and C reject
    CHECK(t.result.status == Status::NoBehavior);
    CHECK(t.events == Events{"decide HIGH", "random", "random", "decide A", "activate A_B", "tick A_B", "decide B",
                             "decide C", "random", "random", "decide HIGH", "deactivate A_B"});
  }
  SECTION("an interrupted group starts a new round when it is activated again") {
    agent.decide["HIGH"] = 1;
    Tick(SHUFFLE_ROOT, agent, memory, 3.0);
    agent.decide["HIGH"] = 0;
    agent.tick["HIGH_B"] = Result::Done;
    gScript = {2, 1};
    t = Tick(SHUFFLE_ROOT, agent, memory, 4.0);
    CHECK(t.result.decider == &A);
    // The group chooses when it is activated, after the old path is deactivated.
    CHECK(t.events ==
          Events{"tick HIGH_B", "deactivate HIGH_B", "random", "random", "decide A", "activate A_B", "tick A_B"});
  }
}

TEST_CASE("Shuffle plays each child once before any repeats, in varying orders", "[policies][shuffle][stats]") {
  test::TraceAgent agent;
  for (std::uint32_t seed : {1u, 2u, 3u, 0xDEADBEEFu}) {
    bt::MemoryFor<SHUFFLE4> memory{};
    bt::SeedMemory(memory.Span(), seed);
    // From the second tick on, each tick ends the running child and starts the next.
    std::vector<const bt::DeciderDef*> played;
    for (int i = 0; i < 400; ++i) played.push_back(Tick(SHUFFLE4, agent, memory, i).result.decider);
    std::set<std::vector<const bt::DeciderDef*>> orders;
    for (std::size_t round = 0; round + 4 <= played.size(); round += 4) {
      const std::vector<const bt::DeciderDef*> order(played.begin() + round, played.begin() + round + 4);
      const std::set<const bt::DeciderDef*> distinct(order.begin(), order.end());
      INFO("seed " << seed << ", round at " << round);
      CHECK(distinct.size() == 4);
      orders.insert(order);
    }
    CHECK(orders.size() > 12);  // of the 24 permutations, most show up in 100 rounds
  }
}

TEST_CASE("Sequential runs its children in order", "[policies][sequential]") {
  test::TraceAgent agent;
  bt::MemoryFor<SEQUENCE_ROOT> memory{};
  for (const char* name : {"A", "B", "C", "F"}) agent.decide[name] = 1;
  auto t = Tick(SEQUENCE_ROOT, agent, memory, 0.0);
  CHECK(t.result.decider == &A);
  CHECK(t.events == Events{"decide HIGH", "decide A", "activate A_B", "tick A_B"});

  // Hysteresis: no child's Decide is called while one runs.
  CHECK(Tick(SEQUENCE_ROOT, agent, memory, 1.0).events == Events{"decide HIGH", "tick A_B"});

  SECTION("a child that is done starts the next") {
    agent.tick["A_B"] = Result::Done;
    t = Tick(SEQUENCE_ROOT, agent, memory, 2.0);
    CHECK(t.result.decider == &B);
    CHECK(t.events == Events{"decide HIGH", "tick A_B", "decide B", "deactivate A_B", "activate B_B", "tick B_B"});
  }
  SECTION("a child that rejects is skipped") {
    agent.tick["A_B"] = Result::Done;
    agent.decide["B"] = 0;
    t = Tick(SEQUENCE_ROOT, agent, memory, 2.0);
    CHECK(t.result.decider == &C);
    CHECK(t.events ==
          Events{"decide HIGH", "tick A_B", "decide B", "decide C", "deactivate A_B", "activate C_B", "tick C_B"});
  }
  SECTION("a child that fails fails the group; the parent redecides with the group masked") {
    agent.tick["A_B"] = Result::Failed;
    t = Tick(SEQUENCE_ROOT, agent, memory, 2.0);
    CHECK(t.result.decider == &F);
    CHECK(t.events ==
          Events{"decide HIGH", "tick A_B", "decide HIGH", "decide F", "deactivate A_B", "activate F_B", "tick F_B"});
  }
  SECTION("the group is done after its last child") {
    agent.tick["A_B"] = Result::Done;
    agent.decide["B"] = 0;
    Tick(SEQUENCE_ROOT, agent, memory, 2.0);  // C
    agent.tick["C_B"] = Result::Done;
    t = Tick(SEQUENCE_ROOT, agent, memory, 3.0);
    CHECK(t.result.decider == &F);
    CHECK(t.events ==
          Events{"decide HIGH", "tick C_B", "decide HIGH", "decide F", "deactivate C_B", "activate F_B", "tick F_B"});
  }
  SECTION("an interrupted sequence starts again from its first child") {
    agent.tick["A_B"] = Result::Done;
    Tick(SEQUENCE_ROOT, agent, memory, 2.0);  // B
    agent.decide["HIGH"] = 1;
    Tick(SEQUENCE_ROOT, agent, memory, 3.0);
    agent.decide["HIGH"] = 0;
    agent.tick["HIGH_B"] = Result::Done;
    agent.tick["A_B"] = Result::Running;
    t = Tick(SEQUENCE_ROOT, agent, memory, 4.0);
    CHECK(t.result.decider == &A);
    CHECK(t.events == Events{"tick HIGH_B", "deactivate HIGH_B", "decide A", "activate A_B", "tick A_B"});
  }
}

TEST_CASE("Sequential as the root reports Done after its last child", "[policies][sequential]") {
  test::TraceAgent agent;
  bt::MemoryFor<SEQUENCE> memory{};
  agent.decide = {{"A", 1}, {"B", 1}, {"C", 1}};
  agent.tick = {{"A_B", Result::Done}, {"B_B", Result::Done}, {"C_B", Result::Done}};
  const auto t = Tick(SEQUENCE, agent, memory, 0.0);
  CHECK(t.result.status == Status::Done);
  CHECK(t.events == Events{"decide A", "activate A_B", "tick A_B", "decide B", "deactivate A_B", "activate B_B",
                           "tick B_B", "decide C", "deactivate B_B", "activate C_B", "tick C_B", "deactivate C_B"});
}

TEST_CASE("Sequential with CallDecideOnRedecide asks its own Decide before the next child", "[policies][sequential]") {
  test::TraceAgent agent;
  bt::MemoryFor<CHECKED_ROOT> memory{};
  agent.decide = {{"CHECKED_SEQUENCE", 1}, {"A", 1}, {"B", 1}, {"F", 1}};
  Tick(CHECKED_ROOT, agent, memory, 0.0);
  agent.tick["A_B"] = Result::Done;

  SECTION("it still accepts: the next child starts") {
    const auto t = Tick(CHECKED_ROOT, agent, memory, 1.0);
    CHECK(t.result.decider == &B);
    CHECK(t.events ==
          Events{"tick A_B", "decide CHECKED_SEQUENCE", "decide B", "deactivate A_B", "activate B_B", "tick B_B"});
  }
  SECTION("it rejects: the group fails") {
    agent.decide["CHECKED_SEQUENCE"] = 0;
    const auto t = Tick(CHECKED_ROOT, agent, memory, 1.0);
    CHECK(t.result.decider == &F);
    CHECK(t.events ==
          Events{"tick A_B", "decide CHECKED_SEQUENCE", "decide F", "deactivate A_B", "activate F_B", "tick F_B"});
  }
}

TEST_CASE("Scored calls every Decide and runs the highest score", "[policies][scored]") {
  test::TraceAgent agent;
  bt::MemoryFor<SCORED_ROOT> memory{};
  agent.decide["F"] = 1;

  SECTION("the highest wins wherever it is") {
    agent.decide = {{"A", 1}, {"B", 3}, {"C", 2}};
    const auto t = Tick(SCORED_ROOT, agent, memory, 0.0);
    CHECK(t.result.decider == &B);
    CHECK(t.events == Events{"decide A", "decide B", "decide C", "activate B_B", "tick B_B"});
  }
  SECTION("ties go to the earlier child") {
    agent.decide = {{"A", 0.5f}, {"B", 2}, {"C", 2}};
    CHECK(Tick(SCORED_ROOT, agent, memory, 0.0).result.decider == &B);
  }
  SECTION("a score of 0 or less never wins, even when it is the highest") {
    agent.decide = {{"A", -1}, {"B", 0}, {"C", -0.5f}, {"F", 1}};
    const auto t = Tick(SCORED_ROOT, agent, memory, 0.0);
    CHECK(t.result.decider == &F);
    CHECK(t.events == Events{"decide A", "decide B", "decide C", "decide F", "activate F_B", "tick F_B"});
  }
  SECTION("a NaN score never wins") {
    agent.decide = {{"A", std::nanf("")}, {"B", 0.25f}};
    CHECK(Tick(SCORED_ROOT, agent, memory, 0.0).result.decider == &B);
  }
  SECTION("nothing is re-scored while a child runs; a done child is masked out of the next competition") {
    agent.decide = {{"A", 1}, {"B", 3}, {"C", 2}};
    Tick(SCORED_ROOT, agent, memory, 0.0);
    agent.decide["A"] = 10;
    CHECK(Tick(SCORED_ROOT, agent, memory, 1.0).events == Events{"tick B_B"});
    agent.tick["B_B"] = Result::Done;
    const auto t = Tick(SCORED_ROOT, agent, memory, 2.0);
    CHECK(t.result.decider == &A);
    CHECK(t.events == Events{"tick B_B", "decide A", "decide C", "deactivate B_B", "activate A_B", "tick A_B"});
  }
}
