// demo/t07_classic_kinds.cpp — the classic node kinds of the other engines
// (Unvanquished, Drag[en]gine, MBT, CryEngine) in one small tree: a Fallback
// tries its children in order until one does not fail; a Sequence runs its
// children in order until one fails; a Parallel runs two at once; a Decorator
// inverts a condition; a LoopUntilSuccess retries, and a Cooldown keeps it
// from retrying for two seconds after it failed. A child that rejects (its
// Decide) counts as failed; a child that ends is deactivated at once.
// Run it: build/demo/t07_classic_kinds
#include <cstdio>

#include "bt/bt.h"

struct Guard {
  bool enemyInSight = true;
  int distance = 3;  // [m] to the enemy
  int ammo = 1;
  int lockPicks = 0;
  bool doorOpen = false;
};

// Conditions are Decides: a classic node that rejects fails without running.
float EnemyInSight(const Guard& g) { return g.enemyInSight ? 1.0f : 0.0f; }
float OutOfAmmo(const Guard& g) { return g.ammo == 0 ? 1.0f : 0.0f; }
float DoorShut(const Guard& g) { return g.doorOpen ? 0.0f : 1.0f; }

// A condition's leaf: once its Decide accepted, it is done at once.
bt::Result Holds(Guard&, const bt::Context& context) {
  std::printf("  %s holds\n", context.decider->name);
  return bt::Result::Done;
}
bt::Result Move(Guard& g) {
  std::printf("  moves closer (%d m)\n", --g.distance);
  return g.distance > 1 ? bt::Result::Running : bt::Result::Done;
}
struct Aiming {
  int ticks;
};
bt::Result Aim(Guard& g, Aiming& aiming) {
  if (++aiming.ticks < 2) return std::printf("  aims\n"), bt::Result::Running;
  std::printf("  fires\n");
  --g.ammo;
  return bt::Result::Done;
}
bt::Result PickLock(Guard& g) {
  g.doorOpen = ++g.lockPicks == 3;  // the third try opens it
  std::printf("  picks the lock (try %d): %s\n", g.lockPicks, g.doorOpen ? "open" : "fails");
  return g.doorOpen ? bt::Result::Done : bt::Result::Failed;
}
bt::Result Wait(Guard&) { return std::printf("  waits\n"), bt::Result::Done; }

BT_DEFINE_BEHAVIOR__TICK(HOLDS_B, Holds);
BT_DEFINE_BEHAVIOR__TICK(MOVE_B, Move);
BT_DEFINE_BEHAVIOR__MEMORY(AIM_B, Aiming, nullptr, Aim, nullptr);
BT_DEFINE_BEHAVIOR__TICK(PICK_LOCK_B, PickLock);
BT_DEFINE_BEHAVIOR__TICK(WAIT_B, Wait);

// Top-down. Engage while an enemy is in sight and the gun is loaded, moving and aiming at once.
BT_DEFINE_GROUP(GUARD, Fallback, BT_CHILDREN(ENGAGE, OPEN_DOOR, IDLE));
BT_DEFINE_GROUP(ENGAGE, Sequence, BT_CHILDREN(ENEMY_IN_SIGHT, LOADED, MOVE_AND_AIM));
BT_DEFINE_DECIDER(ENEMY_IN_SIGHT, HOLDS_B, BT_DECIDE(EnemyInSight));
BT_DEFINE_GROUP(LOADED, Decorator, BT_CHILDREN(OUT_OF_AMMO), BT_RESULTS(bt::kInvertResult));
BT_DEFINE_DECIDER(OUT_OF_AMMO, HOLDS_B, BT_DECIDE(OutOfAmmo));
BT_DEFINE_GROUP(MOVE_AND_AIM, Parallel, BT_CHILDREN(MOVE, AIM));  // done when both are
BT_DEFINE_DECIDER(MOVE, MOVE_B);
BT_DEFINE_DECIDER(AIM, AIM_B);
// Else, while the door is shut: two tries at the lock, then two seconds before trying again.
BT_DEFINE_GROUP(OPEN_DOOR, Cooldown, BT_CHILDREN(TRY_TWICE), BT_SECONDS(2), BT_DECIDE(DoorShut));
BT_DEFINE_GROUP(TRY_TWICE, LoopUntilSuccess, BT_CHILDREN(PICK_LOCK), BT_COUNT(2));
BT_DEFINE_DECIDER(PICK_LOCK, PICK_LOCK_B);
// Else wait.
BT_DEFINE_DECIDER(IDLE, WAIT_B);

int main() {
  Guard guard;
  bt::MemoryFor<GUARD> memory{};
  for (int tick = 0; tick < 10; ++tick) {
    const double time = tick * 0.5;
    if (tick == 3) guard.enemyInSight = false;
    std::printf("%.1f s:\n", time);
    const bt::TickResult result = bt::TickBehaviorTree(GUARD, guard, memory, time, 0.5f);
    if (!bt::IsOk(result.status)) {
      std::printf("refused: %s\n", bt::StatusDescription(result.status));
      return 1;
    }
    std::printf("  -> %s\n", bt::StatusName(result.status));
  }
  std::printf("memory block: %zu bytes\n", sizeof memory);
  // 0.0-0.5 s: the Sequence passes its two conditions (LOADED inverts
  //   OUT_OF_AMMO's rejection), then the Parallel moves and aims at once; when
  //   both are done the tree is done, and the next tick starts it again.
  // 1.0 s: out of ammo, inverted, fails the Sequence: the Fallback tries the
  //   door; the loop's try fails, and it tries again at the next tick.
  // 1.5 s: the second try fails: the loop fails, the Cooldown notes when, and
  //   the Fallback waits.
  // 2.0-3.5 s: the enemy is gone (ENGAGE's first condition rejects) and the
  //   door cools down: the Fallback waits.
  // 4.0 s: more than 2 s after 1.5 s, the third try opens the door.
  // 4.5 s: the door is open: OPEN_DOOR's Decide rejects, so it fails unrun.
}
