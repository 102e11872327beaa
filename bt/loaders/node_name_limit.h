// bt/loaders/node_name_limit.h — the longest node name a loader takes from a file.
// Loaders make decider names from the file's names plus suffixes of their own
// (":COLUMN", "@LINE", "._successLog"); a name longer than this would reach the
// builder too long, with an error naming the loader's name, not the designer's.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "bt/data/tree_builder.h"

namespace bt::loaders {

inline constexpr std::size_t kMaxNodeNameBytes = bt::data::kMaxNameBytes - 32;

// The error for a name of `bytes` bytes (`what`: "a node name"), or nothing when it fits.
inline std::optional<std::string> NodeNameTooLong(std::size_t bytes, const std::string& what = "a node name") {
  if (bytes <= kMaxNodeNameBytes) return std::nullopt;
  return what + " of " + std::to_string(bytes) + " bytes, more than " + std::to_string(kMaxNodeNameBytes) +
         " (bt::data::kMaxNameBytes, less room for the loader's suffixes)";
}

}  // namespace bt::loaders
