// tests/loaders/dragengine/dragengine_loader_test.cpp — Drag[en]gine behavior-tree XML loaded from
// tests/data/dragengine/ (and inline texts), built against recording actions and
// conditions and ticked: each step's calls are the ones Drag[en]gine's
// own behavior trees make; every malformed file gives its exact error.
//
// Index
//   [SECTION] the corpus and its errors — every file loads; every malformed file gives its error
//   [SECTION] the rules, step by step — sequence, choice, action, conditions, subtree
//   [SECTION] run-away steps — the engine's bound on rule runs in a step
//   [SECTION] saving and restoring at a rule — the current rule id, ResumeAt
//   [SECTION] hostile input — line ends, huge files
#include <catch2/catch.hpp>

#include <algorithm>
#include <deque>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "bt/bt.h"
#include "bt/data/registry.h"
#include "bt/loaders/dragengine/dragengine.h"
#include "bt/engine/resume_at.h"

namespace {

using bt::Status;
using Events = std::vector<std::string>;
constexpr const char* kData = "tests/data/dragengine/";

// The game of the tests: actions answer their script, call by call (the last
// result repeating; none: Running); conditions answer `cond` (unset: false). Every
// call is recorded with the rule's parameters, "tick wander(chance=0.25)".
struct Agent {
  Events events;
  std::map<std::string, std::deque<bt::Result>> results;
  std::map<std::string, bool> cond;
  std::set<std::string> missing;  // actions the game no longer has: they fail, unrecorded
};

std::string WithParams(std::string text, std::span<const bt::Param> params) {
  std::string list;
  for (const bt::Param& p : params)
    if (p.name != nullptr && p.type == bt::ParamType::Text) list += (list.empty() ? "" : ",") + std::string(p.name) + "=" + p.text;
  return list.empty() ? text : text + "(" + list + ")";
}
const char* ActionName(const bt::Context& ctx) { return ctx.decider->behavior->name; }

bool Activate(Agent& agent, const bt::Context& ctx) {
  if (agent.missing.count(ActionName(ctx)) != 0) return false;
  agent.events.push_back(WithParams(std::string("activate ") + ActionName(ctx), ctx.decider->Params()));
  return true;
}
bt::Result Tick(Agent& agent, const bt::Context& ctx) {
  agent.events.push_back(WithParams(std::string("tick ") + ActionName(ctx), ctx.decider->Params()));
  std::deque<bt::Result>& script = agent.results[ActionName(ctx)];
  if (script.empty()) return bt::Result::Running;
  const bt::Result result = script.front();
  if (script.size() > 1) script.pop_front();
  return result;
}
void Deactivate(Agent& agent, const bt::Context& ctx) {
  if (agent.missing.count(ActionName(ctx)) != 0) return;
  agent.events.push_back(std::string("deactivate ") + ActionName(ctx));
}

template <const char* Name>
bool Ask(Agent& agent, const bt::DecideContext& ctx) {
  agent.events.push_back(WithParams(Name, ctx.Params()));
  return agent.cond[Name];
}

#define DRAG_CONDITIONS(X)                                                                                         \
  X(ready) X(ok) X(c1) X(c2) X(playerNearby) X(playerNotNearby) X(enemyVisible) X(hasCrops) X(isNight)              \
      X(wheatRipe) X(cornRipe) X(hasParcel) X(parcelWaiting) X(blinded) X(asleep) X(radioWorks) X(hasArrows)       \
          X(hasPickaxe) X(lampLit) X(customerPresent) X(unlocked)
#define DRAG_CONDITION_NAME(N) constexpr char k_##N[] = #N;
DRAG_CONDITIONS(DRAG_CONDITION_NAME)

bt::data::Registry MakeRegistry() {
  bt::data::Registry registry;
  bt::data::RegisterBuiltinBehaviors(registry);
  for (const char* name : {"a", "b", "d", "wander", "turning", "wait", "flee", "backOff", "shout", "fight", "moveTo",
                           "look", "sell", "reap", "pickUp", "carry", "radio", "track", "shoot", "stab", "cut", "dig",
                           "offer", "accept", "open"})
    BT_REGISTER_ACTION(registry, name, void, Activate, Tick, Deactivate);
#define DRAG_REGISTER_CONDITION(N) BT_REGISTER_CONDITION(registry, #N, Ask<k_##N>);
  DRAG_CONDITIONS(DRAG_REGISTER_CONDITION)
  return registry;
}
const bt::data::Registry& Registry() {
  static const bt::data::Registry registry = MakeRegistry();
  return registry;
}

std::string Errors(const bt::data::BuildResult& built) {
  if (built.Ok()) return "(loaded)";
  std::string text;
  for (const bt::data::BuildError& error : built.errors) text += (text.empty() ? "" : "\n") + error.message;
  return text;
}

struct Step {
  Status status;
  Events events;
  bool operator==(const Step&) const = default;
};
std::ostream& operator<<(std::ostream& out, const Step& step) {
  out << bt::StatusName(step.status) << " {";
  for (const std::string& e : step.events) out << " \"" << e << "\"";
  return out << " }";
}

struct Npc {
  bt::data::BuildResult built;
  Agent agent;
  bt::Memory<2048> memory{};
  double time = 0;

