// tests/builder/builder_classic_test.cpp — classic groups built from data: NodeSpec's
// config reaches the built tree, which ticks as its macro twin
// (tests/core/macro_classic_test.cpp), and a config that is out of range, or given to
// a node that does not read it, is an error placed at the node.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "bt/data/tree_builder.h"
#include "tests/support/trace_agent.h"

namespace classic_macros {
BT_DECLARE_DECIDER(ROOT);
BT_DECLARE_DECIDER(PATIENT);
}  // namespace classic_macros

namespace {

using bt::GroupPolicy;
using bt::Result;
using bt::data::TreeSpec;

bt::data::Registry ClassicRegistry() {
  bt::data::Registry registry;
  for (const char* name : {"BUSY_B", "STEP_B", "NEVER_B", "TRY_B", "IDLE_B"})
    BT_REGISTER_ACTION(registry, name, void, test::TraceActivate, test::TraceTick, test::TraceDeactivate);
  return registry;
}

// classic_macros::ROOT, from data.
TreeSpec RootSpec() {
  TreeSpec spec{.file = "classic.bt"};
  spec.Group("ROOT", GroupPolicy::Sequence, {"NOT_BUSY", "TWICE", "MAYBE"}).At(1, 1);
  spec.Group("NOT_BUSY", GroupPolicy::Decorator, {"BUSY"}).Results(bt::kInvertResult).At(2, 3);
  spec.Behavior("BUSY", "BUSY_B").At(3, 5);
  spec.Group("TWICE", GroupPolicy::Loop, {"STEP"}).Count(2).At(4, 3);
  spec.Behavior("STEP", "STEP_B").At(5, 5);
  spec.Group("MAYBE", GroupPolicy::RandomGate, {"NEVER"}).Chance(0).At(6, 3);
  spec.Behavior("NEVER", "NEVER_B").At(7, 5);
  return spec;
}

// classic_macros::PATIENT, from data.
TreeSpec PatientSpec() {
  TreeSpec spec{.file = "patient.bt"};
  spec.Group("PATIENT", GroupPolicy::Selector, {"RETRY", "IDLE"}).At(1, 1);
  spec.Group("RETRY", GroupPolicy::Cooldown, {"TRY"}).Seconds(1).At(2, 3);
  spec.Behavior("TRY", "TRY_B").At(3, 5);
  spec.Behavior("IDLE", "IDLE_B").At(4, 3);
  return spec;
}

std::string FirstError(const bt::data::BuildResult& result) {
  return result.errors.empty() ? std::string("(no error)") : result.errors.front().message;
}

// Ticks the built tree and its macro twin, each on its own agent and block
// scripted alike: both must make `expected` calls and report `status`.
void TickBoth(const bt::DeciderDef& built, const bt::DeciderDef& twin, test::TraceAgent (&agents)[2],
              bt::Memory<256> (&memory)[2], double time, bt::Status status, const test::Events& expected) {
  INFO("at " << time);
  CHECK(bt::TickBehaviorTree(built, agents[0], memory[0], time, 0.1f).status == status);
  CHECK(bt::TickBehaviorTree(twin, agents[1], memory[1], time, 0.1f).status == status);
  CHECK(agents[0].Take() == expected);
  CHECK(agents[1].Take() == expected);
}

}  // namespace

TEST_CASE("A built tree's classic groups get their NodeSpec's config and tick as the macro twin", "[builder][classic]") {
  const bt::data::Registry registry = ClassicRegistry();
  const bt::data::BuildResult built = bt::data::BuildTree(RootSpec(), registry);
  INFO(built.ErrorText());
  REQUIRE(built.Ok());
  const bt::data::BuiltTree& tree = *built.tree;
  CHECK(tree.Find("NOT_BUSY")->config.results.done == Result::Failed);
  CHECK(tree.Find("NOT_BUSY")->config.results.failed == Result::Done);
  CHECK(tree.Find("TWICE")->config.count == 2);
  CHECK(tree.Find("MAYBE")->config.chance == 0.0f);
  CHECK(tree.Find("ROOT")->config.count == 0);  // nothing given: NodeConfig's defaults
  REQUIRE(bt::InitializeTreeData(classic_macros::ROOT));
  CHECK(tree.Root().data->tree.stamp == classic_macros::ROOT.data->tree.stamp);

  test::TraceAgent agents[2];
  bt::Memory<256> memory[2]{};
  for (test::TraceAgent& agent : agents) {
    agent.tick["BUSY_B"] = Result::Failed;
    agent.tick["STEP_B"] = Result::Done;
  }
  TickBoth(tree.Root(), classic_macros::ROOT, agents, memory, 0.0, bt::Status::Running,
           {"activate BUSY_B", "tick BUSY_B", "deactivate BUSY_B", "activate STEP_B", "tick STEP_B",
            "deactivate STEP_B"});
  TickBoth(tree.Root(), classic_macros::ROOT, agents, memory, 0.1, bt::Status::NoBehavior,
           {"activate STEP_B", "tick STEP_B", "deactivate STEP_B"});
}

