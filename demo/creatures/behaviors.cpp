// demo/creatures/behaviors.cpp — the behaviors of the creatures tree.
//
// Each Tick moves its creature at most one cell and reports Running, Done (its
// work is finished: the group redecides without it) or Failed (it cannot do its
// work). Durations are counted in ticks in the memory structs, not in seconds,
// so runs are exact for a seed.
#include "behaviors.h"

#include <algorithm>

#include "world.h"

namespace creatures::behaviors {
namespace {

void MoveTo(Creature& c, Point to) {
  if (c.world->Inside(to)) c.at = to;
  Sense(*c.world, c);  // decisions made later this tick see where it now is
}

Threat& NearestThreat(Creature& c) { return c.world->threats[static_cast<std::size_t>(c.nearestThreat)]; }

// ---------------------------------------------------------------- FLEE
void FleeTick(Creature& c) {
  // The neighbouring cell furthest from the threat; staying put when cornered.
  const Point threat = NearestThreat(c).at;
  Point best = c.at;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      const Point p{c.at.x + dx, c.at.y + dy};
      if (c.world->Inside(p) && Distance(p, threat) > Distance(best, threat)) best = p;
    }
  MoveTo(c, best);
}

struct FleeMemory {
  int ticks = 0;
};

// Runs a fixed 20 ticks, as in the creatures workload: long enough to get clear, so the
// creature does not turn back the moment the threat is out of sight.
bt::Result Flee(Creature& c, FleeMemory& m) {
  if (c.SeesThreat()) FleeTick(c);
  c.pose = '!';
  return ++m.ticks < 20 ? bt::Result::Running : bt::Result::Done;
}

void ClearPose(Creature& c) { c.pose = 0; }

// ---------------------------------------------------------------- YELL_FOR_HELP
struct YellMemory {
  int ticks = 0;
};

bt::Result Yell(Creature& c, YellMemory& m) {
  c.pose = 'Y';
  if (++m.ticks < 5) return bt::Result::Running;
  c.yelled = true;
  c.world->alarmTicks = kAlarmTicks;
  Sense(*c.world, c);
  return bt::Result::Done;
}

// ---------------------------------------------------------------- FIGHT
struct FightMemory {
  int target = -1;  // the threat this fight is about, kept even when another comes closer
};

bool StartFight(Creature& c, FightMemory& m) {
  m.target = c.nearestThreat;
  return m.target >= 0;
}

bt::Result Fight(Creature& c, FightMemory& m) {
  Threat& t = c.world->threats[static_cast<std::size_t>(m.target)];
  if (!t.InWorld()) return bt::Result::Done;                         // someone else drove it off
  if (Distance(c.at, t.at) > 2 * kSight) return bt::Result::Failed;  // it got away
  if (Distance(c.at, t.at) > 1) {
    MoveTo(c, StepToward(c.at, t.at));
    return bt::Result::Running;
  }
  c.pose = 'X';
  c.energy = std::max(0, c.energy - 1);
  if (--t.health > 0) return bt::Result::Running;
  t.returnsIn = 90;  // driven off for a while
  c.yelled = false;
  for (Creature& other : c.world->creatures) Sense(*c.world, other);
  return bt::Result::Done;
}

// ---------------------------------------------------------------- PATROL
struct PatrolMemory {
  int ticks = 0;
  int corner = 0;  // of the square walked round the nest
};

bt::Result Patrol(Creature& c, PatrolMemory& m) {
  // An intruder near the nest draws the patrol; GUARD_YELL and GUARD_FIGHT take over once it is in sight.
  const World& w = *c.world;
  Point goal = w.nest;
  bool intruder = false;
  for (const Threat& t : w.threats)
    if (t.InWorld() && Distance(t.at, w.nest) <= kNestRange) {
      goal = t.at;
      intruder = true;
    }
  if (!intruder) {
    static constexpr Point kCorners[4] = {{-3, -2}, {3, -2}, {3, 2}, {-3, 2}};
    goal = {w.nest.x + kCorners[m.corner].x, w.nest.y + kCorners[m.corner].y};
    if (c.at == goal) m.corner = (m.corner + 1) % 4;
  }
  MoveTo(c, StepToward(c.at, goal));
  return ++m.ticks < 30 ? bt::Result::Running : bt::Result::Done;
}

// ---------------------------------------------------------------- FIND_FOOD
struct FindFoodMemory {
  Point searchGoal;
  bool searching = false;
};

bt::Result FindFood(Creature& c, FindFoodMemory& m) {
  if (c.atFood) return bt::Result::Done;
  World& w = *c.world;
  const Food* nearest = nullptr;
  for (const Food& f : w.food)
    if (f.bites > 0 && Distance(f.at, c.at) <= 2 * kSight &&
        (!nearest || Distance(f.at, c.at) < Distance(nearest->at, c.at)))
      nearest = &f;
  if (nearest) {
    m.searching = false;
    MoveTo(c, StepToward(c.at, nearest->at));
  } else {
    // Nothing in sight: head for a random spot, and pick another on arrival.
    if (!m.searching || c.at == m.searchGoal) {
      m.searchGoal = w.RandomPoint();
      m.searching = true;
    }
    MoveTo(c, StepToward(c.at, m.searchGoal));
  }
  return c.atFood ? bt::Result::Done : bt::Result::Running;
}

// ---------------------------------------------------------------- EAT_FOOD
bool StartEating(Creature& c) { return c.atFood; }

bt::Result EatFood(Creature& c) {
  const int at = c.world->FoodAt(c.at);
  if (at < 0) return bt::Result::Failed;  // eaten up by others
  --c.world->food[static_cast<std::size_t>(at)].bites;
  c.hunger = std::max(0, c.hunger - 12);
  c.pose = '@';
  Sense(*c.world, c);
  return c.hunger > 0 ? bt::Result::Running : bt::Result::Done;
}

// ---------------------------------------------------------------- FLIP, ROLL, DANCE
struct PlayMemory {
  int ticks = 0;
};

// Each game shows its own short animation and costs the same energy when done.
bt::Result Play(Creature& c, PlayMemory& m, const char* frames, int dx) {
  c.pose = frames[m.ticks % 2];
  if (dx != 0) MoveTo(c, {c.at.x + (m.ticks % 2 ? dx : -dx), c.at.y});
  if (++m.ticks < 8) return bt::Result::Running;
  c.energy = std::max(0, c.energy - 5);
  return bt::Result::Done;
}
bt::Result Flip(Creature& c, PlayMemory& m) { return Play(c, m, "^v", 0); }
bt::Result Roll(Creature& c, PlayMemory& m) { return Play(c, m, "oO", 0); }
bt::Result Dance(Creature& c, PlayMemory& m) { return Play(c, m, "/\\", 1); }

// ---------------------------------------------------------------- REST
// Until fully rested, or, given a number (a tree file's `action restUntil(80)`), until that energy.
bt::Result Rest(Creature& c, const bt::Context& context) {
  if (Distance(c.at, c.world->nest) > 1) {  // beside the nest will do: others may sleep in it
    MoveTo(c, StepToward(c.at, c.world->nest));
    return bt::Result::Running;
  }
  const auto params = context.Params();
  const int rested = params.empty() ? 100 : static_cast<int>(std::clamp(params[0].number, 0.0, 100.0));
  c.pose = 'z';
  c.energy = std::min(100, c.energy + 2);
  if (c.energy < rested) return bt::Result::Running;
  c.tired = false;
  return bt::Result::Done;
}

// ---------------------------------------------------------------- WANDER
struct WanderMemory {
  int ticks = 0;
  Point goal;
};

// Walks to random spots for the number of ticks its parameter says (a tree file's `action wander(40)`).
bt::Result Wander(Creature& c, WanderMemory& m, const bt::Context& context) {
  const auto params = context.Params();
  const int ticks = params.empty() ? 30 : static_cast<int>(params[0].number);
  if (m.ticks == 0 || c.at == m.goal) {
    const World& w = *c.world;
    m.goal = {static_cast<int>(NextRandom(c.rng) % static_cast<std::uint32_t>(w.width)),
              static_cast<int>(NextRandom(c.rng) % static_cast<std::uint32_t>(w.height))};
  }
  MoveTo(c, StepToward(c.at, m.goal));
  return ++m.ticks < ticks ? bt::Result::Running : bt::Result::Done;
}

}  // namespace

