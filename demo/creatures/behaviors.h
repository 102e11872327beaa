// demo/creatures/behaviors.h — what creatures do: the behaviors of the
// creatures tree, each acting on the world through its creature.
//
// Behaviors are shared by every creature and by every decider that names them
// (FIGHT serves both GUARD_FIGHT and FIGHT). What one creature's behavior
// remembers between ticks lives in a small memory struct in the creature's
// memory block, so the behaviors themselves hold no state.
#pragma once

#include "bt/core/macros.h"

namespace creatures::behaviors {

BT_DECLARE_BEHAVIOR(FLEE);           // away from the nearest threat until none is in sight
BT_DECLARE_BEHAVIOR(YELL_FOR_HELP);  // stand and yell: creatures further away come to guard the nest
BT_DECLARE_BEHAVIOR(FIGHT);          // close in on a threat and hit it until it is driven off
BT_DECLARE_BEHAVIOR(PATROL);         // go round the nest, heading for intruders
BT_DECLARE_BEHAVIOR(FIND_FOOD);      // to the nearest food in sight, else search
BT_DECLARE_BEHAVIOR(EAT_FOOD);       // eat where it stands until full
BT_DECLARE_BEHAVIOR(FLIP);           // three ways to play; each tires a little
BT_DECLARE_BEHAVIOR(ROLL);
BT_DECLARE_BEHAVIOR(DANCE);
BT_DECLARE_BEHAVIOR(REST);    // go home and sleep until rested (or until the energy its parameter gives)
BT_DECLARE_BEHAVIOR(WANDER);  // walk about for the ticks its parameter gives (trees from files only)

}  // namespace creatures::behaviors
