// bt/core/behavior.h — the constant definition of a behavior.
//
// A behavior is the code that acts: Activate, Tick and Deactivate, each
// optional. The engine calls them through these type-erased pointers; the
// BT_DEFINE_BEHAVIOR* macros fill them with thunks that cast the agent and the
// memory block back to the types the user's functions take.
#pragma once

#include "bt/core/block_type.h"
#include "bt/core/context.h"
#include "bt/core/kinds.h"

namespace bt {

// Activate returns false to fail at once (its decider's group redecides); the
// behavior still gets its Deactivate, so the two are always paired.
using ActivateFn = bool (*)(void* agent, void* memory, const Context& context);
using TickFn = Result (*)(void* agent, void* memory, const Context& context);
using DeactivateFn = void (*)(void* agent, void* memory, const Context& context);
struct EventContext;  // bt/engine/events.h
// Called when an event reaches the behavior while it is active (bt/engine/events.h).
using EventFn = void (*)(void* agent, void* memory, const EventContext& context);

struct BehaviorDef {
  const char* name;                    // shown by the debugger and debug output
  ActivateFn activate = nullptr;       // null: activation succeeds
  TickFn tick = nullptr;               // null: keeps running until interrupted
  DeactivateFn deactivate = nullptr;   // null: nothing to clean up
  BlockType memory{};                  // constructed before Activate, destroyed after Deactivate
  TypeTag agentType = kNoType;         // the agent type its functions take; kNoType: any
  // Whether its Tick takes the Context (the macros know; a loader may leave it
  // true). When false, the tick does not build one: for a small behavior that is
  // a good part of the cost of ticking it.
  bool tickTakesContext = true;
  // The DBlock type its functions take as a parameter (bt/core/macros.h); none (size
  // 0): they take none. Its decider's DBlock must be of this type
  // (TreeProblem::DBlockMismatch), so the thunks hand it over unchecked.
  BlockType dblock{};
  // Whether one of its functions takes the Context, and so may read a DBlock with
  // Context::DBlock<T>(); a decider's DBlock that no function can read is
  // refused (TreeProblem::DBlockUnread). A loader may leave it true.
  bool takesContext = true;
  // Reacts to the events sent to its agent while it is active (MBT's
  // HandleEvent: WaitForEvent); null: events pass it by.
  EventFn onEvent = nullptr;
};

}  // namespace bt
