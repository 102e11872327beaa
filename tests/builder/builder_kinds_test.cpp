// tests/builder/builder_kinds_test.cpp — the kinds of MBT and the selection trees built
// from data: StateMachine states' transitions on events (by state name),
// SelectionStateMachine transitions (by state name, with a condition),
// GroupScope (scope name, allowed users, BuildOptions::findScope), timestamps,
// and the built-in leaves' parameters checked at build time. Each reaches the
// built tree and ticks; each mistake is an exact error at its place.
#include <catch2/catch.hpp>

#include <cstring>
#include <limits>
#include <string>

#include "bt/bt.h"
#include "bt/engine/builtin_behaviors.h"
#include "bt/data/tree_builder.h"
#include "tests/support/trace_agent.h"

namespace {

using bt::GroupPolicy;
using bt::Status;
using bt::data::TreeSpec;
using test::Events;

bt::data::Registry KindsRegistry() {
  bt::data::Registry registry;
  for (const char* name : {"IDLE_B", "COMBAT_B", "FLEE_B", "SEARCH_B", "SHOOT_B", "LOOK_B", "WANDER_B"})
    BT_REGISTER_ACTION(registry, name, void, test::TraceActivate, test::TraceTick, test::TraceDeactivate);
  BT_REGISTER_DECIDE(registry, "Trace", test::TraceDecide);
  bt::data::RegisterBuiltinBehaviors(registry);
  return registry;
}

std::string Errors(const bt::data::BuildResult& result) { return result.ErrorText(); }

// MBT: <StateMachine> <State name="IDLE"> <Transitions> <Transition to="COMBAT" onEvent="OnEnemySeen"/> ...
TreeSpec MachineSpec() {
  TreeSpec spec{.file = "machine.xml"};
  spec.Group("MACHINE", GroupPolicy::StateMachine, {"IDLE", "COMBAT", "FLEE"}).At(1, 1);
  spec.Group("IDLE", GroupPolicy::Decorator, {"IDLE_TREE"}).OnEvent("OnEnemySeen", "COMBAT").At(2, 3);
  spec.Group("COMBAT", GroupPolicy::Decorator, {"COMBAT_TREE"})
      .OnEvent("OnEnemyLost", "IDLE", {4, 7})
      .OnEvent("OnHurt", "FLEE", {5, 7})
      .At(3, 3);
  spec.Behavior("FLEE", "FLEE_B").OnEvent("OnSafe", "IDLE").At(6, 3);  // a leaf is a state too
  spec.Behavior("IDLE_TREE", "IDLE_B").At(7, 5);
  spec.Behavior("COMBAT_TREE", "COMBAT_B").At(8, 5);
  return spec;
}

}  // namespace

TEST_CASE("Built StateMachine: transitions on events by state name, resolved to the states' indices",
          "[builder][builder-kinds]") {
  const bt::data::Registry registry = KindsRegistry();
  const bt::data::BuildResult built = bt::data::BuildTree(MachineSpec(), registry);
  INFO(Errors(built));
  REQUIRE(built.Ok());
  const bt::DeciderDef& combat = *built.tree->Find("COMBAT");
  REQUIRE(combat.config.eventTransitionCount == 2);
  CHECK(combat.config.eventTransitions[0].onEvent == bt::NameId("OnEnemyLost"));
  CHECK(combat.config.eventTransitions[0].to == 0);
  CHECK(combat.config.eventTransitions[1].onEvent == bt::NameId("OnHurt"));
  CHECK(combat.config.eventTransitions[1].to == 2);
  CHECK(built.tree->Find("MACHINE")->config.eventTransitionCount == 0);
  // The events' names are kept for the debug views: DebugPrintState's "{...}" shows them.
  char config[128];
  bt::FormatNodeConfig(combat, config);
  CHECK(std::string(config) == "results: as is; on events OnEnemyLost->0, OnHurt->2");
  bt::FormatNodeConfig(*built.tree->Find("FLEE"), config);
  CHECK(std::string(config) == "on events OnSafe->0");

  test::TraceAgent agent;
  bt::Memory<512> memory{};
  const bt::DeciderDef& root = built.tree->Root();
  CHECK(test::Tick(root, agent, memory, 0).events == Events{"activate IDLE_B", "tick IDLE_B"});
  CHECK(bt::SendEvent(root, agent, memory, "OnEnemySeen", 0.5) == Status::Running);
  CHECK(test::Tick(root, agent, memory, 1).events == Events{"deactivate IDLE_B", "activate COMBAT_B", "tick COMBAT_B"});
  CHECK(bt::SendEvent(root, agent, memory, "OnHurt", 1.5) == Status::Running);
  CHECK(test::Tick(root, agent, memory, 2).events == Events{"deactivate COMBAT_B", "activate FLEE_B", "tick FLEE_B"});
  CHECK(bt::SendEvent(root, agent, memory, "OnSafe", 2.5) == Status::Running);
  CHECK(test::Tick(root, agent, memory, 3).events == Events{"deactivate FLEE_B", "activate IDLE_B", "tick IDLE_B"});
}

