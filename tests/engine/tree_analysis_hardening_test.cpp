// tests/engine/tree_analysis_hardening_test.cpp — trees the analysis must refuse although
// each decider in them is fine (deciders sharing one DeciderData, delegation that
// costs exponential time), and the tree stamp, which must change with what a
// memory block means.
//
// The trees are written by hand, as a loader fills them, each one fresh: a root
// keeps InitializeTreeData's verdict.
#include <algorithm>
#include <array>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "bt/bt.h"

using bt::Status;

namespace hardening {

struct Agent {
  int decides = 0;
};

float CountAndAccept(void* agent, void*, const bt::DecideContext&) {
  ++static_cast<Agent*>(agent)->decides;
  return 1;
}
float CountAndReject(void* agent, void*, const bt::DecideContext&) {
  ++static_cast<Agent*>(agent)->decides;
  return 0;
}

constexpr bt::BehaviorDef IDLE_B{.name = "IDLE_B"};  // runs until interrupted
constexpr bt::BehaviorDef BIG_B{.name = "BIG_B", .memory = {.name = "Big", .size = 64, .align = 8}};

bt::TickResult TickOnce(const bt::DeciderDef& root, Agent& agent, std::span<std::byte> memory, double time = 0) {
  return bt::TickBehaviorTree(root, &agent, memory, time, 0.1f);
}

// ------------------------------------------------------------ shared DeciderData
// ORIGINAL and VARIANT, a copy of it made into a variant with more memory, which
// kept the original's DeciderData.
struct Variants {
  bt::DeciderData shared{};
  bt::DeciderDef original{.name = "ORIGINAL", .kind = bt::DeciderKind::Behavior, .behavior = &IDLE_B, .data = &shared};
  bt::DeciderDef variant = [this] {
    bt::DeciderDef copy = original;
    copy.name = "VARIANT";
    copy.behavior = &BIG_B;
    return copy;
  }();
};

struct Group {
  bt::DeciderData data{};
  std::vector<const bt::DeciderDef*> children;
  bt::DeciderDef def;
  Group(const char* name, std::vector<const bt::DeciderDef*> list, std::uint32_t flags = 0,
        bt::DecideFn decide = nullptr)
      : children(std::move(list)),
        def{.name = name,
            .kind = bt::DeciderKind::Group,
            .flags = flags,
            .children = children.data(),
            .childCount = static_cast<std::uint16_t>(children.size()),
            .decide = decide,
            .data = &data} {}
  Group(const Group&) = delete;
};

constexpr const char* kSharedMessage =
    "two deciders share one DeciderData: give each decider its own (a copied DeciderDef needs a new data)";

}  // namespace hardening

using namespace hardening;

TEST_CASE("Two deciders of one tree sharing a DeciderData are refused, naming the second", "[analysis][shared-data]") {
  auto v = std::make_unique<Variants>();
  // Post-order: ORIGINAL is met first, so VARIANT is the one that shares.
  Group root("ROOT", {&v->original, &v->variant});
  bt::TreeError error;
  CHECK_FALSE(bt::InitializeTreeData(root.def, &error));
  CHECK(error.problem == bt::TreeProblem::SharedDeciderData);
  CHECK(error.decider == &v->variant);
  CHECK(std::string(error.message) == std::string("bt: decider VARIANT: ") + kSharedMessage);
  // The tick refuses the tree and writes nothing (it used to construct VARIANT's
  // memory where ORIGINAL's layout put it, past the end of the block).
  Agent agent;
  bt::Memory<64> memory{};
  const auto result = TickOnce(root.def, agent, memory.Span());
  CHECK(result.status == Status::InvalidTree);
  CHECK(result.decider == &v->variant);
  CHECK(agent.decides == 0);
  CHECK(std::all_of(memory.bytes, memory.bytes + sizeof memory.bytes, [](std::byte b) { return b == std::byte{0}; }));
}

TEST_CASE("A group sharing its DeciderData with a decider below it is refused", "[analysis][shared-data]") {
  bt::DeciderData data{};
  const bt::DeciderDef leaf{.name = "LEAF", .kind = bt::DeciderKind::Behavior, .behavior = &IDLE_B, .data = &data};
  const bt::DeciderDef* children[] = {&leaf};
  const bt::DeciderDef root{.name = "ROOT", .kind = bt::DeciderKind::Group, .children = children, .childCount = 1,
                            .data = &data};
  bt::TreeError error;
  CHECK_FALSE(bt::InitializeTreeData(root, &error));
  CHECK(error.decider == &root);
  CHECK(std::string(error.message) == std::string("bt: decider ROOT: ") + kSharedMessage);
}

