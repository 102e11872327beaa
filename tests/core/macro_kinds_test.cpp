// tests/core/macro_kinds_test.cpp — the kinds of MBT and the selection trees declared
// with the macros: BT_EVENT_TRANSITIONS on a StateMachine's states (ticked by
// the reference and the compiled tick alike), BT_TRANSITIONS with
// BT_DEFINE_CONDITION on a SelectionStateMachine, BT_SCOPE on a GroupScope.
#include <catch2/catch.hpp>

#include <cstring>
#include <string>

#include "bt/bt.h"
#include "bt/engine/compiled_tick.h"
#include "tests/support/trace_agent.h"

namespace macro_kinds {

using test::Events;

TEST_TRACE_BEHAVIOR(IDLE_B);
TEST_TRACE_BEHAVIOR(COMBAT_B);
TEST_TRACE_BEHAVIOR(FLEE_B);
TEST_TRACE_BEHAVIOR(SEARCH_B);
TEST_TRACE_BEHAVIOR(SHOOT_B);
TEST_TRACE_BEHAVIOR(LOOK_B);

// MBT: <StateMachine> <State name="IDLE"> <Transition to="COMBAT" onEvent="OnEnemySeen"/> ...
BT_DEFINE_GROUP(MACHINE, StateMachine, BT_CHILDREN(IDLE, COMBAT, FLEE));
BT_DEFINE_GROUP(IDLE, Decorator, BT_CHILDREN(IDLE_TREE), BT_EVENT_TRANSITIONS({bt::NameId("OnEnemySeen"), 1}));
BT_DEFINE_GROUP(COMBAT, Decorator, BT_CHILDREN(COMBAT_TREE),
                BT_EVENT_TRANSITIONS({bt::NameId("OnEnemyLost"), 0}, {bt::NameId("OnHurt"), 2}));
BT_DEFINE_DECIDER(FLEE, FLEE_B, BT_EVENT_TRANSITIONS({bt::NameId("OnSafe"), 0}));  // a leaf as a state
BT_DEFINE_DECIDER(IDLE_TREE, IDLE_B);
BT_DEFINE_DECIDER(COMBAT_TREE, COMBAT_B);

// A selection tree: SEARCH -> SHOOT while SEES, back when LOST.
BT_DEFINE_CONDITION(SEES, BT_DECIDE(test::TraceDecide));
BT_DEFINE_CONDITION(LOST, BT_DECIDE(test::TraceDecide));
BT_DEFINE_GROUP(ALERT, SelectionStateMachine, BT_CHILDREN(SEARCH, SHOOT), BT_TRANSITIONS({0, 1, &SEES}, {1, 0, &LOST}));
BT_DEFINE_DECIDER(SEARCH, SEARCH_B);
BT_DEFINE_DECIDER(SHOOT, SHOOT_B);

bt::Scope gInvestigators;
bt::Scope* FindScope(void*, const char* name) {
  return std::strcmp(name, "DeadBodyInvestigator") == 0 ? &gInvestigators : nullptr;
}
BT_DEFINE_GROUP(GUARD, GroupScope, BT_CHILDREN(LOOK), BT_SCOPE("DeadBodyInvestigator", 2, FindScope));
BT_DEFINE_DECIDER(LOOK, LOOK_B);

}  // namespace macro_kinds

using namespace macro_kinds;

TEST_CASE("Macro StateMachine: BT_EVENT_TRANSITIONS on its states, the same with both ticks", "[macros][state_machine]") {
  STATIC_REQUIRE(COMBAT.config.eventTransitionCount == 2);
  STATIC_REQUIRE(COMBAT.config.eventTransitions[1].onEvent == bt::NameId("OnHurt"));
  STATIC_REQUIRE(COMBAT.config.eventTransitions[1].to == 2);
  STATIC_REQUIRE(FLEE.config.eventTransitionCount == 1);
  STATIC_REQUIRE(MACHINE.config.eventTransitions == nullptr);
  test::TraceAgent agents[2];
  bt::MemoryFor<MACHINE> memory[2]{};
  const auto tick = [&](double time, const Events& expected) {
    INFO("at " << time);
    CHECK(bt::TickBehaviorTree(MACHINE, agents[0], memory[0], time, 0.1f).status == bt::Status::Running);
    CHECK(bt::TickBehaviorTreeCompiled<MACHINE>(agents[1], memory[1], time, 0.1f).status == bt::Status::Running);
    CHECK(agents[0].Take() == expected);
    CHECK(agents[1].Take() == expected);
  };
  const auto send = [&](const char* event, double time) {
    for (int i = 0; i < 2; ++i) CHECK(bt::SendEvent(MACHINE, agents[i], memory[i], event, time) == bt::Status::Running);
  };
  tick(0, {"activate IDLE_B", "tick IDLE_B"});
  send("OnEnemySeen", 0.5);
  tick(1, {"deactivate IDLE_B", "activate COMBAT_B", "tick COMBAT_B"});
  send("OnSafe", 1.5);  // not a transition of COMBAT: nothing
  tick(2, {"tick COMBAT_B"});
  send("OnHurt", 2.5);
  tick(3, {"deactivate COMBAT_B", "activate FLEE_B", "tick FLEE_B"});
  send("OnSafe", 3.5);
  tick(4, {"deactivate FLEE_B", "activate IDLE_B", "tick IDLE_B"});
}

TEST_CASE("Macro SelectionStateMachine: BT_TRANSITIONS with BT_DEFINE_CONDITION", "[macros][selection]") {
  STATIC_REQUIRE(ALERT.config.transitionCount == 2);
  STATIC_REQUIRE(ALERT.config.transitions[0].condition == &SEES);
  test::TraceAgent agent;
  bt::MemoryFor<ALERT> memory{};
  CHECK(test::Tick(ALERT, agent, memory, 0).events == Events{"decide SEES", "activate SEARCH_B", "tick SEARCH_B"});
  agent.decide["SEES"] = 1;
  CHECK(test::Tick(ALERT, agent, memory, 1).events ==
        Events{"decide SEES", "decide LOST", "deactivate SEARCH_B", "activate SHOOT_B", "tick SHOOT_B"});
  CHECK(test::Tick(ALERT, agent, memory, 2).events == Events{"decide LOST", "tick SHOOT_B"});
}

TEST_CASE("Macro GroupScope: BT_SCOPE gives its name, allowed users and finder", "[macros][scope]") {
  STATIC_REQUIRE(GUARD.config.allowedUsers == 2);
  STATIC_REQUIRE(GUARD.config.findScope == &FindScope);
  CHECK(std::string(GUARD.config.scopeName) == "DeadBodyInvestigator");
  gInvestigators.Reset();
  test::TraceAgent agents[3];
  bt::MemoryFor<GUARD> memory[3]{};
  CHECK(test::Tick(GUARD, agents[0], memory[0], 0).events == Events{"activate LOOK_B", "tick LOOK_B"});
  CHECK(test::Tick(GUARD, agents[1], memory[1], 0).events == Events{"activate LOOK_B", "tick LOOK_B"});
  const test::Ticked third = test::Tick(GUARD, agents[2], memory[2], 0);  // two inside: the third is refused
  CHECK(third.result.status == bt::Status::NoBehavior);
  CHECK(third.events == Events{});
  CHECK(gInvestigators.Users() == 2);
}
