// tests/tools/bt_import_run_test.cpp — the runner of `bt_import --run`
// (tools/bt_import/run_script.h) on each format's rules: trees given as specs
// (as the loaders of Drag[en]gine, MBT and selection trees will give them) in
// place of a file, ticked against scripts; every line as the format says.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "bt/engine/builtin_behaviors.h"
#include "bt/data/tree_builder.h"
#include "bt/data/tree_spec.h"
#include "tools/bt_import/emit_cpp.h"
#include "tools/bt_import/run_script.h"
#include "tools/bt_import/scripted_registry.h"

namespace {

using bt::GroupPolicy;
using bt::loaders::TreeFormat;
using bt_import::RunOptions;

// A loader that builds `spec` as if the file held it, in the format given.
bt_import::TreeLoader SpecLoader(const bt::data::TreeSpec& spec, TreeFormat format) {
  return [spec, format](const std::string&, const bt::data::Registry& registry,
                        const bt::loaders::LoadOptions& options) {
    return bt::loaders::LoadedTree{format, bt::data::BuildTree(spec, registry, options.build)};
  };
}

std::string Run(const bt::data::TreeSpec& spec, TreeFormat format, const std::string& script, RunOptions options = {}) {
  const bt_import::ScriptParse parse = bt_import::ParseScript(script, "s.txt");
  REQUIRE(parse.Ok());
  options.loader = SpecLoader(spec, format);
  const bt_import::RunResult result = bt_import::RunScript("tree", parse.ticks, options);
  return result.output;
}

RunOptions WithLifecycle() {
  RunOptions options;
  options.lifecycle = true;
  return options;
}

}  // namespace

TEST_CASE("RunScript, MBT: enter and exit markers; a root that ends stops the tree", "[bt_import]") {
  bt::data::TreeSpec spec{.file = "tree.xml"};
  spec.Group("Sequence@3", GroupPolicy::Sequence, {"Move@4", "Shoot@5"});
  spec.Behavior("Move@4", "Move");
  spec.Behavior("Shoot@5", "Shoot");
  CHECK(Run(spec, TreeFormat::ModularBehaviorTree,
            "tick 1:\ntick 2: Move=S\ntick 3: Shoot=S\ntick 4: Move=S\ntick 5:", WithLifecycle()) ==
        "Move | R\nlifecycle: enter:Move\n"
        "Move Shoot | R\nlifecycle: exit:Move enter:Shoot\n"
        "Shoot | S\nlifecycle: exit:Shoot\n"
        "- | -\nlifecycle: -\n"
        "- | -\nlifecycle: -\n");
  // A failing root stops it as well.
  CHECK(Run(spec, TreeFormat::ModularBehaviorTree, "tick 1: Move=F\ntick 2:") == "Move | F\n- | -\n");
  // Unvanquished starts again at the root, and marks first entries only.
  CHECK(Run(spec, TreeFormat::Unvanquished, "tick 1: Move=F\ntick 2: Move=S", WithLifecycle()) ==
        "Move | F\nlifecycle: enter:Move\nMove Shoot | R\nlifecycle: enter:Move enter:Shoot\n");
  // Drag[en]gine has no markers.
  CHECK(Run(spec, TreeFormat::Dragengine, "tick 1: Move=S", WithLifecycle()) == "Move Shoot | R\nlifecycle: -\n");
}

