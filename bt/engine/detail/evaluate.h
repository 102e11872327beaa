// bt/engine/detail/evaluate.h — a decider's evaluation (preconditions, then Decide) as
// the reference engine's loops call it: the common case inline wherever a rule
// evaluates a child (bt/engine/tick.cpp, bt/engine/kinds/classic.cpp), the rest out of line.
#pragma once

#include <cstddef>

#include "bt/core/config.h"
#include "bt/core/debug_output.h"
#include "bt/engine/detail/spore_rules.h"
#include "bt/engine/detail/walk.h"

namespace bt::detail {

// Preconditions, delegation or a DBlock: the whole evaluation (spore::Evaluate, through bt/engine/walk.cpp).
float EvaluateWithChecks(TickState& t, const DeciderDef& d, std::byte* dblock, TimerUse timer, int depth);
// The level 5 debug line and the why-record's entry for a Decide's value (bt/engine/tick.cpp).
void NoteDecided(TickState& t, const DeciderDef& d, float value, int depth);

// The common case, kept short: a decider whose evaluation is only its Decide
// (DeciderData::decideOnly: no preconditions, no DBlock, no delegation), so the
// evaluation rule (spore::Evaluate) reaches it with every check constant.
template <bool kDebug>
struct DecideOnlyDecider {
  TickState& t;
  const DeciderDef& d;
  int depth;

  static constexpr bool DecisionPasses() { return true; }
  static constexpr bool StimuliPasses() { return true; }
  static constexpr bool TimerPasses(TimerUse) { return true; }
  static constexpr void ConstructDBlock(std::byte*) {}
  float Decide(std::byte* dblock) {
    if (!d.decide) return 1.0f;
    t.decider = &d;
    return d.decide(t.agent, dblock, t);
  }
  static constexpr bool ChildrenAccept() { return true; }
  static constexpr void NoteRejected(spore::Precondition) {}
  void NoteDecided([[maybe_unused]] float value) {
    if constexpr (kDebug) {
      if (t.traced) [[unlikely]]
        detail::NoteDecided(t, d, value, depth);  // which tests the level
    }
  }
};

template <bool kDebug>
[[gnu::always_inline]] inline float EvaluateDecideOnly(TickState& t, const DeciderDef& d, std::byte* dblock,
                                                       int depth) {
  DecideOnlyDecider<kDebug> c{t, d, depth};
  return spore::Evaluate(c, dblock, TimerUse::kCheck);
}

// Preconditions, then Decide. Returns the value (> 0 accepts, else 0); fills
// `dblock` when the decider has one. A failed precondition calls no Decide.
// Inline in the loops of the tick; Evaluate (bt/engine/detail/walk.h) is the
// same out of line. kDebug: with the debug line and the why-record's entry.
template <bool kDebug>
[[gnu::always_inline]] inline float EvaluateInline(TickState& t, const DeciderDef& d, std::byte* dblock,
                                                   TimerUse timer, int depth) {
  if (!d.data->decideOnly) [[unlikely]]
    return EvaluateWithChecks(t, d, dblock, timer, depth);
  return EvaluateDecideOnly<kDebug>(t, d, dblock, depth);
}

}  // namespace bt::detail
