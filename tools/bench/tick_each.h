// tools/bench/tick_each.h — the loop every bt side of the benchmarks runs.
#pragma once

#include <cstddef>

#include "bt/core/tree.h"
#include "tools/bench/creatures.h"

namespace bench {

// Steps each agent's world, then ticks it with tick(creature, memory, time);
// returns how many ticks were not ok. A template, so the tick inlines into the
// loop as it would in a game's.
template <class Memory, class Tick>
std::size_t TickEach(Creature* creatures, Memory* memory, std::size_t n, int t, Tick&& tick) {
  const double time = t * kDt;
  std::size_t unhealthy = 0;
  for (std::size_t i = 0; i < n; ++i) {
    WorldStep(creatures[i], t);
    unhealthy += !bt::IsOk(tick(creatures[i], memory[i], time).status);
  }
  return unhealthy;
}

}  // namespace bench
