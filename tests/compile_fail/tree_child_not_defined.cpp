// A tree one of whose children is only declared in this file: its block cannot be sized here.
// expect: bt: this tree is not a constant here: define its root and every decider and behavior below it
// expect-also: TreeNotConstant<ROOT>
#include "bt/bt.h"
BT_DECLARE_DECIDER(CHILD);
BT_DEFINE_DECIDER_GROUP(ROOT, PrioritizedList, nullptr, CHILD);
bt::MemoryFor<ROOT> gMemory;
