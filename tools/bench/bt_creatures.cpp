// tools/bench/bt_creatures.cpp — the creatures tree (Figure 1, demo/figure1/tree.h) in bt.
//
// Decides are pure reads of the creature; behaviors count their ticks in a
// one-int memory struct and apply their effect on their last tick.
#include "tools/bench/bt_creatures.h"

#include <cstdio>

#include "bt/bt.h"
#include "bt/engine/compiled_tick.h"
#include "bt/data/registry.h"
#include "demo/figure1/tree.h"
#include "tools/bench/tick_each.h"

namespace bench {
namespace {

// ---------------------------------------------------------------- behaviors
struct Ticks {
  int n;  // ticks run so far, this one included
};

template <Behavior B>
bt::Result Run(Creature& c, Ticks& m) {
  if (++m.n == 1) CountActivation(B);  // a behavior is ticked on the tick it activates
  if (m.n < kDuration[B]) return bt::Result::Running;
  ApplyEffect(B, c);
  return bt::Result::Done;
}

bt::Result FleeTick(Creature& c, Ticks& m) { return Run<kFlee>(c, m); }
bt::Result YellTick(Creature& c, Ticks& m) { return Run<kYellForHelp>(c, m); }
bt::Result FightTick(Creature& c, Ticks& m) { return Run<kFight>(c, m); }
bt::Result PatrolTick(Creature& c, Ticks& m) { return Run<kPatrol>(c, m); }
bt::Result FindFoodTick(Creature& c, Ticks& m) { return Run<kFindFood>(c, m); }
bt::Result EatFoodTick(Creature& c, Ticks& m) { return Run<kEatFood>(c, m); }
bt::Result FlipTick(Creature& c, Ticks& m) { return Run<kFlip>(c, m); }
bt::Result RollTick(Creature& c, Ticks& m) { return Run<kRoll>(c, m); }
bt::Result DanceTick(Creature& c, Ticks& m) { return Run<kDance>(c, m); }
bt::Result RestTick(Creature& c, Ticks& m) { return Run<kRest>(c, m); }

BT_DEFINE_BEHAVIOR__MEMORY(FLEE_B, Ticks, nullptr, FleeTick, nullptr);
BT_DEFINE_BEHAVIOR__MEMORY(YELL_FOR_HELP_B, Ticks, nullptr, YellTick, nullptr);
BT_DEFINE_BEHAVIOR__MEMORY(FIGHT_B, Ticks, nullptr, FightTick, nullptr);
BT_DEFINE_BEHAVIOR__MEMORY(PATROL_B, Ticks, nullptr, PatrolTick, nullptr);
BT_DEFINE_BEHAVIOR__MEMORY(FIND_FOOD_B, Ticks, nullptr, FindFoodTick, nullptr);
BT_DEFINE_BEHAVIOR__MEMORY(EAT_FOOD_B, Ticks, nullptr, EatFoodTick, nullptr);
BT_DEFINE_BEHAVIOR__MEMORY(FLIP_B, Ticks, nullptr, FlipTick, nullptr);
BT_DEFINE_BEHAVIOR__MEMORY(ROLL_B, Ticks, nullptr, RollTick, nullptr);
BT_DEFINE_BEHAVIOR__MEMORY(DANCE_B, Ticks, nullptr, DanceTick, nullptr);
BT_DEFINE_BEHAVIOR__MEMORY(REST_B, Ticks, nullptr, RestTick, nullptr);

// ---------------------------------------------------------------- decides
bool TooWeakToFight(const Creature& c) { return c.threat && c.energy < 60; }
bool NestThreatened(const Creature& c) { return c.nest_threat; }
bool ShouldYell(const Creature& c) { return c.threat && !c.yelled; }
bool Threatened(const Creature& c) { return c.threat; }
bool Hungry(const Creature& c) { return c.hunger > 70; }
bool NoFoodSeen(const Creature& c) { return !c.food_seen; }
bool FoodSeen(const Creature& c) { return c.food_seen; }
bool Playful(const Creature& c) { return c.energy > 50; }

// PLAY draws from the creature's own generator (the one its world step uses).
std::uint32_t CreatureRandom(Creature& c) { return NextRandom(c.rng); }

// ---------------------------------------------------------------- the tree
// What the benchmark's world gives the tree of Figure 1 (demo/figure1/tree.h).
struct Figure1 {
  static constexpr auto decideFlee = TooWeakToFight;
  static constexpr auto decideGuard = NestThreatened;
  static constexpr auto decideGuardYell = ShouldYell;
  static constexpr auto decideGuardFight = Threatened;
  static constexpr auto decideGuardPatrol = nullptr;
  static constexpr auto decideFight = Threatened;
  static constexpr auto decideEat = Hungry;
  static constexpr auto decideFindFood = NoFoodSeen;
  static constexpr auto decideEatFood = FoodSeen;
  static constexpr auto decidePlay = Playful;
  static constexpr auto decideFlip = nullptr;
  static constexpr auto decideRoll = nullptr;
  static constexpr auto decideDance = nullptr;
  FIGURE1_BEHAVIORS(FLEE_B, YELL_FOR_HELP_B, FIGHT_B, PATROL_B, FIND_FOOD_B, EAT_FOOD_B, FLIP_B, ROLL_B, DANCE_B, REST_B);
  // PLAY asks again on redecide, and draws from the creature's own generator.
  static constexpr bt::DeciderFlags playFlags = bt::kCallDecideOnRedecide;
  static constexpr auto playRandom = CreatureRandom;
};
FIGURE1_DEFINE(Figure1);

static_assert(sizeof(bt::MemoryFor<ROOT>) == sizeof(BtMemory),
              "kBtBytesPerAgent must be sizeof(bt::MemoryFor<ROOT>) of the creatures tree");
static_assert(alignof(bt::MemoryFor<ROOT>) == alignof(BtMemory));

}  // namespace

// The same functions under the names of the macro tree's behaviors and memory
// struct, so a tree built from data (tools/bench/data_creatures.cpp) stamps,
// lays out and ticks as ROOT does.
void BtRegister(bt::data::Registry& registry) {
  BT_REGISTER_ACTION(registry, "FLEE_B", Ticks, nullptr, FleeTick, nullptr);
  BT_REGISTER_ACTION(registry, "YELL_FOR_HELP_B", Ticks, nullptr, YellTick, nullptr);
  BT_REGISTER_ACTION(registry, "FIGHT_B", Ticks, nullptr, FightTick, nullptr);
  BT_REGISTER_ACTION(registry, "PATROL_B", Ticks, nullptr, PatrolTick, nullptr);
  BT_REGISTER_ACTION(registry, "FIND_FOOD_B", Ticks, nullptr, FindFoodTick, nullptr);
  BT_REGISTER_ACTION(registry, "EAT_FOOD_B", Ticks, nullptr, EatFoodTick, nullptr);
  BT_REGISTER_ACTION(registry, "FLIP_B", Ticks, nullptr, FlipTick, nullptr);
  BT_REGISTER_ACTION(registry, "ROLL_B", Ticks, nullptr, RollTick, nullptr);
  BT_REGISTER_ACTION(registry, "DANCE_B", Ticks, nullptr, DanceTick, nullptr);
  BT_REGISTER_ACTION(registry, "REST_B", Ticks, nullptr, RestTick, nullptr);
  BT_REGISTER_CONDITION(registry, "TooWeakToFight", TooWeakToFight);
  BT_REGISTER_CONDITION(registry, "NestThreatened", NestThreatened);
  BT_REGISTER_CONDITION(registry, "ShouldYell", ShouldYell);
  BT_REGISTER_CONDITION(registry, "Threatened", Threatened);
  BT_REGISTER_CONDITION(registry, "Hungry", Hungry);
  BT_REGISTER_CONDITION(registry, "NoFoodSeen", NoFoodSeen);
  BT_REGISTER_CONDITION(registry, "FoodSeen", FoodSeen);
  BT_REGISTER_CONDITION(registry, "Playful", Playful);
  BT_REGISTER_RANDOM(registry, "CreatureRandom", CreatureRandom);
}

const bt::DeciderDef& BtRoot() { return ROOT; }

bool BtInitialize() {
  bt::TreeError error;
  if (bt::InitializeTreeData(ROOT, &error)) return true;
  std::fprintf(stderr, "%s\n", error.message);
  return false;
}

std::size_t BtTickInterpreted(const bt::DeciderDef& root, Creature* creatures, BtMemory* memory, std::size_t n, int t) {
  return TickEach(creatures, memory, n, t, [&root](Creature& c, BtMemory& m, double time) {
    return bt::TickBehaviorTree(root, c, m, time, static_cast<float>(kDt));
  });
}

std::size_t BtTick(Creature* creatures, BtMemory* memory, std::size_t n, int t) {
  return BtTickInterpreted(ROOT, creatures, memory, n, t);
}

std::size_t BtTickWhy(Creature* creatures, BtWhyAgent* agents, std::size_t n, int t) {
  return TickEach(creatures, agents, n, t, [](Creature& c, BtWhyAgent& a, double time) {
    bt::TickOptions options;
    options.why = &a.why;
    return bt::TickBehaviorTree(ROOT, c, a.memory, time, static_cast<float>(kDt), 0, 0, options);
  });
}
std::size_t BtTickCompiled(Creature* creatures, BtMemory* memory, std::size_t n, int t) {
  return TickEach(creatures, memory, n, t, [](Creature& c, BtMemory& m, double time) {
    return bt::TickBehaviorTreeCompiled<ROOT>(c, m, time, static_cast<float>(kDt));
  });
}
std::size_t BtTickCompiledFrame(Creature* creatures, BtMemory* memory, std::size_t n, int t, double time, float dt) {
  return TickEach(creatures, memory, n, t, [time, dt](Creature& c, BtMemory& m, double) {
    return bt::TickBehaviorTreeCompiled<ROOT>(c, m, time, dt);
  });
}
std::size_t BtTickCompiledInOrder(Creature* creatures, BtMemory* memory, const std::uint32_t* order, std::size_t n,
                                  int t, const bt::DeciderDef** running) {
  const double time = t * kDt;
  std::size_t unhealthy = 0;
  for (std::size_t k = 0; k < n; ++k) {
    const std::uint32_t i = order[k];
    WorldStep(creatures[i], t);
    const bt::TickResult r = bt::TickBehaviorTreeCompiled<ROOT>(creatures[i], memory[i], time, static_cast<float>(kDt));
    running[i] = r.decider;
    unhealthy += !bt::IsOk(r.status);
  }
  return unhealthy;
}

namespace {
// World step then the compiled tick, for the agents the crowd finds due; with
// kOwnTicks the world step counts the agent's own ticks. Inlined into the
// crowd's loop, as the compiled tick is into the plain loop's.
template <bool kOwnTicks>
struct CrowdCreatureTick {
  Creature* creatures;
  BtMemory* memory;
  int t;
  int* ownTicks;
  [[gnu::always_inline]] bt::TickResult operator()(std::size_t i, double time, float dt) const {
    WorldStep(creatures[i], kOwnTicks ? ownTicks[i]++ : t);
    return bt::TickBehaviorTreeCompiled<ROOT>(creatures[i], memory[i], time, dt);
  }
  void Prefetch(std::size_t i) const noexcept {
    __builtin_prefetch(&creatures[i], 1);
    __builtin_prefetch(&memory[i], 1);
    __builtin_prefetch(reinterpret_cast<const char*>(&memory[i]) + sizeof(BtMemory) - 1, 1);
    if constexpr (kOwnTicks) __builtin_prefetch(&ownTicks[i], 1);
  }
};
}  // namespace

bt::CrowdTickResult BtCrowdTick(bt::Crowd& crowd, Creature* creatures, BtMemory* memory, int t, std::size_t budget,
                                bt::ParallelFor parallel, int* ownTicks) {
  if (ownTicks != nullptr)
    return crowd.Tick(t * kDt, static_cast<float>(kDt), CrowdCreatureTick<true>{creatures, memory, t, ownTicks}, budget,
                      parallel);
  return crowd.Tick(t * kDt, static_cast<float>(kDt), CrowdCreatureTick<false>{creatures, memory, t, nullptr}, budget,
                    parallel);
}

}  // namespace bench
