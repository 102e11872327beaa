// A tree whose root is only declared in this file: its block cannot be sized here.
// The first error names the root, and it is the only one.
// expect: DeciderNotDefinedHere<ROOT>
// expect-errors: 1
// expect-lines: 20
#include "bt/bt.h"
BT_DECLARE_DECIDER(ROOT);
bt::MemoryFor<ROOT> gMemory;
