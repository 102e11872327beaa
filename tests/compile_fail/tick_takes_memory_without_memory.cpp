// A Tick taking a memory struct, in a behavior defined without one.
// expect: bt: Tick of behavior FLEE_B takes a memory struct, but FLEE_B has none: define it with BT_DEFINE_BEHAVIOR__MEMORY
#include "bt/bt.h"
struct Agent {};
struct FleeMem { int steps; };
bt::Result Flee(Agent&, FleeMem&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__TICK(FLEE_B, Flee);
