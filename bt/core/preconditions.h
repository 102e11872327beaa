// bt/core/preconditions.h — checks made before a Decide is called (Spore S06).
//
// Often they make the Decide unnecessary. Any combination may be set on one
// decider; each unset part passes.
#pragma once

#include <cstdint>

namespace bt {

// Logical checks of a 32-bit flags word: every non-zero mask must pass.
struct FlagCheck {
  std::uint32_t anySet = 0;    // at least one of these bits is 1
  std::uint32_t allSet = 0;    // all of these bits are 1
  std::uint32_t anyClear = 0;  // at least one of these bits is 0
  std::uint32_t allClear = 0;  // all of these bits are 0

  constexpr bool IsSet() const { return (anySet | allSet | anyClear | allClear) != 0; }
  constexpr bool Passes(std::uint32_t flags) const {
    return (anySet == 0 || (flags & anySet) != 0) && (flags & allSet) == allSet &&
           (anyClear == 0 || (~flags & anyClear) != 0) && (flags & allClear) == 0;
  }
};

struct Preconditions {
  // Decide is called at most this often [seconds]; the delay counts from the last
  // call. 0 means no timer. Timers live in the agent's memory block.
  float timerSeconds = 0;
  FlagCheck decision;  // against the DecisionFlags passed to the tick
  FlagCheck stimuli;   // against the StimuliFlags passed to the tick

  constexpr bool IsSet() const { return timerSeconds > 0 || decision.IsSet() || stimuli.IsSet(); }

  // Chainable setters, so a declaration reads `bt::Preconditions{}.Every(2).DecisionAllSet(kDay)`.
  constexpr Preconditions Every(float seconds) const { auto p = *this; p.timerSeconds = seconds; return p; }
  constexpr Preconditions DecisionAnySet(std::uint32_t m) const { auto p = *this; p.decision.anySet |= m; return p; }
  constexpr Preconditions DecisionAllSet(std::uint32_t m) const { auto p = *this; p.decision.allSet |= m; return p; }
  constexpr Preconditions DecisionAnyClear(std::uint32_t m) const { auto p = *this; p.decision.anyClear |= m; return p; }
  constexpr Preconditions DecisionAllClear(std::uint32_t m) const { auto p = *this; p.decision.allClear |= m; return p; }
  constexpr Preconditions StimuliAnySet(std::uint32_t m) const { auto p = *this; p.stimuli.anySet |= m; return p; }
  constexpr Preconditions StimuliAllSet(std::uint32_t m) const { auto p = *this; p.stimuli.allSet |= m; return p; }
  constexpr Preconditions StimuliAnyClear(std::uint32_t m) const { auto p = *this; p.stimuli.anyClear |= m; return p; }
  constexpr Preconditions StimuliAllClear(std::uint32_t m) const { auto p = *this; p.stimuli.allClear |= m; return p; }
};

}  // namespace bt
