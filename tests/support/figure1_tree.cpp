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
struct Figure1 : Figure1EveryDecide<TraceDecide> {
  FIGURE1_BEHAVIORS(FLEE_B, YELL_B, FIGHT_B, PATROL_B, FIND_FOOD_B, EAT_FOOD_B, FLIP_B, ROLL_B, DANCE_B, REST_B);
  static constexpr bt::DeciderFlags playFlags = bt::kNoDeciderFlags;
  static constexpr auto playRandom = nullptr;
};
FIGURE1_DEFINE(Figure1);

// The tree is checked, and its block sized, at compile time.
BT_CHECK_TREE(ROOT);
BT_CHECK_TREE_MEMORY(ROOT, sizeof(Memory));
std::size_t CompileTimeMemoryBytes() { return sizeof(bt::MemoryFor<ROOT>); }
}  // namespace figure1
