// bt/engine/compiled_tick.h — TickBehaviorTreeCompiled<ROOT>: the same tick, generated
// at compile time for a tree whose definitions are visible.
//
// Index
//   [SECTION] layout, as constants — slot offsets, memory, contexts
//   [SECTION] deciding — preconditions, Decide, the policies' choices
//   [SECTION] activation — starting and ending a child
//   [SECTION] ticking — the active path, interruption, redecides
//   [SECTION] classic groups — the classic kinds through classic_rules.h
//   [SECTION] the whole tick — a tick, what it hands over, the entry points
//
// TickBehaviorTree interprets a tree through its function pointers and the
// offsets InitializeTreeData recorded, which is what lets trees come from data.
// When ROOT is defined with the macros where this is called, every decider is a
// constant: this tick is the same walk written out for that one tree — its
// Decides, Activates, Ticks and Deactivates become direct calls the compiler can
// inline, and its slot offsets constants — reading and writing the same memory
// block, so the two ticks can take turns on one agent.
//
// Its contracts are TickBehaviorTree's (bt/core/tree.h): the same statuses for the
// same input, noexcept, re-entrant calls refused or deferred alike, any clock.
//
// It hands to the reference engine (bt/engine/tick.cpp), so each rule is written once:
// - the whole tick, when the agent's debug output is on (its lines are then
//   complete), when the root is not active (the first tick, or after the tree
//   ended), and on any input the reference tick refuses (bad time, another
//   tree's block, a tree InitializeTreeData rejects), answered with its status;
//   and for a tree that keeps a running path or counts rule runs (bt/core/classic.h);
// - the evaluation of a group that delegates its Decide to its children, and a
//   Shuffle group's choice;
// - a Cooldown, RandomGate, Priority, StateMachine, SelectionStateMachine or
//   GroupScope group with everything below it, and the Deactivate of any
//   classic group.
// The other classic kinds (Sequence, Fallback, Selector, Concurrent, Parallel,
// Decorator, Loop, LoopUntilSuccess) and kRecheckEveryTick it runs itself: their
// rules are templates (bt/engine/detail/classic_rules.h) that both ticks instantiate,
// this one with ClassicChildren, whose Starts and Continues are direct calls into
// its code for each child, with slot offsets and child bases as constants.
//
// Why it is fast: the code of each group
// is shared by every agent that passes through it, so the branch predictor
// learns one copy of each hysteresis Decide; the per-tick set-up is what the
// walk reads; and a damaged block is found where the walk meets it instead of
// by a walk of its own, as the reference tick does too: each group is checked
// as the walk reaches it, a decider re-checked at every tick and most classic
// groups with the whole path below it (their rules call more than Decides on
// their way down; classic::ChecksOwnSlotOnly names those that need not), and an
// old path not walked (an interrupted one, one below a group behavior that
// ended, or a Selector's running child when an earlier one starts ahead of it)
// before it is deactivated. tests/engine/compiled_tick_test.cpp
// checks that both ticks give the same calls, results and memory bytes, on
// damaged blocks too.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstring>
#include <limits>
#include <utility>

#include "bt/core/debug_output.h"
#include "bt/engine/detail/classic_rules.h"
#include "bt/engine/detail/nesting.h"
#include "bt/engine/detail/spore_rules.h"
#include "bt/engine/detail/walk.h"
#include "bt/engine/detail/weighted_pick.h"
#include "bt/engine/detail/variable_access.h"
#include "bt/core/layout.h"
#include "bt/engine/sleep.h"

namespace bt {
namespace detail {

template <const DeciderDef& Root>
struct CompiledTree {
  using Tree = CheckedTree<Root>;

  // Whether a function pointer of a definition is null is tested with a plain
  // `if`, which the optimizer folds all the same: GCC's -fsanitize=null does not
  // take it as a constant expression when the pointer is a template thunk.

// =============================================================== [SECTION] layout, as constants
  template <const DeciderDef& D>
  static constexpr std::uint32_t kSlotOffset = Tree::analysis.slotOffset[Tree::analysis.IndexOf(&D)];
  template <const DeciderDef& D>
  static constexpr SlotLayout kLayout = ComputeSlotLayout(D);
  template <const DeciderDef& D>
  static constexpr bool kIsGroup = D.kind != DeciderKind::Behavior;

  // The block's variables region, when the tree declares variables (checked by Tick).
  static constexpr bool kHasVariables = Tree::analysis.variablesOffset != 0;
  static VariableBlock* Variables(TickState& t) {
    if constexpr (kHasVariables)
      return reinterpret_cast<VariableBlock*>(reinterpret_cast<std::byte*>(t.header) + Tree::analysis.variablesOffset);
    else return nullptr;
  }

  // kBase: where the decider's subtree lies (bt/core/memory.h), 0 but below the
  // children of a Selector, Parallel or Concurrent, which lie side by side.
  template <const DeciderDef& D, std::uint32_t kBase = 0>
  static std::byte* Bytes(TickState& t) {
    return t.region + kBase + kSlotOffset<D>;
  }
  template <const DeciderDef& D, std::uint32_t kBase = 0>
  static SlotHeader& Slot(TickState& t) {
    return *reinterpret_cast<SlotHeader*>(Bytes<D, kBase>(t));
  }
  template <const DeciderDef& D, std::uint32_t kBase = 0>
  static void* BehaviorMemory(TickState& t) {
    return Bytes<D, kBase>(t) + kLayout<D>.memoryOffset;
  }
  // The base of child I of G, from G's (ChildBase, as constants).
  template <const DeciderDef& G, std::size_t I>
  static constexpr std::uint32_t kChildBase = [] {
    std::uint32_t at = 0;
    if (HasSideBySideChildren(G.policy))
      for (std::size_t j = 0; j < I; ++j) at += SideBySideSpan(Tree::analysis.regionEnd[Tree::analysis.IndexOf(G.children[j])]);
    return at;
  }();

