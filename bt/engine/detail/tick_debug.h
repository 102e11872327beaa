// bt/engine/detail/tick_debug.h — how the reference tick's walk (bt/engine/walk.cpp,
// bt/engine/detail/steady_walk.h) and entry (bt/engine/tick.cpp) write their debug
// output lines and why-record entries, and the lines' functions
// (bt/engine/tick_debug.cpp), all out of line.
#pragma once

#include <cstdint>

#include "bt/core/debug_output.h"
#include "bt/core/tree.h"
#include "bt/engine/detail/tick_state.h"
#include "bt/engine/detail/why_record.h"

// Debug output off the hot path: the level test stays inline and the formatting
// goes to a noinline helper, so the ticking functions keep small frames. (Not
// [[gnu::cold]]: GCC 12 then moved the code after the call to .text.unlikely too.)
// TickState::traced first: the level is read only in a tick that wants output.
#if BT_DEBUG_OUTPUT
#define BT_DEBUG_COLD(t, level, call)                                            \
  do {                                                                           \
    if ((t).traced && ::bt::detail::DebugWanted(level, (t).agent)) [[unlikely]] \
      call;                                                                      \
  } while (0)
#else
#define BT_DEBUG_COLD(t, level, call) \
  do {                                \
  } while (0)
#endif
// The steady path of the walk comes in two copies (template <bool kDebug>): one
// with the debug output checks, and one without any for the agents that have no
// debug output, whose hot functions then need no frame to survive a call.
#define BT_DEBUG_STEADY(t, level, call)                  \
  do {                                                   \
    if constexpr (kDebug) BT_DEBUG_COLD(t, level, call); \
  } while (0)
// The why-record (bt/engine/why.h) sits beside the debug output: recorded only when the
// tick has one (BT_WHY, bt/engine/detail/why_record.h), and in the steady path only in
// the kDebug copy, which a tick with a record takes (DebugOn).
#define BT_WHY_STEADY(t, call)             \
  do {                                     \
    if constexpr (kDebug) BT_WHY(t, call); \
  } while (0)

namespace bt::detail {

#if BT_DEBUG_OUTPUT
// The preconditions in the order they are checked, for the evaluation line.
enum class DebugCheck { Decision, Stimuli, Timer, None };

// Spore S11's lines (bt/engine/tick_debug.cpp says which is which).
void DebugDecided(TickState& t, const DeciderDef& d, float value, int depth);
void DebugRejected(TickState& t, const DeciderDef& d, DebugCheck failed, int depth);
void DebugProcessing(TickState& t, const DeciderDef& d, bool isNew, std::uint64_t mask, bool redecide, int depth);
void DebugChildrenDecide(TickState& t, int runIndex, int shuffleIndex, int depth);
void DebugChose(TickState& t, const DeciderDef& g, int index, int shuffleIndex, int depth);
void DebugVisit(TickState& t, const DeciderDef& d, std::uint32_t base, bool isNew, int depth);
void DebugTickBehavior(TickState& t, const DeciderDef& d, std::uint32_t base, int depth);
void DebugContinuing(TickState& t, const DeciderDef& g, std::uint32_t base, int active, int depth);
void DebugBeginTick(TickState& t);
void DebugEndTick(TickState& t, Status status);
#endif

}  // namespace bt::detail
