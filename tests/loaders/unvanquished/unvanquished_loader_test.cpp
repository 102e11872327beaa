// tests/loaders/unvanquished/unvanquished_loader_test.cpp — Unvanquished bot trees (.bt) loaded from
// tests/data/unvanquished/, built against trace actions and ticked: the traces,
// tick by tick, are those the game's own bot trees
// give; and every malformed file gives its exact error.
//
// Index
//   [SECTION] the nodes, tick by tick — selector, sequence, timer, fallback, concurrent, return
//   [SECTION] errors — malformed files, arity, names, limits, line ends, every prefix
//   [SECTION] stubs — the names the game must provide
//   [SECTION] the preprocessor and includes — macros, #ifdef, includes loaded once
//   [SECTION] selectClass — a second tree by class
//   [SECTION] the running path — where a sequence and a fallback resume
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <optional>
#include <span>
#include <sstream>
#include <string>

#include "bt/core/debug_output.h"
#include "bt/data/registry.h"
#include "bt/data/stubs.h"
#include "bt/engine/why.h"
#include "bt/loaders/unvanquished/unvanquished.h"
#include "bt/loaders/unvanquished/preprocessor.h"
#include "tests/support/trace_agent.h"

namespace {

using bt::Status;
using test::Events;

std::string ReadData(const std::string& name) {
  std::ifstream in("tests/data/unvanquished/" + name, std::ios::binary);
  REQUIRE(in);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// A game function of the conditions: records that it was asked, and answers the
// agent's script for its name (TraceAgent::decide; 0 when not scripted).
template <const char* Name>
double Ask(test::TraceAgent& agent, std::span<const bt::Param>) {
  agent.events.push_back(Name);
  return agent.decide[Name];
}
constexpr char kEnemyVisible[] = "enemyVisible";
constexpr char kHasFunds[] = "hasFunds";
constexpr char kUnderAttack[] = "underAttack";
constexpr char kAlive[] = "alive";
constexpr char kTeam[] = "team";
constexpr char kNumOurBuildings[] = "numOurBuildings";
constexpr char kTeamateHasWeapon[] = "teamateHasWeapon";
constexpr char kStuckTime[] = "stuckTime";
constexpr char kOther[] = "(a game function)";

bt::data::Registry BotRegistry() {
  bt::data::Registry registry;
  bt::data::RegisterBuiltinBehaviors(registry);  // "Succeed", for conditions without a child
  for (const char* name : {"fight", "patrol", "blocked", "build", "heal", "wander", "charge", "reload", "melee",
                           "look", "taunt", "flee"})
    BT_REGISTER_ACTION(registry, name, void, test::TraceActivate, test::TraceTick, test::TraceDeactivate);
  BT_REGISTER_ACTION(registry, "moveTo", void, test::TraceActivate, test::TraceTick, test::TraceDeactivate)
      .Params({bt::ParamType::Number, bt::ParamType::Number, bt::ParamType::Text});
  BT_REGISTER_VALUE(registry, "enemyVisible", Ask<kEnemyVisible>);
  BT_REGISTER_VALUE(registry, "hasFunds", Ask<kHasFunds>);
  BT_REGISTER_VALUE(registry, "underAttack", Ask<kUnderAttack>);
  BT_REGISTER_VALUE(registry, "alive", Ask<kAlive>);
  // The bots of tests/data/unvanquished/bots, named as the game names them.
  for (const char* name : {"jump", "resetStuckTime", "buildNow", "repair", "equip", "roam", "rush"})
    BT_REGISTER_ACTION(registry, name, void, test::TraceActivate, test::TraceTick, test::TraceDeactivate);
  for (const char* name : {"moveInDir", "activateUpgrade", "evolveTo", "buy", "spawnAs"})
    BT_REGISTER_ACTION(registry, name, void, test::TraceActivate, test::TraceTick, test::TraceDeactivate)
        .Params({bt::ParamType::Number});
  BT_REGISTER_ACTION(registry, "roamInRadius", void, test::TraceActivate, test::TraceTick, test::TraceDeactivate)
      .Params({bt::ParamType::Number, bt::ParamType::Number});
  BT_REGISTER_ACTION(registry, "say", void, test::TraceActivate, test::TraceTick, test::TraceDeactivate)
      .Params({bt::ParamType::Number, bt::ParamType::Text});
  BT_REGISTER_VALUE(registry, "team", Ask<kTeam>);
  BT_REGISTER_VALUE(registry, "stuckTime", Ask<kStuckTime>);
  BT_REGISTER_VALUE(registry, "numOurBuildings", Ask<kNumOurBuildings>).Params({bt::ParamType::Number});
  BT_REGISTER_VALUE(registry, "teamateHasWeapon", Ask<kTeamateHasWeapon>).Params({bt::ParamType::Number});
  for (const char* name : {"buildingIsDamaged", "alertedToEnemy", "healScore", "baseRushScore", "goalType",
                           "percentAmmoClip"})
    registry.AddValue<Ask<kOther>>(name);
  for (const char* name : {"haveWeapon", "distanceTo", "percentHealth", "haveUpgrade", "canEvolveTo",
                           "inAttackRange"})
    registry.AddValue<Ask<kOther>>(name).Params({bt::ParamType::Number});
  double value = 0;
  for (const char* name : {"E_SELF", "E_GOAL", "E_H_REACTOR", "E_H_MEDISTAT", "E_H_ARMOURY", "E_A_OVERMIND",
                           "E_A_BOOSTER", "MOVE_BACKWARD", "UP_MEDKIT", "WP_HBUILD", "WP_MACHINEGUN", "TEAM_ALIENS",
                           "TEAM_HUMANS", "PCL_ALIEN_BUILDER0", "PCL_ALIEN_LEVEL0", "PCL_ALIEN_LEVEL1",
                           "PCL_ALIEN_LEVEL2", "ET_BUILDABLE", "SAY_TEAM"})
    registry.AddConstant(name, ++value);  // TEAM_ALIENS is 12, TEAM_HUMANS 13, PCL_ALIEN_BUILDER0 14
  return registry;
}

// Files read from tests/data/unvanquished/, named as if it were the current folder.
bt::loaders::LoadOptions DataFiles() {
  bt::loaders::LoadOptions options;
  options.read = [](const std::string& path) -> std::optional<std::string> {
    std::ifstream in("tests/data/unvanquished/" + path, std::ios::binary);
    if (!in) return std::nullopt;
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  };
  return options;
}

struct Bot {
  bt::data::BuildResult built;
  test::TraceAgent agent;
  bt::Memory<512> memory{};

  explicit Bot(const std::string& file) : built(bt::loaders::LoadUnvanquishedFile(file, Registry(), DataFiles())) {}
  explicit Bot(bt::data::BuildResult loaded) : built(std::move(loaded)) {}
  static const bt::data::Registry& Registry() {
    static const bt::data::Registry registry = BotRegistry();
    return registry;
  }
  // One tick at `time`: its status and the calls it made.
  std::pair<Status, Events> Tick(double time) {
    const test::Ticked ticked = test::Tick(built.tree->Root(), agent, memory, time);
    return {ticked.result.status, ticked.events};
  }
};

// The errors, one per line, or "(loaded)".
std::string Errors(const bt::data::BuildResult& built) {
  if (built.Ok()) return "(loaded)";
  std::string text;
  for (const bt::data::BuildError& error : built.errors) text += (text.empty() ? "" : "\n") + error.message;
  return text;
}

std::string LoadError(const std::string& file) {
  return Errors(bt::loaders::LoadUnvanquishedFile(file, Bot::Registry(), DataFiles()));
}

using Tick = std::pair<Status, Events>;

}  // namespace

// =============================================================== [SECTION] the nodes, tick by tick

TEST_CASE("Unvanquished selector: every tick from the first child; the condition is asked every tick",
          "[unvanquished]") {
  Bot bot("guard.bt");
  INFO(bot.built.ErrorText());
  REQUIRE(bot.built.Ok());
  // No enemy: the condition fails (its child is not touched), patrol runs.
  CHECK(bot.Tick(0.0) == Tick{Status::Running, {"enemyVisible", "activate patrol", "tick patrol"}});
  CHECK(bot.Tick(0.1) == Tick{Status::Running, {"enemyVisible", "tick patrol"}});
  // An enemy: the selector starts again from the first child, which now runs.
  bot.agent.decide["enemyVisible"] = 1;
  CHECK(bot.Tick(0.2) ==
        Tick{Status::Running, {"enemyVisible", "activate fight", "tick fight", "deactivate patrol"}});
  CHECK(bot.Tick(0.3) == Tick{Status::Running, {"enemyVisible", "tick fight"}});
  // The enemy is gone: the condition, asked again, fails while fight runs.
  bot.agent.decide["enemyVisible"] = 0;
  CHECK(bot.Tick(0.4) ==
        Tick{Status::Running, {"enemyVisible", "deactivate fight", "activate patrol", "tick patrol"}});
}

TEST_CASE("Unvanquished sequence: resumes at the running child; invert; a condition without a child succeeds",
          "[unvanquished]") {
  Bot bot("build.bt");
  INFO(bot.built.ErrorText());
  REQUIRE(bot.built.Ok());
  // The action's literal arguments, a leading '-' included, are its parameters.
  const bt::DeciderDef* move = bot.built.tree->Find("action moveTo@5:5");
  REQUIRE(move != nullptr);
  REQUIRE(move->Params().size() == 3);
  CHECK(move->Params()[0].number == 128);
  CHECK(move->Params()[1].number == -64.5);
  CHECK(std::string(move->Params()[2].text) == "reactor");

  bot.agent.decide["hasFunds"] = 1;
  CHECK(bot.Tick(0.0) == Tick{Status::Running, {"hasFunds", "underAttack", "activate moveTo", "tick moveTo"}});
  // Resumed at moveTo: the condition before it is not asked again.
  CHECK(bot.Tick(0.1) == Tick{Status::Running, {"tick moveTo"}});
  bot.agent.tick["moveTo"] = bt::Result::Done;
  bot.agent.tick["blocked"] = bt::Result::Failed;  // inverted: the spot is free
  CHECK(bot.Tick(0.2) == Tick{Status::Running,
                              {"tick moveTo", "deactivate moveTo", "activate blocked", "tick blocked",
                               "deactivate blocked", "activate build", "tick build"}});
  bot.agent.tick["build"] = bt::Result::Done;
  CHECK(bot.Tick(0.3) == Tick{Status::Done, {"tick build", "deactivate build"}});
  // From the start again; the funds are spent: the condition fails the sequence.
  bot.agent.decide["hasFunds"] = 0;
  CHECK(bot.Tick(0.4) == Tick{Status::NoBehavior, {"hasFunds"}});
  // Under attack: `!underAttack` fails; and a spot not free (blocked succeeds) fails too.
  bot.agent.decide["hasFunds"] = 1;
  bot.agent.decide["underAttack"] = 1;
  CHECK(bot.Tick(0.5) == Tick{Status::NoBehavior, {"hasFunds", "underAttack"}});
  bot.agent.decide["underAttack"] = 0;
  bot.agent.tick["blocked"] = bt::Result::Done;
  CHECK(bot.Tick(0.6) == Tick{Status::NoBehavior,
                              {"hasFunds", "underAttack", "activate moveTo", "tick moveTo", "deactivate moveTo",
                               "activate blocked", "tick blocked", "deactivate blocked"}});
}

TEST_CASE("Unvanquished timer: after its child fails, fails without ticking it until the delay has passed",
          "[unvanquished]") {
  Bot bot("heal.bt");
  INFO(bot.built.ErrorText());
  REQUIRE(bot.built.Ok());
  bot.agent.tick["heal"] = bt::Result::Failed;
  CHECK(bot.Tick(0.0) == Tick{Status::Running, {"activate heal", "tick heal", "deactivate heal", "activate wander",
                                                "tick wander"}});
  CHECK(bot.Tick(1.0) == Tick{Status::Running, {"tick wander"}});
  CHECK(bot.Tick(1.9) == Tick{Status::Running, {"tick wander"}});
  // 2000 ms after the failure: heal is tried again, and succeeds.
  bot.agent.tick["heal"] = bt::Result::Done;
  CHECK(bot.Tick(2.5) == Tick{Status::Done, {"activate heal", "tick heal", "deactivate heal", "deactivate wander"}});
  // A success sets no deadline.
  CHECK(bot.Tick(2.6) == Tick{Status::Done, {"activate heal", "tick heal", "deactivate heal"}});
}

TEST_CASE("Unvanquished timer: whole milliseconds, as the game adds them; below 0 the deadline is already past",
          "[unvanquished]") {
  const auto seconds = [](std::string_view text) {
    const bt::data::BuildResult built = bt::loaders::LoadUnvanquished(text, "t.bt", Bot::Registry());
    INFO(Errors(built));
    REQUIRE(built.Ok());
    return built.tree->Root().config.seconds;
  };
  CHECK(seconds("decorator timer( 1500.9 ) { action heal }") == 1.5f);
  CHECK(seconds("decorator timer( -2000 ) { action heal }") == 0.0f);
  CHECK(seconds("decorator timer( 0 ) { action heal }") == 0.0f);
  CHECK(Errors(bt::loaders::LoadUnvanquished("decorator timer( \"soon\" ) { action heal }", "t.bt", Bot::Registry())) ==
        "t.bt:1:18: expected a time in milliseconds (a number)");
}

TEST_CASE("Unvanquished fallback resumes at the running child; mapStatus maps each status", "[unvanquished]") {
  Bot bot("skirmish.bt");
  INFO(bot.built.ErrorText());
  REQUIRE(bot.built.Ok());
  bot.agent.tick["charge"] = bt::Result::Failed;
  bot.agent.tick["reload"] = bt::Result::Failed;  // mapped to RUNNING
  CHECK(bot.Tick(0.0) == Tick{Status::Running, {"activate charge", "tick charge", "deactivate charge",
                                                "activate reload", "tick reload", "deactivate reload"}});
  // Resumed at the mapStatus node (charge is not tried again); its child starts again.
  CHECK(bot.Tick(0.1) == Tick{Status::Running, {"activate reload", "tick reload", "deactivate reload"}});
  bot.agent.tick["reload"] = bt::Result::Done;  // mapped to FAILURE: on to melee
  CHECK(bot.Tick(0.2) == Tick{Status::Running, {"activate reload", "tick reload", "deactivate reload",
                                                "activate melee", "tick melee"}});
  CHECK(bot.Tick(0.3) == Tick{Status::Running, {"tick melee"}});
}

TEST_CASE("Unvanquished concurrent ticks every child; return(S) returns S whatever its child did", "[unvanquished]") {
  Bot bot("taunt.bt");
  INFO(bot.built.ErrorText());
  REQUIRE(bot.built.Ok());
  bot.agent.decide["alive"] = 1;
  // taunt runs, but return(STATUS_SUCCESS) ends it as a success.
  CHECK(bot.Tick(0.0) == Tick{Status::Running, {"activate look", "tick look", "activate taunt", "tick taunt",
                                                "deactivate taunt", "alive"}});
  CHECK(bot.Tick(0.1) == Tick{Status::Running, {"tick look", "activate taunt", "tick taunt", "deactivate taunt",
                                                "alive"}});
  // Dead: the condition fails, so does the concurrent node.
  bot.agent.decide["alive"] = 0;
  CHECK(bot.Tick(0.2) == Tick{Status::NoBehavior, {"tick look", "activate taunt", "tick taunt", "deactivate taunt",
                                                   "alive", "deactivate look"}});
}

// =============================================================== [SECTION] errors

TEST_CASE("Unvanquished malformed files give file:line:column and what was expected", "[unvanquished]") {
  CHECK(LoadError("bad/unterminated_comment.bt") == "bad/unterminated_comment.bt:2:19: unterminated comment");
  CHECK(LoadError("bad/unterminated_string.bt") == "bad/unterminated_string.bt:1:12: unterminated string");
  CHECK(LoadError("bad/unknown_keyword.bt") ==
        "bad/unknown_keyword.bt:3:5: unknown keyword 'sequnce': expected a node (selector, fallback, sequence, "
        "concurrent, action, condition, decorator or behavior)");
  // A missing '}' names the '{' it would close.
  CHECK(LoadError("bad/missing_brace.bt") ==
        "bad/missing_brace.bt:3:1: expected a node or '}' to close the '{' at line 1, column 10");
  CHECK(LoadError("bad/unclosed_condition_brace.bt") ==
        "bad/unclosed_condition_brace.bt:4:1: a condition holds exactly one node: expected '}' to close its '{' at "
        "line 2, column 21");
  CHECK(LoadError("bad/second_root.bt") ==
        "bad/second_root.bt:2:1: expected the end of the file: a file holds exactly one root node");
  CHECK(LoadError("bad/two_children.bt") ==
        "bad/two_children.bt:3:5: a condition holds exactly one node: expected '}' to close its '{' at line 1, column "
        "17");
  CHECK(LoadError("bad/unknown_decorator.bt") ==
        "bad/unknown_decorator.bt:2:15: unknown decorator 'repeat' (expected invert, return, mapStatus or timer)");
  CHECK(LoadError("bad/bad_condition.bt") ==
        "bad/bad_condition.bt:2:21: condition: expected an operand after '&&'");
  // An operator ending a line does not take the next line's node as its operand.
  CHECK(LoadError("bad/operator_at_line_end.bt") ==
        "bad/operator_at_line_end.bt:2:29: condition: expected an operand after '<'");
  // The '(' is named by its own line and column, not by its column in the condition.
  CHECK(LoadError("bad/unclosed_paren.bt") ==
        "bad/unclosed_paren.bt:4:5: condition: expected ')' to close the '(' at line 2, column 15");
}

TEST_CASE("Unvanquished errors of arity, names and limits", "[unvanquished]") {
  const auto error = [](std::string_view text) {
    return Errors(bt::loaders::LoadUnvanquished(text, "t.bt", Bot::Registry()));
  };
  CHECK(error("decorator timer { action heal }") == "t.bt:1:11: decorator 'timer' takes 1 argument, not 0");
  CHECK(error("decorator return(3) { action heal }") ==
        "t.bt:1:18: expected a status (STATUS_FAILURE, STATUS_SUCCESS, STATUS_RUNNING, or 0, 1, 2)");
  CHECK(error("action heal(1,)") == "t.bt:1:15: expected an argument (a number, a string or a name) after ','");
  CHECK(error("") == "t.bt:1:1: expected a node (selector, fallback, sequence, concurrent, action, condition, "
                     "decorator or behavior)");
  // Names are the builder's to check, placed at the name.
  CHECK(error("selector {\n  action patrl\n}") == "t.bt:2:10: decider action patrl@2:3: unknown action 'patrl' (closest: 'patrol')");
  CHECK(error("condition alve") == "t.bt:1:11: decider condition@1:1: condition: unknown function or constant 'alve' (closest: 'alive')");
  CHECK(error("action moveTo(1, 2)") == "t.bt:1:8: decider action moveTo@1:1: action 'moveTo' takes 3 arguments, given 2");
  // Every group reads its children as one list of at most 20 (ReadNodeList's MAX_NODE_LIST).
  for (const std::string group : {"selector", "fallback", "sequence", "concurrent"}) {
    std::string wide = group + " {";
    for (int i = 0; i < 21; ++i) wide += " action look";
    CHECK(error(wide + " }") == "t.bt:1:1: a " + group + " node has 21 children; at most 20 are allowed");
    wide = "sequence {\n  " + group + " {";
    for (int i = 0; i < 20; ++i) wide += " action look";
    CHECK(error(wide + " }\n}") == "(loaded)");
  }
  std::string wide;
  std::string deep;
  for (int i = 0; i < 1000; ++i) deep += "selector {\n";
  CHECK(error(deep) == "t.bt:201:1: nodes nested deeper than 200 levels");
  // Twenty children are allowed.
  wide = "concurrent {";
  for (int i = 0; i < 20; ++i) wide += " action look";
  CHECK(error(wide + " }") == "(loaded)");
}

TEST_CASE("Unvanquished lines end at LF, CRLF or a lone CR, as an editor shows them", "[unvanquished]") {
  for (const std::string eol : {"\n", "\r\n", "\r"}) {
    const std::string text = "sequence {" + eol + "  action heal" + eol + "  action heal(" + eol + "}" + eol;
    CHECK(Errors(bt::loaders::LoadUnvanquished(text, "t.bt", Bot::Registry())) == "t.bt:4:1: expected an argument or ')'");
  }
}

TEST_CASE("Unvanquished: every prefix of every file loads or gives one placed error", "[unvanquished]") {
  for (const char* file : {"guard.bt", "build.bt", "heal.bt", "skirmish.bt", "taunt.bt"}) {
    const std::string text = ReadData(file);
    for (std::size_t size = 0; size < text.size(); ++size) {
      const bt::data::BuildResult built = bt::loaders::LoadUnvanquished(text.substr(0, size), "cut.bt", Bot::Registry());
      INFO(file << " cut at " << size << ": " << Errors(built));
      CHECK((built.Ok() || (built.errors.size() == 1 && built.errors[0].message.rfind("cut.bt:", 0) == 0 &&
                            built.errors[0].line > 0 && built.errors[0].column > 0)));
    }
  }
  // Files with macros and includes too: the error may lie in an included file.
  for (const char* file : {"bots/default.bt", "bots/evolve.bt", "bots/defender.bt"}) {
    const std::string text = ReadData(file);
    for (std::size_t size = 0; size < text.size(); ++size) {
      const bt::data::BuildResult built =
          bt::loaders::LoadUnvanquishedText(text.substr(0, size), "bots/cut.bt", Bot::Registry(), DataFiles());
      INFO(file << " cut at " << size << ": " << Errors(built));
      CHECK((built.Ok() || (built.errors.size() == 1 && built.errors[0].message.rfind("bots/", 0) == 0 &&
                            built.errors[0].line > 0 && built.errors[0].column > 0)));
    }
  }
  // An empty group is refused by the builder (bt has no group without children).
  CHECK(Errors(bt::loaders::LoadUnvanquished("selector { }", "t.bt", Bot::Registry())) ==
        "t.bt:1:1: decider selector@1:1: a group decider with no children: give it at least one child");
}

// =============================================================== [SECTION] stubs

TEST_CASE("Unvanquished files load against stubs and list the names the game must provide", "[unvanquished]") {
  bt::data::Registry builtins;
  bt::data::RegisterBuiltinBehaviors(builtins);
  const bt::data::BuildResult built =
      bt::loaders::LoadUnvanquished(ReadData("guard.bt"), "guard.bt", builtins, {.stubUnknownNames = true});
  INFO(Errors(built));
  REQUIRE(built.Ok());
  std::vector<std::string> needed;
  for (const bt::data::Binding& binding : built.bindings)
    needed.push_back(std::string(bt::data::BindingKindName(binding.kind)) + " " + binding.name + "/" +
                     std::to_string(binding.arity) + (binding.stubbed ? " stubbed" : ""));
  std::sort(needed.begin(), needed.end());
  CHECK(needed == Events{"action fight/0 stubbed", "action patrol/0 stubbed", "value function enemyVisible/0 stubbed"});
  // The stub value is 0: no enemy, so the patrol stub runs.
  bt::data::StubRecording recording;
  bt::Memory<256> memory{};
  int agent = 0;
  CHECK(bt::TickBehaviorTree(built.tree->Root(), agent, memory, 0.0, 0.1f).status == Status::Running);
  CHECK(recording.Take() == Events{"activate patrol", "tick patrol"});
}

TEST_CASE("Unvanquished: a condition without a child loads without RegisterBuiltinBehaviors; a game's Succeed stays",
          "[unvanquished]") {
  const char* text = "sequence\n{\n\tcondition enemyVisible\n\taction fight\n}\n";
  bt::data::Registry game;  // the game's names only: no bt::data::RegisterBuiltinBehaviors
  BT_REGISTER_ACTION(game, "fight", void, test::TraceActivate, test::TraceTick, test::TraceDeactivate);
  BT_REGISTER_VALUE(game, "enemyVisible", Ask<kEnemyVisible>);
  Bot bot(bt::loaders::LoadUnvanquished(text, "t.bt", game));
  CHECK(Errors(bot.built) == "(loaded)");
  REQUIRE(bot.built.Ok());
  std::vector<std::string> bound;
  for (const bt::data::Binding& binding : bot.built.bindings)
    bound.push_back(std::string(bt::data::BindingKindName(binding.kind)) + " " + binding.name +
                    (binding.stubbed ? " stubbed" : ""));
  std::sort(bound.begin(), bound.end());
  CHECK(bound == Events{"action Succeed", "action fight", "value function enemyVisible"});
  bot.agent.decide["enemyVisible"] = 1;
  CHECK(bot.Tick(0.0) == Tick{Status::Running, {"enemyVisible", "activate fight", "tick fight"}});
  CHECK(game.FindAction("Succeed") == nullptr);  // the game's registry is not changed

  // A game that registers its own "Succeed" keeps it: the loader adds only what is missing.
  BT_REGISTER_ACTION(game, "Succeed", void, test::TraceActivate, test::TraceTick, test::TraceDeactivate);
  Bot own(bt::loaders::LoadUnvanquished(text, "t.bt", game));
  REQUIRE(own.built.Ok());
  own.agent.decide["enemyVisible"] = 1;
  own.agent.tick["Succeed"] = bt::Result::Done;
  CHECK(own.Tick(0.0) == Tick{Status::Running, {"enemyVisible", "activate Succeed", "tick Succeed", "deactivate Succeed",
                                                "activate fight", "tick fight"}});
}

TEST_CASE("Unvanquished nodes are named by what they run and where: TickResult, the debug lines, the why",
          "[unvanquished]") {
  const char* text = "selector\n{\n\tcondition enemyVisible\n\t{\n\t\taction fight\n\t}\n\taction patrol\n}\n";
  Bot bot(bt::loaders::LoadUnvanquished(text, "guard.bt", Bot::Registry()));
  REQUIRE(bot.built.Ok());
  struct Lines {
    std::vector<std::string> text;
    static void Add(const bt::DebugLine& line, void* user) { static_cast<Lines*>(user)->text.push_back(line.message); }
  } lines;
  const bt::DebugOutputSettings saved = bt::GetDebugOutput();
  bt::SetDebugOutput({.level = 1, .output = &Lines::Add, .user = &lines});
  bt::WhyRecord why;
  const bt::TickResult result =
      bt::TickBehaviorTree(bot.built.tree->Root(), bot.agent, bot.memory, 0.0, 0.1f, 0, 0, {.why = &why});
  bt::SetDebugOutput(saved);
  CHECK(result.status == Status::Running);
  REQUIRE(result.decider != nullptr);
  CHECK(std::string(result.decider->name) == "action patrol@7:2");
  char expected[160];
  std::snprintf(expected, sizeof expected,
                "activating behavior patrol/0x%x with flags 0x0, in decider action patrol@7:2/0x%x",
                bt::NameId("patrol"), bt::NameId("action patrol@7:2"));
  CHECK(lines.text == std::vector<std::string>{expected});
  char whyText[4096];
  bt::FormatWhy(why, whyText);
  CHECK(std::string(whyText).find("action patrol@7:2") != std::string::npos);
  CHECK(bot.built.tree->Find("condition@3:2") != nullptr);  // a condition runs an expression: its place names it
  CHECK(bot.built.tree->Find("action fight@5:3") != nullptr);
}

// =============================================================== [SECTION] the preprocessor and includes

TEST_CASE("Unvanquished preprocessor, includes and selectClass: every error placed, with what was expected",
          "[unvanquished]") {
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"bad/missing_behavior.bt",
       "bad/missing_behavior.bt:2:14: behavior 'attack': cannot find 'attack.bt' (beside bad/missing_behavior.bt or "
       "along the search path)"},
      {"bad/missing_include.bt",
       "bad/missing_include.bt:1:10: #include: cannot find 'common.bt' (beside bad/missing_include.bt or along the "
       "search path)"},
      {"bad/self.bt", "bad/self.bt:3:14: recursive behavior 'self': bad/self.bt -> bad/self.bt"},
      {"bad/recursive_a.bt",
       "bad/recursive_b.bt:4:14: recursive behavior 'recursive_a': bad/recursive_a.bt -> bad/recursive_b.bt -> "
       "bad/recursive_a.bt"},
      {"bad/includes_broken.bt", "bad/broken_child.bt:4:1: expected an argument or ')'"},
      {"bad/include_bad_defs.bt", "bad/bad_defs.h:2:19: #define PAIR: expected ',' or ')' after parameter 'b'"},
      {"bad/macro_arity.bt", "bad/macro_arity.bt:3:5: macro 'PAIR' takes 2 arguments, given 1"},
      {"bad/macro_no_arguments.bt",
       "bad/macro_no_arguments.bt:3:5: macro 'CALL' takes 1 argument: expected '(' after its name"},
      {"bad/define_no_name.bt", "bad/define_no_name.bt:1:9: #define: expected a macro name"},
      {"bad/define_twice.bt", "bad/define_twice.bt:1:18: #define TWICE: parameter 'a' given twice"},
      {"bad/unknown_directive.bt",
       "bad/unknown_directive.bt:1:1: unknown preprocessor directive '#pragma' (expected #define, #undef, #include, "
       "#ifdef, #ifndef, #else or #endif)"},
      {"bad/ifdef_open.bt", "bad/ifdef_open.bt:1:1: #ifdef without #endif"},
      {"bad/spawn_outside.bt", "bad/spawn_outside.bt:2:5: 'spawnAs' is only allowed inside selectClass"},
      {"bad/selectclass_inside.bt", "bad/selectclass_inside.bt:2:5: 'selectClass' is only allowed before the root node"},
      {"bad/spawn_string.bt",
       "bad/spawn_string.bt:2:13: expected a class or weapon after 'spawnAs' (a number or a name such as "
       "PCL_ALIEN_LEVEL0)"},
      {"bad/behavior_no_name.bt", "bad/behavior_no_name.bt:3:1: expected a behavior name after 'behavior'"},
      // A macro's text is placed at its use.
      {"bad/unclosed_macro.bt", "bad/unclosed_macro.bt:7:1: expected a node or '}' to close the '{' at line 3, column 10"},
      // Names are the builder's: unknown ones with the closest, arity against the registered signature.
      {"bad/unknown_action.bt", "bad/unknown_action.bt:2:12: decider action fght@2:5: unknown action 'fght' (closest: 'fight')"},
      {"bad/unknown_function.bt",
       "bad/unknown_function.bt:1:11: decider condition@1:1: condition: unknown function or constant 'enemyVisble' "
       "(closest: 'enemyVisible')"},
      {"bad/unknown_symbol.bt",
       "bad/unknown_symbol.bt:2:19: decider action moveTo@2:5: unknown constant 'E_GOL' (closest: 'E_GOAL')"},
      {"bad/arity.bt", "bad/arity.bt:2:12: decider action moveTo@2:5: action 'moveTo' takes 3 arguments, given 2"},
  };
  for (const auto& [file, message] : expected) {
    INFO(file);
    CHECK(LoadError(file) == message);
  }
  // An error in a macro's body placed at the use, in a condition too.
  const auto error = [](std::string_view text) {
    return Errors(bt::loaders::LoadUnvanquished(text, "t.bt", Bot::Registry()));
  };
  CHECK(error("#define SEEN enemyVisble\ncondition SEEN && alive") ==
        "t.bt:2:11: decider condition@2:1: condition: unknown function or constant 'enemyVisble' "
        "(closest: 'enemyVisible')");
  CHECK(error("#define A B B\n#define B A\naction A") == "t.bt:3:8: expected the end of the file: a file holds exactly one root node");
}