  // Calls f.template operator()<I>() for the child at `index` of G; false when G has none there.
  template <const DeciderDef& G, class F>
  static bool ForChild(int index, F&& f) {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return ((index == static_cast<int>(I) ? (f.template operator()<I>(), true) : false) || ...);
    }(std::make_index_sequence<G.childCount>{});
  }
  // Calls f.template operator()<I>() for each child of G in order, until one returns true.
  template <const DeciderDef& G, class F>
  static void ForChildrenUntil(F&& f) {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (f.template operator()<I>() || ...);
    }(std::make_index_sequence<G.childCount>{});
  }

  template <const DeciderDef& D, std::uint32_t kBase = 0>
  static Context MakeContext(TickState& t) {
    Context c;
    c.time = t.time;
    c.dt = t.dt;
    c.activeTime = ActiveTime(t, D, Slot<D, kBase>(t).activatedAt);
    c.behaviorFlags = D.behaviorFlags;
    c.decisionFlags = t.decisionFlags;
    c.stimuliFlags = t.stimuliFlags;
    c.decider = &D;
    if constexpr (kHasVariables) c.variables = Variables(t);
    c.randomState = &t.header->rng;
    if constexpr (D.dblock.size != 0) {
      c.dblock = Bytes<D, kBase>(t) + kLayout<D>.dblockOffset;
      c.dblockType = D.dblock.type;
      c.dblockSize = D.dblock.size;
    }
    return c;
  }

  // Templated on the whole definition, not on its BlockType: clang 14 takes no
  // reference to a subobject (D.dblock, b.memory) as a template argument.
  static void Construct(const BlockType& block, void* at) {
    if (block.construct != nullptr) block.construct(at);
    else std::memset(at, 0, block.size);
  }
  template <const DeciderDef& D>
  static void ConstructDBlock(void* at) {
    if constexpr (D.dblock.size != 0) Construct(D.dblock, at);
  }
  template <const BehaviorDef& B>
  static void ConstructMemory(void* at) {
    if constexpr (B.memory.size != 0) Construct(B.memory, at);
  }
  template <const BehaviorDef& B>
  static void DestroyMemory(void* at) {
    if constexpr (B.memory.size != 0)
      if (B.memory.destroy != nullptr) B.memory.destroy(at);
  }

// =============================================================== [SECTION] deciding

  // The reference engine reads the DecideContext from t; the compiled Decides get
  // theirs on the stack, where an inlined Decide that ignores it leaves no store.
  static void PrepareForReference(TickState& t) {
    t.root = &Root;
    t.why = nullptr;  // a tick with a why-record is the reference tick's
    t.variables = Variables(t);
    t.runningPath = nullptr;  // a tree that keeps one is ticked by the reference tick
    t.ruleRuns = 1;           // likewise a tree that counts rule runs: never past the limit here
    t.classicExtras = false;  // neither of the two
    t.traced = false;         // nor debug output (the reference tick's, whole)
    t.pathChecked = true;     // every path handed over was checked first (OldPathFits)
  }

  // How the evaluation rule (spore::Evaluate) reaches D: every precondition a
  // constant, its Decide a direct call given its DecideContext on the stack,
  // where an inlined Decide that ignores it leaves no store.
  template <const DeciderDef& D>
  struct CompiledDecider {
    TickState& t;

    static constexpr Preconditions kPre = D.preconditions;
    bool DecisionPasses() const {
      if constexpr (kPre.decision.IsSet()) return kPre.decision.Passes(t.decisionFlags);
      else return true;
    }
    bool StimuliPasses() const {
      if constexpr (kPre.stimuli.IsSet()) return kPre.stimuli.Passes(t.stimuliFlags);
      else return true;
    }
    bool TimerPasses(TimerUse timer) {
      if constexpr (kPre.timerSeconds > 0) {
        constexpr std::uint32_t kTimerAt =
            Tree::analysis.timersOffset - sizeof(MemoryHeader) +
            sizeof(float) * static_cast<std::uint32_t>(Tree::analysis.timerIndex[Tree::analysis.IndexOf(&D)]);
        return detail::TimerPasses(t, D, *reinterpret_cast<float*>(t.region + kTimerAt), kPre.timerSeconds, timer);
      } else {
        return true;
      }
    }
    void ConstructDBlock(std::byte* dblock) { CompiledTree::ConstructDBlock<D>(dblock); }
    float Decide(std::byte* dblock) {
      if (D.decide == nullptr) return 1.0f;
      const DecideContext context{t.time, t.dt, t.decisionFlags, t.stimuliFlags, &D, Variables(t)};
      return D.decide(t.agent, dblock, context);
    }
    static constexpr bool ChildrenAccept() { return true; }  // a delegating group is the reference tick's
    static constexpr void NoteRejected(spore::Precondition) {}
    static constexpr void NoteDecided(float) {}
  };

  // Preconditions, then Decide (spore::Evaluate): > 0 accepts. Only delegation
  // to the children is left to the reference tick.
  template <const DeciderDef& D>
  static float Evaluate(TickState& t, std::byte* dblock, TimerUse timer, int depth) {
    if constexpr ((D.flags & kDelegateDecideToChildren) != 0 && kIsGroup<D>) {
      PrepareForReference(t);
      return detail::Evaluate(t, D, dblock, timer, depth);
    } else {
      CompiledDecider<D> d{t};
      return spore::Evaluate(d, dblock, timer);
    }
  }

