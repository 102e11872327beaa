// bt/engine/signal_variables.h — signals mapped to variables (MBT and CryEngine BHS
// `<SignalVariables>`): when the game sends an agent a signal, each entry of that
// signal sets one of the agent's variables to a constant.
//
//   <Signal name="OnEnemySeen" variable="AwareOfEnemy" value="true"/>
//   <Signal name="OnNoTarget"  variable="AwareOfSound" value="false"/>
//   <Signal name="OnNoTarget"  variable="AwareOfEnemy" value="false"/>
//
// is the table
//
//   const bt::SignalVariable kSignals[] = {{"OnEnemySeen", FindVariable(ROOT, "AwareOfEnemy"), 1},
//                                          {"OnNoTarget", FindVariable(ROOT, "AwareOfSound"), 0},
//                                          {"OnNoTarget", FindVariable(ROOT, "AwareOfEnemy"), 0}};
//   bt::ApplySignal(ROOT, kSignals, memory.Span(), "OnNoTarget");  // sets both: returns 2
//
// A table is constant, shared by every agent of the tree, like the tree itself;
// only the values it sets live in each agent's block. A tree may also declare
// its signals with its variables (VariableDecl::signals): bt::SendEvent then
// applies them itself, as MBT's HandleEvent does.
#pragma once

#include <cstddef>
#include <span>
#include <string_view>

#include "bt/core/variables.h"

namespace bt {

struct SignalVariable {
  const char* signal = nullptr;  // the signal's name, as the game sends it
  int variable = -1;             // the index of the variable it sets (FindVariable)
  double value = 0;              // what it sets it to (a Bool's: 0 or 1)
};

// Applies every entry of `table` named `signal`, in table order, to the agent's
// variables (VariablesOf(root, memory): a block never ticked is started, so
// signals may come before the first tick). Returns how many variables it set,
// changed or not; 0 when the block is refused (VariablesOf returns null) or no
// entry names the signal. An entry whose variable is out of range or whose value
// is NaN sets nothing and is not counted.
int ApplySignal(const DeciderDef& root, std::span<const SignalVariable> table, std::span<std::byte> memory,
                std::string_view signal);

namespace detail {
// Sets each variable of the root's declarations that a signal named by `event`
// (its bt::NameId) sets (VariableDecl::signals), in declaration order.
void ApplyDeclaredSignals(const DeciderDef& root, VariableBlock& variables, std::uint32_t event);
}  // namespace detail

}  // namespace bt
