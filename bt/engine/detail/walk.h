// bt/engine/detail/walk.h — the steps of a tick's walk down the tree, shared by
// the reference tick (bt/engine/tick.cpp) and the compiled
// tick (bt/engine/compiled_tick.h), and called by the node kinds (bt/engine/kinds/).
//
// The compiled tick runs the steady state — hysteresis Decides and the active
// behaviors' Ticks — as code generated for one tree, and hands every transition
// it does not write out to these functions; both ticks read and write the same
// memory block.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "bt/core/context.h"
#include "bt/core/decider.h"
#include "bt/core/tree.h"
#include "bt/engine/detail/block_reading.h"
#include "bt/engine/detail/tick_state.h"

namespace bt::detail {

// Damage found at group `g` (at `base`): what lies below it cannot be known, so
// g's children are forgotten and the tick fails with Status::CorruptMemory
// naming g; the end of the tick deactivates g and what is above it.
inline Result FailCorrupt(TickState& t, const DeciderDef& g, std::uint32_t base) {
  ClearActiveChildren(SlotBytes(t, g, base), g);
  Fail(t, Status::CorruptMemory, g);
  return Result::Failed;
}

// Whether the path from `top` (at `base`) down, active since an earlier tick
// and not walked this tick, fits the tree; else the tick fails at its first
// damaged group (FailCorrupt). Checked before anything on it is called or
// deactivated.
inline bool OldPathFits(TickState& t, const DeciderDef& top, std::uint32_t base) {
  std::uint32_t damagedBase = 0;
  const DeciderDef* damaged = FindDamage(t.region, top, base, &damagedBase);
  if (damaged == nullptr) [[likely]]
    return true;
  FailCorrupt(t, *damaged, damagedBase);
  return false;
}

// Handed to a Tick that takes no Context (BehaviorDef::tickTakesContext).
inline constexpr Context kNoContext{};

inline Context MakeContext(TickState& t, const DeciderDef& d, std::uint32_t base) {
  Context c;
  c.time = t.time;
  c.dt = t.dt;
  c.activeTime = ActiveTime(t, d, Slot(t, d, base).activatedAt);  // in float, as stored: 0 when just activated
  c.behaviorFlags = d.behaviorFlags;
  c.decisionFlags = t.decisionFlags;
  c.stimuliFlags = t.stimuliFlags;
  c.decider = &d;
  c.variables = t.variables;
  c.randomState = &t.header->rng;
  if (d.dblock.size != 0) {
    c.dblock = SlotBytes(t, d, base) + d.data->dblockOffset;
    c.dblockType = d.dblock.type;
    c.dblockSize = d.dblock.size;
  }
  return c;
}

// Preconditions, then Decide: > 0 accepts.
float Evaluate(TickState& t, const DeciderDef& d, std::byte* dblock, TimerUse timer, int depth);

// A draw for group g: its own random source, or the block's generator.
std::uint32_t NextRandom(TickState& t, const DeciderDef& g);

// A fresh choice among g's children not in mask, by g's policy; out.index -1 if none accepts.
void Choose(TickState& t, const DeciderDef& g, std::uint32_t base, std::uint64_t mask, Choice& out, int depth);

// A new round of a Shuffle group: a fresh permutation, the cursor at its start.
void Reshuffle(TickState& t, const DeciderDef& g, std::uint32_t base);

// Ticks d (activating it first when isNew), with everything below it.
Result TickDecider(TickState& t, const DeciderDef& d, std::uint32_t base, bool isNew, int depth);

// In group g, deactivates the active child, activates choice's and ticks it.
Result Interrupt(TickState& t, const DeciderDef& g, std::uint32_t base, const Choice& choice, int depth);

// In group g, whose active child just ended with `result`: the masked redecide.
Result RedecideAfter(TickState& t, const DeciderDef& g, std::uint32_t base, Result result, int depth);

// The order of a decider's start and end, in both ticks and every kind of group
// (and ResumeAt): a decider is on the active path (its group's slot, or the
// header's rootActive, names it) only while its behavior's memory is
// constructed, so no callback — a memory constructor or destructor, a Decide,
// Activate, Tick or Deactivate, a debug output or refusal hook, an onEvent —
// finds a behavior on the path (where an event's delivery reaches it,
// bt/engine/events.h) whose memory is not made yet, or no longer:
// - starting: StartSlot (its slot, DBlock and memory), then its group marks it,
//   then TickDecider(..., isNew = true) activates and ticks it;
// - ending: its group unmarks it, then Deactivate (its Deactivates, deepest
//   first, then each memory destroyed).
// So a subtree being deactivated hears no event, and one being started hears
// events from its Activate on.

// Starts d's slot from now (no child active), with the DBlock its Decide filled,
// its behavior's memory constructed: for its group to mark it active next.
void StartSlot(TickState& t, const DeciderDef& d, std::uint32_t base, const std::byte* dblock);

// Deactivates d, already off the active path, and everything below it, deepest first.
void Deactivate(TickState& t, const DeciderDef& d, std::uint32_t base, int depth);

// A block of `block`'s type at `at`: constructed (zeroed without a constructor); destroyed.
void ConstructBlock(const BlockType& block, void* at);
void DestroyBlock(const BlockType& block, void* at);

// The tick's checks and the block's start at `time` (dt 0), for an entry point
// that changes the block outside a tick; {Running} to go on, else the refusal.
TickResult EnterBlock(TickState& t, const char* operation, const DeciderDef& root, void* agent, TypeTag agentType,
                      std::span<std::byte> memory, double time);

// A group's group behavior, if it has one: activated (isNew) and ticked. Running
// when it has none; a result that is not Running ends the group.
Result TickGroupBehavior(TickState& t, const DeciderDef& g, std::uint32_t base, bool isNew, int depth);

// A classic group (bt/core/classic.h, bt/engine/kinds/classic.cpp): its group behavior, then its policy.
Result TickClassicGroup(TickState& t, const DeciderDef& g, std::uint32_t base, bool isNew, int depth);

// The rules of the policies each in a file of its own (bt/<kind>_tick.cpp), called by TickClassicGroup.
Result TickPriority(TickState& t, const DeciderDef& g, std::uint32_t base, bool isNew, int depth);
Result TickSelectionStateMachine(TickState& t, const DeciderDef& g, std::uint32_t base, bool isNew, int depth);
Result TickGroupScope(TickState& t, const DeciderDef& g, std::uint32_t base, bool isNew, int depth);

// The state a SelectionStateMachine would select now (its current one, or its
// first when it is not on the active path, moved along its transitions): the
// one child its delegated Decide asks (bt/engine/kinds/selection_state_machine.cpp).
int SelectionStateMachineTarget(TickState& t, const DeciderDef& g, int depth);

// A GroupScope being deactivated gives back the place it took (bt/engine/kinds/group_scope.cpp).
void LeaveGroupScope(TickState& t, const DeciderDef& g, std::uint32_t base);

// kRecheckEveryTick: an active decider's preconditions and Decide again; false when it rejects.
bool Recheck(TickState& t, const DeciderDef& d, int depth);

#if BT_DEBUG_OUTPUT
// The level 4-5 lines of a group's walk going on into its active child `index`, for
// every kind (bt/engine/tick.cpp): Spore S11's "continuing child ..." and "next_decider_push ...".
void DebugContinuingChild(TickState& t, const DeciderDef& child, int index, float groupActivatedAt, int depth);
#endif

// A child of a classic group that keeps one active child (not side by side),
// as the classic rules start and end one (bt/engine/kinds/classic.cpp): checked,
// activated and ticked (one that rejects fails, never activated); deactivated
// because it ended or for `why`.
Result StartClassicChild(TickState& t, const DeciderDef& g, std::uint32_t base, int i, int depth);
void EndClassicChild(TickState& t, const DeciderDef& g, std::uint32_t base, int i, const char* why, int depth);

// The first behavior active below d (at base), in preorder, or null: the one a
// classic group with children side by side reports running (classic::ReportRunningBehavior).
const DeciderDef* FirstActiveBehavior(const std::byte* region, const DeciderDef& d, std::uint32_t base, int depth);

// MBT StateMachine (bt/engine/kinds/state_machine.cpp): applies a pending transition, then ticks the current state.
Result TickStateMachine(TickState& t, const DeciderDef& g, std::uint32_t base, bool isNew, int depth);
// An event reaching the active StateMachine g whose slot is `slot`: a transition
// of the state it is headed for, if one matches, becomes pending. True when one did.
bool StateMachineHears(std::byte* slot, const DeciderDef& g, std::uint32_t event);

}  // namespace bt::detail
