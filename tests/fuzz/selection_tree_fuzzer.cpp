// tests/fuzz/selection_tree_fuzzer.cpp — libFuzzer harness over the CryEngine
// selection-tree loader (bt/loaders/selection_tree/selection_tree.h), in stub mode as bt_import
// --check runs it; no other file is read (the reader has none).
//
// An input is the text of a file. Checked: every error names the file and a
// place (line and column from 1; a line within the text) and says something; a
// tree that builds is valid, ticks a few times in a block of exactly its size
// (ASan sees a read past it) with every status one a tick may give, its signals
// applied between ticks, a selected leaf named only while a behavior runs; and stops.
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "bt/data/registry.h"
#include "bt/loaders/selection_tree/selection_tree.h"
#include "bt/core/tree.h"
#include "tests/fuzz/loaded_tree_checks.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const bt::data::Registry registry;
  const std::string text(reinterpret_cast<const char*>(data), size);
  bt::loaders::LoadOptions options;
  options.read = [](const std::string&) { return std::optional<std::string>(); };
  options.build.stubUnknownNames = true;
  options.build.stubTick = size % 3 == 0 ? bt::Result::Running : size % 3 == 1 ? bt::Result::Done : bt::Result::Failed;
  if ((size & 8) != 0) options.treeName = "T";
  const bt::loaders::SelectionTreeLoad load = bt::loaders::LoadSelectionTree(text, "fuzz.xml", registry, options);
  bt_fuzz::CheckErrorsPlaced(load.build, [&text](const std::string& file) { return file == "fuzz.xml" ? &text : nullptr; });
  if (!load.Ok()) return 0;
  const bt::DeciderDef& root = load.build.tree->Root();
  const std::span<const bt::SignalVariable> signals = load.signals.Entries();
  for (const bt::SignalVariable& s : signals) FUZZ_CHECK(s.variable >= 0 && s.variable < root.variableCount);
  bt_fuzz::TickAndStop(
      root,
      [&](int tick, std::span<std::byte> memory) {
        if (!signals.empty())
          FUZZ_CHECK(load.signals.Apply(root, memory, signals[static_cast<std::size_t>(tick) % signals.size()].signal) >= 1);
      },
      [&](int, std::span<std::byte> memory, const bt::TickResult& r) {
        FUZZ_CHECK((bt::loaders::SelectedLeaf(root, memory) != nullptr) == (r.status == bt::Status::Running));
      },
      [&](std::span<std::byte> memory) { FUZZ_CHECK(bt::loaders::SelectedLeaf(root, memory) == nullptr); });
  return 0;
}
