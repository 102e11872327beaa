// bt/data/closest_names.h — "did you mean" for names a data file gets wrong.
//
// Every loader error about an unknown name (a variable, a function, a constant,
// an action) lists the registered names closest to it, so a designer sees the
// typo at once: `unknown variable 'Foo' (closest: 'Food', 'Fool')`.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bt::data {

// Edit distance (Levenshtein: insert, delete, replace one character), letters
// compared without case, so a name typed in the wrong case is at distance 0.
std::size_t NameDistance(std::string_view a, std::string_view b);

// Up to `limit` of `candidates` near enough to `name` to be a likely typo
// (distance at most a third of the name's length, and at least 1), nearest
// first, ties in alphabetical order; no duplicates.
std::vector<std::string> ClosestNames(std::string_view name, std::span<const std::string_view> candidates,
                                      std::size_t limit = 3);
std::vector<std::string> ClosestNames(std::string_view name, std::span<const std::string> candidates,
                                      std::size_t limit = 3);

// " (closest: 'Food', 'Fool')", or "" when no candidate is close: ready to
// append to an error message.
std::string ClosestNamesSuffix(std::string_view name, std::span<const std::string_view> candidates);
std::string ClosestNamesSuffix(std::string_view name, std::span<const std::string> candidates);

}  // namespace bt::data
