// A group decider with no children.
// expect: bt: group decider LONELY has no children: list at least one child decider
#include "bt/bt.h"
BT_DEFINE_DECIDER_GROUP(LONELY, PrioritizedList, nullptr);
