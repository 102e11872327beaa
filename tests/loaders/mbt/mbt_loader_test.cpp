// tests/loaders/mbt/mbt_loader_test.cpp — Lumberyard MBT XML files (tests/data/mbt/) loaded
// against a game's registry: every corpus file builds, its nodes become the
// kinds bt/loaders/mbt/modular_behavior_tree.h maps them to, with their names and
// parameters; every malformed file (tests/data/mbt/bad/) gives its exact error.
#include <catch2/catch.hpp>

#include <array>
#include <string>

#include "bt/bt.h"
#include "bt/data/stubs.h"
#include "bt/loaders/load_tree_file.h"
#include "tests/loaders/mbt/mbt_test_support.h"

namespace {

using bt::loaders::LoadModularBehaviorTree;
using mbt_test::ReadData;

bt::loaders::ModularBehaviorTree Load(const std::string& name, const bt::loaders::LoadOptions& options = {}) {
  return LoadModularBehaviorTree(ReadData(name), name, mbt_test::GameRegistry(), options);
}

bt::DeciderDef Find(const bt::loaders::ModularBehaviorTree& loaded, const char* name) {
  const bt::DeciderDef* found = loaded.build.tree->Find(name);
  INFO(name);
  REQUIRE(found != nullptr);
  return *found;
}

std::string Params(const bt::DeciderDef& decider) {
  std::array<char, 512> text{};
  bt::FormatParams(decider.Params(), text);
  return text.data();
}

bt::data::BuildOptions FindNoScope() {
  return {.findScope = [](void*, const char*) -> bt::Scope* { return nullptr; }};
}

}  // namespace

TEST_CASE("Every MBT corpus file loads and builds", "[mbt][mbt-corpus]") {
  mbt_test::FakeScripts scripts;
  bt::loaders::LoadOptions options{.build = FindNoScope(), .scripts = &scripts};
  for (const char* name : {"guard_selector.xml", "greeting.xml", "timestamps.xml", "exclusive_timestamps.xml",
                           "wait_for_event.xml", "state_machine.xml", "parallel.xml", "priority.xml", "lua.xml",
                           "group_scope.xml", "logging.xml", "loops.xml", "timeout.xml", "conditions.xml",
                           "send_event.xml", "misc.xml", "soldier.xml", "default_case.xml"}) {
    const auto loaded = Load(name, options);
    INFO(name << ": " << loaded.build.ErrorText());
    CHECK(loaded.build.Ok());
  }
}

