// bt/core/classic.h — what the classic node kinds need beside their policy.
//
// The other seed systems (Unvanquished, Drag[en]gine, Lumberyard MBT, CryEngine)
// build trees of sequences, selectors, parallels, loops and decorators that tick
// their children rather than ask them. bt runs them as group policies
// (bt/core/kinds.def: Sequence ... RandomGate) of the same engine, with these rules
// common to all of them:
// - Results: Done is the classic Success, Failed is Failure, Running is Running.
// - A child that rejects (a precondition or its Decide) counts as failed, without
//   being activated: a Decide on a classic node is a gate read on entry (MBT
//   IfCondition, a Drag[en]gine rule's conditions, Unvanquished `condition`).
//   With kRecheckEveryTick it is read again at every tick while the node runs,
//   and rejecting ends the node as failed.
// - A child that ends is deactivated at once, before its group goes on (MBT
//   terminates a node when it stops running): not kept active until replaced, as
//   in a Spore group.
// - Selector, Parallel and Concurrent children may be active side by side, so
//   each has its own memory (bt/core/memory.h: the children's regions lie one after
//   the other instead of on top of each other).
// - Rule runs (Drag[en]gine: more than 100 rule runs in one step is an error).
//   In a tree any of whose deciders has kCountsRuleRuns, each tick counts: 1
//   for the run that starts it (the root's, or the running rule's), 1 for each
//   flagged child a classic group starts (one that rejects too), and 1 each time
//   a classic group handles a flagged child's end. A run past kMaxRuleRuns, or a
//   tree that ends its tick (done or failed) on run kMaxRuleRuns, fails the tick
//   with RedecideLimit: the engine's error when its 100th run does not return
//   running. A loader flags the outermost node of each rule, not its helpers.
// Spore groups and classic groups nest freely in one tree.
#pragma once

#include <cstdint>

#include "bt/core/kinds.h"

namespace bt {

struct DeciderDef;
class Scope;

// Rule runs one tick may use (kCountsRuleRuns): Drag[en]gine's BTContext limit.
inline constexpr int kMaxRuleRuns = 100;

// One transition of a SelectionStateMachine (CryEngine selection-tree
// `<Transition state= condition=>` inside `<State>`): from child `from` to child
// `to` when `condition` accepts (its preconditions and Decide, > 0). The
// condition is a decider of its own, never activated (no behavior, no slot): a
// Decide with its own parameters (an expression's text), as a loader builds for
// any condition. It must be a plain Decide: no timer precondition, no DBlock,
// no delegation (InitializeTreeData: TreeProblem::BadSelectionTransition). A table, not
// extra children: conditions are not nodes that run, and the states keep child
// index == state index and their usual layout.
struct SelectionTransition {
  std::uint8_t from = 0;
  std::uint8_t to = 0;
  const DeciderDef* condition = nullptr;
};

// How a GroupScope finds the game's scope object for an agent: the game owns
// its scopes (bt/engine/scope.h), e.g. one per squad; null refuses the agent a place.
using ScopeFinder = Scope* (*)(void* agent, const char* name);

// What a Decorator returns for each result of its child: Unvanquished `invert`,
// `return(X)` and `mapStatus(f, s, r)`, MBT SuppressFailure, Drag[en]gine doNotFail.
struct ResultMap {
  Result done = Result::Done;
  Result failed = Result::Failed;
  Result running = Result::Running;

