// The interpreted tick given a macro tree's own block and an agent of a class
// derived from the tree's agent type without BT_AGENT_BASE: a compile error saying so.
// expect: bt: the tree's functions take another agent type than the one passed to TickBehaviorTree (for a class derived from it, declare BT_AGENT_BASE(Derived, Base))
// expect-errors: 1
#include "bt/bt.h"
struct Creature {};
struct Dragon : Creature {};
bt::Result Roam(Creature&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__TICK(ROAM_B, Roam);
BT_DEFINE_GROUP(ROOT, PrioritizedList, BT_CHILDREN(ROAM));
BT_DEFINE_DECIDER(ROAM, ROAM_B);
int main() {
  Dragon dragon;
  bt::MemoryFor<ROOT> memory{};
  return static_cast<int>(bt::TickBehaviorTree(ROOT, dragon, memory, 0.0, 0.1f).status);
}
