// tests/loaders/lua/lua_nodes_test.cpp — MBT's Lua nodes (bt/loaders/lua/lua_nodes.h) in
// trees built from TreeSpecs as the MBT loader builds them: exact call traces,
// with each script logging into the trace through the game's agent function
// agent.log(text) ("lua <text>").
//
// Index
//   [SECTION] the nodes — LuaGate, ExecuteLua, AssertLua, LuaWrapper, LuaBehavior
//   [SECTION] errors — syntax and runtime errors, with Lua's message and the place
//   [SECTION] what scripts may reach — agent.vars, no io or os, each chunk's globals
//   [SECTION] limits — instruction budget, memory, no allocation once warm
//   [SECTION] the game's side — engine handles, the game's fields and print
#include <catch2/catch.hpp>

#include <lua.hpp>

#include <string>

#include "bt/data/tree_builder.h"
#include "bt/loaders/lua/lua_nodes.h"
#include "bt/core/tree.h"
#include "bt/core/variables.h"
#include "tests/support/trace_agent.h"

namespace {

using bt::GroupPolicy;
using bt::Result;
using bt::Status;
using bt::data::ArgSpec;
using bt::data::TreeSpec;
using bt::loaders::LuaScripts;
using test::Events;
using test::TraceAgent;

int LogToTrace(lua_State* L) {
  const char* text = luaL_checkstring(L, 1);
  if (TraceAgent* agent = bt::loaders::LuaAgent<TraceAgent>(L)) agent->events.push_back(std::string("lua ") + text);
  return 0;
}

// A registry with the Lua nodes for TraceAgent and the trace actions "Act" and "Else".
struct LuaWorld {
  LuaScripts scripts;
  bt::data::Registry registry;
  std::shared_ptr<const bt::data::BuiltTree> tree;
  TraceAgent agent;
  bt::Memory<1024> memory{};

  explicit LuaWorld(bt::loaders::LuaLimits limits = {}) : scripts(limits) {
    bt::loaders::RegisterLuaNodes<TraceAgent>(registry, scripts);
    for (const char* name : {"Act", "Else"})
      BT_REGISTER_ACTION(registry, name, void, test::TraceActivate, test::TraceTick, test::TraceDeactivate);
    REQUIRE(scripts.AddAgentFunction("log", &LogToTrace));
  }

  // A Number parameter `name` holding the handle of `code`, compiled as written at t.lua:LINE.
  ArgSpec Code(const char* name, std::string_view code, int line = 1) {
    std::string error;
    const std::int64_t handle = scripts.Compile(code, "t.lua:" + std::to_string(line), error);
    INFO(error);
    REQUIRE(handle >= 0);
    return ArgSpec::Number(static_cast<double>(handle)).Named(name);
  }

  void Define(std::string_view code) {
    std::string error;
    const bool ok = scripts.Define(code, "game.lua", error);
    INFO(error);
    REQUIRE(ok);
  }

  void Build(const TreeSpec& spec) {
    const bt::data::BuildResult built = bt::data::BuildTree(spec, registry);
    INFO(built.ErrorText());
    REQUIRE(built.Ok());
    tree = built.tree;
    scripts.AddTree(tree->Root());
  }

  bt::VariableBlock& Vars() { return *bt::VariablesOf(tree->Root(), memory.Span()); }
  int Var(const char* name) { return bt::FindVariable(tree->Root(), name); }

  test::Ticked Tick(double time) { return test::Tick(tree->Root(), agent, memory, time); }
};

// GATE (Decorator, Decide LuaGate) over Act, under a Fallback whose second choice is Else.
TreeSpec GateSpec(LuaWorld& world, std::string_view code) {
  TreeSpec spec{.file = "gate.xml"};
  spec.variables.push_back({"Open", bt::VariableType::Bool, 0, {}});
  spec.Group("ROOT", GroupPolicy::Fallback, {"GATE", "ELSE"});
  spec.Group("GATE", GroupPolicy::Decorator, {"ACT"}).Decide("LuaGate").params.push_back(world.Code("code", code));
  spec.Behavior("ACT", "Act");
  spec.Behavior("ELSE", "Else");
  return spec;
}

}  // namespace

// =============================================================== [SECTION] the nodes

