// demo/creatures/map.h — the world as rows of characters, shared by the
// terminal view (which colours them) and the plain-text output.
//
//   #  the nest   *  food   T  a threat   a-z  creatures (or a behavior's pose:
//   ! fleeing, Y yelling, X fighting, @ eating, z resting, ^v oO /\ playing)
#pragma once

#include <string>
#include <vector>

#include "world.h"

namespace creatures {

inline constexpr char kNestGlyph = '#';
inline constexpr char kFoodGlyph = '*';
inline constexpr char kThreatGlyph = 'T';
inline constexpr char kGroundGlyph = '.';

// One string per row, World::width characters each. Later layers cover
// earlier ones: ground, nest, food, threats, creatures, the selected creature.
std::vector<std::string> DrawMap(const World& world, int selected);

}  // namespace creatures
