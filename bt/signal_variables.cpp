// bt/signal_variables.cpp — ApplySignal (see the header).
#include "bt/signal_variables.h"

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

}  // namespace bt
