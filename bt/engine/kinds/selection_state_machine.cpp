// bt/engine/kinds/selection_state_machine.cpp — the rule of the SelectionStateMachine
// policy: CryEngine 3.4 Behavior Selection Trees' `StateMachine` / `State` /
// `Transition state= condition=`, as Lumberyard's selection trees evaluate them.
//
// A selection tree is evaluated from its root at every update and yields a leaf,
// whose name the game maps to a behavior. On bt a selection tree is a tree whose
// Leafs are behavior deciders (their behaviors run while selected: Running) and
// whose tick selects the leaf that runs: the active behavior decider.
// - `Priority` is a PrioritizedList whose children are rechecked every tick
//   (kRecheckEveryTick: CryEngine re-reads the selected child's condition too)
//   and whose group children delegate their Decide (kDelegateDecideToChildren:
//   a child is chosen only if its condition holds AND its subtree yields a leaf).
//   The first child that passes both wins, as in CryEngine; the old leaf is
//   deactivated only once its replacement is known.
// - `StateMachine` is this policy: its children are its states' nodes (a
//   `State`'s one child), its transitions a table (NodeConfig::transitions).
// - `Sequence` is parsed by the engine but does not work there: not mapped.
//
// The state machine, each tick (each evaluation):
// - it starts from its current state while the selection stays inside it (it is
//   on the active path), else from its first state;
// - from there it follows transitions: a state's transitions are tried in table
//   order and the first whose condition accepts moves it to that state, until
//   none fires or one leads to a state already visited in this evaluation (that
//   transition is taken, then it stops: CryEngine breaks after moving);
// - the state reached is selected: its child runs on if it was the current
//   state; otherwise its child is asked (its Decide, delegated to its subtree) and,
//   if it accepts, the old state's child is deactivated and the new one activated
//   and ticked. A state whose child yields no leaf fails the machine, with the old
//   state still active: the group above replaces it (CryEngine moves on to the
//   next Priority child).
// A state's child that ends (a leaf's behavior done or failed, which selection
// trees do not expect) is deactivated and the machine gives its result.
//
// One difference, by necessity: CryEngine marks as visited, before following
// transitions, the state the machine last selected (kept in the node even while
// the selection is elsewhere), also when it restarts from its first state. A bt
// group keeps no state while inactive (its memory is its siblings' then), so the
// state it starts from is the one marked.

#include "bt/core/debug_output.h"
#include "bt/engine/detail/walk.h"

namespace bt::detail {
namespace {

// The state reached from `from` along the transitions (see above).
int FollowTransitions(TickState& t, const DeciderDef& g, int from, int depth) {
  alignas(kMaxAlignment) std::byte scratch[kMaxDBlockBytes > 0 ? kMaxDBlockBytes : 1];  // conditions have no DBlock
  std::uint64_t visited = std::uint64_t{1} << from;
  int state = from;
  for (;;) {
    int next = -1;
    for (int k = 0; k < g.config.transitionCount && next < 0; ++k) {
      const SelectionTransition& tr = g.config.transitions[k];
      if (tr.from == state && Evaluate(t, *tr.condition, scratch, TimerUse::kCheck, depth + 1) > 0) next = tr.to;
      if (t.error != Status::Running) return state;
    }
    if (next < 0) return state;
    BT_DEBUG_OUT(t, 4, depth, "%s/0x%x: transition from state %d %s/0x%x to %d %s/0x%x", g.name, g.data->id, state,
                 g.children[state]->name, g.children[state]->data->id, next, g.children[next]->name,
                 g.children[next]->data->id);
    state = next;
    if ((visited >> next) & 1u) return state;
    visited |= std::uint64_t{1} << next;
  }
}

// g's current state if g is on the active path, else -1.
int CurrentState(TickState& t, const DeciderDef& g) {
  int current = -1;
  if (!t.header->rootActive) return current;
  ForEachActive(t.region, *t.root, 0, 0, [&](const DeciderDef& d, std::uint32_t base, int) {
    if (&d != &g) return;
    const std::uint8_t active = Slot(t, d, base).activeChild;
    if (active < g.childCount) current = active;
  });
  return current;
}

}  // namespace

int SelectionStateMachineTarget(TickState& t, const DeciderDef& g, int depth) {
  const int current = CurrentState(t, g);
  return FollowTransitions(t, g, current < 0 ? 0 : current, depth);
}

Result TickSelectionStateMachine(TickState& t, const DeciderDef& g, std::uint32_t base, bool isNew, int depth) {
  SlotHeader& header = Slot(t, g, base);
  const int current = !isNew && header.activeChild < g.childCount ? header.activeChild : -1;
  const int state = FollowTransitions(t, g, current < 0 ? 0 : current, depth);
  if (t.error != Status::Running) return Result::Failed;
  const DeciderDef& child = *g.children[state];
  Result result;
  if (state == current) {
    result = TickDecider(t, child, base, false, depth + 1);
  } else {
    Choice choice;
    if (!(Evaluate(t, child, choice.dblock, TimerUse::kCheck, depth + 1) > 0) || t.error != Status::Running) {
      BT_DEBUG_OUT(t, 4, depth, "%s/0x%x: state %d %s/0x%x yields nothing: it fails", g.name, g.data->id, state,
                   child.name, child.data->id);
      return Result::Failed;
    }
    if (current >= 0) {
      header.activeChild = kNoChild;
      t.deactivation = "state left";
      Deactivate(t, *g.children[current], base, depth + 1);
      if (t.error != Status::Running) return Result::Failed;
    }
    StartSlot(t, child, base, choice.dblock);
    header.activeChild = static_cast<std::uint8_t>(state);
    result = TickDecider(t, child, base, true, depth + 1);
  }
  if (result != Result::Running && t.error == Status::Running && header.activeChild == state) {
    header.activeChild = kNoChild;
    t.deactivation = result == Result::Done ? "done" : "failed";
    Deactivate(t, child, base, depth + 1);
  }
  return result;
}

}  // namespace bt::detail
