// tests/engine/kinds/state_machine_test.cpp — the StateMachine policy (MBT StateMachine /
// State / Transitions / BehaviorTree; bt/engine/kinds/state_machine.cpp), its events
// (bt/engine/events.h) and SendTransitionEvent, with exact traces tick by tick.
#include <catch2/catch.hpp>
#include <cstring>
#include <string>
#include <vector>

#include "bt/engine/compiled_tick.h"
#include "tests/support/trace_agent.h"

using bt::Result;
using bt::Status;
using test::Events;
using test::Tick;

namespace state_machine {

constexpr bt::DeciderDef Group(const char* name, bt::GroupPolicy policy,
                               std::span<const bt::DeciderDef* const> children, bt::DeciderData* data,
                               bt::NodeConfig config = {}) {
  return bt::DeciderDef{.name = name,
                        .kind = bt::DeciderKind::Group,
                        .policy = policy,
                        .children = children.data(),
                        .childCount = static_cast<std::uint16_t>(children.size()),
                        .data = data,
                        .config = config};
}

constexpr bt::NodeConfig Transitions(std::span<const bt::Transition> transitions) {
  return bt::NodeConfig{.eventTransitions = transitions.data(),
                        .eventTransitionCount = static_cast<std::uint8_t>(transitions.size())};
}

TEST_TRACE_BEHAVIOR(IDLE_B);
TEST_TRACE_BEHAVIOR(COMBAT_B);
TEST_TRACE_BEHAVIOR(FLEE_B);
TEST_TRACE_BEHAVIOR(HIGH_B);
TEST_TRACE_BEHAVIOR(WORK_B);
TEST_TRACE_BEHAVIOR(END_B);
BT_DEFINE_DECIDER_BEHAVIOR(IDLE_TREE, IDLE_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(COMBAT_TREE, COMBAT_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(FLEE_TREE, FLEE_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(HIGH, HIGH_B, test::TraceDecide);
BT_DEFINE_DECIDER_BEHAVIOR(WORK, WORK_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(END_TREE, END_B, nullptr);

// States: each a one-child Decorator that maps nothing, named for the state,
// its transitions on it (MBT <State name><Transitions/><BehaviorTree/></State>).
constexpr bt::Transition kIdleTransitions[] = {{bt::NameId("OnEnemySeen"), 1}};
constexpr bt::Transition kCombatTransitions[] = {
    {bt::NameId("OnEnemyLost"), 0}, {bt::NameId("OnHurt"), 2}, {bt::NameId("OnRestart"), 1}};
constexpr bt::Transition kFleeTransitions[] = {{bt::NameId("OnSafe"), 0}};
constexpr const bt::DeciderDef* kIdleChildren[] = {&IDLE_TREE};
constexpr const bt::DeciderDef* kCombatChildren[] = {&COMBAT_TREE};
constexpr const bt::DeciderDef* kFleeChildren[] = {&FLEE_TREE};
bt::DeciderData gIdle, gCombat, gFlee, gMachine;
constexpr bt::DeciderDef IDLE =
    Group("IDLE", bt::GroupPolicy::Decorator, kIdleChildren, &gIdle, Transitions(kIdleTransitions));
constexpr bt::DeciderDef COMBAT =
    Group("COMBAT", bt::GroupPolicy::Decorator, kCombatChildren, &gCombat, Transitions(kCombatTransitions));
constexpr bt::DeciderDef FLEE =
    Group("FLEE", bt::GroupPolicy::Decorator, kFleeChildren, &gFlee, Transitions(kFleeTransitions));
constexpr const bt::DeciderDef* kStates[] = {&IDLE, &COMBAT, &FLEE};
constexpr bt::DeciderDef MACHINE = Group("MACHINE", bt::GroupPolicy::StateMachine, kStates, &gMachine);

// The same machine below a Spore prioritized list whose first child may take over.
BT_DEFINE_GROUP(GUARDED, PrioritizedList, BT_CHILDREN(HIGH, MACHINE));

// A state whose tree ends with SendTransitionEvent (MBT's usual way out of a state).
BT_DEFINE_DECIDER(SEND_FINISHED, bt::kSendTransitionEvent, BT_PARAMS(bt::TextParam("name", "Finished")));
BT_DEFINE_GROUP(START_TREE, Sequence, BT_CHILDREN(WORK, SEND_FINISHED));
constexpr bt::Transition kStartTransitions[] = {{bt::NameId("Finished"), 1}};
constexpr const bt::DeciderDef* kStartChildren[] = {&START_TREE};
constexpr const bt::DeciderDef* kEndChildren[] = {&END_TREE};
bt::DeciderData gStart, gEnd, gTwoStep;
constexpr bt::DeciderDef START =
    Group("START", bt::GroupPolicy::Decorator, kStartChildren, &gStart, Transitions(kStartTransitions));
constexpr bt::DeciderDef END = Group("END", bt::GroupPolicy::Decorator, kEndChildren, &gEnd);
constexpr const bt::DeciderDef* kTwoStates[] = {&START, &END};
constexpr bt::DeciderDef TWO_STEP = Group("TWO_STEP", bt::GroupPolicy::StateMachine, kTwoStates, &gTwoStep);

// A state that sends an event and ends in the same tick: the machine ends, and
// the transition it recorded ends with it.
BT_DEFINE_DECIDER(SEND_SEEN, bt::kSendEvent, BT_PARAMS(bt::TextParam("name", "OnEnemySeen")));
constexpr bt::Transition kSenderTransitions[] = {{bt::NameId("OnEnemySeen"), 1}};
constexpr const bt::DeciderDef* kSenderChildren[] = {&SEND_SEEN};
bt::DeciderData gSender, gSendAndEnd;
constexpr bt::DeciderDef SENDER =
    Group("SENDER", bt::GroupPolicy::Decorator, kSenderChildren, &gSender, Transitions(kSenderTransitions));
constexpr const bt::DeciderDef* kSendAndEndStates[] = {&SENDER, &END};
constexpr bt::DeciderDef SEND_AND_END =
    Group("SEND_AND_END", bt::GroupPolicy::StateMachine, kSendAndEndStates, &gSendAndEnd);

// A transition to a state the machine lacks.
constexpr bt::Transition kBadTransitions[] = {{bt::NameId("OnEnemySeen"), 3}};
constexpr const bt::DeciderDef* kBadStateChildren[] = {&FLEE_TREE};
bt::DeciderData gBadState, gBadMachine;
constexpr bt::DeciderDef BAD_STATE =
    Group("BAD_STATE", bt::GroupPolicy::Decorator, kBadStateChildren, &gBadState, Transitions(kBadTransitions));
constexpr const bt::DeciderDef* kBadStates[] = {&IDLE, &COMBAT, &BAD_STATE};
constexpr bt::DeciderDef BAD_MACHINE = Group("BAD_MACHINE", bt::GroupPolicy::StateMachine, kBadStates, &gBadMachine);

using Block = bt::Memory<1024>;

Status Send(const bt::DeciderDef& root, test::TraceAgent& agent, Block& memory, const char* event, double time = 0) {
  return bt::SendEvent(root, agent, memory, event, time);
}

std::vector<std::string> PathOf(const bt::DeciderDef& root, const Block& memory) {
  const bt::DeciderDef* path[16] = {};
  const int n = bt::ActivePath(root, memory.Span(), path);
  std::vector<std::string> names;
  for (int i = 0; i < n && i < 16; ++i) names.emplace_back(path[i]->name);
  return names;
}

bt::SlotHeader& SlotOf(Block& memory, const bt::DeciderDef& d) {
  return *reinterpret_cast<bt::SlotHeader*>(memory.bytes + sizeof(bt::MemoryHeader) + d.data->slotOffset);
}

}  // namespace state_machine

using namespace state_machine;

TEST_CASE("StateMachine starts at its first state and is its state's result", "[events][state_machine]") {
  test::TraceAgent agent;
  Block memory{};
  REQUIRE(bt::MemoryBytesFor(MACHINE) <= sizeof memory);

  auto t = Tick(MACHINE, agent, memory, 0.0);
  CHECK(t.result.status == Status::Running);
  CHECK(t.events == Events{"activate IDLE_B", "tick IDLE_B"});
  CHECK(PathOf(MACHINE, memory) == std::vector<std::string>{"MACHINE", "IDLE", "IDLE_TREE"});

  SECTION("a state that is done ends the machine; the next tick starts at the first state again") {
    REQUIRE(Send(MACHINE, agent, memory, "OnEnemySeen") == Status::Running);
    t = Tick(MACHINE, agent, memory, 1.0);
    CHECK(t.events == Events{"deactivate IDLE_B", "activate COMBAT_B", "tick COMBAT_B"});
    agent.tick["COMBAT_B"] = Result::Done;
    t = Tick(MACHINE, agent, memory, 2.0);
    CHECK(t.result.status == Status::Done);
    CHECK(t.events == Events{"tick COMBAT_B", "deactivate COMBAT_B"});
    t = Tick(MACHINE, agent, memory, 3.0);
    CHECK(t.result.status == Status::Running);
    CHECK(t.events == Events{"activate IDLE_B", "tick IDLE_B"});
  }
  SECTION("a state that fails fails the machine") {
    agent.tick["IDLE_B"] = Result::Failed;
    t = Tick(MACHINE, agent, memory, 1.0);
    CHECK(t.result.status == Status::NoBehavior);
    CHECK(t.events == Events{"tick IDLE_B", "deactivate IDLE_B"});
  }
}

TEST_CASE("A transition on an event is applied at the machine's next tick", "[events][state_machine]") {
  test::TraceAgent agent;
  Block memory{};
  (void)Tick(MACHINE, agent, memory, 0.0);

  SECTION("the event changes nothing until the tick; then the old state is deactivated, the new one activated") {
    CHECK(Send(MACHINE, agent, memory, "OnEnemySeen") == Status::Running);
    CHECK(agent.Take().empty());
    CHECK(PathOf(MACHINE, memory) == std::vector<std::string>{"MACHINE", "IDLE", "IDLE_TREE"});
    auto t = Tick(MACHINE, agent, memory, 1.0);
    CHECK(t.result.status == Status::Running);
    CHECK(t.result.decider == &COMBAT_TREE);
    CHECK(t.events == Events{"deactivate IDLE_B", "activate COMBAT_B", "tick COMBAT_B"});
    t = Tick(MACHINE, agent, memory, 2.0);
    CHECK(t.events == Events{"tick COMBAT_B"});
  }
  SECTION("an event the current state has no transition for changes nothing") {
    CHECK(Send(MACHINE, agent, memory, "OnSafe") == Status::Running);
    CHECK(Send(MACHINE, agent, memory, "OnHurt") == Status::Running);
    const auto t = Tick(MACHINE, agent, memory, 1.0);
    CHECK(t.events == Events{"tick IDLE_B"});
  }
  SECTION("two events before a tick chain: the second is looked up in the state the first leads to") {
    CHECK(Send(MACHINE, agent, memory, "OnEnemySeen") == Status::Running);
    CHECK(Send(MACHINE, agent, memory, "OnHurt") == Status::Running);
    const auto t = Tick(MACHINE, agent, memory, 1.0);
    CHECK(t.events == Events{"deactivate IDLE_B", "activate FLEE_B", "tick FLEE_B"});
  }
  SECTION("in the other order the first finds no transition, the second does") {
    CHECK(Send(MACHINE, agent, memory, "OnHurt") == Status::Running);
    CHECK(Send(MACHINE, agent, memory, "OnEnemySeen") == Status::Running);
    const auto t = Tick(MACHINE, agent, memory, 1.0);
    CHECK(t.events == Events{"deactivate IDLE_B", "activate COMBAT_B", "tick COMBAT_B"});
  }
  SECTION("a transition back to the current state restarts it") {
    CHECK(Send(MACHINE, agent, memory, "OnEnemySeen") == Status::Running);
    (void)Tick(MACHINE, agent, memory, 1.0);
    CHECK(Send(MACHINE, agent, memory, "OnRestart") == Status::Running);
    const auto t = Tick(MACHINE, agent, memory, 2.0);
    CHECK(t.events == Events{"deactivate COMBAT_B", "activate COMBAT_B", "tick COMBAT_B"});
  }
  SECTION("the new state's result is the machine's in the tick of the transition") {
    agent.tick["COMBAT_B"] = Result::Failed;
    CHECK(Send(MACHINE, agent, memory, "OnEnemySeen") == Status::Running);
    const auto t = Tick(MACHINE, agent, memory, 1.0);
    CHECK(t.result.status == Status::NoBehavior);
    CHECK(t.events == Events{"deactivate IDLE_B", "activate COMBAT_B", "tick COMBAT_B", "deactivate COMBAT_B"});
  }
}

TEST_CASE("Events reach only the running path: an inactive machine hears nothing", "[events][state_machine]") {
  test::TraceAgent agent;
  Block memory{};
  REQUIRE(bt::MemoryBytesFor(GUARDED) <= sizeof memory);
  agent.decide["HIGH"] = 1;
  auto t = Tick(GUARDED, agent, memory, 0.0);
  CHECK(t.events == Events{"decide HIGH", "activate HIGH_B", "tick HIGH_B"});

  // The machine is not running: the event is not kept for it.
  CHECK(Send(GUARDED, agent, memory, "OnEnemySeen") == Status::Running);
  agent.decide["HIGH"] = 0;
  agent.tick["HIGH_B"] = Result::Done;
  t = Tick(GUARDED, agent, memory, 1.0);
  CHECK(t.events == Events{"tick HIGH_B", "deactivate HIGH_B", "activate IDLE_B", "tick IDLE_B"});
  t = Tick(GUARDED, agent, memory, 2.0);
  CHECK(t.events == Events{"decide HIGH", "tick IDLE_B"});

  SECTION("a machine interrupted with a transition pending starts afresh at its first state") {
    CHECK(Send(GUARDED, agent, memory, "OnEnemySeen") == Status::Running);
    agent.decide["HIGH"] = 1;
    agent.tick["HIGH_B"] = Result::Running;
    t = Tick(GUARDED, agent, memory, 3.0);
    CHECK(t.events == Events{"decide HIGH", "deactivate IDLE_B", "activate HIGH_B", "tick HIGH_B"});
    agent.decide["HIGH"] = 0;
    agent.tick["HIGH_B"] = Result::Done;
    t = Tick(GUARDED, agent, memory, 4.0);
    CHECK(t.events == Events{"tick HIGH_B", "deactivate HIGH_B", "activate IDLE_B", "tick IDLE_B"});
  }
}

TEST_CASE("SendTransitionEvent moves its machine at the next tick and runs until then", "[events][state_machine]") {
  test::TraceAgent agent;
  Block memory{};
  REQUIRE(bt::MemoryBytesFor(TWO_STEP) <= sizeof memory);
  auto t = Tick(TWO_STEP, agent, memory, 0.0);
  CHECK(t.events == Events{"activate WORK_B", "tick WORK_B"});
  agent.tick["WORK_B"] = Result::Done;
  t = Tick(TWO_STEP, agent, memory, 1.0);
  CHECK(t.result.status == Status::Running);
  CHECK(t.result.decider == &SEND_FINISHED);
  CHECK(t.events == Events{"tick WORK_B", "deactivate WORK_B"});
  CHECK(PathOf(TWO_STEP, memory) == std::vector<std::string>{"TWO_STEP", "START", "START_TREE", "SEND_FINISHED"});
  t = Tick(TWO_STEP, agent, memory, 2.0);
  CHECK(t.result.decider == &END_TREE);
  CHECK(t.events == Events{"activate END_B", "tick END_B"});
  CHECK(PathOf(TWO_STEP, memory) == std::vector<std::string>{"TWO_STEP", "END", "END_TREE"});
}

TEST_CASE("A transition recorded by a state that ends in the same tick ends with the machine",
          "[events][state_machine]") {
  test::TraceAgent agent;
  Block memory{};
  auto t = Tick(SEND_AND_END, agent, memory, 0.0);
  CHECK(t.result.status == Status::Done);  // SendEvent is done at its first tick, and its state with it
  CHECK(t.events.empty());
  t = Tick(SEND_AND_END, agent, memory, 1.0);
  CHECK(t.result.status == Status::Done);  // started again at SENDER, not END
  CHECK(t.events.empty());
}

TEST_CASE("A block saved with a transition pending applies it when restored", "[events][state_machine]") {
  test::TraceAgent agent;
  Block memory{};
  (void)Tick(MACHINE, agent, memory, 0.0);
  REQUIRE(Send(MACHINE, agent, memory, "OnHurt") == Status::Running);  // none from IDLE
  REQUIRE(Send(MACHINE, agent, memory, "OnEnemySeen") == Status::Running);
  Block saved{};
  const bt::SaveResult save = bt::SaveMemory(MACHINE, memory.Span(), saved.Span());
  REQUIRE(save.status == Status::Done);
  Block restored{};
  REQUIRE(bt::RestoreMemory(MACHINE, std::span<const std::byte>(saved.bytes, save.bytes), restored.Span()) ==
          Status::Done);
  const auto t = Tick(MACHINE, agent, restored, 1.0);
  CHECK(t.events == Events{"deactivate IDLE_B", "activate COMBAT_B", "tick COMBAT_B"});
}

TEST_CASE("A StateMachine slot naming a state it lacks is corrupt", "[events][state_machine][corrupt]") {
  test::TraceAgent agent;
  Block memory{};
  (void)Tick(MACHINE, agent, memory, 0.0);

  SECTION("a pending transition to a state the machine lacks") {
    SlotOf(memory, MACHINE).cursor = 3;
    auto t = Tick(MACHINE, agent, memory, 1.0);
    CHECK(t.result.status == Status::CorruptMemory);
    CHECK(t.result.decider == &MACHINE);
    CHECK(t.events.empty());  // nothing below the damaged group is called
    t = Tick(MACHINE, agent, memory, 2.0);
    CHECK(t.result.status == Status::Running);
    CHECK(t.events == Events{"activate IDLE_B", "tick IDLE_B"});
  }
  SECTION("a current state the machine lacks") {
    SlotOf(memory, MACHINE).activeChild = 3;
    const auto t = Tick(MACHINE, agent, memory, 1.0);
    CHECK(t.result.status == Status::CorruptMemory);
    CHECK(t.result.decider == &MACHINE);
    CHECK(t.events.empty());
  }
  SECTION("an event reaching a damaged machine records nothing, and the tick reports the damage") {
    SlotOf(memory, MACHINE).cursor = 200;
    CHECK(Send(MACHINE, agent, memory, "OnEnemySeen") == Status::Running);
    CHECK(SlotOf(memory, MACHINE).cursor == 200);
    CHECK(Tick(MACHINE, agent, memory, 1.0).result.status == Status::CorruptMemory);
  }
}

TEST_CASE("A transition to a state the machine lacks is refused with the tree", "[events][state_machine]") {
  bt::TreeError error;
  CHECK_FALSE(bt::InitializeTreeData(BAD_MACHINE, &error));
  CHECK(error.problem == bt::TreeProblem::BadTransition);
  CHECK(error.decider == &BAD_MACHINE);
  CHECK(std::string(error.message) ==
        "bt: decider BAD_MACHINE: a StateMachine state with a transition to a state the machine lacks (or a count "
        "but no array): index its states from 0");
}

TEST_CASE("The compiled tick hands a StateMachine to the reference engine: the same trace", "[events][compiled]") {
  test::TraceAgent agent;
  Block memory{};
  bt::TickResult c = bt::TickBehaviorTreeCompiled<MACHINE>(agent, memory, 0.0, 0.1f);
  CHECK(c.decider == &IDLE_TREE);
  CHECK(agent.Take() == Events{"activate IDLE_B", "tick IDLE_B"});
  REQUIRE(Send(MACHINE, agent, memory, "OnEnemySeen") == Status::Running);
  c = bt::TickBehaviorTreeCompiled<MACHINE>(agent, memory, 1.0, 0.1f);
  CHECK(c.decider == &COMBAT_TREE);
  CHECK(agent.Take() == Events{"deactivate IDLE_B", "activate COMBAT_B", "tick COMBAT_B"});
}
