// bt/engine/detail/why_record.h — the tick's calls that fill a why-record (bt/engine/why.h).
//
// The tick (bt/engine/tick.cpp) calls these at its decision points, beside its debug
// output, only when TickState::why is set (BT_WHY); they are out of line, so a
// tick without a record carries none of their code in its hot functions.
#pragma once

#include <cstdint>

#include "bt/engine/detail/line_writer.h"
#include "bt/engine/detail/tick_state.h"
#include "bt/engine/why.h"

// Records a step only when the tick has a why-record: out of the way of ticks without one.
#define BT_WHY(t, call)                        \
  do {                                         \
    if ((t).why != nullptr) [[unlikely]] call; \
  } while (0)

namespace bt::detail {

// Starts the record for a tick of root at `time`; the transitions are kept.
void WhyBeginTick(WhyRecord& why, const DeciderDef& root, double time);
void WhyEndTick(WhyRecord& why, const TickResult& result);

// The record as FormatWhy writes it, for DebugPrintState to append.
void AppendWhy(LineWriter& writer, const WhyRecord& why);

[[gnu::noinline]] void WhyVisit(TickState& t, const DeciderDef& g, bool isNew, int active, int depth);
[[gnu::noinline]] void WhyRejected(TickState& t, const DeciderDef& d, WhyReject reject, int depth);
[[gnu::noinline]] void WhyDecided(TickState& t, const DeciderDef& d, float value, int depth);
[[gnu::noinline]] void WhyOffer(TickState& t, const DeciderDef& g, int index, float value, double total, bool drew,
                                std::uint32_t draw, bool taken, int depth);
[[gnu::noinline]] void WhyNewRound(TickState& t, const DeciderDef& g, const std::uint8_t* order, int depth);
[[gnu::noinline]] void WhyChose(TickState& t, const DeciderDef& g, int index, int position, int depth);
[[gnu::noinline]] void WhyContinue(TickState& t, const DeciderDef& g, int active, int depth);
[[gnu::noinline]] void WhyInterrupt(TickState& t, const DeciderDef& g, int index, int active, int depth);
[[gnu::noinline]] void WhyRedecide(TickState& t, const DeciderDef& g, int index, Result result, std::uint64_t mask,
                                   int depth);
[[gnu::noinline]] void WhyActivateFailed(TickState& t, const DeciderDef& d, int depth);
// Classic groups (bt/engine/kinds/classic.cpp): visited while active (their active children
// read from the slot at base), a child started, a child ended (reason: a literal).
[[gnu::noinline]] void WhyVisitClassic(TickState& t, const DeciderDef& g, std::uint32_t base, int depth);
[[gnu::noinline]] void WhyStart(TickState& t, const DeciderDef& g, int index, int depth);
[[gnu::noinline]] void WhyEnd(TickState& t, const DeciderDef& g, int index, const char* reason, int depth);
[[gnu::noinline]] void WhyTransit(TickState& t, WhyCause cause, const DeciderDef& group, const DeciderDef* from,
                                  const DeciderDef* to, Status status = Status::Running);

}  // namespace bt::detail
