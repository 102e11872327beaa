// A cycle visible at compile time.
// expect: bt: a cycle: this group is its own descendant; break the loop
// expect-also: TreeProblemAt<bt::TreeProblem::Cycle, A>
#include "bt/bt.h"
BT_DECLARE_DECIDER(B);
BT_DEFINE_DECIDER_GROUP(A, PrioritizedList, nullptr, B);
BT_DEFINE_DECIDER_GROUP(B, PrioritizedList, nullptr, A);
BT_CHECK_TREE(A);
