// demo/creatures/tree.cpp — the deciders of the creatures tree (see tree.h).
//
// Decide functions only read what the world step sensed; everything that acts
// is in behaviors.cpp. A decider's condition is asked every tick while a lower
// priority sibling runs (so FLEE interrupts anything), never while it runs
// itself (hysteresis: once eating, a creature is not asked whether it is still
// hungry until a child of EAT finishes).
#include "tree.h"

#include <cstdio>

#include "behaviors.h"
#include "bt/bt.h"
#include "world.h"

namespace creatures {
namespace {

float Accept(bool condition) { return condition ? 1.0f : 0.0f; }

float Threatened(const Creature& c) { return Accept(c.SeesThreat()); }
float TooWeakToFight(const Creature& c) { return Accept(c.SeesThreat() && c.energy < 60); }
float NestThreatened(const Creature& c) { return Accept(c.nestThreat); }
float ShouldYell(const Creature& c) { return Accept(c.SeesThreat() && !c.yelled); }
float Hungry(const Creature& c) { return Accept(c.hunger > 70); }
float NoFoodHere(const Creature& c) { return Accept(!c.atFood); }
float FoodHere(const Creature& c) { return Accept(c.atFood); }
// energy > 50 as in the creatures workload; and not tired, so REST is not cut short at 51 by PLAY.
float Playful(const Creature& c) { return Accept(c.energy > 50 && !c.tired); }

// PLAY draws from the creature's own generator, as the creatures workload asks.
std::uint32_t CreatureRandom(Creature& c) { return NextRandom(c.rng); }

}  // namespace

BT_DECLARE_DECIDER(FLEE);
BT_DECLARE_DECIDER(GUARD);
BT_DECLARE_DECIDER(GUARD_YELL);
BT_DECLARE_DECIDER(GUARD_FIGHT);
BT_DECLARE_DECIDER(GUARD_PATROL);
BT_DECLARE_DECIDER(FIGHT);
BT_DECLARE_DECIDER(EAT);
BT_DECLARE_DECIDER(FIND_FOOD);
BT_DECLARE_DECIDER(EAT_FOOD);
BT_DECLARE_DECIDER(IDLE);
BT_DECLARE_DECIDER(PLAY);
BT_DECLARE_DECIDER(FLIP);
BT_DECLARE_DECIDER(ROLL);
BT_DECLARE_DECIDER(DANCE);
BT_DECLARE_DECIDER(REST);

BT_DEFINE_DECIDER_GROUP(ROOT, PrioritizedList, nullptr, FLEE, GUARD, FIGHT, EAT, IDLE);
BT_DEFINE_DECIDER_BEHAVIOR(FLEE, behaviors::FLEE, TooWeakToFight);

// GUARD and EAT ask their own condition again when a child finishes, so a
// creature whose nest is safe again (or who is fed) leaves the group.
BT_DEFINE_DECIDER_GROUP__FLAGS(GUARD, PrioritizedList, bt::kCallDecideOnRedecide, NestThreatened, GUARD_YELL,
                               GUARD_FIGHT, GUARD_PATROL);
BT_DEFINE_DECIDER_BEHAVIOR(GUARD_YELL, behaviors::YELL_FOR_HELP, ShouldYell);
BT_DEFINE_DECIDER_BEHAVIOR(GUARD_FIGHT, behaviors::FIGHT, Threatened);  // the same behavior as FIGHT below
BT_DEFINE_DECIDER_BEHAVIOR(GUARD_PATROL, behaviors::PATROL, nullptr);

BT_DEFINE_DECIDER_BEHAVIOR(FIGHT, behaviors::FIGHT, Threatened);

BT_DEFINE_DECIDER_GROUP__FLAGS(EAT, PrioritizedList, bt::kCallDecideOnRedecide, Hungry, FIND_FOOD, EAT_FOOD);
BT_DEFINE_DECIDER_BEHAVIOR(FIND_FOOD, behaviors::FIND_FOOD, NoFoodHere);
BT_DEFINE_DECIDER_BEHAVIOR(EAT_FOOD, behaviors::EAT_FOOD, FoodHere);

BT_DEFINE_DECIDER_GROUP(IDLE, PrioritizedList, nullptr, PLAY, REST);
BT_DEFINE_DECIDER_GROUP__RANDOM(PLAY, Random, bt::kCallDecideOnRedecide, Playful, CreatureRandom, FLIP, ROLL, DANCE);
BT_DEFINE_DECIDER_BEHAVIOR(FLIP, behaviors::FLIP, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(ROLL, behaviors::ROLL, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(DANCE, behaviors::DANCE, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(REST, behaviors::REST, nullptr);

// The behaviors are defined in behaviors.cpp, out of this file's sight, so the
// compile-time check (BT_CHECK_TREE) cannot see them: the tree is checked once
// at start-up instead, as a tree loaded from data would be.
bool CheckTree(std::FILE* errors) {
  bt::TreeError error;
  if (!bt::InitializeTreeData(ROOT, &error)) {
    std::fprintf(errors, "%s\n", error.message);
    return false;
  }
  if (bt::MemoryBytesFor(ROOT) > kMindBytes) {
    std::fprintf(errors, "creatures: the tree needs %zu bytes per creature; raise kMindBytes (%zu)\n",
                 bt::MemoryBytesFor(ROOT), kMindBytes);
    return false;
  }
  return true;
}

}  // namespace creatures