TEST_CASE("Unvanquished preprocessor: macros whose uses double at each level are bounded even when they expand "
          "to nothing", "[unvanquished]") {
  // M0() is M1()M1(), M1() is M2()M2(), ..., M23() is nothing: 2^23 expansions of no bytes.
  std::string text;
  for (int level = 0; level < 23; ++level)
    text += "#define M" + std::to_string(level) + "() M" + std::to_string(level + 1) + "()M" +
            std::to_string(level + 1) + "()\n";
  text += "#define M23()\nsequence {\n  M0()\n  action heal\n}\n";
  CHECK(Errors(bt::loaders::LoadUnvanquished(text, "t.bt", Bot::Registry())) ==
        "t.bt:26:3: the file expands to more than 1048576 bytes (macros that expand without end?)");
  // A file that is only large, without a macro, is told so.
  std::string large = "sequence {\n";
  while (large.size() <= bt::loaders::kMaxUnvanquishedExpandedBytes) large += "  action heal\n";
  large += "}\n";
  const std::string error = Errors(bt::loaders::LoadUnvanquished(large, "t.bt", Bot::Registry()));
  CHECK(error.find("the file and its includes hold more than 1048576 bytes") != std::string::npos);
  CHECK(error.find("macros") == std::string::npos);
}

TEST_CASE("Unvanquished preprocessor: defines with and without parameters, continuation, #ifdef, case-insensitive keywords",
          "[unvanquished]") {
  const bt::loaders::UnvanquishedParse parsed = bt::loaders::ParseUnvanquished(
      "#define RANGE 128\n"
      "#define GO(x, y) action moveTo( x, y, \"reactor\" )\n"
      "#define GUARDED(test, what) Condition test \\\n"
      "  { GO( what, RANGE ) }\n"
      "#ifndef FAST\n"
      "#define SPEED -64.5\n"
      "#else\n"
      "#define SPEED 1\n"
      "#endif\n"
      "SEQUENCE {\n"
      "  GUARDED( hasFunds /* a comment */, SPEED )\n"
      "  decorator INVERT { action blocked }\n"
      "}\n",
      "t.bt");
  INFO((parsed.errors.empty() ? std::string() : parsed.errors[0].message));
  REQUIRE(parsed.Ok());
  CHECK(parsed.spec.root == "sequence@10:1");
  std::vector<std::string> nodes;
  for (const bt::data::NodeSpec& node : parsed.spec.nodes) {
    std::string text = node.name + " " + node.action.name;
    for (const bt::data::ArgSpec& arg : node.action.args)
      text += " " + (arg.type == bt::ParamType::Number ? std::to_string(arg.number) : arg.text) + "@" +
              std::to_string(arg.where.line) + ":" + std::to_string(arg.where.column);
    if (!node.condition.Empty()) text += " if " + node.condition.text;
    nodes.push_back(text);
  }
  // The macro's nodes are placed at its use (11:3).
  CHECK(nodes == Events{"action moveTo@11:3 moveTo -64.500000@11:3 128.000000@11:3 reactor@11:3",
                        "condition@11:3  if hasFunds",
                        "action blocked@12:22 blocked", "decorator INVERT@12:3 ", "sequence@10:1 "});

  // The game predefines STATUS_FAILURE/SUCCESS/RUNNING (0, 1, 2) for botlib: in
  // expressions and #ifdef as well as in decorators; a file may define them again.
  const bt::loaders::UnvanquishedParse statuses = bt::loaders::ParseUnvanquished(
      "#ifdef STATUS_RUNNING\n"
      "condition STATUS_RUNNING == 2 && STATUS_FAILURE < STATUS_SUCCESS\n"
      "#endif\n",
      "s.bt");
  REQUIRE(statuses.Ok());
  REQUIRE(statuses.spec.nodes.size() == 1);
  CHECK(statuses.spec.nodes[0].condition.text == "2 == 2 && 0 < 1");
  const bt::loaders::UnvanquishedParse redefined =
      bt::loaders::ParseUnvanquished("#define STATUS_RUNNING 7\ncondition STATUS_RUNNING\n", "s.bt");
  REQUIRE(redefined.Ok());
  CHECK(redefined.spec.nodes[0].condition.text == "7");
}

