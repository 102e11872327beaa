// tools/bench/handwritten.cpp — the creatures tree as plain code.
//
// It makes the decisions bt makes, with the same Spore semantics, so the
// activation counts of the two agree exactly:
// - hysteresis: at each level only the deciders above the active one are asked;
//   one that accepts interrupts the active path (which applies no effect);
// - a behavior that is done makes its group redecide in the same tick with it
//   masked; GUARD, EAT and PLAY first ask their own condition again; a group with
//   nothing left fails to its parent, which redecides with the group masked;
// - PLAY picks uniformly with bt's one-pass reservoir: the first candidate
//   without a draw, each later one replacing it when
//   float(r >> 8) * 2^-24 * candidates so far < 1, r drawn from the creature's rng.
#include "tools/bench/handwritten.h"

namespace bench {
namespace {

enum Leaf : std::uint8_t {
  kNone, kFleeLeaf, kGuardYell, kGuardFight, kGuardPatrol, kFightLeaf, kFindFoodLeaf, kEatFoodLeaf,
  kFlipLeaf, kRollLeaf, kDanceLeaf, kRestLeaf
};
// The children of ROOT, highest priority first.
enum Top : int { kTopFlee, kTopGuard, kTopFight, kTopEat, kTopIdle, kTopNone };

constexpr Top kTopOf[] = {kTopNone, kTopFlee, kTopGuard, kTopGuard, kTopGuard, kTopFight,
                          kTopEat,  kTopEat,  kTopIdle,  kTopIdle,  kTopIdle,  kTopIdle};
constexpr Behavior kBehaviorOf[] = {kNumBehaviors, kFlee,  kYellForHelp, kFight, kPatrol, kFight,
                                    kFindFood,     kEatFood, kFlip,      kRoll,  kDance,  kRest};

// Every behavior runs at least two ticks, so one that was just chosen is never
// done in the same tick: a tick needs at most one masked redecide per group.
static_assert(*std::min_element(kDuration, kDuration + kNumBehaviors) >= 2);

Leaf ChooseGuard(const Creature& c, Leaf masked) {
  if (masked != kGuardYell && c.threat && !c.yelled) return kGuardYell;
  if (masked != kGuardFight && c.threat) return kGuardFight;
  if (masked != kGuardPatrol) return kGuardPatrol;
  return kNone;
}

Leaf ChooseEat(const Creature& c, Leaf masked) {
  if (masked != kFindFoodLeaf && !c.food_seen) return kFindFoodLeaf;
  if (masked != kEatFoodLeaf && c.food_seen) return kEatFoodLeaf;
  return kNone;
}

Leaf ChoosePlay(Creature& c, Leaf masked) {
  Leaf chosen = kNone;
  float candidates = 0;
  for (Leaf l : {kFlipLeaf, kRollLeaf, kDanceLeaf}) {
    if (l == masked) continue;
    candidates += 1;
    if (chosen != kNone) {
      const float unit = static_cast<float>(NextRandom(c.rng) >> 8) * (1.0f / 16777216.0f);
      if (!(unit * candidates < 1.0f)) continue;
    }
    chosen = l;
  }
  return chosen;
}

// maskedPlay: PLAY already failed this tick.
Leaf ChooseIdle(Creature& c, bool maskedPlay, bool maskedRest) {
  if (!maskedPlay && c.energy > 50)
    if (const Leaf l = ChoosePlay(c, kNone); l != kNone) return l;
  if (!maskedRest) return kRestLeaf;
  return kNone;
}

// The first leaf below `top` when it is entered afresh; kNone if it has none.
Leaf Enter(Creature& c, Top top) {
  switch (top) {
    case kTopFlee: return kFleeLeaf;
    case kTopGuard: return ChooseGuard(c, kNone);
    case kTopFight: return kFightLeaf;
    case kTopEat: return ChooseEat(c, kNone);
    case kTopIdle: return ChooseIdle(c, false, false);
    case kTopNone: break;
  }
  return kNone;
}

// ROOT's prioritized choice with `masked` left out.
Leaf ChooseRoot(Creature& c, Top masked) {
  if (masked != kTopFlee && c.threat && c.energy < 60) return kFleeLeaf;
  if (masked != kTopGuard && c.nest_threat)
    if (const Leaf l = Enter(c, kTopGuard); l != kNone) return l;
  if (masked != kTopFight && c.threat) return kFightLeaf;
  if (masked != kTopEat && c.hunger > 70)
    if (const Leaf l = Enter(c, kTopEat); l != kNone) return l;
  if (masked != kTopIdle)
    if (const Leaf l = Enter(c, kTopIdle); l != kNone) return l;
  return kNone;
}

// What replaces `done` after it applied its effect; kNone if the whole tree fails.
Leaf Redecide(Creature& c, Leaf done) {
  switch (done) {
    case kFleeLeaf: return ChooseRoot(c, kTopFlee);
    case kFightLeaf: return ChooseRoot(c, kTopFight);
    case kGuardYell: case kGuardFight: case kGuardPatrol:
      if (c.nest_threat)  // GUARD asks its condition again
        if (const Leaf l = ChooseGuard(c, done); l != kNone) return l;
      return ChooseRoot(c, kTopGuard);
    case kFindFoodLeaf: case kEatFoodLeaf:
      if (c.hunger > 70)  // EAT asks its condition again
        if (const Leaf l = ChooseEat(c, done); l != kNone) return l;
      return ChooseRoot(c, kTopEat);
    case kFlipLeaf: case kRollLeaf: case kDanceLeaf:
      if (c.energy > 50)  // PLAY asks its condition again
        if (const Leaf l = ChoosePlay(c, done); l != kNone) return l;
      if (const Leaf l = ChooseIdle(c, true, false); l != kNone) return l;
      return ChooseRoot(c, kTopIdle);
    case kRestLeaf:
      if (const Leaf l = ChooseIdle(c, false, true); l != kNone) return l;
      return ChooseRoot(c, kTopIdle);
    case kNone: break;
  }
  return kNone;
}

// The path after this tick's interrupts: the active leaf, or what replaces it.
Leaf Interrupts(Creature& c, Leaf leaf) {
  const Top top = kTopOf[leaf];
  Top interrupt = kTopNone;
  if (top > kTopFlee && c.threat && c.energy < 60) interrupt = kTopFlee;
  else if (top > kTopGuard && c.nest_threat) interrupt = kTopGuard;
  else if (top > kTopFight && c.threat) interrupt = kTopFight;
  else if (top > kTopEat && c.hunger > 70) interrupt = kTopEat;
  if (interrupt != kTopNone) {
    if (const Leaf l = Enter(c, interrupt); l != kNone) return l;
    // The group it entered had nothing: ROOT redecides without it. Never taken in
    // this tree (PATROL, REST and one of FIND_FOOD/EAT_FOOD always accept), which is
    // why a same-leaf result needs no fresh restart here.
    return ChooseRoot(c, interrupt);
  }
  switch (top) {
    case kTopGuard:
      if (leaf > kGuardYell && c.threat && !c.yelled) return kGuardYell;
      if (leaf > kGuardFight && c.threat) return kGuardFight;
      break;
    case kTopEat:
      if (leaf == kEatFoodLeaf && !c.food_seen) return kFindFoodLeaf;
      break;
    case kTopIdle:
      // PLAY with nothing masked always has a child (FLIP is taken without a draw).
      if (leaf == kRestLeaf && c.energy > 50) return ChoosePlay(c, kNone);
      break;
    default: break;
  }
  return leaf;
}

// Ticks the active behavior; true when it is done (its effect applied).
bool TickBehavior(Creature& c, HandState& s) {
  const Behavior b = kBehaviorOf[s.leaf];
  if (++s.ticks == 1) CountActivation(b);
  if (s.ticks < kDuration[b]) return false;
  ApplyEffect(b, c);
  return true;
}

void Start(HandState& s, Leaf leaf) {
  s.leaf = leaf;
  s.ticks = 0;
}

void Tick(Creature& c, HandState& s) {
  const Leaf active = static_cast<Leaf>(s.leaf);
  const Leaf next = active == kNone ? ChooseRoot(c, kTopNone) : Interrupts(c, active);
  if (next != active) Start(s, next);
  if (next == kNone) return;  // nothing accepts: try again next tick
  if (!TickBehavior(c, s)) return;
  Start(s, Redecide(c, static_cast<Leaf>(s.leaf)));
  if (s.leaf != kNone) TickBehavior(c, s);  // never done on its first tick (see the static_assert)
}

}  // namespace

void HandTick(Creature* creatures, HandState* state, std::size_t n, int t) {
  for (std::size_t i = 0; i < n; ++i) {
    WorldStep(creatures[i], t);
    Tick(creatures[i], state[i]);
  }
}

}  // namespace bench
