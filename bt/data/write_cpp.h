// bt/data/write_cpp.h — a tree built at run time, written back out as C++.
//
// A game ships the trees its designers edited as data compiled in: static
// aggregates with their names in the debugger, no build at start-up, and the
// compiled tick (bt/engine/compiled_tick.h). WriteTreeAsCpp writes a tree as the
// BT_DEFINE_* declarations of bt/core/macros.h, calling the functions by the C++
// names the BT_REGISTER_* macros recorded, so that the file, compiled into the
// game, is the same tree: the same names, parameters, flags, preconditions,
// DBlocks, group behaviors, random sources, variables and the classic groups'
// numbers (BT_RESULTS, BT_COUNT, BT_SECONDS, BT_CHANCE, BT_TRANSITIONS with
// their conditions as BT_DEFINE_CONDITIONs, BT_SCOPE), the states' transitions on
// events (BT_EVENT_TRANSITIONS, by the events' ids) and timestamps
// (bt::TimestampVariable), so the same stamp
// and layout, and the same calls tick for tick.
//
//   const bt::data::CppWriteResult cpp = bt::data::WriteTreeAsCpp(*built.tree, registry,
//       {.includes = {"game/guard_functions.h"}, .nameSpace = "trees"});
//   if (!cpp.Ok()) ... cpp.errors ...
//   std::ofstream("guard_tree.h") << cpp.text;
//
// The file reads top-down: behaviors first (each once, as the deciders that run
// it share it), then the deciders from the root down, depth first, each group
// before its children (BT_CHILDREN declares them). It defines the tree with
// external linkage; include it in one .cpp, where TickBehaviorTreeCompiled can
// see it, and declare it elsewhere with BT_DECLARE_DECIDER.
//
// Names: a decider or behavior name that is not a C++ identifier is made one
// (characters other than letters, digits and '_' become '_', runs of '_' one,
// a leading digit or '_' gets an 'N' before it, a keyword a '_' after it, a name
// taken already "_2", "_3"..., in the order the file defines them); its
// original name is kept as the debug name (BT_DEBUG_NAME, BT_DEFINE_BEHAVIOR__FULL),
// so the tree shows and stamps as before.
//
// Conditions written as expressions (bt/data/expression_condition.h) become C++
// Decide functions computing the same value: fully parenthesized, operands in
// the same order, && and || short-circuiting where the program does, value
// functions called by their C++ names with the same literal arguments (a
// constant by its C++ name), variables read by index. They take the agent as
// CppWriteOptions::agentType.
//
// Refused, with every reason listed: a name bound to a stub (stub mode), or
// any function, random source, constant or value function the registry does
// not hold — there is no C++ to call.
#pragma once

#include <string>
#include <vector>

#include "bt/data/built_tree.h"
#include "bt/data/registry.h"

namespace bt::data {

struct CppWriteOptions {
  // The C++ name of what to tick, the root decider (its debug name stays the
  // tree's: BT_DEBUG_NAME). Empty: the root's own name. A tree's variables are
  // an option of its root, BT_VARIABLES(ROOT_Variables).
  std::string treeName = {};
  // Headers declaring the game's functions, #included in this order.
  std::vector<std::string> includes = {};
  // Where the declarations go ("game::trees"); empty: the global namespace.
  // Registered names are looked up from there, as C++ looks them up.
  std::string nameSpace = {};
  // The agent type the functions of expression conditions take ("Guard").
  // Needed only when the tree has such conditions.
  std::string agentType = {};
  // The C++ name of the bt::ScopeFinder the tree's GroupScopes take
  // (BuildOptions::findScope's). Needed only when the tree has a GroupScope.
  std::string scopeFinder = {};
};

struct CppWriteResult {
  std::string text;                 // the whole file; empty when refused
  std::vector<std::string> errors;  // why it was refused, one reason each

  bool Ok() const { return errors.empty(); }
  // The errors, one per line.
  std::string ErrorText() const;
};

// The tree below `root`, its functions found in `registry`.
CppWriteResult WriteTreeAsCpp(const DeciderDef& root, const Registry& registry, const CppWriteOptions& options = {});
// The same for a built tree, each decider marked with where its file wrote it.
CppWriteResult WriteTreeAsCpp(const BuiltTree& tree, const Registry& registry, const CppWriteOptions& options = {});

// `name` as a C++ identifier by the rules above (without the "_2" of a taken name).
std::string CppIdentifier(std::string_view name);

}  // namespace bt::data
