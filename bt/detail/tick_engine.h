// bt/detail/tick_engine.h — the tick's internal state and steps, shared by the
// reference tick (bt/tick.cpp) and the compiled tick (bt/compiled_tick.h).
//
// The compiled tick runs the steady state — hysteresis Decides and the active
// behaviors' Ticks — as code generated for one tree, and hands every transition
// (activation, interruption, masked redecide, any policy but the prioritized
// list's hysteresis, preconditions, DBlocks) to these functions, so the rules
// live in one place and both ticks read and write the same memory block.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>

#include "bt/context.h"
#include "bt/decider.h"
#include "bt/memory.h"
#include "bt/tree.h"

namespace bt::detail {

// Storage for a DecideContext that is not constructed with its TickState: the
// compiled tick fills it only when it calls into the reference engine, and a
// default member initializer would cost it four stores every tick.
struct LazyDecideContext {
  union {
    DecideContext value;
  };
  LazyDecideContext() {}
};

struct TickState {
  const DeciderDef* root;
  void* agent;
  MemoryHeader* header;
  std::byte* region;  // the decider region of the block
  float* timers;
  double time;
  float dt;
  std::uint32_t decisionFlags;
  std::uint32_t stimuliFlags;
  int redecides;
  int redecideLimit;
  Status error;                      // Running while no error
  const DeciderDef* errorDecider;
  const DeciderDef* runningDecider;  // the behavior decider that ticked Running
  LazyDecideContext decideContext;   // filled once a tick; Evaluate sets only .decider
};

// A chosen child and the DBlock its Decide filled, kept off the memory block
// until the child is activated (its slot may still belong to the active sibling).
struct Choice {
  int index = -1;
  alignas(kMaxAlignment) std::byte dblock[kMaxDBlockBytes > 0 ? kMaxDBlockBytes : 1];
};

inline std::byte* SlotBytes(TickState& t, const DeciderDef& d, std::uint32_t base) {
  return t.region + base + d.data->slotOffset;
}

inline SlotHeader& Slot(TickState& t, const DeciderDef& d, std::uint32_t base) {
  return *reinterpret_cast<SlotHeader*>(SlotBytes(t, d, base));
}

inline void* BehaviorMemory(TickState& t, const DeciderDef& d, std::uint32_t base) {
  return SlotBytes(t, d, base) + d.data->memoryOffset;
}

// Records the tick's first error and the decider it names; later ones are dropped.
inline bool Fail(TickState& t, Status status, const DeciderDef& d) {
  if (t.error == Status::Running) {
    t.error = status;
    t.errorDecider = &d;
  }
  return false;
}

// The block's own generator (xorshift32), for Random and Shuffle groups without one of the agent's.
inline std::uint32_t NextBlockRandom(MemoryHeader& header) {
  std::uint32_t x = header.rng;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  header.rng = x;
  return x;
}

// Times a tick accepts, before the block is read: not NaN or infinite, dt not
// negative, and time within float's range (the block keeps times as float, and
// beyond it a time would become infinite for good). Each test fails on NaN.
inline bool TimesAcceptable(double time, float dt) {
  return std::fabs(time) <= std::numeric_limits<float>::max() && dt >= 0 && dt <= std::numeric_limits<float>::max();
}

// A Shuffle group's order (after its SlotHeader) holds indices into its children;
// a damaged block may hold anything there.
inline bool ShuffleOrderFits(const std::byte* slot, int childCount) {
  const auto* order = reinterpret_cast<const std::uint8_t*>(slot + sizeof(SlotHeader));
  bool fits = true;
  for (int i = 0; i < childCount; ++i) fits &= order[i] < childCount;
  return fits;
}

// Handed to a Tick that takes no Context (BehaviorDef::tickTakesContext).
inline constexpr Context kNoContext{};

Context MakeContext(TickState& t, const DeciderDef& d, std::uint32_t base);

// Preconditions, then Decide: > 0 accepts.
float Evaluate(TickState& t, const DeciderDef& d, std::byte* dblock, bool checkTimer, int depth);

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

}  // namespace bt::detail
