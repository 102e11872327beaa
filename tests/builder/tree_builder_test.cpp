// tests/builder/tree_builder_test.cpp — trees built from data (bt/data/tree_builder.h):
// the same ticks as their macro twins, every build error with its place, stub mode.
#include <catch2/catch.hpp>

#include <cstring>
#include <random>

#include "bt/data/stubs.h"
#include "bt/data/tree_builder.h"
#include "tests/support/figure1_data.h"
#include "tests/support/figure1_tree.h"

using bt::GroupPolicy;
using bt::ParamType;
using bt::Result;
using bt::data::ArgSpec;
using bt::data::BuildTree;
using bt::data::Registry;
using bt::data::TreeSpec;
using test::Events;

namespace {

// Scripts both agents alike from one seeded generator: what each decider's Decide
// answers and what each behavior's Activate and Tick return.
void Script(std::mt19937& rng, test::TraceAgent& a, test::TraceAgent& b) {
  static const char* const kDeciders[] = {"FLEE", "GUARD", "GUARD_YELL", "GUARD_FIGHT", "GUARD_PATROL", "FIGHT",
                                          "EAT", "FIND_FOOD", "EAT_FOOD", "PLAY", "FLIP", "ROLL", "DANCE"};
  static const char* const kBehaviors[] = {"FLEE_B", "YELL_B", "FIGHT_B", "PATROL_B", "FIND_FOOD_B",
                                           "EAT_FOOD_B", "FLIP_B", "ROLL_B", "DANCE_B", "REST_B"};
  static const float kAnswers[] = {0, 0, 0, 1, 2, 0.5f};
  static const Result kResults[] = {Result::Running, Result::Running, Result::Running, Result::Done, Result::Failed};
  for (const char* d : kDeciders)
    if (rng() % 4 == 0) a.decide[d] = b.decide[d] = kAnswers[rng() % 6];
  for (const char* behavior : kBehaviors) {
    if (rng() % 5 == 0) a.tick[behavior] = b.tick[behavior] = kResults[rng() % 5];
    if (rng() % 9 == 0) a.activate[behavior] = b.activate[behavior] = rng() % 4 != 0;
  }
}

bool Always(test::TraceAgent&) { return true; }

// A Decide that fills a DBlock its behavior reads, under a group with a group behavior.
struct Target {
  int x;
};
float Spot(test::TraceAgent& agent, Target& target, const bt::DecideContext& context) {
  target.x = static_cast<int>(agent.events.size()) + 40;
  return test::TraceDecide(agent, context);
}
bt::Result Chase(test::TraceAgent& agent, const bt::Context& context) {
  const Target* target = context.DBlock<Target>();
  agent.events.push_back("chase " + (target ? std::to_string(target->x) : std::string("nothing")));
  return test::TraceTick(agent, context);
}

}  // namespace

BT_DEFINE_BEHAVIOR(GUARDING_B, test::TraceActivate, test::TraceTick, test::TraceDeactivate);
BT_DEFINE_BEHAVIOR__TICK(CHASE_B, Chase);
TEST_TRACE_BEHAVIOR(WAIT_B);
BT_DECLARE_DECIDER(DB_CHASE);
BT_DECLARE_DECIDER(DB_WAIT);
BT_DEFINE_DECIDER_GROUP__BEHAVIOR(DB_ROOT, PrioritizedList, 0, test::TraceDecide, GUARDING_B, DB_CHASE, DB_WAIT);
BT_DEFINE_DECIDER_BEHAVIOR__DBLOCK(DB_CHASE, CHASE_B, Spot, Target);
BT_DEFINE_DECIDER_BEHAVIOR(DB_WAIT, WAIT_B, nullptr);

