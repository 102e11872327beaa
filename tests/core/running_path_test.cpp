// tests/core/running_path_test.cpp — the running path's own rules (bt/core/running_path.h);
// its traces through Unvanquished trees are in tests/loaders/unvanquished/unvanquished_loader_test.cpp.
#include <catch2/catch.hpp>

#include "bt/data/tree_builder.h"
#include "bt/core/name_id.h"
#include "bt/core/running_path.h"
#include "bt/core/tree.h"

namespace {

// Two names of one FNV-1a id (found by search; checked below).
constexpr const char* kCollidingA = "n512789";
constexpr const char* kCollidingB = "n749192";

bt::data::Registry Builtins() {
  bt::data::Registry registry;
  bt::data::RegisterBuiltinBehaviors(registry);
  return registry;
}

}  // namespace

TEST_CASE("A tree with a running path refuses two deciders of one stable id, naming the later", "[running-path]") {
  REQUIRE(bt::NameId(kCollidingA) == bt::NameId(kCollidingB));
  bt::data::TreeSpec spec{.file = "paths.bt"};
  spec.Group(kCollidingA, bt::GroupPolicy::Sequence, {kCollidingB}).Flags(bt::kResumeOnRunningPath).At(1, 1);
  spec.Behavior(kCollidingB, "Succeed").At(2, 3);
  CHECK(bt::data::BuildTree(spec, Builtins()).ErrorText() ==
        std::string("paths.bt:1:1: decider n512789: ") + bt::TreeProblemMessage(bt::TreeProblem::RunningPathIds) +
            "\n");
  // Without the flag the ids name nothing on a path: the same tree builds.
  spec.nodes[0].Flags(bt::kNoDeciderFlags);
  CHECK(bt::data::BuildTree(spec, Builtins()).Ok());
}

TEST_CASE("The running path holds at most 20 nodes and reads a damaged count as full", "[running-path]") {
  bt::data::TreeSpec spec{.file = "deep.bt"};
  spec.Group("ROOT", bt::GroupPolicy::Sequence, {"LEAF"}).Flags(bt::kResumeOnRunningPath);
  spec.Behavior("LEAF", "Halt");
  const bt::data::BuildResult built = bt::data::BuildTree(spec, Builtins());
  REQUIRE(built.Ok());
  const bt::DeciderDef& root = built.tree->Root();
  const bt::DeciderDef& leaf = *root.children[0];
  bt::RunningPath path;
  bt::detail::NoteOnRunningPath(path, leaf, bt::Result::Running);  // a running leaf starts it afresh
  bt::detail::NoteOnRunningPath(path, root, bt::Result::Running);
  CHECK(path.count == 2);
  CHECK(bt::detail::IsOnRunningPath(path, root.data->id));
  bt::detail::NoteOnRunningPath(path, root, bt::Result::Failed);  // FAILURE leaves it
  CHECK(path.count == 2);
  path.count = 1000;  // damage: the first 20 entries are read, nothing beyond
  CHECK(bt::detail::IsOnRunningPath(path, leaf.data->id));
  bt::detail::NoteOnRunningPath(path, root, bt::Result::Done);  // a node on it succeeded
  CHECK(path.count == 0);
  for (std::uint32_t i = 0; i < bt::kMaxRunningPath; ++i) path.ids[i] = 1 + i;
  path.count = bt::kMaxRunningPath;
  bt::detail::NoteOnRunningPath(path, root, bt::Result::Running);  // too deep: not noted
  CHECK(path.count == bt::kMaxRunningPath);
  CHECK_FALSE(bt::detail::IsOnRunningPath(path, root.data->id));
}
