// tests/support/figure1_tree.cpp — the definition of the Figure 1 tree (see the header).
#include "tests/support/figure1_tree.h"

namespace figure1 {
using test::TraceDecide;

TEST_TRACE_BEHAVIOR(FLEE_B);
TEST_TRACE_BEHAVIOR(YELL_B);
TEST_TRACE_BEHAVIOR(FIGHT_B);
TEST_TRACE_BEHAVIOR(PATROL_B);
TEST_TRACE_BEHAVIOR(FIND_FOOD_B);
TEST_TRACE_BEHAVIOR(EAT_FOOD_B);
TEST_TRACE_BEHAVIOR(FLIP_B);
TEST_TRACE_BEHAVIOR(ROLL_B);
TEST_TRACE_BEHAVIOR(DANCE_B);
TEST_TRACE_BEHAVIOR(REST_B);

// Every decider with a Decide traces it (demo/figure1/tree.h).
struct Figure1 {
  static constexpr auto decideFlee = TraceDecide;
  static constexpr auto decideGuard = TraceDecide;
  static constexpr auto decideGuardYell = TraceDecide;
  static constexpr auto decideGuardFight = TraceDecide;
  static constexpr auto decideGuardPatrol = TraceDecide;
  static constexpr auto decideFight = TraceDecide;
  static constexpr auto decideEat = TraceDecide;
  static constexpr auto decideFindFood = TraceDecide;
  static constexpr auto decideEatFood = TraceDecide;
  static constexpr auto decidePlay = TraceDecide;
  static constexpr auto decideFlip = TraceDecide;
  static constexpr auto decideRoll = TraceDecide;
  static constexpr auto decideDance = TraceDecide;
  static constexpr const bt::BehaviorDef& flee = FLEE_B;
  static constexpr const bt::BehaviorDef& yell = YELL_B;
  static constexpr const bt::BehaviorDef& fight = FIGHT_B;
  static constexpr const bt::BehaviorDef& patrol = PATROL_B;
  static constexpr const bt::BehaviorDef& findFood = FIND_FOOD_B;
  static constexpr const bt::BehaviorDef& eatFood = EAT_FOOD_B;
  static constexpr const bt::BehaviorDef& flip = FLIP_B;
  static constexpr const bt::BehaviorDef& roll = ROLL_B;
  static constexpr const bt::BehaviorDef& dance = DANCE_B;
  static constexpr const bt::BehaviorDef& rest = REST_B;
  static constexpr bt::DeciderFlags playFlags = bt::kNoDeciderFlags;
  static constexpr auto playRandom = nullptr;
};
FIGURE1_DEFINE(Figure1);

// The tree is checked, and its block sized, at compile time.
BT_CHECK_TREE(ROOT);
BT_CHECK_TREE_MEMORY(ROOT, sizeof(Memory));
std::size_t CompileTimeMemoryBytes() { return sizeof(bt::MemoryFor<ROOT>); }
}  // namespace figure1
