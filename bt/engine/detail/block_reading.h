// bt/engine/detail/block_reading.h — reading a memory block against its tree,
// without a tick: whether it fits, where each child's region lies, which
// children are active, and the first damage on the active path. Saving, events,
// printing and inspection read a block with these; both ticks check it with them.
#pragma once

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>

#include "bt/core/decider.h"
#include "bt/core/memory.h"
#include "bt/core/random.h"
#include "bt/core/tree.h"

namespace bt::detail {

// The block's own generator (bt/core/random.h), for Random and Shuffle groups without one of the agent's.
inline std::uint32_t NextBlockRandom(MemoryHeader& header) { return NextRandomState(header.rng); }

// A block as large as the tree needs and aligned as blocks must be:
// Status::Running, else MemoryTooSmall or MemoryMisaligned.
inline Status BlockFits(const TreeData& tree, std::span<const std::byte> memory) {
  if (memory.size() < tree.memoryBytes) return Status::MemoryTooSmall;
  if (!IsAlignedBlock(memory.data())) return Status::MemoryMisaligned;
  return Status::Running;
}

// Times a tick accepts, before the block is read: finite, |time| at most
// kMaxTickTime, dt not negative and within float's range. Each test fails on NaN.
// Always inlined: both ticks' steady-case test (NeedsFullTick) runs it every tick.
[[gnu::always_inline]] inline bool TimesAcceptable(double time, float dt) {
  return std::fabs(time) <= kMaxTickTime && dt >= 0 && dt <= std::numeric_limits<float>::max();
}

// A healthy block's last tick lies in [0, kRebaseSeconds] after a finite epoch;
// anything else is damage (NaN and infinities included).
inline bool HeaderTimesFit(const MemoryHeader& header) {
  return std::fabs(header.epoch) <= kMaxTickTime && header.lastTime >= 0 &&
         header.lastTime <= static_cast<float>(kRebaseSeconds);
}

// Moves the block's epoch to `time` (which ran kRebaseSeconds or more ahead of
// it): the last tick, the timers and the activation times on the active path are
// shifted with it. Out of line and rare: once per kRebaseSeconds of game time.
void RebaseBlock(const DeciderDef& root, MemoryHeader& header, double time);

// A Shuffle group's order (after its SlotHeader) holds indices into its children;
// a damaged block may hold anything there.
inline bool ShuffleOrderFits(const std::byte* slot, int childCount) {
  const auto* order = reinterpret_cast<const std::uint8_t*>(slot + sizeof(SlotHeader));
  bool fits = true;
  for (int i = 0; i < childCount; ++i) fits &= order[i] < childCount;
  return fits;
}

// ---------------------------------------------------------------- children side by side
// Selector, Parallel and Concurrent children each have a region of their own
// (bt/core/memory.h, bt/core/classic.h); every other group's children share its base.

// [bytes] a decider's subtree takes when it lies beside its siblings.
inline std::uint32_t RegionSpan(const DeciderDef& d) {
  return SideBySideSpan(d.data->regionBytes);
}

// [bytes] from group g's base to its child i's: recorded for its first
// children (DeciderData::childBases), summed on from there for the others.
inline std::uint32_t ChildBase(const DeciderDef& g, int i) {
  if (!HasSideBySideChildren(g.policy)) return 0;
  if (i < kRecordedChildBases) return g.data->childBases[i];
  std::uint32_t at = g.data->childBases[kRecordedChildBases - 1];
  for (int j = kRecordedChildBases - 1; j < i; ++j) at += RegionSpan(*g.children[j]);
  return at;
}

// ChildBase for one group's children, asked mostly in ascending order (a walk
// of its active children, a classic rule's turn through them): past the
// recorded ones, each answer goes on from the last one instead of summing the
// elder siblings again.
class ChildBases {
 public:
  explicit ChildBases(const DeciderDef& g) : ChildBases(g, HasSideBySideChildren(g.policy)) {}
  ChildBases(const DeciderDef& g, bool sideBySide) : g_(g), sideBySide_(sideBySide) {}
  std::uint32_t operator()(int i) {
    if (!sideBySide_) return 0;
    if (i < kRecordedChildBases) [[likely]]
      return g_.data->childBases[i];
    const auto child = static_cast<unsigned>(i);
    if (child < next_ || next_ < kRecordedChildBases - 1)
      next_ = kRecordedChildBases - 1, at_ = g_.data->childBases[kRecordedChildBases - 1];
    for (; next_ < child; ++next_) at_ += RegionSpan(*g_.children[next_]);
    return at_;
  }

 private:
  const DeciderDef& g_;
  bool sideBySide_;
  unsigned next_ = 0;  // past the recorded bases: the child whose base at_ holds
  std::uint32_t at_ = 0;
};

// The ChildSet of a group whose children lie side by side, after its SlotHeader.
inline ChildSet& ChildSetOf(std::byte* slot) { return *reinterpret_cast<ChildSet*>(slot + sizeof(SlotHeader)); }
inline const ChildSet& ChildSetOf(const std::byte* slot) {
  return *reinterpret_cast<const ChildSet*>(slot + sizeof(SlotHeader));
}

// Exactly one bit of mask set. Not std::has_single_bit, which libstdc++ builds
// on popcount: a call into libgcc without -mpopcnt, on every tick's FindDamage.
constexpr bool OneBit(std::uint64_t mask) { return mask != 0 && (mask & (mask - 1)) == 0; }

// Bit i: child i of g is active, as g's slot says (children g lacks included: damage).
inline std::uint64_t ActiveChildMask(const std::byte* slot, const DeciderDef& g) {
  if (HasSideBySideChildren(g.policy)) return ChildSetOf(slot).active;
  const std::uint8_t active = reinterpret_cast<const SlotHeader*>(slot)->activeChild;
  return active < 64 ? std::uint64_t{1} << active : 0;
}

// The mask of g's children (bit i for each child i).
inline std::uint64_t AllChildren(const DeciderDef& g) {
  return g.childCount >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << g.childCount) - 1;
}

