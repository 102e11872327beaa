// Two deciders of one tree whose functions take different agent types.
// expect: bt: functions taking different agent types in one tree: use one agent type per tree
// expect-also: TreeProblemAt<bt::TreeProblem::MixedAgentTypes, BARK>
#include "bt/bt.h"
struct Cat {};
struct Dog {};
bt::Result Purr(Cat&) { return bt::Result::Running; }
float WantsBark(Dog&) { return 1; }
BT_DEFINE_BEHAVIOR__TICK(PURR_B, Purr);
BT_DEFINE_DECIDER_BEHAVIOR(PURR, PURR_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(BARK, PURR_B, WantsBark);
BT_DEFINE_DECIDER_GROUP(PET, PrioritizedList, nullptr, BARK, PURR);
BT_CHECK_TREE(PET);
