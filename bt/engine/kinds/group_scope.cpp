// bt/engine/kinds/group_scope.cpp — the rule of the GroupScope policy: MBT `GroupScope
// name allowedConcurrentUsers`, Lumberyard's "limit concurrent users"
// (bt/engine/scope.h tells the scopes).
//
// On entry the agent takes a place in the game's scope config.scopeName (found
// by config.findScope) if fewer than config.allowedUsers agents are inside;
// else, or when the game has no such scope for it, the group fails and its
// child is never started. Inside, the group is its child: its result, a child
// that ends deactivated at once. Deactivating the group, for any reason, gives
// the place back, after its child's Deactivates (detail::Deactivate calls
// LeaveGroupScope). The place taken is SlotHeader::cursor (1), which StartSlot
// clears, so a group that failed before its rule ran (its group behavior) gives
// nothing back.

#include "bt/core/debug_output.h"
#include "bt/engine/detail/walk.h"
#include "bt/engine/scope.h"

namespace bt::detail {
namespace {

Scope* FindScope(TickState& t, const DeciderDef& g) { return g.config.findScope(t.agent, g.config.scopeName); }

}  // namespace

Result TickGroupScope(TickState& t, const DeciderDef& g, std::uint32_t base, bool isNew, int depth) {
  SlotHeader& header = Slot(t, g, base);
  if (isNew) {
    Scope* scope = FindScope(t, g);
    if (scope == nullptr || !scope->TryEnter(g.config.allowedUsers)) {
      BT_DEBUG_OUT(t, 4, depth, "%s/0x%x: scope %s is full: it fails", g.name, g.data->id, g.config.scopeName);
      return Result::Failed;
    }
    header.cursor = 1;
  }
  // Inside, its child runs by the classic rules (StartClassicChild, EndClassicChild).
  const Result result = header.activeChild == 0 ? TickDecider(t, *g.children[0], base, false, depth + 1)
                                                : StartClassicChild(t, g, base, 0, depth);
  if (result != Result::Running && t.error == Status::Running)
    EndClassicChild(t, g, base, 0, result == Result::Done ? "done" : "failed", depth);
  return result;
}

void LeaveGroupScope(TickState& t, const DeciderDef& g, std::uint32_t base) {
  SlotHeader& header = Slot(t, g, base);
  if (header.cursor != 1) return;
  header.cursor = 0;
  if (Scope* scope = FindScope(t, g)) scope->Leave();
}

}  // namespace bt::detail