TEST_CASE("MBT nodes map onto bt's classic kinds, named Type@LINE", "[mbt]") {
  mbt_test::FakeScripts scripts;
  SECTION("composites and their modes") {
    const auto loaded = Load("parallel.xml");
    REQUIRE(loaded.build.Ok());
    const bt::DeciderDef outer = Find(loaded, "Parallel@3");
    CHECK(outer.policy == bt::GroupPolicy::Parallel);
    CHECK(outer.flags == bt::kParallelSucceedOnAny);
    CHECK(Find(loaded, "Parallel@6").flags == bt::kParallelFailOnAll);
    CHECK(std::string(loaded.build.tree->Root().name) == "Parallel@3");
    CHECK(Params(Find(loaded, "Move@5")) == "to=\"Player\", speed=2");
  }
  SECTION("Selector is a Fallback; IfCondition a Decorator with its Cry condition") {
    const auto loaded = Load("guard_selector.xml");
    REQUIRE(loaded.build.Ok());
    CHECK(Find(loaded, "Selector@10").policy == bt::GroupPolicy::Fallback);
    const bt::DeciderDef gate = Find(loaded, "IfCondition@11");
    CHECK(gate.policy == bt::GroupPolicy::Decorator);
    CHECK(Params(gate) == "condition={TargetVisible}");
    CHECK(Params(Find(loaded, "Animate@14")) == "name=\"LookAroundForTarget\"");
  }
  SECTION("loops and their counts") {
    const auto loaded = Load("loops.xml");
    REQUIRE(loaded.build.Ok());
    CHECK(Find(loaded, "LoopUntilSuccess@4").config.count == 3);
    CHECK(Find(loaded, "Loop@7").config.count == 2);
    CHECK(Find(loaded, "Loop@10").config.count == 0);
  }
  SECTION("states are named by their names, transitions resolved without case") {
    const auto loaded = Load("state_machine.xml");
    REQUIRE(loaded.build.Ok());
    const bt::DeciderDef combat = Find(loaded, "Combat@12");
    REQUIRE(combat.config.eventTransitionCount == 2);
    CHECK(combat.config.eventTransitions[1].onEvent == bt::NameId("OnHurt"));
    CHECK(combat.config.eventTransitions[1].to == 2);
  }
  SECTION("Lua code compiled once, at load, its handle a parameter") {
    const auto loaded = Load("lua.xml", {.scripts = &scripts});
    REQUIRE(loaded.build.Ok());
    CHECK(scripts.compiled == std::vector<std::string>{"lua.xml:4: entity.counter = 75",
                                                       "lua.xml:5: return entity.counter == 75",
                                                       "lua.xml:6: return IsAppleGreen()",
                                                       "lua.xml:7: StartParticleEffect()",
                                                       "lua.xml:7: StopParticleEffect()"});
    CHECK(Params(Find(loaded, "ExecuteLua@4")) == "code=0");
    CHECK(Params(Find(loaded, "AssertLua@5")) == "code=1");
    CHECK(Params(Find(loaded, "LuaGate@6")) == "code=2");
    CHECK(Params(Find(loaded, "LuaWrapper@7")) == "onEnter=3, onExit=4");
    CHECK(std::string(Find(loaded, "LuaWrapper@7").behavior->name) == "LuaWrapper");
    CHECK(Params(Find(loaded, "LuaBehavior@11")) == "name=\"EatApple\"");
  }
  SECTION("Lua without a script engine: stubs keeping the code, in stub mode") {
    const auto loaded = Load("lua.xml", {.build = {.stubUnknownNames = true}});
    REQUIRE(loaded.build.Ok());
    CHECK(Params(Find(loaded, "LuaGate@6")) == "code=\"return IsAppleGreen()\"");
  }
  SECTION("two nodes of a type on one line get their columns") {
    const auto loaded = Load("misc.xml");
    REQUIRE(loaded.build.Ok());
    CHECK(Find(loaded, "Sequence@13").policy == bt::GroupPolicy::Sequence);
    CHECK(Params(Find(loaded, "Log@13:17")) == "message=\"trying the graft\"");
    CHECK(Params(Find(loaded, "Log@13:60")) == "message=\"grafted\"");
    CHECK(loaded.build.tree->Find("Log@13") == nullptr);
  }
  SECTION("timestamps and their nodes") {
    const auto loaded = Load("timestamps.xml");
    REQUIRE(loaded.build.Ok());
    CHECK(Params(Find(loaded, "WaitUntilTime@9")) == "since=\"ReceivedDamage\", isMoreThan=5, succeedIfNeverBeenSet=true");
    CHECK(Params(Find(loaded, "IfTime@11")) == "since=\"GroupMemberDied\", isLessThan=10");
    CHECK(loaded.build.tree->Root().variableCount == 3);
  }
  SECTION("MBT's event leaves are bt's, their memory struct named as the macros name it") {
    const auto loaded = Load("wait_for_event.xml");
    REQUIRE(loaded.build.Ok());
    const bt::DeciderDef wait = Find(loaded, "WaitForEvent@4");
    CHECK(std::string(wait.behavior->memory.name) == "bt::detail::WaitForEventMemory");
    CHECK(wait.behavior->onEvent == bt::kWaitForEvent.onEvent);
    CHECK(Params(wait) == "name=\"OnEnemySeen\"");
  }
  SECTION("signals: a table apart, by variable index") {
    const auto loaded = Load("soldier.xml");
    REQUIRE(loaded.build.Ok());
    const auto signals = loaded.signals.Entries();
    REQUIRE(signals.size() == 3);
    CHECK(std::string(signals[1].signal) == "OnNoTarget");
    CHECK(signals[1].variable == 0);
    CHECK(signals[1].value == 0);
    CHECK(signals[2].variable == 1);
    CHECK(signals[2].value == 1);
  }
  SECTION("unknown attributes are ignored, as the engine does") {
    const auto loaded = Load("exclusive_timestamps.xml");
    REQUIRE(loaded.build.Ok());
    CHECK(loaded.build.tree->Root().variables[1].exclusiveTo == nullptr);  // `exlusiveTo`
  }
}

