// A behavior decider given no behavior (through the full macro, which takes a pointer).
// expect: bt: a behavior decider with no behavior: give it one, or make it a group
#include "bt/bt.h"
BT_DEFINE_DECIDER_BEHAVIOR__FULL(IDLE, "IDLE", nullptr, 0, 0, nullptr, void, bt::Preconditions{});
bt::MemoryFor<IDLE> gMemory;