TEST_CASE("A built Cooldown waits its config.seconds after its child failed, as the macro twin", "[builder][classic]") {
  const bt::data::Registry registry = ClassicRegistry();
  const bt::data::BuildResult built = bt::data::BuildTree(PatientSpec(), registry);
  INFO(built.ErrorText());
  REQUIRE(built.Ok());
  CHECK(built.tree->Find("RETRY")->config.seconds == 1.0f);
  test::TraceAgent agents[2];
  bt::Memory<256> memory[2]{};
  for (test::TraceAgent& agent : agents) agent.tick["TRY_B"] = Result::Failed;
  const bt::DeciderDef& root = built.tree->Root();
  TickBoth(root, classic_macros::PATIENT, agents, memory, 0.0, bt::Status::Running,
           {"activate TRY_B", "tick TRY_B", "deactivate TRY_B", "activate IDLE_B", "tick IDLE_B"});
  TickBoth(root, classic_macros::PATIENT, agents, memory, 1.0, bt::Status::Running, {"tick IDLE_B"});
  for (test::TraceAgent& agent : agents) agent.tick["TRY_B"] = Result::Running;
  TickBoth(root, classic_macros::PATIENT, agents, memory, 1.1, bt::Status::Running,
           {"activate TRY_B", "tick TRY_B", "deactivate IDLE_B"});
}

TEST_CASE("BuildTree refuses a classic config out of range or on a node that does not read it, at the node",
          "[builder][classic]") {
  const bt::data::Registry registry = ClassicRegistry();
  TreeSpec spec = RootSpec();
  bt::data::NodeSpec& root = spec.nodes[0];
  bt::data::NodeSpec& notBusy = spec.nodes[1];
  bt::data::NodeSpec& busy = spec.nodes[2];
  bt::data::NodeSpec& maybe = spec.nodes[5];
  const std::string outOfRange =
      "a node configuration out of range: a result map entry that is not a bt::Result, a RandomGate chance outside "
      "[0, 1], or a Cooldown delay that is negative or not finite";

  SECTION("a field the group's policy does not read") {
    root.Count(3);
    CHECK(FirstError(bt::data::BuildTree(spec, registry)) ==
          "classic.bt:1:1: decider ROOT: given config.count, which a Sequence group does not read");
  }
  SECTION("every field a policy does not read, each an error") {
    notBusy.Seconds(2).Chance(0.5f).Count(1);
    CHECK(bt::data::BuildTree(spec, registry).ErrorText() ==
          "classic.bt:2:3: decider NOT_BUSY: given config.count, which a Decorator group does not read\n"
          "classic.bt:2:3: decider NOT_BUSY: given config.seconds, which a Decorator group does not read\n"
          "classic.bt:2:3: decider NOT_BUSY: given config.chance, which a Decorator group does not read\n");
  }
  SECTION("a config on a behavior decider") {
    busy.Results(bt::kSuppressFailure);
    CHECK(FirstError(bt::data::BuildTree(spec, registry)) ==
          "classic.bt:3:5: decider BUSY: given config.results, which only classic groups read: make it a group");
  }
  SECTION("a chance outside [0, 1]") {
    maybe.Chance(1.5f);
    CHECK(FirstError(bt::data::BuildTree(spec, registry)) == "classic.bt:6:3: decider MAYBE: " + outOfRange);
  }
  SECTION("a chance that is not a number") {
    maybe.Chance(std::numeric_limits<float>::quiet_NaN());
    CHECK(FirstError(bt::data::BuildTree(spec, registry)) == "classic.bt:6:3: decider MAYBE: " + outOfRange);
  }
  SECTION("a result map entry that is not a bt::Result") {
    notBusy.Results({Result::Done, static_cast<Result>(7), Result::Running});
    CHECK(FirstError(bt::data::BuildTree(spec, registry)) == "classic.bt:2:3: decider NOT_BUSY: " + outOfRange);
  }
  SECTION("a negative or infinite cooldown") {
    TreeSpec patient = PatientSpec();
    patient.nodes[1].Seconds(-1);
    CHECK(FirstError(bt::data::BuildTree(patient, registry)) == "patient.bt:2:3: decider RETRY: " + outOfRange);
    patient.nodes[1].Seconds(std::numeric_limits<float>::infinity());
    CHECK(FirstError(bt::data::BuildTree(patient, registry)) == "patient.bt:2:3: decider RETRY: " + outOfRange);
  }
  SECTION("a decorator with two children") {
    notBusy.children.push_back({"STEP", {2, 30, {}}});
    CHECK(FirstError(bt::data::BuildTree(spec, registry)) ==
          "classic.bt:2:3: decider NOT_BUSY: a Decorator, Loop, LoopUntilSuccess, Cooldown or RandomGate group with "
          "other than one child: give it exactly one");
  }
}
