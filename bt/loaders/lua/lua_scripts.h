// bt/loaders/lua/lua_scripts.h — the Lua 5.4 script engine of MBT's Lua nodes.
//
// LuaScripts is a ScriptCompiler (bt/loaders/load_options.h): a loader hands it
// each chunk of code a tree file carries, once, at load; it compiles the chunk
// in a sandbox and returns a handle, which the node keeps as its Number
// parameter. The nodes that run the chunks are registered by RegisterLuaNodes
// (bt/loaders/lua/lua_nodes.h).
//
//   bt::loaders::LuaScripts scripts;
//   std::string error;
//   scripts.Define("function IsAppleGreen() return agent.vars.AppleGreen end", "game.lua", error);
//   bt::loaders::RegisterLuaNodes<Soldier>(registry, scripts);
//   options.scripts = &scripts;                       // LoadOptions: the loader compiles with it
//   ... load and build the tree ...
//   scripts.AddTree(tree->Root());                    // its variables become agent.vars
//
// ---------------------------------------------------------------- what a script sees
// Each compiled chunk has its own environment: a global it sets stays in it (and
// is shared by every agent that runs the chunk; per-agent state belongs in
// agent.vars or the game's agent). Reading a global looks, in order, in:
// - the chunk's own environment;
// - the shared definitions: what Define ran set (the game's functions, the
//   behavior tables of LuaBehavior);
// - the library: `agent` (also named `entity`, as CryEngine's scripts call it),
//   `print` (to the handler SetPrint gives; nothing without one), the base
//   functions assert error getmetatable ipairs next pairs pcall rawequal rawget
//   rawlen rawset select setmetatable tonumber tostring type xpcall _VERSION, and
//   the tables string (without string.dump), table, math, utf8 and os (clock and
//   time only).
// Not there: io, the rest of os, require/package, debug, coroutine, load, dofile,
// loadfile, collectgarbage; binary chunks are refused.
//
// `agent` is the agent being ticked, whose fields are:
// - agent.vars.NAME: the tree's declared variable NAME (bt/core/variables.h) of this
//   agent, read and written. A Bool is a Lua boolean (set: true or false); a
//   Number a Lua number (integral values read as integers; set: any number but
//   NaN). An undeclared name or a value of the wrong type is a Lua error. The
//   names come from the roots given to AddTree.
// - agent.NAME(...): a function the game added with AddAgentFunction; inside it,
//   LuaAgent<Agent>(L) is the agent, typed (null for an agent of another type).
// - any other agent.NAME read or written: the game's hooks of SetAgentFields,
//   called as __index (agent, key) and __newindex (agent, key, value); without
//   them a read is nil and a write an error.
//
// ---------------------------------------------------------------- safety
// Every run is a lua_pcall: a Lua error (a runtime error, a forbidden call, the
// limits below) never leaves Lua; the node fails, the message goes to LastError
// and the error handler. Limits (LuaLimits): each run may execute
// `instructionBudget` VM instructions (a count hook; an endless loop fails its
// node with "instruction budget of N exceeded"), and the state may hold
// `memoryBytes` (an allocation beyond fails with "not enough memory"). Known
// limit: a C library function runs outside the count, so a pathological
// string pattern (string.find of many `.*` on a long subject) can take long.
//
// Costs: ticking a tree without Lua nodes never enters Lua; the state allocates
// only while Lua runs (a gate that reads variables allocates nothing once warm:
// GetStats().allocations).
//
// Threads: one LuaScripts is one lua_State; its runs are serialized by a lock
// (a script that ticks another agent whose tree runs Lua re-enters it on the
// same thread, which is allowed). Callbacks (agent functions, print and error
// handlers) must not throw.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "bt/core/block_type.h"
#include "bt/loaders/load_options.h"

struct lua_State;
extern "C" {
typedef int (*lua_CFunction)(lua_State* L);
}

namespace bt {
struct DeciderDef;
class VariableBlock;
}  // namespace bt