  constexpr Result operator()(Result result) const {
    return result == Result::Done ? done : result == Result::Failed ? failed : running;
  }
};

inline constexpr ResultMap kInvertResult{Result::Failed, Result::Done, Result::Running};
// The child's result whatever it is, Running included (Unvanquished `return(X)`).
constexpr ResultMap AlwaysResult(Result result) { return {result, result, result}; }
// Failure becomes Done (MBT SuppressFailure, Drag[en]gine doNotFail).
inline constexpr ResultMap kSuppressFailure{Result::Done, Result::Done, Result::Running};

// A StateMachine state's way out (MBT `<Transition to= onEvent=>`): the event
// bt::NameId(name) moves the machine to its state (child) `to` at its next tick
// (bt/engine/kinds/state_machine.cpp).
struct Transition {
  std::uint32_t onEvent = 0;
  std::uint8_t to = 0;
};

// The numbers a classic node kind reads from its definition (DeciderDef::config).
struct NodeConfig {
  ResultMap results{};     // Decorator
  std::uint32_t count = 0; // Loop: times the child is done (0: forever); LoopUntilSuccess: attempts (0: forever)
  float seconds = 0;       // Cooldown: [seconds] after the child's last failure before it is ticked again
  float chance = 1;        // RandomGate: probability the gate opens on entry, in [0, 1]
  // SelectionStateMachine: its transitions; a state's are tried in table order.
  const SelectionTransition* transitions = nullptr;
  std::uint16_t transitionCount = 0;
  // GroupScope (MBT `GroupScope name allowedConcurrentUsers`): the scope, and how
  // many agents may be inside it at once (MBT's default is 1).
  const char* scopeName = nullptr;
  std::uint32_t allowedUsers = 1;
  ScopeFinder findScope = nullptr;
  // A state of a StateMachine (any decider the machine lists as a child): its
  // transitions, read by the machine, the first that matches an event taken.
  const Transition* eventTransitions = nullptr;
  std::uint8_t eventTransitionCount = 0;
};

// The fields of NodeConfig, each read by the policies ReadsConfig names. The
// macros (BT_RESULTS, BT_COUNT, BT_SECONDS, BT_CHANCE, BT_TRANSITIONS, BT_SCOPE:
// bt/core/macros.h), the tree builder and the C++ writer give a field only to a group
// whose policy reads it. Transitions are transitions/transitionCount; Scope is
// scopeName, allowedUsers and findScope. eventTransitions is no such field: any
// decider may be a StateMachine's state (BT_ON_EVENT).
enum class ConfigField : std::uint8_t { Results, Count, Seconds, Chance, Transitions, Scope };
constexpr bool ReadsConfig(GroupPolicy policy, ConfigField field) {
  switch (field) {
    case ConfigField::Results: return policy == GroupPolicy::Decorator;
    case ConfigField::Count: return policy == GroupPolicy::Loop || policy == GroupPolicy::LoopUntilSuccess;
    case ConfigField::Seconds: return policy == GroupPolicy::Cooldown;
    case ConfigField::Chance: return policy == GroupPolicy::RandomGate;
    case ConfigField::Transitions: return policy == GroupPolicy::SelectionStateMachine;
    case ConfigField::Scope: return policy == GroupPolicy::GroupScope;
  }
  return false;
}

// Whether a policy is one of the classic ones (the walk hands them to bt/engine/kinds/classic.cpp).
constexpr bool IsClassicPolicy(GroupPolicy policy) {
  return static_cast<unsigned>(policy) >= static_cast<unsigned>(GroupPolicy::Sequence);
}
// Whether a group of this policy has exactly one child.
constexpr bool IsDecoratorPolicy(GroupPolicy policy) {
  return policy == GroupPolicy::Decorator || policy == GroupPolicy::Loop || policy == GroupPolicy::LoopUntilSuccess ||
         policy == GroupPolicy::Cooldown || policy == GroupPolicy::RandomGate || policy == GroupPolicy::GroupScope;
}
// Whether its children each have their own memory, and may be active together.
// One bit test (the walk asks it at every group it passes).
constexpr bool HasSideBySideChildren(GroupPolicy policy) {
  constexpr std::uint64_t kSideBySide = std::uint64_t{1} << static_cast<unsigned>(GroupPolicy::Selector) |
                                        std::uint64_t{1} << static_cast<unsigned>(GroupPolicy::Parallel) |
                                        std::uint64_t{1} << static_cast<unsigned>(GroupPolicy::Concurrent);
  return static_cast<unsigned>(policy) < 64 && ((kSideBySide >> static_cast<unsigned>(policy)) & 1u) != 0;
}

}  // namespace bt
