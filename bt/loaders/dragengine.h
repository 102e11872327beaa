// bt/loaders/dragengine.h — Drag[en]gine behavior-tree XML (seed 000; a <behaviorTree> file).
//
// Placeholder: the loader is being written; LoadDragengineFile reports that it is not built yet.
#pragma once

#include <string>

#include "bt/data/registry.h"
#include "bt/data/tree_builder.h"
#include "bt/loaders/load_options.h"

namespace bt::loaders {

// Loads the file at `path` and every file it names (LoadOptions), and builds it.
bt::data::BuildResult LoadDragengineFile(const std::string& path, const bt::data::Registry& registry,
                                    const LoadOptions& options = {});

}  // namespace bt::loaders
