// A Decide function given where an option is expected (the positional habit).
// expect: bt: decider ROOT: 'Hungry' is not an option; the options are BT_CHILDREN, BT_DECIDE
// expect-errors: 1
#include "bt/bt.h"
struct Creature {};
float Hungry(Creature&) { return 1; }
bt::Result Eat(Creature&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__TICK(EAT_B, Eat);
BT_DEFINE_DECIDER(EAT, EAT_B);
BT_DEFINE_GROUP(ROOT, PrioritizedList, Hungry, BT_CHILDREN(EAT));
