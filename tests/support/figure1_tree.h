// tests/support/figure1_tree.h — the tree of Figure 1 of the Spore document
// (demo/figure1/tree.h) on the recording TraceAgent, for the tests of every rule
// that can be shown on it: every decider but IDLE and REST decides through
// TraceDecide, and PLAY draws from the default random source.
#pragma once

#include "demo/figure1/tree.h"
#include "tests/support/trace_agent.h"

namespace figure1 {
// The block for this tree, checked large enough where the tree is defined.
using Memory = bt::Memory<128>;
// sizeof(bt::MemoryFor<ROOT>), as computed at compile time where the tree is visible.
std::size_t CompileTimeMemoryBytes();

FIGURE1_DECLARE();
BT_DECLARE_BEHAVIOR(FIGHT_B);

// DebugPrintState of the whole tree with nothing active.
inline constexpr const char* kWholeTreeText =
    " 0:ROOT/0x1e4ede85 (kGroup, kGroupPrioritizedList 0x0) [(no group behavior)]\n"
    "   0:FLEE/0xddd18501 (kBehavior 0x0) [FLEE_B/0x913a17a8] (0x00000000)\n"
    "   1:GUARD/0xd39d320e (kGroup, kGroupPrioritizedList 0x1 CallDecideOnRedecide) [(no group behavior)]\n"
    "     0:GUARD_YELL/0x8a0a8011 (kBehavior 0x0) [YELL_B/0x83d42ae2] (0x00000000)\n"
    "     1:GUARD_FIGHT/0x608aae93 (kBehavior 0x0) [FIGHT_B/0xb4791fc0] (0x00000000)\n"
    "     2:GUARD_PATROL/0xb4811f81 (kBehavior 0x0) [PATROL_B/0x21e3478a] (0x00000000)\n"
    "   2:FIGHT/0x8fc60c69 (kBehavior 0x0) [FIGHT_B/0xb4791fc0] (0x00000000)\n"
    "   3:EAT/0xb1234185 (kGroup, kGroupPrioritizedList 0x1 CallDecideOnRedecide) [(no group behavior)]\n"
    "     0:FIND_FOOD/0x2be3d5f7 (kBehavior 0x0) [FIND_FOOD_B/0xf194504e] (0x00000000)\n"
    "     1:EAT_FOOD/0xe48e671e (kBehavior 0x0) [EAT_FOOD_B/0xce1eebc3] (0x00000000)\n"
    "   4:IDLE/0xc0f30393 (kGroup, kGroupPrioritizedList 0x0) [(no group behavior)]\n"
    "     0:PLAY/0xac85eb63 (kGroup, kGroupRandom 0x0) [(no group behavior)]\n"
    "       0:FLIP/0xb8c85066 (kBehavior 0x0) [FLIP_B/0x94d672fb] (0x00000000)\n"
    "       1:ROLL/0x5451721e (kBehavior 0x0) [ROLL_B/0xae5c6ec3] (0x00000000)\n"
    "       2:DANCE/0x75a5f1bc (kBehavior 0x0) [DANCE_B/0xae1c0281] (0x00000000)\n"
    "     1:REST/0x280f7297 (kBehavior 0x0) [REST_B/0x2299026e] (0x00000000)\n";
}  // namespace figure1
