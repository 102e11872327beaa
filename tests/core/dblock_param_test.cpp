// tests/core/dblock_param_test.cpp — behavior functions that take their decider's
// DBlock as a typed parameter, and the checks that pair a DBlock with what
// reads it (TreeProblem::DBlockMismatch, DBlockUnread).
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "bt/bt.h"
#include "bt/engine/compiled_tick.h"

namespace dparam {

struct Agent {
  std::vector<std::string> events;
};
struct Target {
  int id = -1;
  float distance = 0;
};
struct Other {
  int unused = 0;
};
struct ChaseMem {
  int steps = 0;
};

float FindTarget(Agent&, Target& target, const bt::DecideContext&) {
  target.id = 7;
  target.distance = 2.5f;
  return 1;
}
float FindOther(Agent&, Other&, const bt::DecideContext&) { return 1; }

std::string Seen(const Target& target) {
  return "target " + std::to_string(target.id) + " at " + std::to_string(static_cast<int>(target.distance * 10));
}
bool ChaseActivate(Agent& a, const Target& target) {
  a.events.push_back("activate " + Seen(target));
  return true;
}
bt::Result ChaseTick(Agent& a, ChaseMem& m, const Target& target, const bt::Context& c) {
  a.events.push_back("tick " + Seen(target) + " step " + std::to_string(++m.steps) + " in " + c.decider->name);
  return bt::Result::Running;
}
void ChaseDeactivate(Agent& a, ChaseMem& m, const Target& target) {
  a.events.push_back("deactivate " + Seen(target) + " after " + std::to_string(m.steps));
}
BT_DEFINE_BEHAVIOR__MEMORY(CHASE_B, ChaseMem, ChaseActivate, ChaseTick, ChaseDeactivate);

// Only the Tick takes the DBlock, and no Context: the tick must still build one for its thunk.
bt::Result Look(Agent& a, const Target& target) {
  a.events.push_back("look at " + Seen(target));
  return bt::Result::Running;
}
BT_DEFINE_BEHAVIOR__TICK(LOOK_B, Look);

bt::Result Plain(Agent&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__TICK(PLAIN_B, Plain);

// What the macros record.
static_assert(CHASE_B.dblock.size == sizeof(Target) && CHASE_B.dblock.type == bt::TypeTagOf<Target>());
static_assert(CHASE_B.takesContext && CHASE_B.tickTakesContext);
static_assert(LOOK_B.dblock.size == sizeof(Target) && !LOOK_B.takesContext && LOOK_B.tickTakesContext);
static_assert(PLAIN_B.dblock.size == 0 && !PLAIN_B.takesContext && !PLAIN_B.tickTakesContext);

BT_DECLARE_DECIDER(CHASE);
BT_DECLARE_DECIDER(LOOK);
BT_DEFINE_DECIDER_GROUP(ROOT, Sequential, nullptr, CHASE, LOOK);
BT_DEFINE_DECIDER_BEHAVIOR__DBLOCK(CHASE, CHASE_B, FindTarget, Target);
BT_DEFINE_DECIDER_BEHAVIOR__DBLOCK(LOOK, LOOK_B, FindTarget, Target);
BT_CHECK_TREE(ROOT);

// Trees the checks refuse (no BT_CHECK_TREE here: InitializeTreeData's verdict is tested).
BT_DEFINE_DECIDER_BEHAVIOR__DBLOCK(OTHER_TYPE, CHASE_B, FindOther, Other);
BT_DEFINE_DECIDER_GROUP(OTHER_TYPE_ROOT, PrioritizedList, nullptr, OTHER_TYPE);
BT_DEFINE_DECIDER_BEHAVIOR(NO_DBLOCK, LOOK_B, nullptr);
BT_DEFINE_DECIDER_GROUP(NO_DBLOCK_ROOT, PrioritizedList, nullptr, NO_DBLOCK);
BT_DEFINE_DECIDER_BEHAVIOR__DBLOCK(UNREAD, PLAIN_B, FindTarget, Target);
BT_DEFINE_DECIDER_GROUP(UNREAD_ROOT, PrioritizedList, nullptr, UNREAD);
BT_DEFINE_DECIDER_BEHAVIOR(WORK, PLAIN_B, nullptr);
BT_DEFINE_DECIDER_GROUP__FULL(GROUP_DBLOCK, "GROUP_DBLOCK", PrioritizedList, 0, FindTarget, Target,
                              bt::Preconditions{}, nullptr, 0, nullptr, WORK);
// A group behavior that takes the group's DBlock reads it.
BT_DEFINE_DECIDER_GROUP__FULL(GROUP_READ, "GROUP_READ", PrioritizedList, 0, FindTarget, Target,
                              bt::Preconditions{}, &LOOK_B, 0, nullptr, WORK);

}  // namespace dparam

using namespace dparam;

TEST_CASE("Behavior functions take their decider's DBlock as a typed parameter", "[dblock][dblock-param]") {
  auto run = [](auto tick) {
    Agent agent;
    bt::MemoryFor<ROOT> memory{};
    REQUIRE(tick(agent, memory, 1.0).status == bt::Status::Running);
    REQUIRE(tick(agent, memory, 2.0).status == bt::Status::Running);
    bt::StopBehaviorTree(ROOT, agent, memory, 3.0);
    return agent.events;
  };
  const std::vector<std::string> expected = {
      "activate target 7 at 25", "tick target 7 at 25 step 1 in CHASE", "tick target 7 at 25 step 2 in CHASE",
      "deactivate target 7 at 25 after 2"};
  CHECK(run([](Agent& a, bt::MemoryFor<ROOT>& m, double t) { return bt::TickBehaviorTree(ROOT, a, m, t, 1.0f); }) ==
        expected);
  CHECK(run([](Agent& a, bt::MemoryFor<ROOT>& m, double t) {
          return bt::TickBehaviorTreeCompiled<ROOT>(a, m, t, 1.0f);
        }) == expected);
}

TEST_CASE("A Tick that takes only the DBlock gets it", "[dblock][dblock-param]") {
  Agent agent;
  bt::MemoryFor<LOOK> look{};  // LOOK alone as a tree: in ROOT it never runs, after CHASE that never ends
  REQUIRE(bt::TickBehaviorTree(LOOK, agent, look, 1.0, 1.0f).status == bt::Status::Running);
  REQUIRE(bt::TickBehaviorTreeCompiled<LOOK>(agent, look, 2.0, 1.0f).status == bt::Status::Running);
  CHECK(agent.events == std::vector<std::string>{"look at target 7 at 25", "look at target 7 at 25"});
}

TEST_CASE("A DBlock of another type than its behavior takes, or none, is refused", "[dblock][dblock-param][initialize]") {
  const std::string mismatch =
      ": a DBlock of another type than its behavior's functions take, or none: give the decider the DBlock they take";
  bt::TreeError error;
  REQUIRE_FALSE(bt::InitializeTreeData(OTHER_TYPE_ROOT, &error));
  CHECK(error.problem == bt::TreeProblem::DBlockMismatch);
  CHECK(error.decider == &OTHER_TYPE);
  CHECK(std::string(error.message) == "bt: decider OTHER_TYPE" + mismatch);

  REQUIRE_FALSE(bt::InitializeTreeData(NO_DBLOCK_ROOT, &error));
  CHECK(error.decider == &NO_DBLOCK);
  CHECK(std::string(error.message) == "bt: decider NO_DBLOCK" + mismatch);

  // The tick refuses it too, and calls nothing (the thunk would find no DBlock).
  Agent agent;
  bt::Memory<256> memory{};
  const bt::TickResult result = bt::TickBehaviorTree(NO_DBLOCK_ROOT, agent, memory.Span(), 1.0, 1.0f);
  CHECK(result.status == bt::Status::InvalidTree);
  CHECK(result.decider == &NO_DBLOCK);
  CHECK(agent.events.empty());
}

TEST_CASE("A DBlock nothing can read is refused", "[dblock][dblock-param][initialize]") {
  const std::string unread =
      ": a DBlock nothing reads: only the decider's own behavior (a group's group behavior) can, by taking it or a "
      "bt::Context";
  bt::TreeError error;
  SECTION("a behavior decider whose behavior takes neither the DBlock nor a Context") {
    REQUIRE_FALSE(bt::InitializeTreeData(UNREAD_ROOT, &error));
    CHECK(error.problem == bt::TreeProblem::DBlockUnread);
    CHECK(std::string(error.message) == "bt: decider UNREAD" + unread);
  }
  SECTION("a group without a group behavior: its children never see its DBlock") {
    REQUIRE_FALSE(bt::InitializeTreeData(GROUP_DBLOCK, &error));
    CHECK(error.problem == bt::TreeProblem::DBlockUnread);
    CHECK(std::string(error.message) == "bt: decider GROUP_DBLOCK" + unread);
  }
  SECTION("a group behavior that takes the DBlock reads it") {
    CHECK(bt::InitializeTreeData(GROUP_READ, &error));
    Agent agent;
    bt::MemoryFor<GROUP_READ> memory{};
    REQUIRE(bt::TickBehaviorTreeCompiled<GROUP_READ>(agent, memory, 1.0, 1.0f).status == bt::Status::Running);
    CHECK(agent.events == std::vector<std::string>{"look at target 7 at 25"});
  }
  SECTION("a behavior that takes a Context may read it with Context::DBlock<T>(): accepted") {
    bt::BehaviorDef loaded{.name = "LOADED"};  // as a loader fills it: takesContext stays true
    bt::DeciderData data{};
    bt::DeciderDef leaf{.name = "LEAF", .behavior = &loaded, .dblock = bt::BlockTypeOf<Target>("Target"),
                        .data = &data};
    CHECK(bt::InitializeTreeData(leaf, &error));
  }
}
