// bt/core/variables.h — per-agent variables: the small typed blackboard a tree
// declares: booleans and numbers, 32- and 64-bit integers (entity ids), enums by
// name, and fixed-size float vectors (a position).
//
// The root's DeciderDef lists the declarations; each agent's values live in its
// memory block (so saving, restoring and migrating a block keep them), set by the
// game, by behaviors and Decides through their context, or by signals mapped to
// variables; read by conditions. Every change that alters a value is counted, so
// a node can tell whether anything changed since it last looked (MBT's Priority
// re-picks only then).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace bt {

struct DeciderDef;

// Bool and Number hold a double; Int32, Int64 and Enum an exact std::int64_t (an
// Enum's value is its name's place in its VariableEnum, 0 first); Floats holds
// `floatCount` floats (a "float3" is 3).
enum class VariableType : std::uint8_t { Bool, Number, Int32, Int64, Enum, Floats };
inline constexpr int kMaxVariableFloats = 16;    // a Floats variable's most floats
inline constexpr int kMaxVariableEnumValues = 255;  // an enum's most names

// "bool", "number", "int32", "int64", "enum", "floats" (a file names an enum by
// its own name and floats as "float<N>").
const char* VariableTypeName(VariableType type);

// An enum type: its names in value order (`names[0]` is 0). Declared in a file
// (`<Enum name="Stance" values="Idle Crouch Prone"/>`) or registered
// (bt::data::Registry::AddEnum).
struct VariableEnum {
  const char* name = nullptr;
  const char* const* names = nullptr;
  std::uint16_t count = 0;
};

// One signal that sets a variable (MBT and selection-tree `<Signal name variable
// value/>`): when the event named `signal` reaches the agent, the variable
// takes `value` (a Bool's as C++ converts it).
struct VariableSignal {
  const char* signal = nullptr;
  double value = 0;
};

struct VariableDecl {
  const char* name = nullptr;
  VariableType type = VariableType::Bool;
  double initial = 0;  // a Bool's is 0 or 1
  // A timestamp (MBT `<Timestamp name setOnEvent exclusiveTo/>`, bt/core/timestamps.h):
  // a Number set to the time whenever the event named setOnEvent reaches the
  // agent, which clears the timestamp named exclusiveTo (null: none).
  const char* setOnEvent = nullptr;
  const char* exclusiveTo = nullptr;
  // The signals that set it, in the file's order: bt::SendEvent applies them
  // first, as MBT's HandleEvent applies the tree's SignalVariables
  // (bt/engine/events.h). Null or 0: none.
  const VariableSignal* signals = nullptr;
  std::uint16_t signalCount = 0;
  // Int32, Int64, Enum: the initial value (`initial` stays 0); an Enum's is its
  // name's place in `enumType`.
  std::int64_t initialInteger = 0;
  const VariableEnum* enumType = nullptr;  // Enum: its names
  // Floats: how many [1, kMaxVariableFloats], and their initial values (null: zeros).
  std::uint8_t floatCount = 0;
  const float* initialFloats = nullptr;
};

// The variables region of one agent's block. One 8-byte slot per variable: a
// double for a Bool (0 or 1) or a Number, a std::int64_t for an Int32, Int64 or
// Enum. A tree with a variable of those types or Floats (a "typed" tree) adds, after
// the slots, each variable's type and size (2 bytes each, so the region says
// what it holds and saving, restoring and migrating it as bytes keeps it whole),
// then each Floats variable's floats in declaration order (each rounded up to 8
// bytes). An index is a variable's place in the root's declarations. The region
// lies in the block, its values after it: held by pointer, never copied (a copy
// would not bring the values along).
//
// Every accessor takes any index and any value: a wrong one is refused (false,
// or a neutral value), never undefined.
class VariableBlock {
 public:
  VariableBlock(const VariableBlock&) = delete;
  VariableBlock& operator=(const VariableBlock&) = delete;

