// bt/core/context.h — what user functions are told about the tick they run in.
#pragma once

#include <cstdint>
#include <limits>
#include <span>

#include "bt/core/block_type.h"
#include "bt/core/param.h"
#include "bt/core/random.h"

namespace bt {

struct DeciderDef;
class VariableBlock;

// A behavior's word that its Ticks before `until` would do nothing (bt/engine/sleep.h):
// written by Context::SleepUntil during a tick that a crowd may let sleep.
struct SleepRequest {
  const DeciderDef* decider = nullptr;  // the behavior decider whose Tick asked
  double until = 0;                     // [seconds] +inf: until woken
};

// Given to Decide functions.
struct DecideContext {
  double time = 0;                  // [seconds] the time passed to this tick
  float dt = 0;                     // [seconds] since the previous tick
  std::uint32_t decisionFlags = 0;  // as passed to the tick
  std::uint32_t stimuliFlags = 0;   // as passed to the tick
  const DeciderDef* decider = nullptr;  // the decider deciding
  VariableBlock* variables = nullptr;   // the agent's variables (bt/core/variables.h); null if the tree has none

  // The deciding decider's constant parameters (bt/core/param.h); defined in bt/core/decider.h.
  std::span<const Param> Params() const;
};

// Given to a behavior's Activate, Tick and Deactivate.
struct Context {
  double time = 0;                  // [seconds] the time passed to this tick
  float dt = 0;                     // [seconds] since the previous tick
  float activeTime = 0;             // [seconds] since this behavior was activated
  std::uint32_t behaviorFlags = 0;  // the flags its decider gives it (Spore S15)
  std::uint32_t decisionFlags = 0;
  std::uint32_t stimuliFlags = 0;
  const DeciderDef* decider = nullptr;  // the decider that activated the behavior
  const void* dblock = nullptr;         // what that decider's Decide filled
  TypeTag dblockType = kNoType;
  std::uint16_t dblockSize = 0;         // [bytes] the decider's DBlock holds
  VariableBlock* variables = nullptr;   // the agent's variables (bt/core/variables.h); null if the tree has none
  // The block's random state (bt/core/random.h); null in a Tick that takes no Context.
  std::uint32_t* randomState = nullptr;
  // Where a Tick's SleepUntil is recorded; null (nothing recorded) outside a
  // Tick and in a tick that no one may skip.
  SleepRequest* sleep = nullptr;

  // A draw from the agent's block generator (0 without one): what MBT's Wait
  // variation and other built-in behaviors draw, saved with the block.
  std::uint32_t Random() const { return randomState != nullptr ? NextRandomState(*randomState) : 0; }

  // Its decider's constant parameters (bt/core/param.h); defined in bt/core/decider.h.
  std::span<const Param> Params() const;

  // From a Tick that returns Running: this behavior's Ticks at times before
  // `wakeTime` would return Running and do nothing else (call nothing, change
  // nothing), so a crowd may skip them (bt/engine/sleep.h says when it does). The
  // behavior keeps its promise, e.g. by storing an end time rather than adding up dt.
  void SleepUntil(double wakeTime) const {
    if (sleep != nullptr) *sleep = {decider, wakeTime};
  }
  // The same until the game wakes the agent (bt::Crowd::Wake): for a behavior
  // waiting for an event or a flag the game changes.
  void SleepUntilWoken() const { SleepUntil(std::numeric_limits<double>::infinity()); }
  // The same until this behavior's activeTime could reach `seconds`: a little
  // before, as the block's float times round (bt/engine/sleep.h: SleepTimeBefore).
  void SleepUntilActiveTime(float seconds) const;

  // The DBlock the decider's Decide filled, or null when the decider declared no
  // DBlock of type T. A behavior function that takes `const T&` instead gets it
  // checked when the tree is (bt/core/macros.h), never null. Valid from Activate to Deactivate. The size is checked too:
  // a tree loaded from data may pair a type with a block of another size.
  template <class T>
  const T* DBlock() const {
    return dblockType == TypeTagOf<T>() && dblockSize == sizeof(T) ? static_cast<const T*>(dblock) : nullptr;
  }
};

}  // namespace bt
