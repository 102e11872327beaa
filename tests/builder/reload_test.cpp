// tests/builder/reload_test.cpp — replacing a built tree while agents run it
// (bt/data/reloadable_tree.h): who goes on, who starts over, when old trees go.
#include <catch2/catch.hpp>

#include <algorithm>
#include <span>

#include "bt/data/reloadable_tree.h"
#include "bt/data/tree_builder.h"
#include "bt/engine/why.h"
#include "tests/support/figure1_data.h"

using test::Events;

namespace {

struct Big {
  char bytes[200];
};
bt::Result BigTick(test::TraceAgent&, Big&) { return bt::Result::Running; }

bt::data::Registry TraceRegistry() {
  bt::data::Registry registry;
  figure1::RegisterTraceFunctions(registry);
  BT_REGISTER_ACTION(registry, "BIG_B", Big, nullptr, BigTick, nullptr);
  return registry;
}

std::shared_ptr<const bt::data::BuiltTree> Build(const bt::data::TreeSpec& spec) {
  const bt::data::BuildResult built = bt::data::BuildTree(spec, TraceRegistry());
  INFO(built.ErrorText());
  REQUIRE(built.Ok());
  return built.tree;
}

bt::data::NodeSpec& Node(bt::data::TreeSpec& spec, const char* name) {
  for (bt::data::NodeSpec& node : spec.nodes)
    if (node.name == name) return node;
  FAIL("no node " << name);
  return spec.nodes.front();
}

const Events kRestGoesOn{"decide FLEE", "decide GUARD", "decide FIGHT", "decide EAT", "decide PLAY", "tick REST_B"};

}  // namespace

TEST_CASE("ReloadableTree: a block that fits the new tree goes on where it was", "[reload]") {
  auto first = Build(figure1::Figure1Spec());
  std::weak_ptr<const bt::data::BuiltTree> firstAlive = first;
  bt::data::ReloadableTree tree(std::move(first), 128);
  test::TraceAgent agent;
  bt::data::ReloadableBlock block = tree.MakeBlock();

  auto r = tree.Tick(agent, block, 0.0, 0.1f);
  CHECK(r.status == bt::Status::Running);
  CHECK(agent.Take() == Events{"decide FLEE", "decide GUARD", "decide FIGHT", "decide EAT", "decide PLAY",
                               "activate REST_B", "tick REST_B"});

  // A designer tunes a parameter: parameters are not part of the block's meaning.
  bt::data::TreeSpec tuned = figure1::Figure1Spec();
  Node(tuned, "FLEE").params = {bt::data::ArgSpec::Number(30).Named("range")};
  auto second = Build(tuned);
  REQUIRE(second->Stamp() == firstAlive.lock()->Stamp());
  const bt::DeciderDef* secondRest = second->Find("REST");
  REQUIRE(tree.Replace(std::move(second)));

  r = tree.Tick(agent, block, 1.0, 0.1f);
  CHECK(r.status == bt::Status::Running);
  CHECK(r.decider == secondRest);  // the new tree's decider, without a Deactivate or an Activate
  CHECK(agent.Take() == kRestGoesOn);
  CHECK(block.Tree() == tree.Current().get());
  CHECK(firstAlive.expired());  // no block refers to the old tree any more
}

TEST_CASE("ReloadableTree: a block that does not fit is stopped by the old tree and started by the new", "[reload]") {
  auto first = Build(figure1::Figure1Spec());
  std::weak_ptr<const bt::data::BuiltTree> firstAlive = first;
  bt::data::ReloadableTree tree(std::move(first), 128);
  test::TraceAgent a, b;
  bt::data::ReloadableBlock blockA = tree.MakeBlock(), blockB = tree.MakeBlock();
  a.decide["EAT"] = b.decide["EAT"] = 1;
  a.decide["FIND_FOOD"] = b.decide["FIND_FOOD"] = 1;
  REQUIRE(tree.Tick(a, blockA, 0.0, 0.1f).status == bt::Status::Running);
  REQUIRE(tree.Tick(b, blockB, 0.0, 0.1f).status == bt::Status::Running);
  a.Take();
  b.Take();

  // EAT loses FIND_FOOD: another shape, another layout, another stamp.
  bt::data::TreeSpec changed = figure1::Figure1Spec();
  Node(changed, "EAT").children = {{"EAT_FOOD", {}}};
  auto second = Build(changed);
  REQUIRE(second->Stamp() != firstAlive.lock()->Stamp());
  REQUIRE(tree.Replace(std::move(second)));

  // a: FIND_FOOD_B is deactivated (by the old tree, which has it), then the new
  // tree starts from its root in the same tick: EAT accepts, but its one child
  // EAT_FOOD rejects, so the root redecides with EAT masked and IDLE wins.
  auto r = tree.Tick(a, blockA, 1.0, 0.1f);
  CHECK(r.status == bt::Status::Running);
  const Events startOver{"deactivate FIND_FOOD_B", "decide FLEE",  "decide GUARD", "decide FIGHT",
                         "decide EAT",             "decide EAT_FOOD", "decide FLEE",  "decide GUARD",
                         "decide FIGHT",           "decide PLAY",  "activate REST_B", "tick REST_B"};
  CHECK(a.Take() == startOver);
  CHECK(blockA.Tree() == tree.Current().get());
  CHECK_FALSE(firstAlive.expired());  // b's block still runs the old tree

  r = tree.Tick(b, blockB, 1.0, 0.1f);
  CHECK(b.Take() == startOver);
  CHECK(firstAlive.expired());

  // Both go on with the new tree.
  a.decide["EAT"] = 0;
  CHECK(tree.Tick(a, blockA, 2.0, 0.1f).status == bt::Status::Running);
  CHECK(a.Take() == kRestGoesOn);
}

