// bt/compiled_tick.h — TickBehaviorTreeCompiled<ROOT>: the same tick, generated
// at compile time for a tree whose definitions are visible.
//
// TickBehaviorTree interprets a tree through its function pointers and the
// offsets InitializeTreeData recorded, which is what lets trees come from data.
// When ROOT is defined with the macros where this is called, every decider is a
// constant: this tick is the same walk written out for that one tree — its
// Decides, Activates, Ticks and Deactivates become direct calls the compiler can
// inline, and its slot offsets constants — reading and writing the same memory
// block, so the two ticks can take turns on one agent.
//
// Its contracts are TickBehaviorTree's (bt/tree.h): the same statuses for the
// same input, noexcept, re-entrant calls refused or deferred alike, any clock.
//
// It hands to the reference engine (bt/tick.cpp), so each rule is written once:
// - the whole tick, when the agent's debug output is on (its lines are then
//   complete), when the root is not active (the first tick, or after the tree
//   ended), and on any input the reference tick refuses (bad time, another
//   tree's block, a tree InitializeTreeData rejects), answered with its status;
// - the evaluation of a group that delegates its Decide to its children, and a
//   Shuffle group's choice.
//
// Why it is fast (tools/bench, the creatures workload): the code of each group
// is shared by every agent that passes through it, so the branch predictor
// learns one copy of each hysteresis Decide; the per-tick set-up is what the
// walk reads; and a damaged block is found where the walk meets it instead of
// by a walk of its own, as the reference tick does too: each group is checked
// as the walk reaches it, a classic or re-checked one with everything below it,
// and an old path not walked (an interrupted one, or one below a group behavior
// that ended) before it is deactivated. tests/compiled_tick_test.cpp checks that
// both ticks give the same calls, results and memory bytes, on damaged blocks too.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstring>
#include <limits>
#include <utility>

#include "bt/debug_output.h"
#include "bt/detail/tick_engine.h"
#include "bt/detail/variable_access.h"
#include "bt/layout.h"
#include "bt/sleep.h"

namespace bt {
namespace detail {

template <const DeciderDef& Root>
struct CompiledTree {
  using Tree = CheckedTree<Root>;

  // Whether a function pointer of a definition is null is tested with a plain
  // `if`, which the optimizer folds all the same: GCC's -fsanitize=null does not
  // take it as a constant expression when the pointer is a template thunk.

  // ---------------------------------------------------------------- layout, as constants
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

  template <const DeciderDef& D>
  static std::byte* Bytes(TickState& t) {
    return t.region + kSlotOffset<D>;
  }
  template <const DeciderDef& D>
  static SlotHeader& Slot(TickState& t) {
    return *reinterpret_cast<SlotHeader*>(Bytes<D>(t));
  }
  template <const DeciderDef& D>
  static void* BehaviorMemory(TickState& t) {
    return Bytes<D>(t) + kLayout<D>.memoryOffset;
  }

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

