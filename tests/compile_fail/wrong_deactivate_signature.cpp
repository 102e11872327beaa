// A Deactivate that returns a value: nothing could use it.
// expect: bt: Deactivate of behavior STOP_B must be void
#include "bt/bt.h"
struct Agent {};
bool StopDeactivate(Agent&) { return true; }
BT_DEFINE_BEHAVIOR(STOP_B, nullptr, nullptr, StopDeactivate);
