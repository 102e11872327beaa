// A classic group's option given to a behavior decider.
// expect: bt: decider EAT runs a behavior: BT_RESULTS, BT_COUNT, BT_SECONDS, BT_CHANCE, BT_TRANSITIONS and BT_SCOPE are for classic groups
// expect-errors: 1
#include "bt/bt.h"
struct Creature {};
bt::Result Eat(Creature&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__TICK(EAT_B, Eat);
BT_DEFINE_DECIDER(EAT, EAT_B, BT_COUNT(2));