TEST_CASE("LuaGate runs its child only when its code returns true, read once on entry", "[lua]") {
  LuaWorld world;
  world.Build(GateSpec(world, "agent.log('gate') return agent.vars.Open"));

  test::Ticked t = world.Tick(1);
  CHECK(t.result.status == Status::Running);
  CHECK(t.events == Events{"lua gate", "activate Else", "tick Else"});

  bt::StopBehaviorTree(world.tree->Root(), world.agent, world.memory, 1.5);
  CHECK(world.agent.Take() == Events{"deactivate Else"});
  world.Vars().SetBool(world.Var("Open"), true);
  t = world.Tick(2);
  CHECK(t.events == Events{"lua gate", "activate Act", "tick Act"});

  // Closed again while Act runs: the gate is not read again.
  world.Vars().SetBool(world.Var("Open"), false);
  t = world.Tick(3);
  CHECK(t.events == Events{"tick Act"});

  // Act ends: the Fallback is Done; the next tick starts over and reads the gate.
  world.agent.tick["Act"] = Result::Done;
  t = world.Tick(4);
  CHECK(t.result.status == Status::Done);
  CHECK(t.events == Events{"tick Act", "deactivate Act"});
  t = world.Tick(5);
  CHECK(t.events == Events{"lua gate", "activate Else", "tick Else"});
}

TEST_CASE("LuaGate takes Lua's truth: nil and false reject, anything else accepts", "[lua]") {
  for (const auto& [code, opens] : {std::pair{"return 0", true}, {"return 'no'", true}, {"return nil", false},
                                    {"local x = 1", false}, {"return false, true", false}}) {
    LuaWorld world;
    world.Build(GateSpec(world, code));
    INFO(code);
    CHECK(world.Tick(1).events == (opens ? Events{"activate Act", "tick Act"} : Events{"activate Else", "tick Else"}));
  }
}

TEST_CASE("ExecuteLua runs its code and succeeds; its writes reach the agent's variables", "[lua]") {
  LuaWorld world;
  TreeSpec spec{.file = "exec.xml"};
  spec.variables.push_back({"Count", bt::VariableType::Number, 41, {}});
  spec.variables.push_back({"Seen", bt::VariableType::Bool, 0, {}});
  spec.Group("ROOT", GroupPolicy::Sequence, {"EXEC", "ACT"});
  spec.Behavior("EXEC", "ExecuteLua")
      .params.push_back(world.Code("code", "agent.vars.Count = agent.vars.Count + 1 agent.vars.Seen = true"));
  spec.Behavior("ACT", "Act");
  world.Build(spec);

  CHECK(world.Tick(1).events == Events{"activate Act", "tick Act"});
  CHECK(world.Vars().Get(world.Var("Count")) == 42);
  CHECK(world.Vars().GetBool(world.Var("Seen")));
  CHECK(world.scripts.LastError().empty());
}

TEST_CASE("agent.vars reads and sets typed variables: integers exactly, enums by name", "[lua][typed-variables]") {
  LuaWorld world;
  TreeSpec spec{.file = "typed.xml"};
  bt::data::VariableSpec id{"Id", bt::VariableType::Int64, 0, {}};
  id.initialInteger = 9007199254740993;  // past 2^53: a Lua integer keeps it
  bt::data::VariableSpec mood{"Mood", bt::VariableType::Enum, 0, {}};
  mood.enumName = "Mood";
  mood.enumNames = {"Calm", "Angry"};
  bt::data::VariableSpec at{"At", bt::VariableType::Floats, 0, {}};
  at.floatCount = 2;
  spec.variables = {id, mood, at};
  spec.Group("ROOT", GroupPolicy::Sequence, {"EXEC", "BAD", "READ", "ACT"});
  spec.Behavior("EXEC", "ExecuteLua")
      .params.push_back(world.Code(
          "code", "agent.vars.Id = agent.vars.Id + 1 if agent.vars.Mood == 'Calm' then agent.vars.Mood = 'Angry' end", 1));
  spec.Behavior("BAD", "ExecuteLua").params.push_back(world.Code("code", "agent.vars.Mood = 'Sad'", 2));
  spec.Behavior("READ", "ExecuteLua").params.push_back(world.Code("code", "local x = agent.vars.At", 3));
  spec.Behavior("ACT", "Act");
  std::vector<std::string> errors;
  world.scripts.SetErrorHandler([&](std::string_view message) { errors.emplace_back(message); });
  world.Build(spec);

  CHECK(world.Tick(1).events == Events{"activate Act", "tick Act"});
  CHECK(world.Vars().GetInteger(world.Var("Id")) == 9007199254740994);
  CHECK(world.Vars().GetInteger(world.Var("Mood")) == 1);
  CHECK(errors == std::vector<std::string>{
                      "t.lua:2: agent.vars.Mood is an enum: set one of its names",
                      "t.lua:3: agent.vars.At is a float vector: C++ reads it (VariableBlock::GetFloats)"});
}