  explicit Npc(bt::data::BuildResult result) : built(std::move(result)) {
    INFO(Errors(built));
    REQUIRE(built.Ok());
    REQUIRE(bt::MemoryBytesFor(built.tree->Root()) <= sizeof memory);
  }
  static Npc File(const std::string& name) {
    return Npc(bt::loaders::LoadDragengineFile(kData + name, Registry()));
  }
  static Npc Text(const std::string& xml) { return Npc(bt::loaders::LoadDragengine(xml, "inline.xml", Registry())); }

  Step Tick() {
    time += 0.1;
    const bt::TickResult result = bt::TickBehaviorTree(built.tree->Root(), agent, memory, time, 0.1f);
    Step step{result.status, agent.events};
    agent.events.clear();
    return step;
  }
  std::string Current() const { return bt::loaders::DragengineCurrentRuleId(built.tree->Root(), memory.Span()); }
  void Results(const std::string& action, std::deque<bt::Result> results) { agent.results[action] = std::move(results); }
};

constexpr bt::Result S = bt::Result::Done;
constexpr bt::Result F = bt::Result::Failed;
constexpr bt::Result R = bt::Result::Running;

}  // namespace

// =============================================================== [SECTION] the corpus and its errors

TEST_CASE("Drag[en]gine corpus: every file loads, ids prefixed as the engine's loader does", "[dragengine]") {
  for (const char* file : {"wander.xml", "guard.xml", "farmer.xml", "courier.xml", "sentry.xml", "hunter.xml",
                           "miner.xml", "merchant.xml", "door.xml", "tasks/harvest.xml",
                           "shared/report.xml", "shared/skin.xml"}) {
    INFO(file);
    const bt::data::BuildResult built = bt::loaders::LoadDragengineFile(kData + std::string(file), Registry());
    CHECK(Errors(built) == "(loaded)");
  }
  // A subtree file may hold several rules; loaded as the main file it may not.
  CHECK(Errors(bt::loaders::LoadDragengineFile(kData + std::string("patrol/route.xml"), Registry())) ==
        std::string(kData) + "patrol/route.xml:10:2: a second rule in <behaviorTree> (the first at " + kData +
            "patrol/route.xml:4:2): it holds exactly one");
  const bt::data::BuildResult guard = bt::loaders::LoadDragengineFile(kData + std::string("guard.xml"), Registry());
  REQUIRE(guard.Ok());
  for (const char* id : {"guard", "guard.alarm", "guard.alarm.shout", "guard.alarm.fight", "patrol", "patrol.walk",
                         "patrol.walk.toGate", "patrol.look", "patrol.look.left", "patrol.look.pause",
                         "patrol.look.right", "patrol.rest"})
    CHECK(guard.tree->Find(id) != nullptr);
  const bt::data::BuildResult hunter = bt::loaders::LoadDragengineFile(kData + std::string("hunter.xml"), Registry());
  REQUIRE(hunter.Ok());
  // '.track' in a sequence without an id takes the nearest id; nested subtree prefixes accumulate.
  for (const char* id : {"hunt", "hunt.track", "hunt.strike", "hunt.strike.bow", "hunt.strike.knife", "trophy",
                         "trophy.skin", "trophy.skin.cut", "trophy.carry", "trophy.carry.home", "sequence@4:3"})
    CHECK(hunter.tree->Find(id) != nullptr);
  // One file twice as two subtrees: its rules under each prefix.
  const bt::data::BuildResult door = bt::loaders::LoadDragengineFile(kData + std::string("door.xml"), Registry());
  REQUIRE(door.Ok());
  CHECK(door.tree->Find("left.home") != nullptr);
  CHECK(door.tree->Find("right.home") != nullptr);
  CHECK(door.tree->Find("action open@6:3") != nullptr);
  // A subtree is the sequence it runs: a '.x' id at its file's top, or under a
  // sequence without an id there, takes the subtree's id, or the id nearest it
  // when it has none. So one file with '.x' ids loads twice.
  const bt::data::BuildResult dotted = bt::loaders::LoadDragengineFile(kData + std::string("dotted.xml"), Registry());
  INFO(Errors(dotted));
  REQUIRE(dotted.Ok());
  for (const char* id : {"near.look", "near.step", "far.look", "far.step", "watch.look", "watch.step"})
    CHECK(dotted.tree->Find(id) != nullptr);
  CHECK(dotted.tree->Find(".look") == nullptr);
}