TEST_CASE("In stub mode an unknown MBT node is a stub action with its attributes as text", "[mbt]") {
  bt::data::Registry none;
  const auto loaded = LoadModularBehaviorTree(ReadData("parallel.xml"), "parallel.xml", none,
                                              {.build = {.stubUnknownNames = true}});
  REQUIRE(loaded.build.Ok());
  CHECK(Params(*loaded.build.tree->Find("Move@5")) == "to=\"Player\", speed=\"2\"");
  REQUIRE(loaded.build.bindings.size() == 4);
  CHECK(loaded.build.bindings[0].name == "Communicate");
  CHECK(loaded.build.bindings[0].stubbed);
}

TEST_CASE("LoadTreeFile finds MBT files and loads them", "[mbt]") {
  const bt::loaders::LoadedTree loaded =
      bt::loaders::LoadTreeFile("tests/data/mbt/greeting.xml", mbt_test::GameRegistry());
  CHECK(loaded.format == bt::loaders::TreeFormat::ModularBehaviorTree);
  CHECK(loaded.build.Ok());
  CHECK(bt::loaders::LoadModularBehaviorTreeFile("tests/data/mbt/nothing.xml", mbt_test::GameRegistry()).ErrorText() ==
        "tests/data/mbt/nothing.xml: cannot read the file\n");
}

