// bt/loaders/signal_table.cpp — a tree's signal variables with their names (signal_table.h).
#include "bt/loaders/signal_table.h"

#include <deque>
#include <string>
#include <vector>

namespace bt::loaders {

struct SignalTable::Storage {
  std::deque<std::string> names;  // a deque: an entry's name stays put as others are added
  std::vector<bt::SignalVariable> entries;
};

SignalTable::SignalTable(std::span<const bt::SignalVariable> entries) {
  auto storage = std::make_shared<Storage>();
  for (const bt::SignalVariable& entry : entries) {
    const char* name = storage->names.emplace_back(entry.signal != nullptr ? entry.signal : "").c_str();
    storage->entries.push_back({name, entry.variable, entry.value});
  }
  storage_ = std::move(storage);
}

int SignalTable::Apply(const bt::DeciderDef& root, std::span<std::byte> memory, std::string_view signal) const {
  return bt::ApplySignal(root, Entries(), memory, signal);
}

std::span<const bt::SignalVariable> SignalTable::Entries() const {
  return storage_ == nullptr ? std::span<const bt::SignalVariable>{} : std::span<const bt::SignalVariable>(storage_->entries);
}

}  // namespace bt::loaders