TEST_CASE("RunScript, MBT: cond sets a declared variable; event reaches the state machine and the signals",
          "[bt_import]") {
  bt::data::TreeSpec spec{.file = "tree.xml"};
  spec.Group("Priority@3", GroupPolicy::Priority, {"Attack@4", "Machine@5"});
  spec.Behavior("Attack@4", "Shoot").Condition("Alert", bt::data::Dialect::Cry);
  spec.Group("Machine@5", GroupPolicy::StateMachine, {"Idle@6", "Combat@7"});
  spec.Behavior("Idle@6", "Idle").OnEvent("OnEnemySeen", "Combat@7");
  spec.Behavior("Combat@7", "Fight");
  spec.variables.push_back({"Alert", bt::VariableType::Bool, 0, {}});
  spec.variables.push_back({"Heard", bt::VariableType::Bool, 0, {}});

  // The transition is applied at the machine's next tick: the one after the event.
  CHECK(Run(spec, TreeFormat::ModularBehaviorTree,
            "tick 1:\ntick 2: event OnEnemySeen\ntick 3: cond Alert=true\ntick 4: event OnHeard", WithLifecycle()) ==
        "Idle | R\nlifecycle: enter:Idle\n"
        "Fight | R\nlifecycle: exit:Idle enter:Fight\n"
        "Shoot | R\nlifecycle: exit:Fight enter:Shoot\n"
        "Shoot | R\nlifecycle: -\n");

  // The tree's signal variables, applied on each event: OnCalm clears Alert.
  spec.variables[0].signals = {{"OnCalm", 0.0}};
  CHECK(Run(spec, TreeFormat::ModularBehaviorTree, "tick 1: cond Alert=true\ntick 2: event OnCalm") ==
        "Shoot | R\nIdle | R\n");
}

TEST_CASE("RunScript, MBT: a GroupScope lets the run's one agent in unless it allows no user", "[bt_import]") {
  for (const std::uint32_t allowed : {1u, 0u}) {
    INFO("allowedConcurrentUsers " << allowed);
    bt::data::TreeSpec spec{.file = "tree.xml"};
    spec.Group("Selector@3", GroupPolicy::Fallback, {"GroupScope@4", "Move@6"});
    spec.Group("GroupScope@4", GroupPolicy::GroupScope, {"Signal@5"}).Scope("SoundAlarm", allowed);
    spec.Behavior("Signal@5", "Signal");
    spec.Behavior("Move@6", "Move");
    CHECK(Run(spec, TreeFormat::ModularBehaviorTree, "tick 1:\ntick 2: Signal=S", WithLifecycle()) ==
          (allowed == 1 ? "Signal | R\nlifecycle: enter:Signal\nSignal | S\nlifecycle: exit:Signal\n"
                        : "Move | R\nlifecycle: enter:Move\nMove | R\nlifecycle: -\n"));
  }
}

TEST_CASE("RunScript, selection trees: the selected leaf's action on each line", "[bt_import]") {
  bt::data::TreeSpec spec{.file = "tree.xml"};
  spec.Group("Root", GroupPolicy::PrioritizedList, {"Attack", "Idle"});
  // Selection is made again at every tick (the recheck), as the selection-tree engine does.
  spec.Behavior("Attack", "AttackBehavior").Condition("Enemy", bt::data::Dialect::Cry).Flags(bt::kRecheckEveryTick);
  spec.Behavior("Idle", "IdleBehavior");
  spec.variables.push_back({"Enemy", bt::VariableType::Bool, 0, {}});
  CHECK(Run(spec, TreeFormat::SelectionTree, "tick 1:\ntick 2: cond Enemy=true\ntick 3: cond Enemy=false",
            WithLifecycle()) ==
        "IdleBehavior\nlifecycle: -\nAttackBehavior\nlifecycle: -\nIdleBehavior\nlifecycle: -\n");
  // No leaf selected.
  bt::data::TreeSpec none{.file = "tree.xml"};
  none.Group("Root", GroupPolicy::PrioritizedList, {"Attack"});
  none.Behavior("Attack", "AttackBehavior").Condition("Enemy", bt::data::Dialect::Cry);
  none.variables.push_back({"Enemy", bt::VariableType::Bool, 0, {}});
  CHECK(Run(none, TreeFormat::SelectionTree, "tick 1:\ntick 2: cond Enemy=true") == "-\nAttackBehavior\n");
}

TEST_CASE("RunScript, Drag[en]gine: cond sets a condition; a missing action fails without being called",
          "[bt_import]") {
  bt::data::TreeSpec spec{.file = "tree.xml"};
  spec.Group("choice", GroupPolicy::Selector, {"walk", "idle"});
  spec.Behavior("walk", "walk").Decide("canWalk");
  spec.Behavior("idle", "idle");
  CHECK(Run(spec, TreeFormat::Dragengine,
            "tick 1:\ntick 2: cond canWalk=true\ntick 3: missing walk\ntick 4: missing idle\ntick 5: cond canWalk=0") ==
        "idle | R\nwalk | R\nidle | R\n- | F\n- | F\n");
}

