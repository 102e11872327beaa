// bt/engine/scope.h — scopes shared by agents: at most N of them inside at once.
//
// MBT's `GroupScope name allowedConcurrentUsers` (Lumberyard's "limit concurrent
// users"): a GroupScope group (bt/core/kinds.def) lets its agent run its child only
// if the agent took a place in the scope on entry; deactivating the group, for
// any reason (its child ended, an interruption, StopBehaviorTree, a damaged
// block), gives the place back. The game owns the scopes — bt keeps no global
// state — and hands each GroupScope a ScopeFinder (bt/core/classic.h) that returns
// the agent's scope of a name (MBT keeps one per AI group). A place is one
// atomic count: agents ticked on several threads share a scope safely, and the
// tick allocates nothing.
//
// Saving: a block inside a GroupScope records that it holds a place (its slot),
// not the scope's count, which is the game's. A game that saves its agents saves
// each scope's Users() beside their blocks and restores both. One that restores
// blocks into scopes started afresh (Reset()) gives the restored blocks their
// places back with RejoinScopes, once per block.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <span>

namespace bt {

struct DeciderDef;

class Scope {
 public:
  Scope() = default;
  Scope(const Scope&) = delete;
  Scope& operator=(const Scope&) = delete;

  // Takes a place if fewer than `allowed` agents are inside; false when full.
  bool TryEnter(std::uint32_t allowed) noexcept {
    std::uint32_t users = users_.load(std::memory_order_relaxed);
    while (users < allowed)
      if (users_.compare_exchange_weak(users, users + 1, std::memory_order_acq_rel, std::memory_order_relaxed))
        return true;
    return false;
  }
  // Gives a place back (never below 0: a count the game reset stays right).
  void Leave() noexcept {
    std::uint32_t users = users_.load(std::memory_order_relaxed);
    while (users > 0 &&
           !users_.compare_exchange_weak(users, users - 1, std::memory_order_acq_rel, std::memory_order_relaxed)) {
    }
  }
  // A place a restored block already holds, taken whatever the limit (RejoinScopes).
  void Rejoin() noexcept { users_.fetch_add(1, std::memory_order_acq_rel); }
  std::uint32_t Users() const noexcept { return users_.load(std::memory_order_acquire); }
  // Sets the count, for a game restoring its scopes (or starting them afresh).
  void Reset(std::uint32_t users = 0) noexcept { users_.store(users, std::memory_order_release); }

 private:
  std::atomic<std::uint32_t> users_{0};
};

// Takes again, in the scopes `agent`'s finders name, the places a restored block
// holds (every active GroupScope on its path that had entered): for scopes the
// game did not restore with the block. Returns how many; 0 for a block the tick
// would refuse or that is damaged, or a tree InitializeTreeData rejects.
int RejoinScopes(const DeciderDef& root, void* agent, std::span<const std::byte> memory);

}  // namespace bt
