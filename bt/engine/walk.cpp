// bt/engine/walk.cpp — the reference tick's walk: deciding, the policies' choices,
// starting and ending deciders, and the transitions of the walk (a new decider,
// an interruption, a masked redecide). Its steady part, taken every tick, is
// inline in bt/engine/detail/steady_walk.h; the tick's entry is bt/engine/tick.cpp.
//
// Index
//   [SECTION] Memory access    — contexts, blocks constructed and destroyed
//   [SECTION] Deciding         — preconditions, Decide, delegation
//   [SECTION] The Spore rules' accessor — SporeGroup: how spore_rules.h reaches a group's children
//   [SECTION] Policies         — how each group chooses a child
//   [SECTION] Activation       — starting and stopping deciders, deepest first
//   [SECTION] Ticking          — new deciders, interruptions, masked redecides

#include <bit>
#include <cstring>

#include "bt/core/classic.h"
#include "bt/core/debug_output.h"
#include "bt/core/layout.h"
#include "bt/core/tree.h"
#include "bt/engine/detail/evaluate.h"
#include "bt/engine/detail/spore_rules.h"
#include "bt/engine/detail/steady_walk.h"
#include "bt/engine/detail/tick_debug.h"
#include "bt/engine/detail/walk.h"
#include "bt/engine/detail/weighted_pick.h"
#include "bt/engine/detail/why_record.h"

namespace bt::detail {

// =============================================================== [SECTION] Tick state
// TickState and Choice are in bt/engine/detail/tick_state.h, shared with the compiled tick.

// =============================================================== [SECTION] Memory access
// SlotBytes, Slot and BehaviorMemory are inline in bt/engine/detail/tick_state.h.



void ConstructBlock(const BlockType& block, void* at) {
  if (block.size == 0) return;
  if (block.construct) block.construct(at);
  else std::memset(at, 0, block.size);
}

void DestroyBlock(const BlockType& block, void* at) {
  if (block.size != 0 && block.destroy) block.destroy(at);  // only what ConstructBlock constructed
}


// =============================================================== [SECTION] Deciding

// EvaluateInline (bt/engine/detail/evaluate.h) is the common case; EvaluateWithChecks
// out of line, so that case inlines into the loops that call it.

// DelegateDecideToChildren: the group accepts if any child would. Children's
// Decides run now and again when the group chooses. Their timers are checked but
// left as they were: started here, they would make the child reject the choice
// that follows in the same tick.
// A SelectionStateMachine asks only the state it would select.
bool AnyChildAccepts(TickState& t, const DeciderDef& g, int depth) {
  alignas(kMaxAlignment) std::byte scratch[kMaxDBlockBytes > 0 ? kMaxDBlockBytes : 1];
  const int only = g.policy == GroupPolicy::SelectionStateMachine ? SelectionStateMachineTarget(t, g, depth) : -1;
  for (int i = 0; i < g.childCount; ++i) {
    if (only >= 0 && i != only) continue;
    const DeciderDef& child = *g.children[i];
    float* timer = child.preconditions.timerSeconds > 0 ? &Timers(t)[child.data->timerIndex] : nullptr;
    const float lastDecide = timer ? *timer : 0;
    const bool accepts = Evaluate(t, child, scratch, TimerUse::kCheck, depth + 1) > 0;
    if (timer) *timer = lastDecide;
    if (accepts) return true;
  }
  return false;
}

void NoteDecided(TickState& t, const DeciderDef& d, float value, [[maybe_unused]] int depth) {
  BT_DEBUG_COLD(t, 5, DebugDecided(t, d, value, depth));
  BT_WHY(t, WhyDecided(t, d, value > 0 ? value : 0.0f, depth));
}

float Evaluate(TickState& t, const DeciderDef& d, std::byte* dblock, TimerUse timer, int depth) {
  return EvaluateInline<true>(t, d, dblock, timer, depth);
}

// How the evaluation rule (spore::Evaluate) reaches a decider with checks in the
// reference tick: through its definition, with the debug and why hooks.
struct CheckedDecider {
  TickState& t;
  const DeciderDef& d;
  int depth;

