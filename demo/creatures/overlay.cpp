// demo/creatures/overlay.cpp — the overlay text of one creature.
#include "overlay.h"

#include <cstdio>

#include "bt/debug/print.h"

namespace creatures {

std::size_t FormatOverlay(const Sandbox& sandbox, int creature, bool wholeTree, std::span<char> buffer) {
  if (buffer.empty()) return 0;
  const Creature& c = sandbox.world.creatures[static_cast<std::size_t>(creature)];
  const int header = std::snprintf(
      buffer.data(), buffer.size(), "creature %c at (%d,%d)  hunger %d  energy %d  threat %s  nest %s\n", c.name,
      c.at.x, c.at.y, c.hunger, c.energy, c.SeesThreat() ? "yes" : "no", c.nestThreat ? "threatened" : "safe");
  std::size_t used = header < 0 ? 0 : std::min(static_cast<std::size_t>(header), buffer.size() - 1);
  // The time is the last tick's, so "time:" in the overlay counts from when each decider was activated.
  const double time = TimeOfTick(sandbox.tick > 0 ? sandbox.tick - 1 : 0);
  bt::DebugPrintOptions options;
  options.wholeTree = wholeTree;
  used += bt::DebugPrintState(MindRoot(sandbox, creature), MindBytes(sandbox, creature), time, buffer.subspan(used),
                              options);
  return used;
}

}  // namespace creatures