namespace {

Registry TraceRegistry() {
  Registry registry;
  figure1::RegisterTraceFunctions(registry);
  return registry;
}

std::string FirstError(const bt::data::BuildResult& result) {
  return result.errors.empty() ? std::string("(no error)") : result.errors.front().message;
}

bt::data::BuildResult Build(const TreeSpec& spec, const Registry& registry, const bt::data::BuildOptions& options = {}) {
  return BuildTree(spec, registry, options);
}

}  // namespace

TEST_CASE("BuildTree builds the Figure 1 tree, which ticks exactly as its macro twin", "[builder]") {
  const Registry registry = TraceRegistry();
  const auto built = Build(figure1::Figure1Spec(), registry);
  REQUIRE(built.errors.empty());
  REQUIRE(built.Ok());
  const bt::DeciderDef& root = built.tree->Root();

  // The same names, shape, behaviors and layout: the same stamp, so the same block bytes.
  REQUIRE(bt::InitializeTreeData(figure1::ROOT));
  CHECK(built.tree->Stamp() == figure1::ROOT.data->tree.stamp);
  CHECK(bt::MemoryBytesFor(root) == bt::MemoryBytesFor(figure1::ROOT));
  CHECK(built.tree->Find("GUARD_FIGHT")->behavior == built.tree->Find("FIGHT")->behavior);  // one FIGHT_B, shared

  test::TraceAgent macroAgent, dataAgent;
  figure1::Memory macroMemory{}, dataMemory{};
  std::mt19937 rng(1234);
  int transitions = 0;
  for (int tick = 0; tick < 3000; ++tick) {
    Script(rng, macroAgent, dataAgent);
    const double time = tick * 0.25;
    const auto m = test::Tick(figure1::ROOT, macroAgent, macroMemory, time);
    const auto d = test::Tick(root, dataAgent, dataMemory, time);
    INFO("tick " << tick);
    REQUIRE(d.events == m.events);
    REQUIRE(d.result.status == m.result.status);
    REQUIRE((d.result.decider == nullptr) == (m.result.decider == nullptr));
    if (m.result.decider != nullptr) REQUIRE(std::strcmp(d.result.decider->name, m.result.decider->name) == 0);
    REQUIRE(std::memcmp(macroMemory.bytes, dataMemory.bytes, sizeof macroMemory.bytes) == 0);
    for (const std::string& e : m.events) transitions += e.rfind("activate ", 0) == 0;
  }
  CHECK(transitions > 300);  // the script exercised the tree, not one behavior throughout
}

