// tests/engine/dblock_test.cpp — DBlocks (Spore S07, S22): what a Decide fills, which
// candidate's block the behavior gets, and how long it lives.
#include <catch2/catch.hpp>
#include <string>

#include "tests/support/trace_agent.h"

using bt::Result;
using test::Events;
using test::Tick;

namespace dblk {

// What the Decide found, for its behavior. `id` starts at -1, so a Decide can
// tell a fresh block from one left over by an earlier call.
struct Pick {
  int id = -1;
  float score = 0;
};
struct Other {
  int unused;
};

// Decides as scripted by the trace, noting whether its block was fresh, and
// writes its own id (the decider's last letter: A is 0) and score into it.
float DecidePick(test::TraceAgent& agent, Pick& pick, const bt::DecideContext& context) {
  const std::string name = context.decider->name;
  agent.events.push_back("decide " + name + (pick.id == -1 ? " fresh" : " stale"));
  const auto found = agent.decide.find(name);
  pick.id = name.back() - 'A';
  pick.score = found == agent.decide.end() ? 0.0f : found->second;
  return pick.score;
}

// Each behavior function logs the decider that runs it and the id in the DBlock it sees.
std::string Seen(const bt::Context& context) {
  const Pick* pick = context.DBlock<Pick>();
  return std::string(context.decider->name) + " sees " + (pick ? std::to_string(pick->id) : "none");
}
bool PickActivate(test::TraceAgent& agent, const bt::Context& context) {
  agent.events.push_back("activate " + Seen(context));
  return true;
}
Result PickTick(test::TraceAgent& agent, const bt::Context& context) {
  agent.events.push_back("tick " + Seen(context));
  const auto found = agent.tick.find(context.decider->name);
  return found == agent.tick.end() ? Result::Running : found->second;
}
void PickDeactivate(test::TraceAgent& agent, const bt::Context& context) {
  agent.events.push_back("deactivate " + Seen(context));
}
bool OtherTypeIsNull(test::TraceAgent& agent, const bt::Context& context) {
  agent.events.push_back(context.DBlock<Other>() == nullptr ? "no Other" : "an Other");
  return true;
}

BT_DEFINE_BEHAVIOR(PICK_B, PickActivate, PickTick, PickDeactivate);
BT_DEFINE_BEHAVIOR(CHECK_TYPE_B, OtherTypeIsNull, PickTick, nullptr);

BT_DECLARE_DECIDER(PA);
BT_DECLARE_DECIDER(PB);
BT_DECLARE_DECIDER(PC);
BT_DECLARE_DECIDER(PLAIN);
BT_DECLARE_DECIDER(UNDECIDED);
BT_DEFINE_DECIDER_BEHAVIOR__DBLOCK(PA, PICK_B, DecidePick, Pick);
BT_DEFINE_DECIDER_BEHAVIOR__DBLOCK(PB, PICK_B, DecidePick, Pick);
BT_DEFINE_DECIDER_BEHAVIOR__DBLOCK(PC, PICK_B, DecidePick, Pick);
BT_DEFINE_DECIDER_BEHAVIOR(PLAIN, PICK_B, nullptr);                    // no DBlock
BT_DEFINE_DECIDER_BEHAVIOR__DBLOCK(UNDECIDED, PICK_B, nullptr, Pick);  // a DBlock, no Decide
BT_DEFINE_DECIDER_BEHAVIOR__DBLOCK(TYPED, CHECK_TYPE_B, DecidePick, Pick);

BT_DEFINE_DECIDER_GROUP(LIST_ROOT, PrioritizedList, nullptr, PA, PB, PC);
BT_DEFINE_DECIDER_GROUP(SCORED_ROOT, Scored, nullptr, PA, PB, PC);
BT_DEFINE_DECIDER_GROUP(RANDOM_ROOT, Random, nullptr, PA, PB, PC);
BT_DEFINE_DECIDER_GROUP(DEFAULTS_ROOT, PrioritizedList, nullptr, PLAIN, UNDECIDED);
}  // namespace dblk

using namespace dblk;

