// tools/bench/classic_handwritten.h — the classic workload's tree (classic.md)
// written by hand: plain if/switch code, no framework. The floor the bt tick is
// compared with.
#pragma once

#include <cstddef>
#include <cstdint>

#include "tools/bench/creatures.h"

namespace bench::classic {

// Which child of ROOT runs, where it is, and the ticks of its running actions.
struct HandState {
  std::uint8_t branch;  // a Branch in classic_handwritten.cpp; 0: none
  std::uint8_t step;    // GUARD, EAT, IDLE: the running child of the sequence
  std::uint8_t food;    // GET_FOOD: its running child
  std::uint8_t alarm;   // ALARM: bit 0 YELL runs, bit 1 LOOK runs
  std::uint8_t dances;  // DANCES: dances done
  std::uint8_t ticks;   // the running action's ticks (YELL's in ALARM)
  std::uint8_t lookTicks;  // LOOK's, beside YELL
};

// World step then the hand-written decisions for agents [0, n) at tick t.
void HandTick(Creature* creatures, HandState* state, std::size_t n, int t);

}  // namespace bench::classic