TEST_CASE("Drag[en]gine errors: each malformed file gives its one exact error", "[dragengine]") {
  const std::string bad = std::string(kData) + "bad/";
  const std::pair<const char*, std::string> cases[] = {
      {"unknown_tag.xml", "4:5: unknown tag <wait> in <sequence>"},
      {"two_rules.xml", "3:3: a second rule in <behaviorTree> (the first at " + bad + "two_rules.xml:2:3): it holds exactly one"},
      {"no_rule.xml", "1:1: <behaviorTree> holds no rule"},
      {"bad_condition_mode.xml", "3:5: invalid conditionMode 'someTrue': expected allTrue, anyTrue, anyFalse or allFalse"},
      {"two_condition_modes.xml", "4:5: <conditionMode> given twice"},
      {"duplicate_id.xml", "5:7: duplicate rule id 's.a' (first at " + bad + "duplicate_id.xml:3:5)"},
      {"missing_subtree.xml", "3:5: subtree file 'missing/none.xml' not found"},
      {"malformed.xml", "4:3: malformed XML: </sequence> closes <action>, opened at line 3, column 5"},
      {"bad_loop.xml", "2:3: <sequence> loop=\"yes\": expected true or false"},
      {"bad_do_not_fail.xml", "2:3: <action> doNotFail=\"1\": expected true or false"},
      {"action_without_name.xml", "2:3: <action> without a name"},
      {"wrong_root.xml", "1:1: unknown tag <tree>: expected <behaviorTree>"},
      {"parameter_without_name.xml", "3:5: <parameter> without a name"},
      {"empty_condition.xml", "3:5: <condition> without a name"},
      {"empty_id.xml", "2:3: an empty id"},
      {"subtree_without_file.xml", "3:5: <subtree> without a file"},
      {"rule_in_action.xml", "3:5: unknown tag <sequence> in <action>"},
      {"unknown_action.xml", "2:3: decider action teleport@2:3: unknown action 'teleport'"},
  };
  for (const auto& [file, message] : cases) {
    INFO(file);
    CHECK(Errors(bt::loaders::LoadDragengineFile(bad + file, Registry())) == bad + file + ":" + message);
  }
  // Errors in a subtree file name that file; recursion names the chain.
  CHECK(Errors(bt::loaders::LoadDragengineFile(bad + "bad_subtree_content.xml", Registry())) ==
        bad + "bad_in_subtree.xml:3:3: unknown tag <choise> in <behaviorTree>");
  CHECK(Errors(bt::loaders::LoadDragengineFile(bad + "loop_a.xml", Registry())) ==
        bad + "loop_b.xml:4:5: subtree recursion: " + bad + "loop_a.xml -> " + bad + "loop_b.xml -> " + bad + "loop_a.xml");
  CHECK(Errors(bt::loaders::LoadDragengine("<behaviorTree>\n <success id='" + std::string(193, 'x') + "'/></behaviorTree>",
                                           "long.xml", Registry())) ==
        "long.xml:2:2: an id of 193 bytes (prefixes included), more than 192");
  CHECK(Errors(bt::loaders::LoadDragengineFile(bad + "none.xml", Registry())) == bad + "none.xml:1:1: cannot read the file");
}

// =============================================================== [SECTION] the rules, step by step

TEST_CASE("Drag[en]gine sequence: conditions on entry and after each child success; doNotFail; loop",
          "[dragengine]") {
  Npc npc = Npc::Text(
      "<behaviorTree><sequence id='s'>\n<condition>ready</condition>\n"
      "<action id='a' name='a'/><action id='b' name='b'/></sequence></behaviorTree>");
  // Conditions false on entry: the sequence fails, no child runs.
  CHECK(npc.Tick() == Step{Status::NoBehavior, {"ready"}});
  npc.agent.cond["ready"] = true;
  CHECK(npc.Tick() == Step{Status::Running, {"ready", "activate a", "tick a"}});
  CHECK(npc.Current() == "a");
  // A step runs the current rule only: the sequence's conditions are not asked.
  CHECK(npc.Tick() == Step{Status::Running, {"tick a"}});
  npc.Results("a", {S});
  CHECK(npc.Tick() == Step{Status::Running, {"tick a", "deactivate a", "ready", "activate b", "tick b"}});
  npc.Results("b", {S});
  CHECK(npc.Tick() == Step{Status::Done, {"tick b", "deactivate b", "ready"}});
  CHECK(npc.Current() == "");
  // The next step starts at the root; a condition turned false after a child's success fails it.
  npc.Results("a", {R, S});
  CHECK(npc.Tick() == Step{Status::Running, {"ready", "activate a", "tick a"}});
  npc.agent.cond["ready"] = false;
  CHECK(npc.Tick().events == Events{"tick a", "deactivate a", "ready"});
  // A child failure fails the sequence without asking the conditions.
  npc.agent.cond["ready"] = true;
  npc.Results("a", {F});
  CHECK(npc.Tick().events == Events{"ready", "activate a", "tick a", "deactivate a"});

  Npc looping = Npc::Text(
      "<behaviorTree><sequence id='s' loop='true' doNotFail='true'><condition>ready</condition>"
      "<action id='a' name='a'/><action id='b' name='b'/></sequence></behaviorTree>");
  looping.agent.cond["ready"] = true;
  looping.Results("a", {S, R});
  CHECK(looping.Tick() == Step{Status::Running,
                               {"ready", "activate a", "tick a", "deactivate a", "ready", "activate b", "tick b"}});
  // After the last child: the conditions once, then the first child again.
  looping.Results("b", {S});
  CHECK(looping.Tick() == Step{Status::Running, {"tick b", "deactivate b", "ready", "activate a", "tick a"}});
  CHECK(looping.Current() == "a");
  // A child fails: the sequence fails, and doNotFail makes it a success.
  looping.Results("a", {F});
  CHECK(looping.Tick() == Step{Status::Done, {"tick a", "deactivate a"}});
  looping.agent.cond["ready"] = false;
  CHECK(looping.Tick() == Step{Status::Done, {"ready"}});
}

