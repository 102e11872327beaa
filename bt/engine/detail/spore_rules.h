// bt/engine/detail/spore_rules.h — the rules of the Spore group policies
// (PrioritizedList, Sequential, Scored, Random, Shuffle) and a decider's
// evaluation, written once for both ticks.
//
// As bt/engine/detail/classic_rules.h does for the classic kinds, each rule is a
// template over how a group reaches its children (the accessor C): the
// reference tick's SporeGroup (bt/engine/walk.cpp) reaches them through the
// definition's pointers and the offsets InitializeTreeData recorded, and carries
// the debug output and why-record hooks; the compiled tick's SporeChildren
// (bt/engine/compiled_tick.h) through constants, its starts and ends direct calls
// into its own code for each child, its hooks empty. What stays in two shapes is
// only how each walk moves.
//
// For the group rules, C provides: Policy(), Flags(), Count(),
// ForChildrenUntil(from, end, f), NextRandom(), ChooseShuffle(mask, choice),
// Active(), Stopped(), MayRedecide(),
// StillAccepts(choice), Choose(mask, choice), NewRound(), ActivePathFits(),
// DeactivateActive(why), StartChild(choice), Redecide(result), and the notes
// (empty in the compiled tick): NoteOffer(index, value, total, drew, draw,
// taken), NoteRedecide(active, result, mask), NoteChoseAfter(choice),
// NoteTransit(result, active, index), NoteInterrupt(index).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "bt/engine/detail/walk.h"
#include "bt/engine/detail/weighted_pick.h"

