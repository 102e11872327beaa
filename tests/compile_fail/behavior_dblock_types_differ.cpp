// A behavior whose Activate and Tick take different DBlock types.
// expect: bt: the functions of behavior CHASE_B take different DBlock types: use one
#include "bt/bt.h"
struct Agent {};
struct Target { int id; };
struct Threat { int id; };
bool Start(Agent&, const Target&) { return true; }
bt::Result Chase(Agent&, const Threat&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR(CHASE_B, Start, Chase, nullptr);
