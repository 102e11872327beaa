// The wrapper of the guides' fragments that declare a tree at file scope
// (tests/docs/examples_test.sh pastes each in place of the line below): what
// they name but do not define, and a check that sizes the tree, so a child
// they name and nothing defines is an error here.
#include <cstdio>

#include "bt/bt.h"

struct Creature { float fear = 0; };
struct Target { int prey = 0; };

namespace common {
BT_DEFINE_BEHAVIOR__TICK(IDLE_B, +[](Creature&) { return bt::Result::Running; });
BT_DEFINE_DECIDER(IDLE, IDLE_B);
}  // namespace common

float SpotPrey(Creature&, Target& target, const bt::DecideContext&) { target.prey = 1; return 1; }
bt::Result Chase(Creature&, const Target&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__TICK(CHASE_B, Chase);

// fragment

BT_CHECK_TREE(GUARD);
