// tools/bt_import/scripted_registry.h — the game functions a tree file names,
// made up: registered functions that answer what a script (or nothing) says.
//
// A file is first built in stub mode (every unknown name a stub), which lists the
// names it needs (BuildResult::bindings). MakeScriptedRegistry registers, beside
// the built-in behaviors, one function per stubbed name, so the file builds again
// against real registered functions:
// - an action: the scripted Activate / Tick / Deactivate, which read the action's
//   name from their Context (its decider's behavior) and ask the ScriptWorld;
// - a condition, Decide or value function: one of a pool of functions, each
//   reading its own slot of ScriptWorld::slots (a DecideFn or ValueFn is not told
//   its own name, so each name gets a function of its own);
// - a random source: a generator kept in the ScriptWorld; a constant: 0.
// Each is registered with a C++ spelling in namespace bt_import_stubs (see
// tools/bt_import/emit_cpp.h), so a tree built against it can be written as C++.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "bt/data/registry.h"
#include "bt/data/tree_builder.h"
#include "bt/loaders/load_options.h"
#include "bt/loaders/lua/lua_scripts.h"
#include "bt/engine/scope.h"
#include "tools/bt_import/script.h"

namespace bt_import {

// Most conditions, Decides and value functions one scripted file may name.
inline constexpr std::size_t kMaxScriptedSlots = 64;

// The agent of a scripted run: the world as the script says it is.
struct ScriptWorld {
  std::array<double, kMaxScriptedSlots> slots{};            // what each condition, Decide, value function returns
  std::set<std::string, std::less<>> missing;               // actions that no longer exist (`missing NAME`)
  const std::vector<ActionResults>* results = nullptr;      // this tick's `NAME=STATUSES`
  std::map<std::string, std::uint64_t, std::less<>> calls;  // this tick's Ticks so far, by action
  std::vector<std::string> called;                          // this tick's Ticks, in order
  std::vector<std::string> lifecycle;                       // this tick's "enter:X" / "exit:X", in order
  bool recordEnter = false;                                 // Activates are lifecycle markers in this format
  bool recordExit = false;                                  // Deactivates are
  // Enter markers on first entry (Unvanquished): an action's call is one unless
  // the last call of an action was this node's and it returned Running.
  bool firstEntry = false;
  const bt::DeciderDef* currentNode = nullptr;
  std::uint32_t random = 1;                                 // the random sources' state
  // The run's scopes (MBT GroupScope), one per name, made when first asked for:
  // the run's one agent is alone in each, so a GroupScope lets it in unless it
  // allows no user at all.
  std::map<std::string, bt::Scope, std::less<>> scopes;

  // Starts a tick: its results, no calls or markers yet.
  void StartTick(const std::vector<ActionResults>& tickResults);
};

// The tree's GroupScopes find their scope in the run's ScriptWorld (BuildOptions::findScope).
bt::Scope* FindScriptScope(void* world, const char* name);

// One name the file needs, as registered.
struct ScriptedName {
  bt::data::BindingKind kind = bt::data::BindingKind::Action;
  std::string name;
  bt::data::Signature params;  // positional, as first used
  std::string cpp;             // its C++ name, in namespace bt_import_stubs
  int slot = -1;               // conditions, Decides and value functions
};

struct ScriptedRegistry {
  bt::data::Registry registry;      // the built-in behaviors and every name below
  std::vector<ScriptedName> names;  // in the order of the bindings
  std::vector<std::string> errors;  // names that could not be registered

  bool Ok() const { return errors.empty(); }
  // The slots `name` answers through (a name may be a condition and a value function): none when unused.
  std::vector<int> SlotsOf(std::string_view name) const;
  bool IsAction(std::string_view name) const;
};

// The file's own nodes: the built-in behaviors, and with `lua` the MBT Lua nodes
// that run the file's code (bt::loaders::RegisterLuaCodeNodes), in `lua`, for a
// ScriptWorld agent. LuaBehavior runs the game's code: it stays a game action.
void RegisterFileNodes(bt::data::Registry& registry, bt::loaders::LuaScripts* lua);

// The registry for every stubbed binding of `stubBuild`, a successful build in stub
// mode (its tree gives each action's argument types; a Decide's are Numbers),
// beside the file's own nodes (RegisterFileNodes).
ScriptedRegistry MakeScriptedRegistry(const bt::data::BuildResult& stubBuild, bt::loaders::LuaScripts* lua = nullptr);

// The registry stub mode builds against: the file's own nodes only (RegisterFileNodes).
bt::data::Registry BuiltinRegistry(bt::loaders::LuaScripts* lua = nullptr);

// Script nodes (MBT's Lua) not run (--emit-cpp): every chunk "compiles" to
// handle 0, so the node binds to its registered name ("LuaGate",
// "ExecuteLua"...), which the ScriptedRegistry scripts like any other.
class UnrunScripts final : public bt::loaders::ScriptCompiler {
 public:
  std::int64_t Compile(std::string_view, std::string_view, std::string&) override { return 0; }
};

}  // namespace bt_import
