// tools/bench/floor.h — the tick's fixed cost: each agent's world step and a
// tree of one behavior that runs forever, on bt's two ticks.
//
// No tree ticks for less: whatever a tree decides is added to this. Both
// benchmarks print it beside the hand-written baseline, so a ratio target can be
// compared with what is left of it once the tick's contract (the call's checks,
// the block's clock and stamp, the re-entrancy guard, the result) is paid.
#pragma once

#include <cstddef>

#include "bt/core/memory.h"
#include "tools/bench/creatures.h"

namespace bench {

// One agent's block for the one-behavior tree; floor.cpp checks at compile
// time that it is exactly sizeof(bt::MemoryFor<ROOT>) of that tree.
inline constexpr std::size_t kFloorBytesPerAgent = 48;
using FloorMemory = bt::Memory<kFloorBytesPerAgent>;

// Checks the tree once (InitializeTreeData); false and a message on stderr if bad.
bool FloorInitialize();

// World step then the one-behavior tree's tick for agents [0, n) at tick t, as
// BtTick and BtTickCompiled do with the creatures tree; returns how many ticks
// did not report a healthy status (expected 0).
std::size_t FloorTick(Creature* creatures, FloorMemory* memory, std::size_t n, int t);
std::size_t FloorTickCompiled(Creature* creatures, FloorMemory* memory, std::size_t n, int t);

}  // namespace bench
