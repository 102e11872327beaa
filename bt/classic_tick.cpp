// bt/classic_tick.cpp — the rules of the classic group policies (bt/classic.h).
//
// The walk of bt/tick.cpp hands a classic group here, new or active since an
// earlier tick; its children are ticked through the same TickDecider, so Spore
// groups and classic ones nest freely. The rules, each from the system that
// uses it (../shared/semantics.md is the authority where it and a seed differ;
// each rule was checked against the engine's source, named beside it):
// - Sequence: Unvanquished `sequence`, MBT Sequence, Drag[en]gine `sequence`.
// - Selector: Unvanquished `selector`. Fallback: Unvanquished `fallback`, MBT
//   Selector, Drag[en]gine `choice`.
// - Parallel: MBT Parallel (Lumberyard BehaviorTree/Parallel: the success mode
//   is tested before the failure mode). Concurrent: Unvanquished `concurrent`.
// - Loop, LoopUntilSuccess: MBT (a child that ran over from the tick before and
//   ends is started again in the same tick; one that ends on the tick it started
//   waits for the next). Decorator: Unvanquished `invert`, `return`,
//   `mapStatus`; MBT SuppressFailure; Drag[en]gine doNotFail. Cooldown:
//   Unvanquished `timer(ms)`. RandomGate: MBT RandomGate.
// In every one a child that ends is deactivated at once, before anything else
// starts, and a child that rejects fails without being activated.
//
// Unvanquished keeps no state in its nodes but one running path per bot, which
// outlives the groups: kResumeOnRunningPath runs it (bt/running_path.h); what
// every child returns is noted on it here (ClassicGroup::Noted). Unvanquished
// actions have no Activate/Deactivate: bt's mark when a leaf joins and leaves
// the active path.

#include <algorithm>
#include <bit>

#include "bt/classic.h"
#include "bt/debug_output.h"
#include "bt/detail/evaluate.h"
#include "bt/detail/tick_engine.h"
#include "bt/detail/why_record.h"
#include "bt/running_path.h"

namespace bt::detail {
namespace {

// One classic group during its tick: its children, where each lies, and which are active.
class ClassicGroup {
 public:
  ClassicGroup(TickState& t, const DeciderDef& g, std::uint32_t base, int depth)
      : t_(t), g_(g), base_(base), depth_(depth), slot_(SlotBytes(t, g, base)) {}

  bool Stopped() const { return t_.error != Status::Running; }
  int Count() const { return g_.childCount; }
  SlotHeader& Header() { return *reinterpret_cast<SlotHeader*>(slot_); }
  ChildSet& Set() { return ChildSetOf(slot_); }
  LoopCount& Loops() { return *reinterpret_cast<LoopCount*>(slot_ + sizeof(SlotHeader)); }

  bool IsActive(int i) { return (ActiveChildMask(slot_, g_) >> i) & 1u; }
  // The single active child of a group whose children share their memory, or -1.
  int Active() {
    const std::uint8_t active = Header().activeChild;
    return active < g_.childCount ? active : -1;
  }

  // Child i, checked (its preconditions and Decide), activated and ticked; one
  // that rejects is failed and never activated.
  // Inline as far as the Decide (the root of a Selector checks most of its
  // children every tick, and most reject); the activation out of line.
  [[gnu::always_inline]] Result Start(int i) {
    if (t_.classicExtras) [[unlikely]]
      if (!CountRuleRun(i)) return Result::Failed;
    Choice choice;
    if (!(EvaluateInline<true>(t_, *g_.children[i], choice.dblock, TimerUse::kCheck, depth_ + 1) > 0) ||
        Stopped()) {
      if (Traced()) [[unlikely]]
        TraceEnd(i, "rejects: it fails");
      return Result::Failed;
    }
    return Activate(i, choice);
  }
  // Child i, active since an earlier tick (or earlier in this one), ticked.
  Result Continue(int i) {
    if (Traced()) [[unlikely]]
      TraceContinue(i);
    return Noted(i, TickDecider(t_, *g_.children[i], BaseOf(i), false, depth_ + 1));
  }
  Result Run(int i) { return IsActive(i) ? Continue(i) : Start(i); }

