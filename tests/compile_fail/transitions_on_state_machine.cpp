// Selection-tree transitions given to an MBT StateMachine, whose states carry
// their transitions on events instead (BT_EVENT_TRANSITIONS).
// expect: bt: group MACHINE is given BT_TRANSITIONS, which a StateMachine group does not read
// expect-errors: 1
#include "bt/bt.h"
struct Creature {};
bt::Result Eat(Creature&) { return bt::Result::Running; }
float Hungry(Creature&) { return 1; }
BT_DEFINE_BEHAVIOR__TICK(EAT_B, Eat);
BT_DEFINE_CONDITION(HUNGRY, BT_DECIDE(Hungry));
BT_DEFINE_GROUP(MACHINE, StateMachine, BT_CHILDREN(EAT, REST), BT_TRANSITIONS({0, 1, &HUNGRY}));
BT_DEFINE_DECIDER(EAT, EAT_B);
BT_DEFINE_DECIDER(REST, EAT_B);