TEST_CASE("A decider sharing its DeciderData with one of another tree is refused there", "[analysis][shared-data]") {
  auto v = std::make_unique<Variants>();
  Group first("FIRST", {&v->original});
  Group second("SECOND", {&v->variant});
  REQUIRE(bt::InitializeTreeData(first.def));
  const std::uint16_t memoryOffset = v->shared.memoryOffset;
  bt::TreeError error;
  CHECK_FALSE(bt::InitializeTreeData(second.def, &error));
  CHECK(error.problem == bt::TreeProblem::SharedDeciderData);
  CHECK(error.decider == &v->variant);
  CHECK(std::string(error.message) == std::string("bt: decider VARIANT: ") + kSharedMessage);
  // The first tree's layout is untouched, and it still runs.
  CHECK(v->shared.memoryOffset == memoryOffset);
  Agent agent;
  bt::Memory<64> memory{};
  CHECK(TickOnce(first.def, agent, memory.Span()).status == Status::Running);
  CHECK(TickOnce(second.def, agent, memory.Span()).status == Status::InvalidTree);
}

// ------------------------------------------------------------ delegation
namespace hardening {
// Levels of groups that delegate their Decide to their children, two groups a
// level, G_i and its twin H_i, each over both of the next level; the last
// level's are over LEAF and its twin. A group's Decide counts and accepts, a
// leaf's counts and rejects: evaluating G_i therefore asks every Decide below
// it, 2^(n-i+1) - 1 of them.
struct DelegationDag {
  std::vector<std::string> names;
  std::vector<bt::DeciderData> data;
  std::vector<bt::DeciderDef> groups;  // G_i at 2i, H_i at 2i + 1
  std::vector<std::array<const bt::DeciderDef*, 2>> links;
  bt::DeciderData leafData{};
  bt::DeciderDef leaf{.name = "LEAF", .kind = bt::DeciderKind::Behavior, .behavior = &IDLE_B,
                      .decide = &CountAndReject, .data = &leafData};
  bt::DeciderData leafTwinData{};
  bt::DeciderDef leafTwin{.name = "LEAF", .kind = bt::DeciderKind::Behavior, .behavior = &IDLE_B,
                          .decide = &CountAndReject, .data = &leafTwinData};

  explicit DelegationDag(int levels) : names(2 * levels), data(2 * levels), groups(2 * levels), links(levels) {
    for (int i = 0; i < levels; ++i) {
      links[i] = i + 1 < levels ? std::array<const bt::DeciderDef*, 2>{&groups[2 * i + 2], &groups[2 * i + 3]}
                                : std::array<const bt::DeciderDef*, 2>{&leaf, &leafTwin};
      for (int twin = 0; twin < 2; ++twin) {
        const int g = 2 * i + twin;
        names[g] = (twin ? "H" : "G") + std::to_string(i);
        groups[g] = {.name = names[g].c_str(), .kind = bt::DeciderKind::Group, .flags = bt::kDelegateDecideToChildren,
                     .children = links[i].data(), .childCount = 2, .decide = &CountAndAccept, .data = &data[g]};
      }
    }
  }
  DelegationDag(const DelegationDag&) = delete;
  const bt::DeciderDef& Top() const { return groups[0]; }
};

constexpr const char* kCostlyMessage =
    "groups that delegate their Decide to their children would call more than bt::kMaxDelegatedDecides Decides to "
    "evaluate this decider once: delegate less deeply";
}  // namespace hardening

