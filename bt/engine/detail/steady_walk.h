// bt/engine/detail/steady_walk.h — the reference tick's steady walk: down a path
// active since an earlier tick, in one loop, calling out of line only on a
// transition. Inline in a header, so that the tick's entry (bt/engine/tick.cpp)
// and the rest of the walk (bt/engine/walk.cpp) each take it into their own code:
// behind a call between two files, it would cost every tick.
#pragma once

#include <cstdint>

#include "bt/core/tree.h"
#include "bt/engine/detail/classic_rules.h"
#include "bt/engine/detail/evaluate.h"
#include "bt/engine/detail/spore_rules.h"
#include "bt/engine/detail/tick_debug.h"
#include "bt/engine/detail/walk.h"
#include "bt/engine/detail/why_record.h"

namespace bt::detail {

// A newly activated group's first choice, with its first tick (bt/engine/walk.cpp).
Result StartGroup(TickState& t, const DeciderDef& g, std::uint32_t base, int depth);

// Ticks d's behavior (it has one); Running when it has no Tick.
[[gnu::always_inline]] inline Result CallTick(TickState& t, const DeciderDef& d, std::uint32_t base,
                                                     void* memory) {
  const BehaviorDef* b = d.behavior;
  if (!b->tick) return Result::Running;
  if (b->tickTakesContext) {
    if (!ActivationFits(t, d, Slot(t, d, base).activatedAt)) [[unlikely]]
      return Result::Failed;
    Context c = MakeContext(t, d, base);
    c.sleep = t.sleep;  // a Tick may ask to sleep (bt/engine/sleep.h); Activate and Deactivate may not
    return b->tick(t.agent, memory, c);
  }
  return b->tick(t.agent, memory, kNoContext);
}

// d's behavior, already active, ticked.
template <bool kDebug>
[[gnu::always_inline]] inline Result RunBehavior(TickState& t, const DeciderDef& d, std::uint32_t base,
                                                        [[maybe_unused]] int depth) {  // for debug output
  BT_DEBUG_STEADY(t, 3, DebugTickBehavior(t, d, base, depth));
  return CallTick(t, d, base, BehaviorMemory(t, d, base));
}

// A behavior decider active since an earlier tick: its behavior ticked. Running
// passes straight up to the tick's result, so the behavior that runs is the
// last one ticked: recorded before its Tick, which can then end this call.
template <bool kDebug>
[[gnu::always_inline]] inline Result TickActiveBehavior(TickState& t, const DeciderDef& d, std::uint32_t base,
                                                               int depth) {
  t.runningDecider = &d;
  return RunBehavior<kDebug>(t, d, base, depth);
}

// A classic group active since an earlier tick, whose path is checked whole
// already (kWalkChecksPath) or checked here, its own slot only, as the walk meets
// it (classic::ChecksOwnSlotOnly).
[[gnu::always_inline]] inline Result TickActiveClassic(TickState& t, const DeciderDef& g, std::uint32_t base,
                                                              int depth) {
  if (!t.pathChecked && !classic::SlotFits(SlotBytes(t, g, base), g)) [[unlikely]]
    return FailCorrupt(t, g, base);
  return TickClassicGroup(t, g, base, false, depth);
}

// How the hysteresis rule (spore::ChooseAbove, bt/engine/detail/spore_rules.h)
// reaches the children of g in the steady walk: each evaluated inline, by its
// Decide alone when kDecideOnly (no child of g has checks: kWalkCheckedChildren unset).
template <bool kDebug, bool kDecideOnly>
struct SteadyChildren {
  TickState& t;
  const DeciderDef& g;
  int depth;

