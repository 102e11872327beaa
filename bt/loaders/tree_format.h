// bt/loaders/tree_format.h — which system a tree file was written for.
#pragma once

#include <cstdint>
#include <string_view>

namespace bt::loaders {

enum class TreeFormat : std::uint8_t {
  Unknown,
  Unvanquished,         // a .bt file
  Dragengine,           // XML whose root element is <behaviorTree>
  ModularBehaviorTree,  // XML whose root element is <BehaviorTree>
  SelectionTree,        // XML whose root element is <SelectionTrees>, <SelectionTree> or <Blocks>
};

// "unvanquished", "dragengine", "mbt", "selection-tree", "unknown".
const char* TreeFormatName(TreeFormat format);

// By the text's first element when it is XML (the name's case tells Drag[en]gine's
// <behaviorTree> from MBT's <BehaviorTree>), else by the name's extension: ".bt"
// is Unvanquished. Unknown when neither says.
TreeFormat DetectFormat(std::string_view path, std::string_view text);

}  // namespace bt::loaders
