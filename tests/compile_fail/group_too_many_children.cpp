// A group with more children than a group may have.
// expect: bt: group decider CROWD has more than bt::kMaxGroupChildren children
#include "bt/bt.h"
BT_DEFINE_BEHAVIOR__TICK(ONE_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(ONE, ONE_B, nullptr);
#define BT_TEST_8 ONE, ONE, ONE, ONE, ONE, ONE, ONE, ONE
BT_DEFINE_DECIDER_GROUP(CROWD, PrioritizedList, nullptr, BT_TEST_8, BT_TEST_8, BT_TEST_8, BT_TEST_8, BT_TEST_8,
                        BT_TEST_8, BT_TEST_8, BT_TEST_8, ONE);
