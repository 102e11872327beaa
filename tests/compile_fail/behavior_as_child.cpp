// A behavior listed as a group's child, where a decider wrapping it is needed.
// expect: bt: a behavior listed as a child of a group, which takes deciders: wrap it in BT_DEFINE_DECIDER(DECIDER, BEHAVIOR
// expect-also: BehaviorIsNotADecider<WANDER_B>
// expect-lines: 20
#include "bt/bt.h"
#include "bt/engine/compiled_tick.h"
struct Creature {};
bt::Result Eat(Creature&) { return bt::Result::Running; }
bt::Result Wander(Creature&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__TICK(EAT_B, Eat);
BT_DEFINE_BEHAVIOR__TICK(WANDER_B, Wander);
BT_DEFINE_DECIDER_BEHAVIOR(EAT, EAT_B, nullptr);
BT_DEFINE_DECIDER_GROUP(ROOT, PrioritizedList, nullptr, EAT, WANDER_B);
void Tick(Creature& creature) {
  bt::MemoryFor<ROOT> memory{};
  (void)bt::TickBehaviorTreeCompiled<ROOT>(creature, memory, 0.0, 1 / 30.0f);
}