  GroupPolicy Policy() const { return g.policy; }
  struct Child {
    TickState& t;
    const DeciderDef& d;
    int depth;
    [[gnu::always_inline]] float Evaluate(std::byte* dblock) {
      if constexpr (kDecideOnly) return EvaluateDecideOnly<kDebug>(t, d, dblock, depth + 1);
      else return EvaluateInline<kDebug>(t, d, dblock, TimerUse::kCheck, depth + 1);
    }
    std::uint32_t DBlockSize() const { return d.dblock.size; }
  };
  template <class F>
  [[gnu::always_inline]] void ForChildrenUntil(int from, int end, F&& f) {
    const DeciderDef* const* children = g.children;  // held across the Decides (a call may write anywhere)
    for (int i = from; i < end; ++i)
      if (f(i, Child{t, *children[i], depth})) return;
  }
};

// The walk down a path active since an earlier tick, from `top` at `depth`, in
// one loop rather than a call per decider (the steady state of most ticks).
// At each decider on the way:
// - a behavior decider ticks its behavior;
// - a group ticks its group behavior first, if it has one: one that ends ends its group;
// - a group's hysteresis by policy: a PrioritizedList decides the children above
//   the active one, and one that accepts interrupts it (its own Decide is not
//   called); Random, Shuffle, Sequential and Scored re-decide nothing while a
//   child is active, and choose only on activation and on a masked redecide
//   (activated again after an interruption, a Sequential starts over from its
//   first child and a Shuffle starts a new round);
// - then the walk goes on down to the active child.
// Whatever ends the walk gives the result of the decider where it ended; each
// group above it, innermost first, then redecides with its child masked if that
// result is Done or Failed (RedecideAfter), and passes the result on up.
template <bool kDebug>
[[gnu::always_inline]] inline Result TickActivePath(TickState& t, const DeciderDef& top, std::uint32_t base,
                                                           int depth) {
  const DeciderDef* groups[kMaxTreeDepth];  // the groups walked through, by depth - topDepth (a tree's depth is at most kMaxTreeDepth)
  const int topDepth = depth;
  const DeciderDef* d = &top;
  Result result;
  for (;; ++depth) {
    BT_DEBUG_STEADY(t, 4, DebugVisit(t, *d, base, false, depth));
    if (const std::uint8_t walk = d->data->walk; walk != 0) [[unlikely]] {  // anything but a plain step (kWalk*)
      if (walk & (kWalkClassic | kWalkRecheck)) {
        // The path below is checked whole before anything of it is called
        // (kWalkChecksPath), as the compiled tick does; or, as a Spore group is,
        // only the group's own slot (TickActiveClassic), each child's checked as
        // the walk reaches it.
        if ((walk & kWalkChecksPath) && !t.pathChecked) {
          if (!OldPathFits(t, *d, base)) {
            result = Result::Failed;
            break;
          }
          t.pathChecked = true;
        }
        if ((walk & kWalkRecheck) && !Recheck(t, *d, depth)) {
          result = Result::Failed;
          break;
        }
        if (walk & kWalkClassic) {
          BT_WHY_STEADY(t, WhyVisitClassic(t, *d, base, depth));
          result = TickActiveClassic(t, *d, base, depth);
          break;
        }
      }
      if (d->kind == DeciderKind::Behavior) {
        if (d->behavior == nullptr) {  // rejected by InitializeTreeData
          result = Result::Failed;
          break;
        }
      } else {
        // Damage is found where the walk meets it, before anything of the group
        // is called: a child it lacks (kNoChild too, between ticks), or a Shuffle
        // order holding one.
        if (!t.pathChecked && !ActiveSlotFits(SlotBytes(t, *d, base), *d)) {
          result = FailCorrupt(t, *d, base);
          break;
        }
        if (d->behavior != nullptr) {
          result = RunBehavior<kDebug>(t, *d, base, depth);
          if (result != Result::Running) {  // a group behavior that ends ends its group,
            if (!t.pathChecked && !OldPathFits(t, *d, base)) result = Result::Failed;  // whose old path is deactivated next
            break;
          }
        }
      }
    }
    if (d->kind == DeciderKind::Behavior) {
      result = TickActiveBehavior<kDebug>(t, *d, base, depth);
      break;
    }
    const DeciderDef& g = *d;
    const unsigned active = Slot(t, g, base).activeChild;
    if (active >= g.childCount) [[unlikely]] {
      // Damage met by the walk (a plain group's only check), or below a path
      // checked whole, a group without a child (kNoChild): started afresh.
      if (!t.pathChecked) {
        result = FailCorrupt(t, g, base);
        break;
      }
      BT_WHY_STEADY(t, WhyVisit(t, g, false, kNoChild, depth));
      result = StartGroup(t, g, base, depth);
      break;
    }
    BT_WHY_STEADY(t, WhyVisit(t, g, false, static_cast<int>(active), depth));
    if (g.policy == GroupPolicy::PrioritizedList && active > 0) {
      // The hysteresis rule (spore::ChooseAbove), each child evaluated with its
      // checks, or (the common case) only by its Decide.
      Choice choice;
      if (g.data->walk & kWalkCheckedChildren) {
        SteadyChildren<kDebug, false> c{t, g, depth};
        choice.index = spore::ChooseAbove(c, static_cast<int>(active), choice);
      } else {
        SteadyChildren<kDebug, true> c{t, g, depth};
        choice.index = spore::ChooseAbove(c, static_cast<int>(active), choice);
      }
      BT_DEBUG_STEADY(t, 5, DebugChildrenDecide(t, choice.index, -1, depth));
      if (choice.index >= 0) {
        result = Interrupt(t, g, base, choice, depth);
        break;
      }
    }
    BT_DEBUG_STEADY(t, 4, DebugContinuing(t, g, base, static_cast<int>(active), depth));
    BT_WHY_STEADY(t, WhyContinue(t, g, static_cast<int>(active), depth));
    groups[depth - topDepth] = &g;
    d = g.children[active];
  }
  while (depth > topDepth) {
    if (result == Result::Running || t.error != Status::Running) [[likely]]
      return result;
    --depth;
    result = RedecideAfter(t, *groups[depth - topDepth], base, result, depth);
  }
  return result;
}

[[gnu::always_inline]] inline bool DebugOn(const TickState& t) { return t.traced; }

// The walk down the path active below `top`, with debug output or without.
[[gnu::always_inline]] inline Result TickActive(TickState& t, const DeciderDef& top, std::uint32_t base,
                                                       int depth) {
  return DebugOn(t) ? TickActivePath<true>(t, top, base, depth) : TickActivePath<false>(t, top, base, depth);
}

}  // namespace bt::detail