// Marks g as having no active child (its children's Deactivates done, or lost).
inline void ClearActiveChildren(std::byte* slot, const DeciderDef& g) {
  reinterpret_cast<SlotHeader*>(slot)->activeChild = kNoChild;
  if (HasSideBySideChildren(g.policy)) ChildSetOf(slot).active = 0;
}

// A StateMachine's slot (bt/engine/kinds/state_machine.cpp): SlotHeader::activeChild is
// its current state, SlotHeader::cursor the state a pending transition goes to,
// or kNoChild when none is pending.
inline bool StateMachineSlotFits(const std::byte* slot, const DeciderDef& g) {
  const std::uint8_t pending = reinterpret_cast<const SlotHeader*>(slot)->cursor;
  return pending == kNoChild || pending < g.childCount;
}

// Whether the slot of group g, on a path active since an earlier tick, fits the
// tree. Between ticks a Spore group names one of its children (kNoChild is damage
// too), and a Shuffle group's order holds only its children. A classic group
// (bt/core/classic.h) names at most one child (a Selector: at most one active), a
// Concurrent or Parallel any number, each among its children, and a Parallel's
// done children are not active. It may name none: a Loop between two runs of
// its child, a Decorator that maps an end to Running, a Parallel run on with
// all of its children ended, and any classic group that just ended (its child
// was deactivated at once), which its parent then deactivates (the compiled
// tick checks that path first); a classic group ticked with none starts afresh.
bool ClassicSlotFits(const std::byte* slot, const DeciderDef& g);
inline bool ActiveSlotFits(const std::byte* slot, const DeciderDef& g) {
  if (IsClassicPolicy(g.policy)) [[unlikely]]
    return ClassicSlotFits(slot, g);
  if (reinterpret_cast<const SlotHeader*>(slot)->activeChild >= g.childCount) return false;
  return g.policy != GroupPolicy::Shuffle || ShuffleOrderFits(slot, g.childCount);
}

// Calls visit(d, base, depth) for `top`, at `base` and `depth`, and for every
// decider active below it, parents before children and children in order. It
// follows only children a slot names and its group has (a damaged slot ends its
// branch there, as FindDamage reports) and no deeper than kMaxTreeDepth.
template <class Byte, class Visit>
void ForEachActive(Byte* region, const DeciderDef& top, std::uint32_t base, int depth, Visit&& visit) {
  visit(top, base, depth);
  if (top.kind != DeciderKind::Group || depth + 1 >= kMaxTreeDepth) return;
  const std::byte* slot = region + base + top.data->slotOffset;
  ChildBases childBase(top);
  for (std::uint64_t mask = ActiveChildMask(slot, top) & AllChildren(top); mask != 0; mask &= mask - 1) {
    const int i = std::countr_zero(mask);
    ForEachActive(region, *top.children[i], base + childBase(i), depth + 1, visit);
  }
}

// The first group, from `top` (at `base`) down the deciders active since an
// earlier tick, whose slot does not fit the tree; null if none. Its base goes
// to *damagedBase. Both ticks find damage with it before calling below it or
// deactivating it. The walk follows only children the slots name and the tree
// has, and a valid tree has no cycle and no path longer than kMaxTreeDepth
// (InitializeTreeData), so it ends without a depth bound.
// FindDamage from a classic group down (bt/engine/kinds/classic.cpp): out of line, so the
// walk of a Spore path stays short.
const DeciderDef* FindClassicDamage(const std::byte* region, const DeciderDef& g, std::uint32_t base,
                                    std::uint32_t* damagedBase);
inline const DeciderDef* FindDamage(const std::byte* region, const DeciderDef& top, std::uint32_t base = 0,
                                    std::uint32_t* damagedBase = nullptr) {
  const DeciderDef* d = &top;
  while (d->kind == DeciderKind::Group) {
    if (IsClassicPolicy(d->policy)) [[unlikely]]
      return FindClassicDamage(region, *d, base, damagedBase);
    const std::byte* slot = region + base + d->data->slotOffset;
    const std::uint8_t active = reinterpret_cast<const SlotHeader*>(slot)->activeChild;
    if (active >= d->childCount || (d->policy == GroupPolicy::Shuffle && !ShuffleOrderFits(slot, d->childCount))) {
      if (damagedBase != nullptr) *damagedBase = base;
      return d;
    }
    d = d->children[active];
  }
  return nullptr;
}

// ---------------------------------------------------------------- times the block keeps
// The earliest time after its epoch a healthy block keeps: an activation at the
// clock's earliest (-kMaxTickTime) seen from its latest, the epoch having
// followed, with as much again for the rounding of the epoch's moves.
inline constexpr float kEarliestBlockTime = static_cast<float>(-4 * kMaxTickTime);

// The checks every call on a block makes before reading it (the tree, the
// agent, the block's size, alignment and tree): Status::Running to go on.
Status CheckBlockCall(const DeciderDef& root, void* agent, TypeTag agentType, std::span<std::byte> memory,
                      const DeciderDef*& culprit);

}  // namespace bt::detail