  bool DecisionPasses() const { return d.preconditions.decision.Passes(t.decisionFlags); }
  bool StimuliPasses() const { return d.preconditions.stimuli.Passes(t.stimuliFlags); }
  bool TimerPasses(TimerUse timer) {
    const float seconds = d.preconditions.timerSeconds;
    return !(seconds > 0) || detail::TimerPasses(t, d, Timers(t)[d.data->timerIndex], seconds, timer);
  }
  void ConstructDBlock(std::byte* dblock) { ConstructBlock(d.dblock, dblock); }
  float Decide(std::byte* dblock) {
    if (!d.decide) return 1.0f;
    t.decider = &d;
    return d.decide(t.agent, dblock, t);
  }
  bool ChildrenAccept() {
    return !(d.flags & kDelegateDecideToChildren) || d.kind != DeciderKind::Group || depth + 1 >= kMaxTreeDepth ||
           AnyChildAccepts(t, d, depth);
  }
  void NoteRejected([[maybe_unused]] spore::Precondition failed) {
    BT_DEBUG_COLD(t, 5,
                  DebugRejected(t, d,
                                failed == spore::Precondition::Decision  ? DebugCheck::Decision
                                : failed == spore::Precondition::Stimuli ? DebugCheck::Stimuli
                                                                         : DebugCheck::Timer,
                                depth));
    BT_WHY(t, WhyRejected(t, d,
                          failed == spore::Precondition::Decision  ? WhyReject::DecisionFlags
                          : failed == spore::Precondition::Stimuli ? WhyReject::StimuliFlags
                                                                   : WhyReject::Timer,
                          depth));
  }
  void NoteDecided([[maybe_unused]] float value) {
    BT_DEBUG_COLD(t, 5, DebugDecided(t, d, value, depth));
    BT_WHY(t, WhyDecided(t, d, value > 0 ? value : 0.0f, depth));
  }
};

[[gnu::noinline]] float EvaluateWithChecks(TickState& t, const DeciderDef& d, std::byte* dblock, TimerUse timer,
                                            int depth) {
  CheckedDecider c{t, d, depth};
  return spore::Evaluate(c, dblock, timer);
}

// =============================================================== [SECTION] The Spore rules' accessor

static bool DeactivateChild(TickState& t, const DeciderDef& g, std::uint32_t base, int depth, const char* why);
void StartChild(TickState& t, const DeciderDef& g, std::uint32_t base, const Choice& choice);
void ChooseShuffle(TickState& t, const DeciderDef& g, std::uint32_t base, std::uint64_t mask, Choice& out, int depth);
std::uint8_t* ShuffleOrder(TickState& t, const DeciderDef& g, std::uint32_t base);

// How the Spore rules (bt/engine/detail/spore_rules.h) reach the children of
// group g (at base) in the reference tick: through the definition's pointers,
// with the debug output and why-record hooks.
struct SporeGroup {
  TickState& t;
  const DeciderDef& g;
  std::uint32_t base;
  int depth;

  GroupPolicy Policy() const { return g.policy; }
  std::uint32_t Flags() const { return g.flags; }
  int Count() const { return g.childCount; }

