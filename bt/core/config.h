// bt/core/config.h — compile-time limits of the engine.
//
// Each limit can be raised by defining the macro before including any bt header
// (or with -D on the command line). They bound per-agent memory and the tick's
// stack use, so every one of them is checked: at compile time where the tree is
// visible, otherwise by InitializeTreeData.
//
// The library is compiled with them too, so a program and its libbt must agree:
// define a limit for the whole program AND rebuild libbt with the same value
// (make CPPFLAGS=-DBT_MAX_DBLOCK_BYTES=64). A program that disagrees with its
// libbt does not link; the linker names the limit and the program's value:
//   undefined reference to `void bt::limits::rebuild_libbt_with_the_same_BT_MAX_DBLOCK_BYTES<64>()'
// Each file including bt holds a pointer to one function per limit, named by its
// value, and libbt.a (bt/core/config.cpp) defines only those of its own values.
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

// Per-agent variables a tree may declare (bt/core/variables.h; at most 64: one bit per variable says Bool).
#ifndef BT_MAX_VARIABLES
#define BT_MAX_VARIABLES 64
#endif

// Debug output during the tick (levels 0-5). 0 compiles the whole facility out.
#ifndef BT_DEBUG_OUTPUT
#define BT_DEBUG_OUTPUT 1
#endif

// One function per limit, declared for this program's value; libbt defines it
// for the value it was built with (bt/core/config.cpp). The table refers to all of
// them from every file that includes bt, kept by the `used` attribute though
// nothing reads it, so a program whose value differs from its libbt's does not
// link. It costs a few bytes per file and nothing at run time.
namespace bt::limits {
#define BT_DETAIL_LIMIT_CHECK(LIMIT)                        \
  template <int Value>                                      \
  void rebuild_libbt_with_the_same_##LIMIT();               \
  template <>                                               \
  void rebuild_libbt_with_the_same_##LIMIT<(LIMIT)>();
BT_DETAIL_LIMIT_CHECK(BT_MAX_BEHAVIOR_MEMORY_BYTES)
BT_DETAIL_LIMIT_CHECK(BT_MAX_DBLOCK_BYTES)
BT_DETAIL_LIMIT_CHECK(BT_MAX_STIMULI)
BT_DETAIL_LIMIT_CHECK(BT_STIMULUS_DATA_BYTES)
BT_DETAIL_LIMIT_CHECK(BT_DEBUG_OUTPUT)
#undef BT_DETAIL_LIMIT_CHECK
[[gnu::used]] static void (*const kAgreeWithLibbt[])() = {
    &rebuild_libbt_with_the_same_BT_MAX_BEHAVIOR_MEMORY_BYTES<(BT_MAX_BEHAVIOR_MEMORY_BYTES)>,
    &rebuild_libbt_with_the_same_BT_MAX_DBLOCK_BYTES<(BT_MAX_DBLOCK_BYTES)>,
    &rebuild_libbt_with_the_same_BT_MAX_STIMULI<(BT_MAX_STIMULI)>,
    &rebuild_libbt_with_the_same_BT_STIMULUS_DATA_BYTES<(BT_STIMULUS_DATA_BYTES)>,
    &rebuild_libbt_with_the_same_BT_DEBUG_OUTPUT<(BT_DEBUG_OUTPUT)>,
};
}  // namespace bt::limits

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
// Ticks, Stops and event deliveries nested on one thread (a behavior that ticks another agent, an
// onEvent that sends an event on to another agent).
inline constexpr int kMaxNestedTicks = 16;
// Masked redecides allowed in one tick before it gives up with Status::RedecideLimit.
inline constexpr int kDefaultRedecideLimit = 64;

}  // namespace bt
