// A decider region beyond what the 16-bit offsets of a block can address, with the
// memory limit raised for the whole program: each level keeps its behavior's
// memory while the level below runs.
// expect: bt: the decider region exceeds 65535 bytes: shrink memory structs or split the tree
#define BT_MAX_BEHAVIOR_MEMORY_BYTES 20000
#include "bt/bt.h"
struct Agent {};
struct Big {
  char bytes[20000];
};
bt::Result BigTick(Agent&, Big&, const bt::Context&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__MEMORY(BIG_B, Big, nullptr, BigTick, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(LEAF, BIG_B, nullptr);
BT_DEFINE_DECIDER_GROUP__BEHAVIOR(L3, PrioritizedList, 0, nullptr, BIG_B, LEAF);
BT_DEFINE_DECIDER_GROUP__BEHAVIOR(L2, PrioritizedList, 0, nullptr, BIG_B, L3);
BT_DEFINE_DECIDER_GROUP__BEHAVIOR(L1, PrioritizedList, 0, nullptr, BIG_B, L2);
bt::MemoryFor<L1> gMemory;