  // A child as the choices evaluate it: inline, its timer checked.
  struct Child {
    TickState& t;
    const DeciderDef& d;
    int depth;
    [[gnu::always_inline]] float Evaluate(std::byte* dblock) {
      return EvaluateInline<true>(t, d, dblock, TimerUse::kCheck, depth + 1);
    }
    std::uint32_t DBlockSize() const { return d.dblock.size; }
  };
  template <class F>
  [[gnu::always_inline]] void ForChildrenUntil(int from, int end, F&& f) {
    const DeciderDef* const* children = g.children;  // held across the Decides (a call may write anywhere)
    for (int i = from; i < end; ++i)
      if (f(i, Child{t, *children[i], depth})) return;
  }
  std::uint32_t NextRandom() { return detail::NextRandom(t, g); }
  int ChooseShuffle(std::uint64_t mask, Choice& out) {
    detail::ChooseShuffle(t, g, base, mask, out, depth);
    return out.index;
  }
  int Active() { return Slot(t, g, base).activeChild; }
  bool Stopped() const { return t.error != Status::Running; }
  bool MayRedecide() {
    if (++t.redecides <= t.redecideLimit) return true;
    Fail(t, Status::RedecideLimit, g);
    return false;
  }
  bool StillAccepts(Choice& choice) { return Evaluate(t, g, choice.dblock, TimerUse::kRestart, depth) > 0; }
  void Choose(std::uint64_t mask, Choice& out) { detail::Choose(t, g, base, mask, out, depth); }
  void NewRound() {
    if (g.policy != GroupPolicy::Shuffle) return;
    Reshuffle(t, g, base);
    BT_WHY(t, WhyNewRound(t, g, ShuffleOrder(t, g, base), depth));
  }
  bool ActivePathFits() { return t.pathChecked || OldPathFits(t, *g.children[Active()], base); }
  bool DeactivateActive(const char* why) { return DeactivateChild(t, g, base, depth, why); }
  Result StartChild(const Choice& choice) {
    detail::StartChild(t, g, base, choice);
    return TickDecider(t, *g.children[choice.index], base, true, depth + 1);
  }
  Result Redecide(Result result) { return RedecideAfter(t, g, base, result, depth); }

