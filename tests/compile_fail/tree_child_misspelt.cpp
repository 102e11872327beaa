// A misspelt child: BT_CHILDREN declares PATROLL, which nothing defines. The
// first error names it, and it is the only one (the tick adds none).
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
BT_DEFINE_GROUP(ROOT, PrioritizedList, BT_CHILDREN(FLEE, PATROLL));
BT_DEFINE_DECIDER(FLEE, FLEE_B);
BT_DEFINE_DECIDER(PATROL, PATROL_B);
void Tick(Creature& creature) {
  bt::MemoryFor<ROOT> memory{};
  (void)bt::TickBehaviorTreeCompiled<ROOT>(creature, memory, 0.0, 1 / 30.0f);
}
