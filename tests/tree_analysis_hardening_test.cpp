// tests/tree_analysis_hardening_test.cpp — trees the analysis must refuse although
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
