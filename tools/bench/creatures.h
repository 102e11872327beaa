// tools/bench/creatures.h — the creatures workload: the agent, its world step,
// and what each behavior does. It is the tree of Figure 1 of the Spore document
// made concrete, one fixed piece of work on which every figure about tick cost
// is measured:
//
//   ROOT
//     FLEE            threat && energy < 60      -> behavior FLEE
//     GUARD           nest_threat                (asks again on redecide)
//       GUARD_YELL      threat && !yelled          -> behavior YELL_FOR_HELP
//       GUARD_FIGHT     threat                     -> behavior FIGHT
//       GUARD_PATROL    (always)                   -> behavior PATROL
//     FIGHT           threat                     -> behavior FIGHT
//     EAT             hunger > 70                (asks again on redecide)
//       FIND_FOOD       !food_seen                 -> behavior FIND_FOOD
//       EAT_FOOD        food_seen                  -> behavior EAT_FOOD
//     IDLE            (always)
//       PLAY            energy > 50                (asks again on redecide;
//                                                   Random, from the agent's rng)
//         FLIP, ROLL, DANCE (always)
//       REST            (always)                   -> behavior REST
//
// Groups are prioritized lists unless marked; a decider without a condition
// always accepts. A group that asks again on redecide calls its own condition
// when a child is done or failed, and fails upward if it no longer holds. The
// behavior FIGHT has two deciders: the tree is a DAG in its behaviors.
//
// Both implementations of the benchmark (bt and the hand-written baseline)
// include this, so they step the same world and apply the same effects; only
// the deciding differs.
#pragma once

#include <algorithm>
#include <cstdint>

#include "bt/core/random.h"

namespace bench {

struct Creature {
  std::uint32_t rng;
  std::int32_t hunger;  // 0..100
  std::int32_t energy;  // 0..100
  bool threat;
  bool nest_threat;
  bool food_seen;
  bool yelled;
};

inline Creature MakeCreature(std::uint32_t i) {
  Creature c{};
  c.rng = (i * 2654435761u) ^ 0x9E3779B9u;
  if (c.rng == 0) c.rng = 1;
  c.hunger = static_cast<std::int32_t>(i % 100);
  c.energy = static_cast<std::int32_t>(100 - i % 50);
  return c;
}

// xorshift32, the generator a memory block carries (bt/core/random.h): the world step
// and the PLAY group draw from the same one.
inline std::uint32_t NextRandom(std::uint32_t& state) { return bt::NextRandomState(state); }

inline constexpr double kDt = 1.0 / 30.0;  // [seconds] per tick

// Once per agent per tick, before its tree is ticked.
inline void WorldStep(Creature& c, int t) {
  const std::uint32_t x = NextRandom(c.rng);
  if (t % 4 == 0) c.hunger = std::min(100, c.hunger + 1);
  if (t % 8 == 0) c.energy = std::max(0, c.energy - 1);
  const std::uint32_t u = x % 10000;
  if (u < 10) c.threat = true;
  else if (u < 15) c.nest_threat = true;
}

// The behaviors, as counted in the report. FIGHT is one behavior for two deciders.
enum Behavior : int { kFlee, kYellForHelp, kFight, kPatrol, kFindFood, kEatFood, kFlip, kRoll, kDance, kRest, kNumBehaviors };

inline constexpr const char* kBehaviorNames[kNumBehaviors] = {"FLEE",      "YELL_FOR_HELP", "FIGHT", "PATROL", "FIND_FOOD",
                                                              "EAT_FOOD", "FLIP",          "ROLL",  "DANCE",  "REST"};
// [ticks] a behavior runs, its activation tick included.
inline constexpr int kDuration[kNumBehaviors] = {20, 5, 12, 30, 15, 10, 8, 8, 8, 25};

// Applied on a behavior's last tick only (an interrupted behavior applies nothing).
inline void ApplyEffect(Behavior b, Creature& c) {
  switch (b) {
    case kFlee: c.threat = false; break;
    case kYellForHelp: c.yelled = true; break;
    case kFight: c.threat = false; c.yelled = false; break;
    case kPatrol: c.nest_threat = false; break;
    case kFindFood: c.food_seen = true; break;
    case kEatFood: c.hunger = 0; c.food_seen = false; break;
    case kFlip: case kRoll: case kDance: c.energy = std::max(0, c.energy - 5); break;
    case kRest: c.energy = 100; break;
    case kNumBehaviors: break;
  }
}

// Activations per behavior, counted by the thread that ticks the agents (so two
// threads never share a counter's cache line); the runner sums the threads.
struct Activations {
  std::uint64_t count[kNumBehaviors];
};
constinit inline thread_local Activations tActivations{};

inline void CountActivation(Behavior b) { ++tActivations.count[b]; }

}  // namespace bench
