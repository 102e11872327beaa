// A RandomGate chance outside [0, 1], seen by the tree's analysis at compile time.
// expect: bt: a node configuration out of range
// expect-also: TreeProblemAt<bt::TreeProblem::BadNodeConfig, GATE>
// expect-errors: 1
#include "bt/bt.h"
struct Creature {};
bt::Result Eat(Creature&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__TICK(EAT_B, Eat);
BT_DEFINE_GROUP(ROOT, Sequence, BT_CHILDREN(GATE));
BT_DEFINE_GROUP(GATE, RandomGate, BT_CHILDREN(EAT), BT_CHANCE(1.5));
BT_DEFINE_DECIDER(EAT, EAT_B);
bt::MemoryFor<ROOT> memory{};