  template <const DeciderDef& G>
  static std::uint32_t NextRandom(TickState& t) {
    if (G.random != nullptr) return G.random(t.agent);
    return NextBlockRandom(*t.header);
  }

  // G's Shuffle order fits its children (checked like the active child); true for other policies.
  template <const DeciderDef& G, std::uint32_t kBase>
  static bool OrderFits(TickState& t) {
    if constexpr (G.policy != GroupPolicy::Shuffle) return true;
    else return ShuffleOrderFits(Bytes<G, kBase>(t), G.childCount);
  }

  // Calls visit.template operator()<E, kEBase>() for D (at kBase) and for every
  // decider active below it, parents first and children in order (ForEachActive,
  // on constants), until one returns true; then true. It follows only children a
  // slot names and its group has.
  template <const DeciderDef& D, std::uint32_t kBase, class Visit>
  static bool AnyActive(TickState& t, Visit& visit) {
    if (visit.template operator()<D, kBase>()) return true;
    if constexpr (D.kind != DeciderKind::Group) {
      return false;
    } else {
      const std::byte* slot = Bytes<D, kBase>(t);
      bool found = false;
      if constexpr (!HasSideBySideChildren(D.policy)) {
        ForChild<D>(reinterpret_cast<const SlotHeader*>(slot)->activeChild,
                    [&]<std::size_t I>() { found = AnyActive<*D.children[I], kBase>(t, visit); });
      } else {
        const std::uint64_t active = ChildSetOf(slot).active;
        ForChildrenUntil<D>([&]<std::size_t I>() {
          return ((active >> I) & 1u) && (found = AnyActive<*D.children[I], kBase + kChildBase<D, I>>(t, visit));
        });
      }
      return found;
    }
  }

  // Whether the path from D (at kBase) down, active since an earlier tick, fits
  // the tree: FindDamage's test, on constants (a classic root's path is checked
  // every tick). When it does not, FindDamage names the damaged group.
  template <const DeciderDef& D, std::uint32_t kBase>
  static bool OldPathFits(TickState& t) {
    auto damaged = [&]<const DeciderDef& E, std::uint32_t kEBase>() {
      if constexpr (E.kind != DeciderKind::Group) return false;
      else if constexpr (IsClassicPolicy(E.policy)) return !classic::SlotFits(Bytes<E, kEBase>(t), E);
      else return !ActiveSlotFits(Bytes<E, kEBase>(t), E);
    };
    if (!AnyActive<D, kBase>(t, damaged)) [[likely]]
      return true;
    return detail::OldPathFits(t, D, kBase);
  }

  // The first behavior active below G (at kBase), in preorder, or null: what a
  // classic group with children side by side reports running
  // (classic::ReportRunningBehavior); detail::FirstActiveBehavior on constants.
  template <const DeciderDef& G, std::uint32_t kBase>
  static const DeciderDef* FirstActiveBehavior(TickState& t) {
    const DeciderDef* found = nullptr;
    auto behavior = [&]<const DeciderDef& E, std::uint32_t>() {
      if constexpr (E.kind == DeciderKind::Behavior) found = &E;
      return found != nullptr;
    };
    AnyActive<G, kBase>(t, behavior);
    return found;
  }

  // Clears, with Status::CorruptMemory, the children of every group from `top`
  // (at `base`) down whose slot names a child the group lacks: what
  // detail::Deactivate would follow.
  static void DropChildrenOutOfRange(TickState& t, const DeciderDef& top, std::uint32_t base) {
    ForEachActive(t.region, top, base, 0, [&](const DeciderDef& g, std::uint32_t at, int) {
      if (g.kind != DeciderKind::Group) return;
      const std::byte* slot = t.region + at + g.data->slotOffset;
      const std::uint8_t active = reinterpret_cast<const SlotHeader*>(slot)->activeChild;
      const bool outOfRange = HasSideBySideChildren(g.policy) ? (ChildSetOf(slot).active & ~AllChildren(g)) != 0
                                                              : active != kNoChild && active >= g.childCount;
      if (outOfRange) [[unlikely]]
        FailCorrupt(t, g, at);
    });
  }

  // A classic group (bt/core/classic.h) of a policy whose rules are shared
  // (bt/engine/detail/classic_rules.h): ticked here, through ClassicChildren.
  template <const DeciderDef& D>
  static constexpr bool kOwnClassic = kIsGroup<D> && classic::IsSharedClassicPolicy(D.policy);
  // The other classic kinds are the reference engine's, with everything below them.
  template <const DeciderDef& D>
  static constexpr bool kHandedOver = kIsGroup<D> && IsClassicPolicy(D.policy) && !kOwnClassic<D>;
  // Re-checked at every tick while active (kRecheckEveryTick).
  template <const DeciderDef& D>
  static constexpr bool kRechecked = (D.flags & kRecheckEveryTick) != 0;

  // A fresh choice over the children not masked, as on activation or a redecide
  // (spore::Choose; a Shuffle group's is the reference tick's).
  template <const DeciderDef& G, std::uint32_t kBase>
  static int Choose(TickState& t, std::uint64_t mask, Choice& out, int depth) {
    SporeChildren<G, kBase> c{t, depth};
    return spore::Choose(c, mask, out);
  }

// =============================================================== [SECTION] activation