TEST_CASE("AssertLua succeeds when its code returns true, else fails", "[lua]") {
  LuaWorld world;
  TreeSpec spec{.file = "assert.xml"};
  spec.variables.push_back({"someCounter", bt::VariableType::Number, 0, {}});
  spec.Group("ROOT", GroupPolicy::Fallback, {"CHECKED", "ELSE"});
  spec.Group("CHECKED", GroupPolicy::Sequence, {"ASSERT", "ACT"});
  // CryEngine's own example, through `entity` (agent's other name).
  spec.Behavior("ASSERT", "AssertLua").params.push_back(world.Code("code", "return entity.vars.someCounter == 75"));
  spec.Behavior("ACT", "Act");
  spec.Behavior("ELSE", "Else");
  world.Build(spec);

  CHECK(world.Tick(1).events == Events{"activate Else", "tick Else"});
  bt::StopBehaviorTree(world.tree->Root(), world.agent, world.memory, 1.5);
  world.agent.Take();
  world.Vars().Set(world.Var("someCounter"), 75);
  CHECK(world.Tick(2).events == Events{"activate Act", "tick Act"});
}

TEST_CASE("LuaWrapper runs onEnter before its child starts and onExit after the child ended", "[lua]") {
  LuaWorld world;
  TreeSpec spec{.file = "wrap.xml"};
  bt::data::NodeSpec& wrap = spec.Group("WRAP", GroupPolicy::Decorator, {"ACT"});
  wrap.action = {"LuaWrapper", {}, {}};
  wrap.params = {world.Code("onEnter", "agent.log('enter')"), world.Code("onExit", "agent.log('exit')")};
  spec.Behavior("ACT", "Act");
  world.Build(spec);

  CHECK(world.Tick(1).events == Events{"lua enter", "activate Act", "tick Act"});
  CHECK(world.Tick(2).events == Events{"tick Act"});
  world.agent.tick["Act"] = Result::Failed;
  const test::Ticked t = world.Tick(3);
  CHECK(t.result.status == Status::NoBehavior);  // the child's failure is the wrapper's
  CHECK(t.events == Events{"tick Act", "deactivate Act", "lua exit"});
}

TEST_CASE("LuaWrapper without onExit (-1) runs only onEnter; a failing onEnter fails it", "[lua]") {
  LuaWorld world;
  TreeSpec spec{.file = "wrap.xml"};
  spec.Group("ROOT", GroupPolicy::Fallback, {"WRAP", "BROKEN", "ELSE"});
  bt::data::NodeSpec& wrap = spec.Group("WRAP", GroupPolicy::Decorator, {"ACT"});
  wrap.action = {"LuaWrapper", {}, {}};
  wrap.params = {world.Code("onEnter", "agent.log('enter') return agent.vars.Go"),
                 ArgSpec::Number(-1).Named("onExit")};
  bt::data::NodeSpec& broken = spec.Group("BROKEN", GroupPolicy::Decorator, {"ACT"});
  broken.action = {"LuaWrapper", {}, {}};
  broken.params = {world.Code("onEnter", "agent.log('broken') error('no way')", 7),
                   world.Code("onExit", "agent.log('broken exit')", 7)};
  spec.Behavior("ACT", "Act");
  spec.Behavior("ELSE", "Else");
  spec.variables.push_back({"Go", bt::VariableType::Bool, 0, {}});
  world.Build(spec);

  // WRAP's onEnter returns false: only an error fails a wrapper, so Act runs.
  CHECK(world.Tick(1).events == Events{"lua enter", "activate Act", "tick Act"});
  world.agent.tick["Act"] = Result::Failed;
  // Act fails, so WRAP does (no onExit); BROKEN's onEnter raises: it fails without
  // starting Act, and its onExit still runs (every Activate has its Deactivate).
  CHECK(world.Tick(2).events ==
        Events{"tick Act", "deactivate Act", "lua broken", "lua broken exit", "activate Else", "tick Else"});
  CHECK(world.scripts.LastError() == "t.lua:7: no way");
}

