// bt/config.h — compile-time limits of the engine.
//
// Each limit can be raised by defining the macro before including any bt header
// (or with -D on the command line). They bound per-agent memory and the tick's
// stack use, so every one of them is checked: at compile time where the tree is
// visible, otherwise by InitializeTreeData.
#pragma once

#include <cstddef>
#include <cstdint>

// Largest memory struct a behavior may declare [bytes].
#ifndef BT_MAX_BEHAVIOR_MEMORY_BYTES
#define BT_MAX_BEHAVIOR_MEMORY_BYTES 256
#endif

// Largest DBlock a Decide may fill for its behavior [bytes].
#ifndef BT_MAX_DBLOCK_BYTES
#define BT_MAX_DBLOCK_BYTES 32
#endif

// Stimuli an agent's bt::Stimuli store holds at once (at most 32: one bit per token).
#ifndef BT_MAX_STIMULI
#define BT_MAX_STIMULI 8
#endif

// Data a stimulus may carry [bytes].
#ifndef BT_STIMULUS_DATA_BYTES
#define BT_STIMULUS_DATA_BYTES 16
#endif

// Per-agent variables a tree may declare (bt/variables.h; at most 64: one bit per variable says Bool).
#ifndef BT_MAX_VARIABLES
#define BT_MAX_VARIABLES 64
#endif

// Debug output during the tick (levels 0-5). 0 compiles the whole facility out.
#ifndef BT_DEBUG_OUTPUT
#define BT_DEBUG_OUTPUT 1
#endif

namespace bt {

inline constexpr std::size_t kMaxBehaviorMemoryBytes = BT_MAX_BEHAVIOR_MEMORY_BYTES;
inline constexpr std::size_t kMaxDBlockBytes = BT_MAX_DBLOCK_BYTES;
inline constexpr int kMaxStimuli = BT_MAX_STIMULI;
inline constexpr std::size_t kStimulusDataBytes = BT_STIMULUS_DATA_BYTES;
inline constexpr int kMaxVariables = BT_MAX_VARIABLES;
static_assert(kMaxVariables >= 0 && kMaxVariables <= 64, "bt: BT_MAX_VARIABLES is at most 64");
// Strictest alignment a memory struct or DBlock may ask for; memory blocks are aligned to it.
inline constexpr std::size_t kMaxAlignment = 16;
// Deciders on the longest path from the root, root included [max 32]: bounds the tick's recursion.
inline constexpr int kMaxTreeDepth = 32;
// Children of one group: masked redecides keep a 64-bit mask of tried children.
inline constexpr int kMaxGroupChildren = 64;
// Children of a shuffle group: its play order is kept in agent memory, one byte a child.
inline constexpr int kMaxShuffleGroupChildren = 32;
// Distinct deciders reachable from one root.
inline constexpr int kMaxTreeDeciders = 512;
// Decides one evaluation of a decider may cost through groups that delegate their
// Decide to their children (kDelegateDecideToChildren): bounds a DAG of delegating
// groups, whose cost would otherwise grow exponentially with its depth.
inline constexpr int kMaxDelegatedDecides = 1024;
// Ticks (or Stops) of different blocks nested on one thread (a behavior that ticks another agent).
inline constexpr int kMaxNestedTicks = 16;
// Masked redecides allowed in one tick before it gives up with Status::RedecideLimit.
inline constexpr int kDefaultRedecideLimit = 64;

}  // namespace bt
