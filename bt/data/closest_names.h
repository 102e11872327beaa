// bt/data/closest_names.h — "did you mean" for unknown names in data trees.
//
// An unknown action, condition, child or constant is reported with the
// registered names closest to it by edit distance (Levenshtein), so a typo in a
// designer's file reads `unknown action 'Shot' (closest: 'Shoot', 'Shout')`.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace bt::data {

// Edits (insert, delete, substitute one character) that turn a into b.
std::size_t EditDistance(std::string_view a, std::string_view b);

// " (closest: 'A', 'B')": up to `most` candidates at the smallest distance found,
// then the next, in order of distance and then of name, among those close enough
// to be a typo (at most a third of the longer name's characters, and at least 2);
// "" when none is.
std::string ClosestNames(std::string_view unknown, std::span<const std::string_view> candidates,
                         std::size_t most = 3);

}  // namespace bt::data
