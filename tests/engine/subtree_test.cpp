// tests/engine/subtree_test.cpp — one tree used inside another (Unvanquished `behavior
// NAME`, Drag[en]gine `subtree`, selection-tree `Ref`): on bt a subtree is a
// decider listed as a child by several groups (the tree is a DAG). It has one
// layout wherever it hangs, its persistent state (a Cooldown's timer) is one
// per agent, shared by every reference as Unvanquished shares an included
// file's node state, and a reference back into itself is a cycle, refused.
#include <catch2/catch.hpp>

#include "bt/bt.h"
#include "tests/support/trace_agent.h"

namespace subtree_test {

using test::Events;
using test::TraceAgent;

TEST_TRACE_BEHAVIOR(AIM_B);
TEST_TRACE_BEHAVIOR(FIRE_B);
TEST_TRACE_BEHAVIOR(IDLE_B);

// The shared subtree, `attack.bt`: sequence { aim; fire }.
BT_DEFINE_GROUP(ATTACK, Sequence, BT_CHILDREN(AIM, FIRE));
BT_DEFINE_DECIDER(AIM, AIM_B);
BT_DEFINE_DECIDER(FIRE, FIRE_B);

// fallback { sequence { condition near; behavior attack } ; sequence { condition far; behavior attack } ; idle }
BT_DEFINE_GROUP(ROOT, Fallback, BT_CHILDREN(NEAR, FAR, IDLE));
BT_DEFINE_GROUP(NEAR, Sequence, BT_CHILDREN(ATTACK), BT_DECIDE(test::TraceDecide));
BT_DEFINE_GROUP(FAR, Sequence, BT_CHILDREN(ATTACK), BT_DECIDE(test::TraceDecide));
BT_DEFINE_DECIDER(IDLE, IDLE_B);

// A second tree that uses the subtree directly under its root.
BT_DEFINE_GROUP(OTHER_ROOT, Fallback, BT_CHILDREN(ATTACK, IDLE));

TEST_CASE("Subtree: one shared by two parents and two trees keeps one layout", "[select][subtree]") {
  REQUIRE(bt::InitializeTreeData(ROOT));
  const std::uint16_t attackSlot = ATTACK.data->slotOffset, aimSlot = AIM.data->slotOffset;
  REQUIRE(bt::InitializeTreeData(OTHER_ROOT));  // agrees with the layout ROOT recorded
  CHECK(ATTACK.data->slotOffset == attackSlot);
  CHECK(AIM.data->slotOffset == aimSlot);
  // Both parents' own slots lie above the one subtree.
  CHECK(NEAR.data->slotOffset == FAR.data->slotOffset);
  CHECK(NEAR.data->slotOffset >= ATTACK.data->regionBytes);

  // Run through either parent, the subtree's calls are the same.
  for (const char* parent : {"NEAR", "FAR"}) {
    TraceAgent agent;
    bt::MemoryFor<ROOT> memory{};
    agent.decide[parent] = 1;
    const bool near = std::string(parent) == "NEAR";
    auto ticked = test::Tick(ROOT, agent, memory, 0.0);
    CHECK(ticked.result.decider == &AIM);
    CHECK(ticked.events == (near ? Events{"decide NEAR", "activate AIM_B", "tick AIM_B"}
                                 : Events{"decide NEAR", "decide FAR", "activate AIM_B", "tick AIM_B"}));
    const bt::DeciderDef* path[8];
    REQUIRE(bt::ActivePath(ROOT, memory.Span(), path) == 4);
    CHECK(path[1] == (near ? &NEAR : &FAR));
    CHECK(path[2] == &ATTACK);
    agent.tick["AIM_B"] = bt::Result::Done;
    ticked = test::Tick(ROOT, agent, memory, 0.1);
    CHECK(ticked.events == Events{"tick AIM_B", "deactivate AIM_B", "activate FIRE_B", "tick FIRE_B"});
  }
}

// Unvanquished: `timer(1000) { action shoot }` in `shoot.bt`, included twice:
// the timer is the included node's, one for both includes.
TEST_TRACE_BEHAVIOR(SHOOT_B);
BT_DEFINE_DECIDER(SHOOT, SHOOT_B);
constexpr const bt::DeciderDef* kCoolChild[] = {&SHOOT};
constinit bt::DeciderData coolData{};
extern const bt::DeciderDef COOL;
constexpr bt::DeciderDef COOL{.name = "COOL",
                              .kind = bt::DeciderKind::Group,
                              .policy = bt::GroupPolicy::Cooldown,
                              .children = kCoolChild,
                              .childCount = 1,
                              .data = &coolData,
                              .config = {.seconds = 1}};
BT_DEFINE_GROUP(SHARED_ROOT, Fallback, BT_CHILDREN(VIA_A, VIA_B, REST));
BT_DEFINE_GROUP(VIA_A, Sequence, BT_CHILDREN(COOL), BT_DECIDE(test::TraceDecide));
BT_DEFINE_GROUP(VIA_B, Sequence, BT_CHILDREN(COOL), BT_DECIDE(test::TraceDecide));
BT_DEFINE_DECIDER(REST, IDLE_B);

TEST_CASE("Subtree: persistent state (a Cooldown's timer) is shared by every reference", "[select][subtree]") {
  TraceAgent agent;
  bt::Memory<256> memory{};
  REQUIRE(bt::MemoryBytesFor(SHARED_ROOT) <= sizeof memory);
  REQUIRE(bt::InitializeTreeData(SHARED_ROOT));
  CHECK(SHARED_ROOT.data->tree.numTimers == 1);  // one timer, not one per reference
  agent.decide = {{"VIA_A", 1}, {"VIA_B", 1}};
  agent.tick = {{"SHOOT_B", bt::Result::Failed}, {"IDLE_B", bt::Result::Done}};

  // Through VIA_A the shot fails, which starts the cooldown; through VIA_B the
  // same cooldown refuses at once (the child is not started).
  auto ticked = test::Tick(SHARED_ROOT, agent, memory, 0.0);
  CHECK(ticked.result.status == bt::Status::Done);
  CHECK(ticked.events == Events{"decide VIA_A", "activate SHOOT_B", "tick SHOOT_B", "deactivate SHOOT_B",
                                "decide VIA_B", "activate IDLE_B", "tick IDLE_B", "deactivate IDLE_B"});

  // Only VIA_B's way now, still within the second: refused there too.
  agent.decide["VIA_A"] = 0;
  ticked = test::Tick(SHARED_ROOT, agent, memory, 0.5);
  CHECK(ticked.events == Events{"decide VIA_A", "decide VIA_B", "activate IDLE_B", "tick IDLE_B", "deactivate IDLE_B"});

  // After the second, VIA_B's reference shoots again.
  ticked = test::Tick(SHARED_ROOT, agent, memory, 1.5);
  CHECK(ticked.events == Events{"decide VIA_A", "decide VIA_B", "activate SHOOT_B", "tick SHOOT_B",
                                "deactivate SHOOT_B", "activate IDLE_B", "tick IDLE_B", "deactivate IDLE_B"});
}

// `a.bt` includes `b.bt`, which includes `a.bt` back.
TEST_TRACE_BEHAVIOR(LEAF_B);
BT_DEFINE_GROUP(TOP, Sequence, BT_CHILDREN(INCLUDE_A));
BT_DEFINE_GROUP(INCLUDE_A, Sequence, BT_CHILDREN(INCLUDE_B));
BT_DEFINE_GROUP(INCLUDE_B, Fallback, BT_CHILDREN(LEAF, INCLUDE_A));
BT_DEFINE_DECIDER(LEAF, LEAF_B);

TEST_CASE("Subtree: a cycle through references is refused, naming the decider", "[select][subtree]") {
  bt::TreeError error;
  CHECK_FALSE(bt::InitializeTreeData(TOP, &error));
  CHECK(error.problem == bt::TreeProblem::Cycle);
  CHECK(error.decider == &INCLUDE_A);
  CHECK(std::string(error.message) ==
        "bt: decider INCLUDE_A: a cycle: this group is its own descendant; break the loop");
  TraceAgent agent;
  bt::Memory<64> memory{};
  const bt::TickResult result = bt::TickBehaviorTree(TOP, agent, memory, 0.0, 0.1f);
  CHECK(result.status == bt::Status::InvalidTree);
  CHECK(result.decider == &INCLUDE_A);
  CHECK(agent.events.empty());
}

}  // namespace subtree_test