  // Deactivates child i, if active, because it ended (`result`) or for `why`.
  // Inline as far as the test (most ends are of children that rejected, never
  // activated: the earlier children of a Selector, every tick).
  [[gnu::always_inline]] void End(int i, const char* why) {
    if (IsActive(i)) EndActive(i, why);
  }
  // Child i ended with `result` (or rejected), which the group now handles.
  [[gnu::always_inline]] void End(int i, Result result) {
    if (t_.classicExtras) [[unlikely]]
      if (!CountRuleRun(i)) return;
    if (IsActive(i)) EndActive(i, result == Result::Done ? "done" : "failed");
  }

  // Where the running path says the group starts (kResumeOnRunningPath), or -1: no path kept.
  int RunningPathStart() const { return t_.runningPath != nullptr ? detail::RunningPathStart(*t_.runningPath, g_) : -1; }

  // The group's own preconditions and Decide again (kCallDecideOnRedecide) before it moves on.
  bool StillAccepts() { return !(g_.flags & kCallDecideOnRedecide) || Recheck(t_, g_, depth_); }
  // A loop back to the first child in this tick, against the tick's bound on redecides.
  bool MayLoop() {
    if (++t_.redecides <= t_.redecideLimit) return true;
    Fail(t_, Status::RedecideLimit, g_);
    return false;
  }

 private:
  std::uint32_t BaseOf(int i) { return base_ + childBase_(i); }

  // One more rule run (bt/classic.h) when child i counts them; false, the tick
  // failed: past kMaxRuleRuns. Called only in a tree with classic extras.
  [[gnu::noinline]] bool CountRuleRun(int i) {
    if (!(g_.children[i]->flags & kCountsRuleRuns)) return true;
    if (t_.ruleRuns < kMaxRuleRuns) return ++t_.ruleRuns, true;
    return Fail(t_, Status::RedecideLimit, *g_.children[i]);
  }

  // Child i, active, deactivated for `why`.
  [[gnu::noinline]] void EndActive(int i, const char* why) {
    Unmark(i);
    if (Traced()) [[unlikely]]
      TraceEnd(i, why);
    t_.deactivation = why;
    Deactivate(t_, *g_.children[i], BaseOf(i), depth_ + 1);
  }

  // Child i, which accepted with choice's DBlock, activated and ticked.
  [[gnu::noinline]] Result Activate(int i, const Choice& choice) {
    if (Traced()) [[unlikely]]
      TraceStart(i);
    Mark(i);
    const DeciderDef& child = *g_.children[i];
    const std::uint32_t base = BaseOf(i);
    StartSlot(t_, child, base, choice.dblock);
    return Noted(i, TickDecider(t_, child, base, true, depth_ + 1));
  }
  // What child i returned, noted on the tree's running path when it keeps one (bt/running_path.h).
  Result Noted(int i, Result result) {
    if (t_.classicExtras && t_.runningPath != nullptr) [[unlikely]]
      NoteOnRunningPath(*t_.runningPath, *g_.children[i], result);
    return result;
  }

  // Debug output or a why-record wants the group's steps, which are then
  // written out of line (Trace*), so the steps themselves stay short.
  bool Traced() const {
    if (!t_.traced) [[likely]]
      return false;
#if BT_DEBUG_OUTPUT
    if (DebugWanted(4, t_.agent)) return true;
#endif
    return t_.why != nullptr;
  }
  [[gnu::noinline]] void TraceStart(int i) {
    BT_DEBUG_OUT(t_, 4, depth_, "starting child %d %s/0x%x", i, g_.children[i]->name, g_.children[i]->data->id);
    BT_WHY(t_, WhyStart(t_, g_, i, depth_));
  }
  [[gnu::noinline]] void TraceContinue(int i) {
#if BT_DEBUG_OUTPUT
    if (DebugWanted(4, t_.agent))
      DebugContinuingChild(t_, *g_.children[i], i, Slot(t_, *g_.children[i], BaseOf(i)).activatedAt, depth_);
#endif
    BT_WHY(t_, WhyContinue(t_, g_, i, depth_));
  }
  [[gnu::noinline]] void TraceEnd(int i, const char* why) {
    BT_DEBUG_OUT(t_, 4, depth_, "%s/0x%x: child %d %s/0x%x %s", g_.name, g_.data->id, i, g_.children[i]->name,
                 g_.children[i]->data->id, why);
    BT_WHY(t_, WhyEnd(t_, g_, i, why, depth_));
  }
  void Mark(int i) {
    if (HasSideBySideChildren(g_.policy)) Set().active |= std::uint64_t{1} << i;
    else Header().activeChild = static_cast<std::uint8_t>(i);
  }
  void Unmark(int i) {
    if (HasSideBySideChildren(g_.policy)) Set().active &= ~(std::uint64_t{1} << i);
    else Header().activeChild = kNoChild;
  }

