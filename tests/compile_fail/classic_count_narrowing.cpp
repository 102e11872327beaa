// A loop count that is not a std::uint32_t: an error, not a wrapped number.
// expect: narrow
// expect-also: BT_COUNT
#include "bt/bt.h"
struct Creature {};
bt::Result Eat(Creature&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__TICK(EAT_B, Eat);
BT_DEFINE_GROUP(TRIES, Loop, BT_CHILDREN(EAT), BT_COUNT(-1));
BT_DEFINE_DECIDER(EAT, EAT_B);
