// bt/engine/detail/tick_engine.h — the tick's internal state and steps, shared by the
// reference tick (bt/engine/tick.cpp) and the compiled tick (bt/engine/compiled_tick.h).
//
// The compiled tick runs the steady state — hysteresis Decides and the active
// behaviors' Ticks — as code generated for one tree, and hands every transition
// (activation, interruption, masked redecide, any policy but the prioritized
// list's hysteresis, preconditions, DBlocks) to these functions, so the rules
// live in one place and both ticks read and write the same memory block.
#pragma once

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>

#include "bt/core/context.h"
#include "bt/core/decider.h"
#include "bt/core/memory.h"
#include "bt/core/random.h"
#include "bt/core/running_path.h"
#include "bt/core/tree.h"

namespace bt::detail {

// A tick's state. Its DecideContext part (time, dt, the flags, the variables)
// is what every Decide gets: Evaluate sets only its decider, and the context is
// not copied out of the state at every tick.
struct TickState : DecideContext {
  const DeciderDef* root;
  void* agent;
  MemoryHeader* header;
  std::byte* region;  // the decider region of the block
  RunningPath* runningPath;  // the block's running path (bt/core/running_path.h); null when the tree keeps none
  double sinceEpoch;  // [seconds] time minus the block's epoch
  float blockTime;    // the same as the block keeps times (float): what activations and timers store
  int redecides;
  int redecideLimit;
  // Rule runs this tick (kCountsRuleRuns, bt/core/classic.h): 1, the run that starts
  // it (the root's, or the running rule's), plus those the classic groups count.
  int ruleRuns;
  // TreeData::classicExtras: one byte the classic rules test on every child they
  // start or end, instead of the running path and each child's flags.
  bool classicExtras;
  // Debug output wanted for this agent (at any level) or a why-record: the tick's
  // steps are traced. Decided once, as the tick starts, like the steady walk's copy.
  bool traced;
  // The active path below the group being walked was checked for damage
  // (FindDamage) as a whole: at a classic or re-checked group, or before the
  // compiled tick handed over. The walk checks each group itself until then.
  bool pathChecked;
  Status error;                      // Running while no error
  const DeciderDef* errorDecider;
  // The behavior decider that ticked Running; a classic group that ends its tick
  // Running corrects it where needed (bt/engine/detail/classic_rules.h: ReportRunningBehavior).
  const DeciderDef* runningDecider;
  const char* deactivation;          // why the Deactivates under way happen, for debug output
  WhyRecord* why;                    // the tick's why-record (bt/engine/why.h), or null
  SleepRequest* sleep;               // where a Tick's Context::SleepUntil goes (bt/engine/sleep.h); null: nowhere
};

// A chosen child and the DBlock its Decide filled, kept off the memory block
// until the child is activated (its slot may still belong to the active sibling).
struct Choice {
  int index = -1;
  alignas(kMaxAlignment) std::byte dblock[kMaxDBlockBytes > 0 ? kMaxDBlockBytes : 1];
};

inline std::byte* SlotBytes(TickState& t, const DeciderDef& d, std::uint32_t base) {
  return t.region + base + d.data->slotOffset;
}

inline SlotHeader& Slot(TickState& t, const DeciderDef& d, std::uint32_t base) {
  return *reinterpret_cast<SlotHeader*>(SlotBytes(t, d, base));
}

inline void* BehaviorMemory(TickState& t, const DeciderDef& d, std::uint32_t base) {
  return SlotBytes(t, d, base) + d.data->memoryOffset;
}

// The block's timers (one float per timer precondition and Cooldown): found
// when one is read, rather than set up on every tick.
inline float* Timers(const TickState& t) {
  return reinterpret_cast<float*>(reinterpret_cast<std::byte*>(t.header) + t.root->data->tree.timersOffset);
}

// Records the tick's first error and the decider it names; later ones are dropped.
inline bool Fail(TickState& t, Status status, const DeciderDef& d) {
  if (t.error == Status::Running) {
    t.error = status;
    t.errorDecider = &d;
  }
  return false;
}

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

// Damage found at group `g` (at `base`): what lies below it cannot be known, so
// g's children are forgotten and the tick fails with Status::CorruptMemory
// naming g; the end of the tick deactivates g and what is above it.
Result FailCorrupt(TickState& t, const DeciderDef& g, std::uint32_t base);

// Whether the path from `top` (at `base`) down, active since an earlier tick
// and not walked this tick, fits the tree; else the tick fails at its first
// damaged group (FailCorrupt). Checked before anything on it is called or
// deactivated.
inline bool OldPathFits(TickState& t, const DeciderDef& top, std::uint32_t base) {
  std::uint32_t damagedBase = 0;
  const DeciderDef* damaged = FindDamage(t.region, top, base, &damagedBase);
  if (damaged == nullptr) [[likely]]
    return true;
  FailCorrupt(t, *damaged, damagedBase);
  return false;
}

// What a decider's timer precondition does when it is evaluated (Spore S06: the
// delay counts from the last call to its Decide).
enum class TimerUse : std::uint8_t {
  kCheck,    // a choice: rejects within the delay, else restarts the timer
  kRestart,  // a redecide with kCallDecideOnRedecide: not checked (the timer paces activation), but restarted
};

// ---------------------------------------------------------------- times the block keeps
// The earliest time after its epoch a healthy block keeps: an activation at the
// clock's earliest (-kMaxTickTime) seen from its latest, the epoch having
// followed, with as much again for the rounding of the epoch's moves.
inline constexpr float kEarliestBlockTime = static_cast<float>(-4 * kMaxTickTime);

// Whether a time the block keeps (an activation, a timer's last Decide, after the
// epoch) is one a healthy block holds at this tick: not after it (times never go
// backwards), not before the clock's range, not NaN. A timer holds -inf until its
// first Decide. Anything else is damage, reported where the time is read, by both
// ticks alike: CorruptMemory naming the decider whose time it is.
inline bool BlockTimeFits(const TickState& t, float at) { return at >= kEarliestBlockTime && at <= t.blockTime; }
inline bool TimerStampFits(const TickState& t, float at) {
  return BlockTimeFits(t, at) || at == -std::numeric_limits<float>::infinity();
}

// Whether d's activation time (its slot's) fits (BlockTimeFits); else the tick
// fails with CorruptMemory naming d, and d's Tick is not called.
inline bool ActivationFits(TickState& t, const DeciderDef& d, float activatedAt) {
  if (BlockTimeFits(t, activatedAt)) [[likely]]
    return true;
  return Fail(t, Status::CorruptMemory, d);
}

// Context::activeTime of d, activated at `activatedAt`: 0 when that time is
// damaged (ActivationFits failed the tick), for the Deactivate that still pairs d's Activate.
inline float ActiveTime(TickState& t, const DeciderDef& d, float activatedAt) {
  return ActivationFits(t, d, activatedAt) ? t.blockTime - activatedAt : 0.0f;
}

// Whether d's timer `stamp` fits (TimerStampFits); else the tick fails with
// CorruptMemory naming d, and the timer is forgotten (-inf, never started), so
// the ticks after it start afresh as after any damage.
inline bool TimerFits(TickState& t, const DeciderDef& d, float& stamp) {
  if (TimerStampFits(t, stamp)) [[likely]]
    return true;
  stamp = -std::numeric_limits<float>::infinity();
  return Fail(t, Status::CorruptMemory, d);
}

// Passes d's timer precondition of `seconds`, whose last Decide was at
// `lastDecide` (written when it passes), as `use` says; a damaged time read
// rejects (TimerFits).
inline bool TimerPasses(TickState& t, const DeciderDef& d, float& lastDecide, float seconds, TimerUse use) {
  if (use == TimerUse::kCheck) {
    if (!TimerFits(t, d, lastDecide)) [[unlikely]]
      return false;
    if (t.sinceEpoch - static_cast<double>(lastDecide) < seconds) return false;
  }
  lastDecide = t.blockTime;
  return true;
}

// The Random policy's choice in one pass (a weighted reservoir): the k-th
// accepting child replaces the choice with probability weight / total so far.
// Weights are summed in double (three weights of 3e38 overflow a float), and
// +inf weights share all the probability, uniformly. The first acceptor, and
// the first infinite one, draw nothing.
struct WeightedPick {
  double total = 0;            // of the finite weights offered, each > 0
  std::uint32_t infinite = 0;  // +inf weights offered

