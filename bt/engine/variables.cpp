// bt/engine/variables.cpp — an agent's variables: setting them, and finding them in a block.
#include "bt/core/variables.h"

#include <cmath>

#include "bt/engine/detail/block_reading.h"
#include "bt/engine/detail/variable_access.h"
#include "bt/core/tree.h"

namespace bt {

bool VariableBlock::Set(int index, double value) {
  if (!InRange(index) || std::isnan(value)) return false;
  if ((bools_ >> index) & 1u) value = value != 0 ? 1.0 : 0.0;
  double& held = values_()[index];
  if (held != value) {
    held = value;
    ++changes_;
  }
  return true;
}

namespace {

// The variables region of a block of this tree (started or fresh), or null when
// the tree or the block is refused (see bt/core/variables.h).
const VariableBlock* RegionOf(const DeciderDef& root, std::span<const std::byte> memory) {
  if (!InitializeTreeData(root)) return nullptr;
  const TreeData& tree = root.data->tree;
  if (tree.numVariables == 0 || detail::BlockFits(tree, memory) != Status::Running) return nullptr;
  const auto& header = *reinterpret_cast<const MemoryHeader*>(memory.data());
  if (header.treeStamp != 0 && header.treeStamp != tree.stamp) return nullptr;
  return detail::VariablesAt(memory.data(), tree);
}

}  // namespace

VariableBlock* VariablesOf(const DeciderDef& root, std::span<std::byte> memory) {
  auto* v = const_cast<VariableBlock*>(RegionOf(root, memory));  // the block is the caller's, and writable
  if (v == nullptr || VariableAccess::Fits(*v, root.data->tree)) return v;
  // A block never ticked, started here (its first tick keeps the values); else damage.
  if (reinterpret_cast<const MemoryHeader*>(memory.data())->treeStamp != 0) return nullptr;
  VariableAccess::Start(*v, root);
  return v;
}

const VariableBlock* ReadVariables(const DeciderDef& root, std::span<const std::byte> memory) {
  const VariableBlock* v = RegionOf(root, memory);
  return v != nullptr && VariableAccess::Fits(*v, root.data->tree) ? v : nullptr;
}

int FindVariable(const DeciderDef& root, std::string_view name) {
  if (!InitializeTreeData(root)) return -1;
  for (int i = 0; i < root.variableCount; ++i)
    if (name == root.variables[i].name) return i;
  return -1;
}

}  // namespace bt
