// tests/builder/builder_conditions_test.cpp — conditions written as expressions in a
// TreeSpec (NodeSpec::Condition): compiled by BuildTree, ticked through
// ExpressionCondition, reading the agent's variables, their errors placed in the
// file, and stub mode's value functions.
#include <catch2/catch.hpp>

#include <span>
#include <string>

#include "bt/data/expression.h"
#include "bt/data/expression_condition.h"
#include "bt/data/stubs.h"
#include "bt/data/tree_builder.h"
#include "tests/builder/write_cpp/trees.h"

using bt::GroupPolicy;
using bt::data::Dialect;
using bt::data::Registry;
using bt::data::TreeSpec;
using test::Events;

namespace {

bt::data::BuildResult Build(const TreeSpec& spec, const Registry& registry, const bt::data::BuildOptions& options = {}) {
  bt::data::BuildResult built = bt::data::BuildTree(spec, registry, options);
  INFO(built.ErrorText());
  CHECK(built.Ok() == built.errors.empty());
  return built;
}

// FLEE when weak and far from the nest (Unvanquished), ALERT when alerted and
// not hidden (Cry, on the tree's variables), else IDLE.
TreeSpec GuardSpec() {
  TreeSpec spec{.file = "guard.bt"};
  spec.Group("ROOT", GroupPolicy::PrioritizedList, {"FLEE", "ALERT", "IDLE"}).At(1, 1);
  spec.Behavior("FLEE", "FLEE_B")
      .At(12, 5)
      .Condition("health < 30 && distanceTo(\"nest\", E_RANGE) > 20", Dialect::Unvanquished, {12, 15});
  spec.Behavior("ALERT", "YELL_B").At(13, 5).Condition("Alert and !Hidden", Dialect::Cry, {13, 15});
  spec.Behavior("IDLE", "REST_B").At(14, 5);
  spec.variables = {{"Alert", bt::VariableType::Bool, 0, {}}, {"Hidden", bt::VariableType::Bool, 0, {}}};
  return spec;
}

Registry GuardRegistry() {
  Registry registry;
  writecpp::RegisterFunctions(registry);
  return registry;
}

struct Dog {
  int level = 0;
};
double Level(Dog& dog, std::span<const bt::Param>) { return dog.level; }

}  // namespace

TEST_CASE("A built tree's conditions, in both dialects, tick as their expressions say", "[builder][expression-condition]") {
  const Registry registry = GuardRegistry();
  const auto built = Build(GuardSpec(), registry);
  REQUIRE(built.Ok());
  const bt::DeciderDef& root = built.tree->Root();

  // The condition is the decider's last parameter, its program in the tree's arena.
  const bt::DeciderDef* flee = built.tree->Find("FLEE");
  REQUIRE(flee != nullptr);
  CHECK(flee->decide == &bt::data::ExpressionCondition);
  REQUIRE(flee->paramCount == 1);
  const bt::Param& condition = flee->Params()[0];
  CHECK(std::string(condition.name) == "condition");
  CHECK(condition.type == bt::ParamType::Expression);
  CHECK(std::string(condition.text) == "health < 30 && distanceTo(\"nest\", E_RANGE) > 20");
  REQUIRE(condition.program != nullptr);
  const auto* program = static_cast<const bt::data::Expression*>(condition.program);
  CHECK(program->Source() == condition.text);
  CHECK(program->SourceDialect() == Dialect::Unvanquished);
  CHECK(bt::data::ConditionParam(flee->Params()) == &condition);
  const auto* arena = reinterpret_cast<const std::byte*>(built.tree->Deciders().data());
  CHECK(reinterpret_cast<const std::byte*>(program) > arena);
  CHECK(reinterpret_cast<const std::byte*>(program) < arena + built.tree->ArenaBytes());
  CHECK(built.tree->Find("ALERT")->Params()[0].text == std::string("Alert and !Hidden"));
  CHECK(built.tree->Find("IDLE")->decide == nullptr);

  test::TraceAgent guard;
  bt::Memory<256> memory{};
  REQUIRE(bt::MemoryBytesFor(root) <= sizeof memory);
  bt::VariableBlock* variables = bt::VariablesOf(root, memory.Span());
  REQUIRE(variables != nullptr);
  const auto tick = [&](int n) {
    const bt::TickResult result = bt::TickBehaviorTree(root, guard, memory, n * 0.1, 0.1f);
    REQUIRE(result.status == bt::Status::Running);
    return std::string(result.decider->name);
  };

  // Weak but near the nest (0 + 12 <= 20), not alerted: IDLE.
  CHECK(tick(0) == "IDLE");
  CHECK(guard.Take() == Events{"value health()", "value distanceTo(nest=0.000000, E_RANGE=12.000000)",
                               "activate REST_B", "tick REST_B"});
  // The game alerts the guard: ALERT takes over.
  variables->SetBool(0, true);
  CHECK(tick(1) == "ALERT");
  CHECK(guard.Take() == Events{"value health()", "value distanceTo(nest=0.000000, E_RANGE=12.000000)",
                               "deactivate REST_B", "activate YELL_B", "tick YELL_B"});
  // Healthy: && short-circuits, distanceTo is not called. ALERT is done; hidden,
  // it no longer accepts: IDLE, in the same tick.
  guard.decide["health"] = 50;
  guard.tick["YELL_B"] = bt::Result::Done;
  variables->SetBool(1, true);
  CHECK(tick(2) == "IDLE");
  CHECK(guard.Take() == Events{"value health()", "tick YELL_B", "value health()", "deactivate YELL_B",
                               "activate REST_B", "tick REST_B"});
  // Weak and far (9 + 12 > 20): FLEE.
  guard.decide["health"] = 10;
  guard.decide["distanceTo"] = 9;
  CHECK(tick(3) == "FLEE");
  CHECK(guard.Take() == Events{"value health()", "value distanceTo(nest=0.000000, E_RANGE=12.000000)",
                               "deactivate REST_B", "activate FLEE_B", "tick FLEE_B"});

  // The value functions' agent type is the tree's: another agent is refused.
  Dog dog;
  bt::Memory<256> otherMemory{};
  CHECK(bt::TickBehaviorTree(root, dog, otherMemory, 0.0, 0.1f).status == bt::Status::AgentTypeMismatch);
}

