// bt/engine/signal_variables.cpp — ApplySignal (see the header).
#include "bt/engine/signal_variables.h"

#include "bt/core/decider.h"
#include "bt/core/name_id.h"

namespace bt {

int ApplySignal(const DeciderDef& root, std::span<const SignalVariable> table, std::span<std::byte> memory,
                std::string_view signal) {
  VariableBlock* variables = VariablesOf(root, memory);
  if (variables == nullptr) return 0;
  int set = 0;
  for (const SignalVariable& entry : table)
    if (entry.signal != nullptr && signal == entry.signal && variables->Set(entry.variable, entry.value)) ++set;
  return set;
}

namespace detail {

void ApplyDeclaredSignals(const DeciderDef& root, VariableBlock& variables, std::uint32_t event) {
  for (int i = 0; i < root.variableCount; ++i) {
    const VariableDecl& v = root.variables[i];
    if (v.signals == nullptr) continue;
    for (std::uint16_t k = 0; k < v.signalCount; ++k)
      if (v.signals[k].signal != nullptr && NameId(v.signals[k].signal) == event) variables.Set(i, v.signals[k].value);
  }
}

}  // namespace detail
}  // namespace bt
