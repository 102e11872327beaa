// demo/creatures/map.cpp — drawing the world's layers into rows.
#include "map.h"

namespace creatures {

std::vector<std::string> DrawMap(const World& world, int selected) {
  std::vector<std::string> rows(static_cast<std::size_t>(world.height),
                                std::string(static_cast<std::size_t>(world.width), kGroundGlyph));
  auto put = [&](Point p, char glyph) {
    if (world.Inside(p)) rows[static_cast<std::size_t>(p.y)][static_cast<std::size_t>(p.x)] = glyph;
  };
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) put({world.nest.x + dx, world.nest.y + dy}, kNestGlyph);
  for (const Food& f : world.food)
    if (f.bites > 0) put(f.at, kFoodGlyph);
  for (const Threat& t : world.threats)
    if (t.InWorld()) put(t.at, kThreatGlyph);
  // Creatures show their letter; the selected one shows it even while a pose covers the others'.
  for (const Creature& c : world.creatures) put(c.at, c.pose ? c.pose : c.name);
  if (selected >= 0 && selected < static_cast<int>(world.creatures.size())) {
    const Creature& c = world.creatures[static_cast<std::size_t>(selected)];
    put(c.at, c.name);
  }
  return rows;
}

}  // namespace creatures