  // Deactivates D and everything active below it, deepest first.
  template <const DeciderDef& D, std::uint32_t kBase = 0>
  static void Deactivate(TickState& t, int depth) {
    if constexpr (kIsGroup<D> && IsClassicPolicy(D.policy)) {
      PrepareForReference(t);
      // An old path not walked this tick was checked by its caller (Interrupt, a
      // group behavior that ended); a path walked this tick may be between states
      // (a classic group whose child just ended has none active), which is no
      // damage. Only child indices out of range are, before the Deactivates.
      DropChildrenOutOfRange(t, D, kBase);
      detail::Deactivate(t, D, kBase, depth);
      return;
    } else if constexpr (kIsGroup<D>) {
      SlotHeader& slot = Slot<D, kBase>(t);
      const std::uint8_t active = slot.activeChild;
      slot.activeChild = kNoChild;  // off the path before its Deactivates (the order of bt/engine/detail/walk.h)
      // A damaged block: what lies below cannot be known and is not called.
      if (active != kNoChild &&
          (!OrderFits<D, kBase>(t) ||
           !ForChild<D>(active, [&]<std::size_t I>() { Deactivate<*D.children[I], kBase>(t, depth + 1); })))
        [[unlikely]]
        Fail(t, Status::CorruptMemory, D);
    }
    if constexpr (D.behavior != nullptr) {
      constexpr const BehaviorDef& b = *D.behavior;
      void* memory = BehaviorMemory<D, kBase>(t);
      if (b.deactivate != nullptr) b.deactivate(t.agent, memory, MakeContext<D, kBase>(t));
      DestroyMemory<*D.behavior>(memory);
    }
  }

  // Starts D's slot from now, with the DBlock its Decide filled and its
  // behavior's memory constructed, before its group marks it active
  // (detail::StartSlot, the order of bt/engine/detail/walk.h), for TickDecider<D, true>.
  template <const DeciderDef& D, std::uint32_t kBase>
  [[gnu::always_inline]] static void StartSlot(TickState& t, const std::byte* dblock) {
    SlotHeader& slot = Slot<D, kBase>(t);
    slot.activatedAt = t.blockTime;
    slot.activeChild = kNoChild;
    slot.cursor = 0;
    if constexpr (kIsGroup<D> && HasSideBySideChildren(D.policy)) ChildSetOf(Bytes<D, kBase>(t)) = {0, 0};
    if constexpr (D.dblock.size != 0) std::memcpy(Bytes<D, kBase>(t) + kLayout<D>.dblockOffset, dblock, D.dblock.size);
    if constexpr (D.behavior != nullptr) ConstructMemory<*D.behavior>(BehaviorMemory<D, kBase>(t));
  }

  // Makes the chosen child of G active and ticks it (activating it first).
  template <const DeciderDef& G, std::uint32_t kBase>
  static Result StartChild(TickState& t, const Choice& choice, int depth) {
    Result result = Result::Failed;
    ForChild<G>(choice.index, [&]<std::size_t I>() {
      constexpr const DeciderDef& child = *G.children[I];
      StartSlot<child, kBase>(t, choice.dblock);
      Slot<G, kBase>(t).activeChild = static_cast<std::uint8_t>(I);
      result = TickDecider<child, true, kBase>(t, depth + 1);
    });
    return result;
  }

// =============================================================== [SECTION] ticking

  // kChecked: D's old path was checked this tick (OldPathFits), by a classic group
  // or a re-checked decider above it, which checks the whole path below it first
  // as the reference tick does (it calls more than Decides on its way down).
  template <const DeciderDef& D, bool kIsNew, std::uint32_t kBase = 0, bool kChecked = false>
  static Result TickDecider(TickState& t, int depth) {
    if constexpr (kHandedOver<D>) {
      PrepareForReference(t);
      if (!kIsNew && !kChecked && !OldPathFits<D, kBase>(t)) [[unlikely]]
        return Result::Failed;
      return detail::TickDecider(t, D, kBase, kIsNew, depth);
    } else if constexpr (!kIsNew && !kChecked && kIsGroup<D> && kOwnClassic<D> && classic::ChecksOwnSlotOnly(D)) {
      // Its own slot only, as the reference walk checks it; its children's as they are reached.
      if (!classic::SlotFits(Bytes<D, kBase>(t), D)) [[unlikely]]
        return FailCorrupt(t, D, kBase);
      return TickClassic<D, false, kBase, false>(t, depth);
    } else if constexpr (!kIsNew && !kChecked && kIsGroup<D> && (kOwnClassic<D> || kRechecked<D>)) {
      if (!OldPathFits<D, kBase>(t)) [[unlikely]]
        return Result::Failed;
      return TickDecider<D, false, kBase, true>(t, depth);
    } else {
      if constexpr (!kIsNew && kRechecked<D>) {  // the reference walk's rule (Recheck), before anything of D
        alignas(kMaxAlignment) std::byte scratch[D.dblock.size != 0 ? D.dblock.size : 1];  // the DBlock it holds stays
        if (!(Evaluate<D>(t, scratch, TimerUse::kRestart, depth) > 0)) return Result::Failed;
      }
      if constexpr (kOwnClassic<D>) return TickClassic<D, kIsNew, kBase, kChecked>(t, depth);
      else return TickOwnDecider<D, kIsNew, kBase, kChecked>(t, depth);
    }
  }