TEST_CASE("Unvanquished behavior includes: loaded once, shared (a timer too), every file of the corpus loads",
          "[unvanquished]") {
  Bot bot("shared.bt");
  INFO(bot.built.ErrorText());
  REQUIRE(bot.built.Ok());
  // heal_later.bt's two nodes are in the tree once.
  CHECK(bot.built.tree->Deciders().size() == 6);
  CHECK(bot.built.tree->Find("decorator timer@heal_later.bt:2:1") != nullptr);
  bot.agent.tick["heal"] = bt::Result::Failed;
  bot.agent.tick["look"] = bt::Result::Done;
  // The timer failed heal through the first include: the second include fails without ticking it.
  CHECK(bot.Tick(0.0) == Tick{Status::Running, {"activate heal", "tick heal", "deactivate heal", "activate look",
                                                "tick look", "deactivate look", "activate wander", "tick wander"}});
  CHECK(bot.Tick(0.5) == Tick{Status::Running, {"activate look", "tick look", "deactivate look", "tick wander"}});
  CHECK(bot.Tick(1.5) == Tick{Status::Running, {"activate heal", "tick heal", "deactivate heal", "activate look",
                                                "tick look", "deactivate look", "tick wander"}});

  // A name is one behavior whichever file includes it: far_heal, found along the
  // search path, includes the bot's own heal_later, not the one beside it. The
  // timer failed heal through far_heal, so the second include fails at once.
  bt::loaders::LoadOptions byName = DataFiles();
  byName.searchPath = {"by_name_lib"};
  Bot named(bt::loaders::LoadUnvanquishedFile("by_name/root.bt", Bot::Registry(), byName));
  INFO(named.built.ErrorText());
  REQUIRE(named.built.Ok());
  named.agent.tick["heal"] = bt::Result::Failed;
  CHECK(named.Tick(0.0) == Tick{Status::Running, {"activate heal", "tick heal", "deactivate heal", "activate wander",
                                                  "tick wander"}});

  // One behavior twice in one group: the second include runs the same nodes (a
  // Decorator that maps nothing around them), so it resumes where the first runs.
  Bot twice("twice.bt");
  INFO(twice.built.ErrorText());
  REQUIRE(twice.built.Ok());
  twice.agent.tick["heal"] = bt::Result::Done;
  // Under a concurrent each include keeps its own memory: the second activates
  // wander in its own slot.
  CHECK(twice.Tick(0.0) == Tick{Status::Running, {"activate heal", "tick heal", "deactivate heal", "activate wander",
                                                  "tick wander", "activate wander", "tick wander"}});
  CHECK(twice.Tick(0.1) == Tick{Status::Running, {"tick wander", "tick wander"}});

  // The corpus: bots with includes, a shared #define file, every decorator, concurrent, selectClass.
  for (const char* file : {"bots/default.bt", "bots/unstick.bt", "bots/builder.bt", "bots/repair.bt",
                           "bots/use_medkit.bt", "bots/defender.bt", "bots/fight_or_flight.bt", "bots/medic.bt",
                           "bots/healer.bt", "bots/attacker.bt", "bots/evolve.bt", "bots/rusher.bt",
                           "bots/camper.bt", "bots/talker.bt", "bots/ammo.bt"}) {
    const bt::loaders::UnvanquishedBot loaded = bt::loaders::LoadUnvanquishedBot(file, Bot::Registry(), DataFiles());
    INFO(file << ": " << Errors(loaded.behavior) << " " << Errors(loaded.selectClass));
    CHECK(loaded.behavior.Ok());
    CHECK((loaded.selectClass.Ok() || loaded.selectClass.errors.empty()));
  }
  // medic includes use_medkit directly and through defender: its condition is written once.
  const bt::loaders::UnvanquishedParse medic = bt::loaders::ParseUnvanquishedFile("bots/medic.bt", DataFiles());
  REQUIRE(medic.Ok());
  std::vector<std::string> medkit;
  for (const bt::data::NodeSpec& node : medic.spec.nodes)
    if (node.name.find("use_medkit") != std::string::npos) medkit.push_back(node.name);
  CHECK(medkit == Events{"action activateUpgrade@bots/use_medkit.bt:6:2", "condition@bots/use_medkit.bt:4:1"});
  std::size_t namingIt = 0;
  for (const bt::data::NodeSpec& node : medic.spec.nodes)
    for (const bt::data::ChildSpec& child : node.children) namingIt += child.name == "condition@bots/use_medkit.bt:4:1";
  CHECK(namingIt == 2);
}

