// bt/engine/detail/spore_rules.h — the rules of the Spore group policies
// (PrioritizedList, Sequential, Scored, Random, Shuffle), written once for both ticks.
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
// C provides: Policy(), Flags(), Active(), Stopped(), MayRedecide(),
// StillAccepts(choice), Choose(mask, choice), ChooseAfter(index, choice),
// NewRound(), ActivePathFits(), DeactivateActive(why), StartChild(choice),
// Redecide(result), and the notes (empty in the compiled tick): NoteRedecide(active,
// result, mask), NoteChoseAfter(choice), NoteTransit(result, active, index),
// NoteInterrupt(index).
#pragma once

#include <cstdint>

#include "bt/engine/detail/walk.h"

namespace bt::detail::spore {

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
      c.ChooseAfter(active, choice);
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
