// More variables than bt::kMaxVariables, declared with the BT_VARIABLES option.
// expect: bt: decider TREE declares more variables than bt::kMaxVariables (BT_MAX_VARIABLES)
#define BT_MAX_VARIABLES 2
#include "bt/bt.h"
BT_DEFINE_BEHAVIOR__TICK(IDLE_B, nullptr);
constexpr bt::VariableDecl kVariables[] = {
    {"A", bt::VariableType::Bool, 0}, {"B", bt::VariableType::Bool, 0}, {"C", bt::VariableType::Bool, 0}};
BT_DEFINE_DECIDER(TREE, IDLE_B, BT_VARIABLES(kVariables));