// =============================================================== [SECTION] selectClass

TEST_CASE("Unvanquished selectClass: a second tree whose spawnAs leaves run the game's action", "[unvanquished]") {
  const bt::loaders::UnvanquishedBot bot = bt::loaders::LoadUnvanquishedBot("bots/default.bt", Bot::Registry(), DataFiles());
  INFO(Errors(bot.behavior) << " " << Errors(bot.selectClass));
  REQUIRE(bot.behavior.Ok());
  REQUIRE(bot.selectClass.Ok());
  const bt::DeciderDef* builder = bot.selectClass.tree->Find("spawnAs@14:6");
  REQUIRE(builder != nullptr);
  CHECK(builder->Params()[0].number == 14);  // PCL_ALIEN_BUILDER0
  test::TraceAgent agent;
  bt::Memory<512> memory{};
  agent.decide["team"] = 12;  // TEAM_ALIENS
  agent.tick["spawnAs"] = bt::Result::Done;
  const test::Ticked ticked = test::Tick(bot.selectClass.tree->Root(), agent, memory, 0.0);
  CHECK(ticked.result.status == Status::Done);
  CHECK(ticked.events == Events{"team", "numOurBuildings", "activate spawnAs", "tick spawnAs", "deactivate spawnAs"});
  // A file without the block: no second tree, no error.
  const bt::loaders::UnvanquishedBot plain = bt::loaders::LoadUnvanquishedBot("guard.bt", Bot::Registry(), DataFiles());
  CHECK(plain.behavior.Ok());
  CHECK((plain.selectClass.tree == nullptr && plain.selectClass.errors.empty()));
}