TEST_CASE("BuildTree takes DBlocks from registered Decides and group behaviors, as the macros do", "[builder]") {
  Registry registry;
  BT_REGISTER_ACTION(registry, "GUARDING_B", void, test::TraceActivate, test::TraceTick, test::TraceDeactivate);
  BT_REGISTER_ACTION__TICK(registry, "CHASE_B", Chase);
  BT_REGISTER_ACTION(registry, "WAIT_B", void, test::TraceActivate, test::TraceTick, test::TraceDeactivate);
  BT_REGISTER_DECIDE__DBLOCK(registry, "Spot", Target, Spot);
  BT_REGISTER_DECIDE(registry, "Trace", test::TraceDecide);
  TreeSpec spec;
  spec.Group("DB_ROOT", GroupPolicy::PrioritizedList, {"DB_CHASE", "DB_WAIT"}).Decide("Trace").action.name = "GUARDING_B";
  spec.Behavior("DB_CHASE", "CHASE_B").Decide("Spot");
  spec.Behavior("DB_WAIT", "WAIT_B");
  const auto built = Build(spec, registry);
  REQUIRE(built.errors.empty());
  REQUIRE(bt::InitializeTreeData(DB_ROOT));
  CHECK(built.tree->Stamp() == DB_ROOT.data->tree.stamp);
  CHECK(std::string(built.tree->Find("DB_CHASE")->dblock.name) == "Target");

  test::TraceAgent macroAgent, dataAgent;
  bt::Memory<128> macroMemory{}, dataMemory{};
  for (int tick = 0; tick < 40; ++tick) {
    const float root = tick % 13 < 10 ? 1.0f : 0.0f;  // the root's Decide is asked on the first tick only
    const float chase = tick % 5 < 2 ? 1.0f : 0.0f;
    macroAgent.decide["DB_ROOT"] = dataAgent.decide["DB_ROOT"] = root;
    macroAgent.decide["DB_CHASE"] = dataAgent.decide["DB_CHASE"] = chase;
    macroAgent.tick["CHASE_B"] = dataAgent.tick["CHASE_B"] = tick % 3 == 0 ? Result::Done : Result::Running;
    const auto m = test::Tick(DB_ROOT, macroAgent, macroMemory, tick * 0.5);
    const auto d = test::Tick(built.tree->Root(), dataAgent, dataMemory, tick * 0.5);
    INFO("tick " << tick);
    REQUIRE(d.events == m.events);
    REQUIRE(d.result.status == m.result.status);
    REQUIRE(std::memcmp(macroMemory.bytes, dataMemory.bytes, sizeof macroMemory.bytes) == 0);
    // The group behavior activates and ticks before the group's children; CHASE_B
    // reads what Spot wrote (the events counted so far, + 40) and is done at once.
    if (tick == 0)
      CHECK(d.events == Events{"decide DB_ROOT", "activate GUARDING_B", "tick GUARDING_B", "decide DB_CHASE",
                               "chase 43", "tick CHASE_B", "activate WAIT_B", "tick WAIT_B"});
    if (tick == 1)
      CHECK(d.events == Events{"tick GUARDING_B", "decide DB_CHASE", "deactivate WAIT_B", "chase 41", "tick CHASE_B"});
  }
}

TEST_CASE("BuildTree gives the built tree's deciders their names, places and parameters", "[builder]") {
  Registry registry;
  BT_REGISTER_ACTION(registry, "Shoot", void, nullptr, test::TraceTick, nullptr)
      .Params({ParamType::Number, ParamType::Text});
  BT_REGISTER_CONDITION(registry, "Always", Always);
  registry.AddConstant("E_H_REACTOR", 7);
  TreeSpec spec{.file = "guard.bt"};
  spec.Group("ROOT", GroupPolicy::PrioritizedList, {"ATTACK"}).At(1, 1);
  auto& attack = spec.Behavior("ATTACK", "Shoot", {ArgSpec::Number(10), ArgSpec::Text("head")}).At(2, 3);
  attack.Decide("Always");
  attack.params = {ArgSpec::Symbol("E_H_REACTOR").Named("target"), ArgSpec::Bool(true).Named("loud")};
  spec.variables = {{"alarm", bt::VariableType::Bool, 1, {}}, {"range", bt::VariableType::Number, 12.5, {}}};

  const auto built = Build(spec, registry);
  REQUIRE(built.errors.empty());
  const bt::DeciderDef& shoot = *built.tree->Find("ATTACK");
  REQUIRE(shoot.paramCount == 4);
  CHECK(shoot.params[0].name == nullptr);
  CHECK(shoot.params[0].number == 10);
  CHECK(std::string(shoot.params[1].text) == "head");
  CHECK(shoot.params[1].type == ParamType::Text);
  CHECK(std::string(bt::FindParam(shoot.Params(), "target")->text) == "E_H_REACTOR");
  CHECK(bt::FindParam(shoot.Params(), "target")->type == ParamType::Symbol);
  CHECK(bt::FindParam(shoot.Params(), "target")->number == 7);
  CHECK(bt::FindParam(shoot.Params(), "loud")->number == 1);
  const auto where = built.tree->LocationOf(shoot);
  CHECK(std::string(where.file) == "guard.bt");
  CHECK(where.line == 2);
  CHECK(where.column == 3);

  const bt::DeciderDef& root = built.tree->Root();
  REQUIRE(root.variableCount == 2);
  CHECK(std::string(root.variables[0].name) == "alarm");
  CHECK(root.variables[0].type == bt::VariableType::Bool);
  CHECK(root.variables[0].initial == 1);
  CHECK(root.variables[1].initial == 12.5);
  CHECK(shoot.variableCount == 0);

  // The bindings the file needs, in order of first use.
  REQUIRE(built.bindings.size() == 3);
  CHECK(built.bindings[0].kind == bt::data::BindingKind::Action);
  CHECK(built.bindings[0].name == "Shoot");
  CHECK(built.bindings[0].arity == 2);
  CHECK(built.bindings[1].kind == bt::data::BindingKind::Condition);
  CHECK(built.bindings[2].kind == bt::data::BindingKind::Constant);
  CHECK(built.bindings[2].name == "E_H_REACTOR");
}

