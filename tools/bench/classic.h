// tools/bench/classic.h — the classic workload (tools/bench/classic.md): its
// actions, what each does, and the log the agreement test reads.
//
// Both implementations (bt and the hand-written baseline) run their actions
// through Act, so they apply the same effects and log the same calls; only the
// deciding differs. The agents and their world step are the creatures workload's.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "tools/bench/creatures.h"

namespace bench::classic {

enum Action : int {
  kFlee, kYell, kLook, kPatrol, kFight, kHaveFood, kHunt, kForage, kEatFood, kDance, kRest, kNumActions
};
inline constexpr const char* kActionNames[kNumActions] = {"FLEE",      "YELL_FOR_HELP", "LOOK_AROUND", "PATROL",
                                                          "FIGHT",     "HAVE_FOOD",     "HUNT",        "FORAGE",
                                                          "EAT_FOOD",  "DANCE",         "REST"};
// [ticks] an action runs, its first tick included.
inline constexpr int kActionTicks[kNumActions] = {20, 5, 8, 30, 12, 1, 10, 15, 10, 8, 25};

// What an action's tick reports; the order of bt::Result (bt_classic.cpp checks it).
enum class Outcome : std::uint8_t { Running, Done, Failed };

// The calls made, when a test sets tLog: (action << 8) | ticks run, this one included.
constinit inline thread_local std::vector<std::uint16_t>* tLog = nullptr;

// Activations per action, counted by the ticking thread (as creatures.h does).
struct ActionCounts {
  std::uint64_t count[kNumActions];
};
constinit inline thread_local ActionCounts tActionCounts{};

// Applied on an action's last tick only; false when the action fails there.
inline bool Finish(Action a, Creature& c) {
  switch (a) {
    case kFlee: c.threat = false; break;
    case kYell: c.yelled = true; break;
    case kPatrol: c.nest_threat = false; c.yelled = false; break;
    case kFight: c.threat = false; c.yelled = false; break;
    case kHunt:
      if (c.energy < 70) return false;
      c.food_seen = true;
      break;
    case kForage: c.food_seen = true; break;
    case kEatFood: c.hunger = 0; c.food_seen = false; break;
    case kDance: c.energy = std::max(0, c.energy - 5); break;
    case kRest: c.energy = 100; break;
    case kLook: case kHaveFood: case kNumActions: break;
  }
  return true;
}

// One tick of action a, which has run `ticks` ticks before this one (0: it starts now).
template <class Counter>
inline Outcome Act(Action a, Creature& c, Counter& ticks) {
  ++ticks;
  if (ticks == 1) ++tActionCounts.count[a];
  if (tLog != nullptr) [[unlikely]]
    tLog->push_back(static_cast<std::uint16_t>(a << 8 | ticks));
  if (ticks < kActionTicks[a]) return Outcome::Running;
  return Finish(a, c) ? Outcome::Done : Outcome::Failed;
}

}  // namespace bench::classic
