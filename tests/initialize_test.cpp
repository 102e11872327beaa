// tests/initialize_test.cpp — InitializeTreeData's verdicts, and the statuses of
// a tick given bad input: each names what is wrong and changes nothing.
#include <cmath>
#include <cstring>
#include <limits>

#include <catch2/catch.hpp>

#include "trace_agent.h"

using bt::Status;
using test::Events;
using test::Tick;
using test::TraceDecide;

namespace badtrees {
TEST_TRACE_BEHAVIOR(WORK_B);

// Defined with the macros but not checked at compile time: a cycle.
BT_DECLARE_DECIDER(LOOP_B);
BT_DEFINE_DECIDER_GROUP(LOOP_A, PrioritizedList, nullptr, LOOP_B);
BT_DEFINE_DECIDER_GROUP(LOOP_B, PrioritizedList, nullptr, LOOP_A);

// Aggregates written by hand, as a loader would, for what the macros refuse.
constinit bt::DeciderData emptyData{};
constexpr bt::DeciderDef EMPTY_GROUP{.name = "EMPTY_GROUP", .kind = bt::DeciderKind::Group, .data = &emptyData};
constinit bt::DeciderData holderData{};
constexpr const bt::DeciderDef* holderChildren[] = {&EMPTY_GROUP};
constexpr bt::DeciderDef HOLDER{.name = "HOLDER",
                                .kind = bt::DeciderKind::Group,
                                .children = holderChildren,
                                .childCount = 1,
                                .data = &holderData};
constinit bt::DeciderData noBehaviorData{};
constexpr bt::DeciderDef NO_BEHAVIOR{.name = "NO_BEHAVIOR", .kind = bt::DeciderKind::Behavior,
                                     .data = &noBehaviorData};

// A working tree, and one of another shape.
BT_DECLARE_DECIDER(WORK);
BT_DEFINE_DECIDER_GROUP(GOOD_ROOT, PrioritizedList, nullptr, WORK);
BT_DEFINE_DECIDER_BEHAVIOR(WORK, WORK_B, nullptr);
BT_DEFINE_DECIDER_GROUP(OTHER_ROOT, Sequential, nullptr, WORK, WORK);

struct OtherAgent {
  int x = 0;
};
}  // namespace badtrees

using namespace badtrees;

TEST_CASE("InitializeTreeData rejects a bad tree, naming the decider", "[initialize]") {
  bt::TreeError error;
  SECTION("a cycle") {
    CHECK_FALSE(bt::InitializeTreeData(LOOP_A, &error));
    CHECK(error.problem == bt::TreeProblem::Cycle);
    CHECK(std::string(error.message) == "bt: decider LOOP_A: a cycle: this group is its own descendant; break the loop");
  }
  SECTION("a group with no children, below the root") {
    CHECK_FALSE(bt::InitializeTreeData(HOLDER, &error));
    CHECK(error.decider == &EMPTY_GROUP);
    CHECK(std::string(error.message) ==
          "bt: decider EMPTY_GROUP: a group decider with no children: give it at least one child");
  }
  SECTION("a behavior decider without a behavior") {
    CHECK_FALSE(bt::InitializeTreeData(NO_BEHAVIOR, &error));
    CHECK(std::string(error.message) ==
          "bt: decider NO_BEHAVIOR: a behavior decider with no behavior: give it one, or make it a group");
  }
  SECTION("the verdict is kept, and the tick reports it") {
    CHECK_FALSE(bt::InitializeTreeData(LOOP_A));
    test::TraceAgent agent;
    bt::Memory<256> memory{};
    const auto result = bt::TickBehaviorTree(LOOP_A, agent, memory, 0.0, 0.1f);
    CHECK(result.status == Status::InvalidTree);
    CHECK(result.decider == &LOOP_A);
  }
}

TEST_CASE("TickBehaviorTree rejects bad input with a status and changes nothing", "[tick][errors]") {
  test::TraceAgent agent;
  bt::MemoryFor<GOOD_ROOT> memory{};
  REQUIRE(Tick(GOOD_ROOT, agent, memory, 1.0).result.status == Status::Running);
  bt::MemoryFor<GOOD_ROOT> before;
  std::memcpy(&before, &memory, sizeof memory);
  auto unchanged = [&] { return std::memcmp(&before, &memory, sizeof memory) == 0 && agent.Take().empty(); };

  SECTION("a null agent") {
    CHECK(bt::TickBehaviorTree(GOOD_ROOT, static_cast<test::TraceAgent*>(nullptr), memory.Span(), 2.0, 0.1f).status ==
          Status::NullAgent);
    CHECK(unchanged());
  }
  SECTION("an agent of another type than the tree's functions take") {
    OtherAgent other;
    CHECK(bt::TickBehaviorTree(GOOD_ROOT, other, memory, 2.0, 0.1f).status == Status::AgentTypeMismatch);
    CHECK(unchanged());
  }
  SECTION("a block too small, or misaligned") {
    CHECK(bt::TickBehaviorTree(GOOD_ROOT, agent, memory.Span().first(sizeof memory - 1), 2.0, 0.1f).status ==
          Status::MemoryTooSmall);
    bt::Memory<sizeof memory + 16> larger{};
    CHECK(bt::TickBehaviorTree(GOOD_ROOT, agent, larger.Span().subspan(1, sizeof memory), 2.0, 0.1f).status ==
          Status::MemoryTooSmall);
    CHECK(unchanged());
  }
  SECTION("a block started by another tree") {
    CHECK(bt::TickBehaviorTree(OTHER_ROOT, agent, memory, 2.0, 0.1f).status == Status::MemoryFromOtherTree);
    CHECK(unchanged());
  }
  SECTION("NaN, infinite or negative dt, and time that is not finite or goes backwards") {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    CHECK(bt::TickBehaviorTree(GOOD_ROOT, agent, memory, 2.0, nan).status == Status::BadTime);
    CHECK(bt::TickBehaviorTree(GOOD_ROOT, agent, memory, 2.0, INFINITY).status == Status::BadTime);
    CHECK(bt::TickBehaviorTree(GOOD_ROOT, agent, memory, 2.0, -0.1f).status == Status::BadTime);
    CHECK(bt::TickBehaviorTree(GOOD_ROOT, agent, memory, std::nan(""), 0.1f).status == Status::BadTime);
    CHECK(bt::TickBehaviorTree(GOOD_ROOT, agent, memory, 0.5, 0.1f).status == Status::BadTime);
    CHECK(unchanged());
    // The same time again is fine.
    CHECK(bt::TickBehaviorTree(GOOD_ROOT, agent, memory, 1.0, 0.0f).status == Status::Running);
  }
}

TEST_CASE("Status, result and policy names come from the same table as the enums", "[names]") {
  CHECK(std::string(bt::StatusName(Status::RedecideLimit)) == "RedecideLimit");
  CHECK(std::string(bt::ResultName(bt::Result::Done)) == "Done");
  CHECK(std::string(bt::GroupPolicyName(bt::GroupPolicy::Shuffle)) == "Shuffle");
  CHECK(std::string(bt::DeciderKindName(bt::DeciderKind::Group)) == "Group");
  CHECK(std::string(bt::DeciderFlagName(bt::kCallDecideOnRedecide)) == "CallDecideOnRedecide");
  CHECK(bt::DeciderFlagName(1u << 31) == nullptr);
}
