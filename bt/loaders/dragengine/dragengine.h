// bt/loaders/dragengine/dragengine.h — Drag[en]gine behavior-tree XML (a <behaviorTree> file;
// bt/loaders/dragengine/README.md).
//
// The file holds exactly one rule; subtree files hold any number (run as a
// sequence). Each rule maps onto bt's classic kinds as the engine's behavior-tree
// script runs it:
//   sequence / choice    Sequence / Fallback; its conditions are the group's Decide,
//                        read on entry and again before each next child
//                        (kCallDecideOnRedecide); loop="true" is kLoopChildren
//   subtree / subTree    a Sequence of the subtree file's top-level rules (the
//                        element's loop and doNotFail read, its conditions not)
//   action name=         a behavior running the registered action `name`; its
//                        conditions are read at EVERY run (kRecheckEveryTick)
//   success / failure / running / yield    the built-in Succeed / Fail / Halt / Yield
//   doNotFail="true"     a Decorator (kSuppressFailure) around the rule
// A rule's parameters are its decider's named Text parameters, so its action and
// its conditions read them (ctx.Params()). A rule with no conditions has no
// Decide; one condition in mode allTrue or anyTrue is its Decide. Any other set of
// conditions (several, or allFalse / anyFalse) is a small gate of nodes, each
// asking one condition (a `Succeed` whose Decide is the condition, inverted by a
// Decorator for the *False modes) under a Sequence (all*) or a Fallback (any*),
// so the conditions are asked in order and stop where the engine's do: an action
// or leaf runs under a Concurrent of [gate, leaf] (the gate first at every run);
// a sequence is [gate, child, gate, child, ..., gate]; a choice nests
// Fallback(child, Sequence(gate, Fallback(next, ...))). A sequence or choice
// without children is Fail (Succeed with doNotFail).
//
// Node names: the rule's id when it has one (ids with a leading '.' take the
// nearest enclosing sequence/choice id; inside a subtree file the subtree's id and
// a '.' are prefixed, nested prefixes accumulating), else "TAG@LINE:COLUMN", an
// action with the name of what it runs, "action reload@15:5" (with the file for a
// subtree file's rules, "action patrol@sub/patrol.xml:3:5"). Helper nodes
// are named after their rule ("wander:doNotFail", "wander:if playerNearby").
//
// The rules' built-ins Succeed, Fail, Halt and Yield are the registry's when
// it has them, else bt's (bt::data::WithBuiltinBehaviors adds the missing
// ones). Action and condition names are looked up in the registry;
// in stub mode unknown ones become stubs (a stub condition is false, as the
// engine's missing condition). Every malformed file gives one error
// "file:line:column: message" (the engine stops at its first), never a crash.
//
// Each rule's outermost node has kCountsRuleRuns, so a tick counts the engine's
// rule runs (bt/core/classic.h) and fails with RedecideLimit where the engine's step
// throws: more than bt::kMaxRuleRuns (100) runs in one step.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "bt/data/registry.h"
#include "bt/data/tree_builder.h"
#include "bt/loaders/load_options.h"
#include "bt/core/tree.h"

namespace bt::loaders {

// Deepest nesting of rules (subtrees included) the loader accepts.
inline constexpr int kMaxDragengineDepth = 32;  // bt::kMaxTreeDepth: a deeper tree cannot be built

// Longest rule id, prefixes included [bytes]: a node name (bt::data::kMaxNameBytes)
// with room for the names of its helper nodes.
inline constexpr std::size_t kMaxDragengineIdBytes = bt::data::kMaxNameBytes - 64;

// The spec of a file whose text is `text` (its subtree files found and read as
// `options` says, beside `file`), or its error.
struct DragengineParse {
  bt::data::TreeSpec spec;
  std::vector<bt::data::BuildError> errors;
  // The files read (their paths and texts), which the spec's places refer to:
  // keep it until the spec is built.
  std::shared_ptr<const void> sources;
  bool Ok() const { return errors.empty(); }
};
DragengineParse ParseDragengine(std::string_view text, const std::string& file, const LoadOptions& options = {});

// Parses and builds (the text entry, for tests and the fuzzer).
bt::data::BuildResult LoadDragengine(std::string_view text, const std::string& file, const bt::data::Registry& registry,
                                     const LoadOptions& options = {});

// Loads the file at `path` and every file it names (LoadOptions), and builds it.
bt::data::BuildResult LoadDragengineFile(const std::string& path, const bt::data::Registry& registry,
                                         const LoadOptions& options = {});

// The Drag[en]gine save of an agent: the id of its current (running) rule, or ""
// when none runs (the next step starts at the root). A rule without an id gives
// its node name ("action reload@3:5").
std::string DragengineCurrentRuleId(const bt::DeciderDef& root, std::span<const std::byte> memory);

// Its import, the engine's load of a saved current rule: the agent's block
// (fresh, or any: its active path is stopped first) made to go on at the rule
// `id` (an id DragengineCurrentRuleId gave) at its next step. The rule's action
// and every node above it are Activated now (bt::ResumeAt), and the next step
// runs the action (Tick) as the engine runs its restored current rule, its
// conditions asked as at every run; the engine's "action first run" flag has no
// counterpart: a bt action's first run is its Activate, called here. "" restores
// no rule: the next step starts at the root. An unknown id, or one naming a rule
// that cannot be current (a sequence or choice: only a leaf rule runs), is an
// error, with the block unchanged. Not carried: what an action keeps in its
// memory, which a save by id does not hold; so a restored `yield` rule yields
// once more (bt's Yield keeps in its memory that it yielded).
struct DragengineRestore {
  bt::Status status = bt::Status::NoBehavior;  // Running: resumed; NoBehavior: "" (nothing to resume)
  std::string error;                          // empty when restored
  bool Ok() const { return error.empty(); }
};
DragengineRestore RestoreDragengineRule(const bt::DeciderDef& root, void* agent, bt::TypeTag agentType,
                                        std::span<std::byte> memory, double time, std::string_view id);
template <class Agent>
DragengineRestore RestoreDragengineRule(const bt::DeciderDef& root, Agent& agent, std::span<std::byte> memory,
                                        double time, std::string_view id) {
  void* erased;
  bt::TypeTag type;
  bt::detail::EraseAgent(root, &agent, erased, type);
  return RestoreDragengineRule(root, erased, type, memory, time, id);
}

}  // namespace bt::loaders
