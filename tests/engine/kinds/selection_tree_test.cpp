// tests/engine/kinds/selection_tree_test.cpp — CryEngine 3.4 Behavior Selection Trees on bt
// (bt/engine/kinds/selection_state_machine.cpp tells the mapping): a selection tree's
// tick selects a leaf, the active behavior decider. `Priority` is a
// PrioritizedList whose children are rechecked every tick and whose groups
// delegate their Decide; `StateMachine` is the SelectionStateMachine policy.
#include <catch2/catch.hpp>

#include "bt/bt.h"
#include "tests/support/trace_agent.h"

namespace selection_tree_test {

using test::Events;
using test::TraceAgent;

enum Variable { kAlert, kSees, kAmmo };
constexpr bt::VariableDecl kVariables[] = {
    {"Alert", bt::VariableType::Bool, 0}, {"Sees", bt::VariableType::Bool, 0}, {"Ammo", bt::VariableType::Bool, 0}};

float Logged(void* agent, const bt::DecideContext& context, bool holds) {
  static_cast<TraceAgent*>(agent)->events.push_back(std::string("decide ") + context.decider->name);
  return holds ? 1.0f : 0.0f;
}
// The variable its first parameter names holds (equals its second parameter, 1 if none).
float VariableIs(void* agent, void*, const bt::DecideContext& context) {
  const auto params = context.Params();
  const bool want = params.size() < 2 || params[1].number != 0;
  return Logged(agent, context, context.variables->GetBool(static_cast<int>(params[0].number)) == want);
}
float VariableHolds(TraceAgent& agent, const bt::DecideContext& context) { return VariableIs(&agent, nullptr, context); }
// What the agent scripts for its name (test::TraceDecide, untyped for hand-written deciders).
float Scripted(void* agent, void*, const bt::DecideContext& context) {
  return test::TraceDecide(*static_cast<TraceAgent*>(agent), context);
}

constexpr bt::Param kIfAlert[] = {bt::NumberParam("variable", kAlert)};
constexpr bt::Param kIfSees[] = {bt::NumberParam("variable", kSees)};
constexpr bt::Param kIfLost[] = {bt::NumberParam("variable", kSees), bt::NumberParam("is", 0)};

TEST_TRACE_BEHAVIOR(IDLE_B);
TEST_TRACE_BEHAVIOR(SEARCH_B);
TEST_TRACE_BEHAVIOR(SHOOT_B);
TEST_TRACE_BEHAVIOR(MELEE_B);

// <SelectionTree>
//   <Priority name="ROOT">
//     <StateMachine name="ALERT" condition="Alert">
//       <State name="Search"> <Transition state="Attack" condition="Sees"/> <Leaf name="SEARCH"/> </State>
//       <State name="Attack"> <Transition state="Search" condition="!Sees"/>
//         <Priority name="ATTACK"> <Leaf name="SHOOT" condition="Ammo"/> <Leaf name="MELEE" condition="..."/> </Priority>
//       </State>
//     </StateMachine>
//     <Leaf name="IDLE"/>
//   </Priority>
BT_DEFINE_GROUP(ROOT, PrioritizedList, BT_CHILDREN(ALERT, IDLE), BT_VARIABLES(kVariables));

constinit bt::DeciderData seesData{};
constexpr bt::DeciderDef SEES{.name = "SEES", .decide = VariableIs, .data = &seesData, .params = kIfSees, .paramCount = 1};
constinit bt::DeciderData lostData{};
constexpr bt::DeciderDef LOST{.name = "LOST", .decide = VariableIs, .data = &lostData, .params = kIfLost, .paramCount = 2};
constexpr bt::SelectionTransition kAlertTransitions[] = {{0, 1, &SEES}, {1, 0, &LOST}};
extern const bt::DeciderDef SEARCH, ATTACK;
constexpr const bt::DeciderDef* kAlertStates[] = {&SEARCH, &ATTACK};
constinit bt::DeciderData alertData{};
constexpr bt::DeciderDef ALERT{.name = "ALERT",
                               .kind = bt::DeciderKind::Group,
                               .policy = bt::GroupPolicy::SelectionStateMachine,
                               .flags = bt::kDelegateDecideToChildren | bt::kRecheckEveryTick,
                               .children = kAlertStates,
                               .childCount = 2,
                               .decide = VariableIs,
                               .data = &alertData,
                               .params = kIfAlert,
                               .paramCount = 1,
                               .config = {.transitions = kAlertTransitions, .transitionCount = 2}};
BT_DEFINE_DECIDER(SEARCH, SEARCH_B);
BT_DEFINE_GROUP(ATTACK, PrioritizedList, BT_CHILDREN(SHOOT, MELEE), BT_FLAGS(bt::kDelegateDecideToChildren));
BT_DEFINE_DECIDER(SHOOT, SHOOT_B, BT_DECIDE(VariableHolds), BT_PARAMS(bt::NumberParam("variable", kAmmo)),
                  BT_FLAGS(bt::kRecheckEveryTick));
BT_DEFINE_DECIDER(MELEE, MELEE_B, BT_DECIDE(test::TraceDecide), BT_FLAGS(bt::kRecheckEveryTick));
BT_DEFINE_DECIDER(IDLE, IDLE_B, BT_FLAGS(bt::kRecheckEveryTick));

struct Fixture {
  TraceAgent agent;
  bt::Memory<512> memory{};
  Fixture() { REQUIRE(bt::MemoryBytesFor(ROOT) <= sizeof memory); }
  void Set(Variable v, bool value) { REQUIRE(bt::VariablesOf(ROOT, memory.Span())->SetBool(v, value)); }
  test::Ticked Tick(double time) { return test::Tick(ROOT, agent, memory, time); }
};

TEST_CASE("Selection tree: the tick selects a leaf, state machine transitions on conditions", "[select][selection]") {
  Fixture f;
  auto ticked = f.Tick(0.0);
  CHECK(ticked.result.status == bt::Status::Running);
  CHECK(ticked.result.decider == &IDLE);
  CHECK(ticked.events == Events{"decide ALERT", "activate IDLE_B", "tick IDLE_B"});

  // Alert: the state machine (its condition, then the state it would select, its
  // first, and that state's leaf) interrupts IDLE and starts at its first state.
  f.Set(kAlert, true);
  ticked = f.Tick(0.1);
  CHECK(ticked.result.decider == &SEARCH);
  CHECK(ticked.events ==
        Events{"decide ALERT", "decide SEES", "deactivate IDLE_B", "decide SEES", "activate SEARCH_B", "tick SEARCH_B"});

  // Re-evaluated every tick, as CryEngine does: its condition, its transitions; the state is kept.
  ticked = f.Tick(0.2);
  CHECK(ticked.result.decider == &SEARCH);
  CHECK(ticked.events == Events{"decide ALERT", "decide SEES", "decide SEES", "tick SEARCH_B"});

  // Sees: Search -> Attack (Attack's own transition does not fire), whose Priority yields SHOOT.
  f.Set(kSees, true);
  f.Set(kAmmo, true);
  ticked = f.Tick(0.3);
  CHECK(ticked.result.decider == &SHOOT);
  CHECK(ticked.events == Events{"decide ALERT", "decide SEES", "decide LOST", "decide SHOOT", "decide SEES",
                                "decide LOST", "decide SHOOT", "deactivate SEARCH_B", "decide SHOOT", "activate SHOOT_B",
                                "tick SHOOT_B"});

  // Out of ammo: SHOOT's condition is read again and fails; the Priority selects MELEE.
  f.Set(kAmmo, false);
  f.agent.decide["MELEE"] = 1;
  ticked = f.Tick(0.4);
  CHECK(ticked.result.decider == &MELEE);
  CHECK(ticked.events == Events{"decide ALERT", "decide LOST", "decide SHOOT", "decide MELEE", "decide LOST",
                                "decide SHOOT", "decide MELEE", "deactivate SHOOT_B", "activate MELEE_B",
                                "tick MELEE_B"});

  // Target lost: Attack -> Search, the state kept since then; Search's transition does not fire.
  f.Set(kSees, false);
  ticked = f.Tick(0.5);
  CHECK(ticked.result.decider == &SEARCH);
  CHECK(ticked.events == Events{"decide ALERT", "decide LOST", "decide SEES", "decide LOST", "decide SEES",
                                "deactivate MELEE_B", "activate SEARCH_B", "tick SEARCH_B"});

  // No longer alert: the machine's condition fails, the Priority goes on to IDLE.
  f.Set(kAlert, false);
  ticked = f.Tick(0.6);
  CHECK(ticked.result.decider == &IDLE);
  CHECK(ticked.events == Events{"decide ALERT", "deactivate SEARCH_B", "activate IDLE_B", "tick IDLE_B"});
}

TEST_CASE("Selection tree Priority: a child whose condition holds but whose subtree yields no leaf is passed over",
          "[select][selection]") {
  Fixture f;
  (void)f.Tick(0.0);  // IDLE
  // Alert and Sees: the machine would go to Attack, where neither leaf's condition holds.
  f.Set(kAlert, true);
  f.Set(kSees, true);
  auto ticked = f.Tick(0.1);
  CHECK(ticked.result.decider == &IDLE);
  CHECK(ticked.events ==
        Events{"decide ALERT", "decide SEES", "decide LOST", "decide SHOOT", "decide MELEE", "tick IDLE_B"});

  // The same while the machine runs: it stops yielding a leaf, and IDLE replaces it.
  f.Set(kSees, false);
  ticked = f.Tick(0.2);
  CHECK(ticked.result.decider == &SEARCH);
  (void)ticked;
  f.Set(kSees, true);
  ticked = f.Tick(0.3);
  CHECK(ticked.result.decider == &IDLE);
  CHECK(ticked.events == Events{"decide ALERT", "decide SEES", "decide LOST", "decide SHOOT", "decide MELEE",
                                "deactivate SEARCH_B", "activate IDLE_B", "tick IDLE_B"});
}

// A machine alone, its transitions and leaves scripted: S0 -X-> S1 -Y-> S2 -Z-> S0.
TEST_TRACE_BEHAVIOR(S0_B);
TEST_TRACE_BEHAVIOR(S1_B);
TEST_TRACE_BEHAVIOR(S2_B);
BT_DEFINE_DECIDER(S0, S0_B, BT_DECIDE(test::TraceDecide));
BT_DEFINE_DECIDER(S1, S1_B, BT_DECIDE(test::TraceDecide));
BT_DEFINE_DECIDER(S2, S2_B, BT_DECIDE(test::TraceDecide));
constinit bt::DeciderData xData{}, yData{}, zData{};
constexpr bt::DeciderDef X{.name = "X", .decide = Scripted, .data = &xData};
constexpr bt::DeciderDef Y{.name = "Y", .decide = Scripted, .data = &yData};
constexpr bt::DeciderDef Z{.name = "Z", .decide = Scripted, .data = &zData};
constexpr bt::SelectionTransition kRingTransitions[] = {{0, 1, &X}, {1, 2, &Y}, {2, 0, &Z}};
constexpr const bt::DeciderDef* kRingStates[] = {&S0, &S1, &S2};
constinit bt::DeciderData ringData{};
constexpr bt::DeciderDef RING{.name = "RING",
                              .kind = bt::DeciderKind::Group,
                              .policy = bt::GroupPolicy::SelectionStateMachine,
                              .children = kRingStates,
                              .childCount = 3,
                              .data = &ringData,
                              .config = {.transitions = kRingTransitions, .transitionCount = 3}};

TEST_CASE("Selection state machine: follows transitions until none fires or one loops", "[select][selection]") {
  TraceAgent agent;
  bt::Memory<256> memory{};
  REQUIRE(bt::MemoryBytesFor(RING) <= sizeof memory);
  agent.decide = {{"S0", 1}, {"S1", 1}, {"S2", 1}, {"X", 1}, {"Y", 1}};
  // S0 -> S1 -> S2, where Z does not fire.
  auto ticked = test::Tick(RING, agent, memory, 0.0);
  CHECK(ticked.result.decider == &S2);
  CHECK(ticked.events == Events{"decide X", "decide Y", "decide Z", "decide S2", "activate S2_B", "tick S2_B"});

  // Kept while nothing fires from it.
  ticked = test::Tick(RING, agent, memory, 0.1);
  CHECK(ticked.events == Events{"decide Z", "tick S2_B"});

  // Z fires: S2 -> S0 -> S1 -> S2 would loop: the looping transition is taken, then it stops.
  agent.decide["Z"] = 1;
  ticked = test::Tick(RING, agent, memory, 0.2);
  CHECK(ticked.result.decider == &S2);
  CHECK(ticked.events == Events{"decide Z", "decide X", "decide Y", "tick S2_B"});

  // From S2 with only Z and X firing: S2 -> S0 -> S1, where Y no longer fires.
  agent.decide["Y"] = 0;
  ticked = test::Tick(RING, agent, memory, 0.3);
  CHECK(ticked.result.decider == &S1);
  CHECK(ticked.events == Events{"decide Z", "decide X", "decide Y", "decide S1", "deactivate S2_B", "activate S1_B",
                                "tick S1_B"});

  // A state whose leaf does not accept: the machine fails, its old state still
  // active until the tree ends it (here the root: nothing is selected).
  // S1 -> S2 (Z no longer fires there), whose leaf refuses.
  agent.decide["Y"] = 1;
  agent.decide["Z"] = 0;
  agent.decide["S2"] = 0;
  ticked = test::Tick(RING, agent, memory, 0.4);
  CHECK(ticked.result.status == bt::Status::NoBehavior);
  CHECK(ticked.events == Events{"decide Y", "decide Z", "decide S2", "deactivate S1_B"});

  // Started again: from the first state.
  agent.decide = {{"S0", 1}};
  ticked = test::Tick(RING, agent, memory, 0.5);
  CHECK(ticked.result.decider == &S0);
  CHECK(ticked.events == Events{"decide X", "decide S0", "activate S0_B", "tick S0_B"});
}

// Transitions InitializeTreeData refuses.
constexpr bt::SelectionTransition kToMissingState[] = {{0, 3, &X}};
constinit bt::DeciderData badRingData{};
constexpr bt::DeciderDef BAD_RING{.name = "BAD_RING",
                                  .kind = bt::DeciderKind::Group,
                                  .policy = bt::GroupPolicy::SelectionStateMachine,
                                  .children = kRingStates,
                                  .childCount = 3,
                                  .data = &badRingData,
                                  .config = {.transitions = kToMissingState, .transitionCount = 1}};

TEST_CASE("Selection state machine: a transition to a state it lacks is refused", "[select][selection]") {
  bt::TreeError error;
  CHECK_FALSE(bt::InitializeTreeData(BAD_RING, &error));
  CHECK(error.problem == bt::TreeProblem::BadSelectionTransition);
  CHECK(error.decider == &BAD_RING);
}

}  // namespace selection_tree_test
