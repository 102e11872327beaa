// bt/engine/detail/tick_state.h — what one tick carries (TickState), how it
// reaches a decider's slot, and how it records its first error; with the checks
// of the times the block keeps, which fail the tick where a damaged one is read.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>

#include "bt/core/context.h"
#include "bt/core/decider.h"
#include "bt/core/memory.h"
#include "bt/core/running_path.h"
#include "bt/core/tree.h"
#include "bt/engine/detail/block_reading.h"

namespace bt::detail {

// A tick's state. Its DecideContext part (time, dt, the flags, the variables)
// is what every Decide gets: Evaluate sets only its decider, and the context is
// not copied out of the state at every tick.
struct TickState : DecideContext {
  const DeciderDef* root;
  void* agent;
  MemoryHeader* header;
  std::byte* region;  // the decider region of the block
  RunningPath* runningPath;  // the block's running path (bt/core/running_path.h); null when the tree keeps none
  double sinceEpoch;  // [seconds] time minus the block's epoch
  float blockTime;    // the same as the block keeps times (float): what activations and timers store
  int redecides;
  int redecideLimit;
  // Rule runs this tick (kCountsRuleRuns, bt/core/classic.h): 1, the run that starts
  // it (the root's, or the running rule's), plus those the classic groups count.
  int ruleRuns;
  // TreeData::classicExtras: one byte the classic rules test on every child they
  // start or end, instead of the running path and each child's flags.
  bool classicExtras;
  // Debug output wanted for this agent (at any level) or a why-record: the tick's
  // steps are traced. Decided once, as the tick starts, like the steady walk's copy.
  bool traced;
  // The active path below the group being walked was checked for damage
  // (FindDamage) as a whole: at a classic or re-checked group, or before the
  // compiled tick handed over. The walk checks each group itself until then.
  bool pathChecked;
  Status error;                      // Running while no error
  const DeciderDef* errorDecider;
  // The behavior decider that ticked Running; a classic group that ends its tick
  // Running corrects it where needed (bt/engine/detail/classic_rules.h: ReportRunningBehavior).
  const DeciderDef* runningDecider;
  const char* deactivation;          // why the Deactivates under way happen, for debug output
  WhyRecord* why;                    // the tick's why-record (bt/engine/why.h), or null
  SleepRequest* sleep;               // where a Tick's Context::SleepUntil goes (bt/engine/sleep.h); null: nowhere
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

// The block's timers (one float per timer precondition and Cooldown): found
// when one is read, rather than set up on every tick.
inline float* Timers(const TickState& t) {
  return reinterpret_cast<float*>(reinterpret_cast<std::byte*>(t.header) + t.root->data->tree.timersOffset);
}

// Records the tick's first error and the decider it names; later ones are dropped.
inline bool Fail(TickState& t, Status status, const DeciderDef& d) {
  if (t.error == Status::Running) {
    t.error = status;
    t.errorDecider = &d;
  }
  return false;
}

// What a decider's timer precondition does when it is evaluated (Spore S06: the
// delay counts from the last call to its Decide).
enum class TimerUse : std::uint8_t {
  kCheck,    // a choice: rejects within the delay, else restarts the timer
  kRestart,  // a redecide with kCallDecideOnRedecide: not checked (the timer paces activation), but restarted
};

// Whether a time the block keeps (an activation, a timer's last Decide, after the
// epoch) is one a healthy block holds at this tick: not after it (times never go
// backwards), not before the clock's range, not NaN. A timer holds -inf until its
// first Decide. Anything else is damage, reported where the time is read, by both
// ticks alike: CorruptMemory naming the decider whose time it is.
inline bool BlockTimeFits(const TickState& t, float at) { return at >= kEarliestBlockTime && at <= t.blockTime; }
inline bool TimerStampFits(const TickState& t, float at) {
  return BlockTimeFits(t, at) || at == -std::numeric_limits<float>::infinity();
}

// Whether d's activation time (its slot's) fits (BlockTimeFits); else the tick
// fails with CorruptMemory naming d, and d's Tick is not called.
inline bool ActivationFits(TickState& t, const DeciderDef& d, float activatedAt) {
  if (BlockTimeFits(t, activatedAt)) [[likely]]
    return true;
  return Fail(t, Status::CorruptMemory, d);
}

// Context::activeTime of d, activated at `activatedAt`: 0 when that time is
// damaged (ActivationFits failed the tick), for the Deactivate that still pairs d's Activate.
inline float ActiveTime(TickState& t, const DeciderDef& d, float activatedAt) {
  return ActivationFits(t, d, activatedAt) ? t.blockTime - activatedAt : 0.0f;
}

// Whether d's timer `stamp` fits (TimerStampFits); else the tick fails with
// CorruptMemory naming d, and the timer is forgotten (-inf, never started), so
// the ticks after it start afresh as after any damage.
inline bool TimerFits(TickState& t, const DeciderDef& d, float& stamp) {
  if (TimerStampFits(t, stamp)) [[likely]]
    return true;
  stamp = -std::numeric_limits<float>::infinity();
  return Fail(t, Status::CorruptMemory, d);
}

// Passes d's timer precondition of `seconds`, whose last Decide was at
// `lastDecide` (written when it passes), as `use` says; a damaged time read
// rejects (TimerFits).
inline bool TimerPasses(TickState& t, const DeciderDef& d, float& lastDecide, float seconds, TimerUse use) {
  if (use == TimerUse::kCheck) {
    if (!TimerFits(t, d, lastDecide)) [[unlikely]]
      return false;
    if (t.sinceEpoch - static_cast<double>(lastDecide) < seconds) return false;
  }
  lastDecide = t.blockTime;
  return true;
}

}  // namespace bt::detail
