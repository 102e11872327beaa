// demo/creatures/registry.h — what a tree file may name for the creatures: the
// sandbox's behaviors as actions, and what a creature senses as the value
// functions of conditions (Unvanquished .bt files, --tree; tree_file.h).
//
//   actions    flee, yellForHelp, fight, patrol, findFood, eat, flip, roll, dance,
//              rest, restUntil(ENERGY), wander(TICKS)
//   values     seesThreat, threatDistance (99 when none is in sight), nestThreatened,
//              yelled, atFood, tired, hunger, energy, alarm (a yell for help is heard)
//   "Succeed"  and the other built-in leaves (a condition without a child runs it)
#pragma once

#include "bt/data/registry.h"

namespace creatures {

void RegisterCreatureFunctions(bt::data::Registry& registry);

}  // namespace creatures
