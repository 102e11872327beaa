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
}  // namespace figure1