BT_DEFINE_BEHAVIOR__MEMORY(FLEE, FleeMemory, nullptr, Flee, ClearPose);
BT_DEFINE_BEHAVIOR__MEMORY(YELL_FOR_HELP, YellMemory, nullptr, Yell, ClearPose);
BT_DEFINE_BEHAVIOR__MEMORY(FIGHT, FightMemory, StartFight, Fight, ClearPose);
BT_DEFINE_BEHAVIOR__MEMORY(PATROL, PatrolMemory, nullptr, Patrol, ClearPose);
BT_DEFINE_BEHAVIOR__MEMORY(FIND_FOOD, FindFoodMemory, nullptr, FindFood, ClearPose);
BT_DEFINE_BEHAVIOR(EAT_FOOD, StartEating, EatFood, ClearPose);
BT_DEFINE_BEHAVIOR__MEMORY(FLIP, PlayMemory, nullptr, Flip, ClearPose);
BT_DEFINE_BEHAVIOR__MEMORY(ROLL, PlayMemory, nullptr, Roll, ClearPose);
BT_DEFINE_BEHAVIOR__MEMORY(DANCE, PlayMemory, nullptr, Dance, ClearPose);
BT_DEFINE_BEHAVIOR(REST, nullptr, Rest, ClearPose);
BT_DEFINE_BEHAVIOR__MEMORY(WANDER, WanderMemory, nullptr, Wander, ClearPose);

}  // namespace creatures::behaviors