// Unvanquished keeps one running path per bot, cleared only when a node on it
// succeeds; a sequence resumes at its child on that path even after the
// sequence failed. bt's Sequence forgets its place when it ends. This is bt's trace.
// =============================================================== [SECTION] the running path

TEST_CASE("Unvanquished running path: a sequence whose running child failed starts at that child again",
          "[unvanquished]") {
  Bot bot("resume.bt");
  INFO(bot.built.ErrorText());
  REQUIRE(bot.built.Ok());
  bot.agent.tick["look"] = bt::Result::Done;
  CHECK(bot.Tick(0.0) == Tick{Status::Running, {"activate look", "tick look", "deactivate look", "activate fight",
                                                "tick fight"}});
  bot.agent.tick["fight"] = bt::Result::Failed;
  CHECK(bot.Tick(0.1) == Tick{Status::NoBehavior, {"tick fight", "deactivate fight"}});
  // fight failed but stays on the running path (FAILURE does not clear it): the
  // sequence starts at fight, not at look: the game's sequence resumes at the running path's child.
  CHECK(bot.Tick(0.2) == Tick{Status::NoBehavior, {"activate fight", "tick fight", "deactivate fight"}});
  // fight succeeds: a node on the path succeeded, the path is cleared.
  bot.agent.tick["fight"] = bt::Result::Done;
  CHECK(bot.Tick(0.3) == Tick{Status::Done, {"activate fight", "tick fight", "deactivate fight"}});
  bot.agent.tick["look"] = bt::Result::Running;
  CHECK(bot.Tick(0.4) == Tick{Status::Running, {"activate look", "tick look"}});
}

