// tests/engine/initialize_test.cpp — InitializeTreeData's verdicts, and the statuses of
// a tick given bad input: each names what is wrong and changes nothing.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>
#include <vector>

#include <catch2/catch.hpp>

#include "tests/support/trace_agent.h"

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
BT_DEFINE_DECIDER_BEHAVIOR(WORK_2, WORK_B, nullptr);
BT_DEFINE_DECIDER_GROUP(OTHER_ROOT, Sequential, nullptr, WORK, WORK_2);

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
                              nullptr, WORK, WORK_2);

// A behavior decider whose behavior takes another agent type.
bt::Result OtherAgentTick(OtherAgent&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__TICK(OTHER_AGENT_B, OtherAgentTick);
BT_DEFINE_DECIDER_BEHAVIOR(OTHER_AGENT_LEAF, OTHER_AGENT_B, nullptr);

// One timed decider in two trees that number their timers differently.
BT_DECLARE_DECIDER(TIMED);
BT_DECLARE_DECIDER(EARLY_TIMED);
BT_DEFINE_DECIDER_GROUP(FIRST_TREE, PrioritizedList, nullptr, TIMED);
BT_DEFINE_DECIDER_GROUP(SECOND_TREE, PrioritizedList, nullptr, EARLY_TIMED, TIMED);
BT_DEFINE_DECIDER_BEHAVIOR__PRE(TIMED, WORK_B, nullptr, bt::Preconditions{}.Every(1));
BT_DEFINE_DECIDER_BEHAVIOR__PRE(EARLY_TIMED, WORK_B, nullptr, bt::Preconditions{}.Every(2));
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

namespace handwritten {
// A tree written by hand, as a loader fills one: a group ROOT over a behavior
// decider LEAF. Each case breaks one thing; each tree is fresh, since
// InitializeTreeData keeps its verdict on the root.
struct HandTree {
  bt::DeciderData rootData{};
  bt::DeciderData leafData{};
  bt::DeciderDef leaf{.name = "LEAF", .kind = bt::DeciderKind::Behavior, .behavior = &WORK_B, .data = &leafData};
  std::vector<const bt::DeciderDef*> children{&leaf};
  bt::DeciderDef root{.name = "ROOT", .kind = bt::DeciderKind::Group, .data = &rootData};
  HandTree() { Link(); }
  void Link() {
    root.children = children.data();
    root.childCount = static_cast<std::uint16_t>(children.size());
  }
};

struct Verdict {
  bool valid;
  bt::TreeProblem problem;
  const bt::DeciderDef* decider;
  std::string message;
};
Verdict Initialize(const bt::DeciderDef& root) {
  bt::TreeError error;
  const bool valid = bt::InitializeTreeData(root, &error);
  return {valid, error.problem, error.decider, error.message};
}

constexpr bt::BehaviorDef HUGE_B{.name = "HUGE_B", .memory = {.name = "Huge", .size = bt::kMaxBehaviorMemoryBytes + 1}};
void DestroyNothing(void*) {}
}  // namespace handwritten

TEST_CASE("InitializeTreeData names the decider for every problem it can see", "[initialize]") {
  using handwritten::HandTree;
  using handwritten::Initialize;
  auto tree = std::make_unique<HandTree>();
  HandTree& t = *tree;
  const bt::DeciderDef* culprit = &t.root;
  std::string expected;

  SECTION("a null child: the group holding it is named") {
    t.children[0] = nullptr;
    expected = "bt: decider ROOT: a decider or child pointer is null, or a decider has no DeciderData: define it "
               "with a BT_DEFINE_DECIDER_* macro";
  }
  SECTION("a decider without DeciderData") {
    t.leaf.data = nullptr;
    culprit = &t.leaf;
    expected = "bt: decider LEAF: a decider or child pointer is null, or a decider has no DeciderData: define it "
               "with a BT_DEFINE_DECIDER_* macro";
  }
  SECTION("a group whose children pointer is null") {
    t.root.children = nullptr;
    expected = "bt: decider ROOT: a group decider with no children: give it at least one child";
  }
  SECTION("too many children") {
    t.children.assign(bt::kMaxGroupChildren + 1, &t.leaf);
    t.Link();
    expected = "bt: decider ROOT: a group with more than bt::kMaxGroupChildren children: split it into nested groups";
  }
  SECTION("too many children for a shuffle group") {
    t.children.assign(bt::kMaxShuffleGroupChildren + 1, &t.leaf);
    t.Link();
    t.root.policy = bt::GroupPolicy::Shuffle;
    expected = "bt: decider ROOT: a shuffle group with more than bt::kMaxShuffleGroupChildren children: split it "
               "into nested groups";
  }
  SECTION("a behavior decider with children") {
    t.root.kind = bt::DeciderKind::Behavior;
    t.root.behavior = &WORK_B;
    expected = "bt: decider ROOT: a behavior decider with children: make it a group";
  }
  SECTION("an unknown policy") {
    t.root.policy = static_cast<bt::GroupPolicy>(200);
    expected = "bt: decider ROOT: an unknown group policy";
  }
  SECTION("a memory struct too large") {
    t.leaf.behavior = &handwritten::HUGE_B;
    culprit = &t.leaf;
    expected = "bt: decider LEAF: a behavior memory struct larger than BT_MAX_BEHAVIOR_MEMORY_BYTES: shrink it or "
               "raise the limit";
  }
  SECTION("a DBlock too large") {
    t.leaf.dblock = {.name = "Big", .size = bt::kMaxDBlockBytes + 1, .align = 4};
    culprit = &t.leaf;
    expected = "bt: decider LEAF: a DBlock larger than BT_MAX_DBLOCK_BYTES: shrink it or raise the limit";
  }
  SECTION("a DBlock that is not plain data") {
    t.root.dblock = {.name = "Owner", .size = 8, .align = 4, .destroy = &handwritten::DestroyNothing};
    expected = "bt: decider ROOT: a DBlock that is not trivially copyable and destructible: keep plain data in "
               "DBlocks";
  }
  SECTION("a block aligned beyond kMaxAlignment") {
    t.leaf.dblock = {.name = "Strict", .size = 8, .align = bt::kMaxAlignment * 2};
    culprit = &t.leaf;
    expected = "bt: decider LEAF: a memory struct or DBlock aligned beyond bt::kMaxAlignment: relax its alignas";
  }
  SECTION("functions taking different agent types: the first decider that disagrees is named") {
    t.children.push_back(&OTHER_AGENT_LEAF);
    t.Link();
    culprit = &OTHER_AGENT_LEAF;
    expected = "bt: decider OTHER_AGENT_LEAF: functions taking different agent types in one tree: use one agent "
               "type per tree";
  }
  SECTION("a timer precondition that is negative, NaN or infinite") {
    t.leaf.preconditions.timerSeconds = GENERATE(-1.0f, std::numeric_limits<float>::quiet_NaN(), INFINITY);
    culprit = &t.leaf;
    expected = "bt: decider LEAF: a timer precondition that is negative or not finite";
  }
  const auto verdict = Initialize(t.root);
  CHECK_FALSE(verdict.valid);
  CHECK(verdict.decider == culprit);
  CHECK(verdict.message == expected);
  CHECK(std::string(bt::TreeProblemMessage(verdict.problem)) == expected.substr(expected.find(": ", 4) + 2));
  // The tick refuses the tree, naming the same decider, and calls nothing.
  test::TraceAgent agent;
  bt::Memory<512> memory{};
  const auto result = bt::TickBehaviorTree(t.root, agent, memory, 0.0, 0.1f);
  CHECK(result.status == Status::InvalidTree);
  CHECK(result.decider == culprit);
  CHECK(agent.Take().empty());
}

TEST_CASE("InitializeTreeData refuses more deciders than kMaxTreeDeciders", "[initialize]") {
  // Groups of up to kMaxGroupChildren distinct leaves under one root: the leaves and
  // groups fill the limit exactly, and the root is one too many.
  constexpr int groups = bt::kMaxTreeDeciders / bt::kMaxGroupChildren;
  constexpr int leaves = bt::kMaxTreeDeciders - groups;
  static_assert(leaves <= groups * bt::kMaxGroupChildren);
  auto data = std::make_unique<bt::DeciderData[]>(leaves + groups + 1);
  std::vector<bt::DeciderDef> defs(leaves + groups + 1);
  std::vector<const bt::DeciderDef*> pointers(leaves + groups);
  for (int i = 0; i < leaves; ++i) {
    defs[i] = {.name = "LEAF", .kind = bt::DeciderKind::Behavior, .behavior = &WORK_B, .data = &data[i]};
    pointers[i] = &defs[i];
  }
  for (int g = 0; g < groups; ++g) {
    const int first = g * bt::kMaxGroupChildren;
    defs[leaves + g] = {.name = "GROUP", .kind = bt::DeciderKind::Group, .children = &pointers[first],
                        .childCount = static_cast<std::uint16_t>(std::min(bt::kMaxGroupChildren, leaves - first)),
                        .data = &data[leaves + g]};
    pointers[leaves + g] = &defs[leaves + g];
  }
  bt::DeciderDef& root = defs[leaves + groups];
  root = {.name = "MANY", .kind = bt::DeciderKind::Group, .children = &pointers[leaves],
          .childCount = static_cast<std::uint16_t>(groups), .data = &data[leaves + groups]};
  // Post-order: the root comes last.
  bt::TreeError error;
  CHECK_FALSE(bt::InitializeTreeData(root, &error));
  CHECK(error.problem == bt::TreeProblem::TooManyDeciders);
  CHECK(error.decider == &root);
  CHECK(std::string(error.message) ==
        "bt: decider MANY: more distinct deciders than bt::kMaxTreeDeciders: split the tree");
}

TEST_CASE("InitializeTreeData refuses a timed decider numbered differently by another tree", "[initialize][timer]") {
  // FIRST_TREE numbers TIMED's timer 0; SECOND_TREE meets EARLY_TIMED first, so
  // TIMED would be timer 1 there, and the decider keeps one timer index.
  REQUIRE(bt::InitializeTreeData(FIRST_TREE));
  REQUIRE(TIMED.data->timerIndex == 0);
  bt::TreeError error;
  CHECK_FALSE(bt::InitializeTreeData(SECOND_TREE, &error));
  CHECK(error.problem == bt::TreeProblem::TimerSharedAcrossTrees);
  CHECK(error.decider == &TIMED);
  CHECK(std::string(error.message) ==
        "bt: decider TIMED: a decider with a timer precondition used by two trees: give each tree its own decider");
  // The first tree still runs.
  test::TraceAgent agent;
  bt::MemoryFor<FIRST_TREE> memory{};
  CHECK(bt::TickBehaviorTree(FIRST_TREE, agent, memory, 0.0, 0.1f).status == Status::Running);
  bt::StopBehaviorTree(FIRST_TREE, &agent, memory.Span(), 0.0);
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
    // As a span: given the block of bt::MemoryFor<GOOD_ROOT> itself, the wrong type does not compile.
    CHECK(bt::TickBehaviorTree(GOOD_ROOT, other, memory.Span(), 2.0, 0.1f).status == Status::AgentTypeMismatch);
    CHECK(unchanged());
  }
  SECTION("a block too small, or misaligned") {
    CHECK(bt::TickBehaviorTree(GOOD_ROOT, agent, memory.Span().first(sizeof memory - 1), 2.0, 0.1f).status ==
          Status::MemoryTooSmall);
    bt::Memory<sizeof memory + 16> larger{};
    CHECK(bt::TickBehaviorTree(GOOD_ROOT, agent, larger.Span().subspan(1, sizeof memory), 2.0, 0.1f).status ==
          Status::MemoryMisaligned);
    CHECK(bt::TickBehaviorTree(GOOD_ROOT, agent, std::span<std::byte>(), 2.0, 0.1f).status == Status::MemoryTooSmall);
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
    CHECK(bt::TickBehaviorTree(GOOD_ROOT, agent, memory, HUGE_VAL, 0.1f).status == Status::BadTime);
    CHECK(bt::TickBehaviorTree(GOOD_ROOT, agent, memory, -HUGE_VAL, 0.1f).status == Status::BadTime);
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

namespace duplicate {
BT_DEFINE_DECIDER_BEHAVIOR(STEP, WORK_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(OTHER_STEP, WORK_B, nullptr);
BT_DEFINE_DECIDER_GROUP(TWICE, Sequential, nullptr, STEP, OTHER_STEP, STEP);
BT_DEFINE_DECIDER_GROUP(ABOVE, PrioritizedList, nullptr, TWICE);
// The same steps, each listed once: accepted.
BT_DEFINE_DECIDER_GROUP(ONCE, Sequential, nullptr, STEP, OTHER_STEP);
}  // namespace duplicate

TEST_CASE("InitializeTreeData refuses a group that lists a child twice, naming the group", "[initialize][duplicate]") {
  bt::TreeError error;
  REQUIRE_FALSE(bt::InitializeTreeData(duplicate::ABOVE, &error));
  CHECK(error.problem == bt::TreeProblem::DuplicateChild);
  CHECK(error.decider == &duplicate::TWICE);
  CHECK(std::string(error.message) ==
        "bt: decider TWICE: a group that lists one child twice: list it once (or define a second decider of the same "
        "behavior and Decide)");
  test::TraceAgent agent;
  bt::Memory<256> memory{};
  const bt::TickResult result = bt::TickBehaviorTree(duplicate::ABOVE, agent, memory.Span(), 1.0, 0.1f);
  CHECK(result.status == Status::InvalidTree);
  CHECK(result.decider == &duplicate::TWICE);
  CHECK(bt::InitializeTreeData(duplicate::ONCE));
}
