// More variables than bt::kMaxVariables, declared with the macro.
// expect: bt: tree TREE declares more variables than bt::kMaxVariables (BT_MAX_VARIABLES)
#define BT_MAX_VARIABLES 2
#include "bt/bt.h"
BT_DEFINE_BEHAVIOR__TICK(IDLE_B, +[](int&) { return bt::Result::Running; });
BT_DEFINE_DECIDER_BEHAVIOR(IDLE, IDLE_B, nullptr);
constexpr bt::VariableDecl kVariables[] = {
    {"A", bt::VariableType::Bool, 0}, {"B", bt::VariableType::Bool, 0}, {"C", bt::VariableType::Bool, 0}};
BT_DEFINE_DECIDER_ROOT__VARIABLES(TREE, IDLE, kVariables);
