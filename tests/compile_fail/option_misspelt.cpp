// A misspelt option macro.
// expect: bt: decider EAT: 'BT_DECDE(Hungry)' is not an option
// expect-errors: 1
#include "bt/bt.h"
struct Creature {};
float Hungry(Creature&) { return 1; }
bt::Result Eat(Creature&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__TICK(EAT_B, Eat);
BT_DEFINE_DECIDER(EAT, EAT_B, BT_DECDE(Hungry));
