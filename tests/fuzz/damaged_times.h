// tests/fuzz/damaged_times.h — whether a tick may find a time a block keeps
// damaged, for the fuzzers whose own model of a block sees only its slots: such
// damage is reported by other rules (bt/engine/detail/block_reading.h), which these
// harnesses then check less narrowly.
#pragma once

#include <cstddef>
#include <cstring>
#include <span>

#include "bt/bt.h"
#include "bt/engine/detail/block_reading.h"
#include "bt/engine/detail/tick_state.h"

namespace bt_fuzz {

// Whether a tick at `now` may find a time `block` keeps damaged (the rules of
// bt/engine/detail/tick_state.h, BlockTimeFits and TimerStampFits, on the times as they
// read after the epoch moves, when it would): an activation time on the active
// path or a timer. That damage names the decider whose time it is (a behavior,
// or one asked off the path) and deactivates the whole path.
inline bool MayFindDamagedTime(std::span<const std::byte> block, const bt::DeciderDef& root, double now) {
  bt::MemoryHeader header;
  std::memcpy(&header, block.data(), sizeof header);
  const double shift = now - header.epoch;
  const bool moves = shift > bt::kRebaseSeconds;
  bt::detail::TickState t{};
  t.blockTime = moves ? 0.0f : static_cast<float>(shift);
  const auto read = [&](float at) { return moves ? static_cast<float>(static_cast<double>(at) - shift) : at; };
  bool damaged = false;
  if (header.rootActive)
    bt::detail::ForEachActive(block.data() + sizeof header, root, 0, 0,
                              [&](const bt::DeciderDef& d, std::uint32_t base, int) {
                                float at;
                                std::memcpy(&at, block.data() + sizeof header + base + d.data->slotOffset, sizeof at);
                                damaged |= !bt::detail::BlockTimeFits(t, read(at));
                              });
  for (int i = 0; i < root.data->tree.numTimers; ++i) {
    float at;
    std::memcpy(&at, block.data() + root.data->tree.timersOffset + sizeof(float) * static_cast<std::size_t>(i),
                sizeof at);
    damaged |= !bt::detail::TimerStampFits(t, read(at));
  }
  return damaged;
}

}  // namespace bt_fuzz
