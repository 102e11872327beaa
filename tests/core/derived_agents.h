// tests/core/derived_agents.h — agent classes for the derived-agent tests: Creature
// comes second among HungryDragon's bases, so it does not lie at offset 0 of the
// classes derived from it, and a pointer reinterpreted instead of converted would
// show.
#pragma once

#include "bt/bt.h"

namespace derived {

struct Creature {
  int hunger = 0;
  int ticks = 0;
};
struct Flying {
  double altitude = 100;
};
struct HungryDragon : Flying, Creature {
  int fire = 3;
};
struct Wyrm : HungryDragon {
  int age = 900;
};

}  // namespace derived

BT_AGENT_BASE(derived::HungryDragon, derived::Creature);
BT_AGENT_BASE(derived::Wyrm, derived::HungryDragon);
