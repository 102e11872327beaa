// bt/data/tree_builder.h — building a tree from a TreeSpec and a Registry.
//
// BuildTree checks every name of the spec against the registry, every call's
// arguments against the registered signature, every child reference (cycles
// included), then builds the tree into one allocation (bt/data/built_tree.h)
// and runs InitializeTreeData on it — the analysis every macro tree gets. Every
// problem is an error naming the place, as a compiler would:
//
//   guard.bt:12:5: decider ATTACK: unknown action 'Shot' (closest: 'Shoot', 'Shout')
//
// A node's condition written as an expression (NodeSpec::Condition) is compiled
// here, against the registry's value functions and constants and the spec's
// variables; its program lies in the tree's allocation and ExpressionCondition
// is the decider's Decide (bt/data/expression_condition.h). An error in it is
// placed at the fault when the spec says where the text starts:
//
//   guard.bt:12:29: decider FLEE: condition: expected an operand after '&&'
//
// Input is untrusted: any spec gives a tree or errors, never a crash. The build
// reports the names the spec needs from the game (its bindings), so a tool can
// list them; in stub mode every unknown name is bound to a stub
// (bt/data/stubs.h), so tools can load, print, draw and tick any file without
// the game's code.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "bt/data/built_tree.h"
#include "bt/data/registry.h"
#include "bt/data/tree_spec.h"

namespace bt::data {

// Longest name (node, function, parameter, variable) a spec may use [bytes].
inline constexpr std::size_t kMaxNameBytes = 256;
// Longest text or expression parameter [bytes].
inline constexpr std::size_t kMaxTextBytes = 4096;
// Most nodes one spec may hold (the root reaches at most bt::kMaxTreeDeciders of them).
inline constexpr std::size_t kMaxSpecNodes = 65535;
// The error of a spec past kMaxSpecNodes, placed at its first node past the
// limit; a loader whose file expands (Refs, gates) stops there with it too.
std::string TooManyNodesMessage();
// Errors reported by one build; the rest are counted in a last one.
inline constexpr std::size_t kMaxBuildErrors = 100;

struct BuildOptions {
  // Bind every unknown action, condition, Decide, random source and constant to a
  // stub; in a condition expression, every unknown value function (a stub returning
  // 0) and constant argument (0). Cry variables are the spec's: never stubbed.
  bool stubUnknownNames = false;
  Result stubTick = Result::Running;  // what an action stub's Tick returns
  bool stubConditionAccepts = false;  // a condition or Decide stub: false (rejects) or true (1.0)
  // How the tree's GroupScopes find the game's scope objects (bt/engine/scope.h): each
  // GroupScope's config.findScope. A spec with a GroupScope needs it (in stub
  // mode, none: every GroupScope finds no scope, so it fails).
  ScopeFinder findScope = nullptr;
};

struct BuildError {
  std::string message;  // whole: "guard.bt:12:5: decider ATTACK: unknown action 'Shot'"
  std::string file;
  std::uint32_t line = 0;
  std::uint32_t column = 0;
  std::string node;  // the node at fault, when there is one
};

// A name the spec uses, as the game must provide it.
struct Binding {
  BindingKind kind = BindingKind::Action;
  std::string name;
  std::size_t arity = 0;  // positional arguments at its first use
  bool stubbed = false;   // not registered: bound to a stub (stub mode)
  // Where it is first used (line 0: not known), as BuildError places a fault.
  std::string file = {};
  std::uint32_t line = 0;
  std::uint32_t column = 0;
};

struct BuildResult {
  std::shared_ptr<const BuiltTree> tree;  // null when there are errors
  std::vector<BuildError> errors;
  std::vector<Binding> bindings;  // in order of first use

  bool Ok() const { return tree != nullptr; }
  // The errors, one per line.
  std::string ErrorText() const;
};

BuildResult BuildTree(const TreeSpec& spec, const Registry& registry, const BuildOptions& options = {});

// "number", "bool", "text", "symbol", "expression".
const char* ParamTypeName(ParamType type);

}  // namespace bt::data