TEST_CASE("Drag[en]gine choice: a failure moves on only while the conditions hold; loop", "[dragengine]") {
  Npc npc = Npc::Text(
      "<behaviorTree><choice id='c'><condition>ready</condition><action id='a' name='a'/>"
      "<action id='b' name='b'/><action id='d' name='d'/></choice></behaviorTree>");
  npc.agent.cond["ready"] = true;
  npc.Results("a", {F});
  CHECK(npc.Tick() == Step{Status::Running,
                           {"ready", "activate a", "tick a", "deactivate a", "ready", "activate b", "tick b"}});
  npc.Results("b", {F});
  npc.agent.cond["ready"] = false;
  CHECK(npc.Tick().events == Events{"tick b", "deactivate b", "ready"});  // d is not tried
  npc.agent.cond["ready"] = true;
  npc.Results("d", {F});
  // After the last child fails the conditions are not asked again.
  CHECK(npc.Tick().events == Events{"ready", "activate a", "tick a", "deactivate a", "ready", "activate b", "tick b",
                                    "deactivate b", "ready", "activate d", "tick d", "deactivate d"});
  npc.Results("a", {S});
  CHECK(npc.Tick() == Step{Status::Done, {"ready", "activate a", "tick a", "deactivate a"}});

  Npc looping = Npc::Text(
      "<behaviorTree><choice id='c' loop='true'><condition>ready</condition><action id='a' name='a'/>"
      "<action id='b' name='b'/></choice></behaviorTree>");
  looping.agent.cond["ready"] = true;
  looping.Results("a", {F, R});
  CHECK(looping.Tick().events ==
        Events{"ready", "activate a", "tick a", "deactivate a", "ready", "activate b", "tick b"});
  // A success with loop: the conditions, then the first child again.
  looping.Results("b", {S, F});
  CHECK(looping.Tick() == Step{Status::Running, {"tick b", "deactivate b", "ready", "activate a", "tick a"}});
  looping.Results("a", {F});
  looping.agent.cond["ready"] = false;
  CHECK(looping.Tick().events == Events{"tick a", "deactivate a", "ready"});
}

TEST_CASE("Drag[en]gine action: its conditions at every run interrupt it; parameters reach both", "[dragengine]") {
  Npc npc = Npc::Text(
      "<behaviorTree><sequence id='s'><action id='go' name='a'><parameter name='speed'>2</parameter>"
      "<condition>ok</condition></action><action id='b' name='b'/></sequence></behaviorTree>");
  npc.agent.cond["ok"] = true;
  CHECK(npc.Tick() == Step{Status::Running, {"ok(speed=2)", "activate a(speed=2)", "tick a(speed=2)"}});
  CHECK(npc.Tick() == Step{Status::Running, {"ok(speed=2)", "tick a(speed=2)"}});
  npc.agent.cond["ok"] = false;
  CHECK(npc.Tick().events == Events{"ok(speed=2)", "deactivate a"});
  // An action the game no longer has fails the rule.
  npc.agent.cond["ok"] = true;
  npc.agent.missing.insert("a");
  CHECK(npc.Tick().events == Events{"ok(speed=2)"});
}

TEST_CASE("Drag[en]gine success, running, yield, failure", "[dragengine]") {
  Npc npc = Npc::Text(
      "<behaviorTree><sequence id='s'><success id='ok'><condition>c1</condition></success><yield id='y'/>"
      "<running id='r'><condition>c2</condition></running><failure/></sequence></behaviorTree>");
  npc.agent.cond["c1"] = true;
  npc.agent.cond["c2"] = true;
  CHECK(npc.Tick() == Step{Status::Running, {"c1"}});  // yield: running once
  CHECK(npc.Current() == "y");
  CHECK(npc.Tick() == Step{Status::Running, {"c2"}});  // then success; running while c2 holds
  CHECK(npc.Current() == "r");
  CHECK(npc.Tick() == Step{Status::Running, {"c2"}});
  npc.agent.cond["c2"] = false;
  CHECK(npc.Tick().events == Events{"c2"});
  npc.agent.cond["c1"] = false;
  CHECK(npc.Tick().events == Events{"c1"});

  Npc failing = Npc::Text("<behaviorTree><sequence><success/><failure><condition>c1</condition></failure>"
                          "<action name='a'/></sequence></behaviorTree>");
  CHECK(failing.Tick().events == Events{});  // failure fails without asking its conditions
}

