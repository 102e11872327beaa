// An Activate that returns int: neither bool (may fail) nor void (cannot).
// expect: bt: Activate of behavior START_B must be bool or void
#include "bt/bt.h"
struct Agent {};
int StartActivate(Agent&) { return 1; }
BT_DEFINE_BEHAVIOR(START_B, StartActivate, nullptr, nullptr);
