// bt/engine/save.h — saving an agent's memory block as bytes, and restoring it.
//
// A block holds no pointers, so a save is the block's bytes, even mid-behavior,
// when every behavior memory struct of the tree is trivially copyable
// (TreeData::triviallyCopyable; BT_CHECK_TREE_SAVEABLE(ROOT), after the tree's
// definitions, makes it a compile-time requirement naming the decider at fault). The block's tree stamp travels with it: a save
// restored into another tree, or another version of the same tree, is refused
// (MemoryFromOtherTree), never misread. Every refusal is reported as the tick's
// are (bt/core/refusal.h: "save refused: ..." / "restore refused: ...").
#pragma once

#include <cstddef>
#include <span>

#include "bt/core/decider.h"
#include "bt/core/kinds.h"

namespace bt {

struct [[nodiscard]] SaveResult {
  Status status = Status::InvalidTree;  // Done when saved
  std::size_t bytes = 0;                // written to `out`: MemoryBytesFor(root) when saved
};

// Copies the block's MemoryBytesFor(root) bytes to the start of `out`. Refused,
// nothing written, with (in this order):
// - InvalidTree: a tree InitializeTreeData rejects;
// - NotSaveable: a behavior memory struct that is not trivially copyable,
//   naming the first decider (post-order) that has one;
// - MemoryTooSmall / MemoryMisaligned: the block, as the tick checks it;
// - MemoryFromOtherTree: a block another tree started, or never zeroed;
// - MemoryTooSmall, naming no decider: `out` smaller than MemoryBytesFor(root);
// - Reentered: the block is being ticked or stopped on this thread (from a
//   callback: it is half-way through a change).
// A fresh block (never ticked) saves as one and restores as one.
SaveResult SaveMemory(const DeciderDef& root, std::span<const std::byte> memory, std::span<std::byte> out) noexcept;

// Makes `memory`'s first MemoryBytesFor(root) bytes exactly `saved`; returns
// Done. Refused, nothing written, with (in this order): InvalidTree,
// NotSaveable as above; MemoryFromOtherTree: a save of another tree or another
// version of this one; BadSave: `saved` is not MemoryBytesFor(root) bytes long;
// MemoryTooSmall / MemoryMisaligned: the block; Reentered: the block is being
// ticked or stopped on this thread. What the block held is overwritten without
// Deactivates: StopBehaviorTree it first if its behaviors must end. A save
// damaged in transit gives CorruptMemory at the next tick.
[[nodiscard]] Status RestoreMemory(const DeciderDef& root, std::span<const std::byte> saved,
                                   std::span<std::byte> memory) noexcept;

}  // namespace bt
