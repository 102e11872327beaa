// bt/data/closest_names.cpp — edit distance and the closest names (see the header).
#include "bt/data/closest_names.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace bt::data {

std::size_t EditDistance(std::string_view a, std::string_view b) {
  // One row of the classic table, O(|b|) memory.
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string ClosestNames(std::string_view unknown, std::span<const std::string_view> candidates, std::size_t most) {
  std::vector<std::pair<std::size_t, std::string_view>> close;
  for (std::string_view candidate : candidates) {
    const std::size_t limit = std::max<std::size_t>(2, std::max(unknown.size(), candidate.size()) / 3);
    // Lengths alone bound the distance from below: skip the table when they differ by too much.
    const std::size_t lengthGap =
        unknown.size() > candidate.size() ? unknown.size() - candidate.size() : candidate.size() - unknown.size();
    if (lengthGap > limit) continue;
    const std::size_t distance = EditDistance(unknown, candidate);
    if (distance <= limit) close.emplace_back(distance, candidate);
  }
  if (close.empty()) return {};
  std::sort(close.begin(), close.end());
  std::string text = " (closest: ";
  for (std::size_t i = 0; i < close.size() && i < most; ++i) {
    if (i > 0) text += ", ";
    text += '\'';
    text += close[i].second;
    text += '\'';
  }
  return text + ")";
}

}  // namespace bt::data
