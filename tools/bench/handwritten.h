// tools/bench/handwritten.h — the creatures tree written by hand: plain if/switch
// code, no framework. The floor the bt tick is compared with.
#pragma once

#include <cstddef>
#include <cstdint>

#include "tools/bench/creatures.h"

namespace bench {

// The active leaf of the tree (it implies the whole path) and its tick count.
struct HandState {
  std::uint8_t leaf;   // a Leaf in handwritten.cpp; 0: nothing active
  std::uint8_t ticks;  // ticks the active behavior has run, this one included
};

// World step then the hand-written decisions for agents [0, n) at tick t.
void HandTick(Creature* creatures, HandState* state, std::size_t n, int t);

}  // namespace bench
