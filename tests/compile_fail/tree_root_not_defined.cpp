// A tree whose root is only declared in this file: its block cannot be sized here.
// expect: bt: the root of this tree is not a constant here: define it and every decider below it
// expect-also: RootNotConstant<ROOT>
#include "bt/bt.h"
BT_DECLARE_DECIDER(ROOT);
bt::MemoryFor<ROOT> gMemory;