TEST_CASE("LuaBehavior calls its table's Enter, Update and Exit", "[lua]") {
  LuaWorld world;
  world.Define(R"(
    Patrol = {}
    function Patrol.Enter(agent, dt) agent.log('enter') end
    function Patrol.Update(agent, dt)
      agent.vars.Steps = agent.vars.Steps + 1
      agent.log('update ' .. agent.vars.Steps .. ' dt ' .. dt)
      if agent.vars.Steps >= 2 then return 'success' end
    end
    function Patrol.Exit(agent) agent.log('exit') end
    Idle = {}  -- no functions: Running until interrupted
  )");
  TreeSpec spec{.file = "behavior.xml"};
  spec.variables.push_back({"Steps", bt::VariableType::Number, 0, {}});
  spec.Group("ROOT", GroupPolicy::Sequence, {"PATROL", "IDLE"});
  spec.Behavior("PATROL", "LuaBehavior").params.push_back(ArgSpec::Text("Patrol").Named("name"));
  spec.Behavior("IDLE", "LuaBehavior").params.push_back(ArgSpec::Text("Idle").Named("name"));
  world.Build(spec);

  CHECK(world.Tick(1).events == Events{"lua enter", "lua update 1 dt 0.10000000149012"});
  test::Ticked t = world.Tick(2);
  CHECK(t.result.status == Status::Running);
  CHECK(t.events == Events{"lua update 2 dt 0.10000000149012", "lua exit"});
  CHECK(world.Tick(3).events == Events{});
  CHECK(world.scripts.LastError().empty());
}

TEST_CASE("LuaBehavior fails on a missing table, an error, or an Update result it does not know", "[lua]") {
  LuaWorld world;
  world.Define(R"(
    Odd = { Update = function() return 'done' end }
    Broken = { Enter = function() error('cannot enter') end, Exit = function(agent) agent.log('exit') end }
  )");
  TreeSpec spec{.file = "behavior.xml"};
  spec.Group("ROOT", GroupPolicy::Fallback, {"MISSING", "ODD", "BROKEN", "ELSE"});
  spec.Behavior("MISSING", "LuaBehavior").params.push_back(ArgSpec::Text("Nowhere").Named("name"));
  spec.Behavior("ODD", "LuaBehavior").params.push_back(ArgSpec::Text("Odd").Named("name"));
  spec.Behavior("BROKEN", "LuaBehavior").params.push_back(ArgSpec::Text("Broken").Named("name"));
  spec.Behavior("ELSE", "Else");
  std::vector<std::string> errors;
  world.scripts.SetErrorHandler([&](std::string_view message) { errors.emplace_back(message); });
  world.Build(spec);

  CHECK(world.Tick(1).events == Events{"lua exit", "activate Else", "tick Else"});
  CHECK(errors == std::vector<std::string>{
                      "LuaBehavior: no behavior table 'Nowhere'",  // Enter
                      "LuaBehavior: no behavior table 'Nowhere'",  // Exit
                      "LuaBehavior Odd.Update returned done (want \"success\", \"failure\" or \"running\")",
                      "game.lua:3: cannot enter"});
}

// =============================================================== [SECTION] errors

