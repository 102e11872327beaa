// bt/data/closest_names.cpp — see closest_names.h.
#include "bt/data/closest_names.h"

#include <algorithm>
#include <cctype>
#include <utility>

namespace bt::data {

namespace {

char Lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

// The farthest a candidate may be from `name` to be suggested.
std::size_t MaxDistance(std::string_view name) { return std::max<std::size_t>(1, name.size() / 3); }

std::size_t Difference(std::size_t a, std::size_t b) { return a > b ? a - b : b - a; }

}  // namespace

std::size_t NameDistance(std::string_view a, std::string_view b) {
  // Two rows of the classic table: row[j] is the distance between the first i
  // characters of a and the first j of b.
  std::vector<std::size_t> previous(b.size() + 1), current(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) previous[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t replace = previous[j - 1] + (Lower(a[i - 1]) == Lower(b[j - 1]) ? 0 : 1);
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, replace});
    }
    std::swap(previous, current);
  }
  return previous[b.size()];
}

std::vector<std::string> ClosestNames(std::string_view name, std::span<const std::string_view> candidates,
                                      std::size_t limit) {
  const std::size_t max_distance = MaxDistance(name);
  std::vector<std::pair<std::size_t, std::string_view>> near;
  for (const std::string_view candidate : candidates) {
    // The distance is at least the difference in length: skips the table for
    // names that cannot be close (and keeps a huge bad name cheap).
    if (candidate == name || Difference(candidate.size(), name.size()) > max_distance) continue;
    const std::size_t distance = NameDistance(name, candidate);
    if (distance <= max_distance) near.emplace_back(distance, candidate);
  }
  std::sort(near.begin(), near.end());
  std::vector<std::string> names;
  for (const auto& [distance, candidate] : near) {
    if (names.size() == limit) break;
    if (std::find(names.begin(), names.end(), candidate) == names.end()) names.emplace_back(candidate);
  }
  return names;
}

std::vector<std::string> ClosestNames(std::string_view name, std::span<const std::string> candidates,
                                      std::size_t limit) {
  const std::vector<std::string_view> views(candidates.begin(), candidates.end());
  return ClosestNames(name, views, limit);
}

std::string ClosestNamesSuffix(std::string_view name, std::span<const std::string> candidates) {
  const std::vector<std::string_view> views(candidates.begin(), candidates.end());
  return ClosestNamesSuffix(name, views);
}

std::string ClosestNamesSuffix(std::string_view name, std::span<const std::string_view> candidates) {
  const std::vector<std::string> names = ClosestNames(name, candidates);
  if (names.empty()) return {};
  std::string suffix = " (closest: ";
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) suffix += ", ";
    suffix += "'" + names[i] + "'";
  }
  return suffix + ")";
}

}  // namespace bt::data