// A why-record's last transitions point into the tree they were recorded in: a
// tick of another tree (here the reloaded one, the old one freed) starts them afresh.
TEST_CASE("ReloadableTree: a why-record kept across a reload names only the new tree's deciders", "[reload][why]") {
  auto first = Build(figure1::Figure1Spec());
  std::weak_ptr<const bt::data::BuiltTree> firstAlive = first;
  bt::data::ReloadableTree tree(std::move(first), 128);
  test::TraceAgent agent;
  bt::data::ReloadableBlock block = tree.MakeBlock();
  bt::WhyRecord why{};
  bt::TickOptions options;
  options.why = &why;
  REQUIRE(tree.Tick(agent, block, 0.0, 0.1f, 0, 0, options).status == bt::Status::Running);
  REQUIRE(why.transitionCount > 0);

  bt::data::TreeSpec changed = figure1::Figure1Spec();
  Node(changed, "EAT").children = {{"EAT_FOOD", {}}};
  REQUIRE(tree.Replace(Build(changed)));
  REQUIRE(tree.Tick(agent, block, 1.0, 0.1f, 0, 0, options).status == bt::Status::Running);
  REQUIRE(firstAlive.expired());
  const std::span<const bt::DeciderDef> now = tree.Current()->Deciders();
  const auto inNewTree = [&](const bt::DeciderDef* d) {
    return d == nullptr || (d >= now.data() && d < now.data() + now.size());
  };
  CHECK(why.root == &tree.Current()->Root());
  const std::uint32_t kept = std::min<std::uint32_t>(why.transitionCount, bt::kWhyTransitions);
  CHECK(kept >= 1);
  for (std::uint32_t k = why.transitionCount - kept; k < why.transitionCount; ++k) {
    const bt::WhyTransition& tr = why.transitions[k % bt::kWhyTransitions];
    CHECK(inNewTree(tr.group));
    CHECK(inNewTree(tr.from));
    CHECK(inNewTree(tr.to));
  }
  char text[8192];
  CHECK(bt::FormatWhy(why, text) > 0);
}

TEST_CASE("ReloadableTree: the old tree's refusal leaves the block on it", "[reload]") {
  bt::data::ReloadableTree tree(Build(figure1::Figure1Spec()), 128);
  test::TraceAgent agent;
  bt::data::ReloadableBlock block = tree.MakeBlock();
  REQUIRE(tree.Tick(agent, block, 5.0, 0.1f).status == bt::Status::Running);
  const bt::data::BuiltTree* old = block.Tree();
  bt::data::TreeSpec changed = figure1::Figure1Spec();
  Node(changed, "IDLE").children = {{"REST", {}}};
  REQUIRE(tree.Replace(Build(changed)));
  agent.Take();
  // An agent of another type: the old tree refuses to stop the block, nothing changes.
  int stranger = 0;
  CHECK(tree.Tick(stranger, block, 6.0, 0.1f).status == bt::Status::AgentTypeMismatch);
  CHECK(block.Tree() == old);
  CHECK(tree.Tick(agent, block, 6.0, 0.1f).status == bt::Status::Running);
  CHECK(agent.Take() == Events{"deactivate REST_B", "decide FLEE", "decide GUARD", "decide FIGHT", "decide EAT",
                               "activate REST_B", "tick REST_B"});
  CHECK(block.Tree() == tree.Current().get());
}

TEST_CASE("ReloadableTree refuses a tree its blocks cannot hold", "[reload]") {
  bt::data::ReloadableTree tree(Build(figure1::Figure1Spec()), 128);
  bt::data::TreeSpec big = figure1::Figure1Spec();
  Node(big, "REST").action.name = "BIG_B";
  auto bigTree = Build(big);
  std::string why;
  CHECK_FALSE(tree.Replace(bigTree, &why));
  CHECK(why == "the new tree needs " + std::to_string(bt::MemoryBytesFor(bigTree->Root())) +
                   " bytes per agent, more than the blocks' 128");
  CHECK_FALSE(tree.Replace(nullptr, &why));
  CHECK(why == "no tree to replace with");
  // With room for it, it is taken.
  bt::data::ReloadableTree roomy(Build(figure1::Figure1Spec()), 512);
  CHECK(roomy.Replace(bigTree));
}
