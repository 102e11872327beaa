// A DBlock larger than the limit.
// expect: bt: the DBlock of decider AIM is larger than BT_MAX_DBLOCK_BYTES
#include "bt/bt.h"
struct Agent {};
struct Target {
  char bytes[bt::kMaxDBlockBytes + 1];
};
float AimDecide(Agent&, Target&, const bt::DecideContext&) { return 1; }
BT_DEFINE_BEHAVIOR__TICK(AIM_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR__DBLOCK(AIM, AIM_B, AimDecide, Target);