TEST_CASE("RunScript: E when the redecide limit trips; unscripted names change nothing", "[bt_import]") {
  bt::data::TreeSpec spec{.file = "tree.bt"};
  spec.Group("loop", GroupPolicy::Sequence, {"step"}).Flags(bt::kLoopChildren);
  spec.Behavior("step", "step");
  const std::string out =
      Run(spec, TreeFormat::Unvanquished, "tick 1: step=S\ntick 2: cond nothing=1; event None; other=S");
  const std::string first = out.substr(0, out.find('\n'));
  CHECK(first.substr(0, 5) == "step ");
  CHECK(first.substr(first.size() - 4) == " | E");
  CHECK(out.substr(first.size() + 1) == "step | R\n");

  const bt_import::ScriptParse parse =
      bt_import::ParseScript("tick 1: cond nothing=1; missing gone\ntick 2: other=S; step=S; Succeed=F", "s.txt");
  RunOptions options;
  options.loader = SpecLoader(spec, TreeFormat::Unvanquished);
  CHECK(bt_import::RunScript("tree", parse.ticks, options).warnings ==
        std::vector<std::string>{"1: missing: the tree runs no scripted action 'gone'",
                                 "1: cond: the tree reads no variable, condition or function 'nothing'",
                                 "2: the tree runs no scripted action 'other'",
                                 "2: the tree runs no scripted action 'Succeed'"});
}

TEST_CASE("RunScript: a file that does not load prints its errors and 'load error'", "[bt_import]") {
  bt::data::TreeSpec spec{.file = "tree.bt"};
  spec.Group("root", GroupPolicy::Sequence, {"gone"}).At(1, 1);
  const bt_import::ScriptParse parse = bt_import::ParseScript("tick 1:", "s.txt");
  RunOptions options;
  options.loader = SpecLoader(spec, TreeFormat::Unvanquished);
  const bt_import::RunResult result = bt_import::RunScript("tree", parse.ticks, options);
  CHECK_FALSE(result.ok);
  CHECK(result.output == "tree.bt:1:1: decider root: unknown child 'gone'\nload error\n");
}

TEST_CASE("MakeScriptedRegistry: one slot per condition and value function, actions by name", "[bt_import]") {
  bt::data::TreeSpec spec{.file = "tree.bt"};
  spec.Group("root", GroupPolicy::Selector, {"a", "b"});
  spec.Behavior("a", "fight", {bt::data::ArgSpec::Number(2), bt::data::ArgSpec::Text("x")})
      .Condition("ready(1) && !hurt", bt::data::Dialect::Unvanquished);
  spec.Behavior("b", "Succeed").Decide("hurt");
  const bt::data::BuildResult stubbed =
      bt::data::BuildTree(spec, bt_import::BuiltinRegistry(), {.stubUnknownNames = true});
  REQUIRE(stubbed.Ok());
  const bt_import::ScriptedRegistry scripted = bt_import::MakeScriptedRegistry(stubbed);
  REQUIRE(scripted.Ok());
  REQUIRE(scripted.names.size() == 4);  // fight, ready, hurt (value), hurt (condition); Succeed is built in
  CHECK(scripted.names[0].cpp == "action_fight");
  CHECK(scripted.names[0].params == bt::data::Signature{bt::ParamType::Number, bt::ParamType::Text});
  CHECK(scripted.names[1].cpp == "value_ready");
  CHECK(scripted.names[1].params == bt::data::Signature{bt::ParamType::Number});
  CHECK(scripted.SlotsOf("ready") == std::vector<int>{0});
  CHECK(scripted.SlotsOf("hurt") == std::vector<int>{1, 2});
  CHECK(scripted.SlotsOf("fight").empty());
  CHECK(scripted.IsAction("fight"));
  CHECK_FALSE(scripted.IsAction("Succeed"));
  CHECK(bt::data::BuildTree(spec, scripted.registry).Ok());
}

