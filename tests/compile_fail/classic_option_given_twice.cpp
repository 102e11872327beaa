// BT_COUNT given twice to one loop: the static_assert names the option.
// expect: bt: decider TRIES is given BT_COUNT twice: give each option at most once
// expect-errors: 1
#include "bt/bt.h"
struct Creature {};
bt::Result Eat(Creature&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__TICK(EAT_B, Eat);
BT_DEFINE_GROUP(TRIES, Loop, BT_COUNT(2), BT_CHILDREN(EAT), BT_COUNT(3));
BT_DEFINE_DECIDER(EAT, EAT_B);
