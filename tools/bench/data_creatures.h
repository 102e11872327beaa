// tools/bench/data_creatures.h — the creatures tree built from data
// (bt/data/tree_builder.h) out of the functions bt_creatures.cpp registers:
// the benchmark's twin of its macro tree, ticked by the same interpreted tick.
#pragma once

#include <cstddef>
#include <memory>

#include "bt/data/built_tree.h"
#include "bt/data/tree_spec.h"
#include "tools/bench/bt_creatures.h"

namespace bench {

// The tree of bt_creatures.cpp, node for node, as a loader would describe it.
bt::data::TreeSpec CreaturesSpec();

// Builds it once for BtTickBuilt; false and the errors on stderr if it fails.
bool BtBuild();
const bt::data::BuiltTree& BuiltCreatures();

// BtTick on the built tree.
std::size_t BtTickBuilt(Creature* creatures, BtMemory* memory, std::size_t n, int t);

// Prints the builder's lines of `make bench`: building and initializing the
// largest tree the engine takes, and the built creatures tree against the macro
// one on the interpreted tick. Returns false if the two disagree.
bool BuilderBench(std::size_t n, int ticks, int repeats);

}  // namespace bench