TEST_CASE("Drag[en]gine success, yield and failure load without RegisterBuiltinBehaviors", "[dragengine]") {
  bt::data::Registry game;  // the game's names only: the loader adds Succeed, Fail, Halt and Yield
  BT_REGISTER_ACTION(game, "a", void, Activate, Tick, Deactivate);
  Npc npc(bt::loaders::LoadDragengine(
      "<behaviorTree><sequence><success/><yield/><action name='a'/><failure/></sequence></behaviorTree>", "inline.xml",
      game));
  std::vector<std::string> bound;
  for (const bt::data::Binding& binding : npc.built.bindings)
    bound.push_back(std::string(bt::data::BindingKindName(binding.kind)) + " " + binding.name);
  std::sort(bound.begin(), bound.end());
  CHECK(bound == Events{"action Fail", "action Succeed", "action Yield", "action a"});
  CHECK(npc.Tick() == Step{Status::Running, {}});  // yield: running once
  npc.Results("a", {S});
  CHECK(npc.Tick() == Step{Status::NoBehavior, {"activate a", "tick a", "deactivate a"}});  // then failure
}

TEST_CASE("Drag[en]gine conditions in every mode, asked in order as far as the mode needs", "[dragengine]") {
  Npc npc = Npc::File("wander.xml");
  npc.agent.cond["playerNotNearby"] = true;
  CHECK(npc.Tick() == Step{Status::Running, {"playerNearby(chance=0.25)", "activate wander(chance=0.25)",
                                             "tick wander(chance=0.25)"}});
  CHECK(npc.Current() == "wander");
  CHECK(npc.Tick() == Step{Status::Running, {"playerNearby(chance=0.25)", "tick wander(chance=0.25)"}});
  // allFalse: the player comes near; wander is interrupted, the choice moves on to flee.
  npc.agent.cond["playerNearby"] = true;
  npc.agent.cond["playerNotNearby"] = false;
  CHECK(npc.Tick() == Step{Status::Running,
                           {"playerNearby(chance=0.25)", "deactivate wander", "playerNotNearby(chance=0.35)",
                            "playerNotNearby(chance=1)", "playerNearby", "activate flee", "tick flee"}});
  CHECK(npc.Current() == "flee");

  Npc courier = Npc::File("courier.xml");  // anyTrue: stops at the first true
  courier.agent.cond["parcelWaiting"] = true;
  CHECK(courier.Tick() == Step{Status::Running, {"hasParcel", "parcelWaiting", "parcelWaiting", "activate pickUp",
                                                 "tick pickUp"}});
  courier.Results("pickUp", {S, F});
  courier.agent.cond["hasParcel"] = true;
  // loop: the choice's conditions (hasParcel true: enough), pickUp again (fails), the
  // conditions again, then carry.
  CHECK(courier.Tick() == Step{Status::Running,
                               {"parcelWaiting", "tick pickUp", "deactivate pickUp", "hasParcel", "parcelWaiting",
                                "activate pickUp", "tick pickUp", "deactivate pickUp", "hasParcel", "hasParcel",
                                "activate carry", "tick carry"}});
  // carry's own condition turns false: it is interrupted, the choice has no next child.
  courier.agent.cond["hasParcel"] = false;
  CHECK(courier.Tick().events == Events{"hasParcel", "deactivate carry"});

  Npc miner = Npc::File("miner.xml");  // allTrue over two conditions on a looping sequence
  miner.agent.cond["hasPickaxe"] = true;
  miner.agent.cond["lampLit"] = true;
  CHECK(miner.Tick() == Step{Status::Running, {"hasPickaxe", "lampLit", "activate dig", "tick dig"}});
  miner.Results("dig", {S, R});
  CHECK(miner.Tick() == Step{Status::Running,
                             {"tick dig", "deactivate dig", "hasPickaxe", "lampLit", "activate carry", "tick carry"}});
  miner.Results("carry", {S});
  CHECK(miner.Tick() == Step{Status::Running,
                             {"tick carry", "deactivate carry", "hasPickaxe", "lampLit", "activate dig", "tick dig"}});
  miner.Results("dig", {S});
  miner.agent.cond["hasPickaxe"] = false;
  CHECK(miner.Tick().events == Events{"tick dig", "deactivate dig", "hasPickaxe"});

  Npc sentry = Npc::File("sentry.xml");  // anyFalse on an action with doNotFail
  sentry.agent.cond["blinded"] = true;
  sentry.agent.cond["asleep"] = true;
  sentry.agent.cond["radioWorks"] = true;
  // scan's conditions fail (neither is false): doNotFail makes it a success; yield runs once.
  CHECK(sentry.Tick() == Step{Status::Running, {"blinded", "asleep"}});
  CHECK(sentry.Tick() == Step{Status::Running, {"radioWorks", "activate radio", "tick radio"}});
  CHECK(sentry.Current() == "report.radio.call");
}

