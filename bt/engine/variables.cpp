// bt/engine/variables.cpp — an agent's variables: setting them, and finding them in a block.
#include "bt/core/variables.h"

#include <climits>
#include <cmath>
#include <cstdint>

#include "bt/engine/detail/block_reading.h"
#include "bt/engine/detail/variable_access.h"
#include "bt/core/layout.h"
#include "bt/core/tree.h"

namespace bt {

const char* VariableTypeName(VariableType type) {
  switch (type) {
    case VariableType::Bool: return "bool";
    case VariableType::Number: return "number";
    case VariableType::Int32: return "int32";
    case VariableType::Int64: return "int64";
    case VariableType::Enum: return "enum";
    case VariableType::Floats: return "floats";
  }
  return "unknown";
}

VariableType VariableBlock::TypeOf(int index) const {
  if (!InRange(index)) return VariableType::Bool;
  if (extraWords_ == 0) return ((bools_ >> index) & 1u) ? VariableType::Bool : VariableType::Number;
  return static_cast<VariableType>(kinds_()[2 * index]);
}

float* VariableBlock::floatsOf_(int index) {
  // The floats follow the table, each Floats variable's in declaration order.
  auto* at = reinterpret_cast<float*>(values_() + count_ + detail::AlignUp(2u * count_, 8) / 8);
  const std::uint8_t* kinds = kinds_();
  for (int i = 0; i < index; ++i)
    if (static_cast<VariableType>(kinds[2 * i]) == VariableType::Floats)
      at += 2 * detail::VariableFloatWords(kinds[2 * i + 1]);
  return at;
}

double VariableBlock::GetTyped(int index) const {
  switch (TypeOf(index)) {
    case VariableType::Bool:
    case VariableType::Number:
      return values_()[index];
    case VariableType::Floats:
      return 0.0;
    default:
      return static_cast<double>(integers_()[index]);
  }
}

std::int64_t VariableBlock::GetInteger(int index) const {
  if (!InRange(index)) return 0;
  switch (TypeOf(index)) {
    case VariableType::Int32:
    case VariableType::Int64:
    case VariableType::Enum:
      return integers_()[index];
    case VariableType::Floats:
      return 0;
    default: {
      // A double outside int64 converts to nothing defined: clamp.
      const double value = values_()[index];
      if (!(value > -9.2233720368547758e18)) return value != value ? 0 : INT64_MIN;
      if (!(value < 9.2233720368547758e18)) return INT64_MAX;
      return static_cast<std::int64_t>(value);
    }
  }
}

bool VariableBlock::SetInteger(int index, std::int64_t value) {
  if (!InRange(index)) return false;
  const VariableType type = TypeOf(index);
  if (type == VariableType::Bool || type == VariableType::Number) return Set(index, static_cast<double>(value));
  if (type == VariableType::Floats) return false;
  if (type == VariableType::Int32 && (value < INT32_MIN || value > INT32_MAX)) return false;
  if (type == VariableType::Enum && (value < 0 || value >= kinds_()[2 * index + 1])) return false;
  std::int64_t& held = integers_()[index];
  NoteChange(held != value);
  held = value;
  return true;
}

bool VariableBlock::Set(int index, double value) {
  if (!InRange(index) || std::isnan(value)) return false;
  if (extraWords_ != 0) {
    switch (TypeOf(index)) {
      case VariableType::Bool:
      case VariableType::Number:
        break;
      case VariableType::Floats:
        return false;
      default:
        // A whole number an int64 holds (2^63 itself does not), then the type's range.
        if (value != std::trunc(value) || value < -9.2233720368547758e18 || value >= 9.2233720368547758e18)
          return false;
        return SetInteger(index, static_cast<std::int64_t>(value));
    }
  }
  if ((bools_ >> index) & 1u) value = value != 0 ? 1.0 : 0.0;
  double& held = values_()[index];
  if (held != value) {
    held = value;
    ++changes_;
  }
  return true;
}

std::span<const float> VariableBlock::GetFloats(int index) const {
  if (!InRange(index) || TypeOf(index) != VariableType::Floats) return {};
  return {floatsOf_(index), kinds_()[2 * index + 1]};
}

bool VariableBlock::SetFloats(int index, std::span<const float> values) {
  if (!InRange(index) || TypeOf(index) != VariableType::Floats || values.size() != kinds_()[2 * index + 1])
    return false;
  for (const float f : values)
    if (f != f) return false;
  float* held = floatsOf_(index);
  bool changed = false;
  for (std::size_t i = 0; i < values.size(); ++i) {
    changed = changed || held[i] != values[i];
    held[i] = values[i];
  }
  NoteChange(changed);
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
