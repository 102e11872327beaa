// A decider whose DBlock is not the type its behavior's functions take.
// expect: bt: a DBlock of another type than its behavior's functions take, or none: give the decider the DBlock they take
// expect-also: TreeProblemAt<bt::TreeProblem::DBlockMismatch, CHASE>
#include "bt/bt.h"
struct Agent {};
struct Target { int id; };
struct Threat { int id; };
float FindThreat(Agent&, Threat&, const bt::DecideContext&) { return 1; }
bt::Result Chase(Agent&, const Target&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__TICK(CHASE_B, Chase);
BT_DEFINE_DECIDER_BEHAVIOR__DBLOCK(CHASE, CHASE_B, FindThreat, Threat);
BT_DEFINE_DECIDER_GROUP(ROOT, PrioritizedList, nullptr, CHASE);
BT_CHECK_TREE(ROOT);