TEST_CASE("BuildTree reports each problem of a spec with its file, line and column", "[builder]") {
  Registry registry;
  BT_REGISTER_ACTION(registry, "Shoot", void, nullptr, test::TraceTick, nullptr)
      .Params({ParamType::Number, ParamType::Text});
  BT_REGISTER_ACTION(registry, "Shout", void, nullptr, test::TraceTick, nullptr);
  BT_REGISTER_ACTION(registry, "Hide", void, nullptr, test::TraceTick, nullptr);
  BT_REGISTER_DECIDE(registry, "Trace", test::TraceDecide);
  registry.AddConstant("E_H_REACTOR", 7);
  TreeSpec spec{.file = "guard.bt"};
  spec.Group("ROOT", GroupPolicy::PrioritizedList, {"ATTACK"}).At(1, 1);
  bt::data::NodeSpec& attack = spec.Behavior("ATTACK", "Shout").At(12, 1);
  attack.action.where = {12, 5, {}};

  SECTION("an unknown action, with the closest registered names") {
    attack.action.name = "Shot";
    CHECK(FirstError(Build(spec, registry)) == "guard.bt:12:5: decider ATTACK: unknown action 'Shot' (closest: 'Shoot', 'Shout')");
  }
  SECTION("an unknown action with no registered name close to it") {
    attack.action.name = "Teleport";
    CHECK(FirstError(Build(spec, registry)) == "guard.bt:12:5: decider ATTACK: unknown action 'Teleport'");
  }
  SECTION("an unknown condition") {
    attack.Decide("Trac");
    attack.decide.where = {12, 14, {}};
    CHECK(FirstError(Build(spec, registry)) ==
          "guard.bt:12:14: decider ATTACK: unknown condition or Decide 'Trac' (closest: 'Trace')");
  }
  SECTION("too few arguments") {
    attack.action.name = "Shoot";
    attack.action.args = {ArgSpec::Number(10, {12, 11, {}})};
    CHECK(FirstError(Build(spec, registry)) == "guard.bt:12:5: decider ATTACK: action 'Shoot' takes 2 arguments, given 1");
  }
  SECTION("an argument of the wrong type, at the argument") {
    attack.action.name = "Shoot";
    attack.action.args = {ArgSpec::Number(10, {12, 11, {}}), ArgSpec::Number(3, {12, 15, {}})};
    CHECK(FirstError(Build(spec, registry)) ==
          "guard.bt:12:15: decider ATTACK: action 'Shoot' argument 2: expected text, given number");
  }
  SECTION("a symbol where a number is expected is the constant's value; an unknown constant is an error") {
    attack.action.name = "Shoot";
    attack.action.args = {ArgSpec::Symbol("E_H_REACTOR", {12, 11, {}}), ArgSpec::Text("x", {12, 24, {}})};
    REQUIRE(Build(spec, registry).Ok());
    attack.action.args[0].text = "E_H_REACTR";
    CHECK(FirstError(Build(spec, registry)) ==
          "guard.bt:12:11: decider ATTACK: unknown constant 'E_H_REACTR' (closest: 'E_H_REACTOR')");
  }
  SECTION("more nodes than kMaxSpecNodes, placed at the first one past the limit") {
    while (spec.nodes.size() <= bt::data::kMaxSpecNodes)
      spec.Behavior("N" + std::to_string(spec.nodes.size()), "Hide").At(static_cast<std::uint32_t>(spec.nodes.size()), 1);
    CHECK(FirstError(Build(spec, registry)) == "guard.bt:65536:1: more than bt::data::kMaxSpecNodes (65535) nodes");
  }
  SECTION("an unknown child, with the closest node names") {
    spec.nodes[0].children[0] = {"ATACK", {1, 20, {}}};
    CHECK(FirstError(Build(spec, registry)) == "guard.bt:1:20: decider ROOT: unknown child 'ATACK' (closest: 'ATTACK')");
  }
  SECTION("a cycle through references, where it closes") {
    spec.Group("A", GroupPolicy::PrioritizedList, {"B"}).At(20, 1);
    spec.Group("B", GroupPolicy::Sequential, {"ATTACK", "A"}).At(21, 1).children[1].where = {21, 30, {}};
    spec.nodes[0].children.push_back({"A", {1, 30, {}}});
    CHECK(FirstError(Build(spec, registry)) == "guard.bt:21:30: decider B: child 'A' makes a cycle: A -> B -> A");
  }
  SECTION("a node defined twice") {
    spec.Behavior("ATTACK", "Hide").At(30, 1);
    CHECK(FirstError(Build(spec, registry)) == "guard.bt:30:1: decider ATTACK: defined twice (first at guard.bt:12:1)");
  }
  SECTION("an unknown root") {
    spec.root = "RROOT";
    CHECK(FirstError(Build(spec, registry)) == "guard.bt: unknown root node 'RROOT' (closest: 'ROOT')");
  }
  SECTION("a root whose name is refused is one error, at the root, not also an unknown root") {
    spec.nodes[0].name = spec.root = std::string(300, 'R');
    const bt::data::BuildResult built = Build(spec, registry);
    REQUIRE(built.errors.size() == 1);
    CHECK(built.errors[0].message == "guard.bt:1:1: a node name of 300 bytes, more than bt::data::kMaxNameBytes (256)");
  }
  SECTION("a huge text parameter, bounded") {
    attack.params = {ArgSpec::Text(std::string(5000, 'x'), {12, 40, {}}).Named("speech")};
    CHECK(FirstError(Build(spec, registry)) ==
          "guard.bt:12:40: decider ATTACK: a text parameter of 5000 bytes, more than bt::data::kMaxTextBytes (4096)");
  }
  SECTION("a huge name, bounded") {
    attack.action.name = std::string(300, 'a');
    CHECK(FirstError(Build(spec, registry)) ==
          "guard.bt:12:5: decider ATTACK: an action name of 300 bytes, more than bt::data::kMaxNameBytes (256)");
  }
  SECTION("the same parameter twice") {
    attack.params = {ArgSpec::Number(1).Named("range"), ArgSpec::Number(2).Named("range")};
    CHECK(FirstError(Build(spec, registry)) == "guard.bt:12:1: decider ATTACK: parameter 'range' given twice");
  }
  SECTION("an included file names itself") {
    attack.action = {"Shot", {}, {3, 7, "weapons.bt"}};
    CHECK(FirstError(Build(spec, registry)) == "weapons.bt:3:7: decider ATTACK: unknown action 'Shot' (closest: 'Shoot', 'Shout')");
  }
  SECTION("the tree analysis's verdict is placed at its culprit decider") {
    spec.Group("EMPTY", GroupPolicy::PrioritizedList, {}).At(14, 3);
    spec.nodes[0].children.push_back({"EMPTY", {}});
    CHECK(FirstError(Build(spec, registry)) ==
          "guard.bt:14:3: decider EMPTY: a group decider with no children: give it at least one child");
  }
  SECTION("a behavior decider without an action") {
    attack.action = {};
    CHECK(FirstError(Build(spec, registry)) ==
          "guard.bt:12:1: decider ATTACK: a behavior decider with no behavior: give it one, or make it a group");
  }
  SECTION("every error of a spec, not only the first") {
    attack.action.name = "Shot";
    spec.Behavior("OTHER", "Hid").At(13, 1);
    const auto built = Build(spec, registry);
    CHECK_FALSE(built.Ok());
    CHECK(built.ErrorText() ==
          "guard.bt:12:5: decider ATTACK: unknown action 'Shot' (closest: 'Shoot', 'Shout')\n"
          "guard.bt:13:1: decider OTHER: unknown action 'Hid' (closest: 'Hide')\n");
  }
}

