// bt/loaders/load_tree_file.h — loading a tree file of any supported system.
//
// Reads the file, tells its format (bt/loaders/tree_format.h) and hands it to
// that format's loader: what a tool or a game that takes any file calls. A
// folder on the disk is a CryEngine selection-tree folder (its trees and blocks
// loaded together: bt/loaders/selection_tree/selection_tree.h).
#pragma once

#include <string>

#include "bt/data/registry.h"
#include "bt/data/tree_builder.h"
#include "bt/loaders/load_options.h"
#include "bt/loaders/tree_format.h"

namespace bt::loaders {

struct LoadedTree {
  TreeFormat format = TreeFormat::Unknown;
  bt::data::BuildResult build;  // the tree, or errors "file:line:column: message"
};

LoadedTree LoadTreeFile(const std::string& path, const bt::data::Registry& registry, const LoadOptions& options = {});

// The registry `format`'s loader builds against: the game's, with the nodes the
// format builds in under their names (MBT's WaitForEvent, IfTime, ...: see
// ModularBehaviorTreeRegistry); the other formats', bt's built-in leaves the
// game did not register (bt::data::WithBuiltinBehaviors). What bt::data::WriteTreeAsCpp needs to
// write a loaded tree's built-in nodes.
bt::data::Registry TreeFormatRegistry(TreeFormat format, const bt::data::Registry& game);

}  // namespace bt::loaders