TEST_CASE("Delegating groups whose evaluation would cost too many Decides are refused", "[analysis][delegation]") {
  static_assert(bt::kMaxDelegatedDecides == 1024, "the levels below are counted for 1024");
  SECTION("27 levels (67 million Decides a tick): the lowest group past the bound is named") {
    // G26 costs 3, G25 7, ... G17 2047: the first past 1024 from below.
    auto dag = std::make_unique<DelegationDag>(27);
    bt::TreeError error;
    REQUIRE_FALSE(bt::InitializeTreeData(dag->Top(), &error));
    CHECK(error.problem == bt::TreeProblem::DelegationTooCostly);
    CHECK(error.decider == &dag->groups[2 * 17]);
    CHECK(std::string(error.message) == std::string("bt: decider G17: ") + kCostlyMessage);
    Agent agent;
    bt::Memory<1024> memory{};
    const auto result = TickOnce(dag->Top(), agent, memory.Span());
    CHECK(result.status == Status::InvalidTree);
    CHECK(result.decider == &dag->groups[2 * 17]);
    CHECK(agent.decides == 0);
  }
  SECTION("10 levels: 2047 Decides, refused at the top") {
    auto dag = std::make_unique<DelegationDag>(10);
    bt::TreeError error;
    REQUIRE_FALSE(bt::InitializeTreeData(dag->Top(), &error));
    CHECK(error.decider == &dag->groups[0]);
    CHECK(std::string(error.message) == std::string("bt: decider G0: ") + kCostlyMessage);
  }
  SECTION("9 levels: 1023 Decides, accepted, and one tick asks exactly that many") {
    auto dag = std::make_unique<DelegationDag>(9);
    REQUIRE(bt::InitializeTreeData(dag->Top()));
    Agent agent;
    bt::Memory<1024> memory{};
    CHECK(TickOnce(dag->Top(), agent, memory.Span()).status == Status::NoBehavior);
    CHECK(agent.decides == 1023);
  }
  SECTION("exactly kMaxDelegatedDecides is accepted, one more is not") {
    auto dag = std::make_unique<DelegationDag>(9);
    Group atBound("AT_BOUND", {&dag->Top()}, bt::kDelegateDecideToChildren, &CountAndAccept);  // 1 + 1023
    REQUIRE(bt::InitializeTreeData(atBound.def));
    Agent agent;
    bt::Memory<1024> memory{};
    CHECK(TickOnce(atBound.def, agent, memory.Span()).status == Status::NoBehavior);
    CHECK(agent.decides == bt::kMaxDelegatedDecides);

    Group past("PAST_BOUND", {&dag->Top(), &dag->leaf}, bt::kDelegateDecideToChildren, &CountAndAccept);
    bt::TreeError error;
    CHECK_FALSE(bt::InitializeTreeData(past.def, &error));
    CHECK(error.decider == &past.def);
    CHECK(std::string(error.message) == std::string("bt: decider PAST_BOUND: ") + kCostlyMessage);
  }
  SECTION("the bound is per evaluation: a group that does not delegate chooses among costly children") {
    auto dag = std::make_unique<DelegationDag>(9);
    Group chooser("CHOOSER", {&dag->groups[0], &dag->groups[1]});
    REQUIRE(bt::InitializeTreeData(chooser.def));
    Agent agent;
    bt::Memory<1024> memory{};
    CHECK(TickOnce(chooser.def, agent, memory.Span()).status == Status::NoBehavior);
    CHECK(agent.decides == 2 * 1023);
  }
}

// ------------------------------------------------------------ the tree stamp
namespace hardening {
// ROOT (a prioritized list) over LEAF, whose behavior keeps a small memory struct
// and whose Decide fills a DBlock, and OTHER, a timed decider with more memory
// than LEAF: ROOT's slot sits above OTHER's, so changes to LEAF move no slot.
struct StampSpec {
  const char* leafBehavior = "MOVE_B";
  bt::BlockType leafMemory{.name = "Float", .size = 4, .align = 4};
  bt::BlockType leafDBlock{.name = "Target", .size = 8, .align = 4};
  std::uint32_t leafBehaviorFlags = 0;
  bt::Preconditions leafPre{};
  std::uint32_t rootFlags = 0;
  bt::BlockType otherMemory{.name = "History", .size = 32, .align = 4};
  bt::Preconditions otherPre = bt::Preconditions{}.Every(1);
};

struct StampTree {
  bt::BehaviorDef leafB, otherB;
  bt::DeciderData rootData{}, leafData{}, otherData{};
  bt::DeciderDef leaf, other;
  const bt::DeciderDef* children[2] = {&leaf, &other};
  bt::DeciderDef root;
  explicit StampTree(const StampSpec& s)
      : leafB{.name = s.leafBehavior, .memory = s.leafMemory},
        otherB{.name = "REST_B", .memory = s.otherMemory},
        leaf{.name = "LEAF", .kind = bt::DeciderKind::Behavior, .behavior = &leafB,
             .behaviorFlags = s.leafBehaviorFlags, .dblock = s.leafDBlock, .preconditions = s.leafPre,
             .data = &leafData},
        other{.name = "OTHER", .kind = bt::DeciderKind::Behavior, .behavior = &otherB,
              .preconditions = s.otherPre, .data = &otherData},
        root{.name = "ROOT", .kind = bt::DeciderKind::Group, .flags = s.rootFlags, .children = children,
             .childCount = 2, .data = &rootData} {}
  StampTree(const StampTree&) = delete;
  std::uint32_t Stamp() const { return root.data->tree.stamp; }
};

struct Waypoint {
  int waypoint = 0;
  int lap = 0;
};

struct StampVariant {
  const char* what;
  std::function<void(StampSpec&)> change;
};
}  // namespace hardening

