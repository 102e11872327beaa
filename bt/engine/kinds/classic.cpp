// bt/engine/kinds/classic.cpp — the classic group policies (bt/core/classic.h) in the
// reference engine.
//
// The walk of bt/engine/tick.cpp hands a classic group here, new or active since an
// earlier tick; its children are ticked through the same TickDecider, so Spore
// groups and classic ones nest freely. The rules shared with the compiled tick
// are in bt/engine/detail/classic_rules.h, run here with ClassicGroup, which reaches
// the children through the definition; the others are here: Cooldown
// (Unvanquished `timer(ms)`), RandomGate (MBT RandomGate), and those with files
// of their own (Priority, the state machines, GroupScope).
//
// Unvanquished keeps no state in its nodes but one running path per bot, which
// outlives the groups: kResumeOnRunningPath runs it (bt/core/running_path.h); what
// every child returns is noted on it here (ClassicGroup::Noted). Unvanquished
// actions have no Activate/Deactivate: bt's mark when a leaf joins and leaves
// the active path.

#include <algorithm>
#include <bit>

#include "bt/core/classic.h"
#include "bt/core/debug_output.h"
#include "bt/engine/detail/classic_rules.h"
#include "bt/engine/detail/evaluate.h"
#include "bt/engine/detail/walk.h"
#include "bt/engine/detail/weighted_pick.h"
#include "bt/engine/detail/why_record.h"
#include "bt/core/running_path.h"

namespace bt::detail {
namespace {

// One classic group during its tick: its children, where each lies, and which are active.
class ClassicGroup {
 public:
  ClassicGroup(TickState& t, const DeciderDef& g, std::uint32_t base, int depth)
      : t_(t), g_(g), base_(base), depth_(depth), slot_(SlotBytes(t, g, base)) {}

  bool Stopped() const { return t_.error != Status::Running; }
  int Count() const { return g_.childCount; }
  GroupPolicy Policy() const { return g_.policy; }
  std::uint32_t Flags() const { return g_.flags; }
  const NodeConfig& Config() const { return g_.config; }
  std::uint64_t AllChildren() const { return detail::AllChildren(g_); }
  bool HasBehavior() const { return g_.behavior != nullptr; }
  Result TickBehavior(bool isNew) { return TickGroupBehavior(t_, g_, base_, isNew, depth_); }
  bool SideBySide() const { return sideBySide_; }
  const DeciderDef* FirstActiveBehavior() const { return detail::FirstActiveBehavior(t_.region, g_, base_, depth_); }
  void ReportRunning(const DeciderDef* behavior) { t_.runningDecider = behavior; }
  Result TickOther(bool isNew);  // the policies of this file and of their own files
  SlotHeader& Header() { return *reinterpret_cast<SlotHeader*>(slot_); }
  ChildSet& Set() { return ChildSetOf(slot_); }
  LoopCount& Loops() { return *reinterpret_cast<LoopCount*>(slot_ + sizeof(SlotHeader)); }

  bool IsActive(int i) { return sideBySide_ ? (Set().active >> i) & 1u : Header().activeChild == i; }
  // The single active child of a group whose children share their memory, or -1.
  int Active() {
    const std::uint8_t active = Header().activeChild;
    return active < g_.childCount ? active : -1;
  }

