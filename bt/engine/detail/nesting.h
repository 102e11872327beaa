// bt/engine/detail/nesting.h — the ticks, Stops and event deliveries under way on
// this thread: what refuses a re-entrant call, and the steady-case test both
// ticks make before anything else.
#pragma once

#include <cstddef>

#include "bt/core/memory.h"
#include "bt/core/tree.h"
#include "bt/engine/detail/block_reading.h"
#include "bt/engine/detail/tick_state.h"

namespace bt::detail {

// The ticks, Stops and event deliveries under way on this thread, innermost
// first, as a list through their stack frames. A callback that ticks its own
// agent's block again is refused (Status::Reentered); one that stops it marks the
// outer tick's TickState, which ends the tick with the path deactivated
// (Status::Stopped). An event's delivery (bt/engine/events.h) has no TickState: while
// its handlers run, the block is neither ticked, stopped, reset, saved nor
// restored (Reentered), for the delivery walks the active path as it stood, nor
// delivered to again (anywhere down the list). All of them count towards
// kMaxNestedTicks.
// constinit: read without a TLS wrapper call; empty, the check is one load.
struct NestedCall {
  const std::byte* block;
  TickState* state;  // null for an event's delivery
  NestedCall* outer;
};
extern thread_local constinit NestedCall* tInnermostCall;

// The call under way on `block` on this thread, or null.
inline NestedCall* FindNestedCall(const std::byte* block) {
  for (NestedCall* call = tInnermostCall; call != nullptr; call = call->outer)
    if (call->block == block) return call;
  return nullptr;
}

// The tick or Stop under way on `block` on this thread (a call with a TickState), or null.
inline NestedCall* FindNestedTick(const std::byte* block) {
  for (NestedCall* call = tInnermostCall; call != nullptr; call = call->outer)
    if (call->block == block && call->state != nullptr) return call;
  return nullptr;
}

// The innermost tick or Stop under way on this thread: the one calling the node
// that asks. Null outside any.
inline const TickState* InnermostTick() {
  for (const NestedCall* call = tInnermostCall; call != nullptr; call = call->outer)
    if (call->state != nullptr) return call->state;
  return nullptr;
}

// A built-in node that finds what it keeps in the block damaged (a Wait's end, a
// timestamp) fails the tick calling it, the innermost, with CorruptMemory naming d.
inline void FailInnermostTick(const DeciderDef& d) {
  for (NestedCall* call = tInnermostCall; call != nullptr; call = call->outer)
    if (call->state != nullptr) {
      Fail(*call->state, Status::CorruptMemory, d);
      return;
    }
}

// Whether a tick or Stop of `block` may start here: not already under way, and
// not nested deeper than kMaxNestedTicks.
bool MayEnterNested(const std::byte* block);
inline bool MayEnter(const std::byte* block) {
  if (tInnermostCall == nullptr) [[likely]]
    return true;
  return MayEnterNested(block);
}

// Whether a tick on a block already checked to fit its tree needs the reference
// tick's full path, in one test in which each comparison fails on NaN: the block
// was not started by this tree or its root is not active, the times are not
// acceptable (TimesAcceptable), the block's clock is not plain (its last tick
// within [0, this tick] after the epoch, the epoch less than kRebaseSeconds
// behind, which implies HeaderTimesFit), or a tick or Stop of the block is under
// way on this thread (MayEnter). When it is false, the tick takes its short way.
// `sinceEpoch` is time minus the block's epoch, `blockTime` the same in float.
[[gnu::always_inline]] inline bool NeedsFullTick(const TreeData& tree, const MemoryHeader& header, double time,
                                                 float dt, double sinceEpoch, float blockTime) {
  return header.treeStamp != tree.stamp || !header.rootActive || !TimesAcceptable(time, dt) ||
         !(sinceEpoch <= kRebaseSeconds) || !(header.lastTime >= 0 && header.lastTime <= blockTime) ||
         !MayEnter(reinterpret_cast<const std::byte*>(&header));
}

// Registers a tick or Stop of `block` (or, with a null state, an event's
// delivery to it) for its duration (after MayEnter). The ticks are noexcept, so
// no exception can skip the destructor.
class NestedScope {
 public:
  NestedScope(const std::byte* block, TickState* state) : call_{block, state, tInnermostCall} { tInnermostCall = &call_; }
  ~NestedScope() { tInnermostCall = call_.outer; }
  NestedScope(const NestedScope&) = delete;
  NestedScope& operator=(const NestedScope&) = delete;

 private:
  NestedCall call_;
};

}  // namespace bt::detail