namespace bt::detail::spore {

// ------------------------------------------------------------------ evaluation
// A decider's evaluation, over how it is reached (the accessor D): the
// reference tick's through its definition (bt/engine/walk.cpp, and inline in
// bt/engine/detail/evaluate.h for a decider that has only a Decide), the
// compiled tick's on constants (bt/engine/compiled_tick.h).
// D provides: DecisionPasses(), StimuliPasses(), TimerPasses(timer),
// ConstructDBlock(dblock), Decide(dblock) (1 without a Decide),
// ChildrenAccept() (DelegateDecideToChildren: whether a child would accept),
// and the notes NoteRejected(check), NoteDecided(value).

// The precondition that rejected a decider, for the notes.
enum class Precondition { Decision, Stimuli, Timer };

// Preconditions, then Decide: the value (> 0 accepts, else 0), with `dblock`
// filled when the decider has one. A failed precondition calls no Decide; a
// timer is checked or restarted as `timer` says (TimerPasses).
template <class D>
[[gnu::always_inline]] inline float Evaluate(D& d, std::byte* dblock, TimerUse timer) {
  if (!d.DecisionPasses()) return d.NoteRejected(Precondition::Decision), 0.0f;
  if (!d.StimuliPasses()) return d.NoteRejected(Precondition::Stimuli), 0.0f;
  if (!d.TimerPasses(timer)) return d.NoteRejected(Precondition::Timer), 0.0f;
  // A fresh DBlock (member initializers included) even without a Decide: the
  // chosen child's DBlock is copied to its slot, and would otherwise carry
  // what a sibling's Decide left in the shared buffer.
  d.ConstructDBlock(dblock);
  float value = d.Decide(dblock);
  if (value > 0 && !d.ChildrenAccept()) value = 0;
  d.NoteDecided(value);
  return value > 0 ? value : 0.0f;  // NaN rejects
}

// ------------------------------------------------------------------ the policies

// The policies' choices, each among the children not in `mask` (a child's bit
// set: not asked), each child evaluated (preconditions, then Decide) into the
// DBlock the chosen one takes with it. C's ForChildrenUntil(from, end, f) calls
// f(i, child) for each child of [from, end) in order until f returns true; child.Evaluate(dblock) is its
// evaluation (its timer checked), child.DBlockSize() its DBlock's size.

// PrioritizedList and Sequential: the first child of [from, end) that accepts;
// those that reject are skipped. Returns its index, or -1.
template <class C>
[[gnu::always_inline]] inline int ChooseFirst(C& c, std::uint64_t mask, int from, int end, Choice& out) {
  int found = -1;
  c.ForChildrenUntil(from, end, [&](int i, auto child) {
    if ((mask >> i) & 1u) return false;
    if (!(child.Evaluate(out.dblock) > 0)) return false;
    found = i;
    return true;
  });
  return found;
}

// Hysteresis: while a child is active, a PrioritizedList decides the children
// above it (its own Decide is not called), and the first that accepts
// interrupts it (Interrupt); Random, Shuffle, Sequential and Scored re-decide
// nothing while a child is active. Returns the interrupting child's index, or -1.
template <class C>
[[gnu::always_inline]] inline int ChooseAbove(C& c, int active, Choice& out) {
  if (c.Policy() != GroupPolicy::PrioritizedList || active <= 0) return -1;
  return ChooseFirst(c, 0, 0, active, out);
}

// Scored: every child's Decide is called; the highest value above 0 wins, ties to the earlier.
template <class C>
[[gnu::always_inline]] inline int ChooseScored(C& c, std::uint64_t mask, Choice& out) {
  alignas(kMaxAlignment) std::byte scratch[sizeof(out.dblock)];
  float best = 0;
  int found = -1;
  c.ForChildrenUntil(0, c.Count(), [&](int i, auto child) {
    if ((mask >> i) & 1u) return false;
    const float value = child.Evaluate(scratch);
    if (value > best) {
      best = value;
      found = i;
      if (child.DBlockSize() != 0) std::memcpy(out.dblock, scratch, child.DBlockSize());
    }
    return false;
  });
  return found;
}

// Random: an accepting child with probability proportional to its value, in one
// pass (WeightedPick: the k-th acceptor replaces the choice with probability
// value / total so far); the first acceptor draws nothing.
template <class C>
[[gnu::always_inline]] inline int ChooseRandom(C& c, std::uint64_t mask, Choice& out) {
  alignas(kMaxAlignment) std::byte scratch[sizeof(out.dblock)];
  WeightedPick pick;
  int found = -1;
  c.ForChildrenUntil(0, c.Count(), [&](int i, auto child) {
    if ((mask >> i) & 1u) return false;
    const float value = child.Evaluate(scratch);
    if (!(value > 0)) return false;
    std::uint32_t draw = 0;
    bool drew = false;
    const bool taken = pick.Offer(value, [&] { return drew = true, draw = c.NextRandom(); });
    c.NoteOffer(i, value, pick.total, drew, draw, taken);
    if (!taken) return false;
    found = i;
    if (child.DBlockSize() != 0) std::memcpy(out.dblock, scratch, child.DBlockSize());
    return false;
  });
  return found;
}

// A fresh choice over the children not masked, by the group's policy, as on
// activation or after a redecide (a Sequential group's from its first child).
// Shuffle's (its order kept in the slot) is C's ChooseShuffle. Returns the index, or -1.
template <class C>
[[gnu::always_inline]] inline int Choose(C& c, std::uint64_t mask, Choice& out) {
  switch (c.Policy()) {
    case GroupPolicy::PrioritizedList: return ChooseFirst(c, mask, 0, c.Count(), out);
    case GroupPolicy::Sequential: return ChooseFirst(c, 0, 0, c.Count(), out);
    case GroupPolicy::Scored: return ChooseScored(c, mask, out);
    case GroupPolicy::Random: return ChooseRandom(c, mask, out);
    case GroupPolicy::Shuffle: return c.ChooseShuffle(mask, out);
    default: return -1;  // the classic policies do not choose (classic_rules.h)
  }
}

// The masked redecide of a group whose active child just ended with `result`:
// the child is masked (it stays active until replaced) and the group chooses
// again among the others; a Sequential group goes on after it instead, and
// fails with it. With kCallDecideOnRedecide the group's preconditions and
// Decide come first (its timer is not checked, it paces activation, but
// restarts: it counts from the last call to Decide, Spore S06). A group that
// finds no child fails (a Sequential one past its last is done), and its
// result passes up to the group above, which redecides in turn.
template <class C>
[[gnu::always_inline]] inline Result RedecideAfter(C& c, Result result) {
  Choice choice;
  std::uint64_t mask = 0;
  for (;;) {
    const int active = c.Active();
    if (!c.MayRedecide()) return Result::Failed;
    mask |= 1ull << active;
    c.NoteRedecide(active, result, mask);
    choice.index = -1;
    const bool sequential = c.Policy() == GroupPolicy::Sequential;
    if (sequential && result == Result::Failed) return Result::Failed;
    if ((c.Flags() & kCallDecideOnRedecide) && !c.StillAccepts(choice)) return Result::Failed;
    if (sequential) {
      choice.index = ChooseFirst(c, 0, active + 1, c.Count(), choice);
      c.NoteChoseAfter(choice);
      if (choice.index < 0) return Result::Done;
    } else {
      c.Choose(mask, choice);
      if (choice.index < 0) return Result::Failed;
    }
    c.NoteTransit(result, active, choice.index);
    if (!c.DeactivateActive(result == Result::Done ? "done" : "failed")) return Result::Failed;
    result = c.StartChild(choice);
    if (result == Result::Running || c.Stopped()) return result;
  }
}

// The child `choice` names, which accepted ahead of the active one (a
// PrioritizedList's hysteresis), interrupts it: the active path, old and not
// walked this tick, is checked, then deactivated, and the new child started;
// one that ends at once leaves the group to redecide.
template <class C>
[[gnu::always_inline]] inline Result Interrupt(C& c, const Choice& choice) {
  c.NoteInterrupt(choice.index);
  if (!c.ActivePathFits()) return Result::Failed;
  if (!c.DeactivateActive("interrupted")) return Result::Failed;
  const Result result = c.StartChild(choice);
  if (result == Result::Running || c.Stopped()) return result;
  return c.Redecide(result);
}

// A newly activated group's first choice (a Shuffle group's in a new round),
// with its first tick; nothing new starts after an error or a Stop.
template <class C>
[[gnu::always_inline]] inline Result StartGroup(C& c) {
  Choice choice;
  c.NewRound();
  c.Choose(0, choice);
  if (choice.index < 0 || c.Stopped()) return Result::Failed;
  const Result result = c.StartChild(choice);
  if (result == Result::Running || c.Stopped()) return result;
  return c.Redecide(result);
}

}  // namespace bt::detail::spore
