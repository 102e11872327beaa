// demo/t04_memory_and_dblocks.cpp — a behavior's memory struct (its state
// from Activate to Deactivate), a DBlock (what a Decide found, handed to the
// behavior so it need not search again), and a behavior that repeats by looping
// inside its own Tick (Spore S07, S10, S22).
// Run it: build/demo/t04_memory_and_dblocks
#include <cstdio>

#include "bt/bt.h"

struct Prey {
  const char* name;
  float distance;  // [m]
};
struct Creature {
  Prey prey[3] = {{"mouse", 9}, {"beetle", 7}, {"frog", 12}};
};

// CHASE's DBlock: the prey its Decide picked. Plain data, copied when CHASE activates.
struct Target {
  int index = -1;
  float distance = 0;
};
float SpotPrey(const Creature& c, Target& target, const bt::DecideContext&) {
  for (int i = 0; i < 3; ++i)
    if (c.prey[i].distance < 5 && (target.index < 0 || c.prey[i].distance < target.distance))
      target = {i, c.prey[i].distance};
  return target.index >= 0 ? 1.0f : 0.0f;
}

// The chase reads the DBlock in Activate and Tick; its own memory counts its steps.
struct Chase {
  int steps;
};
void StartChase(Creature& c, Chase&, const bt::Context& context) {
  const Target& target = *context.DBlock<Target>();
  std::printf("  spotted the %s %.1f m away\n", c.prey[target.index].name, target.distance);
}
bt::Result ChaseTick(Creature& c, Chase& chase, const bt::Context& context) {
  Prey& prey = c.prey[context.DBlock<Target>()->index];
  prey.distance -= 2;
  std::printf("  chase step %d: the %s is %.1f m away\n", ++chase.steps, prey.name, prey.distance);
  if (prey.distance > 0) return bt::Result::Running;
  prey.distance = 15;  // caught; another one wanders in far away
  return bt::Result::Done;
}

// PATROL repeats by wrapping around inside its Tick. Returning Done at the last
// waypoint would make ROOT redecide, deactivate and activate it again every lap:
// needless work, and its memory (the lap count) would start over each time.
struct Patrol {
  int waypoint;
  int laps;
};
bt::Result PatrolTick(Creature&, Patrol& patrol) {
  if (++patrol.waypoint == 3) patrol.waypoint = 0, ++patrol.laps;
  std::printf("  patrol: waypoint %d, lap %d\n", patrol.waypoint, patrol.laps);
  return bt::Result::Running;
}

BT_DEFINE_BEHAVIOR__MEMORY(CHASE_B, Chase, StartChase, ChaseTick, nullptr);
BT_DEFINE_BEHAVIOR__MEMORY(PATROL_B, Patrol, nullptr, PatrolTick, nullptr);
BT_DEFINE_GROUP(ROOT, PrioritizedList, BT_CHILDREN(CHASE, PATROL));
BT_DEFINE_DECIDER(CHASE, CHASE_B, BT_DECIDE(SpotPrey), BT_DBLOCK(Target));
BT_DEFINE_DECIDER(PATROL, PATROL_B);

int main() {
  Creature creature;
  bt::MemoryFor<ROOT> memory{};
  for (int tick = 0; tick < 14; ++tick) {
    for (Prey& prey : creature.prey) prey.distance -= 0.5f;  // the prey drift closer
    std::printf("tick %2d:\n", tick);
    if (const bt::TickResult r = bt::TickBehaviorTree(ROOT, creature, memory, tick, 1.0f); !bt::IsOk(r.status)) {
      std::printf("refused: %s: %s\n", bt::StatusName(r.status), bt::StatusDescription(r.status));
      return 1;
    }
  }
  std::printf("memory block: %zu bytes for two memory structs and a DBlock\n", sizeof memory);
}
