// bt/classic.h — what the classic node kinds need beside their policy.
//
// The other seed systems (Unvanquished, Drag[en]gine, Lumberyard MBT, CryEngine)
// build trees of sequences, selectors, parallels, loops and decorators that tick
// their children rather than ask them. bt runs them as group policies
// (bt/kinds.def: Sequence ... RandomGate) of the same engine, with these rules
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
//   each has its own memory (bt/memory.h: the children's regions lie one after
//   the other instead of on top of each other).
// Spore groups and classic groups nest freely in one tree.
#pragma once

#include <cstdint>

#include "bt/kinds.h"

namespace bt {

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

// The numbers a classic node kind reads from its definition (DeciderDef::config).
struct NodeConfig {
  ResultMap results{};     // Decorator
  std::uint32_t count = 0; // Loop: times the child is done (0: forever); LoopUntilSuccess: attempts (0: forever)
  float seconds = 0;       // Cooldown: [seconds] after the child's last failure before it is ticked again
  float chance = 1;        // RandomGate: probability the gate opens on entry, in [0, 1]
};

// The fields of NodeConfig, each read by the policies ReadsConfig names. The
// macros (BT_RESULTS, BT_COUNT, BT_SECONDS, BT_CHANCE: bt/macros.h), the tree
// builder and the C++ writer give a field only to a group whose policy reads it.
enum class ConfigField : std::uint8_t { Results, Count, Seconds, Chance };
constexpr bool ReadsConfig(GroupPolicy policy, ConfigField field) {
  switch (field) {
    case ConfigField::Results: return policy == GroupPolicy::Decorator;
    case ConfigField::Count: return policy == GroupPolicy::Loop || policy == GroupPolicy::LoopUntilSuccess;
    case ConfigField::Seconds: return policy == GroupPolicy::Cooldown;
    case ConfigField::Chance: return policy == GroupPolicy::RandomGate;
  }
  return false;
}

// Whether a policy is one of the classic ones (the walk hands them to bt/classic_tick.cpp).
constexpr bool IsClassicPolicy(GroupPolicy policy) {
  return static_cast<unsigned>(policy) >= static_cast<unsigned>(GroupPolicy::Sequence);
}
// Whether a group of this policy has exactly one child.
constexpr bool IsDecoratorPolicy(GroupPolicy policy) {
  return policy == GroupPolicy::Decorator || policy == GroupPolicy::Loop || policy == GroupPolicy::LoopUntilSuccess ||
         policy == GroupPolicy::Cooldown || policy == GroupPolicy::RandomGate;
}
// Whether its children each have their own memory, and may be active together.
constexpr bool HasSideBySideChildren(GroupPolicy policy) {
  return policy == GroupPolicy::Selector || policy == GroupPolicy::Parallel || policy == GroupPolicy::Concurrent;
}

}  // namespace bt
