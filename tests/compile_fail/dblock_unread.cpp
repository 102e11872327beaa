// A group's DBlock, which its children never see, and no group behavior to read it.
// expect: bt: a DBlock nothing reads: only the decider's own behavior (a group's group behavior) can, by taking it or a bt::Context
// expect-also: TreeProblemAt<bt::TreeProblem::DBlockUnread, ROOT>
#include "bt/bt.h"
struct Agent {};
struct Target { int id; };
float FindTarget(Agent&, Target&, const bt::DecideContext&) { return 1; }
bt::Result Chase(Agent&, const bt::Context&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__TICK(CHASE_B, Chase);
BT_DEFINE_DECIDER_BEHAVIOR(CHASE, CHASE_B, nullptr);
BT_DEFINE_DECIDER_GROUP__FULL(ROOT, "ROOT", PrioritizedList, 0, FindTarget, Target, bt::Preconditions{}, nullptr, 0,
                              nullptr, CHASE);
BT_CHECK_TREE(ROOT);