TEST_CASE("The tree stamp changes with what a memory block means", "[analysis][stamp]") {
  const std::vector<StampVariant> variants = {
      {"the behavior's name", [](StampSpec& s) { s.leafBehavior = "WALK_B"; }},
      {"the memory struct {float} becomes {int waypoint; int lap}",
       [](StampSpec& s) { s.leafMemory = bt::BlockTypeOf<Waypoint>("Waypoint"); }},
      {"the memory struct's name", [](StampSpec& s) { s.leafMemory.name = "Speed"; }},
      {"the memory struct's size", [](StampSpec& s) { s.leafMemory.size = 8; }},
      {"the memory struct's alignment", [](StampSpec& s) { s.leafMemory.align = 8; }},
      {"whether the memory struct is trivially copyable", [](StampSpec& s) { s.leafMemory.triviallyCopyable = false; }},
      {"the DBlock's name", [](StampSpec& s) { s.leafDBlock.name = "Goal"; }},
      {"the DBlock's size", [](StampSpec& s) { s.leafDBlock.size = 12; }},
      {"the DBlock's alignment", [](StampSpec& s) { s.leafDBlock.align = 8; }},
      {"the behavior flags", [](StampSpec& s) { s.leafBehaviorFlags = 1; }},
      {"the decider flags", [](StampSpec& s) { s.rootFlags = bt::kCallDecideOnRedecide; }},
      {"a decision flags precondition", [](StampSpec& s) { s.leafPre = s.leafPre.DecisionAnyClear(1); }},
      {"a stimuli flags precondition", [](StampSpec& s) { s.leafPre = s.leafPre.StimuliAllClear(2); }},
      {"a timer's period", [](StampSpec& s) { s.otherPre = bt::Preconditions{}.Every(2); }},
      {"a timer more, which renumbers the others", [](StampSpec& s) { s.leafPre = s.leafPre.Every(0.5f); }},
      {"the slot layout (OTHER's memory grows, ROOT's slot moves up)", [](StampSpec& s) { s.otherMemory.size = 40; }},
  };
  const auto base = std::make_unique<StampTree>(StampSpec{});
  REQUIRE(bt::InitializeTreeData(base->root));
  for (const StampVariant& variant : variants) {
    INFO("two trees differing in " << variant.what);
    StampSpec spec;
    variant.change(spec);
    const auto changed = std::make_unique<StampTree>(spec);
    REQUIRE(bt::InitializeTreeData(changed->root));
    CHECK(changed->Stamp() != base->Stamp());
    // A block started by either is refused by the other, unchanged.
    for (const auto& [from, to] : {std::pair{base.get(), changed.get()}, std::pair{changed.get(), base.get()}}) {
      Agent agent;
      bt::Memory<512> memory{};
      REQUIRE(TickOnce(from->root, agent, memory.Span(), 1.0).status == Status::Running);
      bt::Memory<512> before = memory;
      const auto result = TickOnce(to->root, agent, memory.Span(), 2.0);
      CHECK(result.status == Status::MemoryFromOtherTree);
      CHECK(result.decider == &to->root);
      CHECK(std::memcmp(&before, &memory, sizeof memory) == 0);
      bt::StopBehaviorTree(from->root, &agent, memory.Span(), 2.0);
    }
  }
}

TEST_CASE("The same tree built twice gets the same stamp, and takes the other's blocks", "[analysis][stamp]") {
  const auto first = std::make_unique<StampTree>(StampSpec{});
  const auto second = std::make_unique<StampTree>(StampSpec{});
  REQUIRE(bt::InitializeTreeData(first->root));
  REQUIRE(bt::InitializeTreeData(second->root));
  CHECK(first->Stamp() == second->Stamp());
  // Values only, no addresses: the same in every process and with either compiler,
  // so a save outlives the run. Pinned, so that changing what goes into it (which
  // refuses every existing save) is a deliberate act.
  CHECK(first->Stamp() == 0xEB8F5123u);
  Agent agent;
  bt::Memory<512> memory{};
  REQUIRE(TickOnce(first->root, agent, memory.Span(), 1.0).status == Status::Running);
  const auto result = TickOnce(second->root, agent, memory.Span(), 2.0);
  CHECK(result.status == Status::Running);
  CHECK(result.decider == &second->leaf);
  bt::StopBehaviorTree(second->root, &agent, memory.Span(), 2.0);
}