TEST_CASE("BuildTree refuses a transition on an event to a state its machine lacks, at the transition",
          "[builder][builder-kinds]") {
  const bt::data::Registry registry = KindsRegistry();
  SECTION("an unknown state, placed where the transition was written, with the closest names") {
    TreeSpec spec = MachineSpec();
    spec.nodes[2].eventTransitions[1].to = "FLE";
    CHECK(Errors(bt::data::BuildTree(spec, registry)) ==
          "machine.xml:5:7: decider COMBAT: transition on 'OnHurt' to 'FLE', which is not a state of StateMachine "
          "'MACHINE' (closest: 'FLEE')\n");
  }
  SECTION("without a place of its own, at the state's node") {
    TreeSpec spec = MachineSpec();
    spec.nodes[1].eventTransitions[0].to = "IDLE_TREE";  // a node, but not one of the machine's states
    CHECK(Errors(bt::data::BuildTree(spec, registry)) ==
          "machine.xml:2:3: decider IDLE: transition on 'OnEnemySeen' to 'IDLE_TREE', which is not a state of "
          "StateMachine 'MACHINE'\n");
  }
  SECTION("transitions on a node no StateMachine lists as a state") {
    TreeSpec spec = MachineSpec();
    spec.nodes[4].OnEvent("OnHurt", "FLEE");
    CHECK(Errors(bt::data::BuildTree(spec, registry)) ==
          "machine.xml:7:5: decider IDLE_TREE: given transitions on events, but no StateMachine lists it as a state\n");
  }
  SECTION("an event without a name") {
    TreeSpec spec = MachineSpec();
    spec.nodes[1].eventTransitions[0].event.clear();
    CHECK(Errors(bt::data::BuildTree(spec, registry)) == "machine.xml:2:3: decider IDLE: an event without a name\n");
  }
  SECTION("a state of two machines whose transitions lead elsewhere in each") {
    TreeSpec spec{.file = "two.xml"};
    spec.Group("BOTH", GroupPolicy::Parallel, {"ONE", "OTHER"}).At(1, 1);
    spec.Group("ONE", GroupPolicy::StateMachine, {"A", "B"}).At(2, 3);
    spec.Group("OTHER", GroupPolicy::StateMachine, {"B", "A"}).At(3, 3);
    spec.Behavior("A", "IDLE_B").OnEvent("OnHurt", "B").At(4, 3);  // B is state 1 of ONE, 0 of OTHER
    spec.Behavior("B", "FLEE_B").At(5, 3);
    CHECK(Errors(bt::data::BuildTree(spec, registry)) ==
          "two.xml:4:3: decider A: a state of StateMachines 'ONE' and 'OTHER', whose transitions lead to other "
          "states in each: give each machine its own state\n");
  }
  SECTION("config.eventTransitions set by hand") {
    TreeSpec spec = MachineSpec();
    static constexpr bt::Transition kHand[] = {{1, 0}};
    spec.nodes[4].config.eventTransitions = kHand;
    spec.nodes[4].config.eventTransitionCount = 1;
    CHECK(Errors(bt::data::BuildTree(spec, registry)) ==
          "machine.xml:7:5: decider IDLE_TREE: config.eventTransitions set by hand: give them with NodeSpec::OnEvent\n");
  }
}