  template <const DeciderDef& D>
  static Context MakeContext(TickState& t) {
    Context c;
    c.time = t.time;
    c.dt = t.dt;
    c.activeTime = t.blockTime - Slot<D>(t).activatedAt;
    c.behaviorFlags = D.behaviorFlags;
    c.decisionFlags = t.decisionFlags;
    c.stimuliFlags = t.stimuliFlags;
    c.decider = &D;
    if constexpr (kHasVariables) c.variables = Variables(t);
    c.randomState = &t.header->rng;
    if constexpr (D.dblock.size != 0) {
      c.dblock = Bytes<D>(t) + kLayout<D>.dblockOffset;
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

  // ---------------------------------------------------------------- deciding

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

  // Preconditions, then Decide, as bt/tick.cpp's Evaluate: > 0 accepts. Only
  // delegation to the children is left to it.
  template <const DeciderDef& D>
  static float Evaluate(TickState& t, std::byte* dblock, TimerUse timer, int depth) {
    if constexpr ((D.flags & kDelegateDecideToChildren) != 0 && kIsGroup<D>) {
      PrepareForReference(t);
      return detail::Evaluate(t, D, dblock, timer, depth);
    } else {
      constexpr Preconditions pre = D.preconditions;
      if constexpr (pre.decision.IsSet())
        if (!pre.decision.Passes(t.decisionFlags)) return 0;
      if constexpr (pre.stimuli.IsSet())
        if (!pre.stimuli.Passes(t.stimuliFlags)) return 0;
      if constexpr (pre.timerSeconds > 0) {
        constexpr std::uint32_t kTimerAt =
            Tree::analysis.timersOffset - sizeof(MemoryHeader) +
            sizeof(float) * static_cast<std::uint32_t>(Tree::analysis.timerIndex[Tree::analysis.IndexOf(&D)]);
        if (!TimerPasses(t, *reinterpret_cast<float*>(t.region + kTimerAt), pre.timerSeconds, timer)) return 0;
      }
      // A fresh DBlock even without a Decide, as the reference tick (bt/tick.cpp says why).
      ConstructDBlock<D>(dblock);
      if (D.decide == nullptr) return 1.0f;
      const DecideContext context{t.time, t.dt, t.decisionFlags, t.stimuliFlags, &D, Variables(t)};
      const float value = D.decide(t.agent, dblock, context);
      return value > 0 ? value : 0.0f;  // NaN rejects
    }
  }

  template <const DeciderDef& G>
  static std::uint32_t NextRandom(TickState& t) {
    if (G.random != nullptr) return G.random(t.agent);
    return NextBlockRandom(*t.header);
  }

  // The policies, as in bt/tick.cpp; each returns the chosen child's index or -1.
  // PrioritizedList and Sequential: the first child of [from, end) not masked that accepts.
  template <const DeciderDef& G>
  static int ChooseFirst(TickState& t, std::uint64_t mask, int from, int end, Choice& out, int depth) {
    int found = -1;
    ForChildrenUntil<G>([&]<std::size_t I>() {
      constexpr int i = static_cast<int>(I);
      if (i >= end) return true;
      if (i < from || ((mask >> i) & 1u)) return false;
      if (!(Evaluate<*G.children[I]>(t, out.dblock, TimerUse::kCheck, depth + 1) > 0)) return false;
      found = i;
      return true;
    });
    return found;
  }

  template <const DeciderDef& G>
  static int ChooseScored(TickState& t, std::uint64_t mask, Choice& out, int depth) {
    alignas(kMaxAlignment) std::byte scratch[sizeof(out.dblock)];
    float best = 0;
    int found = -1;
    ForChildrenUntil<G>([&]<std::size_t I>() {
      constexpr const DeciderDef& child = *G.children[I];
      if ((mask >> I) & 1u) return false;
      const float value = Evaluate<child>(t, scratch, TimerUse::kCheck, depth + 1);
      if (value > best) {
        best = value;
        found = static_cast<int>(I);
        std::memcpy(out.dblock, scratch, child.dblock.size);
      }
      return false;
    });
    return found;
  }

  template <const DeciderDef& G>
  static int ChooseRandom(TickState& t, std::uint64_t mask, Choice& out, int depth) {
    alignas(kMaxAlignment) std::byte scratch[sizeof(out.dblock)];
    WeightedPick pick;
    int found = -1;
    ForChildrenUntil<G>([&]<std::size_t I>() {
      constexpr const DeciderDef& child = *G.children[I];
      if ((mask >> I) & 1u) return false;
      const float value = Evaluate<child>(t, scratch, TimerUse::kCheck, depth + 1);
      if (!(value > 0) || !pick.Offer(value, [&] { return NextRandom<G>(t); })) return false;
      found = static_cast<int>(I);
      std::memcpy(out.dblock, scratch, child.dblock.size);
      return false;
    });
    return found;
  }

  // G's Shuffle order fits its children (checked like the active child); true for other policies.
  template <const DeciderDef& G>
  static bool OrderFits(TickState& t) {
    if constexpr (G.policy != GroupPolicy::Shuffle) return true;
    else return ShuffleOrderFits(Bytes<G>(t), G.childCount);
  }

  // Damage found at group `g`: what lies below it cannot be known, so only g and
  // what is above it will be deactivated (at the end of the tick).
  // `base`: where g lies (bt/memory.h), 0 but below children side by side.
  [[gnu::noinline]] static Result FailCorrupt(TickState& t, const DeciderDef& g, std::uint32_t base = 0) {
    ClearActiveChildren(t.region + base + g.data->slotOffset, g);
    Fail(t, Status::CorruptMemory, g);
    return Result::Failed;
  }

  // Whether the path from `top` down, active since an earlier tick and not walked
  // this one, fits the tree; else the tick fails at its first damaged group.
  static bool OldPathFits(TickState& t, const DeciderDef& top) {
    std::uint32_t base = 0;
    const DeciderDef* damaged = FindDamage(t.region, top, 0, &base);
    if (damaged == nullptr) [[likely]]
      return true;
    FailCorrupt(t, *damaged, base);
    return false;
  }

  // Clears, with Status::CorruptMemory, the children of every group from `top`
  // down whose slot names a child the group lacks: what detail::Deactivate would follow.
  static void DropChildrenOutOfRange(TickState& t, const DeciderDef& top) {
    ForEachActive(t.region, top, 0, 0, [&](const DeciderDef& g, std::uint32_t base, int) {
      if (g.kind != DeciderKind::Group) return;
      const std::byte* slot = t.region + base + g.data->slotOffset;
      const std::uint8_t active = reinterpret_cast<const SlotHeader*>(slot)->activeChild;
      const bool outOfRange = HasSideBySideChildren(g.policy) ? (ChildSetOf(slot).active & ~AllChildren(g)) != 0
                                                              : active != kNoChild && active >= g.childCount;
      if (outOfRange) [[unlikely]]
        FailCorrupt(t, g, base);
    });
  }

  // The classic kinds (bt/classic.h) are the reference engine's: a classic group
  // and everything below it, and a decider re-checked at every tick.
  template <const DeciderDef& D>
  static constexpr bool kHandedOver =
      (kIsGroup<D> && IsClassicPolicy(D.policy)) || (D.flags & kRecheckEveryTick) != 0;

  // Whether the tree has a classic group, which records itself in the TickState when it runs (RunningBehavior).
  static constexpr bool kHasClassicGroup = [] {
    for (int i = 0; i < Tree::analysis.count; ++i)
      if (const DeciderDef& d = *Tree::analysis.deciders[i]; d.kind != DeciderKind::Behavior && IsClassicPolicy(d.policy))
        return true;
    return false;
  }();

  // A fresh choice over the children not masked, as on activation or a redecide.
  template <const DeciderDef& G>
  static int Choose(TickState& t, std::uint64_t mask, Choice& out, int depth) {
    if constexpr (G.policy == GroupPolicy::PrioritizedList) return ChooseFirst<G>(t, mask, 0, G.childCount, out, depth);
    else if constexpr (G.policy == GroupPolicy::Sequential) return ChooseFirst<G>(t, 0, 0, G.childCount, out, depth);
    else if constexpr (G.policy == GroupPolicy::Scored) return ChooseScored<G>(t, mask, out, depth);
    else if constexpr (G.policy == GroupPolicy::Random) return ChooseRandom<G>(t, mask, out, depth);
    else {
      out.index = -1;
      PrepareForReference(t);
      detail::Choose(t, G, 0, mask, out, depth);
      return out.index;
    }
  }

  // ---------------------------------------------------------------- activation

  // Deactivates D and everything active below it, deepest first.
  template <const DeciderDef& D>
  static void Deactivate(TickState& t, int depth) {
    if constexpr (kHandedOver<D>) {
      PrepareForReference(t);
      // An old path not walked this tick was checked by its caller (Interrupt, a
      // group behavior that ended); a path walked this tick may be between states
      // (a classic group whose child just ended has none active), which is no
      // damage. Only child indices out of range are, before the Deactivates.
      if (kIsGroup<D>) DropChildrenOutOfRange(t, D);
      detail::Deactivate(t, D, 0, depth);
      return;
    } else if constexpr (kIsGroup<D>) {
      SlotHeader& slot = Slot<D>(t);
      // A damaged block: what lies below cannot be known and is not called.
      if (slot.activeChild != kNoChild &&
          (!OrderFits<D>(t) ||
           !ForChild<D>(slot.activeChild, [&]<std::size_t I>() { Deactivate<*D.children[I]>(t, depth + 1); })))
        [[unlikely]]
        Fail(t, Status::CorruptMemory, D);
      slot.activeChild = kNoChild;
    }
    if constexpr (D.behavior != nullptr) {
      constexpr const BehaviorDef& b = *D.behavior;
      void* memory = BehaviorMemory<D>(t);
      if (b.deactivate != nullptr) b.deactivate(t.agent, memory, MakeContext<D>(t));
      DestroyMemory<*D.behavior>(memory);
    }
  }

  // Makes the chosen child of G active and ticks it (activating it first).
  template <const DeciderDef& G>
  static Result StartChild(TickState& t, const Choice& choice, int depth) {
    Slot<G>(t).activeChild = static_cast<std::uint8_t>(choice.index);
    Result result = Result::Failed;
    ForChild<G>(choice.index, [&]<std::size_t I>() {
      constexpr const DeciderDef& child = *G.children[I];
      SlotHeader& slot = Slot<child>(t);
      slot.activatedAt = t.blockTime;
      slot.activeChild = kNoChild;
      slot.cursor = 0;
      if constexpr (child.dblock.size != 0)
        std::memcpy(Bytes<child>(t) + kLayout<child>.dblockOffset, choice.dblock, child.dblock.size);
      result = TickDecider<child, true>(t, depth + 1);
    });
    return result;
  }

  // ---------------------------------------------------------------- ticking

  template <const DeciderDef& D, bool kIsNew>
  static Result TickDecider(TickState& t, int depth) {
    if constexpr (kHandedOver<D>) {
      PrepareForReference(t);
      if (!kIsNew && kIsGroup<D> && !OldPathFits(t, D)) [[unlikely]]
        return Result::Failed;
      return detail::TickDecider(t, D, 0, kIsNew, depth);
    } else {
      return TickOwnDecider<D, kIsNew>(t, depth);
    }
  }

  template <const DeciderDef& D, bool kIsNew>
  static Result TickOwnDecider(TickState& t, int depth) {
    if constexpr (kIsGroup<D> && !kIsNew) {
      // A damaged block (kNoChild too), found before anything of D is called.
      // What lies below it cannot be known: only D and what is above it are deactivated.
      if (!ActiveSlotFits(Bytes<D>(t), D)) [[unlikely]]
        return FailCorrupt(t, D);
    }
    if constexpr (D.behavior != nullptr) {
      constexpr const BehaviorDef& b = *D.behavior;
      void* memory = BehaviorMemory<D>(t);
      if constexpr (kIsNew) {
        ConstructMemory<*D.behavior>(memory);
        if (b.activate != nullptr)
          if (!b.activate(t.agent, memory, MakeContext<D>(t))) return Result::Failed;
      }
      Result result = Result::Running;
      if (b.tick != nullptr) {
        if constexpr (b.tickTakesContext) {
          Context c = MakeContext<D>(t);
          c.sleep = t.sleep;  // a Tick may ask to sleep (bt/sleep.h)
          result = b.tick(t.agent, memory, c);
        }
        else result = b.tick(t.agent, memory, kNoContext);
      }
      if constexpr (!kIsGroup<D>) {
        if (result == Result::Running) t.runningDecider = &D;
        return result;
      } else {
        if (result != Result::Running) [[unlikely]] {  // a group behavior that ends ends its group
          // whose old path below, not walked, is deactivated next: checked first, as the reference tick does.
          if constexpr (!kIsNew)
            if (!OldPathFits(t, D)) return Result::Failed;
          return result;
        }
      }
    }
    if constexpr (!kIsGroup<D>) return Result::Failed;  // rejected by the tree's checks
    else return TickGroup<D, kIsNew>(t, depth);
  }

  template <const DeciderDef& G, bool kIsNew>
  static Result TickGroup(TickState& t, int depth) {
    Choice choice;
    if constexpr (kIsNew) {
      if constexpr (G.policy == GroupPolicy::Shuffle) Reshuffle(t, G, 0);
      choice.index = Choose<G>(t, 0, choice, depth);
      if (choice.index < 0 || t.error != Status::Running) return Result::Failed;  // an error or Stop: nothing new starts
      const Result result = StartChild<G>(t, choice, depth);
      if (result == Result::Running || t.error != Status::Running) return result;
      return RedecideAfter<G>(t, result, depth);
    } else {
      const int active = Slot<G>(t).activeChild;  // checked by TickDecider
      if constexpr (G.policy == GroupPolicy::PrioritizedList) {
        if (active > 0) {
          choice.index = ChooseFirst<G>(t, 0, 0, active, choice, depth);
          if (choice.index >= 0) return Interrupt<G>(t, choice, depth);
        }
      }
      Result result = Result::Failed;
      ForChild<G>(active, [&]<std::size_t I>() { result = TickDecider<*G.children[I], false>(t, depth + 1); });
      if (result == Result::Running || t.error != Status::Running) return result;
      return RedecideAfter<G>(t, result, depth);
    }
  }

  template <const DeciderDef& G>
  static Result Interrupt(TickState& t, const Choice& choice, int depth) {
    // The interrupted path is old and not walked this tick: checked before its Deactivates.
    bool fits = true;
    ForChild<G>(Slot<G>(t).activeChild,
                [&]<std::size_t I>() { fits = OldPathFits(t, *G.children[I]); });
    if (!fits) [[unlikely]]
      return Result::Failed;
    if (!DeactivateChild<G>(t, depth)) return Result::Failed;
    const Result result = StartChild<G>(t, choice, depth);
    if (result == Result::Running || t.error != Status::Running) return result;
    return RedecideAfter<G>(t, result, depth);
  }

  // Deactivates G's active child; false if it met a damaged block (G is then left without an active child).
  template <const DeciderDef& G>
  static bool DeactivateChild(TickState& t, int depth) {
    SlotHeader& slot = Slot<G>(t);
    if (!ForChild<G>(slot.activeChild, [&]<std::size_t I>() { Deactivate<*G.children[I]>(t, depth + 1); }))
      [[unlikely]]
      Fail(t, Status::CorruptMemory, G);
    if (t.error == Status::Running) [[likely]]
      return true;
    slot.activeChild = kNoChild;
    return false;
  }

  // The masked redecide of G, whose active child just ended with `result`.
  template <const DeciderDef& G>
  [[gnu::noinline]] static Result RedecideAfter(TickState& t, Result result, int depth) {
    Choice choice;
    std::uint64_t mask = 0;
    for (;;) {
      const int active = Slot<G>(t).activeChild;
      if (++t.redecides > t.redecideLimit) return Fail(t, Status::RedecideLimit, G), Result::Failed;
      mask |= 1ull << active;
      if constexpr (G.policy == GroupPolicy::Sequential)
        if (result == Result::Failed) return Result::Failed;
      if constexpr ((G.flags & kCallDecideOnRedecide) != 0)
        if (!(Evaluate<G>(t, choice.dblock, TimerUse::kRestart, depth) > 0)) return Result::Failed;
      if constexpr (G.policy == GroupPolicy::Sequential) {
        choice.index = ChooseFirst<G>(t, 0, active + 1, G.childCount, choice, depth);
        if (choice.index < 0) return Result::Done;
      } else {
        choice.index = Choose<G>(t, mask, choice, depth);
        if (choice.index < 0) return Result::Failed;
      }
      if (!DeactivateChild<G>(t, depth)) return Result::Failed;
      result = StartChild<G>(t, choice, depth);
      if (result == Result::Running || t.error != Status::Running) return result;
    }
  }

  // ---------------------------------------------------------------- the whole tick

  // The steady tick of an active root; false (nothing touched) to leave it to the reference tick.
  // Inlined into the caller's loop: measured, the call alone cost a fifth of a creatures tick.
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
                                Root.variableCount, Tree::analysis.variableBools)) [[unlikely]]
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
    // a call into bt/tick.cpp. errorDecider is written with error, and a Running
    // result always comes from a behavior decider that set runningDecider.
    TickState t;
    const NestedScope nested(block, &t);
    t.root = &Root;  // for a node that finds its tick through the NestedScope (bt/events.h: SendEvent)
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
    if constexpr (kHasClassicGroup) t.runningGroup = nullptr;
    SleepRequest sleepRequest;
    t.sleep = wakeTime != nullptr ? &sleepRequest : nullptr;
    header.lastTime = blockTime;

