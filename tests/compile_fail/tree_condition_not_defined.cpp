// A SelectionStateMachine whose transition's condition is only declared: the first error names it.
// expect: DeciderNotDefinedHere<SEES>
// expect-errors: 1
// expect-lines: 20
#include "bt/bt.h"
struct Creature {};
bt::Result Idle(Creature&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__TICK(IDLE_B, Idle);
BT_DECLARE_DECIDER(SEES);
BT_DEFINE_GROUP(ALERT, SelectionStateMachine, BT_CHILDREN(SEARCH, ATTACK), BT_TRANSITIONS({0, 1, &SEES}));
BT_DEFINE_DECIDER(SEARCH, IDLE_B);
BT_DEFINE_DECIDER(ATTACK, IDLE_B);
bt::MemoryFor<ALERT> gMemory;