TEST_CASE("Every malformed MBT file gives its exact error", "[mbt][mbt-errors]") {
  mbt_test::FakeScripts scripts;
  struct Bad {
    const char* file;
    const char* error;
  };
  const Bad kBad[] = {
      {"unknown_node.xml", "bad/unknown_node.xml:4:7: unknown node type 'Shot' (closest: 'Shoot')\n"},
      {"root_two_nodes.xml", "bad/root_two_nodes.xml:4:5: <Root> holds exactly one node, given 2\n"},
      {"bad_attribute_value.xml",
       "bad/bad_attribute_value.xml:3:5: Loop: attribute 'count' must be a whole number from 0 to 255, given 'twice'\n"},
      {"unknown_variable.xml",
       "bad/unknown_variable.xml:6:47: decider IfCondition@6: condition: unknown variable 'TargetVisbile' (closest: "
       "'TargetVisible')\n"},
      {"parallel_33.xml", "bad/parallel_33.xml:3:5: Parallel has 33 children; at most 32 are allowed\n"},
      {"unknown_state.xml", "bad/unknown_state.xml:6:11: Transition to unknown state 'Combt' (closest: 'Combat')\n"},
      {"malformed.xml",
       "bad/malformed.xml:5:5: malformed XML: </Sequence> closes <Wait>, opened at line 4, column 7\n"},
      {"missing_attribute.xml", "bad/missing_attribute.xml:4:7: Timeout: missing required attribute 'duration'\n"},
      {"game_node_attribute.xml",
       "bad/game_node_attribute.xml:3:5: Move: attribute 'speed' must be a number, given 'fast'\n"},
      {"game_node_required.xml", "bad/game_node_required.xml:3:5: Move: missing required attribute 'to'\n"},
      {"unknown_timestamp.xml",
       "bad/unknown_timestamp.xml:6:5: WaitUntilTime: unknown timestamp 'ShotAtt' (closest: 'ShotAt')\n"},
      {"signal_unknown_variable.xml",
       "bad/signal_unknown_variable.xml:6:5: Signal 'OnEnemySeen' sets unknown variable 'AwareOfEnmy' (closest: "
       "'AwareOfEnemy')\n"},
      {"decorator_two_children.xml",
       "bad/decorator_two_children.xml:5:7: SuppressFailure holds exactly one child node, given 2\n"},
      {"parallel_mode.xml",
       "bad/parallel_mode.xml:3:5: Parallel: attribute 'successMode' must be all or any, given 'some'\n"},
      {"not_behavior_tree.xml",
       "bad/not_behavior_tree.xml:1:1: expected <BehaviorTree> as the root element, found <SelectionTrees>\n"},
      {"no_root.xml", "bad/no_root.xml:1:1: <BehaviorTree> has no <Root>\n"},
      {"case_outside_priority.xml", "bad/case_outside_priority.xml:4:7: Case outside a Priority\n"},
      {"leaf_with_child.xml", "bad/leaf_with_child.xml:4:7: Wait is a leaf: it holds no child nodes\n"},
      // A misspelt group is an unknown element, not a game's leaf given children.
      {"misspelt_group.xml", "bad/misspelt_group.xml:3:5: unknown node type 'Sequnce' (closest: 'Sequence')\n"},
      // A condition's places are the file's, across the attribute's lines and its entities.
      {"unclosed_paren.xml",
       "bad/unclosed_paren.xml:8:45: decider IfCondition@7: condition: expected ')' to close the '(' at line 8, "
       "column 29\n"},
      // MonitorCondition's text is wrapped to negate it: the '(' named is still the file's.
      {"monitor_unclosed_paren.xml",
       "bad/monitor_unclosed_paren.xml:7:60: MonitorCondition: condition: expected ')' to close the '(' at line 7, "
       "column 44\n"},
      {"entity_condition.xml",
       "bad/entity_condition.xml:6:52: decider AssertCondition@6: condition: unknown variable 'Alret'\n"},
      {"condition_syntax.xml",
       "bad/condition_syntax.xml:6:35: decider AssertCondition@6: condition: expected an operand after 'and'\n"},
      {"lua_compile_error.xml",
       "bad/lua_compile_error.xml:3:5: ExecuteLua: attribute 'code': bad/lua_compile_error.xml:3: unexpected symbol "
       "near 'error'\n"},
      {"unknown_section.xml",
       "bad/unknown_section.xml:2:3: unknown element <Variabels> in <BehaviorTree> (expected Variables, "
       "SignalVariables, Timestamps, Events, MetaExtensions or Root) (closest: 'Variables')\n"},
      {"exclusive_unknown.xml",
       "bad/exclusive_unknown.xml:3:5: Timestamp 'EnemySeen' is exclusiveTo 'EnemyLots', which is not a declared "
       "timestamp (closest: 'EnemyLost')\n"},
      {"duplicate_state.xml", "bad/duplicate_state.xml:5:7: StateMachine: a second state named 'idle'\n"},
      {"state_without_tree.xml", "bad/state_without_tree.xml:4:7: State 'Idle' has no <BehaviorTree>\n"},
      // An empty condition is a Case's only (true there): the engine's other nodes refuse it.
      {"empty_condition.xml", "bad/empty_condition.xml:4:7: IfCondition: attribute 'condition' is empty\n"},
      {"empty_monitor.xml", "bad/empty_monitor.xml:3:5: MonitorCondition: attribute 'condition' is empty\n"},
      {"wait_for_event_result.xml",
       "bad/wait_for_event_result.xml:3:5: WaitForEvent: attribute 'result' must be Success or Failure, given "
       "'Maybe'\n"},
  };
  for (const Bad& bad : kBad) {
    const std::string name = std::string("bad/") + bad.file;
    const auto loaded = Load(name, {.scripts = &scripts});
    INFO(name);
    CHECK_FALSE(loaded.build.Ok());
    CHECK(loaded.build.ErrorText() == bad.error);
  }
  // Stub mode binds an unknown leaf to a stub, but not an unknown element with children.
  const auto stubbed = Load("bad/misspelt_group.xml", {.build = {.stubUnknownNames = true}});
  CHECK(stubbed.build.ErrorText() == "bad/misspelt_group.xml:3:5: unknown node type 'Sequnce' (closest: 'Sequence')\n");
  // A Case's empty condition is true, as the engine reads it.
  const auto emptyCase = bt::loaders::LoadModularBehaviorTree(
      "<BehaviorTree><Root><Priority><Case condition=\"\"><Move to=\"A\"/></Case></Priority></Root></BehaviorTree>",
      "case.xml", mbt_test::GameRegistry());
  CHECK(emptyCase.build.ErrorText() == "");
}

