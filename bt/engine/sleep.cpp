// bt/engine/sleep.cpp — whether the agent a tick leaves running may sleep (bt/engine/sleep.h).
#include "bt/engine/sleep.h"

#include <algorithm>
#include <limits>

#include "bt/core/classic.h"
#include "bt/core/debug_output.h"
#include "bt/engine/detail/tick_state.h"

namespace bt {

void Context::SleepUntilActiveTime(float seconds) const {
  // activeTime is a difference of float times after the block's epoch, which
  // float resolves to 0.12 ms up to kRebaseSeconds: a millisecond early is
  // surely before a tick whose activeTime reaches `seconds`.
  constexpr double kFloatTimesSlack = 1e-3;
  SleepUntil(SleepTimeBefore(time + (static_cast<double>(seconds) - static_cast<double>(activeTime)) - kFloatTimesSlack));
}

namespace detail {
namespace {

constexpr double kAwake = -std::numeric_limits<double>::infinity();

// The Spore policies, which choose only on activation and on a masked redecide;
// of them only the PrioritizedList decides anything per tick (its hysteresis).
bool ChoosesOnlyOnTransitions(GroupPolicy policy) {
  switch (policy) {
    case GroupPolicy::PrioritizedList:
    case GroupPolicy::Random:
    case GroupPolicy::Shuffle:
    case GroupPolicy::Sequential:
    case GroupPolicy::Scored: return true;
    default: return false;
  }
}

// NoteWakeTime's answer: the wake time, or -inf (kAwake) when the agent stays awake.
double WakeTime(const TickState& t) {
  const DeciderDef* leaf = t.runningDecider;
  if (t.why != nullptr || t.runningPath != nullptr || leaf == nullptr || leaf->behavior == nullptr) return kAwake;
#if BT_DEBUG_OUTPUT
  if (DebugWanted(1, t.agent)) return kAwake;
#endif
  double wake;
  if (t.sleep != nullptr && t.sleep->decider == leaf) wake = t.sleep->until;
  else if (leaf->behavior->tick == nullptr) wake = std::numeric_limits<double>::infinity();  // nothing to tick
  else return kAwake;
  // A tick kRebaseSeconds after the epoch moves it, rewriting the block's times.
  wake = std::min(wake, SleepTimeBefore(t.header->epoch + kRebaseSeconds));
  // The active path, from the root: what a tick would do at each decider on it.
  const DeciderDef* d = t.root;
  for (int depth = 0; depth < kMaxTreeDepth; ++depth) {
    if (d->data->walk & (kWalkClassic | kWalkRecheck)) return kAwake;  // a condition re-checked, or a classic group
    if (d->kind == DeciderKind::Behavior) return d == leaf && wake > t.time ? wake : kAwake;  // NaN wakes too
    if (d->behavior != nullptr || !ChoosesOnlyOnTransitions(d->policy)) return kAwake;  // a group behavior ticks
    // The walk below is the block's: each tick reads it the same way.
    const std::uint8_t active = reinterpret_cast<const SlotHeader*>(t.region + d->data->slotOffset)->activeChild;
    if (active >= d->childCount) return kAwake;
    if (d->policy == GroupPolicy::PrioritizedList) {
      for (int i = 0; i < active; ++i) {
        const Preconditions& pre = d->children[i]->preconditions;
        if (!pre.decision.Passes(t.decisionFlags) || !pre.stimuli.Passes(t.stimuliFlags)) continue;  // rejected, no call
        if (!(pre.timerSeconds > 0)) return kAwake;  // its Decide would be called
        // Rejected by its timer until it opens (TimerPasses), then decided: wake then.
        const float lastDecide = Timers(t)[d->children[i]->data->timerIndex];
        if (!(t.sinceEpoch - static_cast<double>(lastDecide) < pre.timerSeconds)) return kAwake;
        wake = std::min(wake, SleepTimeBefore(t.header->epoch + (static_cast<double>(lastDecide) + pre.timerSeconds)));
      }
    }
    d = d->children[active];
  }
  return kAwake;
}

}  // namespace

void NoteWakeTime(const TickState& t, double& wakeTime) {
  if (const double wake = WakeTime(t); wake != kAwake) wakeTime = wake;
}

}  // namespace detail
}  // namespace bt
