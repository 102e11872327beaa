// A capture-less lambda passed as a Tick without the leading + that makes it a function pointer.
// expect: bt: Tick of behavior IDLE_B is a lambda or function object: pass a function, or a capture-less lambda with a leading +
#include "bt/bt.h"
struct Agent {};
BT_DEFINE_BEHAVIOR__TICK(IDLE_B, [](Agent&) { return bt::Result::Running; });
