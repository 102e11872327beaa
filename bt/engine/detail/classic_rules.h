// bt/engine/detail/classic_rules.h — the rules of the classic group policies
// (bt/core/classic.h), written once for both ticks.
//
// Each rule is a template over how a group reaches its children (the accessor
// C): the reference engine's ClassicGroup (bt/engine/kinds/classic.cpp) reaches them
// through the definition's pointers and the offsets InitializeTreeData recorded;
// the compiled tick's (bt/engine/compiled_tick.h) through constants, its Starts and
// Continues direct calls into its own code for each child. What a rule reads of
// its group (flags, config, children) comes through C too, as constants there.
//
// C provides: Stopped(), Count(), Flags(), Config(), AllChildren(), Header(),
// Set(), Loops(), IsActive(i), Active(), Start(i), StartAhead(i, later), Continue(i), Run(i),
// End(i, why), End(i, result), RunningPathStart(), StillAccepts(), MayLoop(),
// and for TickClassic: Policy(), SideBySide(), HasBehavior(), TickBehavior(isNew),
// FirstActiveBehavior(), ReportRunning(behavior), TickOther(isNew) (the policies not here).
//
// The rules, each from the system that uses it (where the engines differ, the
// rule written here is bt's; each was checked against the engine named beside it):
// - Sequence: Unvanquished `sequence`, MBT Sequence, Drag[en]gine `sequence`.
// - Selector: Unvanquished `selector`. Fallback: Unvanquished `fallback`, MBT
//   Selector, Drag[en]gine `choice`.
// - Parallel: MBT Parallel (Lumberyard BehaviorTree/Parallel: the success mode
//   is tested before the failure mode). Concurrent: Unvanquished `concurrent`.
// - Loop, LoopUntilSuccess: MBT (a child that ran over from the tick before and
//   ends is started again in the same tick; one that ends on the tick it started
//   waits for the next). Decorator: Unvanquished `invert`, `return`,
//   `mapStatus`; MBT SuppressFailure; Drag[en]gine doNotFail.
// Cooldown, RandomGate and the policies with files of their own stay in
// bt/engine/kinds/classic.cpp (TickOther): the compiled tick hands them to it.
// In every one a child that ends is deactivated at once, before anything else
// starts, and a child that rejects fails without being activated.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <type_traits>

#include "bt/core/classic.h"
#include "bt/engine/detail/walk.h"

