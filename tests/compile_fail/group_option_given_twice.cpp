// BT_CHILDREN given twice to one group: the static_assert names the option.
// expect: bt: decider ROOT is given BT_CHILDREN twice: give each option at most once
// expect-errors: 1
#include "bt/bt.h"
struct Creature {};
bt::Result Eat(Creature&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__TICK(EAT_B, Eat);
BT_DEFINE_GROUP(ROOT, PrioritizedList, BT_CHILDREN(EAT), BT_PARAMS(bt::NumberParam("a", 1)), BT_CHILDREN(EAT));
BT_DEFINE_DECIDER(EAT, EAT_B);
