// bt/loaders/signal_table.h — a loaded tree's <SignalVariables> (MBT and selection
// trees): the bt::SignalVariable entries of bt/engine/signal_variables.h, with the
// signal names they point at kept alive beside them.
//
//   const bt::loaders::SignalTable& signals = loaded.signals;
//   signals.Apply(root, memory, "OnEnemySeen");   // = bt::ApplySignal(root, signals.Entries(), ...)
//
// A table is constant once made; copies share it, as agents share the tree.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string_view>

#include "bt/engine/signal_variables.h"

namespace bt::loaders {

class SignalTable {
 public:
  SignalTable() = default;  // no entries
  // The entries, in this order; their signal names are copied (the table owns them).
  explicit SignalTable(std::span<const bt::SignalVariable> entries);

  // Applies every entry named `signal` to the agent's variables (bt::ApplySignal):
  // how many variables it set; 0 for a signal the table does not map.
  int Apply(const bt::DeciderDef& root, std::span<std::byte> memory, std::string_view signal) const;
  // The entries, in file order (their variable indices are the built tree's).
  std::span<const bt::SignalVariable> Entries() const;

 private:
  struct Storage;
  std::shared_ptr<const Storage> storage_;
};

}  // namespace bt::loaders
