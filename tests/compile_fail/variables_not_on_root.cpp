// A tree with variables used as a subtree of another: its variables would be lost.
// expect: bt: variables declared on a decider below the root: declare a tree's variables on its root
// expect-also: TreeProblemAt<bt::TreeProblem::VariablesNotOnRoot, INNER>
#include "bt/bt.h"
BT_DEFINE_BEHAVIOR__TICK(IDLE_B, +[](int&) { return bt::Result::Running; });
BT_DEFINE_DECIDER_BEHAVIOR(IDLE, IDLE_B, nullptr);
constexpr bt::VariableDecl kVariables[] = {{"Alert", bt::VariableType::Bool, 0}};
BT_DEFINE_DECIDER_ROOT__VARIABLES(INNER, IDLE, kVariables);
BT_DEFINE_DECIDER_GROUP(OUTER, PrioritizedList, nullptr, INNER);
BT_CHECK_TREE(OUTER);