TEST_CASE("A syntax error is Lua's message naming the chunk; a binary chunk is refused", "[lua]") {
  LuaScripts scripts;
  std::string error;
  CHECK(scripts.Compile("return (", "tree.xml:12", error) == -1);
  CHECK(error == "tree.xml:12: unexpected symbol near <eof>");
  CHECK(scripts.Compile("x = 1\ny = = 2", "tree.xml:3", error) == -1);
  CHECK(error == "tree.xml:4: unexpected symbol near '='");
  CHECK(scripts.Compile("\x1bLua", "tree.xml:4", error) == -1);
  CHECK(error == "tree.xml:4: attempt to load a binary chunk (mode is 't')");
  CHECK(scripts.Compile("x = " + std::string(300, '('), "tree.xml:5", error) == -1);
  CHECK(error == "tree.xml:5: C stack overflow");
  CHECK(!scripts.Define("function", "game.lua", error));
  CHECK(error == "game.lua:1: <name> expected near <eof>");
  // Compiling runs nothing.
  CHECK(scripts.Compile("error('not yet')", "tree.xml:5", error) >= 0);
  CHECK(scripts.GetStats().runs == 0);
}

TEST_CASE("A Lua message names the file's base name and line however long its path", "[lua]") {
  // Lua cuts a chunk's name at LUA_IDSIZE (60): a long path kept in the name lost the line.
  const std::string path = "game/" + std::string(80, 'd') + "/ai/trees/soldier_patrol.xml";
  LuaScripts scripts;
  std::string error;
  CHECK(scripts.Compile("x = 1\ny = = 2", path + ":40", error) == -1);
  CHECK(error == "soldier_patrol.xml:41: unexpected symbol near '='");
  const std::int64_t handle = scripts.Compile("local x = 1\nerror('too late')", path + ":52", error);
  REQUIRE(handle >= 0);
  std::uint32_t chunk = 0;
  REQUIRE(LuaScripts::FromHandle(static_cast<double>(handle), chunk) == &scripts);
  bool truth = true;
  CHECK_FALSE(scripts.Run(chunk, bt::loaders::LuaRun{}, truth));
  CHECK(scripts.LastError() == "soldier_patrol.xml:53: too late");
  // A message the script catches and prints reads the same.
  std::vector<std::string> printed;
  scripts.SetPrint([&](std::string_view line) { printed.emplace_back(line); });
  const std::int64_t caught =
      scripts.Compile("local ok, e = pcall(function() error('caught') end)\nprint(e)", path + ":60", error);
  REQUIRE(LuaScripts::FromHandle(static_cast<double>(caught), chunk) == &scripts);
  CHECK(scripts.Run(chunk, bt::loaders::LuaRun{}, truth));
  CHECK(printed == std::vector<std::string>{"soldier_patrol.xml:60: caught"});
}

TEST_CASE("A Lua runtime error fails the node, with Lua's message; ExecuteLua still succeeds", "[lua]") {
  LuaWorld world;
  TreeSpec spec{.file = "exec.xml"};
  // CALL raises but succeeds (MBT's ExecuteLua always does), so INDEX runs; it fails.
  spec.Group("ROOT", GroupPolicy::Fallback, {"STEPS", "ELSE"});
  spec.Group("STEPS", GroupPolicy::Sequence, {"CALL", "INDEX"});
  spec.Behavior("CALL", "ExecuteLua").params.push_back(world.Code("code", "DoSomething()", 4));
  spec.Behavior("INDEX", "AssertLua").params.push_back(world.Code("code", "return agent.vars.Nope", 5));
  spec.Behavior("ELSE", "Else");
  std::vector<std::string> errors;
  world.scripts.SetErrorHandler([&](std::string_view message) { errors.emplace_back(message); });
  world.Build(spec);

  CHECK(world.Tick(1).events == Events{"activate Else", "tick Else"});
  CHECK(errors == std::vector<std::string>{"t.lua:4: attempt to call a nil value (global 'DoSomething')",
                                           "t.lua:5: agent.vars: the tree declares no variables"});
  CHECK(world.scripts.GetStats().errors == 2);
}

// =============================================================== [SECTION] what scripts may reach

