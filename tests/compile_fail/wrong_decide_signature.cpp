// A Decide function with the wrong signature (a context it does not take).
// expect: bt: Decide of decider PICKY must be float
#include "bt/bt.h"
struct Agent {};
float PickyDecide(Agent&, const bt::Context&) { return 1; }
BT_DEFINE_BEHAVIOR__TICK(WORK_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(PICKY, WORK_B, PickyDecide);
