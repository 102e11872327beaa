// bt/behavior.h — the constant definition of a behavior.
//
// A behavior is the code that acts: Activate, Tick and Deactivate, each
// optional. The engine calls them through these type-erased pointers; the
// BT_DEFINE_BEHAVIOR* macros fill them with thunks that cast the agent and the
// memory block back to the types the user's functions take.
#pragma once

#include "bt/block_type.h"
#include "bt/context.h"
#include "bt/kinds.h"

namespace bt {

// Activate returns false to fail at once (its decider's group redecides); the
// behavior still gets its Deactivate, so the two are always paired.
using ActivateFn = bool (*)(void* agent, void* memory, const Context& context);
using TickFn = Result (*)(void* agent, void* memory, const Context& context);
using DeactivateFn = void (*)(void* agent, void* memory, const Context& context);

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
};

}  // namespace bt
