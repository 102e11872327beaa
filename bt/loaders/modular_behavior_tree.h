// bt/loaders/modular_behavior_tree.h — Lumberyard Modular Behavior Tree XML (seed 002; a <BehaviorTree> file).
//
// Placeholder: the loader is being written; LoadModularBehaviorTreeFile reports that it is not built yet.
#pragma once

#include <string>

#include "bt/data/registry.h"
#include "bt/data/tree_builder.h"
#include "bt/loaders/load_options.h"

namespace bt::loaders {

// Loads the file at `path` and every file it names (LoadOptions), and builds it.
bt::data::BuildResult LoadModularBehaviorTreeFile(const std::string& path, const bt::data::Registry& registry,
                                    const LoadOptions& options = {});

}  // namespace bt::loaders