namespace bt::detail::classic {

// A Sequence or Fallback goes on at its active child (i), or starts at its first.
// With kResumeOnRunningPath it starts where the tree's running path says, ending
// its active child first when that is another (Unvanquished: bt/core/running_path.h).
template <class C>
Result Resume(C& c, bool isNew, int& i) {
  i = isNew ? -1 : c.Active();
  int start = 0;
  if (c.Flags() & kResumeOnRunningPath) [[unlikely]] {
    start = std::max(c.RunningPathStart(), 0);
    if (i >= 0 && i != start) {
      c.End(i, "off the running path");
      if (c.Stopped()) return Result::Failed;
      i = -1;
    }
  }
  return i < 0 ? c.Start(i = start) : c.Continue(i);
}

// Resumes at the running child; a child that fails fails the group; one that is
// done makes way for the next (the group's conditions checked first, with
// kCallDecideOnRedecide); done after the last, or from the first again with kLoopChildren.
template <class C>
Result TickSequence(C& c, bool isNew) {
  int i;
  Result result = Resume(c, isNew, i);
  for (;;) {
    if (result == Result::Running || c.Stopped()) return result;
    c.End(i, result);
    if (result == Result::Failed || c.Stopped() || !c.StillAccepts()) return Result::Failed;
    if (++i == c.Count()) {
      if (!(c.Flags() & kLoopChildren)) return Result::Done;
      if (!c.MayLoop()) return Result::Failed;
      i = 0;
    }
    result = c.Start(i);
  }
}

// Resumes at the running child; a child that fails makes way for the next (the
// group's conditions checked first); the first that is done makes the group
// done, or starts the first child again with kLoopChildren; failed after the last.
template <class C>
Result TickFallback(C& c, bool isNew) {
  int i;
  Result result = Resume(c, isNew, i);
  for (;;) {
    if (result == Result::Running || c.Stopped()) return result;
    c.End(i, result);
    if (c.Stopped()) return Result::Failed;
    if (result == Result::Done) {
      if (!(c.Flags() & kLoopChildren)) return Result::Done;
      if (!c.MayLoop() || !c.StillAccepts()) return Result::Failed;
      i = 0;
    } else {
      if (i + 1 == c.Count() || !c.StillAccepts()) return Result::Failed;
      ++i;
    }
    result = c.Start(i);
  }
}

// Every tick from the first child: the first that does not fail gives the
// result. The child that ran before and is not reached again is interrupted;
// children tried before it keep it active while they run (their memory is their
// own), and are started ahead of it (StartAhead: its old path checked first).
template <class C>
Result TickSelector(C& c, bool isNew) {
  const int before = isNew || c.Set().active == 0 ? -1 : std::countr_zero(c.Set().active);  // none: it ended
  for (int i = 0; i < c.Count(); ++i) {
    const Result result = i == before ? c.Continue(i) : i < before ? c.StartAhead(i, before) : c.Start(i);
    if (c.Stopped()) return Result::Failed;
    if (result != Result::Running) c.End(i, result);
    if (result == Result::Failed) continue;
    if (before >= 0 && before != i) c.End(before, "interrupted");
    return c.Stopped() ? Result::Failed : result;
  }
  return Result::Failed;
}

// Every child ticked in order, each tick (one that ended is started again); the
// first that fails fails the group (those after it are not ticked); else
// running while any child runs, else done. This is bt's rule where the engines
// differ: some versions of Unvanquished's BotConcurrentNode return SUCCESS even
// while a child runs, which would end the group with a child still running.
template <class C>
Result TickConcurrent(C& c) {
  bool running = false;
  for (int i = 0; i < c.Count(); ++i) {
    const Result result = c.Run(i);
    if (c.Stopped()) return Result::Failed;
    if (result == Result::Running) {
      running = true;
      continue;
    }
    c.End(i, result);
    if (result == Result::Failed || c.Stopped()) return Result::Failed;
  }
  return running ? Result::Running : Result::Done;
}

// Every child started on entry; those still running ticked in order each tick.
// Done when all children are done (kParallelSucceedOnAny: one), failed as soon
// as one fails (kParallelFailOnAll: all did); the success test comes first.
// Neither: running, even with no child left to run (as MBT's Parallel).
template <class C>
Result TickParallel(C& c, bool isNew) {
  ChildSet& set = c.Set();  // cleared on entry by TickClassic
  const std::uint64_t ticked = isNew ? c.AllChildren() : set.active;
  for (int i = 0; i < c.Count(); ++i) {
    if (!((ticked >> i) & 1u)) continue;
    const Result result = isNew ? c.Start(i) : c.Continue(i);
    if (c.Stopped()) return Result::Failed;
    if (result == Result::Running) continue;
    c.End(i, result);
    if (c.Stopped()) return Result::Failed;
    if (result == Result::Done) set.done |= std::uint64_t{1} << i;
  }
  const int done = std::popcount(set.done);
  const int failed = c.Count() - std::popcount(set.active) - done;
  if ((c.Flags() & kParallelSucceedOnAny) ? done > 0 : done == c.Count()) return Result::Done;
  if ((c.Flags() & kParallelFailOnAll) ? failed == c.Count() : failed > 0) return Result::Failed;
  return Result::Running;
}

// The child's result through config.results; a child that ended and is mapped
// to Running starts again at the next tick.
template <class C>
Result TickDecorator(C& c) {
  const Result result = c.Run(0);
  if (c.Stopped()) return result;
  if (result != Result::Running) c.End(0, result);
  return c.Config().results(result);
}

// Loop: the child started again each time it is done, config.count times in all
// (0: forever), then done; its failure fails the loop. LoopUntilSuccess: the
// same with done and failed swapped, config.count attempts. A child that ran
// over from the tick before and ends is started again at once; one that ends on
// the tick it started waits for the next (MBT: no endless loop of instant children).
// As Lumberyard Loop.h (childWasRunningLastTick): the restarted child's end in
// that same tick is not counted (an end of the other kind still ends the loop).
template <class C>
Result TickLoop(C& c, bool isNew, Result again) {
  SlotHeader& header = c.Header();
  if (isNew) {
    c.Loops().count = 0;
    header.cursor = 0;  // the child ran over from the tick before
  }
  Result result = c.Run(0);
  if (c.Stopped()) return result;
  if (result == again) {
    c.End(0, result);
    if (c.Stopped()) return Result::Failed;
    if (c.Config().count > 0) {
      if (c.Loops().count + 1 >= c.Config().count) return again;
      ++c.Loops().count;
    }
    if (header.cursor) {
      result = c.Start(0);
      if (c.Stopped()) return result;
    }
  }
  if (result != Result::Running) c.End(0, result);
  header.cursor = result == Result::Running;
  if (result != Result::Running && result != again) return result;
  return Result::Running;
}

// Whether the walk, meeting classic group g active since an earlier tick, checks
// only g's own slot (SlotFits), as it does a Spore group, and each child's as it
// reaches it; else g's whole old path is checked first (FindDamage). Either way
// no Activate and no Deactivate of an old path comes before the damage on it is
// found. Own slot only where g's rule reaches every active child before it
// starts or ends any other: a Sequence, a Fallback, a Parallel, a Decorator, a
// Loop; a Selector too, whose earlier children start ahead of the active one
// (StartAhead: its path checked once one accepts, before it is activated).
// Not: a Concurrent (it starts an ended child before later ones run), a running
// path's resume (it ends a child off the path), a group behavior (one that ends
// leaves its old path to be deactivated), a re-checked group (its condition is
// called first), nor the policies of C's TickOther.
constexpr bool ChecksOwnSlotOnly(const DeciderDef& g) {
  switch (g.policy) {
    case GroupPolicy::Sequence:
    case GroupPolicy::Fallback:
    case GroupPolicy::Selector:
    case GroupPolicy::Parallel:
    case GroupPolicy::Decorator:
    case GroupPolicy::Loop:
    case GroupPolicy::LoopUntilSuccess:
      return g.behavior == nullptr && !(g.flags & (kResumeOnRunningPath | kRecheckEveryTick));
    default: return false;
  }
}

// The policies written here; the others are C's (TickOther).
constexpr bool IsSharedClassicPolicy(GroupPolicy policy) {
  switch (policy) {
    case GroupPolicy::Sequence:
    case GroupPolicy::Fallback:
    case GroupPolicy::Selector:
    case GroupPolicy::Concurrent:
    case GroupPolicy::Parallel:
    case GroupPolicy::Decorator:
    case GroupPolicy::Loop:
    case GroupPolicy::LoopUntilSuccess: return true;
    default: return false;
  }
}

// What the slot of a classic group g may hold between ticks (ClassicSlotFits,
// bt/engine/detail/block_reading.h, says what); inline, so the compiled tick's check of
// a path folds g's policy and child count.
[[gnu::always_inline]] inline bool SlotFits(const std::byte* slot, const DeciderDef& g) {
  const std::uint8_t active = reinterpret_cast<const SlotHeader*>(slot)->activeChild;
  if (HasSideBySideChildren(g.policy)) {
    const ChildSet& set = ChildSetOf(slot);
    if ((set.active & ~AllChildren(g)) != 0 || (set.done & ~AllChildren(g)) != 0 || (set.active & set.done) != 0)
      return false;
    return g.policy != GroupPolicy::Selector || (set.active & (set.active - 1)) == 0;
  }
  if (g.policy == GroupPolicy::StateMachine) return active < g.childCount && StateMachineSlotFits(slot, g);
  return active < g.childCount || active == kNoChild;
}

// The rule of one policy.
template <GroupPolicy kPolicy, class C>
[[gnu::always_inline]] inline Result TickPolicyOf(C& c, bool isNew) {
  if constexpr (kPolicy == GroupPolicy::Sequence) return TickSequence(c, isNew);
  else if constexpr (kPolicy == GroupPolicy::Fallback) return TickFallback(c, isNew);
  else if constexpr (kPolicy == GroupPolicy::Selector) return TickSelector(c, isNew);
  else if constexpr (kPolicy == GroupPolicy::Concurrent) return TickConcurrent(c);
  else if constexpr (kPolicy == GroupPolicy::Parallel) return TickParallel(c, isNew);
  else if constexpr (kPolicy == GroupPolicy::Decorator) return TickDecorator(c);
  else if constexpr (kPolicy == GroupPolicy::Loop) return TickLoop(c, isNew, Result::Done);
  else if constexpr (kPolicy == GroupPolicy::LoopUntilSuccess) return TickLoop(c, isNew, Result::Failed);
  else return c.TickOther(isNew);
}

// The rule of c's policy: chosen at compile time when C names it as a constant
// (the compiled tick: only that rule is instantiated), else at run time.
template <class C>
inline Result TickPolicy(C& c, bool isNew) {
  if constexpr (requires { std::integral_constant<GroupPolicy, C::Policy()>{}; }) {
    return TickPolicyOf<C::Policy()>(c, isNew);
  } else {
    switch (c.Policy()) {
      case GroupPolicy::Sequence: return TickPolicyOf<GroupPolicy::Sequence>(c, isNew);
      case GroupPolicy::Fallback: return TickPolicyOf<GroupPolicy::Fallback>(c, isNew);
      case GroupPolicy::Selector: return TickPolicyOf<GroupPolicy::Selector>(c, isNew);
      case GroupPolicy::Concurrent: return TickPolicyOf<GroupPolicy::Concurrent>(c, isNew);
      case GroupPolicy::Parallel: return TickPolicyOf<GroupPolicy::Parallel>(c, isNew);
      case GroupPolicy::Decorator: return TickPolicyOf<GroupPolicy::Decorator>(c, isNew);
      case GroupPolicy::Loop: return TickPolicyOf<GroupPolicy::Loop>(c, isNew);
      case GroupPolicy::LoopUntilSuccess: return TickPolicyOf<GroupPolicy::LoopUntilSuccess>(c, isNew);
      default: return c.TickOther(isNew);
    }
  }
}

// The behavior the tick reports as running (TickResult::decider) when a classic
// group runs: the first behavior active below it, in preorder, or none. A child
// that runs was ticked last, so the behavior it reports is the one its own tick
// reported (a leaf itself, a group as here), except where the group has no child
// active (a Loop between two runs of its child: none), or children side by side
// that may each run (a Parallel, a Concurrent: the first active is looked up).
// A Selector runs one child at most.
template <class C>
void ReportRunningBehavior(C& c) {
  if (c.Policy() == GroupPolicy::Parallel || c.Policy() == GroupPolicy::Concurrent) [[unlikely]]
    c.ReportRunning(c.FirstActiveBehavior());
  else if (!c.SideBySide() && c.Active() < 0) [[unlikely]]
    c.ReportRunning(nullptr);
}

// A classic group's tick: its group behavior, then its policy; one that runs
// reports the behavior running below it (ReportRunningBehavior).
template <class C>
Result TickClassic(C& c, bool isNew) {
  // A group starting anew has no child active: StartSlot cleared its SlotHeader
  // and, for children side by side, its ChildSet.
  if (c.HasBehavior()) {
    const Result result = c.TickBehavior(isNew);
    if (result != Result::Running) return result;  // a group behavior that ends ends its group
  }
  const Result result = TickPolicy(c, isNew);
  if (result == Result::Running) ReportRunningBehavior(c);
  return result;
}

}  // namespace bt::detail::classic