TEST_CASE("Drag[en]gine subtree: the file's top-level rules as a sequence", "[dragengine]") {
  Npc npc = Npc::File("guard.xml");
  CHECK(npc.Tick() == Step{Status::Running, {"enemyVisible", "activate moveTo(moveTo.target=gate)",
                                             "tick moveTo(moveTo.target=gate)"}});
  CHECK(npc.Current() == "patrol.walk.toGate");
  npc.Results("moveTo", {S});
  npc.Results("look", {R});
  CHECK(npc.Tick() == Step{Status::Running, {"tick moveTo(moveTo.target=gate)", "deactivate moveTo",
                                             "activate look(look.direction=left)", "tick look(look.direction=left)"}});
  npc.Results("look", {S, R});
  CHECK(npc.Tick() == Step{Status::Running, {"tick look(look.direction=left)", "deactivate look"}});
  CHECK(npc.Current() == "patrol.look.pause");
  CHECK(npc.Tick() == Step{Status::Running,
                           {"activate look(look.direction=right)", "tick look(look.direction=right)"}});
  npc.Results("look", {S});
  CHECK(npc.Tick() == Step{Status::Running, {"tick look(look.direction=right)", "deactivate look",
                                             "activate wait(wait.seconds=2)", "tick wait(wait.seconds=2)"}});
  CHECK(npc.Current() == "patrol.rest");
  npc.Results("wait", {S});
  CHECK(npc.Tick() == Step{Status::Done, {"tick wait(wait.seconds=2)", "deactivate wait"}});
}

// `count` instantly succeeding actions `name` in one sequence, then `tail` (rules).
std::string Actions(int count, const std::string& name = "a") {
  std::string rules;
  for (int i = 0; i < count; ++i) rules += "<action name='" + name + "'/>\n";
  return rules;
}
Events Runs(int count, const std::string& name = "a") {
  Events events;
  for (int i = 0; i < count; ++i)
    for (const char* what : {"activate ", "tick ", "deactivate "}) events.push_back(what + name);
  return events;
}

// =============================================================== [SECTION] run-away steps

TEST_CASE("Drag[en]gine run-away: a loop of instant successes fails at the engine's 100th rule run",
          "[dragengine][dragexact]") {
  // Runs: the root's (1), then each child's (2, 4, ...) and the sequence's
  // handling of its success (3, 5, ...): the 50th child is run 100, and it
  // succeeds, so the step fails there (more than 100 runs), not later.
  Npc npc = Npc::Text("<behaviorTree><sequence loop='true'><action name='a'/><action name='b'/></sequence></behaviorTree>");
  npc.Results("a", {S});
  npc.Results("b", {S});
  Events expected;
  for (int i = 0; i < 25; ++i)
    for (const char* e : {"activate a", "tick a", "deactivate a", "activate b", "tick b", "deactivate b"})
      expected.push_back(e);
  npc.time += 0.1;
  const bt::TickResult result = bt::TickBehaviorTree(npc.built.tree->Root(), npc.agent, npc.memory, npc.time, 0.1f);
  CHECK(result.status == Status::RedecideLimit);
  REQUIRE(result.decider != nullptr);
  CHECK(std::string(result.decider->name) == "action b@1:55");  // b, whose run would be the 101st
  CHECK(npc.agent.events == expected);
  CHECK(npc.Current() == "");
}

TEST_CASE("Drag[en]gine run-away: 99 and 100 rule runs in a step are fine, 101 fail", "[dragengine][dragexact]") {
  const auto sequence = [](const std::string& rules) {
    return Npc::Text("<behaviorTree><sequence>\n" + rules + "</sequence></behaviorTree>");
  };
  // 1 + 2 * 49 = 99 runs, the root done on the last.
  Npc ninetyNine = sequence(Actions(49));
  ninetyNine.Results("a", {S});
  CHECK(ninetyNine.Tick() == Step{Status::Done, Runs(49)});
  // 1 + 2 * 49 + 1 = 100, the 100th (b) running: the step ends there.
  Npc hundred = sequence(Actions(49) + "<action name='b'/>");
  hundred.Results("a", {S});
  Events running = Runs(49);
  running.insert(running.end(), {"activate b", "tick b"});
  CHECK(hundred.Tick() == Step{Status::Running, running});
  // 1 + 2 * 50 = 101: the 50th action (run 100) succeeds, and the step fails.
  Npc hundredOne = sequence(Actions(50));
  hundredOne.Results("a", {S});
  CHECK(hundredOne.Tick() == Step{Status::RedecideLimit, Runs(50)});

  // A step that starts at the running rule: its run (1), the root's handling (2),
  // then the children. The root ending on run 100 is an error: that run did not
  // return running. On run 98 it is not.
  for (const int count : {48, 49}) {
    Npc resumed = sequence("<yield/>\n" + Actions(count));
    resumed.Results("a", {S});
    CHECK(resumed.Tick() == Step{Status::Running, {}});
    CHECK(resumed.Tick() == Step{count == 48 ? Status::Done : Status::RedecideLimit, Runs(count)});
  }
}

// =============================================================== [SECTION] saving and restoring at a rule

