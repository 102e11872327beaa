// tests/engine/figure1_test.cpp — the Figure 1 tree of the Spore document, ticked
// through the walkthrough of S01 and beyond, against a trace derived by hand.
#include <catch2/catch.hpp>

#include "tests/support/figure1_tree.h"

using test::Events;
using test::Tick;
using bt::Result;
using bt::Status;

TEST_CASE("TickBehaviorTree runs the Figure 1 tree tick by tick", "[figure1]") {
  using namespace figure1;
  test::TraceAgent agent;
  Memory memory{};

  // Nothing decides yes: the root's children are decided in order and IDLE, which
  // has no Decide, accepts; inside it PLAY rejects and REST accepts.
  auto t = Tick(ROOT, agent, memory, 0.0);
  CHECK(t.result.status == Status::Running);
  CHECK(t.result.decider == &REST);
  CHECK(t.events == Events{"decide FLEE", "decide GUARD", "decide FIGHT", "decide EAT", "decide PLAY",
                           "activate REST_B", "tick REST_B"});

  // EAT accepts: the deciders above IDLE are decided, EAT interrupts, the old path
  // is deactivated before the new one activates and ticks in the same tick.
  agent.decide["EAT"] = 1;
  agent.decide["FIND_FOOD"] = 1;
  t = Tick(ROOT, agent, memory, 1.0);
  CHECK(t.result.decider == &FIND_FOOD);
  CHECK(t.events == Events{"decide FLEE", "decide GUARD", "decide FIGHT", "decide EAT", "deactivate REST_B",
                           "decide FIND_FOOD", "activate FIND_FOOD_B", "tick FIND_FOOD_B"});

  // Hysteresis: only the deciders above the active ones are decided; EAT's and
  // FIND_FOOD's own Decides are not called.
  t = Tick(ROOT, agent, memory, 2.0);
  CHECK(t.events == Events{"decide FLEE", "decide GUARD", "decide FIGHT", "tick FIND_FOOD_B"});

  // FIND_FOOD is done: EAT redecides with it masked, calling its own Decide first
  // (CallDecideOnRedecide), and EAT_FOOD takes over in the same tick.
  agent.tick["FIND_FOOD_B"] = Result::Done;
  agent.decide["EAT_FOOD"] = 1;
  t = Tick(ROOT, agent, memory, 3.0);
  CHECK(t.result.decider == &EAT_FOOD);
  CHECK(t.events == Events{"decide FLEE", "decide GUARD", "decide FIGHT", "tick FIND_FOOD_B", "decide EAT",
                           "decide EAT_FOOD", "deactivate FIND_FOOD_B", "activate EAT_FOOD_B", "tick EAT_FOOD_B"});

  // GUARD accepts and interrupts EAT; a new group decides among its children at once.
  agent.decide["GUARD"] = 1;
  agent.decide["GUARD_PATROL"] = 1;
  t = Tick(ROOT, agent, memory, 4.0);
  CHECK(t.result.decider == &GUARD_PATROL);
  CHECK(t.events == Events{"decide FLEE", "decide GUARD", "deactivate EAT_FOOD_B", "decide GUARD_YELL",
                           "decide GUARD_FIGHT", "decide GUARD_PATROL", "activate PATROL_B", "tick PATROL_B"});

  // Inside GUARD, GUARD_FIGHT interrupts GUARD_PATROL with the shared FIGHT_B.
  agent.decide["GUARD_FIGHT"] = 1;
  t = Tick(ROOT, agent, memory, 5.0);
  CHECK(t.result.decider == &GUARD_FIGHT);
  CHECK(t.events == Events{"decide FLEE", "decide GUARD_YELL", "decide GUARD_FIGHT", "deactivate PATROL_B",
                           "activate FIGHT_B", "tick FIGHT_B"});

  // FIGHT_B is done and the nest is safe: GUARD's own Decide now rejects, so GUARD
  // fails upward and ROOT redecides with GUARD masked; IDLE wins.
  agent.tick["FIGHT_B"] = Result::Done;
  agent.decide["GUARD"] = 0;
  agent.decide["EAT"] = 0;
  t = Tick(ROOT, agent, memory, 6.0);
  CHECK(t.result.decider == &REST);
  CHECK(t.events == Events{"decide FLEE", "decide GUARD_YELL", "tick FIGHT_B", "decide GUARD", "decide FLEE",
                           "decide FIGHT", "decide EAT", "deactivate FIGHT_B", "decide PLAY", "activate REST_B",
                           "tick REST_B"});

  // The same FIGHT_B, now under the root-level FIGHT decider.
  agent.tick["FIGHT_B"] = Result::Running;
  agent.decide["FIGHT"] = 1;
  t = Tick(ROOT, agent, memory, 7.0);
  CHECK(t.result.decider == &FIGHT);
  CHECK(t.events == Events{"decide FLEE", "decide GUARD", "decide FIGHT", "deactivate REST_B", "activate FIGHT_B",
                           "tick FIGHT_B"});

  // FLEE, first in the list, interrupts.
  agent.decide["FLEE"] = 1;
  t = Tick(ROOT, agent, memory, 8.0);
  CHECK(t.result.decider == &FLEE);
  CHECK(t.events == Events{"decide FLEE", "deactivate FIGHT_B", "activate FLEE_B", "tick FLEE_B"});

  // FLEE_B is done: ROOT redecides with FLEE masked; IDLE's PLAY accepts and,
  // being Random, decides all its children; only FLIP accepts.
  agent.tick["FLEE_B"] = Result::Done;
  agent.decide["FLEE"] = 0;
  agent.decide["FIGHT"] = 0;
  agent.decide["PLAY"] = 1;
  agent.decide["FLIP"] = 1;
  t = Tick(ROOT, agent, memory, 9.0);
  CHECK(t.result.decider == &FLIP);
  CHECK(t.events == Events{"tick FLEE_B", "decide GUARD", "decide FIGHT", "decide EAT", "deactivate FLEE_B",
                           "decide PLAY", "decide FLIP", "decide ROLL", "decide DANCE", "activate FLIP_B",
                           "tick FLIP_B"});

  // FLIP_B is done and no other dance accepts: PLAY fails, IDLE redecides with
  // PLAY masked and REST takes over.
  agent.tick["FLIP_B"] = Result::Done;
  agent.decide["FLIP"] = 0;
  t = Tick(ROOT, agent, memory, 10.0);
  CHECK(t.result.decider == &REST);
  CHECK(t.events == Events{"decide FLEE", "decide GUARD", "decide FIGHT", "decide EAT", "tick FLIP_B",
                           "decide ROLL", "decide DANCE", "deactivate FLIP_B", "activate REST_B", "tick REST_B"});

  // Stopping deactivates what is left.
  bt::StopBehaviorTree(ROOT, &agent, memory.Span(), 11.0);
  CHECK(agent.Take() == Events{"deactivate REST_B"});
}

TEST_CASE("The Figure 1 tree fits a small memory block", "[figure1][memory]") {
  REQUIRE(bt::InitializeTreeData(figure1::ROOT));
  CHECK(figure1::CompileTimeMemoryBytes() == bt::MemoryBytesFor(figure1::ROOT));
  // 32 of header, then four levels of 8-byte slots (exclusive siblings share space).
  CHECK(bt::MemoryBytesFor(figure1::ROOT) == 64);
  CHECK(figure1::ROOT.data->tree.depth == 4);
  CHECK(figure1::ROOT.data->tree.numDeciders == 16);
}