TEST_CASE("Stub mode binds unknown names to recording stubs and lists the bindings", "[builder]") {
  const Registry empty;
  TreeSpec spec{.file = "unknown.bt"};
  spec.Group("ROOT", GroupPolicy::PrioritizedList, {"ATTACK", "IDLE"});
  spec.Behavior("ATTACK", "Shoot", {ArgSpec::Number(1), ArgSpec::Symbol("E_H_REACTOR")}).Decide("EnemyNear");
  spec.Behavior("IDLE", "Wander");

  CHECK(FirstError(Build(spec, empty)) == "unknown.bt: decider ATTACK: unknown action 'Shoot'");
  const auto built = Build(spec, empty, {.stubUnknownNames = true});
  REQUIRE(built.Ok());
  REQUIRE(built.bindings.size() == 4);
  const char* const expected[][2] = {{"action", "Shoot"}, {"condition", "EnemyNear"}, {"constant", "E_H_REACTOR"},
                                     {"action", "Wander"}};
  const std::size_t arity[] = {2, 0, 0, 0};
  for (std::size_t i = 0; i < 4; ++i) {
    CHECK(std::string(bt::data::BindingKindName(built.bindings[i].kind)) == expected[i][0]);
    CHECK(built.bindings[i].name == expected[i][1]);
    CHECK(built.bindings[i].arity == arity[i]);
    CHECK(built.bindings[i].stubbed);
  }

  // A stub tree ticks with any agent: conditions reject, so IDLE's stub runs.
  bt::data::StubRecording recording;
  bt::Memory<128> memory{};
  REQUIRE(bt::MemoryBytesFor(built.tree->Root()) <= sizeof memory);
  int agent = 0;
  auto r = bt::TickBehaviorTree(built.tree->Root(), agent, memory, 0.0, 0.1f);
  CHECK(r.status == bt::Status::Running);
  CHECK(recording.Take() == Events{"decide ATTACK", "activate Wander", "tick Wander"});

  // Stubs that accept and finish: ATTACK interrupts, is done, and IDLE takes over in the same tick.
  const auto eager = Build(spec, empty, {.stubUnknownNames = true, .stubTick = Result::Done, .stubConditionAccepts = true});
  REQUIRE(eager.Ok());
  bt::Memory<128> eagerMemory{};
  r = bt::TickBehaviorTree(eager.tree->Root(), agent, eagerMemory, 0.0, 0.1f);
  CHECK(r.status == bt::Status::NoBehavior);
  CHECK(recording.Take() == Events{"decide ATTACK", "activate Shoot", "tick Shoot", "deactivate Shoot",
                                   "activate Wander", "tick Wander", "deactivate Wander"});
}

