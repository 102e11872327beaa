// A behavior memory struct aligned beyond what memory blocks guarantee.
// expect: bt: the memory struct of behavior VECTOR_B is aligned beyond bt::kMaxAlignment
#include "bt/bt.h"
struct Agent {};
struct alignas(64) Wide {
  float lanes[16];
};
bt::Result WideTick(Agent&, Wide&, const bt::Context&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__MEMORY(VECTOR_B, Wide, nullptr, WideTick, nullptr);
