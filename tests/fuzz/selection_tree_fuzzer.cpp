// tests/fuzz/selection_tree_fuzzer.cpp — libFuzzer harness over the CryEngine
// selection-tree loader (bt/loaders/selection_tree.h), in stub mode as bt_import
// --check runs it; no other file is read (the reader has none).
//
// An input is the text of a file. Checked: every error names the file and a
// place (line and column from 1; a line within the text) and says something; a
// tree that builds is valid, ticks a few times in a block of exactly its size
// (ASan sees a read past it) with every status one a tick may give, its signals
// applied between ticks, a selected leaf named only while a behavior runs; and stops.
#include <cstdint>
#include <memory>
#include <new>
#include <optional>
#include <span>
#include <string>

#include "bt/data/registry.h"
#include "bt/loaders/selection_tree.h"
#include "bt/tree.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const bt::data::Registry registry;
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::size_t lines = 1;
  for (const char c : text) lines += c == '\n';
  bt::loaders::LoadOptions options;
  options.read = [](const std::string&) { return std::optional<std::string>(); };
  options.build.stubUnknownNames = true;
  options.build.stubTick = size % 3 == 0 ? bt::Result::Running : size % 3 == 1 ? bt::Result::Done : bt::Result::Failed;
  if ((size & 8) != 0) options.treeName = "T";
  const bt::loaders::SelectionTreeLoad load = bt::loaders::LoadSelectionTree(text, "fuzz.xml", registry, options);
  FUZZ_CHECK(load.Ok() == load.build.errors.empty());
  for (const bt::data::BuildError& e : load.build.errors) {
    FUZZ_CHECK(!e.message.empty());
    FUZZ_CHECK(e.message.rfind("fuzz.xml:", 0) == 0);
    FUZZ_CHECK(e.line >= 1 && e.line <= lines && e.column >= 1);
  }
  if (!load.Ok()) return 0;
  const bt::DeciderDef& root = load.build.tree->Root();
  FUZZ_CHECK(bt::InitializeTreeData(root));
  const std::size_t bytes = bt::MemoryBytesFor(root);
  FUZZ_CHECK(bytes > 0);
  // Exactly the size the tree needs, aligned as blocks must be.
  const auto release = [](std::byte* p) { ::operator delete[](p, std::align_val_t{bt::kMaxAlignment}); };
  const std::unique_ptr<std::byte[], decltype(release)> block(new (std::align_val_t{bt::kMaxAlignment}) std::byte[bytes](),
                                                               release);
  const std::span<std::byte> memory(block.get(), bytes);
  const std::span<const bt::SignalVariable> signals = load.signals.Entries();
  for (const bt::SignalVariable& s : signals) FUZZ_CHECK(s.variable >= 0 && s.variable < root.variableCount);
  for (int tick = 0; tick < 6; ++tick) {
    if (!signals.empty()) FUZZ_CHECK(load.signals.Apply(root, memory, signals[static_cast<std::size_t>(tick) % signals.size()].signal) >= 1);
    const bt::TickResult r = bt::TickBehaviorTree(root, nullptr, bt::kNoType, memory, tick * 0.5, 0.5f, 0, 0, {});
    FUZZ_CHECK(r.status == bt::Status::Running || r.status == bt::Status::Done ||
               r.status == bt::Status::NoBehavior || r.status == bt::Status::RedecideLimit);
    FUZZ_CHECK((bt::loaders::SelectedLeaf(root, memory) != nullptr) == (r.status == bt::Status::Running));
  }
  bt::StopBehaviorTree(root, nullptr, memory, 3.0);
  FUZZ_CHECK(bt::ActivePath(root, memory, {}) == 0);
  FUZZ_CHECK(bt::loaders::SelectedLeaf(root, memory) == nullptr);
  return 0;
}
