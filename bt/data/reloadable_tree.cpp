// bt/data/reloadable_tree.cpp — hot reload of built trees (see the header).
#include "bt/data/reloadable_tree.h"

#include <cstring>

#include "bt/core/memory.h"

namespace bt::data {

ReloadableBlock::ReloadableBlock(std::size_t capacity)
    : chunks_(new Chunk[(capacity + kMaxAlignment - 1) / kMaxAlignment]()),
      capacity_((capacity + kMaxAlignment - 1) / kMaxAlignment * kMaxAlignment) {}

ReloadableTree::ReloadableTree(std::shared_ptr<const BuiltTree> tree, std::size_t blockCapacity)
    : current_(std::move(tree)), capacity_(blockCapacity) {
  if (current_ && MemoryBytesFor(current_->Root()) > capacity_) capacity_ = MemoryBytesFor(current_->Root());
}

bool ReloadableTree::Replace(std::shared_ptr<const BuiltTree> tree, std::string* why) {
  if (!tree) {
    if (why) *why = "no tree to replace with";
    return false;
  }
  const std::size_t need = MemoryBytesFor(tree->Root());
  if (need == 0 || need > capacity_) {
    if (why)
      *why = need == 0 ? "the new tree is not valid"
                       : "the new tree needs " + std::to_string(need) + " bytes per agent, more than the blocks' " +
                             std::to_string(capacity_);
    return false;
  }
  const std::lock_guard<std::mutex> lock(mutex_);
  current_ = std::move(tree);
  version_.fetch_add(1, std::memory_order_release);
  return true;
}

std::shared_ptr<const BuiltTree> ReloadableTree::Current() const {
  const std::lock_guard<std::mutex> lock(mutex_);
  return current_;
}

std::shared_ptr<const BuiltTree> ReloadableTree::CurrentAndVersion(std::uint64_t& version) const {
  const std::lock_guard<std::mutex> lock(mutex_);
  version = version_.load(std::memory_order_relaxed);
  return current_;
}

bool ReloadableTree::FitsAsItIs(const ReloadableBlock& block, const BuiltTree& next) {
  MemoryHeader header;
  std::memcpy(&header, block.Bytes().data(), sizeof header);
  return header.treeStamp == 0 || header.treeStamp == next.Stamp();
}

}  // namespace bt::data