  // Offers an accepting child of weight `value` (> 0); true when it becomes the choice.
  template <class Draw>
  bool Offer(float value, Draw&& draw) {
    const bool first = total == 0 && infinite == 0;
    if (value == std::numeric_limits<float>::infinity()) {
      if (++infinite == 1) return true;
      return Unit(draw()) * infinite < 1.0;
    }
    if (infinite != 0) return false;
    total += value;
    return first || Unit(draw()) * total < value;
  }
  static double Unit(std::uint32_t random) { return static_cast<double>(random >> 8) * (1.0 / 16777216.0); }
};

// The ticks, Stops and event deliveries under way on this thread, innermost
// first, as a list through their stack frames. A callback that ticks its own
// agent's block again is refused (Status::Reentered); one that stops it marks the
// outer tick's TickState, which ends the tick with the path deactivated
// (Status::Stopped). An event's delivery (bt/engine/events.h) has no TickState: while
// its handlers run, the block is neither ticked, stopped, reset, saved nor
// restored (Reentered), for the delivery walks the active path as it stood, nor
// delivered to again (anywhere down the list). All of them count towards
// kMaxNestedTicks.
// constinit: read without a TLS wrapper call; empty, the check is one load.
struct NestedCall {
  const std::byte* block;
  TickState* state;  // null for an event's delivery
  NestedCall* outer;
};
extern thread_local constinit NestedCall* tInnermostCall;

// The call under way on `block` on this thread, or null.
inline NestedCall* FindNestedCall(const std::byte* block) {
  for (NestedCall* call = tInnermostCall; call != nullptr; call = call->outer)
    if (call->block == block) return call;
  return nullptr;
}

// The tick or Stop under way on `block` on this thread (a call with a TickState), or null.
inline NestedCall* FindNestedTick(const std::byte* block) {
  for (NestedCall* call = tInnermostCall; call != nullptr; call = call->outer)
    if (call->block == block && call->state != nullptr) return call;
  return nullptr;
}

// The innermost tick or Stop under way on this thread: the one calling the node
// that asks. Null outside any.
inline const TickState* InnermostTick() {
  for (const NestedCall* call = tInnermostCall; call != nullptr; call = call->outer)
    if (call->state != nullptr) return call->state;
  return nullptr;
}

// A built-in node that finds what it keeps in the block damaged (a Wait's end, a
// timestamp) fails the tick calling it, the innermost, with CorruptMemory naming d.
inline void FailInnermostTick(const DeciderDef& d) {
  for (NestedCall* call = tInnermostCall; call != nullptr; call = call->outer)
    if (call->state != nullptr) {
      Fail(*call->state, Status::CorruptMemory, d);
      return;
    }
}

// Whether a tick or Stop of `block` may start here: not already under way, and
// not nested deeper than kMaxNestedTicks.
bool MayEnterNested(const std::byte* block);
inline bool MayEnter(const std::byte* block) {
  if (tInnermostCall == nullptr) [[likely]]
    return true;
  return MayEnterNested(block);
}

// Whether a tick on a block already checked to fit its tree needs the reference
// tick's full path, in one test in which each comparison fails on NaN: the block
// was not started by this tree or its root is not active, the times are not
// acceptable (TimesAcceptable), the block's clock is not plain (its last tick
// within [0, this tick] after the epoch, the epoch less than kRebaseSeconds
// behind, which implies HeaderTimesFit), or a tick or Stop of the block is under
// way on this thread (MayEnter). When it is false, the tick takes its short way.
// `sinceEpoch` is time minus the block's epoch, `blockTime` the same in float.
[[gnu::always_inline]] inline bool NeedsFullTick(const TreeData& tree, const MemoryHeader& header, double time,
                                                 float dt, double sinceEpoch, float blockTime) {
  return header.treeStamp != tree.stamp || !header.rootActive || !TimesAcceptable(time, dt) ||
         !(sinceEpoch <= kRebaseSeconds) || !(header.lastTime >= 0 && header.lastTime <= blockTime) ||
         !MayEnter(reinterpret_cast<const std::byte*>(&header));
}

// Registers a tick or Stop of `block` (or, with a null state, an event's
// delivery to it) for its duration (after MayEnter). The ticks are noexcept, so
// no exception can skip the destructor.
class NestedScope {
 public:
  NestedScope(const std::byte* block, TickState* state) : call_{block, state, tInnermostCall} { tInnermostCall = &call_; }
  ~NestedScope() { tInnermostCall = call_.outer; }
  NestedScope(const NestedScope&) = delete;
  NestedScope& operator=(const NestedScope&) = delete;

