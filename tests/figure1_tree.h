// tests/figure1_tree.h — the tree of Figure 1 of the Spore document, on the
// recording TraceAgent, for the tests of every rule that can be shown on it.
//
//   ROOT
//     FLEE                      -> FLEE_B
//     GUARD (CallDecideOnRedecide)
//       YELL_FOR_HELP           -> YELL_B
//       GUARD_FIGHT             -> FIGHT_B (shared with FIGHT)
//       PATROL                  -> PATROL_B
//     FIGHT                     -> FIGHT_B
//     EAT (CallDecideOnRedecide)
//       FIND_FOOD               -> FIND_FOOD_B
//       EAT_FOOD                -> EAT_FOOD_B
//     IDLE (no Decide: always accepts)
//       PLAY (Random)
//         FLIP, ROLL, DANCE     -> FLIP_B, ROLL_B, DANCE_B
//       REST (no Decide)        -> REST_B
//
// Every decider but IDLE and REST decides through TraceDecide.
#pragma once

#include "trace_agent.h"

namespace figure1 {
// The block for this tree, checked large enough where the tree is defined.
using Memory = bt::Memory<128>;
// sizeof(bt::MemoryFor<ROOT>), as computed at compile time where the tree is visible.
std::size_t CompileTimeMemoryBytes();

BT_DECLARE_DECIDER(ROOT);
BT_DECLARE_DECIDER(FLEE);
BT_DECLARE_DECIDER(GUARD);
BT_DECLARE_DECIDER(YELL_FOR_HELP);
BT_DECLARE_DECIDER(GUARD_FIGHT);
BT_DECLARE_DECIDER(PATROL);
BT_DECLARE_DECIDER(FIGHT);
BT_DECLARE_DECIDER(EAT);
BT_DECLARE_DECIDER(FIND_FOOD);
BT_DECLARE_DECIDER(EAT_FOOD);
BT_DECLARE_DECIDER(IDLE);
BT_DECLARE_DECIDER(PLAY);
BT_DECLARE_DECIDER(FLIP);
BT_DECLARE_DECIDER(ROLL);
BT_DECLARE_DECIDER(DANCE);
BT_DECLARE_DECIDER(REST);
BT_DECLARE_BEHAVIOR(FIGHT_B);

// DebugPrintState of the whole tree with nothing active.
inline constexpr const char* kWholeTreeText =
    " 0:ROOT (kGroup, kGroupPrioritizedList 0x0) [(no group behavior)]\n"
    "   0:FLEE (kBehavior 0x0) [FLEE_B] (0x00000000)\n"
    "   1:GUARD (kGroup, kGroupPrioritizedList 0x1 CallDecideOnRedecide) [(no group behavior)]\n"
    "     0:YELL_FOR_HELP (kBehavior 0x0) [YELL_B] (0x00000000)\n"
    "     1:GUARD_FIGHT (kBehavior 0x0) [FIGHT_B] (0x00000000)\n"
    "     2:PATROL (kBehavior 0x0) [PATROL_B] (0x00000000)\n"
    "   2:FIGHT (kBehavior 0x0) [FIGHT_B] (0x00000000)\n"
    "   3:EAT (kGroup, kGroupPrioritizedList 0x1 CallDecideOnRedecide) [(no group behavior)]\n"
    "     0:FIND_FOOD (kBehavior 0x0) [FIND_FOOD_B] (0x00000000)\n"
    "     1:EAT_FOOD (kBehavior 0x0) [EAT_FOOD_B] (0x00000000)\n"
    "   4:IDLE (kGroup, kGroupPrioritizedList 0x0) [(no group behavior)]\n"
    "     0:PLAY (kGroup, kGroupRandom 0x0) [(no group behavior)]\n"
    "       0:FLIP (kBehavior 0x0) [FLIP_B] (0x00000000)\n"
    "       1:ROLL (kBehavior 0x0) [ROLL_B] (0x00000000)\n"
    "       2:DANCE (kBehavior 0x0) [DANCE_B] (0x00000000)\n"
    "     1:REST (kBehavior 0x0) [REST_B] (0x00000000)\n";
}  // namespace figure1
