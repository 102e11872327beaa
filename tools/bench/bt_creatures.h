// tools/bench/bt_creatures.h — the creatures tree declared with bt, ticked over a
// range of agents (the framework side of the benchmark).
#pragma once

#include <cstddef>
#include <cstdint>

#include "bt/crowd/crowd.h"
#include "bt/core/decider.h"
#include "bt/core/memory.h"
#include "bt/engine/why.h"
#include "tools/bench/creatures.h"

namespace bt::data {
class Registry;
}

namespace bench {

// One agent's bt memory block; bt_creatures.cpp checks at compile time that it
// is exactly sizeof(bt::MemoryFor<ROOT>) of the creatures tree.
inline constexpr std::size_t kBtBytesPerAgent = 80;
using BtMemory = bt::Memory<kBtBytesPerAgent>;

// The macro tree's root, and its functions registered for trees from data
// (tools/bench/data_creatures.h builds the same tree from them).
const bt::DeciderDef& BtRoot();
void BtRegister(bt::data::Registry& registry);

// Checks the tree once (InitializeTreeData); false and a message on stderr if bad.
bool BtInitialize();

// World step then TickBehaviorTree for agents [0, n) at tick t; returns how many
// ticks did not report a healthy status (expected 0).
// One tick of every creature on the interpreted tick of `root` (the macro tree, or its twin built from data).
std::size_t BtTickInterpreted(const bt::DeciderDef& root, Creature* creatures, BtMemory* memory, std::size_t n, int t);
std::size_t BtTick(Creature* creatures, BtMemory* memory, std::size_t n, int t);

// One agent's block with its why-record (bt/engine/why.h), for the record's cost.
struct BtWhyAgent {
  BtMemory memory;
  bt::WhyRecord why{};
};

// BtTick with TickOptions::why set to each agent's record.
std::size_t BtTickWhy(Creature* creatures, BtWhyAgent* agents, std::size_t n, int t);

// The same with TickBehaviorTreeCompiled<ROOT> (bt/engine/compiled_tick.h).
std::size_t BtTickCompiled(Creature* creatures, BtMemory* memory, std::size_t n, int t);
std::size_t BtTickCompiledFrame(Creature* creatures, BtMemory* memory, std::size_t n, int t, double time, float dt);

// World step then TickBehaviorTreeCompiled<ROOT> for agents order[0], order[1] ...
// order[n - 1] at tick t, noting the behavior decider each one's tick reports in
// running[agent] (null when it reports none); returns how many ticks were not ok.
// For grouping agents by active path (crowd_main.cpp): the same work in another order.
std::size_t BtTickCompiledInOrder(Creature* creatures, BtMemory* memory, const std::uint32_t* order, std::size_t n,
                                  int t, const bt::DeciderDef** running);

// The agents the crowd finds due at tick t: world step then TickBehaviorTreeCompiled<ROOT>,
// at most `budget` of them, on `parallel`'s threads when given. With ownTicks, an
// agent's world step counts its own ticks (ownTicks[i]++) instead of t: an agent
// ticked every 8th frame then lives the same life as one ticked every frame.
bt::CrowdTickResult BtCrowdTick(bt::Crowd& crowd, Creature* creatures, BtMemory* memory, int t,
                                std::size_t budget = std::numeric_limits<std::size_t>::max(),
                                bt::ParallelFor parallel = {}, int* ownTicks = nullptr);

}  // namespace bench
