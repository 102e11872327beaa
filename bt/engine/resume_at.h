// bt/engine/resume_at.h — starting an agent at a given behavior, as a save that names
// only its running node restores it (Drag[en]gine keeps the current rule's id).
//
// ResumeAt activates the path from the root down to `target` and nothing else:
// the next tick goes on at `target` as at a behavior that ticked Running before,
// the groups above it going on from it by their own rules. Along the path,
// root first, each decider is started as a fresh start starts it (its slot
// active from `time`, its DBlock a fresh one, its behavior's memory, if it has
// one (a group's too), constructed, then its group's active child set to it)
// and its behavior Activated — so every Activate the agent's behaviors need before their next
// Tick is called, and each gets its Deactivate when the path ends. What is NOT
// called: Decides and preconditions (a restore does not ask again what the saved
// agent had already chosen) and Ticks (the next tick ticks `target`, as it
// ticks a behavior active since an earlier tick).
//
// Only groups whose one active child is all their state can be entered at a
// child: PrioritizedList, Random, Scored, Sequence, Selector, Fallback,
// Concurrent, Decorator, Cooldown and RandomGate (open). The others
// (Sequential, Shuffle, Parallel, the loops, Priority, the state machines,
// GroupScope) keep state the path does not give.
#pragma once

#include <cstddef>
#include <span>

#include "bt/core/tree.h"

namespace bt {

// Makes the block's active path the root ... `target`; any path active before is
// deactivated first (StopBehaviorTree). Returns, nothing changed unless said:
// - what the tick refuses on the same input (TickBehaviorTree, dt 0), reported
//   as "resume refused: ...";
// - InvalidTree, naming `target`: it is not a behavior decider of root's tree;
//   naming a group: a group on the way that cannot be entered at a child (above);
// - NoBehavior, naming the decider: its Activate refused; the path activated
//   above it (it included) is deactivated, innermost first;
// - Stopped: a callback stopped the agent; the path is deactivated;
// - Running, naming `target`: done; the next tick goes on at `target`.
// A tree that keeps a running path (bt/core/running_path.h) has the path noted on
// it as a tick that ends Running at `target` notes it.
TickResult ResumeAt(const DeciderDef& root, void* agent, TypeTag agentType, std::span<std::byte> memory, double time,
                    const DeciderDef& target) noexcept;

template <class Agent>
TickResult ResumeAt(const DeciderDef& root, Agent* agent, std::span<std::byte> memory, double time,
                    const DeciderDef& target) noexcept {
  void* erased;
  TypeTag type;
  detail::EraseAgent(root, agent, erased, type);
  return ResumeAt(root, erased, type, memory, time, target);
}
template <class Agent>
TickResult ResumeAt(const DeciderDef& root, Agent& agent, std::span<std::byte> memory, double time,
                    const DeciderDef& target) noexcept {
  return ResumeAt(root, &agent, memory, time, target);
}

}  // namespace bt
