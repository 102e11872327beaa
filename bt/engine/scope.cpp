// bt/engine/scope.cpp — giving a restored block its scope places back (bt/engine/scope.h).
#include "bt/engine/scope.h"

#include "bt/engine/detail/block_reading.h"
#include "bt/core/tree.h"

namespace bt {

int RejoinScopes(const DeciderDef& root, void* agent, std::span<const std::byte> memory) {
  if (!InitializeTreeData(root)) return 0;
  const TreeData& tree = root.data->tree;
  if (detail::BlockFits(tree, memory) != Status::Running) return 0;
  const auto& header = *reinterpret_cast<const MemoryHeader*>(memory.data());
  const std::byte* region = memory.data() + sizeof(MemoryHeader);
  if (header.treeStamp != tree.stamp || !header.rootActive || detail::FindDamage(region, root) != nullptr) return 0;
  int rejoined = 0;
  detail::ForEachActive(region, root, 0, 0, [&](const DeciderDef& d, std::uint32_t base, int) {
    if (d.kind != DeciderKind::Group || d.policy != GroupPolicy::GroupScope) return;
    const auto& slot = *reinterpret_cast<const SlotHeader*>(region + base + d.data->slotOffset);
    if (slot.cursor != 1) return;
    if (Scope* scope = d.config.findScope(agent, d.config.scopeName)) {
      scope->Rejoin();
      ++rejoined;
    }
  });
  return rejoined;
}

}  // namespace bt
