// bt/engine/tick.cpp — what happens in a tick, top to bottom.
//
// Index
//   [SECTION] Tick state       — what one TickBehaviorTree call carries
//   [SECTION] Memory access    — slots, behavior memory, contexts
//   [SECTION] Deciding         — preconditions, Decide, delegation
//   [SECTION] Policies         — how each group chooses a child
//   [SECTION] Activation       — starting and stopping deciders, deepest first
//   [SECTION] Ticking          — behaviors, groups, hysteresis, masked redecides
//   [SECTION] Entry points     — TickBehaviorTree, StopBehaviorTree, SeedMemory
//
// The rules (Spore S01, S04):
// - Each tick walks the active path from the root. At each prioritized-list group
//   only the Decides of the children above the active one are called; the active
//   child continues without its Decide (hysteresis). One that accepts interrupts:
//   the old path is deactivated deepest first and the new one activated.
// - A newly activated behavior is activated and ticked in the same tick; a newly
//   activated group chooses among its children at once.
// - A child that is done or failed makes its group redecide with that child masked
//   out for the rest of the tick. A group in which nothing accepts fails, and its
//   parent redecides with the group masked, up to the root.
// - A finished or failed decider stays active until the group above it has chosen
//   what replaces it, so Decides run before the old path's Deactivates.
// - A tick whose caller asks (TickOptions::wakeTime) ends by asking bt/engine/sleep.h
//   whether its next ticks would do nothing, and until when.

#include <bit>
#include <cmath>
#include <cstring>

#include "bt/core/classic.h"
#include "bt/core/debug_output.h"
#include "bt/engine/detail/classic_rules.h"
#include "bt/engine/detail/evaluate.h"
#include "bt/engine/detail/nesting.h"
#include "bt/engine/detail/walk.h"
#include "bt/engine/detail/weighted_pick.h"
#include "bt/engine/detail/variable_access.h"
#include "bt/engine/detail/why_record.h"
#include "bt/core/layout.h"
#include "bt/core/refusal.h"
#include "bt/engine/sleep.h"
#include "bt/core/tree.h"

// Debug output off the hot path: the level test stays inline and the formatting
// goes to a noinline helper, so the ticking functions keep small frames. (Not
// [[gnu::cold]]: GCC 12 then moved the code after the call to .text.unlikely too.)
// TickState::traced first: the level is read only in a tick that wants output.
#if BT_DEBUG_OUTPUT
#define BT_DEBUG_COLD(t, level, call)                                            \
  do {                                                                           \
    if ((t).traced && ::bt::detail::DebugWanted(level, (t).agent)) [[unlikely]] \
      call;                                                                      \
  } while (0)
#else
#define BT_DEBUG_COLD(t, level, call) \
  do {                                \
  } while (0)
#endif
// The steady path of the walk comes in two copies (template <bool kDebug>): one
// with the debug output checks, and one without any for the agents that have no
// debug output, whose hot functions then need no frame to survive a call.
#define BT_DEBUG_STEADY(t, level, call)                  \
  do {                                                   \
    if constexpr (kDebug) BT_DEBUG_COLD(t, level, call); \
  } while (0)
// The why-record (bt/engine/why.h) sits beside the debug output: recorded only when the
// tick has one (BT_WHY, bt/engine/detail/why_record.h), and in the steady path only in
// the kDebug copy, which a tick with a record takes (DebugOn).
#define BT_WHY_STEADY(t, call)             \
  do {                                     \
    if constexpr (kDebug) BT_WHY(t, call); \
  } while (0)

