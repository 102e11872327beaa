// BT_SCOPE given to a group whose policy is not GroupScope.
// expect: bt: group ROOT is given BT_SCOPE, which a Sequence group does not read
// expect-errors: 1
#include "bt/bt.h"
struct Creature {};
bt::Result Eat(Creature&) { return bt::Result::Running; }
bt::Scope* FindScope(void*, const char*) { return nullptr; }
BT_DEFINE_BEHAVIOR__TICK(EAT_B, Eat);
BT_DEFINE_GROUP(ROOT, Sequence, BT_CHILDREN(EAT), BT_SCOPE("Squad", 1, FindScope));
BT_DEFINE_DECIDER(EAT, EAT_B);
