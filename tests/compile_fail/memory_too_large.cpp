// A behavior memory struct larger than the limit.
// expect: bt: the memory struct of behavior HUGE_B is larger than BT_MAX_BEHAVIOR_MEMORY_BYTES
#include "bt/bt.h"
struct Agent {};
struct Huge {
  char bytes[bt::kMaxBehaviorMemoryBytes + 1];
};
bt::Result HugeTick(Agent&, Huge&, const bt::Context&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__MEMORY(HUGE_B, Huge, nullptr, HugeTick, nullptr);
