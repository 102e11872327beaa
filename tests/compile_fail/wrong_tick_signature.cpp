// A Tick function with the wrong signature (it takes the agent by value).
// expect: bt: Tick of behavior BAD_B must be bt::Result or bool
#include "bt/bt.h"
struct Agent {};
bt::Result BadTick(Agent, const bt::Context&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__TICK(BAD_B, BadTick);
