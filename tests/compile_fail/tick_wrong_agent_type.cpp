// The interpreted tick given a macro tree's own block (bt::MemoryFor<ROOT>) and an
// agent of another type than its functions take: a compile error, as the compiled
// tick's, not AgentTypeMismatch at run time.
// expect: bt: the tree's functions take another agent type than the one passed to TickBehaviorTree
// expect-errors: 1
#include "bt/bt.h"
struct Cat {};
struct Dog {};
bt::Result Purr(Cat&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__TICK(PURR_B, Purr);
BT_DEFINE_GROUP(ROOT, PrioritizedList, BT_CHILDREN(PURR));
BT_DEFINE_DECIDER(PURR, PURR_B);
int main() {
  Dog dog;
  bt::MemoryFor<ROOT> memory{};
  return static_cast<int>(bt::TickBehaviorTree(ROOT, dog, memory, 0.0, 0.1f).status);
}
