// demo/creatures/heat_map.h — the heat map of behaviors over the world: the
// crowd mode's (--heatmap W) and the interactive view's ('h').
//
// The world in W columns of cells and as many rows as asked (by default as
// many as keep its shape, a text cell being about twice as tall as wide); each cell shows the letter of the behavior most
// of its creatures run (ties: the earlier letter), '.' where none runs one, ' '
// where there is no creature. Letters are given to behavior deciders in the
// order they are first seen, so one seed gives the same map.
#pragma once

#include <string>
#include <vector>

#include "bt/core/decider.h"
#include "world.h"

namespace creatures {

class HeatMap {
 public:
  explicit HeatMap(int columns, int rows = 0) : columns_(columns), rows_(rows) {}

  // The map's lines, then its legend ("A DANCE  B FIND_FOOD ...").
  std::vector<std::string> Draw(const World& world, const std::vector<const bt::DeciderDef*>& running);
  // The cell (x: column, y: row) a point of the world falls in.
  Point CellOf(const World& world, Point at) const;

 private:
  int LetterOf(const bt::DeciderDef* behavior);  // 0: none; 1...: 'A'...
  int Columns(const World& world) const;
  int Rows(const World& world) const;

  int columns_;
  int rows_;  // 0: the world's shape
  std::vector<const bt::DeciderDef*> seen_;  // letter i + 1 is seen_[i]
};

}  // namespace creatures
