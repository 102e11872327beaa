// A Decorator with two children, seen by the tree's analysis at compile time.
// expect: bt: a Decorator, Loop, LoopUntilSuccess, Cooldown or RandomGate group with other than one child
// expect-also: TreeProblemAt<bt::TreeProblem::DecoratorChildren, NOT_BUSY>
// expect-errors: 1
#include "bt/bt.h"
struct Creature {};
bt::Result Eat(Creature&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__TICK(EAT_B, Eat);
BT_DEFINE_GROUP(NOT_BUSY, Decorator, BT_CHILDREN(EAT, DRINK), BT_RESULTS(bt::kInvertResult));
BT_DEFINE_DECIDER(EAT, EAT_B);
BT_DEFINE_DECIDER(DRINK, EAT_B);
BT_CHECK_TREE(NOT_BUSY);
