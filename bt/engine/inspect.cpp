// bt/engine/inspect.cpp — reading an agent's memory block without ticking it.
#include "bt/core/tree.h"

#include "bt/engine/detail/block_reading.h"

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
}  // namespace

int ActivePath(const DeciderDef& root, std::span<const std::byte> memory, std::span<const DeciderDef*> path) {
  if (ActiveHeader(root, memory) == nullptr) return 0;
  int count = 0;
  // A damaged block may name a child the group lacks: that branch ends at the group.
  detail::ForEachActive(memory.data() + sizeof(MemoryHeader), root, 0, 0,
                        [&](const DeciderDef& d, std::uint32_t, int) {
                          if (static_cast<std::size_t>(count) < path.size()) path[count] = &d;
                          ++count;
                        });
  return count;
}

const DeciderDef* ActiveBehaviorDecider(const DeciderDef& root, std::span<const std::byte> memory) {
  if (ActiveHeader(root, memory) == nullptr) return nullptr;
  // The last in ActivePath's order, which with children active side by side may
  // list more deciders than a path from the root has.
  const DeciderDef* last = nullptr;
  detail::ForEachActive(memory.data() + sizeof(MemoryHeader), root, 0, 0,
                        [&](const DeciderDef& d, std::uint32_t, int) { last = &d; });
  return last;
}

double ActivatedAt(const DeciderDef& root, std::span<const std::byte> memory, const DeciderDef& decider) {
  if (ActiveHeader(root, memory) == nullptr) return -1.0;
  double at = -1.0;
  detail::ForEachActive(memory.data() + sizeof(MemoryHeader), root, 0, 0,
                        [&](const DeciderDef& d, std::uint32_t base, int) {
                          if (&d != &decider || at >= 0) return;
                          const auto& slot = *reinterpret_cast<const SlotHeader*>(memory.data() + sizeof(MemoryHeader) +
                                                                                   base + d.data->slotOffset);
                          at = reinterpret_cast<const MemoryHeader*>(memory.data())->epoch + slot.activatedAt;
                        });
  return at;
}

}  // namespace bt