  [[gnu::always_inline]] void NoteOffer([[maybe_unused]] int i, [[maybe_unused]] float value,
                                        [[maybe_unused]] double total, [[maybe_unused]] bool drew,
                                        [[maybe_unused]] std::uint32_t draw, [[maybe_unused]] bool taken) {
    BT_WHY(t, WhyOffer(t, g, i, value, total, drew, draw, taken, depth));
  }
  [[gnu::always_inline]] void NoteRedecide([[maybe_unused]] int active, [[maybe_unused]] Result result,
                    [[maybe_unused]] std::uint64_t mask) {
    BT_DEBUG_OUT(t, 4, depth, "child %d %s/0x%x returned %s: %s/0x%x redecides without it", active,
                 g.children[active]->name, g.children[active]->data->id, ResultName(result), g.name, g.data->id);
    BT_DEBUG_COLD(t, 5, DebugProcessing(t, g, false, mask, true, depth));
    BT_WHY(t, WhyRedecide(t, g, active, result, mask, depth));
  }
  [[gnu::always_inline]] void NoteChoseAfter([[maybe_unused]] const Choice& choice) {
    BT_WHY(t, WhyChose(t, g, choice.index, -1, depth));
  }
  [[gnu::always_inline]] void NoteTransit([[maybe_unused]] Result result, [[maybe_unused]] int active,
                                          [[maybe_unused]] int index) {
    BT_WHY(t, WhyTransit(t, result == Result::Done ? WhyCause::Done : WhyCause::Failed, g, g.children[active],
                         g.children[index]));
  }
  [[gnu::always_inline]] void NoteInterrupt([[maybe_unused]] int index) {
    [[maybe_unused]] const int active = Active();
    BT_DEBUG_OUT_TRANSITION(t, 2, depth, "%s/0x%x interrupts %s/0x%x", g.children[index]->name,
                            g.children[index]->data->id, g.children[active]->name, g.children[active]->data->id);
    BT_WHY(t, WhyInterrupt(t, g, index, active, depth));
    BT_WHY(t, WhyTransit(t, WhyCause::Interrupted, g, g.children[active], g.children[index]));
  }
};

// =============================================================== [SECTION] Policies
// Each chooses among the children not in `mask`. What a policy re-decides while a
// child is active (its hysteresis) is spore::ChooseAbove, which TickActivePath calls.

bool Masked(std::uint64_t mask, int i) { return (mask >> i) & 1u; }

std::uint32_t NextRandom(TickState& t, const DeciderDef& g) {
  if (g.random) return g.random(t.agent);
  return NextBlockRandom(*t.header);
}

// PrioritizedList, Sequential, Scored and Random choose by the rules of
// bt/engine/detail/spore_rules.h (Choose, below, through SporeGroup).

// Shuffle: the order after the slot header holds a permutation; positions before
// the cursor have run this round. A new round (a fresh permutation) begins when
// the group activates and when no child left in the round accepts.
std::uint8_t* ShuffleOrder(TickState& t, const DeciderDef& g, std::uint32_t base) {
  return reinterpret_cast<std::uint8_t*>(SlotBytes(t, g, base) + sizeof(SlotHeader));
}

void Reshuffle(TickState& t, const DeciderDef& g, std::uint32_t base) {
  std::uint8_t* order = ShuffleOrder(t, g, base);
  for (int i = 0; i < g.childCount; ++i) order[i] = static_cast<std::uint8_t>(i);
  for (int i = g.childCount - 1; i > 0; --i) {  // Fisher-Yates
    const int j = static_cast<int>(NextRandom(t, g) % static_cast<std::uint32_t>(i + 1));
    const std::uint8_t swap = order[i];
    order[i] = order[j];
    order[j] = swap;
  }
  Slot(t, g, base).cursor = 0;
}

void ChooseShuffle(TickState& t, const DeciderDef& g, std::uint32_t base, std::uint64_t mask, Choice& out,
                   int depth) {
  std::uint8_t* order = ShuffleOrder(t, g, base);
  SlotHeader& slot = Slot(t, g, base);
  for (int round = 0; round < 2; ++round) {
    for (int k = slot.cursor; k < g.childCount; ++k) {
      const int i = order[k];
      if (Masked(mask, i)) continue;
      if (!(EvaluateInline<true>(t, *g.children[i], out.dblock, TimerUse::kCheck, depth + 1) > 0)) {
        mask |= 1ull << i;  // one Decide per child per choice, even across the new round
        continue;
      }
      order[k] = order[slot.cursor];  // move the chosen child into the ran-this-round part
      order[slot.cursor] = static_cast<std::uint8_t>(i);
      ++slot.cursor;
      out.index = i;
      return;
    }
    if (slot.cursor == 0) return;  // nothing has run this round: a new one would not help
    Reshuffle(t, g, base);
    BT_WHY(t, WhyNewRound(t, g, order, depth));
  }
}

// A fresh choice over all children not masked, as on activation or after a redecide.
void Choose(TickState& t, const DeciderDef& g, std::uint32_t base, std::uint64_t mask, Choice& out, int depth) {
  SporeGroup c{t, g, base, depth};
  out.index = spore::Choose(c, mask, out);
  BT_DEBUG_COLD(t, 5,
                DebugChose(t, g, out.index,
                           g.policy == GroupPolicy::Shuffle && out.index >= 0 ? Slot(t, g, base).cursor - 1 : -1, depth));
  BT_WHY(t, WhyChose(t, g, out.index,
                     g.policy == GroupPolicy::Shuffle && out.index >= 0 ? Slot(t, g, base).cursor - 1 : -1, depth));
}

// =============================================================== [SECTION] Activation

// Starts d's slot from now, with the DBlock its Decide filled, no child active,
// and its behavior's memory constructed, before its group marks it active
// (the order of bt/engine/detail/walk.h). TickDecider activates it and ticks it next.
void StartSlot(TickState& t, const DeciderDef& d, std::uint32_t base, const std::byte* dblock) {
  SlotHeader& slot = Slot(t, d, base);
  slot.activatedAt = t.blockTime;
  slot.activeChild = kNoChild;
  slot.cursor = 0;
  // Children side by side: their set may hold what a sibling's memory left there.
  if (d.kind == DeciderKind::Group && HasSideBySideChildren(d.policy)) ChildSetOf(SlotBytes(t, d, base)) = {0, 0};
  if (d.dblock.size != 0) std::memcpy(SlotBytes(t, d, base) + d.data->dblockOffset, dblock, d.dblock.size);
  if (d.behavior != nullptr) ConstructBlock(d.behavior->memory, BehaviorMemory(t, d, base));
}

void StartChild(TickState& t, const DeciderDef& g, std::uint32_t base, const Choice& choice) {
  StartSlot(t, *g.children[choice.index], base, choice.dblock);
  Slot(t, g, base).activeChild = static_cast<std::uint8_t>(choice.index);
}

// Deactivates d and everything active below it, deepest first.
void Deactivate(TickState& t, const DeciderDef& d, std::uint32_t base, int depth) {
  SlotHeader& slot = Slot(t, d, base);
  if (d.kind == DeciderKind::Group && HasSideBySideChildren(d.policy)) [[unlikely]] {
    // Children active side by side (bt/core/classic.h), in order; each unmarked first,
    // so a Deactivate that stops the agent leaves no child to deactivate twice.
    ChildSet& set = ChildSetOf(SlotBytes(t, d, base));
    set.active &= AllChildren(d);  // bits past its children are damage: there is nothing there to call
    ChildBases childBase(d);
    while (set.active != 0) {
      const int i = std::countr_zero(set.active);
      set.active &= set.active - 1;
      Deactivate(t, *d.children[i], base + childBase(i), depth + 1);
    }
  } else if (d.kind == DeciderKind::Group && slot.activeChild != kNoChild) {
    // Off the path before its Deactivates (the order of bt/engine/detail/walk.h).
    const std::uint8_t active = slot.activeChild;
    slot.activeChild = kNoChild;
    // A path the tick did not walk (it ended early) may be damaged: what lies
    // below a damaged group cannot be known and is not called.
    if (active < d.childCount &&
        (d.policy != GroupPolicy::Shuffle || ShuffleOrderFits(SlotBytes(t, d, base), d.childCount))) [[likely]]
      Deactivate(t, *d.children[active], base, depth + 1);
    else
      Fail(t, Status::CorruptMemory, d);
  }
  if (d.kind == DeciderKind::Group && d.policy == GroupPolicy::GroupScope) [[unlikely]]
    LeaveGroupScope(t, d, base);  // after its child, as MBT's GroupScope terminates its child first
  if (const BehaviorDef* b = d.behavior) {
    void* memory = BehaviorMemory(t, d, base);
    BT_DEBUG_OUT_TRANSITION(t, 2, depth, "deactivating behavior %s/0x%x, in decider %s/0x%x (%s)", b->name,
                            NameId(b->name), d.name, d.data->id, t.deactivation);
    if (b->deactivate) b->deactivate(t.agent, memory, MakeContext(t, d, base));
    DestroyBlock(b->memory, memory);
  }
}

// =============================================================== [SECTION] Ticking
// The steady path (no transition: hysteresis Decides, then the active child's
// Tick) is kept short; transitions and debug output go to out-of-line functions.

// Activates d's behavior, its memory constructed by StartSlot, and ticks it.
[[gnu::noinline]] static Result ActivateAndTick(TickState& t, const DeciderDef& d, std::uint32_t base, void* memory,
                                                [[maybe_unused]] int depth) {  // for debug output
  const BehaviorDef* b = d.behavior;
  BT_DEBUG_OUT_TRANSITION(t, 1, depth, "activating behavior %s/0x%x with flags 0x%x, in decider %s/0x%x", b->name,
                          NameId(b->name), d.behaviorFlags, d.name, d.data->id);
  if (b->activate && !b->activate(t.agent, memory, MakeContext(t, d, base))) {
    BT_WHY(t, WhyActivateFailed(t, d, depth));
    return Result::Failed;
  }
  BT_DEBUG_COLD(t, 3, DebugTickBehavior(t, d, base, depth));
  return CallTick(t, d, base, memory);
}

Result TickGroupBehavior(TickState& t, const DeciderDef& g, std::uint32_t base, bool isNew, int depth) {
  if (g.behavior == nullptr) return Result::Running;
  if (isNew) return ActivateAndTick(t, g, base, BehaviorMemory(t, g, base), depth);
  return RunBehavior<true>(t, g, base, depth);
}

bool Recheck(TickState& t, const DeciderDef& d, int depth) {
  alignas(kMaxAlignment) std::byte scratch[kMaxDBlockBytes > 0 ? kMaxDBlockBytes : 1];  // the DBlock it holds stays
  if (Evaluate(t, d, scratch, TimerUse::kRestart, depth) > 0) return true;
  BT_DEBUG_OUT(t, 4, depth, "%s/0x%x no longer accepts: it fails", d.name, d.data->id);
  return false;
}

// A decider StartSlot just made active: its behavior (a group's first) is
// activated and ticked, and a group chooses its first child.
template <bool kDebug>
static Result TickNewDecider(TickState& t, const DeciderDef& d, std::uint32_t base, int depth) {
  BT_DEBUG_STEADY(t, 4, DebugVisit(t, d, base, true, depth));
  if (d.kind == DeciderKind::Group) BT_WHY_STEADY(t, WhyVisit(t, d, true, -1, depth));
  if (d.kind == DeciderKind::Behavior) {
    if (d.behavior == nullptr) return Result::Failed;  // rejected by InitializeTreeData
    t.runningDecider = &d;  // as in TickActivePath
    return ActivateAndTick(t, d, base, BehaviorMemory(t, d, base), depth);
  }
  if (d.data->walk & kWalkClassic) [[unlikely]]
    return TickClassicGroup(t, d, base, true, depth);
  if (d.behavior != nullptr) [[unlikely]] {
    const Result result = ActivateAndTick(t, d, base, BehaviorMemory(t, d, base), depth);
    if (result != Result::Running) return result;  // a group behavior that ends ends its group
  }
  return StartGroup(t, d, base, depth);
}

Result TickDecider(TickState& t, const DeciderDef& d, std::uint32_t base, bool isNew, int depth) {
  if (isNew) return DebugOn(t) ? TickNewDecider<true>(t, d, base, depth) : TickNewDecider<false>(t, d, base, depth);
  // The two steps a classic group's child most often is, taken as the walk takes
  // them but without entering its loop (a classic group ticks its children one by one).
  if (!DebugOn(t)) [[likely]] {
    const std::uint8_t walk = d.data->walk;
    if (walk == 0 && d.kind == DeciderKind::Behavior) return TickActiveBehavior<false>(t, d, base, depth);
    if ((walk & ~kWalkCheckedChildren) == kWalkClassic) return TickActiveClassic(t, d, base, depth);
  }
  return TickActive(t, d, base, depth);
}

// Deactivates g's active child. False when the tick is ending (a Deactivate
// stopped the agent): g is left without an active child, and nothing new starts.
static bool DeactivateChild(TickState& t, const DeciderDef& g, std::uint32_t base, int depth, const char* why) {
  SlotHeader& slot = Slot(t, g, base);
  t.deactivation = why;
  const int active = slot.activeChild;
  slot.activeChild = kNoChild;  // off the path before its Deactivates (the order of bt/engine/detail/walk.h)
  Deactivate(t, *g.children[active], base, depth + 1);
  return t.error == Status::Running;
}

Result Interrupt(TickState& t, const DeciderDef& g, std::uint32_t base, const Choice& choice, int depth) {
  SporeGroup c{t, g, base, depth};
  return spore::Interrupt(c, choice);
}

Result RedecideAfter(TickState& t, const DeciderDef& g, std::uint32_t base, Result result, int depth) {
  SporeGroup c{t, g, base, depth};
  return spore::RedecideAfter(c, result);
}

// A newly activated group's first choice, with its first tick.
[[gnu::noinline]] Result StartGroup(TickState& t, const DeciderDef& g, std::uint32_t base, int depth) {
  SporeGroup c{t, g, base, depth};
  return spore::StartGroup(c);
}

}  // namespace bt::detail
