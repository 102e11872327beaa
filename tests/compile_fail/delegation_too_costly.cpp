// Ten levels of groups that delegate their Decide to their children, each over
// both groups of the next level (a group and its twin): evaluating the top one
// would call 2047 Decides.
// expect: bt: groups that delegate their Decide to their children would call more than bt::kMaxDelegatedDecides Decides
// expect-also: TreeProblemAt<bt::TreeProblem::DelegationTooCostly, L0>
#include "bt/bt.h"
BT_DEFINE_BEHAVIOR__TICK(WORK_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(LEAF, WORK_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(LEAF_TWIN, WORK_B, nullptr);
#define LEVEL(NAME, NEXT)                                                                                    \
  BT_DEFINE_DECIDER_GROUP__FLAGS(NAME, PrioritizedList, bt::kDelegateDecideToChildren, nullptr, NEXT, NEXT##_TWIN); \
  BT_DEFINE_DECIDER_GROUP__FLAGS(NAME##_TWIN, PrioritizedList, bt::kDelegateDecideToChildren, nullptr, NEXT, NEXT##_TWIN)
LEVEL(L9, LEAF);
LEVEL(L8, L9);
LEVEL(L7, L8);
LEVEL(L6, L7);
LEVEL(L5, L6);
LEVEL(L4, L5);
LEVEL(L3, L4);
LEVEL(L2, L3);
LEVEL(L1, L2);
LEVEL(L0, L1);
BT_CHECK_TREE(L0);