  // Child i, checked (its preconditions and Decide), activated and ticked; one
  // that rejects is failed and never activated.
  // Inline as far as the Decide (the root of a Selector checks most of its
  // children every tick, and most reject); the activation out of line.
  [[gnu::always_inline]] Result Start(int i, int later = -1) {
    if (t_.classicExtras) [[unlikely]]
      if (!CountRuleRun(i)) return Result::Failed;
    Choice choice;
    if (!(EvaluateInline<true>(t_, *g_.children[i], choice.dblock, TimerUse::kCheck, depth_ + 1) > 0) ||
        Stopped()) {
      if (Traced()) [[unlikely]]
        TraceEnd(i, "rejects: it fails");
      return Result::Failed;
    }
    return Activate(i, choice, later);
  }
  // Child i started while child `later`, active since an earlier tick, is not
  // yet walked: later's old path is checked once i accepts, before i is activated.
  [[gnu::always_inline]] Result StartAhead(int i, int later) { return Start(i, later); }
  // Child i, active since an earlier tick (or earlier in this one), ticked. A
  // path checked whole below it (kWalkChecksPath) is that path only: the
  // group's other children are checked as the walk reaches them.
  Result Continue(int i) {
    if (Traced()) [[unlikely]]
      TraceContinue(i);
    const bool checked = t_.pathChecked;
    const Result result = TickDecider(t_, *g_.children[i], BaseOf(i), false, depth_ + 1);
    t_.pathChecked = checked;
    return Noted(i, result);
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

  // One more rule run (bt/core/classic.h) when child i counts them; false, the tick
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

  // Child i, which accepted with choice's DBlock, activated and ticked (after
  // the check of child later's old path, if one: StartAhead).
  [[gnu::noinline]] Result Activate(int i, const Choice& choice, int later) {
    if (later >= 0 && IsActive(later) && !t_.pathChecked && !OldPathFits(t_, *g_.children[later], BaseOf(later)))
      return Result::Failed;
    if (Traced()) [[unlikely]]
      TraceStart(i);
    const DeciderDef& child = *g_.children[i];
    const std::uint32_t base = BaseOf(i);
    StartSlot(t_, child, base, choice.dblock);
    Mark(i);
    return Noted(i, TickDecider(t_, child, base, true, depth_ + 1));
  }
  // What child i returned, noted on the tree's running path when it keeps one (bt/core/running_path.h).
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
      DebugContinuingChild(t_, *g_.children[i], i, Slot(t_, g_, base_).activatedAt, depth_);
#endif
    BT_WHY(t_, WhyContinue(t_, g_, i, depth_));
  }
  [[gnu::noinline]] void TraceEnd(int i, const char* why) {
    BT_DEBUG_OUT(t_, 4, depth_, "%s/0x%x: child %d %s/0x%x %s", g_.name, g_.data->id, i, g_.children[i]->name,
                 g_.children[i]->data->id, why);
    BT_WHY(t_, WhyEnd(t_, g_, i, why, depth_));
  }
  void Mark(int i) {
    if (sideBySide_) Set().active |= std::uint64_t{1} << i;
    else Header().activeChild = static_cast<std::uint8_t>(i);
  }
  void Unmark(int i) {
    if (sideBySide_) Set().active &= ~(std::uint64_t{1} << i);
    else Header().activeChild = kNoChild;
  }

  TickState& t_;
  const DeciderDef& g_;
  std::uint32_t base_;
  int depth_;
  std::byte* slot_;
  const bool sideBySide_ = HasSideBySideChildren(g_.policy);  // asked at every step: read once
  ChildBases childBase_{g_, sideBySide_};
};

// The child ticked only once config.seconds have passed since it last failed
// (its time kept in the group's timer, which outlives the group); failed before.
// Strictly past the deadline, as Unvanquished BotDecoratorTimer (level.time > deadline).
Result TickCooldown(ClassicGroup& c, TickState& t, const DeciderDef& g) {
  float& lastFailure = Timers(t)[g.data->timerIndex];
  if (!TimerFits(t, g, lastFailure)) [[unlikely]] {
    c.End(0, "its timer is damaged");
    return Result::Failed;
  }
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

Result ClassicGroup::TickOther(bool isNew) {
  TickState& t = t_;
  const DeciderDef& g = g_;
  switch (g.policy) {
    case GroupPolicy::Cooldown: return TickCooldown(*this, t, g);
    case GroupPolicy::RandomGate: return TickRandomGate(*this, t, g, isNew);
    case GroupPolicy::Priority: return TickPriority(t, g, base_, isNew, depth_);
    case GroupPolicy::SelectionStateMachine: return TickSelectionStateMachine(t, g, base_, isNew, depth_);
    case GroupPolicy::GroupScope: return TickGroupScope(t, g, base_, isNew, depth_);
    case GroupPolicy::StateMachine: return TickStateMachine(t, g, base_, isNew, depth_);
    default: return Result::Failed;  // not a classic policy: InitializeTreeData marks none other
  }
}

}  // namespace

bool ClassicSlotFits(const std::byte* slot, const DeciderDef& g) { return classic::SlotFits(slot, g); }

// Straight down the classic groups with one child active in one loop, as
// FindDamage does the Spore ones; below a group with several, child by child.
const DeciderDef* FindClassicDamage(const std::byte* region, const DeciderDef& g, std::uint32_t base,
                                    std::uint32_t* damagedBase) {
  for (const DeciderDef* d = &g;;) {  // a classic group
    const std::byte* slot = region + base + d->data->slotOffset;
    if (!classic::SlotFits(slot, *d)) [[unlikely]] {
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
  ClassicGroup c(t, g, base, depth);
  return classic::TickClassic(c, isNew);
}

Result StartClassicChild(TickState& t, const DeciderDef& g, std::uint32_t base, int i, int depth) {
  return ClassicGroup(t, g, base, depth).Start(i);
}

void EndClassicChild(TickState& t, const DeciderDef& g, std::uint32_t base, int i, const char* why, int depth) {
  ClassicGroup(t, g, base, depth).End(i, why);
}

}  // namespace bt::detail