namespace {

// A selection tree: <StateMachine name="ALERT"> <State name="SEARCH"> <Transition state="SHOOT" condition="Sees"/>
TreeSpec SelectionSpec() {
  TreeSpec spec{.file = "alert.xml"};
  spec.Group("ALERT", GroupPolicy::SelectionStateMachine, {"SEARCH", "SHOOT"})
      .Transition("SEARCH", "SHOOT", {"Sees", bt::data::Dialect::Cry}, {2, 5})
      .TransitionIf("SHOOT", "SEARCH", "Trace", {}, {3, 5})
      .At(1, 1);
  spec.Behavior("SEARCH", "SEARCH_B").At(4, 3);
  spec.Behavior("SHOOT", "SHOOT_B").At(5, 3);
  spec.variables = {{"Sees", bt::VariableType::Bool, 0, {}}};
  return spec;
}

}  // namespace

TEST_CASE("Built SelectionStateMachine: transitions by state name, each condition a decider of its own",
          "[builder][builder-kinds]") {
  const bt::data::Registry registry = KindsRegistry();
  const bt::data::BuildResult built = bt::data::BuildTree(SelectionSpec(), registry);
  INFO(Errors(built));
  REQUIRE(built.Ok());
  const bt::DeciderDef& alert = built.tree->Root();
  REQUIRE(alert.config.transitionCount == 2);
  CHECK(alert.config.transitions[0].from == 0);
  CHECK(alert.config.transitions[0].to == 1);
  CHECK(std::string(alert.config.transitions[0].condition->name) == "ALERT: SEARCH -> SHOOT");
  CHECK(std::string(alert.config.transitions[1].condition->name) == "ALERT: SHOOT -> SEARCH");
  CHECK(built.tree->Deciders().size() == 3);  // the conditions are no nodes of the spec

  test::TraceAgent agent;
  bt::Memory<512> memory{};
  CHECK(test::Tick(alert, agent, memory, 0).events == Events{"activate SEARCH_B", "tick SEARCH_B"});
  REQUIRE(bt::VariablesOf(alert, memory.Span())->SetBool(0, true));
  agent.decide["ALERT: SHOOT -> SEARCH"] = 0;  // rejects: SHOOT stays
  CHECK(test::Tick(alert, agent, memory, 1).events ==
        Events{"decide ALERT: SHOOT -> SEARCH", "deactivate SEARCH_B", "activate SHOOT_B", "tick SHOOT_B"});
  // Sees still true: SHOOT -> SEARCH -> SHOOT, a state already visited: it stays.
  agent.decide["ALERT: SHOOT -> SEARCH"] = 1;
  CHECK(test::Tick(alert, agent, memory, 2).events == Events{"decide ALERT: SHOOT -> SEARCH", "tick SHOOT_B"});
  REQUIRE(bt::VariablesOf(alert, memory.Span())->SetBool(0, false));
  CHECK(test::Tick(alert, agent, memory, 3).events ==
        Events{"decide ALERT: SHOOT -> SEARCH", "deactivate SHOOT_B", "activate SEARCH_B", "tick SEARCH_B"});
}

TEST_CASE("BuildTree refuses a selection transition naming a state the machine lacks, or badly conditioned",
          "[builder][builder-kinds]") {
  const bt::data::Registry registry = KindsRegistry();
  SECTION("an unknown state") {
    TreeSpec spec = SelectionSpec();
    spec.nodes[0].selectionTransitions[0].to = "SHOT";
    CHECK(Errors(bt::data::BuildTree(spec, registry)) ==
          "alert.xml:2:5: decider ALERT: transition SEARCH -> SHOT: 'SHOT' is not one of its states (closest: "
          "'SHOOT')\n");
  }
  SECTION("a condition that does not compile, placed in the condition's text") {
    TreeSpec spec = SelectionSpec();
    spec.nodes[0].selectionTransitions[0].condition = {"Sees and", bt::data::Dialect::Cry, {2, 30}};
    CHECK(Errors(bt::data::BuildTree(spec, registry)) ==
          "alert.xml:2:35: decider ALERT: SEARCH -> SHOOT: condition: expected an operand after 'and'\n");
  }
  SECTION("an unknown registered condition") {
    TreeSpec spec = SelectionSpec();
    spec.nodes[0].selectionTransitions[1].decide.name = "Trac";
    CHECK(Errors(bt::data::BuildTree(spec, registry)) ==
          "alert.xml:3:5: decider ALERT: SHOOT -> SEARCH: unknown condition or Decide 'Trac' (closest: 'Trace')\n");
  }
  SECTION("no condition") {
    TreeSpec spec = SelectionSpec();
    spec.nodes[0].selectionTransitions[1].decide = {};
    CHECK(Errors(bt::data::BuildTree(spec, registry)) ==
          "alert.xml:3:5: decider ALERT: transition SHOOT -> SEARCH: give it one condition (an expression or a "
          "Decide)\n");
  }
  SECTION("on a group of another policy") {
    TreeSpec spec = SelectionSpec();
    spec.nodes[0].policy = GroupPolicy::StateMachine;
    CHECK(Errors(bt::data::BuildTree(spec, registry)) ==
          "alert.xml:1:1: decider ALERT: given selection transitions, which only a SelectionStateMachine group "
          "reads\n");
  }
}