TEST_CASE("agent.vars refuses unknown names and values of the wrong type", "[lua]") {
  LuaWorld world;
  TreeSpec spec{.file = "vars.xml"};
  spec.variables.push_back({"Open", bt::VariableType::Bool, 0, {}});
  spec.variables.push_back({"Ammo", bt::VariableType::Number, 2.5, {}});
  spec.Group("ROOT", GroupPolicy::Concurrent, {"A", "B", "C", "D", "E", "F", "G"});
  const char* codes[] = {"return agent.vars.Closed",  "agent.vars.Open = 1",     "agent.vars.Ammo = 'many'",
                         "agent.vars.Ammo = 0/0",     "agent.vars = {}",         "agent.health = 3",
                         "agent.log(agent.vars.Ammo .. ' ' .. tostring(agent.vars.Open) .. ' ' .. tostring(agent.nothing))"};
  for (int i = 0; i < 7; ++i)
    spec.Behavior(std::string(1, static_cast<char>('A' + i)), "ExecuteLua").params.push_back(world.Code("code", codes[i], i + 1));
  std::vector<std::string> errors;
  world.scripts.SetErrorHandler([&](std::string_view message) { errors.emplace_back(message); });
  world.Build(spec);

  // Every ExecuteLua succeeds, its error reported: the Concurrent group runs them all.
  const auto tick = world.Tick(1);
  CHECK(tick.result.status == Status::Done);
  CHECK(tick.events == Events{"lua 2.5 false nil"});
  CHECK(errors == std::vector<std::string>{
                      "t.lua:1: agent.vars: no variable 'Closed'",
                      "t.lua:2: agent.vars.Open is a Bool: set true or false",
                      "t.lua:3: agent.vars.Ammo is a Number: set a number",
                      "t.lua:4: agent.vars.Ammo: NaN refused",
                      "t.lua:5: agent.vars cannot be replaced",
                      "t.lua:6: agent has no field 'health' to set"});
  CHECK(world.Vars().Get(world.Var("Ammo")) == 2.5);
}

TEST_CASE("Scripts cannot reach io, os.execute, require, load, debug or the raw globals", "[lua]") {
  LuaScripts scripts;
  std::string error;
  bt::loaders::LuaRun run;
  const std::pair<const char*, const char*> cases[] = {
      {"io.write('x')", "t:1: attempt to index a nil value (global 'io')"},
      {"os.execute('true')", "t:1: attempt to call a nil value (field 'execute')"},
      {"os.exit()", "t:1: attempt to call a nil value (field 'exit')"},
      {"require('io')", "t:1: attempt to call a nil value (global 'require')"},
      {"load('return 1')", "t:1: attempt to call a nil value (global 'load')"},
      {"dofile('/etc/passwd')", "t:1: attempt to call a nil value (global 'dofile')"},
      {"debug.getinfo(1)", "t:1: attempt to index a nil value (global 'debug')"},
      {"string.dump(print)", "t:1: attempt to call a nil value (field 'dump')"},
      {"collectgarbage('stop')", "t:1: attempt to call a nil value (global 'collectgarbage')"},
      {"coroutine.wrap(print)", "t:1: attempt to index a nil value (global 'coroutine')"},
      {"return _G.io", "t:1: attempt to index a nil value (global '_G')"},
      {"getmetatable('').__index.x = 1", "t:1: attempt to index a boolean value"},
      {"setmetatable(_ENV, nil)", "t:1: cannot change a protected metatable"},
  };
  for (const auto& [code, message] : cases) {
    INFO(code);
    const std::int64_t handle = scripts.Compile(code, "t", error);
    REQUIRE(handle >= 0);
    bool truth = true;
    CHECK(!scripts.Run(static_cast<std::uint32_t>(handle & 0xffffffff), run, truth));
    CHECK(!truth);
    CHECK(scripts.LastError() == message);
  }
  // What is there: the safe libraries, os.clock and os.time.
  const std::int64_t allowed = scripts.Compile(
      "return math.max(1, 2) == 2 and string.format('%d', 3) == '3' and table.concat({1, 2}) == '12' and "
      "utf8.char(72) == 'H' and type(os.clock()) == 'number' and type(os.time()) == 'number' and ('x'):rep(2) == 'xx'",
      "t", error);
  bool truth = false;
  CHECK(scripts.Run(static_cast<std::uint32_t>(allowed & 0xffffffff), run, truth));
  CHECK(truth);
}

