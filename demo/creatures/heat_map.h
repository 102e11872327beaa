// demo/creatures/heat_map.h — the crowd's heat map of behaviors (--heatmap W).
//
// The world in W columns of cells (rows to keep its shape, a text cell being
// about twice as tall as wide); each cell shows the letter of the behavior most
// of its creatures run (ties: the earlier letter), '.' where none runs one, ' '
// where there is no creature. Letters are given to behavior deciders in the
// order they are first seen, so one seed gives the same map.
#pragma once

#include <string>
#include <vector>

#include "bt/decider.h"
#include "world.h"

namespace creatures {

class HeatMap {
 public:
  explicit HeatMap(int columns) : columns_(columns) {}

  // The map's lines, then its legend ("A DANCE  B FIND_FOOD ...").
  std::vector<std::string> Draw(const World& world, const std::vector<const bt::DeciderDef*>& running);

 private:
  int LetterOf(const bt::DeciderDef* behavior);  // 0: none; 1...: 'A'...

  int columns_;
  std::vector<const bt::DeciderDef*> seen_;  // letter i + 1 is seen_[i]
};

}  // namespace creatures