  int Count() const { return static_cast<int>(count_); }
  // Bool for an index out of range.
  VariableType TypeOf(int index) const;
  // The value as a double: an integer's converted (exact up to 2^53), 0 for a
  // Floats variable or an index out of range.
  double Get(int index) const {
    if (!InRange(index)) return 0.0;
    if (extraWords_ == 0) return values_()[index];  // a tree of Bools and Numbers only
    return GetTyped(index);
  }
  bool GetBool(int index) const { return Get(index) != 0.0; }
  // Sets a value, counting the change when it differs from the one held. A Bool
  // takes any value as C++ converts it to bool (0 is false, anything else true,
  // stored as 1); an integer type takes a whole number in its range (an Enum:
  // [0, its name count)); NaN is refused, and so is any value for a Floats
  // variable. False when refused.
  bool Set(int index, double value);
  bool SetBool(int index, bool value) { return Set(index, value ? 1.0 : 0.0); }
  // An Int32, Int64 or Enum exactly (others: Get converted, 0 when out of range).
  std::int64_t GetInteger(int index) const;
  // Sets an Int32, Int64 or Enum exactly, within its range; a Bool or Number as
  // Set(double(value)); false for a Floats variable.
  bool SetInteger(int index, std::int64_t value);
  // A Floats variable's floats (empty for any other, or out of range).
  std::span<const float> GetFloats(int index) const;
  // Sets a Floats variable: exactly floatCount values, none NaN. False otherwise.
  bool SetFloats(int index, std::span<const float> values);
  // How many times a value changed since the block started (wraps).
  std::uint32_t Changes() const { return changes_; }

 private:
  friend struct VariableAccess;
  bool InRange(int index) const { return index >= 0 && static_cast<std::uint32_t>(index) < count_; }
  double* values_() { return reinterpret_cast<double*>(this + 1); }
  const double* values_() const { return reinterpret_cast<const double*>(this + 1); }
  std::int64_t* integers_() { return reinterpret_cast<std::int64_t*>(this + 1); }
  const std::int64_t* integers_() const { return reinterpret_cast<const std::int64_t*>(this + 1); }
  // A typed tree's table after the slots: per variable its type, then its size
  // (floats of a Floats, names of an Enum).
  const std::uint8_t* kinds_() const { return reinterpret_cast<const std::uint8_t*>(values_() + count_); }
  std::uint8_t* kinds_() { return reinterpret_cast<std::uint8_t*>(values_() + count_); }
  float* floatsOf_(int index);
  const float* floatsOf_(int index) const { return const_cast<VariableBlock*>(this)->floatsOf_(index); }
  double GetTyped(int index) const;
  void NoteChange(bool changed) { changes_ += changed ? 1u : 0u; }
  std::uint32_t changes_ = 0;
  std::uint16_t count_ = 0;
  std::uint16_t extraWords_ = 0;  // 8-byte words after the slots: a typed tree's table and floats; 0 otherwise
  std::uint64_t bools_ = 0;  // bit i: variable i is a Bool (kMaxVariables is at most 64)
};
static_assert(sizeof(VariableBlock) == 16);

// The agent's variables in its block, for the game to read and set between ticks
// (behaviors and Decides get the same through ctx.variables). Null when refused:
// a tree InitializeTreeData rejects or that declares no variables, a block smaller
// than MemoryBytesFor(root) or not aligned to kMaxAlignment, a block another tree
// started, or one whose variables region is damaged (the next tick reports
// CorruptMemory and restarts them). A block never ticked (zeroed) gets its
// variables started here, at their initial values, so the game can set them
// before the first tick, which keeps them; nothing else of the block is written.
VariableBlock* VariablesOf(const DeciderDef& root, std::span<std::byte> memory);
// The same for readers (debug display), which write nothing: null also for a
// block never ticked whose variables VariablesOf has not started.
const VariableBlock* ReadVariables(const DeciderDef& root, std::span<const std::byte> memory);

// The index of the root's variable called `name`, or -1 (also for a tree
// InitializeTreeData rejects).
int FindVariable(const DeciderDef& root, std::string_view name);

}  // namespace bt
