// demo/creatures/heat_map.cpp — the crowd's heat map (see the header).
#include "heat_map.h"

#include <algorithm>

#include "sandbox.h"

namespace creatures {

namespace {
constexpr int kMaxLetters = 26;
}  // namespace

int HeatMap::LetterOf(const bt::DeciderDef* behavior) {
  if (behavior == nullptr) return 0;
  const auto found = std::find(seen_.begin(), seen_.end(), behavior);
  if (found != seen_.end()) return static_cast<int>(found - seen_.begin()) + 1;
  if (seen_.size() == kMaxLetters) return 0;  // more behaviors than letters: shown as none
  seen_.push_back(behavior);
  return static_cast<int>(seen_.size());
}

int HeatMap::Columns(const World& world) const { return std::max(1, std::min(columns_, world.width)); }

int HeatMap::Rows(const World& world) const {
  if (rows_ > 0) return std::min(rows_, world.height);
  return std::max(1, Columns(world) * world.height / world.width / 2);
}

Point HeatMap::CellOf(const World& world, Point at) const {
  const int columns = Columns(world), rows = Rows(world);
  return {std::clamp(at.x * columns / world.width, 0, columns - 1), std::clamp(at.y * rows / world.height, 0, rows - 1)};
}

std::vector<std::string> HeatMap::Draw(const World& world, const std::vector<const bt::DeciderDef*>& running) {
  const int columns = Columns(world), rows = Rows(world);
  // counts[cell][letter]: creatures of the cell running that behavior (letter 0: none).
  std::vector<std::vector<int>> counts(static_cast<std::size_t>(rows * columns), std::vector<int>(kMaxLetters + 1));
  for (std::size_t i = 0; i < world.creatures.size() && i < running.size(); ++i) {
    const Point cell = CellOf(world, world.creatures[i].at);
    ++counts[static_cast<std::size_t>(cell.y * columns + cell.x)][static_cast<std::size_t>(LetterOf(running[i]))];
  }
  std::vector<std::string> lines;
  for (int row = 0; row < rows; ++row) {
    std::string line;
    for (int column = 0; column < columns; ++column) {
      const std::vector<int>& cell = counts[static_cast<std::size_t>(row * columns + column)];
      const auto most = std::max_element(cell.begin() + 1, cell.end());  // the first of the largest
      line += *most > 0 ? static_cast<char>('A' + (most - cell.begin()) - 1) : cell[0] > 0 ? '.' : ' ';
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    lines.push_back(line);
  }
  std::string legend;
  for (std::size_t i = 0; i < seen_.size(); ++i)
    legend += (i == 0 ? "" : "  ") + std::string(1, static_cast<char>('A' + i)) + " " + NameOf(seen_[i]);
  lines.push_back(legend);
  return lines;
}

}  // namespace creatures
