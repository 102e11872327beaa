// bt/loaders/load_tree_file.cpp — one entry for every format (see the header).
#include "bt/loaders/load_tree_file.h"

#include <filesystem>
#include <system_error>

#include "bt/data/registry.h"
#include "bt/loaders/dragengine/dragengine.h"
#include "bt/loaders/mbt/modular_behavior_tree.h"
#include "bt/loaders/selection_tree/selection_tree.h"
#include "bt/loaders/source_files.h"
#include "bt/loaders/unvanquished/unvanquished.h"

namespace bt::loaders {

LoadedTree LoadTreeFile(const std::string& path, const bt::data::Registry& registry, const LoadOptions& options) {
  LoadedTree loaded;
  // A folder is a selection-tree folder: the engine loads its trees and blocks together.
  std::error_code error;
  if (!options.read && std::filesystem::is_directory(path, error)) {
    loaded.format = TreeFormat::SelectionTree;
    loaded.build = LoadSelectionTreeFile(path, registry, options);
    return loaded;
  }
  SourceFiles files(options);
  const SourceFile* file = files.Open(path);
  if (file == nullptr) {
    loaded.build.errors.push_back({path + ": cannot read the file", path, 0, 0, {}});
    return loaded;
  }
  loaded.format = DetectFormat(path, file->text);
  switch (loaded.format) {
    case TreeFormat::Unvanquished: loaded.build = LoadUnvanquishedFile(path, registry, options); break;
    case TreeFormat::Dragengine: loaded.build = LoadDragengineFile(path, registry, options); break;
    case TreeFormat::ModularBehaviorTree: loaded.build = LoadModularBehaviorTreeFile(path, registry, options); break;
    case TreeFormat::SelectionTree: loaded.build = LoadSelectionTreeFile(path, registry, options); break;
    case TreeFormat::Unknown:
      loaded.build.errors.push_back({path + ":1:1: unknown tree format: expected a .bt file (Unvanquished) or XML "
                                            "whose root element is <behaviorTree> (Drag[en]gine), <BehaviorTree> "
                                            "(Modular Behavior Tree), or <SelectionTrees> or <Blocks> (selection trees)",
                                     path, 1, 1, {}});
      break;
  }
  return loaded;
}

bt::data::Registry TreeFormatRegistry(TreeFormat format, const bt::data::Registry& game) {
  if (format == TreeFormat::ModularBehaviorTree) return ModularBehaviorTreeRegistry(game);
  return bt::data::WithBuiltinBehaviors(game).Get();
}

}  // namespace bt::loaders
