// bt/engine/kinds/priority.cpp — the rule of the Priority policy: MBT `Priority` with
// `Case condition=` children (Lumberyard BehaviorTree, Priority).
//
// Each child is a case; its Decide is the case's condition. On entry, and later
// only when the agent's variables changed since the group last picked (the
// count VariableBlock::Changes() kept in its slot), the group picks the first
// case whose Decide accepts. A new pick deactivates the old case first ("switching
// terminates the old case"), then activates and ticks the new one; the same case
// picked again runs on untouched. No case accepts: the group fails (the old case
// deactivated). Otherwise the group gives its case's result: a case that is done
// or fails is deactivated at once and the group is done or failed with it, as
// MBT's Priority returns its case's status. A tree that declares no variables
// never sees a change, so its Priority picks on entry only.
//
// MBT asks whether the variables changed before or during the current tree tick
// (BehaviorVariablesContext::VariablesChangedSinceLastTick); bt compares with the
// count at the group's last pick, so a change made after it in the same tick
// (by a behavior ticked later) makes the next tick pick again rather than go unseen.

#include "bt/core/debug_output.h"
#include "bt/engine/detail/walk.h"

namespace bt::detail {

Result TickPriority(TickState& t, const DeciderDef& g, std::uint32_t base, bool isNew, int depth) {
  std::byte* slot = SlotBytes(t, g, base);
  SlotHeader& header = *reinterpret_cast<SlotHeader*>(slot);
  VariableWatch& watch = *reinterpret_cast<VariableWatch*>(slot + sizeof(SlotHeader));
  const std::uint32_t changes = t.variables != nullptr ? t.variables->Changes() : 0;
  const int current = !isNew && header.activeChild < g.childCount ? header.activeChild : -1;

  Result result;
  if (current >= 0 && changes == watch.changes) {
    result = TickDecider(t, *g.children[current], base, false, depth + 1);
  } else {
    watch.changes = changes;
    Choice choice;
    for (int i = 0; i < g.childCount && choice.index < 0; ++i)
      if (Evaluate(t, *g.children[i], choice.dblock, TimerUse::kCheck, depth + 1) > 0) choice.index = i;
    if (t.error != Status::Running) return Result::Failed;
    if (choice.index >= 0)
      BT_DEBUG_OUT(t, 4, depth, "%s/0x%x picks case %d %s/0x%x", g.name, g.data->id, choice.index,
                   g.children[choice.index]->name, g.children[choice.index]->data->id);
    else
      BT_DEBUG_OUT(t, 4, depth, "%s/0x%x picks case %d (no case holds)", g.name, g.data->id, choice.index);
    if (choice.index >= 0 && choice.index == current) {
      result = TickDecider(t, *g.children[current], base, false, depth + 1);
    } else {
      if (current >= 0) {
        header.activeChild = kNoChild;
        t.deactivation = "another case holds";
        Deactivate(t, *g.children[current], base, depth + 1);
        if (t.error != Status::Running) return Result::Failed;
      }
      if (choice.index < 0) return Result::Failed;
      StartSlot(t, *g.children[choice.index], base, choice.dblock);
      header.activeChild = static_cast<std::uint8_t>(choice.index);
      result = TickDecider(t, *g.children[choice.index], base, true, depth + 1);
    }
  }
  if (result != Result::Running && t.error == Status::Running && header.activeChild < g.childCount) {
    const DeciderDef& ended = *g.children[header.activeChild];
    header.activeChild = kNoChild;
    t.deactivation = result == Result::Done ? "done" : "failed";
    Deactivate(t, ended, base, depth + 1);
  }
  return result;
}

}  // namespace bt::detail
