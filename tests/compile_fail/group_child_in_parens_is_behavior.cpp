// A behavior listed in BT_CHILDREN in parentheses (so not declared there): bt's own static_assert names it.
// expect: bt: a behavior listed as a child of a group, which takes deciders: wrap it in BT_DEFINE_DECIDER(DECIDER, BEHAVIOR
// expect-also: BehaviorIsNotADecider<n::WANDER_B>
// expect-errors: 1
// expect-lines: 20
#include "bt/bt.h"
struct Creature {};
bt::Result Wander(Creature&) { return bt::Result::Running; }
namespace n { BT_DEFINE_BEHAVIOR__TICK(WANDER_B, Wander); }
BT_DEFINE_GROUP(ROOT, PrioritizedList, BT_CHILDREN(EAT, (n::WANDER_B)));
BT_DEFINE_DECIDER(EAT, n::WANDER_B);
