// A tree required to be saveable whose behavior memory struct is not trivially copyable.
// expect: bt: the tree must be saveable, but a behavior memory struct in it is not trivially copyable
#include "bt/bt.h"
struct Agent {};
struct Mem {
  Mem() = default;
  Mem(const Mem&) {}  // user-provided: not trivially copyable
};
bt::Result Work(Agent&, Mem&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__MEMORY(WORK_B, Mem, nullptr, Work, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(ROOT, WORK_B, nullptr);
BT_CHECK_TREE_SAVEABLE(ROOT);
