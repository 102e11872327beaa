// bt/engine/events.h — per-agent events, as Lumberyard's MBT delivers them: the
// game, or a node of the tree, sends an agent an event; it reaches only the
// deciders on the agent's running path.
//
//   bt::SendEvent(ROOT, agent, memory, "OnEnemySeen", time);
//
// An event is identified by bt::NameId of its name (no allocation, no string
// kept). Delivering it, at once and in this order (MBT's):
// 0. the variables the tree's declarations have it set take their values
//    (VariableDecl::signals, bt/engine/signal_variables.h);
// 1. the timestamps it names are set to `time` (bt/core/timestamps.h);
// 2. it walks the running path, parents before children and, under a Parallel,
//    every running child in order (detail::ForEachActive). Each active
//    StateMachine records the transition it triggers, applied at the machine's
//    next tick (bt/engine/kinds/state_machine.cpp); each active behavior with an
//    onEvent (BehaviorDef) is told, e.g. WaitForEvent records that it arrived.
// Deciders off the running path never hear it: an event is not queued for a
// node that starts later.
//
// Sent during a tick (the SendEvent and SendTransitionEvent nodes from their
// Activate, or any callback calling bt::SendEvent on its own agent's block), an
// event is delivered at once, as MBT's SendEvent node calls HandleEvent from its
// OnInitialize: it walks the path as it stands — the deciders already active,
// down to the node sending it — and what it records acts as above (a
// StateMachine's transition at its next tick, a WaitForEvent at its next Tick).
// Nothing is queued, so nothing can overflow. An event sent to a block whose
// delivery is under way anywhere on this thread (a handler sending to its own
// agent, or to another agent whose handler forwards it back) is refused
// (Status::Reentered), and so are a tick, Stop, ResetMemory, SaveMemory and
// RestoreMemory of that block from its handlers: the delivery goes on over the
// path as it stood. Deliveries nest with ticks and Stops up to kMaxNestedTicks
// deep (Reentered past it). (A Stop from a handler of a delivery made during a
// tick of the block is that tick's, as from any of its callbacks.)
//
// A behavior is on the running path only while its memory struct is alive
// (bt/engine/detail/walk.h: the order of a decider's start and end): it joins
// after its memory's constructor, before its Activate, and leaves, with all
// below it, before its Deactivate and destructor. So whichever callback sends
// an event (a memory constructor or destructor, Decide, Activate, Tick,
// Deactivate, onEvent, the debug output or refusal hook), no handler is told of
// it on memory not yet made or already gone, in either tick.
//
// So the SendEvent node sets the tree's signal variables too, as MBT's does. A
// game's own table of signals (bt/engine/signal_variables.h): call ApplySignal beside
// SendEvent.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "bt/core/behavior.h"
#include "bt/core/decider.h"
#include "bt/core/kinds.h"
#include "bt/core/memory.h"
#include "bt/core/name_id.h"
#include "bt/core/tree.h"

namespace bt {

// An event's id: bt::NameId of its name. From a name (`"OnEnemySeen"`) or an id.
struct EventId {
  std::uint32_t value = 0;
  constexpr EventId(const char* name) : value(NameId(name)) {}  // NOLINT: implicit on purpose
  constexpr explicit EventId(std::uint32_t id) : value(id) {}
};

// What an active behavior's onEvent is told.
struct EventContext {
  std::uint32_t event = 0;              // NameId of the event's name
  double time = 0;                      // [seconds] when it was sent
  const DeciderDef* decider = nullptr;  // the decider running the behavior
  VariableBlock* variables = nullptr;   // the agent's variables; null if the tree has none

  std::span<const Param> Params() const { return decider != nullptr ? decider->Params() : std::span<const Param>{}; }
};

// Sends an event to the agent whose block is `memory`, at `time` (what the
// timestamps it sets record). Returns
// - Running: delivered along the running path;
// - NoBehavior: nothing is active (a block never ticked, or whose tree ended):
//   only its timestamps were set (a fresh block's variables start here, as
//   VariablesOf starts them);
// - what a tick refuses with, nothing changed: InvalidTree, NullAgent,
//   AgentTypeMismatch, MemoryTooSmall, MemoryMisaligned, MemoryFromOtherTree;
//   BadTime for a time not finite (or beyond kMaxTickTime); Reentered for a
//   block whose delivery is under way on this thread, or past kMaxNestedTicks
//   nested ticks, Stops and deliveries.
// A damaged block is walked as far as it is valid (the next tick reports it);
// its variables, if damaged, are left to the next tick to restart.
[[nodiscard]] Status SendEvent(const DeciderDef& root, void* agent, TypeTag agentType, std::span<std::byte> memory,
                               EventId event, double time) noexcept;

template <class Agent>
[[nodiscard]] Status SendEvent(const DeciderDef& root, Agent* agent, std::span<std::byte> memory, EventId event,
                               double time) noexcept {
  void* erased;
  TypeTag type;
  detail::EraseAgent(root, agent, erased, type);
  return SendEvent(root, erased, type, memory, event, time);
}

template <class Agent>
[[nodiscard]] Status SendEvent(const DeciderDef& root, Agent& agent, std::span<std::byte> memory, EventId event,
                               double time) noexcept {
  return SendEvent(root, &agent, memory, event, time);
}

template <class Agent, std::size_t N>
[[nodiscard]] Status SendEvent(const DeciderDef& root, Agent& agent, Memory<N>& memory, EventId event,
                               double time) noexcept {
  return SendEvent(root, &agent, memory.Span(), event, time);
}

namespace detail {
// The event nodes' functions (bt/engine/events.cpp).
bool SendNamedEvent(void* agent, void* memory, const Context& context);
Result EventNodeDone(void* agent, void* memory, const Context& context);
// Bytes, not a bool or a Result: a damaged block's bytes are read as what they
// are (arrived: not 0; a result other than Done fails).
struct WaitForEventMemory {
  std::uint32_t event;
  Result result;
  std::uint8_t arrived;
};
bool WaitForEventActivate(void* agent, void* memory, const Context& context);
Result WaitForEventTick(void* agent, void* memory, const Context& context);
void WaitForEventHears(void* agent, void* memory, const EventContext& context);
}  // namespace detail

// The built-in event nodes, configured by their decider's parameters (bt/core/param.h);
// constants, so trees using them are constant too (bt::MemoryFor, the compiled tick).
// A decider without the `name` parameter fails on activation (MBT refuses to load it).
// MBT SendEvent name: sends the event `name` (Text) on activation; Done at its first tick.
constexpr BehaviorDef kSendEvent{
    .name = "SendEvent", .activate = detail::SendNamedEvent, .tick = detail::EventNodeDone};
// MBT SendTransitionEvent name: sends the event on activation, then runs until interrupted.
constexpr BehaviorDef kSendTransitionEvent{.name = "SendTransitionEvent", .activate = detail::SendNamedEvent};
// MBT WaitForEvent name result: Running until the event `name` (Text) reaches it
// while active, then `result` (Text "Success" or "Failure", default Success) at its
// next Tick: Done or Failed. Any other `result` fails on activation.
constexpr BehaviorDef kWaitForEvent{
    .name = "WaitForEvent",
    .activate = detail::WaitForEventActivate,
    .tick = detail::WaitForEventTick,
    .memory = BlockTypeOf<detail::WaitForEventMemory>("bt::detail::WaitForEventMemory"),
    .onEvent = detail::WaitForEventHears};

}  // namespace bt
