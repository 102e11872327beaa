// bt/engine/detail/variable_access.h — the engine's side of a block's variables region
// (bt/core/variables.h): where it lies, whether it is the tree's, and starting it.
#pragma once

#include <cstddef>
#include <cstdint>

#include "bt/core/decider.h"
#include "bt/core/layout.h"

namespace bt {

struct VariableAccess {
  // Whether a block's region holds the tree's variables: as many, of the same
  // types (a typed tree's table matches its signature). Checked before the region
  // is handed out, so that a damaged count or table can never make an accessor
  // read or write past the block.
  static bool Fits(const VariableBlock& v, std::uint32_t count, std::uint64_t bools, std::uint32_t extraWords = 0,
                   std::uint64_t kinds = 0) {
    if (v.count_ != count || v.bools_ != bools || v.extraWords_ != extraWords) return false;
    return extraWords == 0 || detail::VariableKindsSignature(v.kinds_(), static_cast<int>(count)) == kinds;
  }
  static bool Fits(const VariableBlock& v, const TreeData& tree) {
    return Fits(v, tree.numVariables, tree.variableBools, tree.variableExtraWords, tree.variableKinds);
  }
  // Starts the region at the root's declared initial values, no change counted.
  static void Start(VariableBlock& v, const DeciderDef& root) {
    const TreeData& tree = root.data->tree;
    v.changes_ = 0;
    v.count_ = tree.numVariables;
    v.extraWords_ = tree.variableExtraWords;
    v.bools_ = tree.variableBools;
    if (v.extraWords_ != 0) {
      std::uint8_t* kinds = v.kinds_();
      const std::uint32_t tableBytes = detail::AlignUp(2u * tree.numVariables, 8);
      for (std::uint32_t i = 0; i < tableBytes; ++i) kinds[i] = 0;
      for (int i = 0; i < root.variableCount; ++i) {
        kinds[2 * i] = static_cast<std::uint8_t>(root.variables[i].type);
        kinds[2 * i + 1] = detail::VariableKindSize(root.variables[i]);
      }
    }
    for (int i = 0; i < root.variableCount; ++i) {
      const VariableDecl& d = root.variables[i];
      switch (d.type) {
        case VariableType::Bool:
        case VariableType::Number:
          v.values_()[i] = d.initial;
          break;
        case VariableType::Floats: {
          v.integers_()[i] = 0;
          float* floats = v.floatsOf_(i);
          for (int f = 0; f < 2 * static_cast<int>(detail::VariableFloatWords(d.floatCount)); ++f)
            floats[f] = d.initialFloats != nullptr && f < d.floatCount ? d.initialFloats[f] : 0.0f;
          break;
        }
        default:
          v.integers_()[i] = d.initialInteger;
      }
    }
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
