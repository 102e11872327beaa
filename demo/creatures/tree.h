// demo/creatures/tree.h — the creatures' tree: Figure 1 of the Spore document
// (demo/figure1/tree.h), deciding over the world.
//
//   ROOT
//     FLEE            a threat in sight && energy < 60
//     GUARD           the nest is threatened                (asks again on redecide)
//       GUARD_YELL      a threat in sight && !yelled
//       GUARD_FIGHT     a threat in sight                   -> FIGHT
//       GUARD_PATROL    (always)                            -> PATROL
//     FIGHT           a threat in sight
//     EAT             hunger > 70                           (asks again on redecide)
//       FIND_FOOD       not standing on food
//       EAT_FOOD        standing on food
//     IDLE            (always)
//       PLAY            energy > 50, Random from the creature's own rng
//         FLIP, ROLL, DANCE
//       REST            (always)
#pragma once

#include <cstdio>

#include "bt/core/macros.h"

namespace creatures {

BT_DECLARE_DECIDER(ROOT);

// Verifies the tree and that it fits Creature::mind; says why not on `errors`.
bool CheckTree(std::FILE* errors);

}  // namespace creatures