    const Result result = TickDecider<Root, false>(t, 0);
    if (result == Result::Running && t.error == Status::Running) {
      if constexpr (kHasClassicGroup) RunningBehavior(t);
      out = {Status::Running, t.runningDecider};
      if (wakeTime != nullptr) [[unlikely]] {  // the reference engine's rule (bt/sleep.h)
        PrepareForReference(t);
        NoteWakeTime(t, *wakeTime);
      }
      return true;
    }
    // Nothing is left running (or the tick gave up): leave every Activate paired.
    Deactivate<Root>(t, 0);
    header.rootActive = 0;
    if (t.error != Status::Running) out = {t.error, t.errorDecider};
    else out = {result == Result::Done ? Status::Done : Status::NoBehavior, nullptr};
    return true;
  }
};

}  // namespace detail

// TickBehaviorTree, compiled for ROOT (see the top of this file). ROOT must be
// defined, with everything below it, where this is called.
// An agent of a class derived from the tree's agent type is ticked as that base
// when the derivation is declared with BT_AGENT_BASE (bt/block_type.h).
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
  if (detail::CompiledTree<Root>::Tick(&as, memory.bytes, time, dt, decisionFlags, stimuliFlags, options, result))
      [[likely]]
    return result;
  return TickBehaviorTree<As>(Root, as, memory, time, dt, decisionFlags, stimuliFlags, options);
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
  if (memory.size() >= Tree::memoryBytes && IsAlignedBlock(memory.data()) &&
      detail::CompiledTree<Root>::Tick(&as, memory.data(), time, dt, decisionFlags, stimuliFlags, options, result))
      [[likely]]
    return result;
  return TickBehaviorTree<As>(Root, as, memory, time, dt, decisionFlags, stimuliFlags, options);
}

}  // namespace bt
