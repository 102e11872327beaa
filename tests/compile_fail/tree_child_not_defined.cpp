// A tree one of whose children is only declared in this file: its block cannot be sized here.
// The first error names the child, and it is the only one.
// expect: DeciderNotDefinedHere<CHILD>
// expect-errors: 1
// expect-lines: 20
#include "bt/bt.h"
BT_DECLARE_DECIDER(CHILD);
BT_DEFINE_DECIDER_GROUP(ROOT, PrioritizedList, nullptr, CHILD);
bt::MemoryFor<ROOT> gMemory;
