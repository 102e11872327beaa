// bt/core/decider.h — the constant definition of a decider, and the little data
// InitializeTreeData derives from it.
//
// A tree is a DAG of DeciderDefs: groups point at arrays of child deciders,
// behavior deciders point at a behavior. Definitions are constant aggregates,
// filled by the BT_DEFINE_* macros or by a loader; the tick never cares which.
// Everything that changes per agent lives in the agent's memory block, never here.
#pragma once

#include <atomic>
#include <cstdint>

#include "bt/core/behavior.h"
#include "bt/core/block_type.h"
#include "bt/core/classic.h"
#include "bt/core/context.h"
#include "bt/core/kinds.h"
#include "bt/core/param.h"
#include "bt/core/preconditions.h"
#include "bt/core/variables.h"

namespace bt {

struct DeciderDef;

// Returns how much the decider wants to run: > 0 accepts. It may fill the DBlock,
// which its behavior reads from Activate to Deactivate.
using DecideFn = float (*)(void* agent, void* dblock, const DecideContext& context);
// A random source drawn from the agent (e.g. its own RNG) instead of the memory block's.
using RandomFn = std::uint32_t (*)(void* agent);

// What InitializeTreeData records on a root for the whole tree (Spore's NumTimers and kin).
struct TreeData {
  enum State : std::uint8_t { kUninitialized, kInitializing, kValid, kInvalid };
  std::atomic<std::uint8_t> state{kUninitialized};
  std::uint32_t stamp = 0;        // identifies the tree in the memory blocks it ticks
  std::uint32_t memoryBytes = 0;  // [bytes] an agent's memory block must hold
  std::uint32_t timersOffset = 0; // [bytes] of the timer array in the block
  std::uint32_t variablesOffset = 0;  // [bytes] of the VariableBlock in the block; 0: no variables
  std::uint32_t runningPathOffset = 0;  // [bytes] of the RunningPath (bt/core/running_path.h); 0: none
  // The classic rules' exactness hooks apply: a running path to note on, or a
  // decider with kCountsRuleRuns (bt/core/classic.h). Copied to each tick's TickState.
  bool classicExtras = false;
  std::uint64_t variableBools = 0;    // bit i: variable i is a Bool
  std::uint64_t variableKinds = 0;    // a typed tree's variable table signature; 0: Bools and Numbers only
  std::uint16_t variableExtraWords = 0;  // [8-byte words] after the variables' slots (a typed tree's)
  std::uint16_t numVariables = 0;     // the root's declared variables
  std::uint16_t numTimers = 0;    // deciders with a timer precondition
  std::uint16_t depth = 0;        // deciders on the longest path, root included
  std::uint16_t numDeciders = 0;
  bool triviallyCopyable = true;  // every memory struct and DBlock in the tree is
  TypeTag agentType = kNoType;    // the agent type its functions take; kNoType: any
  const DeciderDef* culprit = nullptr;  // when kInvalid: the offending decider
  std::uint8_t problem = 0;       // when kInvalid: a TreeProblem
};

// Children of a side-by-side group whose bases DeciderData records (the rest are summed).
inline constexpr int kRecordedChildBases = 8;

// Derived per decider by InitializeTreeData (mutable, beside the constant definition).
struct DeciderData {
  std::uint16_t slotOffset = 0;    // [bytes] of the decider's slot in the decider region
  std::uint16_t dblockOffset = 0;  // [bytes] within the slot
  std::uint16_t memoryOffset = 0;  // [bytes] within the slot, of the behavior memory
  std::int16_t timerIndex = -1;    // into the agent's timer array; -1: no timer
  // The decider whose layout this holds, once a tree has recorded it; another tree
  // through the same decider must agree with it. Read and written only under
  // InitializeTreeData's lock (the tick never reads it).
  const DeciderDef* recordedBy = nullptr;
  // No preconditions, no delegation, no DBlock: evaluating the decider is only its Decide,
  // so the tick skips the checks (false until InitializeTreeData, which is safe).
  bool decideOnly = false;
  std::uint32_t id = 0;  // bt::NameId(name): the decider's stable id (bt/engine/why.h); 0 until InitializeTreeData
  // [bytes] the decider's subtree needs in the decider region, from its base
  // (bt/core/memory.h): where the next of side-by-side siblings begins.
  std::uint32_t regionBytes = 0;
  // What the walk does beside a plain Spore step (kWalk* bits): 0 for a plain decider.
  std::uint8_t walk = 0;
  // A group whose children lie side by side: [bytes] from its base to that of
  // each of its first kRecordedChildBases children (the sums of their elder
  // siblings' regions), so the tick looks them up rather than adds them up.
  std::uint16_t childBases[kRecordedChildBases] = {};
  TreeData tree;                   // used on roots only
};

// DeciderData::walk bits, derived from the definition by InitializeTreeData.
inline constexpr std::uint8_t kWalkClassic = 1;  // a group of a classic policy (bt/core/classic.h)
inline constexpr std::uint8_t kWalkRecheck = 2;  // kRecheckEveryTick
// Neither of those, but not a plain step either: a group with a group behavior or
// a Shuffle order (each checked before it is ticked), or a behavior decider without
// a behavior. The walk's steady loop handles a plain group or behavior inline.
inline constexpr std::uint8_t kWalkOther = 4;
// A group with a child whose evaluation is more than its Decide (preconditions,
// a DBlock, delegation): its hysteresis evaluates its children with their checks.
inline constexpr std::uint8_t kWalkCheckedChildren = 8;
// A classic or re-checked group whose whole old path is checked where the walk
// meets it, before anything of it is called (classic::ChecksOwnSlotOnly says
// which); the others, as Spore groups, only their own slot.
inline constexpr std::uint8_t kWalkChecksPath = 16;

struct DeciderDef {
  const char* name = nullptr;  // shown by the debugger and debug output
  DeciderKind kind = DeciderKind::Behavior;
  GroupPolicy policy = GroupPolicy::PrioritizedList;  // groups only
  std::uint32_t flags = kNoDeciderFlags;              // DeciderFlags
  const DeciderDef* const* children = nullptr;        // groups only
  std::uint16_t childCount = 0;
  // Behavior deciders: the behavior they run. Groups: an optional group behavior
  // that activates, ticks and deactivates with the group (Spore S23).
  const BehaviorDef* behavior = nullptr;
  std::uint32_t behaviorFlags = 0;  // handed to the behavior's functions (Spore S15)
  DecideFn decide = nullptr;        // null: accepts with 1.0
  BlockType dblock{};               // filled by Decide, read by the behavior
  Preconditions preconditions{};
  RandomFn random = nullptr;        // Random and Shuffle groups; null: the memory block's RNG
  TypeTag agentType = kNoType;      // of decide and random; kNoType: any
  DeciderData* data = nullptr;      // required: where InitializeTreeData writes
  const Param* params = nullptr;    // constant parameters for its functions (bt/core/param.h)
  std::uint16_t paramCount = 0;
  // Roots only: the per-agent variables the tree declares (bt/core/variables.h).
  const VariableDecl* variables = nullptr;
  std::uint16_t variableCount = 0;
  // Classic groups: the numbers their policy reads (bt/core/classic.h).
  NodeConfig config{};

  constexpr std::span<const Param> Params() const { return {params, paramCount}; }
};

inline std::span<const Param> DecideContext::Params() const {
  return decider != nullptr ? decider->Params() : std::span<const Param>{};
}
inline std::span<const Param> Context::Params() const {
  return decider != nullptr ? decider->Params() : std::span<const Param>{};
}

}  // namespace bt
