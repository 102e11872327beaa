// bt/loaders/selection_tree.h — CryEngine 3.4 Behavior Selection Tree XML (seed 003; <SelectionTrees>/<Blocks>).
//
// Placeholder: the loader is being written; LoadSelectionTreeFile reports that it is not built yet.
#pragma once

#include <string>

#include "bt/data/registry.h"
#include "bt/data/tree_builder.h"
#include "bt/loaders/load_options.h"

namespace bt::loaders {

// Loads the file at `path` and every file it names (LoadOptions), and builds it.
bt::data::BuildResult LoadSelectionTreeFile(const std::string& path, const bt::data::Registry& registry,
                                    const LoadOptions& options = {});

}  // namespace bt::loaders
