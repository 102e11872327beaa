// A misspelt child below a child, in a tree checked by BT_CHECK_TREE and ticked
// compiled on a block the game sized: the first error names the child, the only one.
// expect: DeciderNotDefinedHere<PATROLL>
// expect-errors: 1
// expect-lines: 20
#include "bt/bt.h"
#include "bt/engine/compiled_tick.h"
struct Creature {};
bt::Result Flee(Creature&) { return bt::Result::Running; }
bt::Result Patrol(Creature&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__TICK(FLEE_B, Flee);
BT_DEFINE_BEHAVIOR__TICK(PATROL_B, Patrol);
BT_DEFINE_GROUP(ROOT, PrioritizedList, BT_CHILDREN(FLEE, GUARD));
BT_DEFINE_GROUP(GUARD, Sequence, BT_CHILDREN(FLEE_AGAIN, PATROLL));
BT_DEFINE_DECIDER(FLEE, FLEE_B);
BT_DEFINE_DECIDER(FLEE_AGAIN, FLEE_B);
BT_DEFINE_DECIDER(PATROL, PATROL_B);
BT_CHECK_TREE(ROOT);
void Tick(Creature& creature, bt::Memory<4096>& memory) {
  (void)bt::TickBehaviorTreeCompiled<ROOT>(creature, memory, 0.0, 1 / 30.0f);
}