TEST_CASE("Each chunk has its own globals; the shared definitions are every chunk's", "[lua]") {
  LuaScripts scripts;
  std::string error;
  REQUIRE(scripts.Define("function Greeting() return 'hi' end", "game.lua", error));
  const std::int64_t a = scripts.Compile("x = (x or 0) + 1 return x == 2 and Greeting() == 'hi'", "a", error);
  const std::int64_t b = scripts.Compile("return x == nil and Greeting() == 'hi'", "b", error);
  REQUIRE((a >= 0 && b >= 0));
  bt::loaders::LuaRun run;
  bool truth = true;
  CHECK(scripts.Run(static_cast<std::uint32_t>(a & 0xffffffff), run, truth));
  CHECK(!truth);  // x was 1
  CHECK(scripts.Run(static_cast<std::uint32_t>(a & 0xffffffff), run, truth));
  CHECK(truth);  // a chunk's globals last between its runs
  CHECK(scripts.Run(static_cast<std::uint32_t>(b & 0xffffffff), run, truth));
  CHECK(truth);
}

// =============================================================== [SECTION] limits

TEST_CASE("A runaway script fails its node when its instruction budget is spent; the next runs go on", "[lua]") {
  LuaWorld world(bt::loaders::LuaLimits{.instructionBudget = 1000});
  TreeSpec spec{.file = "loop.xml"};
  spec.Group("ROOT", GroupPolicy::Fallback, {"GATE", "ELSE"});
  spec.Group("GATE", GroupPolicy::Decorator, {"ACT"}).Decide("LuaGate").params.push_back(
      world.Code("code", "while true do end", 9));
  spec.Behavior("ACT", "Act");
  spec.Behavior("ELSE", "Else");
  world.Build(spec);
  CHECK(world.Tick(1).events == Events{"activate Else", "tick Else"});
  CHECK(world.scripts.LastError() == "t.lua:9: instruction budget of 1000 exceeded");

  // The script's own pcall does not catch the budget: once spent, every
  // instruction raises again, so the loop around the pcall ends too.
  std::string caughtError;
  const std::int64_t catching = world.scripts.Compile(
      "while true do pcall(function() while true do end end) end return true", "catching", caughtError);
  REQUIRE(catching >= 0);
  bt::loaders::LuaRun caught;
  bool caughtTruth = true;
  CHECK_FALSE(world.scripts.Run(static_cast<std::uint32_t>(catching & 0xffffffff), caught, caughtTruth));
  CHECK(world.scripts.LastError() == "catching:1: instruction budget of 1000 exceeded");

  // A short loop fits, run after run: the budget is per run.
  std::string error;
  const std::int64_t fits = world.scripts.Compile("for i = 1, 100 do end return true", "fits", error);
  bt::loaders::LuaRun run;
  for (int i = 0; i < 3; ++i) {
    bool truth = false;
    CHECK(world.scripts.Run(static_cast<std::uint32_t>(fits & 0xffffffff), run, truth));
    CHECK(truth);
  }
}

TEST_CASE("A script that takes more memory than the limit fails; the state goes on", "[lua]") {
  LuaScripts scripts(bt::loaders::LuaLimits{.instructionBudget = 100'000'000, .memoryBytes = 1u << 20});
  std::string error;
  const std::int64_t greedy = scripts.Compile("local t = {} for i = 1, 1e7 do t[i] = i end", "greedy", error);
  const std::int64_t rep = scripts.Compile("return ('x'):rep(1 << 22)", "rep", error);
  const std::int64_t fine = scripts.Compile("return #('x'):rep(10) == 10", "fine", error);
  bt::loaders::LuaRun run;
  bool truth = true;
  CHECK(!scripts.Run(static_cast<std::uint32_t>(greedy & 0xffffffff), run, truth));
  CHECK(scripts.LastError() == "not enough memory");
  CHECK(!scripts.Run(static_cast<std::uint32_t>(rep & 0xffffffff), run, truth));
  CHECK(scripts.LastError() == "not enough memory");
  CHECK(scripts.GetStats().bytesInUse <= (1u << 20));
  CHECK(scripts.Run(static_cast<std::uint32_t>(fine & 0xffffffff), run, truth));
  CHECK(truth);
}

