// bt/core/random.h — the per-agent random generator a memory block carries.
#pragma once

#include <cstdint>

namespace bt {

// One step of the block's generator (xorshift32) on its state, which is never 0:
// Random and Shuffle groups without a random source of their own, RandomGate,
// and behaviors through Context::Random draw from it, so an agent's draws are
// saved, restored and migrated with its block.
constexpr std::uint32_t NextRandomState(std::uint32_t& state) {
  std::uint32_t x = state;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  state = x;
  return x;
}

}  // namespace bt
