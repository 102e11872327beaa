// bt/engine/detail/variable_access.h — the engine's side of a block's variables region
// (bt/core/variables.h): where it lies, whether it is the tree's, and starting it.
#pragma once

#include <cstddef>
#include <cstdint>

#include "bt/core/decider.h"

namespace bt {

struct VariableAccess {
  // Whether a block's region holds the tree's variables: as many, of the same
  // types. Checked before the region is handed out, so that a damaged count can
  // never make Set write past the block.
  static bool Fits(const VariableBlock& v, std::uint32_t count, std::uint64_t bools) {
    return v.count_ == count && v.bools_ == bools;
  }
  static bool Fits(const VariableBlock& v, const TreeData& tree) { return Fits(v, tree.numVariables, tree.variableBools); }
  // Starts the region at the root's declared initial values, no change counted.
  static void Start(VariableBlock& v, const DeciderDef& root) {
    const TreeData& tree = root.data->tree;
    v.changes_ = 0;
    v.count_ = tree.numVariables;
    v.bools_ = tree.variableBools;
    for (int i = 0; i < root.variableCount; ++i) v.values_()[i] = root.variables[i].initial;
  }
  // Writes a value without counting a change: timestamps (bt/core/timestamps.h), which
  // MBT keeps apart from its variables, so setting one re-picks no Priority.
  static void SetUncounted(VariableBlock& v, int index, double value) {
    if (v.InRange(index)) v.values_()[index] = value;
  }
};

namespace detail {

// The variables region of a block of a valid tree that declares some (unchecked).
inline VariableBlock* VariablesAt(std::byte* block, const TreeData& tree) {
  return reinterpret_cast<VariableBlock*>(block + tree.variablesOffset);
}
inline const VariableBlock* VariablesAt(const std::byte* block, const TreeData& tree) {
  return reinterpret_cast<const VariableBlock*>(block + tree.variablesOffset);
}

}  // namespace detail
}  // namespace bt