TEST_CASE("Unvanquished running path: a fallback starts at its last child on the path", "[unvanquished]") {
  Bot bot("resume_fallback.bt");
  INFO(bot.built.ErrorText());
  REQUIRE(bot.built.Ok());
  bot.agent.tick["look"] = bt::Result::Failed;
  CHECK(bot.Tick(0.0) == Tick{Status::Running, {"activate look", "tick look", "deactivate look", "activate fight",
                                                "tick fight"}});
  bot.agent.tick["fight"] = bt::Result::Failed;
  CHECK(bot.Tick(0.1) == Tick{Status::NoBehavior, {"tick fight", "deactivate fight"}});
  // look is not tried again: fight is still on the path.
  CHECK(bot.Tick(0.2) == Tick{Status::NoBehavior, {"activate fight", "tick fight", "deactivate fight"}});
}

TEST_CASE("Unvanquished running path: one running leaf; under a concurrent a later one takes a sequence's place",
          "[unvanquished]") {
  Bot bot("resume_concurrent.bt");
  INFO(bot.built.ErrorText());
  REQUIRE(bot.built.Ok());
  bot.agent.tick["look"] = bt::Result::Done;
  CHECK(bot.Tick(0.0) == Tick{Status::Running, {"activate look", "tick look", "deactivate look", "activate fight",
                                                "tick fight", "activate taunt", "tick taunt"}});
  // taunt ran last: the path is [taunt, concurrent]; fight is not on it, so the
  // sequence starts at look again, as BotSequenceNode does.
  CHECK(bot.Tick(0.1) == Tick{Status::Running, {"deactivate fight", "activate look", "tick look", "deactivate look",
                                                "activate fight", "tick fight", "tick taunt"}});
}
