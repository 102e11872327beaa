// demo/creatures/world.cpp — the world's own step: needs, threats, food, senses.
#include "world.h"

#include <algorithm>
#include <cstdlib>

namespace creatures {

int Distance(Point a, Point b) { return std::max(std::abs(a.x - b.x), std::abs(a.y - b.y)); }

Point StepToward(Point from, Point to) {
  auto sign = [](int v) { return (v > 0) - (v < 0); };
  return {from.x + sign(to.x - from.x), from.y + sign(to.y - from.y)};
}

std::uint32_t NextRandom(std::uint32_t& state) {
  std::uint32_t x = state;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  return state = x;
}

Point World::RandomPoint() {
  const int x = static_cast<int>(NextRandom(rng) % static_cast<std::uint32_t>(width));
  const int y = static_cast<int>(NextRandom(rng) % static_cast<std::uint32_t>(height));
  return {x, y};
}

int World::FoodAt(Point p) const {
  for (std::size_t i = 0; i < food.size(); ++i)
    if (food[i].bites > 0 && food[i].at == p) return static_cast<int>(i);
  return -1;
}

namespace {

// Threats come back from a random edge, so the creatures see them coming.
Point RandomEdgePoint(World& world) {
  Point p = world.RandomPoint();
  switch (NextRandom(world.rng) % 4) {
    case 0:
      p.x = 0;
      break;
    case 1:
      p.x = world.width - 1;
      break;
    case 2:
      p.y = 0;
      break;
    default:
      p.y = world.height - 1;
      break;
  }
  return p;
}

// Threats enter heading for the nest (that is what GUARD is for), then roam.
void SendThreatIn(World& world, Threat& threat) {
  threat.at = RandomEdgePoint(world);
  threat.goal = world.nest;
  threat.health = kThreatHealth;
  threat.boredIn = 150;
}

void PlaceFood(World& world, Food& food) {
  do {
    food.at = world.RandomPoint();  // not in the nest, not on other food
  } while (Distance(food.at, world.nest) < 3 || world.FoodAt(food.at) >= 0);
  food.bites = 8;
}

void StepThreat(World& world, Threat& threat) {
  if (!threat.InWorld()) {
    if (--threat.returnsIn == 0) SendThreatIn(world, threat);
    return;
  }
  if (threat.boredIn > 0 && --threat.boredIn == 0) threat.goal = world.RandomPoint();
  if (world.tick % 2 != 0) return;  // half the speed of a creature, so fleeing works
  // Chase a creature close by and bite it, else wander to the goal.
  Creature* prey = nullptr;
  for (Creature& c : world.creatures)
    if (Distance(c.at, threat.at) <= 3 && (!prey || Distance(c.at, threat.at) < Distance(prey->at, threat.at)))
      prey = &c;
  if (prey && Distance(prey->at, threat.at) > 1) {
    threat.at = StepToward(threat.at, prey->at);
  } else if (prey) {
    prey->energy = std::max(0, prey->energy - 2);
  } else if (threat.at == threat.goal) {
    threat.goal = world.RandomPoint();
  } else {
    threat.at = StepToward(threat.at, threat.goal);
  }
}

}  // namespace

void ResetWorld(World& world, const WorldConfig& config) {
  world.width = config.width;
  world.height = config.height;
  world.nest = {config.width / 2, config.height / 2};
  world.tick = 0;
  world.alarmTicks = 0;
  world.rng = config.seed * 2654435761u ^ 0x9E3779B9u;
  if (world.rng == 0) world.rng = 1;

  world.food.assign(static_cast<std::size_t>(config.maxFood), Food{});
  for (std::size_t i = 0; i < world.food.size() / 2; ++i) PlaceFood(world, world.food[i]);

  world.threats.assign(static_cast<std::size_t>(config.threats), Threat{});
  for (Threat& t : world.threats) {
    // They arrive one after the other, not all at once.
    t.returnsIn = 40 + static_cast<int>(NextRandom(world.rng) % 120);
  }

  world.creatures.assign(static_cast<std::size_t>(config.creatures), Creature{});
  for (std::size_t i = 0; i < world.creatures.size(); ++i) {
    Creature& c = world.creatures[i];
    c.name = static_cast<char>('a' + i % 26);
    c.at = {world.nest.x - 5 + static_cast<int>(NextRandom(world.rng) % 11),
            world.nest.y - 4 + static_cast<int>(NextRandom(world.rng) % 9)};
    c.hunger = 20 + static_cast<int>(NextRandom(world.rng) % 61);
    c.energy = 35 + static_cast<int>(NextRandom(world.rng) % 66);
    c.rng = NextRandom(world.rng) | 1;
    c.world = &world;
  }
}

void Sense(World& world, Creature& creature) {
  creature.nearestThreat = -1;
  int nearest = kSight + 1;
  bool threatNearNest = false;
  for (std::size_t i = 0; i < world.threats.size(); ++i) {
    const Threat& t = world.threats[i];
    if (!t.InWorld()) continue;
    if (Distance(t.at, world.nest) <= kNestRange) threatNearNest = true;
    if (Distance(t.at, creature.at) < nearest) {
      nearest = Distance(t.at, creature.at);
      creature.nearestThreat = static_cast<int>(i);
    }
  }
  // A yell for help reaches twice as far as the nest's usual guards.
  const int guardRange = world.alarmTicks > 0 ? 2 * kHomeRange : kHomeRange;
  creature.nestThreat = threatNearNest && Distance(creature.at, world.nest) <= guardRange;
  if (!creature.nestThreat) creature.yelled = false;  // the next intrusion is a new fight
  creature.atFood = world.FoodAt(creature.at) >= 0;
  if (creature.energy <= kTiredEnergy) creature.tired = true;
}

void StepWorld(World& world) {
  if (world.alarmTicks > 0) --world.alarmTicks;
  for (Creature& c : world.creatures) {
    if (world.tick % 4 == 0) c.hunger = std::min(100, c.hunger + 1);
    if (world.tick % 8 == 0) c.energy = std::max(0, c.energy - 1);
  }
  for (Threat& t : world.threats) StepThreat(world, t);
  for (Food& f : world.food)
    if (f.bites == 0 && NextRandom(world.rng) % 40 == 0) PlaceFood(world, f);
  for (Creature& c : world.creatures) Sense(world, c);
}

}  // namespace creatures