  TickState& t_;
  const DeciderDef& g_;
  std::uint32_t base_;
  int depth_;
  std::byte* slot_;
  ChildBases childBase_{g_};
};

// A Sequence or Fallback goes on at its active child (i), or starts at its first.
// With kResumeOnRunningPath it starts where the tree's running path says, ending
// its active child first when that is another (Unvanquished: bt/running_path.h).
Result Resume(ClassicGroup& c, const DeciderDef& g, bool isNew, int& i) {
  i = isNew ? -1 : c.Active();
  int start = 0;
  if (g.flags & kResumeOnRunningPath) [[unlikely]] {
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
Result TickSequence(ClassicGroup& c, const DeciderDef& g, bool isNew) {
  int i;
  Result result = Resume(c, g, isNew, i);
  for (;;) {
    if (result == Result::Running || c.Stopped()) return result;
    c.End(i, result);
    if (result == Result::Failed || c.Stopped() || !c.StillAccepts()) return Result::Failed;
    if (++i == c.Count()) {
      if (!(g.flags & kLoopChildren)) return Result::Done;
      if (!c.MayLoop()) return Result::Failed;
      i = 0;
    }
    result = c.Start(i);
  }
}

// Resumes at the running child; a child that fails makes way for the next (the
// group's conditions checked first); the first that is done makes the group
// done, or starts the first child again with kLoopChildren; failed after the last.
Result TickFallback(ClassicGroup& c, const DeciderDef& g, bool isNew) {
  int i;
  Result result = Resume(c, g, isNew, i);
  for (;;) {
    if (result == Result::Running || c.Stopped()) return result;
    c.End(i, result);
    if (c.Stopped()) return Result::Failed;
    if (result == Result::Done) {
      if (!(g.flags & kLoopChildren)) return Result::Done;
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
// children tried before it keep it active while they run (their memory is their own).
Result TickSelector(ClassicGroup& c, bool isNew) {
  const int before = isNew || c.Set().active == 0 ? -1 : std::countr_zero(c.Set().active);  // none: it ended
  for (int i = 0; i < c.Count(); ++i) {
    const Result result = i == before ? c.Continue(i) : c.Start(i);
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
// running while any child runs, else done. This is semantics.md's rule; the
// versions of Unvanquished's BotConcurrentNode in the public index return
// SUCCESS even while a child runs — semantics.md is the authority (issue #14).
Result TickConcurrent(ClassicGroup& c) {
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
Result TickParallel(ClassicGroup& c, const DeciderDef& g, bool isNew) {
  ChildSet& set = c.Set();  // cleared on entry by TickClassicGroup
  const std::uint64_t ticked = isNew ? AllChildren(g) : set.active;
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
  if ((g.flags & kParallelSucceedOnAny) ? done > 0 : done == c.Count()) return Result::Done;
  if ((g.flags & kParallelFailOnAll) ? failed == c.Count() : failed > 0) return Result::Failed;
  return Result::Running;
}

// The child's result through config.results; a child that ended and is mapped
// to Running starts again at the next tick.
Result TickDecorator(ClassicGroup& c, const DeciderDef& g) {
  const Result result = c.Run(0);
  if (c.Stopped()) return result;
  if (result != Result::Running) c.End(0, result);
  return g.config.results(result);
}

// Loop: the child started again each time it is done, config.count times in all
// (0: forever), then done; its failure fails the loop. LoopUntilSuccess: the
// same with done and failed swapped, config.count attempts. A child that ran
// over from the tick before and ends is started again at once; one that ends on
// the tick it started waits for the next (MBT: no endless loop of instant children).
// As Lumberyard Loop.h (childWasRunningLastTick): the restarted child's end in
// that same tick is not counted (an end of the other kind still ends the loop).
Result TickLoop(ClassicGroup& c, const DeciderDef& g, bool isNew, Result again) {
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
    if (g.config.count > 0) {
      if (c.Loops().count + 1 >= g.config.count) return again;
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

// The child ticked only once config.seconds have passed since it last failed
// (its time kept in the group's timer, which outlives the group); failed before.
// Strictly past the deadline, as Unvanquished BotDecoratorTimer (level.time > deadline).
Result TickCooldown(ClassicGroup& c, TickState& t, const DeciderDef& g) {
  float& lastFailure = Timers(t)[g.data->timerIndex];
  if (!(t.sinceEpoch > static_cast<double>(lastFailure) + static_cast<double>(g.config.seconds))) {
    c.End(0, "cooling down");
    return Result::Failed;
  }
  const Result result = c.Run(0);
  if (c.Stopped()) return result;
  if (result == Result::Failed) lastFailure = t.blockTime;
  if (result != Result::Running) c.End(0, result);
  return result;
}

// On entry the gate opens with probability config.chance (a draw from the
// group's random source); shut, the group fails. Open, it is its child.
// Lumberyard RandomGate opens when cry_random(0, 1) <= chance; the draw here is
// in [0, 1) and opens below chance: the same odds, but chance 0 never opens.
Result TickRandomGate(ClassicGroup& c, TickState& t, const DeciderDef& g, bool isNew) {
  if (isNew && !(WeightedPick::Unit(NextRandom(t, g)) < static_cast<double>(g.config.chance))) {
    BT_DEBUG_OUT(t, 4, 0, "%s/0x%x: the gate stays shut", g.name, g.data->id);
    return Result::Failed;
  }
  const Result result = c.Run(0);
  if (c.Stopped()) return result;
  if (result != Result::Running) c.End(0, result);
  return result;
}

// The behavior the tick reports as running (TickResult::decider) when g runs:
// the first behavior active below it, in preorder, or none. Not the last one
// ticked, as on a Spore path: in a classic group that one may have ended (a
// Parallel's child done after its sibling ran), or none may have been ticked (a
// Loop between two runs of its child), which would leave it unset. Each classic
// group that ticks Running records itself (TickClassicGroup); the last record is
// the outermost one on the running path, looked up once as the tick ends
// (RunningBehavior), and one that ends drops the record, so a behavior ticked
// after it reports itself.
}  // namespace

// Straight down while each group on the way has one child active (the common
// case, in one loop); below a group with several, child by child.
const DeciderDef* FirstActiveBehavior(const std::byte* region, const DeciderDef& top, std::uint32_t base, int depth) {
  for (const DeciderDef* d = &top;; ++depth) {
    if (d->kind == DeciderKind::Behavior) return d;
    if (d->kind != DeciderKind::Group || depth + 1 >= kMaxTreeDepth) return nullptr;
    const std::byte* slot = region + base + d->data->slotOffset;
    if (!HasSideBySideChildren(d->policy)) {  // one child at most, at the group's base: no mask to build
      const std::uint8_t active = reinterpret_cast<const SlotHeader*>(slot)->activeChild;
      if (active >= d->childCount) return nullptr;
      d = d->children[active];
      continue;
    }
    std::uint64_t mask = ChildSetOf(slot).active & AllChildren(*d);
    if (mask == 0) return nullptr;
    ChildBases childBase(*d);
    if (!OneBit(mask)) {
      for (; mask != 0; mask &= mask - 1) {
        const int i = std::countr_zero(mask);
        if (const DeciderDef* found = FirstActiveBehavior(region, *d->children[i], base + childBase(i), depth + 1))
          return found;
      }
      return nullptr;
    }
    const int i = std::countr_zero(mask);
    base += childBase(i);
    d = d->children[i];
  }
}

namespace {

Result TickPolicy(TickState& t, const DeciderDef& g, std::uint32_t base, bool isNew, int depth) {
  ClassicGroup c(t, g, base, depth);
  switch (g.policy) {
    case GroupPolicy::Sequence: return TickSequence(c, g, isNew);
    case GroupPolicy::Fallback: return TickFallback(c, g, isNew);
    case GroupPolicy::Selector: return TickSelector(c, isNew);
    case GroupPolicy::Concurrent: return TickConcurrent(c);
    case GroupPolicy::Parallel: return TickParallel(c, g, isNew);
    case GroupPolicy::Decorator: return TickDecorator(c, g);
    case GroupPolicy::Loop: return TickLoop(c, g, isNew, Result::Done);
    case GroupPolicy::LoopUntilSuccess: return TickLoop(c, g, isNew, Result::Failed);
    case GroupPolicy::Cooldown: return TickCooldown(c, t, g);
    case GroupPolicy::RandomGate: return TickRandomGate(c, t, g, isNew);
    case GroupPolicy::Priority: return TickPriority(t, g, base, isNew, depth);
    case GroupPolicy::SelectionStateMachine: return TickSelectionStateMachine(t, g, base, isNew, depth);
    case GroupPolicy::GroupScope: return TickGroupScope(t, g, base, isNew, depth);
    case GroupPolicy::StateMachine: return TickStateMachine(t, g, base, isNew, depth);
    default: return Result::Failed;  // not a classic policy: InitializeTreeData marks none other
  }
}

}  // namespace

namespace {
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
}  // namespace

bool ClassicSlotFits(const std::byte* slot, const DeciderDef& g) { return SlotFits(slot, g); }

// Straight down the classic groups with one child active in one loop, as
// FindDamage does the Spore ones; below a group with several, child by child.
const DeciderDef* FindClassicDamage(const std::byte* region, const DeciderDef& g, std::uint32_t base,
                                    std::uint32_t* damagedBase) {
  for (const DeciderDef* d = &g;;) {  // a classic group
    const std::byte* slot = region + base + d->data->slotOffset;
    if (!SlotFits(slot, *d)) [[unlikely]] {
      if (damagedBase != nullptr) *damagedBase = base;
      return d;
    }
    const DeciderDef* next;
    if (!HasSideBySideChildren(d->policy)) {  // one child at most, at the group's base: no mask to build
      const std::uint8_t active = reinterpret_cast<const SlotHeader*>(slot)->activeChild;
      if (active >= d->childCount) return nullptr;  // none active (SlotFits let only kNoChild past)
      next = d->children[active];
    } else {
      std::uint64_t mask = ChildSetOf(slot).active;  // within its children (SlotFits)
      if (mask == 0) return nullptr;
      ChildBases childBase(*d);
      if (!OneBit(mask)) {
        for (; mask != 0; mask &= mask - 1) {
          const int i = std::countr_zero(mask);
          if (const DeciderDef* damaged = FindDamage(region, *d->children[i], base + childBase(i), damagedBase))
            return damaged;
        }
        return nullptr;
      }
      const int i = std::countr_zero(mask);
      base += childBase(i);
      next = d->children[i];
    }
    const DeciderDef& child = *next;
    if (child.kind != DeciderKind::Group || !IsClassicPolicy(child.policy)) return FindDamage(region, child, base, damagedBase);
    d = &child;
  }
}

Result TickClassicGroup(TickState& t, const DeciderDef& g, std::uint32_t base, bool isNew, int depth) {
  // A group starting anew has no child active: StartSlot cleared the SlotHeader,
  // and the ChildSet after it may hold what a sibling's memory left there.
  if (isNew && HasSideBySideChildren(g.policy)) ChildSetOf(SlotBytes(t, g, base)) = {0, 0};
  if (g.behavior != nullptr) {
    const Result result = TickGroupBehavior(t, g, base, isNew, depth);
    if (result != Result::Running) {  // a group behavior that ends ends its group
      t.runningGroup = nullptr;
      return result;
    }
  }
  const Result result = TickPolicy(t, g, base, isNew, depth);
  // The running behavior is looked up as the tick ends (RunningBehavior).
  t.runningGroup = result == Result::Running ? &g : nullptr;
  t.runningGroupBase = base;
  t.runningGroupDepth = depth;
  return result;
}

Result StartClassicChild(TickState& t, const DeciderDef& g, std::uint32_t base, int i, int depth) {
  return ClassicGroup(t, g, base, depth).Start(i);
}

void EndClassicChild(TickState& t, const DeciderDef& g, std::uint32_t base, int i, const char* why, int depth) {
  ClassicGroup(t, g, base, depth).End(i, why);
}

}  // namespace bt::detail
