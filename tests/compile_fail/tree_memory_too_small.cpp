// A block declared smaller than its tree needs.
// expect: bt: tree ROOT needs a larger memory block than 16 bytes
#include "bt/bt.h"
BT_DEFINE_BEHAVIOR__TICK(WORK_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(ROOT, WORK_B, nullptr);
BT_CHECK_TREE_MEMORY(ROOT, 16);
