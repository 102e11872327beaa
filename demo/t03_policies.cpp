// demo/t03_policies.cpp — group policies beside the prioritized list, and
// preconditions that keep Decides from being called at all (Spore S04, S06).
// Run it: build/demo/t03_policies
#include <cstdio>

#include "bt/bt.h"

constexpr std::uint32_t kNight = 1u << 0;  // DecisionFlags: facts the game passes to each tick
constexpr std::uint32_t kFood = 1u << 0;   // behavior flags: this leaf feeds the creature

struct Creature {
  int hunger = 4;
};

// Every leaf runs this one behavior: two ticks of work, then done, so each group moves on.
struct Work {
  int ticks;
};
bt::Result Act(Creature& c, Work& work, const bt::Context& context) {
  c.hunger += (context.behaviorFlags & kFood) ? -2 : 1;
  if (c.hunger < 0) c.hunger = 0;
  std::printf(" %s", context.decider->name);
  return ++work.ticks < 2 ? bt::Result::Running : bt::Result::Done;
}
BT_DEFINE_BEHAVIOR__MEMORY(ACT, Work, nullptr, Act, nullptr);

// Preconditions are not checked again while a decider runs (hysteresis), so the
// sleeper itself notices the morning.
bt::Result Sleep(Creature&, const bt::Context& context) {
  std::printf(" SLEEP");
  return (context.decisionFlags & kNight) ? bt::Result::Running : bt::Result::Done;
}
BT_DEFINE_BEHAVIOR__TICK(SLEEP_B, Sleep);

float Hungry(const Creature& c) { return c.hunger >= 6 ? 1.0f : 0.0f; }
float NutScore(const Creature& c) { return c.hunger / 4.0f; }  // worth cracking only when very hungry
float BerryScore(const Creature&) { return 2.0f; }
float Playful(const Creature& c) { return c.hunger < 8 ? 1.0f : 0.0f; }
float Dance(const Creature&) { return 3.0f; }  // three times as likely as TAG

BT_DECLARE_DECIDER(SLEEP);
BT_DECLARE_DECIDER(EAT);
BT_DECLARE_DECIDER(CHORES);
BT_DECLARE_DECIDER(PLAY);
BT_DECLARE_DECIDER(IDLE);
BT_DEFINE_DECIDER_GROUP(ROOT, PrioritizedList, nullptr, SLEEP, EAT, CHORES, PLAY, IDLE);
// No Decide needed: the flag says it all.
BT_DEFINE_DECIDER_BEHAVIOR__PRE(SLEEP, SLEEP_B, nullptr, bt::Preconditions{}.DecisionAllSet(kNight));
// Hunger is checked at most every 3 s; then the best food wins (Scored). When one
// food is done, hunger is checked again before the next (CallDecideOnRedecide).
BT_DECLARE_DECIDER(BERRIES);
BT_DECLARE_DECIDER(NUTS);
BT_DEFINE_DECIDER_GROUP__PRE(EAT, Scored, bt::kCallDecideOnRedecide, Hungry, bt::Preconditions{}.Every(3), BERRIES,
                             NUTS);
BT_DEFINE_DECIDER_BEHAVIOR__FLAGS(BERRIES, ACT, kFood, BerryScore);
BT_DEFINE_DECIDER_BEHAVIOR__FLAGS(NUTS, ACT, kFood, NutScore);
// By day, every 10 s: fetch water, then build (Sequential).
BT_DECLARE_DECIDER(FETCH_WATER);
BT_DECLARE_DECIDER(BUILD_NEST);
BT_DEFINE_DECIDER_GROUP__PRE(CHORES, Sequential, 0, nullptr, bt::Preconditions{}.Every(10).DecisionAllClear(kNight),
                             FETCH_WATER, BUILD_NEST);
BT_DEFINE_DECIDER_BEHAVIOR(FETCH_WATER, ACT, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(BUILD_NEST, ACT, nullptr);
// Every 7 s, games chosen at random by weight (Random), while not too hungry.
BT_DECLARE_DECIDER(TAG);
BT_DECLARE_DECIDER(DANCE);
BT_DEFINE_DECIDER_GROUP__PRE(PLAY, Random, bt::kCallDecideOnRedecide, Playful, bt::Preconditions{}.Every(7), TAG,
                             DANCE);
BT_DEFINE_DECIDER_BEHAVIOR(TAG, ACT, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(DANCE, ACT, Dance);
// Otherwise idle fidgets, each once before any repeats (Shuffle).
BT_DECLARE_DECIDER(SCRATCH);
BT_DECLARE_DECIDER(YAWN);
BT_DECLARE_DECIDER(LOOK_AROUND);
BT_DEFINE_DECIDER_GROUP(IDLE, Shuffle, nullptr, SCRATCH, YAWN, LOOK_AROUND);
BT_DEFINE_DECIDER_BEHAVIOR(SCRATCH, ACT, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(YAWN, ACT, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(LOOK_AROUND, ACT, nullptr);

int main() {
  Creature creature;
  bt::MemoryFor<ROOT> memory{};
  bt::SeedMemory(memory.Span(), 42);  // Random and Shuffle draw from the block: a run repeats from its seed
  for (int second = 0; second < 30; ++second) {
    const std::uint32_t flags = second >= 20 && second < 26 ? kNight : 0;
    std::printf("%2d s%s:", second, flags ? " (night)" : "");
    if (const bt::TickResult r = bt::TickBehaviorTree(ROOT, creature, memory, second, 1.0f, flags);
        !bt::IsOk(r.status)) {
      std::printf("refused: %s: %s\n", bt::StatusName(r.status), bt::StatusDescription(r.status));
      return 1;
    }
    std::printf("  hunger %d\n", creature.hunger);
  }
}
