// A behavior listed in BT_CHILDREN, which declares its children as deciders: the
// declaration conflicts with the behavior, in an error that says what to do.
// expect: ChildDecider_wrap_a_behavior_in_BT_DEFINE_DECIDER
// expect-also: WANDER_B
// expect-errors: 1
// expect-lines: 20
#include "bt/bt.h"
struct Creature {};
bt::Result Wander(Creature&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__TICK(WANDER_B, Wander);
BT_DEFINE_GROUP(ROOT, PrioritizedList, BT_CHILDREN(EAT, WANDER_B));
BT_DEFINE_DECIDER(EAT, WANDER_B);
