// A group that lists one child twice, visible at compile time.
// expect: bt: a group that lists one child twice: list it once (or define a second decider of the same behavior and Decide)
// expect-also: TreeProblemAt<bt::TreeProblem::DuplicateChild, TWICE>
#include "bt/bt.h"
BT_DEFINE_BEHAVIOR__TICK(STEP_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(STEP, STEP_B, nullptr);
BT_DEFINE_DECIDER_GROUP(TWICE, Sequential, nullptr, STEP, STEP);
BT_DEFINE_DECIDER_GROUP(ROOT, PrioritizedList, nullptr, TWICE);
bt::MemoryFor<ROOT> memory{};
