// A DBlock aligned beyond what memory blocks guarantee.
// expect: bt: the DBlock of decider LANES is aligned beyond bt::kMaxAlignment
#include "bt/bt.h"
struct Agent {};
struct alignas(32) Lanes {
  float x[8];
};
float LanesDecide(Agent&, Lanes&, const bt::DecideContext&) { return 1; }
BT_DEFINE_BEHAVIOR__TICK(LANES_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR__DBLOCK(LANES, LANES_B, LanesDecide, Lanes);
