// A timer precondition that is negative.
// expect: bt: a timer precondition that is negative or not finite
#include "bt/bt.h"
BT_DEFINE_BEHAVIOR__TICK(LOOK_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR__PRE(LOOK, LOOK_B, nullptr, bt::Preconditions{}.Every(-1));
BT_CHECK_TREE(LOOK);
