// A state's transitions on events given in two options rather than one list.
// expect: bt: decider IDLE is given BT_EVENT_TRANSITIONS twice: give each option at most once
// expect-errors: 1
#include "bt/bt.h"
struct Creature {};
bt::Result Eat(Creature&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__TICK(EAT_B, Eat);
BT_DEFINE_DECIDER(IDLE, EAT_B, BT_EVENT_TRANSITIONS({bt::NameId("OnHungry"), 1}),
                  BT_EVENT_TRANSITIONS({bt::NameId("OnTired"), 1}));