  // D's behavior (it has one), activated first when kIsNew, and ticked.
  template <const DeciderDef& D, bool kIsNew, std::uint32_t kBase>
  [[gnu::always_inline]] static Result TickBehavior(TickState& t) {
    constexpr const BehaviorDef& b = *D.behavior;
    void* memory = BehaviorMemory<D, kBase>(t);
    if constexpr (kIsNew) {  // its memory constructed by StartSlot
      if (b.activate != nullptr)
        if (!b.activate(t.agent, memory, MakeContext<D, kBase>(t))) return Result::Failed;
    }
    if (b.tick == nullptr) return Result::Running;
    if constexpr (b.tickTakesContext) {
      if (!ActivationFits(t, D, Slot<D, kBase>(t).activatedAt)) [[unlikely]]
        return Result::Failed;
      Context c = MakeContext<D, kBase>(t);
      c.sleep = t.sleep;  // a Tick may ask to sleep (bt/engine/sleep.h)
      return b.tick(t.agent, memory, c);
    } else {
      return b.tick(t.agent, memory, kNoContext);
    }
  }

  template <const DeciderDef& D, bool kIsNew, std::uint32_t kBase, bool kChecked>
  static Result TickOwnDecider(TickState& t, int depth) {
    if constexpr (kIsGroup<D> && !kIsNew && !kChecked) {
      // A damaged block (kNoChild too), found before anything of D is called.
      // What lies below it cannot be known: only D and what is above it are deactivated.
      if (!ActiveSlotFits(Bytes<D, kBase>(t), D)) [[unlikely]]
        return FailCorrupt(t, D, kBase);
    }
    if constexpr (D.behavior != nullptr) {
      const Result result = TickBehavior<D, kIsNew, kBase>(t);
      if constexpr (!kIsGroup<D>) {
        if (result == Result::Running) t.runningDecider = &D;
        return result;
      } else {
        if (result != Result::Running) [[unlikely]] {  // a group behavior that ends ends its group
          // whose old path below, not walked, is deactivated next: checked first, as the reference tick does.
          if constexpr (!kIsNew && !kChecked)
            if (!detail::OldPathFits(t, D, kBase)) return Result::Failed;
          return result;
        }
      }
    }
    if constexpr (!kIsGroup<D>) return Result::Failed;  // rejected by the tree's checks
    else return TickGroup<D, kIsNew, kBase, kChecked>(t, depth);
  }

  // Inline in TickOwnDecider: its group's steady step (hysteresis, then the active
  // child) belongs in the one frame, not behind a call of its own.
  template <const DeciderDef& G, bool kIsNew, std::uint32_t kBase, bool kChecked>
  [[gnu::always_inline]] static Result TickGroup(TickState& t, int depth) {
    Choice choice;
    if constexpr (kIsNew) {
      SporeChildren<G, kBase> c{t, depth};
      return spore::StartGroup(c);
    } else {
      const int active = Slot<G, kBase>(t).activeChild;  // checked by TickDecider
      if constexpr (G.policy == GroupPolicy::PrioritizedList) {
        SporeChildren<G, kBase> c{t, depth};
        choice.index = spore::ChooseAbove(c, active, choice);
        if (choice.index >= 0) return Interrupt<G, kBase>(t, choice, depth);
      }
      Result result = Result::Failed;
      ForChild<G>(active,
                  [&]<std::size_t I>() { result = TickDecider<*G.children[I], false, kBase, kChecked>(t, depth + 1); });
      if (result == Result::Running || t.error != Status::Running) return result;
      return RedecideAfter<G, kBase>(t, result, depth);
    }
  }

  // Out of line, as RedecideAfter: a transition, kept out of the steady walk's frame.
  template <const DeciderDef& G, std::uint32_t kBase>
  [[gnu::noinline]] static Result Interrupt(TickState& t, const Choice& choice, int depth) {
    SporeChildren<G, kBase> c{t, depth};
    return spore::Interrupt(c, choice);
  }

  // Deactivates G's active child; false if it met a damaged block (G is then left without an active child).
  template <const DeciderDef& G, std::uint32_t kBase>
  static bool DeactivateChild(TickState& t, int depth) {
    SlotHeader& slot = Slot<G, kBase>(t);
    const std::uint8_t active = slot.activeChild;
    slot.activeChild = kNoChild;  // off the path before its Deactivates (the order of bt/engine/detail/walk.h)
    if (!ForChild<G>(active, [&]<std::size_t I>() { Deactivate<*G.children[I], kBase>(t, depth + 1); }))
      [[unlikely]]
      Fail(t, Status::CorruptMemory, G);
    return t.error == Status::Running;
  }

  // The masked redecide of G, whose active child just ended with `result`.
  template <const DeciderDef& G, std::uint32_t kBase>
  [[gnu::noinline]] static Result RedecideAfter(TickState& t, Result result, int depth) {
    SporeChildren<G, kBase> c{t, depth};
    return spore::RedecideAfter(c, result);
  }

  // How the shared Spore rules (bt/engine/detail/spore_rules.h) reach the
  // children of G, at kBase: its policy and flags constants, each start and end
  // a direct call into this tick's code for that child. A traced tick is the
  // reference tick's whole (Tick), so the notes are empty here.
  template <const DeciderDef& G, std::uint32_t kBase>
  struct SporeChildren {
    TickState& t;
    int depth;

    static constexpr GroupPolicy Policy() { return G.policy; }
    static constexpr std::uint32_t Flags() { return G.flags; }
    static constexpr int Count() { return G.childCount; }

