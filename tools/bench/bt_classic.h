// tools/bench/bt_classic.h — the classic workload's tree (tools/bench/classic.md)
// in bt, ticked over a range of agents (the framework side of the benchmark).
#pragma once

#include <cstddef>

#include "bt/core/decider.h"
#include "bt/core/memory.h"
#include "tools/bench/creatures.h"

namespace bench::classic {

// One agent's bt memory block; bt_classic.cpp checks at compile time that it is
// exactly sizeof(bt::MemoryFor<ROOT>) of the classic tree.
inline constexpr std::size_t kBtBytesPerAgent = 240;
using BtMemory = bt::Memory<kBtBytesPerAgent>;

const bt::DeciderDef& BtRoot();

// Checks the tree once (InitializeTreeData); false and a message on stderr if bad.
bool BtInitialize();

// World step then one tick of the tree for agents [0, n) at tick t, with the
// interpreted tick (TickBehaviorTree) or the compiled one (TickBehaviorTreeCompiled<ROOT>);
// returns how many ticks reported an error status (expected 0).
std::size_t BtTick(Creature* creatures, BtMemory* memory, std::size_t n, int t);
std::size_t BtTickCompiled(Creature* creatures, BtMemory* memory, std::size_t n, int t);

}  // namespace bench::classic
