// A Bool variable whose initial value is neither 0 nor 1.
// expect: bt: a declared variable with no name, an unknown type, a NaN initial value, or an initial value its type cannot hold (a Bool's not 0 or 1)
// expect-also: TreeProblemAt<bt::TreeProblem::BadVariable, TREE>
#include "bt/bt.h"
BT_DEFINE_BEHAVIOR__TICK(IDLE_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(IDLE, IDLE_B, nullptr);
constexpr bt::VariableDecl kVariables[] = {{"Alert", bt::VariableType::Bool, 2}};
BT_DEFINE_DECIDER_ROOT__VARIABLES(TREE, IDLE, kVariables);
BT_CHECK_TREE(TREE);
