// bt/compiled_tick.h — TickBehaviorTreeCompiled<ROOT>: the same tick, generated
// at compile time for a tree whose definitions are visible.
//
// TickBehaviorTree interprets a tree through its function pointers, which is what
// lets trees come from data. When ROOT is defined with the macros in the calling
// file, this tick unrolls the steady state — the Decides above each active child
// of a prioritized list, and the active behaviors' Ticks — into direct calls the
// compiler can inline. Every transition goes through the reference engine, so the
// semantics, the memory block and the debug output are the same; the two ticks can
// even take turns on one block. With debug output wanted for the agent, the whole
// tick is the reference one, so its lines are complete.
#pragma once

#include <utility>

#include "bt/debug_output.h"
#include "bt/detail/tick_engine.h"
#include "bt/layout.h"

namespace bt {
namespace detail {

// Evaluate of a decider known at compile time: the plain case inline, the rest shared.
template <const DeciderDef& D>
inline float CompiledEvaluate(TickState& t, std::byte* dblock, int depth) {
  constexpr bool kDecideOnly =
      !D.preconditions.IsSet() && !(D.flags & kDelegateDecideToChildren) && D.dblock.size == 0;
  if constexpr (!kDecideOnly) {
    return Evaluate(t, D, dblock, true, depth);
  } else if constexpr (D.decide == nullptr) {
    return 1.0f;
  } else {
    constexpr DecideFn decide = D.decide;
    t.decideContext.decider = &D;
    const float value = decide(t.agent, dblock, t.decideContext);
    return value > 0 ? value : 0.0f;  // NaN rejects
  }
}

template <const DeciderDef& D>
Result CompiledTickActive(TickState& t, int depth);

// The first child above `active` that accepts, or -1 (prioritized-list hysteresis).
template <const DeciderDef& G, std::size_t... I>
inline int CompiledChooseAbove(TickState& t, int active, Choice& choice, int depth, std::index_sequence<I...>) {
  int found = -1;
  ((static_cast<int>(I) < active && CompiledEvaluate<*G.children[I]>(t, choice.dblock, depth + 1) > 0
        ? (found = static_cast<int>(I), true)
        : false) ||
   ...);
  return found;
}

template <const DeciderDef& G, std::size_t... I>
inline Result CompiledTickChild(TickState& t, int active, int depth, std::index_sequence<I...>) {
  Result result = Result::Failed;
  ((static_cast<int>(I) == active ? (result = CompiledTickActive<*G.children[I]>(t, depth + 1), true) : false) ||
   ...);
  return result;
}

template <const DeciderDef& G>
inline Result CompiledTickGroup(TickState& t, int depth) {
  constexpr auto kChildren = std::make_index_sequence<G.childCount>{};
  const int active = Slot(t, G, 0).activeChild;  // valid: StartPath checked the path
  if constexpr (G.policy == GroupPolicy::PrioritizedList) {
    if (active > 0) {
      Choice choice;
      choice.index = CompiledChooseAbove<G>(t, active, choice, depth, kChildren);
      if (choice.index >= 0) return Interrupt(t, G, 0, choice, depth);
    }
  }
  const Result result = CompiledTickChild<G>(t, active, depth, kChildren);
  if (result == Result::Running || t.error != Status::Running) return result;
  return RedecideAfter(t, G, 0, result, depth);
}

// Ticks D, which was active before this tick, and what is active below it.
template <const DeciderDef& D>
Result CompiledTickActive(TickState& t, int depth) {
  if constexpr (D.behavior != nullptr) {
    constexpr const BehaviorDef& b = *D.behavior;
    Result result = Result::Running;
    if constexpr (b.tick != nullptr) {
      constexpr TickFn tick = b.tick;
      void* memory = BehaviorMemory(t, D, 0);
      result = b.tickTakesContext ? tick(t.agent, memory, MakeContext(t, D, 0)) : tick(t.agent, memory, kNoContext);
    }
    if constexpr (D.kind == DeciderKind::Behavior) {
      if (result == Result::Running) t.runningDecider = &D;
      return result;
    } else {
      if (result != Result::Running) return result;  // a group behavior that ends ends its group
    }
  }
  if constexpr (D.kind == DeciderKind::Group) return CompiledTickGroup<D>(t, depth);
  else if constexpr (D.behavior == nullptr) return Result::Failed;  // rejected by InitializeTreeData
}

}  // namespace detail

// TickBehaviorTree, compiled for ROOT (see the top of this file). ROOT must be
// defined, with everything below it, before this is called.
template <const DeciderDef& Root, class Agent>
TickResult TickBehaviorTreeCompiled(Agent& agent, std::span<std::byte> memory, double time, float dt,
                                    std::uint32_t decisionFlags = 0, std::uint32_t stimuliFlags = 0,
                                    const TickOptions& options = {}) {
  BT_CHECK_TREE(Root);
  detail::TickState t;
  const DeciderDef* culprit = nullptr;
  const Status status = detail::BeginTick(t, Root, &agent, TypeTagOf<Agent>(), memory, time, dt, decisionFlags,
                                          stimuliFlags, options, culprit);
  if (status != Status::Running) return {status, culprit};
  bool isNew = false;
  TickResult early;
  if (!detail::StartPath(t, isNew, early)) return early;
#if BT_DEBUG_OUTPUT
  const bool reference = isNew || detail::DebugWanted(1, &agent);
#else
  const bool reference = isNew;
#endif
  const Result result = reference ? detail::TickDecider(t, Root, 0, isNew, 0) : detail::CompiledTickActive<Root>(t, 0);
  return detail::FinishTick(t, result);
}

template <const DeciderDef& Root, class Agent, std::size_t N>
TickResult TickBehaviorTreeCompiled(Agent& agent, Memory<N>& memory, double time, float dt,
                                    std::uint32_t decisionFlags = 0, std::uint32_t stimuliFlags = 0,
                                    const TickOptions& options = {}) {
  return TickBehaviorTreeCompiled<Root>(agent, memory.Span(), time, dt, decisionFlags, stimuliFlags, options);
}

}  // namespace bt