namespace {

// `root`, the node(s) of a <Root>, in a file with two variables and a timestamp.
bt::loaders::ModularBehaviorTree LoadRoot(const std::string& root) {
  return LoadModularBehaviorTree("<BehaviorTree>\n"
                                 "<Variables><Variable name=\"Alarm\"/><Variable name=\"Calm\"/></Variables>\n"
                                 "<Timestamps><Timestamp name=\"Shot\" setOnEvent=\"OnShot\"/></Timestamps>\n"
                                 "<Root>\n" + root + "\n</Root></BehaviorTree>\n",
                                 "attributes.xml", mbt_test::GameRegistry(), {.build = FindNoScope()});
}

}  // namespace

TEST_CASE("MBT attributes default, clamp and refuse as the engine's readers do", "[mbt][mbt-attributes]") {
  SECTION("a Case without a condition is the default case, as one with condition=\"\"") {
    const auto loaded = LoadRoot("<Priority><Case condition=\"Alarm\"><Shoot target=\"A\"/></Case>"
                                 "<Case><Move to=\"B\"/></Case></Priority>");
    INFO(loaded.build.ErrorText());
    REQUIRE(loaded.build.Ok());
    const auto empty = LoadRoot("<Priority><Case condition=\"Alarm\"><Shoot target=\"A\"/></Case>"
                                "<Case condition=\"\"><Move to=\"B\"/></Case></Priority>");
    REQUIRE(empty.build.Ok());
    CHECK(Find(loaded, "Case@5:61").decide == Find(empty, "Case@5:61").decide);
    CHECK(Params(Find(loaded, "Case@5:61")) == Params(Find(empty, "Case@5:61")));
  }
  SECTION("a negative Wait duration is kept (it waits for ever), a negative variation too") {
    const auto loaded = LoadRoot("<Sequence><Wait duration=\"-1\" variation=\"-0.5\"/><Timeout duration=\"-2\"/></Sequence>");
    INFO(loaded.build.ErrorText());
    REQUIRE(loaded.build.Ok());
    CHECK(Params(Find(loaded, "Wait@5")) == "duration=-1, variation=-0.5");
    CHECK(Params(Find(loaded, "Timeout@5")) == "duration=-2");
  }
  SECTION("RandomGate's chance is clamped to [0, 1]") {
    const auto high = LoadRoot("<RandomGate opensWithChance=\"1.5\"><Halt/></RandomGate>");
    REQUIRE(high.build.Ok());
    CHECK(Find(high, "RandomGate@5").config.chance == 1.0f);
    const auto low = LoadRoot("<RandomGate opensWithChance=\"-3\"><Halt/></RandomGate>");
    REQUIRE(low.build.Ok());
    CHECK(Find(low, "RandomGate@5").config.chance == 0.0f);
  }
  SECTION("isMoreThan is read before isLessThan; thresholds may be negative") {
    const auto loaded =
        LoadRoot("<Sequence><IfTime since=\"Shot\" isMoreThan=\"-1\" isLessThan=\"3\"><Halt/></IfTime>"
                 "<WaitUntilTime since=\"Shot\" isLessThan=\"-2\"/></Sequence>");
    INFO(loaded.build.ErrorText());
    REQUIRE(loaded.build.Ok());
    CHECK(Params(Find(loaded, "IfTime@5")) == "since=\"Shot\", isMoreThan=-1");
    CHECK(Params(Find(loaded, "WaitUntilTime@5")) == "since=\"Shot\", isLessThan=-2");
    CHECK(LoadRoot("<IfTime since=\"Shot\"><Halt/></IfTime>").build.ErrorText() ==
          "attributes.xml:5:1: IfTime: give one of the attributes 'isMoreThan' and 'isLessThan'\n");
  }
  SECTION("IfCondition's equalTo=\"false\" opens the gate on a false condition") {
    const auto loaded = LoadRoot("<Sequence><IfCondition condition=\"Alarm\" equalTo=\"false\"><Halt/></IfCondition>"
                                 "<IfCondition condition=\"Calm\" equalTo=\"true\"><Halt/></IfCondition></Sequence>");
    INFO(loaded.build.ErrorText());
    REQUIRE(loaded.build.Ok());
    CHECK(Params(Find(loaded, "IfCondition@5:11")) == "condition={!(Alarm)}");
    CHECK(Params(Find(loaded, "IfCondition@5:79")) == "condition={Calm}");
  }
  SECTION("WaitForEvent's empty result is Success; Log without message logs an empty one") {
    const auto loaded = LoadRoot("<Sequence><WaitForEvent name=\"Go\" result=\"\"/><Log/></Sequence>");
    INFO(loaded.build.ErrorText());
    REQUIRE(loaded.build.Ok());
    CHECK(Params(Find(loaded, "WaitForEvent@5")) == "name=\"Go\"");
    CHECK(Params(Find(loaded, "Log@5")) == "message=\"\"");
  }
  SECTION("empty names and events are refused, as the engine refuses them") {
    CHECK(LoadRoot("<SendEvent name=\"\"/>").build.ErrorText() ==
          "attributes.xml:5:1: SendEvent: attribute 'name' is empty\n");
    CHECK(LoadRoot("<SendTransitionEvent name=\"\"/>").build.ErrorText() ==
          "attributes.xml:5:1: SendTransitionEvent: attribute 'name' is empty\n");
    CHECK(LoadRoot("<WaitForEvent name=\"\"/>").build.ErrorText() ==
          "attributes.xml:5:1: WaitForEvent: attribute 'name' is empty\n");
    CHECK(LoadRoot("<GroupScope name=\"\"><Halt/></GroupScope>").build.ErrorText() ==
          "attributes.xml:5:1: GroupScope: attribute 'name' is empty\n");
    mbt_test::FakeScripts scripts;
    CHECK(LoadModularBehaviorTree("<BehaviorTree><Root><LuaGate code=\"\"><Halt/></LuaGate></Root></BehaviorTree>",
                                  "lua.xml", mbt_test::GameRegistry(), {.scripts = &scripts})
              .build.ErrorText() == "lua.xml:1:21: LuaGate: attribute 'code' is empty\n");
    CHECK(LoadRoot("<AssertTime since=\"\" isMoreThan=\"1\"/>").build.ErrorText() ==
          "attributes.xml:5:1: AssertTime: attribute 'since' is empty\n");
    CHECK(LoadRoot("<StateMachine><State name=\"A\"><Transitions><Transition to=\"A\" onEvent=\"\"/></Transitions>"
                   "<BehaviorTree><Halt/></BehaviorTree></State></StateMachine>")
              .build.ErrorText() == "attributes.xml:5:44: Transition: attribute 'onEvent' is empty\n");
  }
  SECTION("a Loop count the engine's byte cannot hold is refused") {
    CHECK(LoadRoot("<Loop count=\"255\"><Halt/></Loop>").build.Ok());
    CHECK(LoadRoot("<Loop count=\"256\"><Halt/></Loop>").build.ErrorText() ==
          "attributes.xml:5:1: Loop: attribute 'count' must be a whole number from 0 to 255, given '256'\n");
    CHECK(LoadRoot("<LoopUntilSuccess attemptCount=\"-1\"><Halt/></LoopUntilSuccess>").build.ErrorText() ==
          "attributes.xml:5:1: LoopUntilSuccess: attribute 'attemptCount' must be a whole number from 0 to 255, "
          "given '-1'\n");
  }
}

