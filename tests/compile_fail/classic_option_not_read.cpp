// A classic option given to a group whose policy does not read it.
// expect: bt: group ROOT is given BT_SECONDS, which a Sequence group does not read
// expect-errors: 1
#include "bt/bt.h"
struct Creature {};
bt::Result Eat(Creature&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__TICK(EAT_B, Eat);
BT_DEFINE_GROUP(ROOT, Sequence, BT_CHILDREN(EAT), BT_SECONDS(2));
BT_DEFINE_DECIDER(EAT, EAT_B);
