// bt/engine/save.cpp — a block's bytes out and in, refusing what would be misread.
#include "bt/engine/save.h"

#include <cstdint>
#include <cstring>

#include "bt/engine/detail/block_reading.h"
#include "bt/engine/detail/nesting.h"
#include "bt/core/layout.h"
#include "bt/core/refusal.h"
#include "bt/core/tree.h"

namespace bt {
namespace {

// The first decider (post-order) whose behavior memory struct is not trivially
// copyable. Only on a refusal: the analysis is large, and a save is no tick.
const DeciderDef* FirstNotSaveable(const DeciderDef& root) {
  const detail::TreeAnalysis analysis = detail::AnalyzeTree(root);
  for (int i = 0; i < analysis.count; ++i) {
    const DeciderDef* d = analysis.deciders[i];
    if (d->behavior != nullptr && d->behavior->memory.size != 0 && !d->behavior->memory.triviallyCopyable) return d;
  }
  return &root;
}


std::uint32_t StampOf(std::span<const std::byte> bytes) {
  MemoryHeader header;
  std::memcpy(&header, bytes.data(), sizeof header);  // a save need not be aligned
  return header.treeStamp;
}

// The checks both directions share: the tree, then whether it can be saved.
Status CheckTree(const DeciderDef& root, const DeciderDef*& culprit) {
  TreeError error;
  if (!InitializeTreeData(root, &error)) {
    culprit = error.decider;
    return Status::InvalidTree;
  }
  if (!root.data->tree.triviallyCopyable) {
    culprit = FirstNotSaveable(root);
    return Status::NotSaveable;
  }
  return Status::Running;
}

}  // namespace

SaveResult SaveMemory(const DeciderDef& root, std::span<const std::byte> memory, std::span<std::byte> out) noexcept {
  const DeciderDef* culprit = &root;
  detail::RefusalFacts facts{Status::Running, "save",        &root,      nullptr,   nullptr, 0, 0,
                             memory.data(),   memory.size(), out.data(), out.size()};
  Status status = CheckTree(root, culprit);
  if (status == Status::Running) {
    const TreeData& tree = root.data->tree;
    status = detail::BlockFits(tree, memory);
    if (status == Status::Running && StampOf(memory) != 0 && StampOf(memory) != tree.stamp)
      status = Status::MemoryFromOtherTree;
    if (status == Status::Running && out.size() < tree.memoryBytes) {
      status = Status::MemoryTooSmall;
      culprit = nullptr;
      facts.block = nullptr;  // the message names the buffer, not the block
    }
    // Only a tick or Stop of this block under way on this thread: a save makes no
    // callbacks, so the nesting depth does not matter.
    if (status == Status::Running && detail::FindNestedCall(memory.data()) != nullptr) status = Status::Reentered;
  }
  if (status != Status::Running) {
    facts.status = status;
    facts.decider = culprit;
    detail::ReportRefusal(facts);
    return {status, 0};
  }
  const std::size_t bytes = root.data->tree.memoryBytes;
  std::memmove(out.data(), memory.data(), bytes);  // the buffers may overlap (a caller's choice, still defined)
  return {Status::Done, bytes};
}

Status RestoreMemory(const DeciderDef& root, std::span<const std::byte> saved, std::span<std::byte> memory) noexcept {
  const DeciderDef* culprit = &root;
  detail::RefusalFacts facts{Status::Running, "restore",     &root,        nullptr,     nullptr, 0, 0,
                             memory.data(),   memory.size(), saved.data(), saved.size()};
  Status status = CheckTree(root, culprit);
  if (status == Status::Running) {
    const TreeData& tree = root.data->tree;
    // The stamp first: a save of another version of the tree often differs in size too,
    // and its stamp says why.
    if (saved.size() >= sizeof(MemoryHeader) && StampOf(saved) != 0 && StampOf(saved) != tree.stamp) {
      status = Status::MemoryFromOtherTree;
      facts.block = nullptr;  // the message names the save, not the block
    } else if (saved.size() != tree.memoryBytes) {
      status = Status::BadSave;
    } else {
      status = detail::BlockFits(tree, memory);
      if (status == Status::Running && detail::FindNestedCall(memory.data()) != nullptr) status = Status::Reentered;
    }
  }
  if (status != Status::Running) {
    facts.status = status;
    facts.decider = culprit;
    detail::ReportRefusal(facts);
    return status;
  }
  std::memmove(memory.data(), saved.data(), saved.size());  // the save may overlap the block
  return Status::Done;
}

}  // namespace bt
