// bt/core/memory.h — the per-agent memory block (Spore's behavior_tree_memory).
//
// One plain, caller-owned block per agent: no pointers, so saving, restoring or
// migrating an agent is a copy of the block (when TreeData::triviallyCopyable,
// even mid-behavior). Layout, all offsets computed by InitializeTreeData:
//
//   [MemoryHeader][decider region][timers: float per timed decider, after the epoch]
//   [variables: a VariableBlock, then a double per variable the root declares]
//
// The timers and the variables each start at a multiple of kMaxAlignment; a tree
// that declares no variables has no variables region (bt/core/variables.h).
//
// In the decider region every decider owns a slot at an offset that depends
// only on its own subtree: a group's children all start at the bottom of the
// region and the group's slot sits above the largest of them. Exclusive
// siblings therefore share space, and a decider shared by several groups has
// one offset everywhere. Children that may run side by side (bt/core/classic.h) get
// disjoint regions instead, one after the other: each child's offsets are then
// relative to its base, where its region starts, and its base is the sum of its
// elder siblings' region sizes (DeciderData::regionBytes, rounded up to
// kMaxAlignment) after its group's base.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "bt/core/config.h"

namespace bt {

// Every time the block keeps is a float in seconds after `epoch`, a double: the
// tick moves the epoch up to its own time when it falls kRebaseSeconds behind
// (shifting the stored times with it), so stored times stay small and keep
// sub-millisecond precision whatever the clock reads (seconds since start, or
// Unix time). A time kept far behind the epoch (the activation of a behavior
// that has run for ages) is rounded to float again at each move: half a float
// step of its distance each time.
struct MemoryHeader {
  std::uint32_t treeStamp;   // 0: never ticked; else the tree that started the block
  std::uint32_t rng;         // xorshift32 state for Random and Shuffle groups
  double epoch;              // [seconds] what the block's times are relative to
  float lastTime;            // [seconds after epoch] of the last tick: in [0, kRebaseSeconds]
  std::uint8_t rootActive;   // the root decider is active
  std::uint8_t reserved[11];
};
static_assert(sizeof(MemoryHeader) == 32);

// How far a tick's time may run ahead of the block's epoch before the epoch moves
// [seconds]: float keeps 0.12 ms steps up to it.
inline constexpr double kRebaseSeconds = 1024;
// Largest |time| a tick accepts [seconds, about 31 million years]: beyond it a double
// no longer resolves milliseconds.
inline constexpr double kMaxTickTime = 1e15;

inline constexpr std::uint8_t kNoChild = 0xFF;

// The start of every decider's slot; then the shuffle order (shuffle groups), the
// DBlock, and the behavior (or group behavior) memory.
struct SlotHeader {
  float activatedAt;          // [seconds after the header's epoch]
  std::uint8_t activeChild;   // groups: index of the active child, or kNoChild
  std::uint8_t cursor;        // Sequential and Shuffle groups: position in their order
  std::uint8_t reserved[2];
};
static_assert(sizeof(SlotHeader) == 8);

// After the SlotHeader of a group whose children lie side by side (Selector,
// Parallel, Concurrent: bt/core/classic.h), which may have several active at once;
// its SlotHeader::activeChild is unused (kNoChild).
struct ChildSet {
  std::uint64_t active;  // bit i: child i is active
  std::uint64_t done;    // Parallel: bit i: child i ended done since the group started
};
static_assert(sizeof(ChildSet) == 16);

// After the SlotHeader of a Loop or LoopUntilSuccess group: the times its child
// was done (Loop) or failed (LoopUntilSuccess) since the group started. Its
// SlotHeader::cursor is 1 when the child ran over from the tick before.
struct LoopCount {
  std::uint32_t count;
};

// After the SlotHeader of a Priority group: VariableBlock::Changes() when it
// last picked its case, so it picks again only after a change (bt/engine/kinds/priority.cpp).
struct VariableWatch {
  std::uint32_t changes;
};

// How far a child's region pushes its younger siblings' bases when they lie side
// by side: its region's bytes, rounded up to kMaxAlignment (see the top).
constexpr std::uint32_t SideBySideSpan(std::uint32_t regionBytes) {
  constexpr auto kAlign = static_cast<std::uint32_t>(kMaxAlignment);
  return (regionBytes + kAlign - 1) / kAlign * kAlign;
}

// Whether a block starts where blocks must, at a multiple of kMaxAlignment: the
// tick refuses any other (Status::MemoryMisaligned), and the readers with it.
inline bool IsAlignedBlock(const void* block) {
  return reinterpret_cast<std::uintptr_t>(block) % kMaxAlignment == 0;
}

// A block of N bytes, suitably aligned; value-initialize it (`Memory<N> m{};`).
// bt::MemoryFor<ROOT> (bt/core/layout.h) is the block sized for a tree at compile time.
template <std::size_t N>
struct alignas(kMaxAlignment) Memory {
  std::byte bytes[N];
  std::span<std::byte> Span() { return std::span<std::byte>(bytes, N); }
  std::span<const std::byte> Span() const { return std::span<const std::byte>(bytes, N); }
};

struct DeciderDef;
// The block bt::MemoryFor<ROOT> gives: a Memory<N> that knows its tree (bt/core/layout.h).
template <const DeciderDef& Root, std::size_t N>
struct TreeMemory;

}  // namespace bt