TEST_CASE("MBT Lua nodes without a script engine are an error outside stub mode", "[mbt][mbt-errors]") {
  CHECK(Load("lua.xml").build.ErrorText() == "lua.xml:4:7: ExecuteLua needs a script engine (LoadOptions::scripts)\n");
}

TEST_CASE("MBT nesting deeper than the loader follows is an error, not a crash", "[mbt][mbt-errors]") {
  std::string text = "<BehaviorTree><Root>\n";
  for (int i = 0; i < 5000; ++i) text += "<SuppressFailure>";
  text += "<Halt/>";
  for (int i = 0; i < 5000; ++i) text += "</SuppressFailure>";
  text += "\n</Root></BehaviorTree>\n";
  const auto loaded = LoadModularBehaviorTree(text, "deep.xml", mbt_test::GameRegistry());
  CHECK(loaded.build.ErrorText() == "deep.xml:2:1701: nodes nested deeper than 100 levels\n");
}

TEST_CASE("An MBT node whose name would be too long for a decider is an error at the node", "[mbt][mbt-errors]") {
  const std::string text = "<BehaviorTree>\n<Root>\n  <" + std::string(230, 'W') + " />\n</Root>\n</BehaviorTree>\n";
  const auto loaded = LoadModularBehaviorTree(text, "long.xml", mbt_test::GameRegistry(), {.build = {.stubUnknownNames = true}});
  CHECK(loaded.build.ErrorText() ==
        "long.xml:3:3: a node name of 232 bytes, more than 224 (bt::data::kMaxNameBytes, less room for the loader's "
        "suffixes)\n");
}

