// tools/bench/import_creatures.cpp — the functions import.bt names (see the header).
#include "tools/bench/import_creatures.h"

namespace bench::unv {

bt::Result Perform(Creature& c, Ticks& m, const bt::Context& context) {
  const Behavior b = static_cast<Behavior>(context.Params()[0].number);
  if (++m.n == 1) CountActivation(b);  // a behavior is ticked on the tick it activates
  if (m.n < kDuration[b]) return bt::Result::Running;
  ApplyEffect(b, c);
  return bt::Result::Done;
}

double Threat(Creature& c, std::span<const bt::Param>) { return c.threat; }
double NestThreat(Creature& c, std::span<const bt::Param>) { return c.nest_threat; }
double FoodSeen(Creature& c, std::span<const bt::Param>) { return c.food_seen; }
double Yelled(Creature& c, std::span<const bt::Param>) { return c.yelled; }
double Hunger(Creature& c, std::span<const bt::Param>) { return c.hunger; }
double Energy(Creature& c, std::span<const bt::Param>) { return c.energy; }

void RegisterImportFunctions(bt::data::Registry& registry) {
  bt::data::RegisterBuiltinBehaviors(registry);  // "Succeed": a condition without a child
  // Qualified, as the written C++ calls them from its own namespace.
  BT_REGISTER_ACTION(registry, "perform", bench::unv::Ticks, nullptr, bench::unv::Perform, nullptr)
      .Params({bt::ParamType::Number});
  const struct {
    const char* name;
    const char* cpp;
    int value;
  } constants[] = {
      {"E_FLEE", "bench::unv::E_FLEE", E_FLEE},
      {"E_YELL_FOR_HELP", "bench::unv::E_YELL_FOR_HELP", E_YELL_FOR_HELP},
      {"E_FIGHT", "bench::unv::E_FIGHT", E_FIGHT},
      {"E_PATROL", "bench::unv::E_PATROL", E_PATROL},
      {"E_FIND_FOOD", "bench::unv::E_FIND_FOOD", E_FIND_FOOD},
      {"E_EAT_FOOD", "bench::unv::E_EAT_FOOD", E_EAT_FOOD},
      {"E_FLIP", "bench::unv::E_FLIP", E_FLIP},
      {"E_ROLL", "bench::unv::E_ROLL", E_ROLL},
      {"E_DANCE", "bench::unv::E_DANCE", E_DANCE},
      {"E_REST", "bench::unv::E_REST", E_REST},
  };
  for (const auto& constant : constants)
    registry.AddConstant(constant.name, constant.value, {"", "", "", "", constant.cpp});
  BT_REGISTER_VALUE(registry, "threat", bench::unv::Threat);
  BT_REGISTER_VALUE(registry, "nestThreat", bench::unv::NestThreat);
  BT_REGISTER_VALUE(registry, "foodSeen", bench::unv::FoodSeen);
  BT_REGISTER_VALUE(registry, "yelled", bench::unv::Yelled);
  BT_REGISTER_VALUE(registry, "hunger", bench::unv::Hunger);
  BT_REGISTER_VALUE(registry, "energy", bench::unv::Energy);
}

}  // namespace bench::unv
