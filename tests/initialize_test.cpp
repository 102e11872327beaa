// tests/initialize_test.cpp — InitializeTreeData's verdicts, and the statuses of
// a tick given bad input: each names what is wrong and changes nothing.
#include <cmath>
#include <cstdio>
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

// A kind that is neither Behavior nor Group, as a loader might read from a bad file.
constinit bt::DeciderData oddKindData{};
constexpr const bt::DeciderDef* oddKindChildren[] = {&WORK};
constexpr bt::DeciderDef ODD_KIND{.name = "ODD_KIND",
                                  .kind = static_cast<bt::DeciderKind>(2),
                                  .children = oddKindChildren,
                                  .childCount = 1,
                                  .data = &oddKindData};

// A DAG whose longest path (DAG_ROOT, DAG_MID, DAG_LEAVES, WORK) goes through a
// decider that the analysis meets first on a shorter one.
BT_DECLARE_DECIDER(DAG_LEAVES);
BT_DECLARE_DECIDER(DAG_MID);
BT_DEFINE_DECIDER_GROUP(DAG_ROOT, PrioritizedList, nullptr, DAG_LEAVES, DAG_MID);
BT_DEFINE_DECIDER_GROUP(DAG_MID, PrioritizedList, nullptr, DAG_LEAVES);
BT_DEFINE_DECIDER_GROUP(DAG_LEAVES, PrioritizedList, nullptr, WORK);
static_assert(bt::detail::AnalyzeTree(DAG_ROOT).depth == 4);

// Two trees of one name and different shapes, as two versions of a game might ship.
BT_DEFINE_DECIDER_GROUP__FULL(SHAPE_V1, "SHAPE", PrioritizedList, 0, nullptr, void, bt::Preconditions{}, nullptr, 0,
                              nullptr, WORK);
BT_DEFINE_DECIDER_GROUP__FULL(SHAPE_V2, "SHAPE", PrioritizedList, 0, nullptr, void, bt::Preconditions{}, nullptr, 0,
                              nullptr, WORK, WORK);
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

TEST_CASE("InitializeTreeData rejects an unknown decider kind", "[initialize]") {
  bt::TreeError error;
  CHECK_FALSE(bt::InitializeTreeData(ODD_KIND, &error));
  CHECK(error.problem == bt::TreeProblem::BadKind);
  CHECK(std::string(error.message) ==
        "bt: decider ODD_KIND: an unknown decider kind: make it a bt::DeciderKind::Behavior or a "
        "bt::DeciderKind::Group");
  // Before the check, the tick ran it as a group but never deactivated its child.
  test::TraceAgent agent;
  bt::Memory<256> memory{};
  CHECK(bt::TickBehaviorTree(ODD_KIND, agent, memory, 0.0, 0.1f).status == Status::InvalidTree);
  CHECK(agent.Take().empty());
}

TEST_CASE("The depth of a DAG counts the longest path through a shared decider", "[initialize][dag]") {
  REQUIRE(bt::InitializeTreeData(DAG_ROOT));
  CHECK(DAG_ROOT.data->tree.depth == 4);

  // A chain one decider past the limit, whose second-last decider the root reaches
  // first directly: found too deep when the chain reaches it again.
  constexpr int n = bt::kMaxTreeDepth + 2;
  static char names[n][16];
  static bt::DeciderData data[n];
  static bt::DeciderDef chain[n];
  static const bt::DeciderDef* links[n][2];
  for (int i = 0; i < n; ++i) {
    std::snprintf(names[i], sizeof names[i], "C%d", i);
    chain[i] = bt::DeciderDef{.name = names[i], .kind = bt::DeciderKind::Group, .data = &data[i]};
    if (i + 1 < n) {
      links[i][0] = &chain[i + 1];
      chain[i].children = links[i];
      chain[i].childCount = 1;
    }
  }
  chain[n - 1].kind = bt::DeciderKind::Behavior;
  chain[n - 1].behavior = &WORK_B;
  links[0][0] = &chain[n - 2];
  links[0][1] = &chain[1];
  chain[0].childCount = 2;
  bt::TreeError error;
  CHECK_FALSE(bt::InitializeTreeData(chain[0], &error));
  CHECK(error.problem == bt::TreeProblem::TooDeep);
  CHECK(error.decider == &chain[n - 2]);
  CHECK(std::string(error.message) == "bt: decider C32: deeper than bt::kMaxTreeDepth deciders: flatten the tree");
}

TEST_CASE("A block saved from a tree of another shape is refused", "[tick][errors]") {
  test::TraceAgent agent;
  bt::MemoryFor<SHAPE_V1> saved{};
  REQUIRE(Tick(SHAPE_V1, agent, saved, 1.0).result.status == Status::Running);
  agent.Take();
  bt::MemoryFor<SHAPE_V2> restored{};
  static_assert(sizeof restored >= sizeof saved);
  std::memcpy(&restored, &saved, sizeof saved);
  bt::MemoryFor<SHAPE_V2> before;
  std::memcpy(&before, &restored, sizeof restored);
  const auto result = bt::TickBehaviorTree(SHAPE_V2, agent, restored, 2.0, 0.1f);
  CHECK(result.status == Status::MemoryFromOtherTree);
  CHECK(result.decider == &SHAPE_V2);
  bt::StopBehaviorTree(SHAPE_V2, &agent, restored.Span(), 2.0);
  CHECK(std::memcmp(&before, &restored, sizeof restored) == 0);
  CHECK(agent.Take().empty());
  bt::StopBehaviorTree(SHAPE_V1, &agent, saved.Span(), 2.0);
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
    bt::StopBehaviorTree(GOOD_ROOT, nullptr, memory.Span(), 2.0);  // does nothing
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
    // Finite, but beyond the float the block keeps times in.
    CHECK(bt::TickBehaviorTree(GOOD_ROOT, agent, memory, 1e39, 0.1f).status == Status::BadTime);
    CHECK(bt::TickBehaviorTree(GOOD_ROOT, agent, memory, -1e39, 0.1f).status == Status::BadTime);
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