TEST_CASE("MBT lines end at LF, CRLF or a lone CR, as XML reads them", "[mbt][mbt-errors]") {
  for (const std::string eol : {"\n", "\r\n", "\r"}) {
    const std::string text = "<BehaviorTree>" + eol + "<Root>" + eol + "<Sequence>" + eol + "<Halt/>" + eol +
                             "  <Loop count='x'><Halt/></Loop>" + eol + "</Sequence></Root></BehaviorTree>";
    const auto loaded = LoadModularBehaviorTree(text, "eol.xml", mbt_test::GameRegistry());
    CHECK(loaded.build.ErrorText() == "eol.xml:5:3: Loop: attribute 'count' must be a whole number from 0 to 255, given 'x'\n");
  }
}

TEST_CASE("MBT: 10^5 logged siblings are refused at the first node past bt::data::kMaxSpecNodes, in linear time",
          "[mbt][mbt-errors]") {
  // Each node's logs were attached by a scan of the whole spec: 10^5 took minutes.
  std::string text = "<BehaviorTree><Root><Sequence>\n";
  for (int i = 0; i < 100000; ++i) text += "<Halt _startLog='s'/>\n";
  text += "</Sequence></Root></BehaviorTree>";
  const auto loaded = LoadModularBehaviorTree(text, "wide.xml", mbt_test::GameRegistry());
  CHECK(loaded.build.ErrorText() == "wide.xml:65536:1: more than bt::data::kMaxSpecNodes (65535) nodes\n");
}