TEST_CASE("MakeScriptedRegistry and StubDefinitions: one C++ name per name, defined as a stub", "[bt_import]") {
  bt::data::TreeSpec spec{.file = "tree.bt"};
  spec.Group("root", GroupPolicy::Sequence, {"a", "b", "c"});
  spec.Behavior("a", "walk-to").Condition("near(1) > 2", bt::data::Dialect::Unvanquished);
  spec.Behavior("b", "walk_to", {bt::data::ArgSpec::Symbol("E_GOAL")});
  spec.Behavior("c", "Succeed").Decide("class");
  const bt::data::BuildResult stubbed =
      bt::data::BuildTree(spec, bt_import::BuiltinRegistry(), {.stubUnknownNames = true});
  REQUIRE(stubbed.Ok());
  const bt_import::ScriptedRegistry scripted = bt_import::MakeScriptedRegistry(stubbed);
  CHECK(bt_import::StubDefinitions(scripted) ==
        "// Stubs of the game functions the tree names (bt_import --emit-cpp): replace them with the game's.\n"
        "#include <cstdint>\n"
        "#include <span>\n\n"
        "#include \"bt/bt.h\"\n\n"
        "namespace bt_import_stubs {\n\n"
        "struct Agent {};\n\n"
        "// action walk-to\n"
        "inline bt::Result action_walk_to(Agent&) { return bt::Result::Running; }\n"
        "// value function near\n"
        "inline double value_near(Agent&, std::span<const bt::Param>) { return 0.0; }\n"
        "// action walk_to\n"
        "inline bt::Result action_walk_to_2(Agent&) { return bt::Result::Running; }\n"
        "// constant E_GOAL\n"
        "inline constexpr double constant_E_GOAL = 0.0;\n"
        "// condition class\n"
        "inline bool condition_class(Agent&) { return false; }\n"
        "\n}  // namespace bt_import_stubs\n\n");
  const bt::data::BuildResult built = bt::data::BuildTree(spec, scripted.registry);
  REQUIRE(built.Ok());
  const bt::data::CppWriteResult cpp = bt_import::EmitCpp(*built.tree, scripted, bt::loaders::TreeFormat::Unvanquished);
  INFO(cpp.ErrorText());
  REQUIRE(cpp.Ok());
  CHECK(cpp.text.find(
            "BT_DEFINE_BEHAVIOR__FULL(walk_to_2, \"walk_to\", void, nullptr, bt_import_stubs::action_walk_to_2, "
            "nullptr);") != std::string::npos);
  CHECK(cpp.text.find("bt::SymbolParam(nullptr, \"E_GOAL\", static_cast<double>(bt_import_stubs::constant_E_GOAL))") !=
        std::string::npos);
}

TEST_CASE("Registry::OptionalParams: calls may leave out the last params, no more", "[bt_import]") {
  bt::data::Registry registry = bt_import::BuiltinRegistry();
  registry.AddBehavior("roam", bt::builtin::kHalt).Params({bt::ParamType::Number, bt::ParamType::Number});
  CHECK_FALSE(registry.OptionalParams("roam", 3));
  CHECK_FALSE(registry.OptionalParams("nothing", 0));
  REQUIRE(registry.OptionalParams("roam", 1));
  bt::data::TreeSpec spec{.file = "tree.bt"};
  spec.Group("root", GroupPolicy::Selector, {"a", "b", "c"});
  spec.Behavior("a", "roam", {bt::data::ArgSpec::Number(1), bt::data::ArgSpec::Number(2)}).At(2, 1);
  spec.Behavior("b", "roam", {bt::data::ArgSpec::Number(1)}).At(3, 1);
  spec.Behavior("c", "roam").At(4, 1);
  const bt::data::BuildResult built = bt::data::BuildTree(spec, registry);
  CHECK(built.ErrorText() == "tree.bt:4:1: decider c: action 'roam' takes 1 to 2 arguments, given 0\n");
}
