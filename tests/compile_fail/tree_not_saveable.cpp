// A tree required to be saveable whose behavior memory struct is not trivially
// copyable: the error names the decider at fault (HOARD), as the run-time refusal does.
// expect: bt: the tree must be saveable, but the behavior memory struct of the decider in DeciderNotSaveable<...> is not trivially copyable
// expect-also: DeciderNotSaveable<HOARD>
// expect-errors: 1
#include "bt/bt.h"
struct Agent {};
struct Mem {
  Mem() = default;
  Mem(const Mem&) {}  // user-provided: not trivially copyable
};
bt::Result Work(Agent&, Mem&) { return bt::Result::Running; }
bt::Result Rest(Agent&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__MEMORY(HOARD_B, Mem, nullptr, Work, nullptr);
BT_DEFINE_BEHAVIOR__TICK(REST_B, Rest);
BT_DEFINE_GROUP(ROOT, PrioritizedList, BT_CHILDREN(REST, HOARD));
BT_DEFINE_DECIDER(REST, REST_B);
BT_DEFINE_DECIDER(HOARD, HOARD_B);
BT_CHECK_TREE_SAVEABLE(ROOT);