namespace bt {
namespace detail {

#if BT_DEBUG_OUTPUT
// The debug output lines of the tick's hot functions, out of line (BT_DEBUG_COLD).
// Names print as Spore S11's NAME/id pairs ("GROWL/0x2c20c22": "%s/0x%x" with the
// name and its id, DeciderData::id or NameId), and where S11 shows a line, as it shows it.

// The index of d among the children of the group at depth - 1 on the active path,
// read from the block: the walk keeps the path down to the group deciding active.
// -1 for the root, and for the children of a group not active (asked for delegation).
static int DebugChildIndex(TickState& t, const DeciderDef& d, int depth) {
  int index = -1;
  if (depth == 0 || !t.header->rootActive) return index;
  ForEachActive(t.region, *t.root, 0, 0, [&](const DeciderDef& g, std::uint32_t, int at) {
    for (int i = 0; index < 0 && at == depth - 1 && g.kind == DeciderKind::Group && i < g.childCount; ++i)
      if (g.children[i] == &d) index = i;
  });
  return index;
}

// The preconditions in the order they are checked, for the evaluation line.
enum class DebugCheck { Decision, Stimuli, Timer, None };

// Spore S11's level 5 line of an evaluated decider: "child 0 (DIE/0x2d5e211)" (or
// "decider ROOT/0x..." without a group), each precondition it passed ("has no
// preconditions" when it has none), then the check it failed or its Decide's value.
[[gnu::noinline]] static void DebugEvaluated(TickState& t, const DeciderDef& d, DebugCheck failed, float value,
                                             int depth) {
  static constexpr const char* kCheckNames[] = {"DecisionFlags", "StimuliFlags", "timer"};
  const Preconditions& pre = d.preconditions;
  const bool checked[] = {pre.decision.IsSet(), pre.stimuli.IsSet(), pre.timerSeconds > 0};
  char steps[160] = "";
  std::size_t n = 0;
  const auto append = [&](const char* format, auto... args) {
    if (n >= sizeof steps) return;
    const int wrote = std::snprintf(steps + n, sizeof steps - n, format, args...);
    if (wrote > 0) n += static_cast<std::size_t>(wrote);
  };
  if (!pre.IsSet()) append("%s", "...has no preconditions");
  for (int c = 0; c < static_cast<int>(failed); ++c)
    if (checked[c]) append("...passed %s check", kCheckNames[c]);
  if (failed != DebugCheck::None) append("...failed %s check", kCheckNames[static_cast<int>(failed)]);
  else append("...%s %f", d.decide ? "Decide returned" : "no Decide, accepts with", static_cast<double>(value));
  if (const int index = DebugChildIndex(t, d, depth); index >= 0)
    BT_DEBUG_OUT(t, 5, depth, "child %d (%s/0x%x)%s", index, d.name, d.data->id, steps);
  else
    BT_DEBUG_OUT(t, 5, depth, "decider %s/0x%x%s", d.name, d.data->id, steps);
}

[[gnu::noinline]] static void DebugDecided(TickState& t, const DeciderDef& d, float value, int depth) {
  DebugEvaluated(t, d, DebugCheck::None, value, depth);
}

[[gnu::noinline]] static void DebugRejected(TickState& t, const DeciderDef& d, DebugCheck failed, int depth) {
  DebugEvaluated(t, d, failed, 0, depth);
}

// Spore S11's level 5 line before each decider is visited or redecides.
[[gnu::noinline]] static void DebugProcessing(TickState& t, const DeciderDef& d, bool isNew, std::uint64_t mask,
                                              bool redecide, int depth) {
  BT_DEBUG_OUT(t, 5, depth, "processing decider %s/0x%x, flags: 0x%x, new: %d, mask: 0x%08llx, redecide: %d, block id: 0x%08x",
               d.name, d.data->id, d.flags, isNew ? 1 : 0, static_cast<unsigned long long>(mask), redecide ? 1 : 0,
               d.data->id);
}

// Spore S11's level 5 line after a group's children decided: the child that
// accepted (RunIdx) and, in a Shuffle group, its position in the round (ShuffleIdx).
[[gnu::noinline]] static void DebugChildrenDecide(TickState& t, int runIndex, int shuffleIndex, int depth) {
  BT_DEBUG_OUT(t, 5, depth, "ChildrenDecide returned with RunIdx %d, ShuffleIdx %d", runIndex, shuffleIndex);
}

// A group's fresh choice: S11's ChildrenDecide line, then which child, by name.
[[gnu::noinline]] static void DebugChose(TickState& t, const DeciderDef& g, int index, int shuffleIndex, int depth) {
  DebugChildrenDecide(t, index, shuffleIndex, depth);
  if (index >= 0)
    BT_DEBUG_OUT(t, 5, depth, "%s/0x%x chose child %d %s/0x%x", g.name, g.data->id, index, g.children[index]->name,
                 g.children[index]->data->id);
  else
    BT_DEBUG_OUT(t, 5, depth, "%s/0x%x chose child %d (none accepts)", g.name, g.data->id, index);
}

// Spore S11's level 4 line of each decider on the walk: "visiting current kGroup
// decider ROOT/0x2d5e207, kGroupPrioritizedList, ...", S11's names of the kinds
// and policies being the kinds.def names behind "k" and "kGroup".
[[gnu::noinline]] static void DebugVisit(TickState& t, const DeciderDef& d, std::uint32_t base, bool isNew, int depth) {
  DebugProcessing(t, d, isNew, 0, false, depth);
  // "active child 1"; -1 for none (just activated, or a classic group between runs
  // of its child); "active children 0,2" for children side by side (bt/core/classic.h).
  char active[200];
  const std::uint64_t mask = isNew ? 0 : ActiveChildMask(SlotBytes(t, d, base), d);
  int n = std::snprintf(active, sizeof active, "active child %d", mask != 0 ? std::countr_zero(mask) : -1);
  if (d.kind == DeciderKind::Group && HasSideBySideChildren(d.policy) && !isNew) {
    n = std::snprintf(active, sizeof active, "active children%s", mask == 0 ? " -" : "");
    for (std::uint64_t m = mask; m != 0 && n > 0 && static_cast<std::size_t>(n) < sizeof active; m &= m - 1)
      n += std::snprintf(active + n, sizeof active - static_cast<std::size_t>(n), "%c%d", m == mask ? ' ' : ',',
                         std::countr_zero(m));
  }
  if (d.kind == DeciderKind::Group)
    BT_DEBUG_OUT(t, 4, depth, "visiting %s k%s decider %s/0x%x, kGroup%s, %d children, %s, duration %.3f",
                 isNew ? "new" : "current", DeciderKindName(d.kind), d.name, d.data->id, GroupPolicyName(d.policy),
                 d.childCount, active, detail::DebugSeconds(t.blockTime, Slot(t, d, base).activatedAt));
  else
    BT_DEBUG_OUT(t, 4, depth, "visiting %s k%s decider %s/0x%x, duration %.3f", isNew ? "new" : "current",
                 DeciderKindName(d.kind), d.name, d.data->id,
                 detail::DebugSeconds(t.blockTime, Slot(t, d, base).activatedAt));
}

// Spore S11's level 3 line of each behavior Tick: "ticking behavior IDLE_WALK/0x2c20c24
// @ 149.266829 (dt: 0.065555) with flags 0x2, duration 7.904". A behavior decider's
// only: S11's level-5 trace ticks GUARD_NEST_GROUP's group behavior without a line.
[[gnu::noinline]] static void DebugTickBehavior(TickState& t, const DeciderDef& d, std::uint32_t base, int depth) {
  if (d.kind != DeciderKind::Behavior) return;
  BT_DEBUG_OUT(t, 3, depth, "ticking behavior %s/0x%x @ %f (dt: %f) with flags 0x%x, duration %.3f", d.behavior->name,
               NameId(d.behavior->name), t.time, static_cast<double>(t.dt), d.behaviorFlags,
               detail::DebugSeconds(t.blockTime, Slot(t, d, base).activatedAt));
}

// Declared in bt/engine/detail/walk.h: the continuing line of every kind's walk.
// Its duration is the group's, as S11 shows it ("continuing child 4
// GUARD_NEST_IDLE/0x2d5e204, duration: 145.433682" under a group active 145.434 s,
// the child 7.904 s).
void DebugContinuingChild(TickState& t, const DeciderDef& child, int index, float groupActivatedAt, int depth) {
  BT_DEBUG_OUT(t, 4, depth, "continuing child %d %s/0x%x, duration: %f", index, child.name, child.data->id,
               detail::DebugSeconds(t.blockTime, groupActivatedAt));
  BT_DEBUG_OUT(t, 5, depth, "next_decider_push %s/0x%x", child.name, child.data->id);
}

[[gnu::noinline]] static void DebugContinuing(TickState& t, const DeciderDef& g, std::uint32_t base, int active,
                                              int depth) {
  DebugContinuingChild(t, *g.children[active], active, Slot(t, g, base).activatedAt, depth);
}

// Spore S11's first lines of a tick: "starting tree @ 0x00918CD0 for 0x026DBE38",
// the tree named by its root's NAME/id pair rather than an address.
[[gnu::noinline]] static void DebugBeginTick(TickState& t) {
  BT_DEBUG_OUT(t, 3, 0, "**************** starting tree %s/0x%x for %p ****************", t.root->name,
               t.root->data->id, t.agent);
  BT_DEBUG_OUT(t, 3, 0, "dt: %f, DecisionFlags: 0x%08x, StimuliAllFlags: 0x%08x", static_cast<double>(t.dt),
               t.decisionFlags, t.stimuliFlags);
}

// Spore S11's last lines of a tick: "current behavior ..." for the behavior left
// running (one line each for behaviors running side by side, bt/core/classic.h), then
// "finished tree for 0x026DBE38, depth 3" (the deciders on the active path) as S11
// writes it, then the tree's NAME/id, the tick's Status by its kinds.def name, and
// when Running, the decider whose behavior runs.
[[gnu::noinline]] static void DebugEndTick(TickState& t, Status status) {
  int pathDepth = 0;
  if (t.header->rootActive)
    ForEachActive(t.region, *t.root, 0, 0, [&](const DeciderDef& d, std::uint32_t, int depth) {
      if (depth + 1 > pathDepth) pathDepth = depth + 1;
      if (status != Status::Running || d.kind != DeciderKind::Behavior || d.behavior == nullptr) return;
      BT_DEBUG_OUT(t, 3, 0, "current behavior %s/0x%x with flags 0x%x, in decider %s/0x%x", d.behavior->name,
                   NameId(d.behavior->name), d.behaviorFlags, d.name, d.data->id);
    });
  const DeciderDef* running = status == Status::Running ? t.runningDecider : nullptr;
  if (running != nullptr)
    BT_DEBUG_OUT(t, 3, 0, "**************** finished tree for %p, depth %d: %s/0x%x %s in %s/0x%x ****************",
                 t.agent, pathDepth, t.root->name, t.root->data->id, StatusName(status), running->name,
                 running->data->id);
  else
    BT_DEBUG_OUT(t, 3, 0, "**************** finished tree for %p, depth %d: %s/0x%x %s ****************",
                 t.agent, pathDepth, t.root->name, t.root->data->id, StatusName(status));
}
#endif


// =============================================================== [SECTION] Tick state
// TickState and Choice are in bt/engine/detail/tick_state.h, shared with the compiled tick.

// =============================================================== [SECTION] Memory access
// SlotBytes, Slot and BehaviorMemory are inline in bt/engine/detail/tick_state.h.

Context MakeContext(TickState& t, const DeciderDef& d, std::uint32_t base) {
  Context c;
  c.time = t.time;
  c.dt = t.dt;
  c.activeTime = ActiveTime(t, d, Slot(t, d, base).activatedAt);  // in float, as stored: 0 when just activated
  c.behaviorFlags = d.behaviorFlags;
  c.decisionFlags = t.decisionFlags;
  c.stimuliFlags = t.stimuliFlags;
  c.decider = &d;
  c.variables = t.variables;
  c.randomState = &t.header->rng;
  if (d.dblock.size != 0) {
    c.dblock = SlotBytes(t, d, base) + d.data->dblockOffset;
    c.dblockType = d.dblock.type;
    c.dblockSize = d.dblock.size;
  }
  return c;
}


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

[[gnu::noinline]] float EvaluateWithChecks(TickState& t, const DeciderDef& d, std::byte* dblock, TimerUse timer,
                                            int depth) {
  const Preconditions& pre = d.preconditions;
  if (!pre.decision.Passes(t.decisionFlags)) {
    BT_DEBUG_COLD(t, 5, DebugRejected(t, d, DebugCheck::Decision, depth));
    BT_WHY(t, WhyRejected(t, d, WhyReject::DecisionFlags, depth));
    return 0;
  }
  if (!pre.stimuli.Passes(t.stimuliFlags)) {
    BT_DEBUG_COLD(t, 5, DebugRejected(t, d, DebugCheck::Stimuli, depth));
    BT_WHY(t, WhyRejected(t, d, WhyReject::StimuliFlags, depth));
    return 0;
  }
  if (pre.timerSeconds > 0 && !TimerPasses(t, d, Timers(t)[d.data->timerIndex], pre.timerSeconds, timer)) {
    BT_DEBUG_COLD(t, 5, DebugRejected(t, d, DebugCheck::Timer, depth));
    BT_WHY(t, WhyRejected(t, d, WhyReject::Timer, depth));
    return 0;
  }
  // A fresh DBlockT{} (member initializers included) even without a Decide: the chosen
  // child's DBlock is copied to its slot, and would otherwise carry what a sibling's
  // Decide left in the shared buffer.
  ConstructBlock(d.dblock, dblock);
  float value = 1.0f;
  if (d.decide) {
    t.decider = &d;
    value = d.decide(t.agent, dblock, t);
  }
  if (value > 0 && (d.flags & kDelegateDecideToChildren) && d.kind == DeciderKind::Group &&
      depth + 1 < kMaxTreeDepth && !AnyChildAccepts(t, d, depth))
    value = 0;
  BT_DEBUG_COLD(t, 5, DebugDecided(t, d, value, depth));
  BT_WHY(t, WhyDecided(t, d, value > 0 ? value : 0.0f, depth));
  return value > 0 ? value : 0.0f;  // NaN rejects
}

// =============================================================== [SECTION] Policies
// Each chooses among the children not in `mask`. What a policy re-decides while a
// child is active (its hysteresis) is in TickActivePath.

bool Masked(std::uint64_t mask, int i) { return (mask >> i) & 1u; }

std::uint32_t NextRandom(TickState& t, const DeciderDef& g) {
  if (g.random) return g.random(t.agent);
  return NextBlockRandom(*t.header);
}

// PrioritizedList: the first child of [0, end) that accepts.
void ChoosePrioritized(TickState& t, const DeciderDef& g, std::uint64_t mask, int end, Choice& out, int depth) {
  for (int i = 0; i < end; ++i) {
    if (Masked(mask, i)) continue;
    if (EvaluateInline<true>(t, *g.children[i], out.dblock, TimerUse::kCheck, depth + 1) > 0) {
      out.index = i;
      return;
    }
  }
}

// Sequential: the first child from `from` on that accepts; those that reject are skipped.
void ChooseSequential(TickState& t, const DeciderDef& g, int from, Choice& out, int depth) {
  const std::uint64_t before = from >= 64 ? ~0ull : (1ull << from) - 1;
  ChoosePrioritized(t, g, before, g.childCount, out, depth);
}

// Scored: every child's Decide is called; the highest value above 0 wins, ties to the earlier.
void ChooseScored(TickState& t, const DeciderDef& g, std::uint64_t mask, Choice& out, int depth) {
  alignas(kMaxAlignment) std::byte scratch[sizeof(out.dblock)];
  float best = 0;
  for (int i = 0; i < g.childCount; ++i) {
    if (Masked(mask, i)) continue;
    const DeciderDef& child = *g.children[i];
    const float value = EvaluateInline<true>(t, child, scratch, TimerUse::kCheck, depth + 1);
    if (value > best) {
      best = value;
      out.index = i;
      if (child.dblock.size != 0) std::memcpy(out.dblock, scratch, child.dblock.size);
    }
  }
}

// Random: an accepting child with probability proportional to its value, in one
// pass (weighted reservoir): the k-th acceptor replaces the choice with
// probability value / total so far. The first acceptor draws nothing.
void ChooseRandom(TickState& t, const DeciderDef& g, std::uint64_t mask, Choice& out, int depth) {
  alignas(kMaxAlignment) std::byte scratch[sizeof(out.dblock)];
  WeightedPick pick;
  for (int i = 0; i < g.childCount; ++i) {
    if (Masked(mask, i)) continue;
    const DeciderDef& child = *g.children[i];
    const float value = EvaluateInline<true>(t, child, scratch, TimerUse::kCheck, depth + 1);
    if (!(value > 0)) continue;
    std::uint32_t draw = 0;
    bool drew = false;
    const bool taken = pick.Offer(value, [&] { return drew = true, draw = NextRandom(t, g); });
    BT_WHY(t, WhyOffer(t, g, i, value, pick.total, drew, draw, taken, depth));
    if (!taken) continue;
    out.index = i;
    if (child.dblock.size != 0) std::memcpy(out.dblock, scratch, child.dblock.size);
  }
}

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
  switch (g.policy) {
    case GroupPolicy::PrioritizedList: ChoosePrioritized(t, g, mask, g.childCount, out, depth); break;
    case GroupPolicy::Random: ChooseRandom(t, g, mask, out, depth); break;
    case GroupPolicy::Shuffle: ChooseShuffle(t, g, base, mask, out, depth); break;
    case GroupPolicy::Sequential: ChooseSequential(t, g, 0, out, depth); break;
    case GroupPolicy::Scored: ChooseScored(t, g, mask, out, depth); break;
    default: break;  // the classic policies do not choose: bt/engine/kinds/classic.cpp ticks their children
  }
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

Result TickDecider(TickState& t, const DeciderDef& d, std::uint32_t base, bool isNew, int depth);

// Ticks d's behavior (it has one); Running when it has no Tick.
[[gnu::always_inline]] static inline Result CallTick(TickState& t, const DeciderDef& d, std::uint32_t base,
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

// d's behavior, already active, ticked.
template <bool kDebug>
[[gnu::always_inline]] static inline Result RunBehavior(TickState& t, const DeciderDef& d, std::uint32_t base,
                                                        [[maybe_unused]] int depth) {  // for debug output
  BT_DEBUG_STEADY(t, 3, DebugTickBehavior(t, d, base, depth));
  return CallTick(t, d, base, BehaviorMemory(t, d, base));
}

// A behavior decider active since an earlier tick: its behavior ticked. Running
// passes straight up to the tick's result, so the behavior that runs is the
// last one ticked: recorded before its Tick, which can then end this call.
template <bool kDebug>
[[gnu::always_inline]] static inline Result TickActiveBehavior(TickState& t, const DeciderDef& d, std::uint32_t base,
                                                               int depth) {
  t.runningDecider = &d;
  return RunBehavior<kDebug>(t, d, base, depth);
}

// A classic group active since an earlier tick, whose path is checked whole
// already (kWalkChecksPath) or checked here, its own slot only, as the walk meets
// it (classic::ChecksOwnSlotOnly).
[[gnu::always_inline]] static inline Result TickActiveClassic(TickState& t, const DeciderDef& g, std::uint32_t base,
                                                              int depth) {
  if (!t.pathChecked && !classic::SlotFits(SlotBytes(t, g, base), g)) [[unlikely]]
    return FailCorrupt(t, g, base);
  return TickClassicGroup(t, g, base, false, depth);
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

// A newly activated group's first choice, with its first tick.
[[gnu::noinline]] static Result StartGroup(TickState& t, const DeciderDef& g, std::uint32_t base, int depth) {
  Choice choice;
  if (g.policy == GroupPolicy::Shuffle) {
    Reshuffle(t, g, base);
    BT_WHY(t, WhyNewRound(t, g, ShuffleOrder(t, g, base), depth));
  }
  Choose(t, g, base, 0, choice, depth);
  if (choice.index < 0 || t.error != Status::Running) return Result::Failed;  // an error or Stop: nothing new starts
  StartChild(t, g, base, choice);
  const Result result = TickDecider(t, *g.children[choice.index], base, true, depth + 1);
  if (result == Result::Running || t.error != Status::Running) return result;
  return RedecideAfter(t, g, base, result, depth);
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
[[gnu::always_inline]] static inline Result TickActivePath(TickState& t, const DeciderDef& top, std::uint32_t base,
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
      Choice choice;
      const DeciderDef* const* children = g.children;  // held across the Decides (a call may write anywhere)
      // The first of the children before the active one that accepts, each
      // evaluated with its checks, or (the common case) only by its Decide.
      auto firstAccepting = [&]<bool kDecideOnly>() {
        for (int i = 0; i < static_cast<int>(active); ++i) {
          const float value = kDecideOnly ? EvaluateDecideOnly<kDebug>(t, *children[i], choice.dblock, depth + 1)
                                          : EvaluateInline<kDebug>(t, *children[i], choice.dblock, TimerUse::kCheck,
                                                                   depth + 1);
          if (value > 0) return i;
        }
        return -1;
      };
      choice.index = g.data->walk & kWalkCheckedChildren ? firstAccepting.template operator()<false>()
                                                           : firstAccepting.template operator()<true>();
      BT_DEBUG_STEADY(t, 5, DebugChildrenDecide(t, choice.index, -1, depth));
      if (choice.index >= 0) {
        result = Interrupt(t, g, base, choice, depth);
        break;
      }
    }
    BT_DEBUG_STEADY(t, 4, DebugContinuing(t, g, base, active, depth));
    BT_WHY_STEADY(t, WhyContinue(t, g, active, depth));
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

[[gnu::always_inline]] static inline bool DebugOn(const TickState& t) { return t.traced; }

// The walk down the path active below `top`, with debug output or without.
[[gnu::always_inline]] static inline Result TickActive(TickState& t, const DeciderDef& top, std::uint32_t base,
                                                       int depth) {
  return DebugOn(t) ? TickActivePath<true>(t, top, base, depth) : TickActivePath<false>(t, top, base, depth);
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
  SlotHeader& slot = Slot(t, g, base);
  BT_DEBUG_OUT_TRANSITION(t, 2, depth, "%s/0x%x interrupts %s/0x%x", g.children[choice.index]->name,
                          g.children[choice.index]->data->id, g.children[slot.activeChild]->name,
                          g.children[slot.activeChild]->data->id);
  BT_WHY(t, WhyInterrupt(t, g, choice.index, slot.activeChild, depth));
  BT_WHY(t, WhyTransit(t, WhyCause::Interrupted, g, g.children[slot.activeChild], g.children[choice.index]));
  // The interrupted path is old and not walked this tick: checked before its Deactivates.
  if (!t.pathChecked && !OldPathFits(t, *g.children[slot.activeChild], base)) return Result::Failed;
  if (!DeactivateChild(t, g, base, depth, "interrupted")) return Result::Failed;
  StartChild(t, g, base, choice);
  const Result result = TickDecider(t, *g.children[slot.activeChild], base, true, depth + 1);
  if (result == Result::Running || t.error != Status::Running) return result;
  return RedecideAfter(t, g, base, result, depth);
}

Result RedecideAfter(TickState& t, const DeciderDef& g, std::uint32_t base, Result result, int depth) {
  SlotHeader& slot = Slot(t, g, base);
  Choice choice;
  std::uint64_t mask = 0;
  for (;;) {
    const int active = slot.activeChild;
    // Masked redecide: the child is done or failed; it stays active until replaced.
    if (++t.redecides > t.redecideLimit) return Fail(t, Status::RedecideLimit, g), Result::Failed;
    BT_DEBUG_OUT(t, 4, depth, "child %d %s/0x%x returned %s: %s/0x%x redecides without it", active,
                 g.children[active]->name, g.children[active]->data->id, ResultName(result), g.name, g.data->id);
    mask |= 1ull << active;
    BT_DEBUG_COLD(t, 5, DebugProcessing(t, g, false, mask, true, depth));
    BT_WHY(t, WhyRedecide(t, g, active, result, mask, depth));
    choice.index = -1;
    if (g.policy == GroupPolicy::Sequential && result == Result::Failed) return Result::Failed;
    if (g.flags & kCallDecideOnRedecide) {
      // Preconditions and Decide again. The timer is not checked (it paces activation)
      // but restarts: it counts from the last call to Decide (Spore S06).
      if (!(Evaluate(t, g, choice.dblock, TimerUse::kRestart, depth) > 0)) return Result::Failed;
    }
    if (g.policy == GroupPolicy::Sequential) {
      ChooseSequential(t, g, active + 1, choice, depth);
      BT_WHY(t, WhyChose(t, g, choice.index, -1, depth));
      if (choice.index < 0) return Result::Done;
    } else {
      Choose(t, g, base, mask, choice, depth);
      if (choice.index < 0) return Result::Failed;
    }
    BT_WHY(t, WhyTransit(t, result == Result::Done ? WhyCause::Done : WhyCause::Failed, g, g.children[active],
                         g.children[choice.index]));
    if (!DeactivateChild(t, g, base, depth, result == Result::Done ? "done" : "failed")) return Result::Failed;
    StartChild(t, g, base, choice);
    result = TickDecider(t, *g.children[slot.activeChild], base, true, depth + 1);
    if (result == Result::Running || t.error != Status::Running) return result;
  }
}

Result FailCorrupt(TickState& t, const DeciderDef& g, std::uint32_t base) {
  ClearActiveChildren(SlotBytes(t, g, base), g);
  Fail(t, Status::CorruptMemory, g);
  return Result::Failed;
}

// A damaged block (a bad save, a stray write) may name a child its group does not
// have, or none. Stop checks the whole active path before it calls anything, so
// no index read from the block reaches a children array unchecked. Returns the
// first group from the root down whose slot does not fit the tree, or null.
static inline const DeciderDef* FindCorruptGroup(TickState& t, std::uint32_t& base) {
  return FindDamage(t.region, *t.root, 0, &base);
}

// Deactivates the trustworthy part of a damaged path: the corrupt group (at
// `base`) and what is above it, deepest first. What lay below it cannot be known
// and is not called.
void DeactivateAbove(TickState& t, const DeciderDef& corrupt, std::uint32_t base) {
  ClearActiveChildren(SlotBytes(t, corrupt, base), corrupt);
  t.deactivation = "the block is damaged below";
  t.header->rootActive = 0;  // off the path before its Deactivates (the order of bt/engine/detail/walk.h)
  Deactivate(t, *t.root, 0, 0);
}

// Checks everything about a call that can be checked before touching the block.
// Once per tree: out of line, so its 200-byte TreeError does not weigh on every tick.
[[gnu::noinline]] bool InitializeForTick(const DeciderDef& root, const DeciderDef*& culprit) {
  TreeError error;
  if (InitializeTreeData(root, &error)) return true;
  culprit = error.decider;
  return false;
}

// The agent fits the tree: Status::Running, else NullAgent or AgentTypeMismatch.
[[gnu::always_inline]] static inline Status AgentFits(const TreeData& tree, const void* agent, TypeTag agentType) {
  if (agentType == tree.agentType && agent != nullptr) [[likely]]
    return Status::Running;  // the usual call, in one test
  // A tree whose functions take no agent (all null) runs without one (Spore S01).
  if (agent == nullptr && tree.agentType != kNoType) return Status::NullAgent;
  if (tree.agentType != kNoType && agentType != kNoType && tree.agentType != agentType)
    return Status::AgentTypeMismatch;
  return Status::Running;
}

[[gnu::always_inline]] static inline Status CheckCall(const DeciderDef& root, void* agent, TypeTag agentType,
                                                      std::span<std::byte> memory, const DeciderDef*& culprit) {
  if (root.data == nullptr) return Status::InvalidTree;
  if (root.data->tree.state.load(std::memory_order_acquire) != TreeData::kValid) [[unlikely]] {
    if (!InitializeForTick(root, culprit)) return Status::InvalidTree;
  }
  const TreeData& tree = root.data->tree;
  if (const Status fits = AgentFits(tree, agent, agentType); fits != Status::Running) return fits;
  if (const Status fits = BlockFits(tree, memory); fits != Status::Running) return fits;
  const auto& header = *reinterpret_cast<const MemoryHeader*>(memory.data());
  if (header.treeStamp != 0 && header.treeStamp != tree.stamp) return Status::MemoryFromOtherTree;
  return Status::Running;
}

Status CheckBlockCall(const DeciderDef& root, void* agent, TypeTag agentType, std::span<std::byte> memory,
                      const DeciderDef*& culprit) {
  return CheckCall(root, agent, agentType, memory, culprit);
}

// Fills t in place (a TickState is 120 bytes: no copy of one per tick). The block's
// times are read by StartBlockTimes.
static inline void StartTickState(TickState& t, const DeciderDef& root, void* agent, std::span<std::byte> memory,
                                  double time, float dt = 0, std::uint32_t decisionFlags = 0,
                                  std::uint32_t stimuliFlags = 0, int redecideLimit = 0,
                                  WhyRecord* why = nullptr) {
  t.root = &root;
  t.why = why;
  t.agent = agent;
  t.header = reinterpret_cast<MemoryHeader*>(memory.data());
  t.region = memory.data() + sizeof(MemoryHeader);
  // Checked by StartTick (and Stop) before anything reads it.
  t.variables = root.data->tree.numVariables != 0 ? VariablesAt(memory.data(), root.data->tree) : nullptr;
  t.runningPath = root.data->tree.runningPathOffset != 0
                      ? reinterpret_cast<RunningPath*>(memory.data() + root.data->tree.runningPathOffset)
                      : nullptr;
  t.time = time;
  t.dt = dt;
  t.decisionFlags = decisionFlags;
  t.stimuliFlags = stimuliFlags;
  t.redecides = 0;
  t.redecideLimit = redecideLimit;
  t.ruleRuns = 1;
  t.classicExtras = root.data->tree.classicExtras;
#if BT_DEBUG_OUTPUT
  t.traced = DebugWanted(1, agent) || why != nullptr;
#else
  t.traced = why != nullptr;
#endif
  t.pathChecked = false;
  t.error = Status::Running;
  t.sleep = nullptr;  // set by an entry point whose caller asks (TickOptions::wakeTime)
  // Not errorDecider, runningDecider nor deactivation, as in the compiled tick:
  // each is written where it is given a meaning (with error, before a behavior's
  // Tick, before each Deactivate).
}

// This tick's time as the block keeps times.
static inline void StartBlockTimes(TickState& t) {
  t.sinceEpoch = t.time - t.header->epoch;
  t.blockTime = static_cast<float>(t.sinceEpoch);
}

// Everything that can be refused before the block is written: {Status::Running}
// to go on, else what the tick returns.
[[gnu::always_inline]] static inline TickResult CheckTick(const DeciderDef& root, void* agent, TypeTag agentType,
                                                          std::span<std::byte> memory, double time, float dt) {
  const DeciderDef* culprit = &root;
  if (const Status status = CheckCall(root, agent, agentType, memory, culprit); status != Status::Running) [[unlikely]]
    return {status, culprit};
  if (!TimesAcceptable(time, dt)) [[unlikely]]
    return {Status::BadTime, &root};
  if (!MayEnter(memory.data())) [[unlikely]]
    return {Status::Reentered, &root};
  return {Status::Running, nullptr};
}

[[gnu::noinline]] static TickResult EndCorruptTimes(TickState& t);

// The block's clock when it is not plain: a fresh block, a damaged clock, a time
// earlier than the last tick, or an epoch to move. {Status::Running} to go on.
[[gnu::noinline]] static TickResult StartUnusualClock(TickState& t) {
  MemoryHeader& header = *t.header;
  const bool fresh = header.treeStamp == 0;
  if (fresh) {  // a fresh block: start it for this tree
    header.treeStamp = t.root->data->tree.stamp;
    if (header.rng == 0) header.rng = 0x9E3779B9u;
    header.rootActive = 0;
    header.epoch = t.time;
    header.lastTime = 0;
    for (int i = 0; i < t.root->data->tree.numTimers; ++i) Timers(t)[i] = -INFINITY;
    if (t.runningPath != nullptr) *t.runningPath = RunningPath{};
  }
  // Variables start at their initial values, unless the game set them before this
  // first tick (VariablesOf started them). Not the tree's in a started block: damage.
  if (t.variables != nullptr && !VariableAccess::Fits(*t.variables, t.root->data->tree)) {
    VariableAccess::Start(*t.variables, *t.root);
    if (!fresh) return {Status::CorruptMemory, t.root};
  }
  if (!HeaderTimesFit(header)) return EndCorruptTimes(t);
  StartBlockTimes(t);
  if (t.blockTime < header.lastTime) return {Status::BadTime, t.root};
  if (t.sinceEpoch > kRebaseSeconds) {
    RebaseBlock(*t.root, header, t.time);
    StartBlockTimes(t);
  }
  return {Status::Running, nullptr};
}

// Advances the block's clock (already checked) to this tick.
[[gnu::always_inline]] static inline void BeginTick(TickState& t) {
  t.header->lastTime = t.blockTime;
  BT_DEBUG_COLD(t, 3, DebugBeginTick(t));
}

// Starts a fresh block for this tree, checks and advances the block's clock:
// {Status::Running} to go on, else what the tick returns. The plain case —
// the last tick within [0, this tick] after the epoch, the epoch less than
// kRebaseSeconds behind — implies HeaderTimesFit and is tested alone.
[[gnu::always_inline]] static inline TickResult StartTick(TickState& t) {
  MemoryHeader& header = *t.header;
  StartBlockTimes(t);
  if (!(header.lastTime >= 0 && header.lastTime <= t.blockTime && t.sinceEpoch <= kRebaseSeconds) ||
      header.treeStamp == 0 || (t.variables != nullptr && !VariableAccess::Fits(*t.variables, t.root->data->tree)))
      [[unlikely]] {
    if (const TickResult unusual = StartUnusualClock(t); unusual.status != Status::Running) return unusual;
  }
  BeginTick(t);
  return {Status::Running, nullptr};
}

// FinishTick when nothing is left running (or the tick gave up): leaves every Activate paired.
[[gnu::noinline]] static TickResult FinishStopped(TickState& t, Result result) {
  // Ended on the last rule run allowed (kCountsRuleRuns, bt/core/classic.h): the engine's run-away.
  if (t.error == Status::Running && t.ruleRuns >= kMaxRuleRuns) Fail(t, Status::RedecideLimit, *t.root);
  t.deactivation = t.error == Status::Stopped        ? "stopped"
                   : t.error == Status::CorruptMemory ? "the block is damaged below"
                   : t.error != Status::Running       ? StatusName(t.error)
                   : result == Result::Done           ? "the tree is done"
                                                      : "nothing accepts";
  t.header->rootActive = 0;  // off the path before its Deactivates (the order of bt/engine/detail/walk.h)
  Deactivate(t, *t.root, 0, 0);
  BT_WHY(t, WhyTransit(t, WhyCause::TreeEnded, *t.root, nullptr, nullptr,
                       t.error != Status::Running ? t.error
                       : result == Result::Done   ? Status::Done
                                                  : Status::NoBehavior));
  BT_DEBUG_COLD(t, 3,
                DebugEndTick(t, t.error != Status::Running ? t.error
                                : result == Result::Done   ? Status::Done
                                                           : Status::NoBehavior));
  if (t.error != Status::Running) return {t.error, t.errorDecider};
  return {result == Result::Done ? Status::Done : Status::NoBehavior, nullptr};
}

// After the walk: deactivates what is left when nothing runs, and reports.
[[gnu::always_inline]] static inline TickResult FinishTick(TickState& t, Result result) {
  if (t.runningPath != nullptr) [[unlikely]]
    NoteOnRunningPath(*t.runningPath, *t.root, result);
  if (result != Result::Running || t.error != Status::Running) [[unlikely]]
    return FinishStopped(t, result);
  BT_DEBUG_COLD(t, 3, DebugEndTick(t, Status::Running));
  return {Status::Running, t.runningDecider};
}

// A tick that finds the root inactive: activates it if it accepts, and walks.
[[gnu::noinline]] static TickResult TickFromRoot(TickState& t) {
  Choice choice;
  const bool accepts = Evaluate(t, *t.root, choice.dblock, TimerUse::kCheck, 0) > 0;
  if (t.error != Status::Running) return {t.error, t.errorDecider};  // the root's Decide stopped the agent
  if (!accepts) {
    BT_DEBUG_COLD(t, 3, DebugEndTick(t, Status::NoBehavior));
    return {Status::NoBehavior, nullptr};
  }
  BT_WHY(t, WhyTransit(t, WhyCause::Started, *t.root, nullptr, t.root));
  StartSlot(t, *t.root, 0, choice.dblock);
  t.header->rootActive = 1;
  return FinishTick(t, TickDecider(t, *t.root, 0, true, 0));
}

// A tick of a block whose root is active since an earlier tick: the walk down
// its active path, which finds damage where it meets it (TickActivePath).
[[gnu::always_inline]] static inline TickResult TickActiveRoot(TickState& t) {
  return FinishTick(t, TickActive(t, *t.root, 0, 0));
}

// Deactivates the trustworthy part of the active path of a block whose own clock
// is damaged (epoch or last tick out of range, NaN): the path's times are as
// unknown as the clock's. The block's clock then restarts at this tick.
static TickResult EndCorruptTimes(TickState& t) {
  MemoryHeader& header = *t.header;
  header.epoch = t.time;
  header.lastTime = 0;
  StartBlockTimes(t);
  for (int i = 0; i < t.root->data->tree.numTimers; ++i) Timers(t)[i] = -INFINITY;
  if (header.rootActive) {
    t.deactivation = "the block's clock is damaged";
    std::uint32_t base = 0;
    if (const DeciderDef* corrupt = FindCorruptGroup(t, base)) {
      DeactivateAbove(t, *corrupt, base);
    } else {
      header.rootActive = 0;  // off the path before its Deactivates (the order of bt/engine/detail/walk.h)
      Deactivate(t, *t.root, 0, 0);
    }
  }
  return {Status::CorruptMemory, t.root};
}

void RebaseBlock(const DeciderDef& root, MemoryHeader& header, double time) {
  const double shift = time - header.epoch;
  const auto shifted = [shift](float at) { return static_cast<float>(static_cast<double>(at) - shift); };
  auto* block = reinterpret_cast<std::byte*>(&header);
  header.lastTime = shifted(header.lastTime);
  auto* timers = reinterpret_cast<float*>(block + root.data->tree.timersOffset);
  for (int i = 0; i < root.data->tree.numTimers; ++i) timers[i] = shifted(timers[i]);  // -inf stays
  if (header.rootActive) {
    // A damaged path is left to the walk that follows, which reports it.
    ForEachActive(block + sizeof(MemoryHeader), root, 0, 0, [&](const DeciderDef& d, std::uint32_t base, int) {
      auto& slot = *reinterpret_cast<SlotHeader*>(block + sizeof(MemoryHeader) + base + d.data->slotOffset);
      slot.activatedAt = shifted(slot.activatedAt);
    });
  }
  header.epoch = time;
}

thread_local constinit NestedCall* tInnermostCall = nullptr;

bool MayEnterNested(const std::byte* block) {
  int depth = 0;
  for (const NestedCall* call = tInnermostCall; call != nullptr; call = call->outer)
    if (call->block == block || ++depth >= kMaxNestedTicks) return false;
  return true;
}

}  // namespace detail

// =============================================================== [SECTION] Entry points

// Reports a refusal (bt/core/refusal.h) and returns it. Cold and out of line: a
// refused call is rare, and its message needs a buffer.
[[gnu::noinline, gnu::cold]] static TickResult Refuse(const char* operation, TickResult refused,
                                                      const DeciderDef& root, const void* agent,
                                                      std::span<const std::byte> memory, double time,
                                                      float dt) noexcept {
  detail::ReportRefusal({refused.status, operation, &root, refused.decider, agent, time, dt, memory.data(),
                         memory.size(), nullptr, 0});
  return refused;
}

void SeedMemory(std::span<std::byte> memory, std::uint32_t seed) {
  if (memory.size() < sizeof(MemoryHeader) || !IsAlignedBlock(memory.data())) return;
  // Scrambled (murmur3's finalizer, a bijection): xorshift's first outputs from small
  // seeds are small, so agents seeded 1, 2, 3... would otherwise all draw alike at first.
  std::uint32_t x = seed;
  x = (x ^ (x >> 16)) * 0x85EBCA6Bu;
  x = (x ^ (x >> 13)) * 0xC2B2AE35u;
  x ^= x >> 16;
  reinterpret_cast<MemoryHeader*>(memory.data())->rng = x != 0 ? x : 0x9E3779B9u;
}

// The tick of a started block (from the root, or down its active path) for a
// caller that may let the agent sleep (TickOptions::wakeTime). Its own function:
// a second inlined copy of the walk in TickBehaviorTree made that too large for
// GCC to inline FindDamage into it, and the request set up and tested there would
// cost every tick.
[[gnu::noinline]] static TickResult TickMaySleep(detail::TickState& t, double& wakeTime) {
  SleepRequest sleepRequest;
  t.sleep = &sleepRequest;
  const TickResult result = !t.header->rootActive ? detail::TickFromRoot(t) : detail::TickActiveRoot(t);
  if (result.status == Status::Running) detail::NoteWakeTime(t, wakeTime);
  t.sleep = nullptr;  // the request ends here
  return result;
}

// TickBehaviorTree on any input: every check in order, then the tick, if any.
[[gnu::noinline]] static TickResult TickWithChecks(const DeciderDef& root, void* agent, TypeTag agentType,
                                                   std::span<std::byte> memory, double time, float dt,
                                                   std::uint32_t decisionFlags, std::uint32_t stimuliFlags,
                                                   const TickOptions& options) noexcept {
  using namespace detail;
  if (const TickResult refused = CheckTick(root, agent, agentType, memory, time, dt);
      refused.status != Status::Running) [[unlikely]]
    return Refuse("tick", refused, root, agent, memory, time, dt);
  TickState t;
  const NestedScope nested(memory.data(), &t);
  StartTickState(t, root, agent, memory, time, dt, decisionFlags, stimuliFlags, options.redecideLimit, options.why);
  if (const TickResult started = StartTick(t); started.status != Status::Running) [[unlikely]] {
    // Time going backwards is a refusal; a damaged clock (CorruptMemory) is not.
    if (started.status == Status::BadTime) return Refuse("tick", started, root, agent, memory, time, dt);
    return started;
  }
  if (options.wakeTime != nullptr) return TickMaySleep(t, *options.wakeTime);
  return !t.header->rootActive ? TickFromRoot(t) : TickActiveRoot(t);
}

// A tick with a why-record: every check, recorded (bt/engine/why.h).
[[gnu::noinline]] static TickResult TickWithWhy(const DeciderDef& root, void* agent, TypeTag agentType,
                                                std::span<std::byte> memory, double time, float dt,
                                                std::uint32_t decisionFlags, std::uint32_t stimuliFlags,
                                                const TickOptions& options) noexcept {
  detail::WhyBeginTick(*options.why, root, time);
  const TickResult result = TickWithChecks(root, agent, agentType, memory, time, dt, decisionFlags, stimuliFlags, options);
  detail::WhyEndTick(*options.why, result);
  return result;
}

// The steady case — an initialized tree, an agent and a block that fit it, the
// block's root active on a plain clock (NeedsFullTick) — tested at once and
// ticked without the checks that sort out every other case. Its result is
// TickWithChecks' on the same input.
TickResult TickBehaviorTree(const DeciderDef& root, void* agent, TypeTag agentType, std::span<std::byte> memory,
                            double time, float dt, std::uint32_t decisionFlags, std::uint32_t stimuliFlags,
                            const TickOptions& options) noexcept {
  using namespace detail;
  if (options.why != nullptr) [[unlikely]]
    return TickWithWhy(root, agent, agentType, memory, time, dt, decisionFlags, stimuliFlags, options);
  if (root.data != nullptr) [[likely]] {
    const TreeData& tree = root.data->tree;
    if (tree.state.load(std::memory_order_acquire) == TreeData::kValid &&
        AgentFits(tree, agent, agentType) == Status::Running && BlockFits(tree, memory) == Status::Running) [[likely]] {
      const auto& header = *reinterpret_cast<const MemoryHeader*>(memory.data());
      const double sinceEpoch = time - header.epoch;
      const float blockTime = static_cast<float>(sinceEpoch);
      // A damaged variables region is the full tick's to repair.
      if (!NeedsFullTick(tree, header, time, dt, sinceEpoch, blockTime) &&
          (tree.numVariables == 0 || VariableAccess::Fits(*VariablesAt(memory.data(), tree), tree))) [[likely]] {
        TickState t;
        const NestedScope nested(memory.data(), &t);
        StartTickState(t, root, agent, memory, time, dt, decisionFlags, stimuliFlags, options.redecideLimit);
        t.sinceEpoch = sinceEpoch;  // StartBlockTimes, as NeedsFullTick computed them
        t.blockTime = blockTime;
        BeginTick(t);
        if (options.wakeTime != nullptr) [[unlikely]]
          return TickMaySleep(t, *options.wakeTime);
        return TickActiveRoot(t);
      }
    }
  }
  return TickWithChecks(root, agent, agentType, memory, time, dt, decisionFlags, stimuliFlags, options);
}

void StopBehaviorTree(const DeciderDef& root, void* agent, std::span<std::byte> memory, double time) noexcept {
  StopBehaviorTree(root, agent, kNoType, memory, time);
}

// For an entry point that changes a block outside a tick (bt/engine/resume_at.h): the
// tick's checks in its order (a refusal reported as `operation`'s), then the
// block started, or its clock advanced, to `time`, as a tick with dt 0 does.
TickResult detail::EnterBlock(TickState& t, const char* operation, const DeciderDef& root, void* agent,
                              TypeTag agentType, std::span<std::byte> memory, double time) {
  if (const TickResult refused = CheckTick(root, agent, agentType, memory, time, 0); refused.status != Status::Running)
    return Refuse(operation, refused, root, agent, memory, time, 0);
  StartTickState(t, root, agent, memory, time);
  if (const TickResult started = StartTick(t); started.status != Status::Running) {
    if (started.status == Status::BadTime) return Refuse(operation, started, root, agent, memory, time, 0);
    return started;
  }
  return {Status::Running, nullptr};
}

void StopBehaviorTree(const DeciderDef& root, void* agent, TypeTag agentType, std::span<std::byte> memory,
                      double time) noexcept {
  using namespace detail;
  const DeciderDef* culprit = &root;
  if (const Status status = CheckCall(root, agent, agentType, memory, culprit); status != Status::Running)
    return (void)Refuse("stop", {status, culprit}, root, agent, memory, time, 0);
  // From a callback of a tick of this block: the tick ends with the path deactivated.
  if (NestedCall* call = FindNestedTick(memory.data())) return (void)Fail(*call->state, Status::Stopped, root);
  if (!MayEnter(memory.data())) return (void)Refuse("stop", {Status::Reentered, &root}, root, agent, memory, time, 0);
  TickState t;
  const NestedScope nested(memory.data(), &t);
  StartTickState(t, root, agent, memory, time);
  if (t.header->treeStamp == 0 || !t.header->rootActive) return;
  if (t.variables != nullptr && !VariableAccess::Fits(*t.variables, root.data->tree)) t.variables = nullptr;  // damaged
  StartBlockTimes(t);
  t.deactivation = "stopped";
  std::uint32_t base = 0;
  if (const DeciderDef* corrupt = FindCorruptGroup(t, base)) return DeactivateAbove(t, *corrupt, base);
  t.header->rootActive = 0;  // off the path before its Deactivates (the order of bt/engine/detail/walk.h)
  Deactivate(t, root, 0, 0);
  if (t.runningPath != nullptr) *t.runningPath = RunningPath{};  // a stopped agent starts afresh
}

Status ResetMemory(const DeciderDef& root, void* agent, TypeTag agentType, std::span<std::byte> memory,
                   double time) noexcept {
  using namespace detail;
  const DeciderDef* culprit = &root;
  Status status = CheckCall(root, agent, agentType, memory, culprit);
  // Not from a callback of a tick or Stop of this block: the walk under way would
  // go on in the zeroed block.
  if (status == Status::Running && !MayEnter(memory.data())) status = Status::Reentered;
  if (status != Status::Running) return Refuse("reset", {status, culprit}, root, agent, memory, time, 0).status;
  StopBehaviorTree(root, agent, agentType, memory, time);
  auto* header = reinterpret_cast<MemoryHeader*>(memory.data());
  const std::uint32_t rng = header->rng;  // the agent's own random stream goes on
  std::memset(memory.data(), 0, root.data->tree.memoryBytes);
  header->rng = rng;
  return Status::NoBehavior;
}

}  // namespace bt
