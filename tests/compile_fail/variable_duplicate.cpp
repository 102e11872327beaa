// Two variables of one name, declared on a macro tree's root.
// expect: bt: two declared variables with the same name: rename one
// expect-also: TreeProblemAt<bt::TreeProblem::DuplicateVariable, TREE>
#include "bt/bt.h"
BT_DEFINE_BEHAVIOR__TICK(IDLE_B, +[](int&) { return bt::Result::Running; });
BT_DEFINE_DECIDER_BEHAVIOR(IDLE, IDLE_B, nullptr);
constexpr bt::VariableDecl kVariables[] = {{"Alert", bt::VariableType::Bool, 0}, {"Alert", bt::VariableType::Number, 1}};
BT_DEFINE_DECIDER_ROOT__VARIABLES(TREE, IDLE, kVariables);
BT_CHECK_TREE(TREE);
