// demo/creatures/registry.cpp — the creatures' functions for trees from files.
//
// The actions are the very behaviors the macro tree runs (behaviors.h), so a
// tree file and tree.cpp act alike; only the deciding differs.
#include "registry.h"

#include <span>

#include "behaviors.h"
#include "world.h"

namespace creatures {
namespace {

using Args = std::span<const bt::Param>;

double SeesThreat(Creature& c, Args) { return c.SeesThreat(); }
double ThreatDistance(Creature& c, Args) {
  return c.SeesThreat() ? Distance(c.at, c.world->threats[static_cast<std::size_t>(c.nearestThreat)].at) : 99;
}
double NestThreatened(Creature& c, Args) { return c.nestThreat; }
double Yelled(Creature& c, Args) { return c.yelled; }
double AtFood(Creature& c, Args) { return c.atFood; }
double Tired(Creature& c, Args) { return c.tired; }
double Hunger(Creature& c, Args) { return c.hunger; }
double Energy(Creature& c, Args) { return c.energy; }
double Alarm(Creature& c, Args) { return c.world->alarmTicks > 0; }

}  // namespace

void RegisterCreatureFunctions(bt::data::Registry& registry) {
  bt::data::RegisterBuiltinBehaviors(registry);
  registry.AddBehavior("flee", behaviors::FLEE);
  registry.AddBehavior("yellForHelp", behaviors::YELL_FOR_HELP);
  registry.AddBehavior("fight", behaviors::FIGHT);
  registry.AddBehavior("patrol", behaviors::PATROL);
  registry.AddBehavior("findFood", behaviors::FIND_FOOD);
  registry.AddBehavior("eat", behaviors::EAT_FOOD);
  registry.AddBehavior("flip", behaviors::FLIP);
  registry.AddBehavior("roll", behaviors::ROLL);
  registry.AddBehavior("dance", behaviors::DANCE);
  registry.AddBehavior("rest", behaviors::REST);
  registry.AddBehavior("restUntil", behaviors::REST).Params({bt::ParamType::Number});
  registry.AddBehavior("wander", behaviors::WANDER).Params({bt::ParamType::Number});
  BT_REGISTER_VALUE(registry, "seesThreat", SeesThreat);
  BT_REGISTER_VALUE(registry, "threatDistance", ThreatDistance);
  BT_REGISTER_VALUE(registry, "nestThreatened", NestThreatened);
  BT_REGISTER_VALUE(registry, "yelled", Yelled);
  BT_REGISTER_VALUE(registry, "atFood", AtFood);
  BT_REGISTER_VALUE(registry, "tired", Tired);
  BT_REGISTER_VALUE(registry, "hunger", Hunger);
  BT_REGISTER_VALUE(registry, "energy", Energy);
  BT_REGISTER_VALUE(registry, "alarm", Alarm);
}

}  // namespace creatures
