// demo/t02_hysteresis_and_interruption.cpp — in a prioritized list, deciders
// above the running one are asked every tick and may interrupt it; the running
// one is not asked again (hysteresis), so a creature that started eating
// finishes even once it is no longer hungry enough to start.
// Run it: build/demo/t02_hysteresis_and_interruption
#include <cstdio>

#include "bt/bt.h"

struct Creature {
  int hunger = 3;
  bool threat = false;
};

// Each Decide prints that it was asked, so the output shows who is asked when.
float ThreatNear(const Creature& c) { return std::printf(" FLEE?"), c.threat ? 1.0f : 0.0f; }
float Hungry(const Creature& c) { return std::printf(" EAT?"), c.hunger >= 5 ? 1.0f : 0.0f; }

bt::Result Flee(Creature& c) {
  std::printf(" FLEE runs");
  c.threat = false;  // one tick of running gets it clear
  return bt::Result::Done;
}
bt::Result Eat(Creature& c) { return --c.hunger > 0 ? bt::Result::Running : bt::Result::Done; }
void StopEating(Creature& c) { std::printf(" (EAT stops, hunger %d)", c.hunger); }
bt::Result Wander(Creature& c) { return ++c.hunger, bt::Result::Running; }

BT_DEFINE_BEHAVIOR__TICK(FLEE_B, Flee);
BT_DEFINE_BEHAVIOR(EAT_B, nullptr, Eat, StopEating);  // Deactivate runs when done and when interrupted
BT_DEFINE_BEHAVIOR__TICK(WANDER_B, Wander);

BT_DECLARE_DECIDER(FLEE);
BT_DECLARE_DECIDER(EAT);
BT_DECLARE_DECIDER(WANDER);
BT_DEFINE_DECIDER_GROUP(ROOT, PrioritizedList, nullptr, FLEE, EAT, WANDER);
BT_DEFINE_DECIDER_BEHAVIOR(FLEE, FLEE_B, ThreatNear);
BT_DEFINE_DECIDER_BEHAVIOR(EAT, EAT_B, Hungry);
BT_DEFINE_DECIDER_BEHAVIOR(WANDER, WANDER_B, nullptr);

int main() {
  Creature creature;
  bt::MemoryFor<ROOT> memory{};
  for (int tick = 0; tick < 14; ++tick) {
    if (tick == 5) creature.threat = true;  // arrives while the creature eats
    std::printf("tick %2d:", tick);
    const bt::TickResult r = bt::TickBehaviorTree(ROOT, creature, memory, tick / 30.0, 1 / 30.0f);
    std::printf("  -> %s (hunger %d)\n", r.decider ? r.decider->name : "-", creature.hunger);
  }
  // Ticks 3-4: EAT runs with hunger below 5 and is not asked (hysteresis).
  // Tick 5: FLEE is asked above EAT, accepts and interrupts it; when FLEE is
  // done in the same tick, ROOT redecides with FLEE masked: EAT is asked again,
  // declines (hunger 2), and WANDER takes over.
  // Tick 12: EAT is done; ROOT redecides with EAT masked (FLEE is asked once
  // more) and WANDER runs.
}