    // Child I as the choices evaluate it: its own code, its timer checked.
    template <std::size_t I>
    struct Child {
      TickState& t;
      int depth;
      float Evaluate(std::byte* dblock) {
        return CompiledTree::Evaluate<*G.children[I]>(t, dblock, TimerUse::kCheck, depth + 1);
      }
      static constexpr std::uint32_t DBlockSize() { return G.children[I]->dblock.size; }
    };
    // Written out here, each step inline: a call per child would cost more than its Decide.
    template <class F>
    [[gnu::always_inline]] void ForChildrenUntil(int from, int end, F&& f) {
      [&]<std::size_t... I>(std::index_sequence<I...>) __attribute__((always_inline)) {
        ((static_cast<int>(I) >= end || (static_cast<int>(I) >= from && f(static_cast<int>(I), Child<I>{t, depth}))) ||
         ...);
      }(std::make_index_sequence<G.childCount>{});
    }
    std::uint32_t NextRandom() { return CompiledTree::NextRandom<G>(t); }
    int ChooseShuffle(std::uint64_t mask, Choice& out) {
      out.index = -1;
      PrepareForReference(t);
      detail::Choose(t, G, kBase, mask, out, depth);
      return out.index;
    }
    int Active() { return Slot<G, kBase>(t).activeChild; }
    bool Stopped() const { return t.error != Status::Running; }
    bool MayRedecide() {
      if (++t.redecides <= t.redecideLimit) return true;
      Fail(t, Status::RedecideLimit, G);
      return false;
    }
    bool StillAccepts(Choice& choice) {
      if constexpr ((G.flags & kCallDecideOnRedecide) == 0) return true;
      else return Evaluate<G>(t, choice.dblock, TimerUse::kRestart, depth) > 0;
    }
    void Choose(std::uint64_t mask, Choice& out) { out.index = CompiledTree::Choose<G, kBase>(t, mask, out, depth); }
    void NewRound() {
      if constexpr (G.policy == GroupPolicy::Shuffle) Reshuffle(t, G, kBase);
    }
    bool ActivePathFits() {
      bool fits = true;
      ForChild<G>(Active(), [&]<std::size_t I>() { fits = detail::OldPathFits(t, *G.children[I], kBase); });
      return fits;
    }
    bool DeactivateActive(const char*) { return DeactivateChild<G, kBase>(t, depth); }
    Result StartChild(const Choice& choice) { return CompiledTree::StartChild<G, kBase>(t, choice, depth); }
    Result Redecide(Result result) { return RedecideAfter<G, kBase>(t, result, depth); }

    void NoteOffer(int, float, double, bool, std::uint32_t, bool) {}
    void NoteRedecide(int, Result, std::uint64_t) {}
    void NoteChoseAfter(const Choice&) {}
    void NoteTransit(Result, int, int) {}
    void NoteInterrupt(int) {}
  };

// =============================================================== [SECTION] classic groups

  // How the shared classic rules (bt/engine/detail/classic_rules.h) reach the children
  // of G, at kBase: each Start and Continue a direct call into this tick's code
  // for that child, offsets and bases constants. A tree that keeps a running
  // path or counts rule runs, or a traced tick, is the reference tick's whole
  // (Tick), so neither is noted here.
  // kChecked: G's old path was checked whole this tick (TickDecider).
  template <const DeciderDef& G, std::uint32_t kBase, bool kChecked>
  struct ClassicChildren {
    TickState& t;
    int depth;

    static constexpr GroupPolicy Policy() { return G.policy; }
    static constexpr int Count() { return G.childCount; }
    static constexpr std::uint32_t Flags() { return G.flags; }
    static constexpr const NodeConfig& Config() { return G.config; }
    static constexpr std::uint64_t AllChildren() { return detail::AllChildren(G); }
    static constexpr bool HasBehavior() { return G.behavior != nullptr; }
    static constexpr bool kSideBySide = HasSideBySideChildren(G.policy);

    bool Stopped() const { return t.error != Status::Running; }
    SlotHeader& Header() { return Slot<G, kBase>(t); }
    ChildSet& Set() { return ChildSetOf(Bytes<G, kBase>(t)); }
    LoopCount& Loops() { return *reinterpret_cast<LoopCount*>(Bytes<G, kBase>(t) + sizeof(SlotHeader)); }
    bool IsActive(int i) {
      if constexpr (kSideBySide) return (Set().active >> i) & 1u;
      else return Header().activeChild == i;
    }
    int Active() {
      const std::uint8_t active = Header().activeChild;
      return active < G.childCount ? active : -1;
    }