TEST_CASE("A LuaGate that reads variables allocates nothing once warm", "[lua]") {
  LuaWorld world;
  TreeSpec spec{.file = "gate.xml"};
  spec.variables.push_back({"Open", bt::VariableType::Bool, 1, {}});
  spec.Group("GATE", GroupPolicy::Decorator, {"ACT"}).Decide("LuaGate").params.push_back(
      world.Code("code", "return agent.vars.Open"));
  spec.Behavior("ACT", "Act");
  world.Build(spec);
  world.agent.tick["Act"] = Result::Done;
  for (int i = 0; i < 10; ++i) (void)world.Tick(i);
  const LuaScripts::Stats before = world.scripts.GetStats();
  for (int i = 10; i < 1010; ++i) {
    CHECK(world.Tick(i).result.status == Status::Done);
    world.agent.Take();
  }
  const LuaScripts::Stats after = world.scripts.GetStats();
  CHECK(after.runs == before.runs + 1000);
  CHECK(after.allocations == before.allocations);
  CHECK(after.errors == 0);
}

// =============================================================== [SECTION] the game's side

TEST_CASE("Handles name their engine: a bad or stale one fails the node, reported to the agent type's engine", "[lua]") {
  LuaWorld world;
  std::int64_t stale = -1;
  {
    LuaScripts gone;
    std::string error;
    stale = gone.Compile("return true", "gone", error);
    REQUIRE(stale >= 0);
  }
  TreeSpec spec{.file = "bad.xml"};
  // STALE cannot run, yet succeeds (ExecuteLua always does); TEXT fails its sequence.
  spec.Group("ROOT", GroupPolicy::Fallback, {"CODES", "MISSING", "ELSE"});
  spec.Group("CODES", GroupPolicy::Sequence, {"STALE", "TEXT"});
  spec.Behavior("STALE", "ExecuteLua").params.push_back(ArgSpec::Number(static_cast<double>(stale)).Named("code"));
  spec.Behavior("TEXT", "AssertLua").params.push_back(ArgSpec::Text("return true").Named("code"));
  spec.Behavior("MISSING", "LuaBehavior");
  spec.Behavior("ELSE", "Else");
  std::vector<std::string> errors;
  world.scripts.SetErrorHandler([&](std::string_view message) { errors.emplace_back(message); });
  world.Build(spec);

  CHECK(world.Tick(1).events == Events{"activate Else", "tick Else"});
  CHECK(errors == std::vector<std::string>{
                      "ExecuteLua STALE: parameter 'code' is not a handle of a live LuaScripts",
                      "AssertLua TEXT: parameter 'code' is not a handle of a live LuaScripts",
                      "LuaBehavior MISSING: parameter 'name' (Text) is missing",  // Activate
                      "LuaBehavior MISSING: parameter 'name' (Text) is missing"});  // Deactivate
  std::uint32_t chunk = 0;
  CHECK(LuaScripts::FromHandle(static_cast<double>(stale), chunk) == nullptr);
  CHECK(LuaScripts::FromHandle(-1, chunk) == nullptr);
  CHECK(LuaScripts::FromHandle(0.5, chunk) == nullptr);
}

namespace {
int HealthField(lua_State* L) {
  TraceAgent* agent = bt::loaders::LuaAgent<TraceAgent>(L);
  if (agent != nullptr && std::string_view(luaL_checkstring(L, 2)) == "health") {
    lua_pushinteger(L, static_cast<lua_Integer>(agent->events.size()));
    return 1;
  }
  return 0;
}
}  // namespace

TEST_CASE("The game's fields and print reach scripts through hooks", "[lua]") {
  LuaWorld world;
  world.scripts.SetAgentFields(&HealthField, nullptr);
  std::vector<std::string> printed;
  world.scripts.SetPrint([&](std::string_view line) { printed.emplace_back(line); });
  TreeSpec spec{.file = "fields.xml"};
  spec.Behavior("EXEC", "ExecuteLua")
      .params.push_back(world.Code("code", "agent.log('a') print('health', entity.health, agent.mana, 1.5)"));
  world.Build(spec);
  CHECK(world.Tick(1).events == Events{"lua a"});
  CHECK(printed == std::vector<std::string>{"health\t1\tnil\t1.5"});
  // Outside a run, the agent is no one.
  CHECK(bt::loaders::LuaAgent<TraceAgent>(world.scripts.State()) == nullptr);
}