namespace bt::loaders {

struct LuaLimits {
  int instructionBudget = 1'000'000;        // VM instructions one run may execute
  std::size_t memoryBytes = 64u << 20;      // [bytes] the Lua state may hold
};

// What a run is told about the tick it runs in (the nodes fill it).
struct LuaRun {
  void* agent = nullptr;
  TypeTag agentType = kNoType;
  const DeciderDef* decider = nullptr;   // the node's decider
  VariableBlock* variables = nullptr;    // the agent's variables; null: none
  double time = 0;
  float dt = 0;
};

// What one step of a Lua behavior (LuaBehavior) gave.
enum class LuaStep : std::uint8_t { Success, Failure, Running, Error };

class LuaScripts final : public ScriptCompiler {
 public:
  explicit LuaScripts(LuaLimits limits = {});
  ~LuaScripts() override;
  LuaScripts(const LuaScripts&) = delete;
  LuaScripts& operator=(const LuaScripts&) = delete;

  // Compiles `code` (Lua text) into its own environment: a handle >= 0, or -1 with
  // `error` set to Lua's message. `chunkName` "path/tree.xml:12" says the code
  // starts at line 12 of tree.xml (no ":LINE": line 1); every message of the
  // chunk, at compile or at run, names the file's base name and its own line,
  // however long the path: "tree.xml:12: unexpected symbol near 'x'" (the
  // chunk's line 1), "tree.xml:12: C stack overflow" (one Lua gives without a line).
  // `error` is cleared on success.
  std::int64_t Compile(std::string_view code, std::string_view chunkName, std::string& error) override;

  // Runs `code` with the shared definitions as its environment, within the
  // limits: the game's functions and behavior tables. False with `error` set.
  bool Define(std::string_view code, std::string_view chunkName, std::string& error);

  // The tree whose deciders' scripts read agent.vars: its root's declared
  // variables, by name. Every decider the root reaches is recorded (again for a
  // tree given again); ForgetTree drops them (a freed tree's deciders' addresses
  // may be reused by another's).
  void AddTree(const DeciderDef& root);
  void ForgetTree(const DeciderDef& root);

  // A function of the game's agent: agent.NAME(...) in scripts (false: no state,
  // or out of memory).
  bool AddAgentFunction(std::string_view name, lua_CFunction function);
  // The game's fields of the agent (see above); null: none.
  void SetAgentFields(lua_CFunction get, lua_CFunction set);
  // Where print writes its line (its arguments as tostring gives them, tab-separated).
  void SetPrint(std::function<void(std::string_view line)> print);
  // Called with the message of every error of a run (the node fails).
  void SetErrorHandler(std::function<void(std::string_view message)> handler);

  // The message of the last error of a run (empty: none yet).
  const std::string& LastError() const;

  struct Stats {
    std::uint64_t runs = 0;         // chunks and behavior steps run
    std::uint64_t errors = 0;       // of them, ended by an error
    std::uint64_t allocations = 0;  // allocations and growths the state made
    std::size_t bytesInUse = 0;     // [bytes] the state holds
  };
  Stats GetStats() const;

  // The state, for the game's own bindings (run them between ticks; the
  // sandbox's tables are in the registry, not in the state's globals).
  lua_State* State() const;

  // ---------------------------------------------------------- the nodes' side
  // The engine a handle names, and the chunk in it; null for a handle that is
  // not one of a live engine's.
  static LuaScripts* FromHandle(double handle, std::uint32_t& chunk);
  // The live engine of Id(), or null.
  static LuaScripts* FromId(std::uint32_t id);
  std::uint32_t Id() const;
  // Runs a chunk: false on an error; else `truth` is its first result's truth.
  bool Run(std::uint32_t chunk, const LuaRun& run, bool& truth);
  // Calls `function` ("Enter", "Update", "Exit") of the behavior table `name`
  // (a shared definition) with (agent, dt). A missing function: Running (Success for
  // Enter and Exit). Update returns "success", "failure", "running" or nothing (running).
  LuaStep StepBehavior(const char* name, const char* function, const LuaRun& run);

  // Records an error of a node that could not run (a bad parameter), as a run's.
  void ReportError(std::string_view message);

  // The engine running Lua on this state now, for the game's C functions.
  static LuaScripts* Of(lua_State* L);
  // The agent being ticked if it is of type `type`, else null.
  void* CurrentAgent(TypeTag type) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Inside a function the game added (AddAgentFunction, SetAgentFields): the agent
// being ticked, or null when it is not an Agent (or nothing runs).
template <class Agent>
Agent* LuaAgent(lua_State* L) {
  LuaScripts* scripts = LuaScripts::Of(L);
  return scripts != nullptr ? static_cast<Agent*>(scripts->CurrentAgent(TypeTagOf<Agent>())) : nullptr;
}

}  // namespace bt::loaders