TEST_CASE("A built tree outlives its registry and spec", "[builder]") {
  std::shared_ptr<const bt::data::BuiltTree> tree;
  {
    Registry registry = TraceRegistry();
    TreeSpec spec = figure1::Figure1Spec();
    tree = Build(spec, registry).tree;
  }
  REQUIRE(tree);
  figure1::Memory memory{};
  char text[2048];
  const std::size_t n = bt::DebugPrintState(tree->Root(), memory.Span(), 0.0, text, {.wholeTree = true});
  CHECK(std::string(text, n) == figure1::kWholeTreeText);
}

TEST_CASE("BT_REGISTER_* record the C++ spelling of what they register", "[registry]") {
  Registry registry;
  BT_REGISTER_ACTION(registry, "Trace", test::TraceMemory, test::TraceActivateWithMemory, test::TraceTickWithMemory,
                     test::TraceDeactivateWithMemory);
  BT_REGISTER_DECIDE(registry, "Decide", test::TraceDecide);
  registry.AddConstant("SEVEN", 7, {"", "", "", "", "game::kSeven"});
  const auto* action = registry.FindAction("Trace");
  REQUIRE(action != nullptr);
  CHECK(action->cpp.memory == "test::TraceMemory");
  CHECK(action->cpp.activate == "test::TraceActivateWithMemory");
  CHECK(action->cpp.tick == "test::TraceTickWithMemory");
  CHECK(action->cpp.deactivate == "test::TraceDeactivateWithMemory");
  CHECK(std::string(action->behavior.name) == "Trace");
  CHECK(std::string(action->behavior.memory.name) == "test::TraceMemory");
  CHECK(action->behavior.memory.size == sizeof(test::TraceMemory));
  // The very thunks the macros instantiate for the same functions.
  CHECK(action->behavior.tick == bt::detail::MakeTick<test::TraceTickWithMemory, test::TraceMemory>());
  CHECK(registry.FindDecide("Decide")->decide == bt::detail::MakeDecide<test::TraceDecide, void>());
  CHECK(registry.FindDecide("Decide")->cpp.function == "test::TraceDecide");
  CHECK(registry.FindConstant("SEVEN")->value == 7);
  CHECK(registry.FindAction("Nothing") == nullptr);
  CHECK(registry.Names(bt::data::BindingKind::Action) == std::vector<std::string>{"Trace"});
}

