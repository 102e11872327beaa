// The wrapper of bt/debug/README.md's fragments (tests/docs/examples_test.sh
// pastes each in place of the last line, at file scope): a behavior memory
// struct to format, and a small tree, LIST, for an agent to tick.
#include <cstdio>

#include "bt/bt.h"
#include "bt/debug/memory_format.h"
#include "bt/debug/print.h"
#include "bt/engine/why.h"

struct Agent { int steps = 0; };
struct FleeMem { int steps = 0; };

bt::Result Flee(Agent&, FleeMem& m) { ++m.steps; return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__MEMORY(FLEE_B, FleeMem, nullptr, Flee, nullptr);
BT_DEFINE_GROUP(LIST, PrioritizedList, BT_CHILDREN(FLEE));
BT_DEFINE_DECIDER(FLEE, FLEE_B);

// fragment
