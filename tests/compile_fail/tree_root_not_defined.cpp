// A tree whose root is only declared in this file: its block cannot be sized here.
// expect: bt: this tree is not a constant here: define its root and every decider and behavior below it
// expect-also: TreeNotConstant<ROOT>
#include "bt/bt.h"
BT_DECLARE_DECIDER(ROOT);
bt::MemoryFor<ROOT> gMemory;
