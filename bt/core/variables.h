// bt/core/variables.h — per-agent variables: the small typed blackboard a tree
// declares (MBT/selection-tree booleans, numbers for the others).
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

enum class VariableType : std::uint8_t { Bool, Number };

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
};

// The variables region of one agent's block. Values are doubles (a Bool is 0 or 1);
// an index is a variable's place in the root's declarations. It lies in the
// block, its values after it: held by pointer, never copied (a copy would not
// bring the values along).
class VariableBlock {
 public:
  VariableBlock(const VariableBlock&) = delete;
  VariableBlock& operator=(const VariableBlock&) = delete;

  int Count() const { return static_cast<int>(count_); }
  // 0 for an index out of range.
  double Get(int index) const { return InRange(index) ? values_()[index] : 0.0; }
  bool GetBool(int index) const { return Get(index) != 0.0; }
  // Sets a value, counting the change when it differs from the one held. A Bool
  // takes any value as C++ converts it to bool (0 is false, anything else true,
  // stored as 1); NaN is refused. False for an index out of range or NaN.
  bool Set(int index, double value);
  bool SetBool(int index, bool value) { return Set(index, value ? 1.0 : 0.0); }
  // How many times a value changed since the block started (wraps).
  std::uint32_t Changes() const { return changes_; }

 private:
  friend struct VariableAccess;
  bool InRange(int index) const { return index >= 0 && static_cast<std::uint32_t>(index) < count_; }
  double* values_() { return reinterpret_cast<double*>(this + 1); }
  const double* values_() const { return reinterpret_cast<const double*>(this + 1); }
  std::uint32_t changes_ = 0;
  std::uint32_t count_ = 0;
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
