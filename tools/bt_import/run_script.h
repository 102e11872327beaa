// tools/bt_import/run_script.h — `bt_import --run`: a tree file ticked against a
// script, one line per tick (bt/loaders/README.md, "--run").
//
// The file is built twice: in stub mode, for the names it needs, then against a
// ScriptedRegistry (tools/bt_import/scripted_registry.h) holding a scripted
// function for each. Its own built-in nodes run for real. A tick:
//   1. the clock is set to the tick's time;
//   2. `cond NAME=V` sets the declared variable NAME (MBT, selection trees) and
//      every condition, Decide or value function NAME (Drag[en]gine,
//      Unvanquished), from then on; `missing NAME` makes action NAME fail to start;
//   3. each `event NAME`, in order: the tree's signal variables of NAME
//      (bt::ApplySignal), then bt::SendEvent (timestamps, state machines, waits);
//   4. the tree is ticked once, and a line written:
//        ACTIONS | STATUS   ACTIONS: the scripted actions ticked, in order ("-": none);
//                           STATUS: S (Done), F (nothing active: failed), R, E
//                           (the redecide limit or another refusal), "-" (stopped)
//        LEAF               selection trees: the action the selected leaf runs, or "-"
//      and with `lifecycle`, "lifecycle: " and the enter:X / exit:X markers of
//      scripted actions ("-": none), where the format has them: MBT both
//      (OnInitialize, OnTerminate), Unvanquished enter (an action's first entry).
// An MBT root that ends (S or F) stops the tree: later ticks print "- | -".
// Unvanquished and Drag[en]gine start again at the root.
//
// Script nodes (MBT's Lua) are the file's own code: LuaGate, ExecuteLua,
// AssertLua and LuaWrapper run it for real, in a fresh bt::loaders::LuaScripts
// (the runner's own: load.scripts is ignored) whose `agent.vars` are the tree's
// declared variables (as `cond` sets them). The game is not there: no shared
// definitions (a global function the game defines is nil), no agent functions or
// fields (`agent.NAME` is nil, so `agent.NAME()` is a Lua error) — the Lua
// error rejects a LuaGate, fails an AssertLua or a LuaWrapper's onEnter, and
// is only reported for an ExecuteLua (which always succeeds). Lua errors and
// `print` lines go to RunResult::scriptMessages, never into the tick lines.
// LuaBehavior runs the game's Lua, so it is a scripted action like any other.
#pragma once

#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "bt/loaders/load_options.h"
#include "bt/loaders/load_tree_file.h"
#include "bt/loaders/tree_format.h"
#include "tools/bt_import/script.h"

namespace bt_import {

// How the file is loaded: bt::loaders::LoadTreeFile, or a test's own. A tree's
// signal variables (MBT and selection-tree <SignalVariables>) come declared with
// its variables, so each `event` sets them as bt::SendEvent delivers it.
using TreeLoader = std::function<bt::loaders::LoadedTree(const std::string& path, const bt::data::Registry& registry,
                                                         const bt::loaders::LoadOptions& options)>;

struct RunOptions {
  bool lifecycle = false;              // the `lifecycle: ` lines
  bt::loaders::LoadOptions load = {};  // searchPath (--path), read (not scripts: the runner's own)
  TreeLoader loader = [](const std::string& path, const bt::data::Registry& registry,
                         const bt::loaders::LoadOptions& options) {
    return bt::loaders::LoadTreeFile(path, registry, options);
  };
};

struct RunResult {
  std::string output;  // the tick lines; or the load errors, one per line, then "load error"
  bool ok = false;     // loaded and ran
  // Names the script gives that the tree never reads (a typo?), each "LINE: message"
  // with the script's line; they change nothing.
  std::vector<std::string> warnings;
  // What the file's Lua code said: "tick N: lua error: MESSAGE" and "tick N: lua
  // print: LINE", in order (N: the script's tick; 0 before the first).
  std::vector<std::string> scriptMessages;
};

// How each format's run reads (step 4 above).
struct RunRules {
  bool leafLines = false;   // LEAF lines (selection trees)
  bool stopsAtEnd = false;  // a root that ends stops the tree (MBT)
  bool enterMarkers = false;
  bool exitMarkers = false;
  // An enter marker on an action's first entry as Unvanquished has it (its
  // botMind->currentNode), not on each Activate.
  bool firstEntry = false;
};
RunRules RunRulesOf(bt::loaders::TreeFormat format);

// Runs the file at `treePath` through `ticks` (ParseScript's).
RunResult RunScript(const std::string& treePath, const std::vector<ScriptTick>& ticks, const RunOptions& options = {});

}  // namespace bt_import
