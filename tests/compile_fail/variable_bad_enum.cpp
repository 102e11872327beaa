// An Enum variable whose initial value is past its enum's names.
// expect: bt: a declared variable with no name, an unknown type, a NaN initial value, or an initial value its type cannot hold (a Bool's not 0 or 1)
// expect-also: TreeProblemAt<bt::TreeProblem::BadVariable, TREE>
#include "bt/bt.h"
BT_DEFINE_BEHAVIOR__TICK(IDLE_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(IDLE, IDLE_B, nullptr);
constexpr const char* kStanceNames[] = {"Idle", "Crouch"};
constexpr bt::VariableEnum kStance{"Stance", kStanceNames, 2};
constexpr bt::VariableDecl kVariables[] = {
    {.name = "Stance", .type = bt::VariableType::Enum, .initialInteger = 2, .enumType = &kStance}};
BT_DEFINE_DECIDER_ROOT__VARIABLES(TREE, IDLE, kVariables);
BT_CHECK_TREE(TREE);