TEST_CASE("Drag[en]gine save: the current rule id, and the whole block restored", "[dragengine]") {
  Npc npc = Npc::File("guard.xml");
  npc.Results("moveTo", {S});
  npc.Results("look", {S, R});
  CHECK(npc.Tick().status == Status::Running);
  CHECK(npc.Current() == "patrol.look.pause");
  // A copy of the block goes on exactly as the original.
  Npc copy = Npc::File("guard.xml");
  copy.memory = npc.memory;
  copy.time = npc.time;
  copy.agent.results = npc.agent.results;
  CHECK(copy.Current() == "patrol.look.pause");
  CHECK(copy.Tick() == npc.Tick());
  CHECK(copy.Tick() == npc.Tick());
}

TEST_CASE("Drag[en]gine restore: a fresh block resumed at the saved rule id goes on as the saved agent",
          "[dragengine][dragexact]") {
  Npc npc = Npc::File("guard.xml");
  npc.Results("moveTo", {S});
  CHECK(npc.Tick().status == Status::Running);
  const std::string saved = npc.Current();
  CHECK(saved == "patrol.look.left");

  Npc restored = Npc::File("guard.xml");
  restored.time = npc.time;
  restored.agent.results = npc.agent.results;
  const bt::loaders::DragengineRestore restore = bt::loaders::RestoreDragengineRule(
      restored.built.tree->Root(), restored.agent, restored.memory.Span(), restored.time, saved);
  CHECK(restore.error == "");
  CHECK(restore.status == Status::Running);
  // Only the saved rule's action is Activated: no condition asked, nothing ticked.
  CHECK(restored.agent.events == Events{"activate look(look.direction=left)"});
  restored.agent.events.clear();
  CHECK(restored.Current() == saved);
  CHECK(restored.Tick() == Step{Status::Running, {"tick look(look.direction=left)"}});
  npc.Tick();
  for (Npc* agent : {&npc, &restored}) agent->Results("look", {S});
  // Then as the saved agent, step by step: the yield, the second look, the rest.
  for (int step = 0; step < 4; ++step) CHECK(restored.Tick() == npc.Tick());
  CHECK(restored.Current() == npc.Current());
}

TEST_CASE("Drag[en]gine restore: the next step runs the rule, then its parents' rules", "[dragengine][dragexact]") {
  Npc npc = Npc::File("guard.xml");
  const bt::loaders::DragengineRestore restore =
      bt::loaders::RestoreDragengineRule(npc.built.tree->Root(), npc.agent, npc.memory.Span(), 0, "guard.alarm.shout");
  CHECK(restore.Ok());
  CHECK(npc.agent.events == Events{"activate shout"});
  npc.agent.events.clear();
  // The alarm sequence's condition is asked after the child's success, not before its run.
  npc.agent.cond["enemyVisible"] = true;
  npc.Results("shout", {S});
  CHECK(npc.Tick() == Step{Status::Running, {"tick shout", "deactivate shout", "enemyVisible", "activate fight", "tick fight"}});
  CHECK(npc.Current() == "guard.alarm.fight");
  // Restoring over a running agent stops it first.
  const bt::loaders::DragengineRestore again =
      bt::loaders::RestoreDragengineRule(npc.built.tree->Root(), npc.agent, npc.memory.Span(), npc.time, "guard.alarm.shout");
  CHECK(again.Ok());
  CHECK(npc.agent.events == Events{"deactivate fight", "activate shout"});
}

TEST_CASE("Drag[en]gine restore: an unknown id or a composite rule is an error, the block unchanged",
          "[dragengine][dragexact]") {
  Npc npc = Npc::File("guard.xml");
  const bt::DeciderDef& root = npc.built.tree->Root();
  bt::loaders::DragengineRestore restore =
      bt::loaders::RestoreDragengineRule(root, npc.agent, npc.memory.Span(), 0, "guard.nobody");
  CHECK(restore.error == "no rule 'guard.nobody' in the tree");
  restore = bt::loaders::RestoreDragengineRule(root, npc.agent, npc.memory.Span(), 0, "guard.alarm");
  CHECK(restore.error ==
        "rule 'guard.alarm' is not a leaf rule: only a running leaf rule is saved as the current rule");
  CHECK(npc.agent.events.empty());
  CHECK(npc.Current() == "");
  // "" restores no rule: the next step starts at the root.
  restore = bt::loaders::RestoreDragengineRule(root, npc.agent, npc.memory.Span(), 0, "");
  CHECK(restore.Ok());
  CHECK(restore.status == Status::NoBehavior);
  CHECK(npc.Tick().events.front() == "enemyVisible");
}

