// bt/inspect.cpp — reading an agent's memory block without ticking it.
#include "bt/tree.h"

#include <cstdint>

namespace bt {
namespace {

// The block's header if it belongs to this (initialized) tree and is active.
// A block the tick would refuse as MemoryTooSmall or MemoryMisaligned (not aligned to
// kMaxAlignment, so its slots would be read misaligned) is not read at all.
const MemoryHeader* ActiveHeader(const DeciderDef& root, std::span<const std::byte> memory) {
  if (!InitializeTreeData(root)) return nullptr;
  if (memory.size() < root.data->tree.memoryBytes) return nullptr;
  if (!IsAlignedBlock(memory.data())) return nullptr;
  const auto* header = reinterpret_cast<const MemoryHeader*>(memory.data());
  if (header->treeStamp != root.data->tree.stamp || !header->rootActive) return nullptr;
  return header;
}

const SlotHeader& SlotOf(std::span<const std::byte> memory, const DeciderDef& d) {
  return *reinterpret_cast<const SlotHeader*>(memory.data() + sizeof(MemoryHeader) + d.data->slotOffset);
}

}  // namespace

int ActivePath(const DeciderDef& root, std::span<const std::byte> memory, std::span<const DeciderDef*> path) {
  if (ActiveHeader(root, memory) == nullptr) return 0;
  int count = 0;
  for (const DeciderDef* d = &root; d != nullptr && count < kMaxTreeDepth;) {
    if (static_cast<std::size_t>(count) < path.size()) path[count] = d;
    ++count;
    // A damaged block may name a child the group lacks: the path ends at the group.
    const std::uint8_t child = d->kind == DeciderKind::Group ? SlotOf(memory, *d).activeChild : kNoChild;
    d = child < d->childCount ? d->children[child] : nullptr;
  }
  return count;
}

const DeciderDef* ActiveBehaviorDecider(const DeciderDef& root, std::span<const std::byte> memory) {
  const DeciderDef* path[kMaxTreeDepth];
  const int count = ActivePath(root, memory, path);
  return count > 0 ? path[count - 1] : nullptr;
}

double ActivatedAt(const DeciderDef& root, std::span<const std::byte> memory, const DeciderDef& decider) {
  const DeciderDef* path[kMaxTreeDepth];
  const int count = ActivePath(root, memory, path);
  for (int i = 0; i < count; ++i)
    if (path[i] == &decider)
      return reinterpret_cast<const MemoryHeader*>(memory.data())->epoch + SlotOf(memory, decider).activatedAt;
  return -1.0;
}

}  // namespace bt
