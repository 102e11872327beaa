// A misspelt flag (bt::CallDecideOnRedecide for bt::kCallDecideOnRedecide): the
// compiler's one error, with its suggestion, and nothing after it.
// expect: did you mean
// expect-also: kCallDecideOnRedecide
// expect-errors: 1
#include "bt/bt.h"
struct Creature {};
bt::Result Eat(Creature&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__TICK(EAT_B, Eat);
BT_DEFINE_GROUP(ROOT, PrioritizedList, BT_CHILDREN(EAT), BT_FLAGS(bt::CallDecideOnRedecide));
BT_DEFINE_DECIDER(EAT, EAT_B);