namespace {
double DistanceTo(test::TraceAgent& agent, std::span<const bt::Param> args) {
  return static_cast<double>(agent.events.size()) + args[0].number;
}
}  // namespace

TEST_CASE("RegistryNames serves the registry's value functions and constants to expressions", "[registry]") {
  Registry registry;
  BT_REGISTER_VALUE(registry, "distanceTo", DistanceTo).Params({ParamType::Symbol});
  registry.AddConstant("E_H_REACTOR", 3);
  const bt::VariableDecl variables[] = {{"alarm", bt::VariableType::Bool, 0}};
  const bt::data::RegistryNames names(registry, variables);
  CHECK(names.FindVariable("alarm") == 0);
  CHECK(names.FindVariable("alarms") == -1);

  bt::data::ExpressionError error;
  const auto near = bt::data::CompileExpression("distanceTo(E_H_REACTOR) < 5", bt::data::Dialect::Unvanquished, names, &error);
  REQUIRE(near.has_value());
  test::TraceAgent agent;
  CHECK(near->IsTrue(&agent, nullptr));  // 0 events + 3 < 5
  agent.events = {"a", "b"};
  CHECK_FALSE(near->IsTrue(&agent, nullptr));  // 2 + 3

  CHECK_FALSE(bt::data::CompileExpression("distanceTo() < 5", bt::data::Dialect::Unvanquished, names, &error));
  CHECK(bt::data::FormatExpressionError(error) == "column 1: 'distanceTo' takes 1 argument, not 0");
  CHECK_FALSE(bt::data::CompileExpression("distanceTo(E_H_REACTR) < 5", bt::data::Dialect::Unvanquished, names, &error));
  CHECK(bt::data::FormatExpressionError(error) == "column 12: unknown constant 'E_H_REACTR' (closest: 'E_H_REACTOR')");
}
