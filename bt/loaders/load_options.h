// bt/loaders/load_options.h — what every loader of tree files takes.
//
// A tree file may name other files (Unvanquished `behavior NAME` and `#include`,
// Drag[en]gine subtree files, selection-tree block files). A loader finds each
// beside the file that names it, then in each folder of `searchPath`, in that
// order; it reads them through `read` (the disk when empty), so tests, fuzzers
// and games with packed assets give their own files.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "bt/data/tree_builder.h"

namespace bt::loaders {

// The contents of the file at `path`, or nothing when there is no such file.
using ReadFile = std::function<std::optional<std::string>(const std::string& path)>;

struct LoadOptions {
  std::vector<std::string> searchPath = {};  // folders searched after the naming file's own
  ReadFile read = {};                        // empty: read the disk
  bt::data::BuildOptions build = {};         // how the loaded spec is built
};

}  // namespace bt::loaders