    // Child i checked (its preconditions and Decide), activated and ticked; one
    // that rejects fails, never activated.
    Result Start(int i, int later = -1) {
      Result result = Result::Failed;
      ForChild<G>(i, [&]<std::size_t I>() { result = StartAt<I>(later); });
      return result;
    }
    // As ClassicGroup's: child later's old path checked once i accepts, before i is activated.
    Result StartAhead(int i, int later) { return Start(i, later); }
    // Out of line, once for G: each child's start stays as short as without it.
    [[gnu::noinline]] bool LaterPathFits(int later) {
      bool fits = true;
      if (IsActive(later))
        ForChild<G>(later, [&]<std::size_t L>() { fits = OldPathFits<*G.children[L], kBase + kChildBase<G, L>>(t); });
      return fits;
    }
    template <std::size_t I>
    Result StartAt(int later) {
      constexpr const DeciderDef& child = *G.children[I];
      constexpr std::uint32_t base = kBase + kChildBase<G, I>;
      alignas(kMaxAlignment) std::byte dblock[child.dblock.size != 0 ? child.dblock.size : 1];
      if (!(Evaluate<child>(t, dblock, TimerUse::kCheck, depth + 1) > 0) || Stopped()) return Result::Failed;
      if constexpr (!kChecked)
        if (later >= 0 && !LaterPathFits(later)) [[unlikely]]
          return Result::Failed;
      StartSlot<child, base>(t, dblock);
      Mark(I);
      return TickDecider<child, true, base>(t, depth + 1);
    }
    // Child i, active since an earlier tick (or earlier in this one), ticked; its
    // path checked with G's, or else as it is reached (TickDecider).
    Result Continue(int i) {
      Result result = Result::Failed;
      ForChild<G>(i, [&]<std::size_t I>() {
        result = TickDecider<*G.children[I], false, kBase + kChildBase<G, I>, kChecked>(t, depth + 1);
      });
      return result;
    }
    Result Run(int i) { return IsActive(i) ? Continue(i) : Start(i); }
    // Child i deactivated, if active, because it ended or for a reason (debug output's, not here).
    void End(int i, const char*) { EndIfActive(i); }
    void End(int i, Result) { EndIfActive(i); }
    // Inline as far as the test (most ends are of children that rejected, never
    // activated: a Selector's earlier children, every tick), as ClassicGroup's.
    [[gnu::always_inline]] void EndIfActive(int i) {
      if (IsActive(i)) EndActive(i);
    }
    [[gnu::noinline]] void EndActive(int i) {
      Unmark(i);
      ForChild<G>(i, [&]<std::size_t I>() { Deactivate<*G.children[I], kBase + kChildBase<G, I>>(t, depth + 1); });
    }

    int RunningPathStart() const { return -1; }  // no running path here (above)
    bool StillAccepts() {
      if constexpr ((G.flags & kCallDecideOnRedecide) == 0) return true;
      alignas(kMaxAlignment) std::byte scratch[G.dblock.size != 0 ? G.dblock.size : 1];  // the DBlock it holds stays
      return Evaluate<G>(t, scratch, TimerUse::kRestart, depth) > 0;
    }
    bool MayLoop() {
      if (++t.redecides <= t.redecideLimit) return true;
      Fail(t, Status::RedecideLimit, G);
      return false;
    }

    Result TickBehavior(bool isNew) {
      if constexpr (G.behavior == nullptr) return Result::Running;
      else return isNew ? CompiledTree::TickBehavior<G, true, kBase>(t) : CompiledTree::TickBehavior<G, false, kBase>(t);
    }
    static constexpr bool SideBySide() { return kSideBySide; }
    const DeciderDef* FirstActiveBehavior() { return CompiledTree::FirstActiveBehavior<G, kBase>(t); }
    void ReportRunning(const DeciderDef* behavior) { t.runningDecider = behavior; }
    Result TickOther(bool) { return Result::Failed; }  // none: kOwnClassic

    void Mark(int i) {
      if constexpr (kSideBySide) Set().active |= std::uint64_t{1} << i;
      else Header().activeChild = static_cast<std::uint8_t>(i);
    }
    void Unmark(int i) {
      if constexpr (kSideBySide) Set().active &= ~(std::uint64_t{1} << i);
      else Header().activeChild = kNoChild;
    }
  };

  template <const DeciderDef& G, bool kIsNew, std::uint32_t kBase, bool kChecked>
  static Result TickClassic(TickState& t, int depth) {
    ClassicChildren<G, kBase, kChecked> c{t, depth};
    return classic::TickClassic(c, kIsNew);
  }

// =============================================================== [SECTION] the whole tick

  // The steady tick of an active root; false (nothing touched) to leave it to the reference tick.
  // Inlined into the caller's loop: a call per agent would cost more than much of the walk.
  [[gnu::always_inline]] static inline bool Tick(void* agent, std::byte* block, double time, float dt,
                                                 std::uint32_t decisionFlags, std::uint32_t stimuliFlags,
                                                 const TickOptions& options, TickResult& out) noexcept {
    // Read before anything else, so that the default options (kDefaultTickOptions)
    // fold away where this is inlined: read after the first call or atomic load,
    // they are loads and tests on every tick.
    WhyRecord* const why = options.why;
    double* const wakeTime = options.wakeTime;
    const int redecideLimit = options.redecideLimit;
    const TreeData& tree = Root.data->tree;
    if (tree.state.load(std::memory_order_acquire) != TreeData::kValid) [[unlikely]]
      return false;
    auto& header = *reinterpret_cast<MemoryHeader*>(block);
    const double sinceEpoch = time - header.epoch;
    const float blockTime = static_cast<float>(sinceEpoch);
    // Everything the reference tick would refuse, start afresh or rebase: the
    // reference tick's own steady-case test.
    if (NeedsFullTick(tree, header, time, dt, sinceEpoch, blockTime)) [[unlikely]]
      return false;
    // Variables not the tree's (damage): the reference tick reports and restarts them.
    if constexpr (kHasVariables)
      if (!VariableAccess::Fits(*reinterpret_cast<const VariableBlock*>(block + Tree::analysis.variablesOffset),
                                Root.variableCount, Tree::analysis.variableBools, Tree::analysis.variableExtraWords,
                                Tree::analysis.variableKinds)) [[unlikely]]
        return false;
#if BT_DEBUG_OUTPUT
    if (DebugWanted(1, agent)) [[unlikely]]
      return false;
#endif
    if (why != nullptr) [[unlikely]]  // recorded by the reference tick: the rules written once
      return false;
    // The running path is noted on every child's result: the reference tick's rule.
    if constexpr (Tree::analysis.runningPathOffset != 0) return false;
    // Rule runs are counted by the classic rules as they end children (kCountsRuleRuns).
    if constexpr (Tree::analysis.ruleRuns) return false;
    // Only what the compiled walk reads; PrepareForReference adds the rest before
    // a call into bt/engine/tick.cpp. errorDecider is written with error, and a Running
    // result always comes from a behavior decider or a classic group that set runningDecider.
    TickState t;
    const NestedScope nested(block, &t);
    t.root = &Root;  // for a node that finds its tick through the NestedScope (bt/engine/events.h: SendEvent)
    t.agent = agent;
    t.header = &header;
    t.region = block + sizeof(MemoryHeader);
    t.time = time;
    t.sinceEpoch = sinceEpoch;
    t.blockTime = blockTime;
    t.dt = dt;
    t.decisionFlags = decisionFlags;
    t.stimuliFlags = stimuliFlags;
    t.redecides = 0;
    t.redecideLimit = redecideLimit;
    t.error = Status::Running;
    SleepRequest sleepRequest;
    t.sleep = wakeTime != nullptr ? &sleepRequest : nullptr;
    header.lastTime = blockTime;

    const Result result = TickDecider<Root, false>(t, 0);
    if (result == Result::Running && t.error == Status::Running) {
      out = {Status::Running, t.runningDecider};
      if (wakeTime != nullptr) [[unlikely]] {  // the reference engine's rule (bt/engine/sleep.h)
        PrepareForReference(t);
        NoteWakeTime(t, *wakeTime);
      }
      return true;
    }
    // Nothing is left running (or the tick gave up): leave every Activate paired,
    // the root off the path first (the order of bt/engine/detail/walk.h).
    header.rootActive = 0;
    Deactivate<Root>(t, 0);
    if (t.error != Status::Running) out = {t.error, t.errorDecider};
    else out = {result == Result::Done ? Status::Done : Status::NoBehavior, nullptr};
    return true;
  }
};

}  // namespace detail

