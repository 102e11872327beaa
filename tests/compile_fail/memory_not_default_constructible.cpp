// A behavior memory struct the engine cannot construct when the behavior starts.
// expect: bt: a behavior memory struct or DBlock must be default-constructible
#include "bt/bt.h"
struct Agent {};
struct Aim {
  explicit Aim(int range) : range(range) {}
  int range;
};
bt::Result AimTick(Agent&, Aim&, const bt::Context&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__MEMORY(AIM_B, Aim, nullptr, AimTick, nullptr);
