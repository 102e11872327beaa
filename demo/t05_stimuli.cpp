// demo/t05_stimuli.cpp — stimuli (Spore S06, S09): tokens with data and a
// timeout, kept per agent, whose flags word drives StimuliFlags preconditions.
// One tree with every policy, every kind of precondition, and stimuli together.
// Run it: build/demo/t05_stimuli
#include <cstdio>

#include "bt/bt.h"

constexpr std::uint32_t kNight = 1u << 0;           // DecisionFlags
constexpr std::uint32_t kFood = 1u << 0;            // behavior flags
enum : bt::StimulusToken { kHit, kInvited, kAte };  // stimulus tokens: bits of StimuliFlags
struct Hit {
  int damage;
};
struct Invitation {
  int from;
};

struct Creature {
  int hunger = 5;
  bt::Stimuli stimuli{};  // saved with the agent, like its memory block
};

// Leaves work two ticks, then are done. Food feeds.
struct Work {
  int ticks;
};
bt::Result Act(Creature& c, Work& work, const bt::Context& context) {
  c.hunger += (context.behaviorFlags & kFood) ? -3 : 1;
  std::printf(" %s", context.decider->name);
  return ++work.ticks < 2 ? bt::Result::Running : bt::Result::Done;
}
// A meal leaves a stimulus behind, so EAT is not chosen again for 4 s.
void Ate(Creature& c) { c.stimuli.Add(kAte, 4.0f); }
// Fleeing handles the hit: it reads the stimulus's data and removes it.
bt::Result Flee(Creature& c) {
  std::printf(" FLEE (hit for %d)", c.stimuli.Data<Hit>(kHit)->damage);
  c.stimuli.Remove(kHit);
  return bt::Result::Done;
}
void AcceptInvitation(Creature& c) { std::printf(" [plays with %d]", c.stimuli.Data<Invitation>(kInvited)->from); }
BT_DEFINE_BEHAVIOR__MEMORY(ACT, Work, nullptr, Act, nullptr);
BT_DEFINE_BEHAVIOR__MEMORY(MEAL, Work, nullptr, Act, Ate);
BT_DEFINE_BEHAVIOR__TICK(FLEE_B, Flee);
BT_DEFINE_BEHAVIOR(PLAY_B, AcceptInvitation, nullptr, nullptr);

float Hungry(const Creature& c) { return c.hunger >= 6 ? 1.0f : 0.0f; }
float NutScore(const Creature& c) { return c.hunger / 4.0f; }
float BerryScore(const Creature&) { return 2.0f; }

float DanceWeight(const Creature&) { return 2.0f; }

// Each group after its children, the root last, so no declarations are needed.
// A hit: no Decide to write, the stimulus says it all.
BT_DEFINE_DECIDER_BEHAVIOR__PRE(FLEE, FLEE_B, nullptr, bt::Preconditions{}.StimuliAnySet(1u << kHit));
// Hungry, asked at most every 2 s and not right after a meal; the best food wins,
// and hunger is asked again between foods (CallDecideOnRedecide).
BT_DEFINE_DECIDER_BEHAVIOR__FLAGS(NUTS, MEAL, kFood, NutScore);
BT_DEFINE_DECIDER_BEHAVIOR__FLAGS(BERRIES, MEAL, kFood, BerryScore);
BT_DEFINE_DECIDER_GROUP__PRE(EAT, Scored, bt::kCallDecideOnRedecide, Hungry,
                             bt::Preconditions{}.Every(2).StimuliAllClear(1u << kAte), NUTS, BERRIES);
// While invited, by day: random games, DANCE twice as likely. The group behavior
// greets the friend; the invitation is checked again between games.
BT_DEFINE_DECIDER_BEHAVIOR(TAG, ACT, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(DANCE, ACT, DanceWeight);
BT_DEFINE_DECIDER_GROUP__FULL(PLAY, "PLAY", Random, bt::kCallDecideOnRedecide, nullptr, void,
                              bt::Preconditions{}.StimuliAllSet(1u << kInvited).DecisionAllClear(kNight), &PLAY_B, 0,
                              nullptr, TAG, DANCE);
// By day, every 8 s: fetch, then build.
BT_DEFINE_DECIDER_BEHAVIOR(FETCH, ACT, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(BUILD, ACT, nullptr);
BT_DEFINE_DECIDER_GROUP__PRE(CHORES, Sequential, 0, nullptr, bt::Preconditions{}.Every(8).DecisionAnyClear(kNight),
                             FETCH, BUILD);
// Otherwise fidget, each once before any repeats.
BT_DEFINE_DECIDER_BEHAVIOR(SCRATCH, ACT, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(YAWN, ACT, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(LOOK, ACT, nullptr);
BT_DEFINE_DECIDER_GROUP(IDLE, Shuffle, nullptr, SCRATCH, YAWN, LOOK);
BT_DEFINE_DECIDER_GROUP(ROOT, PrioritizedList, nullptr, FLEE, EAT, PLAY, CHORES, IDLE);

int main() {
  Creature creature;
  bt::MemoryFor<ROOT> memory{};
  bt::SeedMemory(memory.Span(), 5);
  for (int second = 0; second < 26; ++second) {
    if (second == 4) creature.stimuli.Add(kInvited, 6.0f, Invitation{7});  // a friend asks, for 6 s
    if (second == 12) creature.stimuli.Add(kHit, 2.0f, Hit{3});
    const std::uint32_t night = second >= 20 ? kNight : 0;
    const std::uint32_t stimuli = creature.stimuli.Update(1.0f);  // expire, then tick with what is left
    std::printf("%2d s stimuli 0x%x%s:", second, stimuli, night ? " night" : "");
    if (const bt::TickResult r = bt::TickBehaviorTree(ROOT, creature, memory, second, 1.0f, night, stimuli);
        !bt::IsOk(r.status)) {
      std::printf("refused: %s: %s\n", bt::StatusName(r.status), bt::StatusDescription(r.status));
      return 1;
    }
    std::printf("  hunger %d\n", creature.hunger);
  }
}
