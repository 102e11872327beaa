// tools/bench/bt_classic.cpp — the classic workload's tree (classic.md) in bt.
//
// Conditions are pure reads of the creature; every action is one behavior whose
// memory counts its ticks, run through Act (classic.h) as the hand-written code
// runs it. The decorator and the loop take a NodeConfig, so they are plain
// DeciderDef aggregates; the rest uses the macros.
#include "tools/bench/bt_classic.h"

#include <cstdio>

#include "bt/bt.h"
#include "bt/engine/compiled_tick.h"
#include "tools/bench/classic.h"
#include "tools/bench/tick_each.h"

namespace bench::classic {
namespace {

static_assert(static_cast<int>(Outcome::Running) == static_cast<int>(bt::Result::Running) &&
              static_cast<int>(Outcome::Done) == static_cast<int>(bt::Result::Done) &&
              static_cast<int>(Outcome::Failed) == static_cast<int>(bt::Result::Failed));

// ---------------------------------------------------------------- actions
struct Ticks {
  int n;  // ticks run so far
};

template <Action A>
bt::Result Run(Creature& c, Ticks& m) {
  return static_cast<bt::Result>(Act(A, c, m.n));
}

BT_DEFINE_BEHAVIOR__MEMORY(FLEE_A, Ticks, nullptr, Run<kFlee>, nullptr);
BT_DEFINE_BEHAVIOR__MEMORY(YELL_A, Ticks, nullptr, Run<kYell>, nullptr);
BT_DEFINE_BEHAVIOR__MEMORY(LOOK_A, Ticks, nullptr, Run<kLook>, nullptr);
BT_DEFINE_BEHAVIOR__MEMORY(PATROL_A, Ticks, nullptr, Run<kPatrol>, nullptr);
BT_DEFINE_BEHAVIOR__MEMORY(FIGHT_A, Ticks, nullptr, Run<kFight>, nullptr);
BT_DEFINE_BEHAVIOR__MEMORY(HAVE_FOOD_A, Ticks, nullptr, Run<kHaveFood>, nullptr);
BT_DEFINE_BEHAVIOR__MEMORY(HUNT_A, Ticks, nullptr, Run<kHunt>, nullptr);
BT_DEFINE_BEHAVIOR__MEMORY(FORAGE_A, Ticks, nullptr, Run<kForage>, nullptr);
BT_DEFINE_BEHAVIOR__MEMORY(EAT_FOOD_A, Ticks, nullptr, Run<kEatFood>, nullptr);
BT_DEFINE_BEHAVIOR__MEMORY(DANCE_A, Ticks, nullptr, Run<kDance>, nullptr);
BT_DEFINE_BEHAVIOR__MEMORY(REST_A, Ticks, nullptr, Run<kRest>, nullptr);

// ---------------------------------------------------------------- conditions
bool TooWeakToFight(const Creature& c) { return c.threat && c.energy < 60; }
bool NestThreatenedOnly(const Creature& c) { return c.nest_threat && !c.threat; }
bool HasNotYelled(const Creature& c) { return !c.yelled; }
bool Threatened(const Creature& c) { return c.threat; }
bool Hungry(const Creature& c) { return c.hunger > 70; }
bool FoodSeen(const Creature& c) { return c.food_seen; }
bool StrongEnoughToHunt(const Creature& c) { return c.energy > 30; }
bool Playful(const Creature& c) { return c.energy > 50; }

// ---------------------------------------------------------------- the tree
BT_DEFINE_GROUP(ROOT, Selector, BT_CHILDREN(FLEE, GUARD, FIGHT, EAT, IDLE));
BT_DEFINE_DECIDER(FLEE, FLEE_A, BT_DECIDE(TooWeakToFight), BT_FLAGS(bt::kRecheckEveryTick));
BT_DEFINE_GROUP(GUARD, Sequence, BT_DECIDE(NestThreatenedOnly), BT_FLAGS(bt::kRecheckEveryTick),
                BT_CHILDREN(ALARM, PATROL));
BT_DEFINE_GROUP(ALARM, Parallel, BT_FLAGS(bt::kParallelSucceedOnAny | bt::kParallelFailOnAll), BT_CHILDREN(YELL, LOOK));
BT_DEFINE_DECIDER(YELL, YELL_A, BT_DECIDE(HasNotYelled));
BT_DEFINE_DECIDER(LOOK, LOOK_A);
BT_DEFINE_DECIDER(PATROL, PATROL_A);
BT_DEFINE_DECIDER(FIGHT, FIGHT_A, BT_DECIDE(Threatened));
BT_DEFINE_GROUP(EAT, Sequence, BT_DECIDE(Hungry), BT_FLAGS(bt::kRecheckEveryTick), BT_CHILDREN(GET_FOOD, EAT_FOOD));
BT_DEFINE_GROUP(GET_FOOD, Fallback, BT_CHILDREN(HAVE_FOOD, HUNT, FORAGE));
BT_DEFINE_DECIDER(HAVE_FOOD, HAVE_FOOD_A, BT_DECIDE(FoodSeen));
BT_DEFINE_DECIDER(HUNT, HUNT_A, BT_DECIDE(StrongEnoughToHunt));
BT_DEFINE_DECIDER(FORAGE, FORAGE_A);
BT_DEFINE_DECIDER(EAT_FOOD, EAT_FOOD_A);
BT_DEFINE_GROUP(IDLE, Sequence, BT_FLAGS(bt::kLoopChildren), BT_CHILDREN(PLAY, REST));
BT_DEFINE_DECIDER(DANCE, DANCE_A);
BT_DEFINE_DECIDER(REST, REST_A);

// PLAY: a decorator whose child's failure is a success; DANCES: two dances while energy > 50.
constinit bt::DeciderData DANCES_data{};
constexpr const bt::DeciderDef* kDancesChildren[] = {&DANCE};
extern const bt::DeciderDef DANCES;
constexpr bt::DeciderDef DANCES{.name = "DANCES",
                                .kind = bt::DeciderKind::Group,
                                .policy = bt::GroupPolicy::Loop,
                                .flags = bt::kRecheckEveryTick,
                                .children = kDancesChildren,
                                .childCount = 1,
                                .decide = bt::detail::MakeDecide<&Playful, void>(),
                                .agentType = bt::detail::AgentTagOf<&Playful>(),
                                .data = &DANCES_data,
                                .config = {.count = 2}};
constinit bt::DeciderData PLAY_data{};
constexpr const bt::DeciderDef* kPlayChildren[] = {&DANCES};
constexpr bt::DeciderDef PLAY{.name = "PLAY",
                              .kind = bt::DeciderKind::Group,
                              .policy = bt::GroupPolicy::Decorator,
                              .children = kPlayChildren,
                              .childCount = 1,
                              .data = &PLAY_data,
                              .config = {.results = bt::kSuppressFailure}};

static_assert(sizeof(bt::MemoryFor<ROOT>) == sizeof(BtMemory),
              "kBtBytesPerAgent must be sizeof(bt::MemoryFor<ROOT>) of the classic tree");
static_assert(alignof(bt::MemoryFor<ROOT>) == alignof(BtMemory));

}  // namespace

const bt::DeciderDef& BtRoot() { return ROOT; }

bool BtInitialize() {
  bt::TreeError error;
  if (bt::InitializeTreeData(ROOT, &error)) return true;
  std::fprintf(stderr, "classic tree: %s\n", error.message);
  return false;
}

std::size_t BtTick(Creature* creatures, BtMemory* memory, std::size_t n, int t) {
  return TickEach(creatures, memory, n, t, [](Creature& c, BtMemory& m, double time) {
    return bt::TickBehaviorTree(ROOT, c, m, time, static_cast<float>(kDt));
  });
}

std::size_t BtTickCompiled(Creature* creatures, BtMemory* memory, std::size_t n, int t) {
  return TickEach(creatures, memory, n, t, [](Creature& c, BtMemory& m, double time) {
    return bt::TickBehaviorTreeCompiled<ROOT>(c, m, time, static_cast<float>(kDt));
  });
}
}  // namespace bench::classic
