// An option given twice to one decider.
// expect: bt: decider EAT is given one option twice: give each at most once
// expect-errors: 1
#include "bt/bt.h"
struct Creature {};
float Hungry(Creature&) { return 1; }
bt::Result Eat(Creature&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__TICK(EAT_B, Eat);
BT_DEFINE_DECIDER(EAT, EAT_B, BT_DECIDE(Hungry), BT_FLAGS(0), BT_DECIDE(nullptr));
