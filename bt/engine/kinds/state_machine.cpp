// bt/engine/kinds/state_machine.cpp — the StateMachine policy: MBT `StateMachine` /
// `State name` / `Transitions` / `Transition to onEvent` / `BehaviorTree`, as
// Lumberyard's MBT runs them.
//
// The machine's children are its states, each any decider (usually a one-child
// Decorator group named for the state, whose child is the state's tree). Each
// state's transitions are data on it: DeciderDef::config.eventTransitions (bt/core/classic.h).
// - It starts at the first state, with no transition pending.
// - An event reaching the machine on the running path (bt/engine/events.h) is looked up
//   in the transitions of the state it is headed for — the pending one if a
//   transition is pending, else the current one — and the first that matches
//   becomes the pending transition. So two events in one tick chain: A -> B,
//   then B's transition on the second event. The event then goes on to the
//   current state's tree, as MBT forwards it.
// - At its next tick the machine applies a pending transition: the current
//   state is deactivated, the pending one becomes current and is activated and
//   ticked. A transition to the current state restarts it. A transition
//   recorded during the machine's own tick waits for the next one.
// - Its result is its current state's: a state that ends ends the machine (MBT
//   terminates a node that is no longer running), and a pending transition with
//   it; when the machine is entered again it starts at the first state.
// Slot: SlotHeader::activeChild is the current state, SlotHeader::cursor the
// state a pending transition goes to, kNoChild when none is pending
// (StateMachineSlotFits, bt/engine/detail/block_reading.h, reports anything else as damage).

#include "bt/core/classic.h"
#include "bt/core/debug_output.h"
#include "bt/engine/detail/walk.h"

namespace bt::detail {

Result TickStateMachine(TickState& t, const DeciderDef& g, std::uint32_t base, bool isNew, int depth) {
  SlotHeader& slot = Slot(t, g, base);
  int state = isNew ? -1 : slot.activeChild;
  Result result;
  if (isNew) {
    slot.cursor = kNoChild;  // before the first state starts: an event it sends may set it
    result = StartClassicChild(t, g, base, state = 0, depth);
  } else if (slot.cursor != kNoChild) {
    const int to = slot.cursor;
    slot.cursor = kNoChild;
    BT_DEBUG_OUT(t, 4, depth, "%s/0x%x: transition from state %s/0x%x to %s/0x%x", g.name, g.data->id,
                 g.children[state]->name, g.children[state]->data->id, g.children[to]->name, g.children[to]->data->id);
    EndClassicChild(t, g, base, state, "transition", depth);
    if (t.error != Status::Running) return Result::Failed;
    result = StartClassicChild(t, g, base, state = to, depth);
  } else {
    result = TickDecider(t, *g.children[state], base, false, depth + 1);
  }
  if (result != Result::Running && t.error == Status::Running)
    EndClassicChild(t, g, base, state, result == Result::Done ? "done" : "failed", depth);
  return result;
}

bool StateMachineHears(std::byte* slot, const DeciderDef& g, std::uint32_t event) {
  SlotHeader& header = *reinterpret_cast<SlotHeader*>(slot);
  const std::uint8_t from = header.cursor != kNoChild ? header.cursor : header.activeChild;
  if (from >= g.childCount)
    return false;  // damage, or between two states: the tick reports the one, and the other hears nothing
  const NodeConfig& state = g.children[from]->config;
  for (int i = 0; i < state.eventTransitionCount; ++i) {
    if (state.eventTransitions[i].onEvent == event) {
      header.cursor = state.eventTransitions[i].to;
      return true;
    }
  }
  return false;
}

}  // namespace bt::detail
