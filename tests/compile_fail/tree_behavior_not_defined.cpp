// A behavior only declared, run by a decider below the root: the first error names the behavior.
// expect: BehaviorNotDefinedHere<PATROL_B>
// expect-errors: 1
// expect-lines: 20
#include "bt/bt.h"
struct Creature {};
bt::Result Flee(Creature&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__TICK(FLEE_B, Flee);
BT_DECLARE_BEHAVIOR(PATROL_B);
BT_DEFINE_GROUP(ROOT, PrioritizedList, BT_CHILDREN(FLEE, PATROL));
BT_DEFINE_DECIDER(FLEE, FLEE_B);
BT_DEFINE_DECIDER(PATROL, PATROL_B);
bt::MemoryFor<ROOT> gMemory;
