// demo/t01_first_tree.cpp — a first tree: a creature that eats when hungry and
// otherwise wanders. Run it: build/demo/t01_first_tree
#include <cstdio>

#include "bt/bt.h"

struct Creature {
  int hunger = 0;
};

float IsHungry(const Creature& c) { return c.hunger >= 5 ? 1.0f : 0.0f; }

bt::Result Eat(Creature& c) {
  std::printf("  eating (hunger %d)\n", c.hunger);
  c.hunger -= 2;
  return c.hunger > 0 ? bt::Result::Running : bt::Result::Done;
}

bt::Result Wander(Creature& c) {
  std::printf("  wandering (hunger %d)\n", ++c.hunger);
  return bt::Result::Running;
}

BT_DEFINE_BEHAVIOR__TICK(EAT_B, Eat);
BT_DEFINE_BEHAVIOR__TICK(WANDER_B, Wander);

// Top-down: BT_CHILDREN declares EAT and WANDER, defined below.
BT_DEFINE_GROUP(ROOT, PrioritizedList, BT_CHILDREN(EAT, WANDER));  // first that accepts wins
BT_DEFINE_DECIDER(EAT, EAT_B, BT_DECIDE(IsHungry));
BT_DEFINE_DECIDER(WANDER, WANDER_B);                                // no Decide: always accepts

int main() {
  Creature creature;
  bt::MemoryFor<ROOT> memory{};  // the creature's whole tree state
  for (int tick = 0; tick < 12; ++tick) {
    const bt::TickResult result = bt::TickBehaviorTree(ROOT, creature, memory, tick / 30.0, 1 / 30.0f);
    std::printf("tick %2d: %s %s\n", tick, bt::StatusName(result.status), result.decider ? result.decider->name : "");
    if (!bt::IsOk(result.status)) {  // a refused tick (bad block, time, agent): say why and stop
      std::printf("refused: %s\n", bt::StatusDescription(result.status));
      return 1;
    }
  }
  std::printf("memory block: %zu bytes\n", sizeof memory);
}