// TickBehaviorTree, compiled for ROOT (see the top of this file). ROOT must be
// defined, with everything below it, where this is called.
// An agent of a class derived from the tree's agent type is ticked as that base
// when the derivation is declared with BT_AGENT_BASE (bt/core/block_type.h).
template <const DeciderDef& Root, class Agent, std::size_t N>
[[gnu::always_inline]] inline TickResult TickBehaviorTreeCompiled(Agent& agent, Memory<N>& memory, double time, float dt,
                                    std::uint32_t decisionFlags = 0, std::uint32_t stimuliFlags = 0,
                                    const TickOptions& options = detail::kDefaultTickOptions) noexcept {
  using Tree = detail::CheckedTree<Root>;
  static_assert(Tree::analysis.agentType == kNoType || detail::ReachesAgentType<Agent>(Tree::analysis.agentType),
                "bt: the tree's functions take another agent type than the one passed to TickBehaviorTreeCompiled "
                "(for a class derived from it, declare BT_AGENT_BASE(Derived, Base))");
  static_assert(N >= Tree::memoryBytes, "bt: the memory block is too small for this tree; use bt::MemoryFor<ROOT>");
  auto& as = detail::AgentAs<Tree::analysis.agentType.info>(agent);  // converted: a base may not be at offset 0
  using As = std::remove_reference_t<decltype(as)>;
  TickResult result;
  // A tree not constant here has its one error (CheckedTree's); its walk is not written out.
  if constexpr (Tree::constant)
    if (detail::CompiledTree<Root>::Tick(&as, memory.bytes, time, dt, decisionFlags, stimuliFlags, options, result))
        [[likely]]
      return result;
  return TickBehaviorTree<As>(Root, as, memory, time, dt, decisionFlags, stimuliFlags, options);
}

// The "block" bt::MemoryFor gives a tree not constant here, whose one error
// (naming what is not defined) is already reported: the call adds none.
template <const DeciderDef& Root, class Agent>
inline TickResult TickBehaviorTreeCompiled(Agent&, detail::UnsizedTree&, double, float, std::uint32_t = 0,
                                           std::uint32_t = 0,
                                           const TickOptions& = detail::kDefaultTickOptions) noexcept {
  return {};
}

// The same on a block the caller sized and aligned; one too small or misaligned
// gets the reference tick's Status::MemoryTooSmall or Status::MemoryMisaligned.
template <const DeciderDef& Root, class Agent>
[[gnu::always_inline]] inline TickResult TickBehaviorTreeCompiled(Agent& agent, std::span<std::byte> memory, double time, float dt,
                                    std::uint32_t decisionFlags = 0, std::uint32_t stimuliFlags = 0,
                                    const TickOptions& options = detail::kDefaultTickOptions) noexcept {
  using Tree = detail::CheckedTree<Root>;
  static_assert(Tree::analysis.agentType == kNoType || detail::ReachesAgentType<Agent>(Tree::analysis.agentType),
                "bt: the tree's functions take another agent type than the one passed to TickBehaviorTreeCompiled "
                "(for a class derived from it, declare BT_AGENT_BASE(Derived, Base))");
  auto& as = detail::AgentAs<Tree::analysis.agentType.info>(agent);  // converted: a base may not be at offset 0
  using As = std::remove_reference_t<decltype(as)>;
  TickResult result;
  if constexpr (Tree::constant)
    if (memory.size() >= Tree::memoryBytes && IsAlignedBlock(memory.data()) &&
        detail::CompiledTree<Root>::Tick(&as, memory.data(), time, dt, decisionFlags, stimuliFlags, options, result))
        [[likely]]
      return result;
  return TickBehaviorTree<As>(Root, as, memory, time, dt, decisionFlags, stimuliFlags, options);
}

}  // namespace bt
