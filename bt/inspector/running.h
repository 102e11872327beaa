// bt/inspector/running.h — every agent's running decider, frame after frame,
// walking an agent's active path only when the bytes that path was read from
// changed.
//
// A block changes at every tick (its times), so comparing whole blocks finds
// nothing; but the running decider (ActiveBehaviorDecider) is a function of the
// header's tree stamp and root flag and of the activeChild byte of each group on
// the active path, which stay put while the agent keeps its behavior. Each agent
// keeps those bytes' offsets and values from its last walk; while they are equal
// (and the block is the same size at the same address, so equally aligned) the
// walk would give the same decider. A path through a group whose children lie
// side by side (their bases depend on more of the block), or longer than
// kFingerprintGroups groups, is walked every time: exact, only slower.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "bt/core/classic.h"
#include "bt/core/decider.h"
#include "bt/core/memory.h"
#include "bt/core/tree.h"

namespace bt::inspector {

class RunningDeciders {
 public:
  std::size_t Count() const { return agents_.size(); }
  // Forgets every agent: each is walked at its next Update.
  void Reset(std::size_t count) { agents_.assign(count, Agent{}); }

  // The agent's running decider at its last Update (null: none, or never updated).
  const DeciderDef* Last(std::size_t agent) const { return agents_[agent].running; }
  // The agent's running decider in `block` now (null: none).
  const DeciderDef* Update(std::size_t agent, const DeciderDef& root, std::span<const std::byte> block) {
    Agent& a = agents_[agent];
    if (Unchanged(a, root, block)) return a.running;
    Walk(a, root, block);
    return a.running;
  }

 private:
  static constexpr int kFingerprintGroups = 12;
  static constexpr std::uint8_t kAlwaysWalk = 0xff;
  static constexpr std::size_t kActiveChildAt = offsetof(SlotHeader, activeChild);

  struct Agent {
    const DeciderDef* root = nullptr;
    const std::byte* block = nullptr;
    std::size_t size = 0;
    const DeciderDef* running = nullptr;
    std::uint32_t stamp = 0;
    std::uint8_t rootActive = 0;
    std::uint8_t groups = kAlwaysWalk;
    std::uint8_t values[kFingerprintGroups] = {};
    std::uint16_t offsets[kFingerprintGroups] = {};
  };

  static void ReadHeader(std::span<const std::byte> block, std::uint32_t* stamp, std::uint8_t* rootActive) {
    std::memcpy(stamp, block.data() + offsetof(MemoryHeader, treeStamp), sizeof *stamp);
    std::memcpy(rootActive, block.data() + offsetof(MemoryHeader, rootActive), sizeof *rootActive);
  }

  static bool Unchanged(const Agent& a, const DeciderDef& root, std::span<const std::byte> block) {
    if (a.groups == kAlwaysWalk || a.root != &root || a.block != block.data() || a.size != block.size()) return false;
    std::uint32_t stamp;
    std::uint8_t rootActive;
    ReadHeader(block, &stamp, &rootActive);
    bool same = stamp == a.stamp && rootActive == a.rootActive;
    for (int k = 0; k < a.groups; ++k) same &= std::to_integer<std::uint8_t>(block[a.offsets[k]]) == a.values[k];
    return same;
  }

  static void Walk(Agent& a, const DeciderDef& root, std::span<const std::byte> block) {
    a.root = &root;
    a.block = block.data();
    a.size = block.size();
    a.groups = kAlwaysWalk;
    const DeciderDef* path[kMaxTreeDepth + 1];
    const int n = ActivePath(root, block, path);
    if (n > static_cast<int>(std::size(path))) {
      a.running = ActiveBehaviorDecider(root, block);
      return;
    }
    a.running = n > 0 ? path[n - 1] : nullptr;
    if (block.size() < sizeof(MemoryHeader)) return;
    ReadHeader(block, &a.stamp, &a.rootActive);
    int groups = 0;
    for (int k = 0; k < n; ++k) {
      const DeciderDef& d = *path[k];
      if (d.kind != DeciderKind::Group) continue;
      const std::size_t at = sizeof(MemoryHeader) + d.data->slotOffset + kActiveChildAt;
      if (HasSideBySideChildren(d.policy) || groups == kFingerprintGroups || at >= block.size() ||
          at > 0xffff) return;
      a.offsets[groups] = static_cast<std::uint16_t>(at);
      a.values[groups] = std::to_integer<std::uint8_t>(block[at]);
      ++groups;
    }
    a.groups = static_cast<std::uint8_t>(groups);
  }

  std::vector<Agent> agents_;
};

}  // namespace bt::inspector
