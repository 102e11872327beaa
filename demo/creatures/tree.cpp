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
#include "demo/figure1/tree.h"
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
// energy > 50, as the creatures workload has it; and not tired, so REST is not cut short at 51 by PLAY.
float Playful(const Creature& c) { return Accept(c.energy > 50 && !c.tired); }

// PLAY draws from the creature's own generator, so each creature's run is its own.
std::uint32_t CreatureRandom(Creature& c) { return NextRandom(c.rng); }

}  // namespace

// What this world gives the tree of Figure 1 (demo/figure1/tree.h).
struct Figure1 {
  static constexpr auto decideFlee = TooWeakToFight;
  static constexpr auto decideGuard = NestThreatened;
  static constexpr auto decideGuardYell = ShouldYell;
  static constexpr auto decideGuardFight = Threatened;
  static constexpr auto decideGuardPatrol = nullptr;
  static constexpr auto decideFight = Threatened;
  static constexpr auto decideEat = Hungry;
  static constexpr auto decideFindFood = NoFoodHere;
  static constexpr auto decideEatFood = FoodHere;
  static constexpr auto decidePlay = Playful;
  static constexpr auto decideFlip = nullptr;
  static constexpr auto decideRoll = nullptr;
  static constexpr auto decideDance = nullptr;
  FIGURE1_BEHAVIORS(behaviors::FLEE, behaviors::YELL_FOR_HELP, behaviors::FIGHT, behaviors::PATROL, behaviors::FIND_FOOD, behaviors::EAT_FOOD, behaviors::FLIP, behaviors::ROLL, behaviors::DANCE, behaviors::REST);
  // PLAY asks again on redecide, and draws from the creature's own generator.
  static constexpr bt::DeciderFlags playFlags = bt::kCallDecideOnRedecide;
  static constexpr auto playRandom = CreatureRandom;
};
FIGURE1_DEFINE(Figure1);

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