TEST_CASE("A Decide fills a fresh DBlock that its behavior reads from Activate to Deactivate", "[dblock]") {
  test::TraceAgent agent;
  bt::MemoryFor<LIST_ROOT> memory{};
  agent.decide["PB"] = 1;
  auto t = Tick(LIST_ROOT, agent, memory, 0.0);
  CHECK(t.events == Events{"decide PA fresh", "decide PB fresh", "activate PB sees 1", "tick PB sees 1"});

  SECTION("a sibling's Decide, called every tick, does not touch the active decider's block") {
    for (double time : {1.0, 2.0})
      CHECK(Tick(LIST_ROOT, agent, memory, time).events == Events{"decide PA fresh", "tick PB sees 1"});
  }
  SECTION("an interrupted behavior deactivates with its own block; the new one activates with its own") {
    agent.decide["PA"] = 1;
    CHECK(Tick(LIST_ROOT, agent, memory, 1.0).events ==
          Events{"decide PA fresh", "deactivate PB sees 1", "activate PA sees 0", "tick PA sees 0"});
  }
  SECTION("on a masked redecide the replacement's Decide runs first, yet the old behavior keeps its block") {
    agent.tick["PB"] = Result::Done;
    agent.decide["PC"] = 1;
    CHECK(Tick(LIST_ROOT, agent, memory, 1.0).events == Events{"decide PA fresh", "tick PB sees 1", "decide PA fresh",
                                                               "decide PC fresh", "deactivate PB sees 1",
                                                               "activate PC sees 2", "tick PC sees 2"});
  }
  SECTION("a decider activated again decides into a fresh block, which its behavior gets") {
    agent.decide["PA"] = 1;
    Tick(LIST_ROOT, agent, memory, 1.0);
    agent.tick["PA"] = Result::Done;
    agent.decide["PB"] = 7;
    const auto again = Tick(LIST_ROOT, agent, memory, 2.0);
    CHECK(again.events ==
          Events{"tick PA sees 0", "decide PB fresh", "deactivate PA sees 0", "activate PB sees 1", "tick PB sees 1"});
    CHECK(again.result.decider == &PB);
  }
}

TEST_CASE("Under Scored the behavior gets the winner's DBlock, not the last one filled", "[dblock][scored]") {
  test::TraceAgent agent;
  bt::MemoryFor<SCORED_ROOT> memory{};
  agent.decide = {{"PA", 1}, {"PB", 3}, {"PC", 2}};
  const auto t = Tick(SCORED_ROOT, agent, memory, 0.0);
  CHECK(t.result.decider == &PB);
  CHECK(t.events ==
        Events{"decide PA fresh", "decide PB fresh", "decide PC fresh", "activate PB sees 1", "tick PB sees 1"});
}

TEST_CASE("Under Random the behavior gets the chosen candidate's DBlock", "[dblock][random]") {
  test::TraceAgent agent;
  agent.decide = {{"PA", 1}, {"PB", 1}, {"PC", 1}};
  int chosen[3] = {};
  for (std::uint32_t seed = 1; seed <= 60; ++seed) {
    bt::MemoryFor<RANDOM_ROOT> memory{};
    bt::SeedMemory(memory.Span(), seed);
    const auto t = Tick(RANDOM_ROOT, agent, memory, 0.0);
    const int id = t.result.decider == &PA ? 0 : t.result.decider == &PB ? 1 : 2;
    ++chosen[id];
    const std::string name = t.result.decider->name;
    CHECK(t.events.back() == "tick " + name + " sees " + std::to_string(id));
  }
  for (int count : chosen) CHECK(count > 0);  // every candidate was chosen at least once
}

TEST_CASE("A decider without a DBlock gives none; one without a Decide gives a default block", "[dblock]") {
  test::TraceAgent agent;
  bt::MemoryFor<DEFAULTS_ROOT> memory{};
  CHECK(Tick(DEFAULTS_ROOT, agent, memory, 0.0).events == Events{"activate PLAIN sees none", "tick PLAIN sees none"});
  agent.tick["PLAIN"] = Result::Done;
  CHECK(Tick(DEFAULTS_ROOT, agent, memory, 1.0).events == Events{"tick PLAIN sees none", "deactivate PLAIN sees none",
                                                                 "activate UNDECIDED sees -1",
                                                                 "tick UNDECIDED sees -1"});
}

TEST_CASE("Context::DBlock returns null for a type other than the decider's", "[dblock]") {
  test::TraceAgent agent;
  bt::MemoryFor<TYPED> memory{};
  agent.decide["TYPED"] = 1;
  CHECK(Tick(TYPED, agent, memory, 0.0).events == Events{"decide TYPED fresh", "no Other", "tick TYPED sees 3"});
}

// Found by the tick fuzzer: the buffer a group's candidates decide into is shared,
// so a decider without a Decide used to hand its behavior what a rejecting sibling
// had written there (PA's id 0) instead of a fresh block.
namespace dblk {
BT_DEFINE_DECIDER_GROUP(STALE_ROOT, PrioritizedList, nullptr, PA, UNDECIDED);
}  // namespace dblk

TEST_CASE("A decider without a Decide does not inherit a rejecting sibling's DBlock", "[dblock][regression]") {
  test::TraceAgent agent;
  bt::MemoryFor<STALE_ROOT> memory{};
  agent.decide["PA"] = 0;  // PA writes id 0 into the shared buffer, then rejects
  const auto t = Tick(STALE_ROOT, agent, memory, 0.0);
  CHECK(t.result.decider == &UNDECIDED);
  CHECK(t.events == Events{"decide PA fresh", "activate UNDECIDED sees -1", "tick UNDECIDED sees -1"});
}
