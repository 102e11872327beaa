// bt/core/classic.h — what the classic node kinds need beside their policy.
//
// The other seed systems (Unvanquished, Drag[en]gine, Lumberyard MBT, CryEngine)
// build trees of sequences, selectors, parallels, loops and decorators that tick
// their children rather than ask them. bt runs them as group policies
// (bt/core/kinds.def: the rows of the Classic family) of the same engine, with these rules
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

#include <bit>
#include <cstdint>

#include "bt/core/kinds.h"
#include "bt/core/name_id.h"

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
// (bt/engine/kinds/state_machine.cpp). `event` is the name, for the debug views
// (DebugPrintState, the DOT picture, gdb); null: they show the id.
struct Transition {
  std::uint32_t onEvent = 0;
  std::uint8_t to = 0;
  const char* event = nullptr;
};

// The transition on the event `name` to state `to`, with its name:
// BT_EVENT_TRANSITIONS(bt::OnEvent("OnEnemySeen", 1)).
constexpr Transition OnEvent(const char* name, std::uint8_t to) { return Transition{NameId(name), to, name}; }

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

// Whether a group of this policy reads NodeConfig's `field` (the `reads` column
// of bt/core/kinds.def). The macros (BT_RESULTS, BT_COUNT, BT_SECONDS, BT_CHANCE,
// BT_TRANSITIONS, BT_SCOPE: bt/core/macros.h), the tree builder and the C++ writer
// give a field only to a group whose policy reads it.
constexpr bool ReadsConfig(GroupPolicy policy, ConfigField field) {
  return field != ConfigField::None && PolicyTraitsOf(policy).reads == field;
}

namespace detail {
static_assert(kGroupPolicyCount <= 64, "a policy set is one 64-bit word");
// The policies whose row has `value` in `column`, one bit each.
template <class Column>
constexpr std::uint64_t PolicySet(Column PolicyTraits::*column, Column value) {
  std::uint64_t set = 0;
  for (unsigned p = 0; p < kGroupPolicyCount; ++p)
    if (kPolicyTraits[p].*column == value) set |= std::uint64_t{1} << p;
  return set;
}
constexpr bool InPolicySet(std::uint64_t set, GroupPolicy policy) {
  const auto p = static_cast<unsigned>(policy);
  return p < 64 && ((set >> p) & 1u) != 0;
}
inline constexpr std::uint64_t kClassicPolicies = PolicySet(&PolicyTraits::family, PolicyFamily::Classic);
inline constexpr std::uint64_t kOneChildPolicies = PolicySet(&PolicyTraits::children, PolicyChildren::One);
inline constexpr std::uint64_t kSideBySidePolicies = PolicySet(&PolicyTraits::children, PolicyChildren::SideBySide);

// Whether `set` is the last rows of the table, from its first one on: then one
// compare answers whether a policy is in it.
constexpr bool IsLastRows(std::uint64_t set) {
  if (set == 0) return false;
  const int first = std::countr_zero(set);
  const std::uint64_t all = kGroupPolicyCount == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << kGroupPolicyCount) - 1;
  return set == (all & ~((std::uint64_t{1} << first) - 1));
}
}  // namespace detail

// Whether a policy is one of the classic ones (the walk hands them to bt/engine/kinds/).
// The walk asks at every group it passes: while the classic rows are the last
// ones, one compare (which counts a value past the last policy, held by no
// initialized tree, as classic); else the bit test. The order of the rows
// decides only which test is made.
constexpr bool IsClassicPolicy(GroupPolicy policy) {
  if constexpr (detail::IsLastRows(detail::kClassicPolicies))
    return static_cast<unsigned>(policy) >= static_cast<unsigned>(std::countr_zero(detail::kClassicPolicies));
  else
    return detail::InPolicySet(detail::kClassicPolicies, policy);
}
// Whether a group of this policy has exactly one child.
constexpr bool IsDecoratorPolicy(GroupPolicy policy) { return detail::InPolicySet(detail::kOneChildPolicies, policy); }
// Whether its children each have their own memory, and may be active together.
constexpr bool HasSideBySideChildren(GroupPolicy policy) {
  return detail::InPolicySet(detail::kSideBySidePolicies, policy);
}

}  // namespace bt
