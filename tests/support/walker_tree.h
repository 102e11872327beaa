// tests/support/walker_tree.h — the walkers and their tree, shared by the crowd's
// tests (tests/crowd) and the sharded crowd's (tests/mpi).
//
// The walkers' tree uses time, dt and activeTime in every choice (hunger grows
// by dt, behaviors end after a while, a random group draws from the walker's
// generator), and every call folds what it was told into the walker's hash,
// so two walkers with equal hashes, call counts and blocks were given the same
// calls, in the same order, with the same arguments. Dozing walkers sleep
// (bt/engine/sleep.h).
#pragma once

#include <cstdint>
#include <cstring>

#include "bt/bt.h"

namespace walkers {

struct Walker {
  std::uint32_t rng = 1;
  float hunger = 0;
  float fear = 0;
  std::uint32_t calls = 0;
  std::uint64_t hash = 0xcbf29ce484222325ull;
  std::int32_t region = 0;  // where in the world (the sharded crowd's tests: which rank owns it follows)
  std::uint32_t crossings = 0;
};

inline std::uint32_t NextRandom(Walker& w) {
  std::uint32_t x = w.rng;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  return w.rng = x;
}

template <class T>
void Fold(Walker& w, T value) {
  unsigned char bytes[sizeof(T)];
  std::memcpy(bytes, &value, sizeof(T));
  for (unsigned char b : bytes) w.hash = (w.hash ^ b) * 0x100000001b3ull;
}

inline void Record(Walker& w, int what, double time, float dt, float activeTime = 0) {
  ++w.calls;
  Fold(w, what);
  Fold(w, time);
  Fold(w, dt);
  Fold(w, activeTime);
}

struct Steps {
  int n;
};

inline float FearDecide(Walker& w, const bt::DecideContext& c) {
  Record(w, 1, c.time, c.dt);
  return w.fear > 1.0f ? 1.0f : 0.0f;
}
inline float HungerDecide(Walker& w, const bt::DecideContext& c) {
  Record(w, 2, c.time, c.dt);
  return w.hunger > 2.0f ? 1.0f : 0.0f;
}
inline bt::Result FleeTick(Walker& w, Steps& s, const bt::Context& c) {
  Record(w, 3, c.time, c.dt, c.activeTime);
  ++s.n;
  w.fear -= 2 * c.dt;
  return w.fear <= 0 ? bt::Result::Done : bt::Result::Running;
}
inline bt::Result FindTick(Walker& w, const bt::Context& c) {
  Record(w, 4, c.time, c.dt, c.activeTime);
  return c.activeTime >= 0.3f ? bt::Result::Done : bt::Result::Running;
}
inline bool ChewActivate(Walker& w, const bt::Context& c) {
  Record(w, 5, c.time, c.dt, c.activeTime);
  return (NextRandom(w) & 15) != 0;  // now and then the food is gone
}
inline bt::Result ChewTick(Walker& w, const bt::Context& c) {
  Record(w, 6, c.time, c.dt, c.activeTime);
  w.hunger -= 3 * c.dt;
  return w.hunger <= 0 ? bt::Result::Done : bt::Result::Running;
}
inline void ChewDeactivate(Walker& w, const bt::Context& c) { Record(w, 7, c.time, c.dt, c.activeTime); }
inline bt::Result NapTick(Walker& w, const bt::Context& c) {
  Record(w, 8, c.time, c.dt, c.activeTime);
  w.hunger += c.dt;
  return c.activeTime >= 0.5f ? bt::Result::Done : bt::Result::Running;
}
inline bt::Result LookTick(Walker& w, const bt::Context& c) {
  Record(w, 9, c.time, c.dt, c.activeTime);
  w.hunger += 2 * c.dt;
  if ((NextRandom(w) & 63) == 0) w.fear += 1.5f;
  return c.activeTime >= 0.2f ? bt::Result::Done : bt::Result::Running;
}
// Dozes until an end time drawn on activation: its Ticks before then do nothing, so the walker sleeps.
struct Doze {
  double end;
};
inline bool DozeActivate(Walker& w, Doze& d, const bt::Context& c) {
  Record(w, 10, c.time, c.dt, c.activeTime);
  d.end = c.time + 0.25 + 0.125 * (NextRandom(w) & 7);
  return true;
}
inline bt::Result DozeTick(Walker& w, Doze& d, const bt::Context& c) {
  if (c.time >= d.end) {
    Record(w, 11, c.time, c.dt, c.activeTime);
    return bt::Result::Done;
  }
  c.SleepUntil(d.end);
  return bt::Result::Running;
}
inline std::uint32_t WalkerRandom(Walker& w) { return NextRandom(w); }

// A stimulus under which a walker does not think of eating (EAT's precondition).
constexpr std::uint32_t kBusy = 1;

BT_DEFINE_BEHAVIOR__MEMORY(WALKER_FLEE_B, Steps, nullptr, FleeTick, nullptr);
BT_DEFINE_BEHAVIOR__TICK(WALKER_FIND_B, FindTick);
BT_DEFINE_BEHAVIOR(WALKER_CHEW_B, ChewActivate, ChewTick, ChewDeactivate);
BT_DEFINE_BEHAVIOR__TICK(WALKER_NAP_B, NapTick);
BT_DEFINE_BEHAVIOR__TICK(WALKER_LOOK_B, LookTick);
BT_DEFINE_BEHAVIOR__MEMORY(WALKER_DOZE_B, Doze, DozeActivate, DozeTick, nullptr);

BT_DECLARE_DECIDER(WALKER_FLEE);
BT_DECLARE_DECIDER(WALKER_EAT);
BT_DECLARE_DECIDER(WALKER_FIND);
BT_DECLARE_DECIDER(WALKER_CHEW);
BT_DECLARE_DECIDER(WALKER_IDLE);
BT_DECLARE_DECIDER(WALKER_NAP);
BT_DECLARE_DECIDER(WALKER_LOOK);
BT_DECLARE_DECIDER(WALKER_DOZE);
// Fear and hunger are decided now and then (timers), hunger not while busy: a dozing walker sleeps between.
BT_DEFINE_DECIDER_GROUP(WALKER_ROOT, PrioritizedList, nullptr, WALKER_FLEE, WALKER_EAT, WALKER_IDLE);
BT_DEFINE_DECIDER_BEHAVIOR__PRE(WALKER_FLEE, WALKER_FLEE_B, FearDecide, bt::Preconditions{}.Every(0.2f));
BT_DEFINE_DECIDER_GROUP__PRE(WALKER_EAT, Sequential, bt::kCallDecideOnRedecide, HungerDecide,
                             bt::Preconditions{}.Every(0.3f).StimuliAllClear(kBusy), WALKER_FIND, WALKER_CHEW);
BT_DEFINE_DECIDER_BEHAVIOR(WALKER_FIND, WALKER_FIND_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(WALKER_CHEW, WALKER_CHEW_B, nullptr);
BT_DEFINE_DECIDER_GROUP__RANDOM(WALKER_IDLE, Random, 0, nullptr, WalkerRandom, WALKER_NAP, WALKER_LOOK, WALKER_DOZE);
BT_DEFINE_DECIDER_BEHAVIOR(WALKER_NAP, WALKER_NAP_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(WALKER_LOOK, WALKER_LOOK_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(WALKER_DOZE, WALKER_DOZE_B, nullptr);

}  // namespace walkers