 private:
  NestedCall call_;
};

// Handed to a Tick that takes no Context (BehaviorDef::tickTakesContext).
inline constexpr Context kNoContext{};

Context MakeContext(TickState& t, const DeciderDef& d, std::uint32_t base);

// Preconditions, then Decide: > 0 accepts.
float Evaluate(TickState& t, const DeciderDef& d, std::byte* dblock, TimerUse timer, int depth);

// A draw for group g: its own random source, or the block's generator.
std::uint32_t NextRandom(TickState& t, const DeciderDef& g);

// A fresh choice among g's children not in mask, by g's policy; out.index -1 if none accepts.
void Choose(TickState& t, const DeciderDef& g, std::uint32_t base, std::uint64_t mask, Choice& out, int depth);

// A new round of a Shuffle group: a fresh permutation, the cursor at its start.
void Reshuffle(TickState& t, const DeciderDef& g, std::uint32_t base);

// Ticks d (activating it first when isNew), with everything below it.
Result TickDecider(TickState& t, const DeciderDef& d, std::uint32_t base, bool isNew, int depth);

// In group g, deactivates the active child, activates choice's and ticks it.
Result Interrupt(TickState& t, const DeciderDef& g, std::uint32_t base, const Choice& choice, int depth);

// In group g, whose active child just ended with `result`: the masked redecide.
Result RedecideAfter(TickState& t, const DeciderDef& g, std::uint32_t base, Result result, int depth);

// The order of a decider's start and end, in both ticks and every kind of group
// (and ResumeAt): a decider is on the active path (its group's slot, or the
// header's rootActive, names it) only while its behavior's memory is
// constructed, so no callback — a memory constructor or destructor, a Decide,
// Activate, Tick or Deactivate, a debug output or refusal hook, an onEvent —
// finds a behavior on the path (where an event's delivery reaches it,
// bt/engine/events.h) whose memory is not made yet, or no longer:
// - starting: StartSlot (its slot, DBlock and memory), then its group marks it,
//   then TickDecider(..., isNew = true) activates and ticks it;
// - ending: its group unmarks it, then Deactivate (its Deactivates, deepest
//   first, then each memory destroyed).
// So a subtree being deactivated hears no event, and one being started hears
// events from its Activate on.

// Starts d's slot from now (no child active), with the DBlock its Decide filled,
// its behavior's memory constructed: for its group to mark it active next.
void StartSlot(TickState& t, const DeciderDef& d, std::uint32_t base, const std::byte* dblock);

// Deactivates d, already off the active path, and everything below it, deepest first.
void Deactivate(TickState& t, const DeciderDef& d, std::uint32_t base, int depth);

// A block of `block`'s type at `at`: constructed (zeroed without a constructor); destroyed.
void ConstructBlock(const BlockType& block, void* at);
void DestroyBlock(const BlockType& block, void* at);

// The tick's checks and the block's start at `time` (dt 0), for an entry point
// that changes the block outside a tick; {Running} to go on, else the refusal.
TickResult EnterBlock(TickState& t, const char* operation, const DeciderDef& root, void* agent, TypeTag agentType,
                      std::span<std::byte> memory, double time);

// A group's group behavior, if it has one: activated (isNew) and ticked. Running
// when it has none; a result that is not Running ends the group.
Result TickGroupBehavior(TickState& t, const DeciderDef& g, std::uint32_t base, bool isNew, int depth);

// A classic group (bt/core/classic.h, bt/engine/kinds/classic.cpp): its group behavior, then its policy.
Result TickClassicGroup(TickState& t, const DeciderDef& g, std::uint32_t base, bool isNew, int depth);

// The rules of the policies each in a file of its own (bt/<kind>_tick.cpp), called by TickClassicGroup.
Result TickPriority(TickState& t, const DeciderDef& g, std::uint32_t base, bool isNew, int depth);
Result TickSelectionStateMachine(TickState& t, const DeciderDef& g, std::uint32_t base, bool isNew, int depth);
Result TickGroupScope(TickState& t, const DeciderDef& g, std::uint32_t base, bool isNew, int depth);

// The state a SelectionStateMachine would select now (its current one, or its
// first when it is not on the active path, moved along its transitions): the
// one child its delegated Decide asks (bt/engine/kinds/selection_state_machine.cpp).
int SelectionStateMachineTarget(TickState& t, const DeciderDef& g, int depth);

// A GroupScope being deactivated gives back the place it took (bt/engine/kinds/group_scope.cpp).
void LeaveGroupScope(TickState& t, const DeciderDef& g, std::uint32_t base);

// kRecheckEveryTick: an active decider's preconditions and Decide again; false when it rejects.
bool Recheck(TickState& t, const DeciderDef& d, int depth);

#if BT_DEBUG_OUTPUT
// The level 4-5 lines of a group's walk going on into its active child `index`, for
// every kind (bt/engine/tick.cpp): Spore S11's "continuing child ..." and "next_decider_push ...".
void DebugContinuingChild(TickState& t, const DeciderDef& child, int index, float groupActivatedAt, int depth);
#endif

// A child of a classic group that keeps one active child (not side by side),
// as the classic rules start and end one (bt/engine/kinds/classic.cpp): checked,
// activated and ticked (one that rejects fails, never activated); deactivated
// because it ended or for `why`.
Result StartClassicChild(TickState& t, const DeciderDef& g, std::uint32_t base, int i, int depth);
void EndClassicChild(TickState& t, const DeciderDef& g, std::uint32_t base, int i, const char* why, int depth);

// The first behavior active below d (at base), in preorder, or null: the one a
// classic group with children side by side reports running (classic::ReportRunningBehavior).
const DeciderDef* FirstActiveBehavior(const std::byte* region, const DeciderDef& d, std::uint32_t base, int depth);

// MBT StateMachine (bt/engine/kinds/state_machine.cpp): applies a pending transition, then ticks the current state.
Result TickStateMachine(TickState& t, const DeciderDef& g, std::uint32_t base, bool isNew, int depth);
// An event reaching the active StateMachine g whose slot is `slot`: a transition
// of the state it is headed for, if one matches, becomes pending. True when one did.
bool StateMachineHears(std::byte* slot, const DeciderDef& g, std::uint32_t event);

// The checks every call on a block makes before reading it (the tree, the
// agent, the block's size, alignment and tree): Status::Running to go on.
Status CheckBlockCall(const DeciderDef& root, void* agent, TypeTag agentType, std::span<std::byte> memory,
                      const DeciderDef*& culprit);

}  // namespace bt::detail