namespace {

bt::Scope gInvestigators;
bt::Scope* FindInvestigators(void*, const char* name) {
  return std::strcmp(name, "DeadBodyInvestigator") == 0 ? &gInvestigators : nullptr;
}

TreeSpec ScopeSpec() {
  TreeSpec spec{.file = "scope.xml"};
  spec.Group("ROOT", GroupPolicy::Selector, {"GUARD", "WANDER"}).At(1, 1);
  spec.Group("GUARD", GroupPolicy::GroupScope, {"LOOK"}).Scope("DeadBodyInvestigator", 1).At(2, 3);
  spec.Behavior("LOOK", "LOOK_B").At(3, 5);
  spec.Behavior("WANDER", "WANDER_B").At(4, 3);
  return spec;
}

}  // namespace

TEST_CASE("Built GroupScope: its scope name and allowed users, found by BuildOptions::findScope",
          "[builder][builder-kinds]") {
  const bt::data::Registry registry = KindsRegistry();
  const bt::data::BuildResult built = bt::data::BuildTree(ScopeSpec(), registry, {.findScope = FindInvestigators});
  INFO(Errors(built));
  REQUIRE(built.Ok());
  const bt::DeciderDef& guard = *built.tree->Find("GUARD");
  CHECK(std::string(guard.config.scopeName) == "DeadBodyInvestigator");
  CHECK(guard.config.allowedUsers == 1);
  CHECK(guard.config.findScope == &FindInvestigators);

  gInvestigators.Reset();
  test::TraceAgent first, second;
  bt::Memory<256> firstMemory{}, secondMemory{};
  CHECK(test::Tick(built.tree->Root(), first, firstMemory, 0).events == Events{"activate LOOK_B", "tick LOOK_B"});
  CHECK(gInvestigators.Users() == 1);
  CHECK(test::Tick(built.tree->Root(), second, secondMemory, 0).events ==
        Events{"activate WANDER_B", "tick WANDER_B"});  // full: the second agent wanders
  first.tick["LOOK_B"] = bt::Result::Done;
  (void)test::Tick(built.tree->Root(), first, firstMemory, 1);
  CHECK(gInvestigators.Users() == 0);
}

TEST_CASE("BuildTree refuses a GroupScope without a name or a finder, and a scope on another group",
          "[builder][builder-kinds]") {
  const bt::data::Registry registry = KindsRegistry();
  SECTION("no finder") {
    CHECK(Errors(bt::data::BuildTree(ScopeSpec(), registry)) ==
          "scope.xml:2:3: decider GUARD: a GroupScope, and BuildOptions::findScope is null: give the build how the "
          "game finds its scopes\n");
  }
  SECTION("no finder in stub mode: a stub that finds no scope, so the GroupScope fails") {
    const bt::data::BuildResult built = bt::data::BuildTree(ScopeSpec(), registry, {.stubUnknownNames = true});
    REQUIRE(built.Ok());
    test::TraceAgent agent;
    bt::Memory<256> memory{};
    CHECK(test::Tick(built.tree->Root(), agent, memory, 0).events == Events{"activate WANDER_B", "tick WANDER_B"});
  }
  SECTION("no name") {
    TreeSpec spec = ScopeSpec();
    spec.nodes[1].scopeName.clear();
    CHECK(Errors(bt::data::BuildTree(spec, registry, {.findScope = FindInvestigators})) ==
          "scope.xml:2:3: decider GUARD: a GroupScope without a scope name: give it NodeSpec::Scope\n");
  }
  SECTION("a scope on a Selector") {
    TreeSpec spec = ScopeSpec();
    spec.nodes[0].Scope("Squad", 2);
    CHECK(Errors(bt::data::BuildTree(spec, registry, {.findScope = FindInvestigators})) ==
          "scope.xml:1:1: decider ROOT: given config.scopeName, which a Selector group does not read\n");
  }
}