TEST_CASE("ResumeAt: a target outside the tree, not a behavior, or below a group it cannot enter is refused",
          "[dragexact]") {
  Npc guard = Npc::File("guard.xml");
  Npc other = Npc::Text("<behaviorTree><action id='x' name='a'/></behaviorTree>");
  const bt::DeciderDef& root = guard.built.tree->Root();
  bt::TickResult result = bt::ResumeAt(root, guard.agent, guard.memory.Span(), 0, other.built.tree->Root());
  CHECK(result.status == Status::InvalidTree);
  CHECK(result.decider == &other.built.tree->Root());
  result = bt::ResumeAt(root, guard.agent, guard.memory.Span(), 0, root);  // a group
  CHECK(result.status == Status::InvalidTree);
  CHECK(result.decider == &root);
  CHECK(guard.agent.events.empty());

  bt::data::TreeSpec spec;
  spec.file = "loop.spec";
  spec.Group("loop", bt::GroupPolicy::Loop, {"a"});
  spec.Behavior("a", "a");
  spec.root = "loop";
  Npc looping(bt::data::BuildTree(spec, Registry()));
  const bt::DeciderDef& loop = looping.built.tree->Root();
  result = bt::ResumeAt(loop, looping.agent, looping.memory.Span(), 0, *loop.children[0]);
  CHECK(result.status == Status::InvalidTree);
  CHECK(result.decider == &loop);
  CHECK(looping.agent.events.empty());
  // Refused as the tick refuses: a time going backwards.
  CHECK(looping.Tick().status == Status::Running);
  CHECK(bt::ResumeAt(loop, looping.agent, looping.memory.Span(), -1.0, *loop.children[0]).status == Status::BadTime);
}

// Groups that share their children level after level: 2^29 paths, 59 deciders.
// A search for a decider not in the tree looks at each decider once.
TEST_CASE("ResumeAt and RestoreDragengineRule search a tree whose groups share children in its size",
          "[dragexact]") {
  bt::data::TreeSpec spec;
  spec.file = "shared.spec";
  constexpr int kLevels = 29;
  for (int i = 1; i <= kLevels; ++i) {
    const std::string a = "A" + std::to_string(i + 1), b = "B" + std::to_string(i + 1);
    const std::string next[2] = {i == kLevels ? "leaf" : a, i == kLevels ? "leaf2" : b};
    for (const char* side : {"A", "B"})
      spec.Group(side + std::to_string(i), bt::GroupPolicy::PrioritizedList, {next[0], next[1]});
  }
  spec.Behavior("leaf", "a");
  spec.Behavior("leaf2", "b");
  spec.Group("root", bt::GroupPolicy::PrioritizedList, {"A1", "B1"});
  spec.root = "root";
  Npc npc(bt::data::BuildTree(spec, Registry()));
  Npc other = Npc::Text("<behaviorTree><action id='x' name='a'/></behaviorTree>");
  const bt::DeciderDef& root = npc.built.tree->Root();
  CHECK(bt::ResumeAt(root, npc.agent, npc.memory.Span(), 0, other.built.tree->Root()).status == Status::InvalidTree);
  const bt::loaders::DragengineRestore restored =
      bt::loaders::RestoreDragengineRule(root, npc.agent, npc.memory.Span(), 0, "nowhere");
  CHECK(restored.error == "no rule 'nowhere' in the tree");
  // A target that is there is found, down the first way.
  const bt::TickResult resumed = bt::ResumeAt(root, npc.agent, npc.memory.Span(), 0, *npc.built.tree->Find("leaf2"));
  CHECK(resumed.status == Status::Running);
  CHECK(resumed.decider == npc.built.tree->Find("leaf2"));
}

// =============================================================== [SECTION] hostile input

TEST_CASE("Drag[en]gine lines end at LF, CRLF or a lone CR, as XML reads them", "[dragengine]") {
  for (const std::string eol : {"\n", "\r\n", "\r"}) {
    const std::string text = "<behaviorTree>" + eol + "<sequence>" + eol + "<action name='a'/>" + eol + "  <bogus/>" +
                             eol + "</sequence></behaviorTree>";
    CHECK(Errors(bt::loaders::LoadDragengine(text, "eol.xml", Registry())) == "eol.xml:4:3: unknown tag <bogus> in <sequence>");
  }
}

TEST_CASE("Drag[en]gine: 10^5 sibling rules are refused at the first node past bt::data::kMaxSpecNodes, in linear time",
          "[dragengine]") {
  // Each rule's place and its counted flag were found by a scan of the whole file or spec: 10^5 took minutes.
  std::string text = "<behaviorTree><sequence>\n";
  for (int i = 0; i < 100000; ++i) text += "<action name='a'/>\n";
  text += "</sequence></behaviorTree>";
  CHECK(Errors(bt::loaders::LoadDragengine(text, "wide.xml", Registry())) ==
        "wide.xml:65537:1: more than bt::data::kMaxSpecNodes (65535) nodes");
}

TEST_CASE("Drag[en]gine: a gate asked after every child of every condition stops at bt::data::kMaxSpecNodes", "[dragengine]") {
  // anyFalse on a choice writes the conditions' gate once per child: 3000 x 3000 nodes without the limit.
  std::string text = "<behaviorTree><choice>\n<conditionMode>anyFalse</conditionMode>\n";
  for (int i = 0; i < 3000; ++i) text += "<condition>c" + std::to_string(i) + "</condition>\n";
  for (int i = 0; i < 3000; ++i) text += "<action name='a'/>\n";
  text += "</choice></behaviorTree>";
  CHECK(Errors(bt::loaders::LoadDragengine(text, "gates.xml", Registry())) ==
        "gates.xml:1255:1: more than bt::data::kMaxSpecNodes (65535) nodes");
}
