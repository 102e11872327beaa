// demo/creatures/sandbox.h — one tick of the sandbox: the world steps, then
// every creature's tree decides and its behavior acts.
//
// The sandbox also notes which behavior decider each creature ran after each
// tick, so callers see transitions ("tick 42, c: REST -> FLEE") without
// hooking into the tick.
#pragma once

#include <vector>

#include "bt/tree.h"
#include "bt/why.h"
#include "world.h"

namespace creatures {

inline constexpr float kTickSeconds = 1.0f / 30.0f;
inline double TimeOfTick(int tick) { return tick * double{kTickSeconds}; }

struct Transition {
  int tick = 0;
  int creature = 0;                      // index into World::creatures
  const bt::DeciderDef* from = nullptr;  // behavior decider before the tick; null: none
  const bt::DeciderDef* to = nullptr;    // and after it
};

struct Sandbox {
  World world;
  std::vector<const bt::DeciderDef*> running;  // per creature: its behavior decider after the last tick
  std::vector<bt::WhyRecord> why;              // per creature: why its last tick did what it did
  int tick = 0;                                // the next tick to run
};

void ResetSandbox(Sandbox& sandbox, const WorldConfig& config);

// Runs one tick; appends the creatures whose behavior changed to `transitions`.
void StepSandbox(Sandbox& sandbox, std::vector<Transition>& transitions);

// The decider's name, or "-" for none.
const char* NameOf(const bt::DeciderDef* decider);

}  // namespace creatures