TEST_CASE("Built timestamps: set on their events, exclusive to each other, read by IfTime's kin",
          "[builder][builder-kinds]") {
  const bt::data::Registry registry = KindsRegistry();
  TreeSpec spec{.file = "stamps.xml"};
  spec.Behavior("ROOT", "IDLE_B").At(1, 1);
  spec.Timestamp("EnemySeen", "OnEnemySeen", "EnemyLost", {2, 3});
  spec.Timestamp("EnemyLost", "OnEnemyLost", "EnemySeen", {3, 3});
  const bt::data::BuildResult built = bt::data::BuildTree(spec, registry);
  INFO(Errors(built));
  REQUIRE(built.Ok());
  const bt::DeciderDef& root = built.tree->Root();
  REQUIRE(root.variableCount == 2);
  CHECK(std::string(root.variables[0].setOnEvent) == "OnEnemySeen");
  CHECK(std::string(root.variables[0].exclusiveTo) == "EnemyLost");
  CHECK(root.variables[0].initial == bt::kTimestampNeverSet);

  test::TraceAgent agent;
  bt::Memory<256> memory{};
  (void)test::Tick(root, agent, memory, 0);
  CHECK(bt::SendEvent(root, agent, memory, "OnEnemyLost", 1.0) == Status::Running);
  CHECK(bt::SendEvent(root, agent, memory, "OnEnemySeen", 2.5) == Status::Running);
  const bt::VariableBlock& values = *bt::VariablesOf(root, memory.Span());
  CHECK(values.Get(0) == 2.5);
  CHECK(values.Get(1) == bt::kTimestampCleared);

  SECTION("exclusiveTo naming no timestamp is refused at the root") {
    spec.variables[1].exclusiveTo = "EnemySen";
    CHECK(Errors(bt::data::BuildTree(spec, registry)) ==
          std::string("stamps.xml:1:1: decider ROOT: ") + bt::TreeProblemMessage(bt::TreeProblem::BadTimestamp) + "\n");
  }
}

TEST_CASE("BuildTree checks a built-in leaf's parameters: a bad Wait duration is an error at the node",
          "[builder][builder-kinds][builtin]") {
  const bt::data::Registry registry = KindsRegistry();
  using bt::data::ArgSpec;
  TreeSpec spec{.file = "wait.xml"};
  spec.Group("ROOT", GroupPolicy::Sequence, {"WAIT", "SAY"}).At(1, 1);
  spec.Behavior("WAIT", "Wait").At(2, 3).params = {ArgSpec::Number(std::numeric_limits<double>::infinity()).Named("duration")};
  spec.Behavior("SAY", "Log").At(3, 3).params = {ArgSpec::Number(2).Named("message")};
  CHECK(Errors(bt::data::BuildTree(spec, registry)) ==
        "wait.xml:2:3: decider WAIT: built-in Wait: parameter 'duration' must be finite\n"
        "wait.xml:3:3: decider SAY: built-in Log: parameter 'message' must be Text\n");
  spec.nodes[1].params = {ArgSpec::Number(2).Named("duration"), ArgSpec::Number(0.5).Named("variation")};
  spec.nodes[2].params = {ArgSpec::Text("hello").Named("message")};
  CHECK(bt::data::BuildTree(spec, registry).Ok());
  spec.nodes[1].params.clear();
  CHECK(Errors(bt::data::BuildTree(spec, registry)) == "wait.xml:2:3: decider WAIT: built-in Wait: parameter 'duration' is missing\n");
}
