// bt/data/reloadable_tree.h — replacing a built tree while agents run it (hot reload).
//
// A designer saves a file; the game builds the new tree and calls Replace. Each
// agent moves to the new tree at its next tick, through its ReloadableBlock:
// - a block whose bytes mean the same in the new tree (the same tree stamp, which
//   covers names, shape, behaviors, memory types and the whole layout —
//   bt/engine/initialize.cpp) goes on where it was: nothing is deactivated;
// - any other block is stopped by the OLD tree (its active behaviors get their
//   Deactivates, deepest first, from the functions that activated them), zeroed
//   keeping its RNG seed (bt::ResetMemory), and started afresh by the new one.
// So a block is never read by a tree it does not fit. Each block holds the tree
// it runs: an old tree stays alive while any block may still refer to it and is
// released when the last one has moved on.
//
// Threads: Replace and Current may be called from any thread while others tick;
// each block is ticked by one thread at a time, as any block. A tick that finds
// no new tree reads one atomic counter more than a plain tick.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>

#include "bt/data/built_tree.h"
#include "bt/core/tree.h"

namespace bt::data {

// One agent's memory block for a ReloadableTree: its bytes (zeroed, aligned, of
// the tree's capacity) and the tree they were started by.
class ReloadableBlock {
 public:
  std::span<std::byte> Bytes() { return {reinterpret_cast<std::byte*>(chunks_.get()), capacity_}; }
  std::span<const std::byte> Bytes() const { return {reinterpret_cast<const std::byte*>(chunks_.get()), capacity_}; }
  // The tree the block runs (null before its first tick).
  const BuiltTree* Tree() const { return tree_.get(); }

 private:
  friend class ReloadableTree;
  struct alignas(kMaxAlignment) Chunk {
    std::byte bytes[kMaxAlignment];
  };
  explicit ReloadableBlock(std::size_t capacity);

  std::unique_ptr<Chunk[]> chunks_;
  std::size_t capacity_ = 0;
  std::shared_ptr<const BuiltTree> tree_;
  std::uint64_t version_ = 0;  // of the ReloadableTree when the block last caught up
};

class ReloadableTree {
 public:
  // `blockCapacity` [bytes]: what every block holds, so later trees may grow up
  // to it without reallocating any block (at least the first tree's need).
  ReloadableTree(std::shared_ptr<const BuiltTree> tree, std::size_t blockCapacity);

  // Makes `tree` the one agents move to at their next tick. Refused (false, and
  // `why` says so) for a null tree or one needing more than the block capacity.
  bool Replace(std::shared_ptr<const BuiltTree> tree, std::string* why = nullptr);
  std::shared_ptr<const BuiltTree> Current() const;
  std::size_t BlockCapacity() const { return capacity_; }

  // A zeroed block for a new agent (allocates; do it when the agent is made).
  ReloadableBlock MakeBlock() const { return ReloadableBlock(capacity_); }

  // TickBehaviorTree on the current tree, after moving the block to it as above.
  // When the old tree refuses to stop the block (BadTime, Reentered, ...) that
  // refusal is returned and the block stays on the old tree.
  template <class Agent>
  TickResult Tick(Agent& agent, ReloadableBlock& block, double time, float dt, std::uint32_t decisionFlags = 0,
                  std::uint32_t stimuliFlags = 0, const TickOptions& options = {}) noexcept {
    const Status moved = CatchUp(block, [&](const DeciderDef& old) { return ResetMemory(old, agent, block.Bytes(), time); });
    if (moved != Status::NoBehavior) return {moved, nullptr};
    return TickBehaviorTree(block.tree_->Root(), agent, block.Bytes(), time, dt, decisionFlags, stimuliFlags, options);
  }

  // StopBehaviorTree with the tree the block runs (for an agent that leaves).
  template <class Agent>
  void Stop(Agent& agent, ReloadableBlock& block, double time) noexcept {
    if (block.tree_) StopBehaviorTree(block.tree_->Root(), agent, block.Bytes(), time);
  }

 private:
  template <class Reset>
  Status CatchUp(ReloadableBlock& block, Reset&& resetWithOld) noexcept {
    if (block.version_ == version_.load(std::memory_order_acquire) && block.tree_) return Status::NoBehavior;
    std::uint64_t version;
    std::shared_ptr<const BuiltTree> next = CurrentAndVersion(version);
    if (block.tree_ && block.tree_ != next && !FitsAsItIs(block, *next)) {
      const Status reset = resetWithOld(block.tree_->Root());
      if (reset != Status::NoBehavior) return reset;
    }
    block.tree_ = std::move(next);  // the old tree goes when its last block leaves it
    block.version_ = version;
    return Status::NoBehavior;
  }
  // Whether the block's bytes mean the same in `next`: never ticked, or stamped alike.
  static bool FitsAsItIs(const ReloadableBlock& block, const BuiltTree& next);
  std::shared_ptr<const BuiltTree> CurrentAndVersion(std::uint64_t& version) const;

  mutable std::mutex mutex_;
  std::shared_ptr<const BuiltTree> current_;
  std::atomic<std::uint64_t> version_{1};
  std::size_t capacity_ = 0;
};

}  // namespace bt::data
