// tools/bench/import_creatures.h — the creatures workload's agent (creatures.h)
// as an Unvanquished .bt file sees it: one action, `perform(E_BEHAVIOR)`, and
// the creature's fields as the value functions of conditions. import.bt is
// written against these; import_main.cpp ticks it as loaded and as written back
// out as C++ (WriteTreeAsCpp), which calls these functions by name.
#pragma once

#include <span>

#include "bt/core/context.h"
#include "bt/data/registry.h"
#include "bt/core/param.h"
#include "tools/bench/creatures.h"

namespace bench::unv {

// The behaviors as the game's constants, which import.bt names.
inline constexpr int E_FLEE = kFlee;
inline constexpr int E_YELL_FOR_HELP = kYellForHelp;
inline constexpr int E_FIGHT = kFight;
inline constexpr int E_PATROL = kPatrol;
inline constexpr int E_FIND_FOOD = kFindFood;
inline constexpr int E_EAT_FOOD = kEatFood;
inline constexpr int E_FLIP = kFlip;
inline constexpr int E_ROLL = kRoll;
inline constexpr int E_DANCE = kDance;
inline constexpr int E_REST = kRest;

struct Ticks {
  int n;  // ticks run so far, this one included
};

// Runs the behavior its parameter names for kDuration ticks, counting its
// activation and applying its effect on the last (tools/bench/creatures.h).
bt::Result Perform(Creature& c, Ticks& m, const bt::Context& context);

double Threat(Creature& c, std::span<const bt::Param>);
double NestThreat(Creature& c, std::span<const bt::Param>);
double FoodSeen(Creature& c, std::span<const bt::Param>);
double Yelled(Creature& c, std::span<const bt::Param>);
double Hunger(Creature& c, std::span<const bt::Param>);
double Energy(Creature& c, std::span<const bt::Param>);

// The built-in leaves, "perform", the E_* constants, threat, nestThreat, foodSeen, yelled, hunger, energy.
void RegisterImportFunctions(bt::data::Registry& registry);

}  // namespace bench::unv