TEST_CASE("A condition's errors are placed in its file, at the fault inside the expression",
          "[builder][expression-condition]") {
  Registry registry = GuardRegistry();
  BT_REGISTER_VALUE(registry, "Level", Level);
  TreeSpec spec = GuardSpec();
  bt::data::NodeSpec& flee = spec.nodes[1];
  const auto errors = [&] { return Build(spec, registry).ErrorText(); };

  SECTION("where the text starts is known: the absolute place") {
    flee.Condition("health < 30 &&", Dialect::Unvanquished, {12, 15});
    CHECK(errors() == "guard.bt:12:27: decider FLEE: condition: expected an operand after '&&'\n");
  }
  SECTION("unknown: the node's place and the column in the text") {
    flee.Condition("health < 30 &&", Dialect::Unvanquished);
    CHECK(errors() == "guard.bt:12:5: decider FLEE: condition: column 13: expected an operand after '&&'\n");
  }
  SECTION("a text over several lines: the line and column of the fault") {
    flee.Condition("health < 30 &&\n   helth > 2", Dialect::Unvanquished, {12, 15});
    CHECK(errors() ==
          "guard.bt:13:4: decider FLEE: condition: unknown function or constant 'helth' (closest: 'health')\n");
  }
  SECTION("a wrong arity") {
    flee.Condition("distanceTo(\"nest\") > 2", Dialect::Unvanquished, {12, 15});
    CHECK(errors() == "guard.bt:12:15: decider FLEE: condition: 'distanceTo' takes 2 arguments, not 1\n");
  }
  SECTION("a Cry identifier is a declared variable") {
    spec.nodes[2].Condition("Alrt and !Hidden", Dialect::Cry, {13, 15});
    CHECK(errors() == "guard.bt:13:15: decider ALERT: condition: unknown variable 'Alrt' (closest: 'Alert')\n");
  }
  SECTION("a condition and a registered Decide: one Decide only") {
    flee.Decide("Trace");
    CHECK(errors() ==
          "guard.bt:12:15: decider FLEE: both a condition and 'Trace': a decider has one Decide (register the test as "
          "a value function and use it in the condition)\n");
  }
  SECTION("value functions of different agents") {
    flee.Condition("health > Level", Dialect::Unvanquished, {12, 15});
    CHECK(errors() ==
          "guard.bt:12:15: decider FLEE: condition: value functions 'health' and 'Level' take different agent types: "
          "use one\n");
  }
  SECTION("a registered name given twice") {
    flee.params = {bt::data::ArgSpec::Number(1).Named("condition")};
    CHECK(errors() == "guard.bt:12:5: decider FLEE: parameter 'condition' given twice\n");
  }
}

TEST_CASE("Stub mode binds a condition's unknown value functions and constants to stubs",
          "[builder][expression-condition]") {
  const Registry empty;
  TreeSpec spec{.file = "unknown.bt"};
  spec.Group("ROOT", GroupPolicy::PrioritizedList, {"ATTACK", "IDLE"});
  spec.Behavior("ATTACK", "Shoot").Condition("inAttackRange(E_GOAL, 2) || hungry", Dialect::Unvanquished);
  spec.Behavior("IDLE", "Wander");

  CHECK(Build(spec, empty).ErrorText() ==
        "unknown.bt: decider ATTACK: unknown action 'Shoot'\n"
        "unknown.bt: decider ATTACK: condition: column 15: unknown constant 'E_GOAL'\n"
        "unknown.bt: decider IDLE: unknown action 'Wander'\n");
  const auto built = Build(spec, empty, {.stubUnknownNames = true});
  REQUIRE(built.Ok());
  REQUIRE(built.bindings.size() == 5);
  const char* const expected[][2] = {{"action", "Shoot"},          {"constant", "E_GOAL"}, {"value function", "inAttackRange"},
                                     {"value function", "hungry"}, {"action", "Wander"}};
  const std::size_t arity[] = {0, 0, 2, 0, 0};
  for (std::size_t i = 0; i < 5; ++i) {
    INFO(i);
    CHECK(std::string(bt::data::BindingKindName(built.bindings[i].kind)) == expected[i][0]);
    CHECK(built.bindings[i].name == expected[i][1]);
    CHECK(built.bindings[i].arity == arity[i]);
    CHECK(built.bindings[i].stubbed);
  }
  // The stubs return 0: the condition is false, IDLE runs.
  bt::data::StubRecording recording;
  bt::Memory<128> memory{};
  int agent = 0;
  CHECK(bt::TickBehaviorTree(built.tree->Root(), agent, memory, 0.0, 0.1f).status == bt::Status::Running);
  CHECK(recording.Take() == Events{"activate Wander", "tick Wander"});

  // A Cry variable is the tree's own declaration, never stubbed.
  spec.nodes[1].Condition("Alert", Dialect::Cry);
  CHECK(Build(spec, empty, {.stubUnknownNames = true}).ErrorText() ==
        "unknown.bt: decider ATTACK: condition: column 1: unknown variable 'Alert'\n");
}
