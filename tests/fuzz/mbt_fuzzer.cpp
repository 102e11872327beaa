// tests/fuzz/mbt_fuzzer.cpp — libFuzzer harness over the Modular Behavior Tree
// XML loader (bt/loaders/mbt/modular_behavior_tree.h), in stub mode as bt_import
// --check runs it, with a script engine for half the inputs.
//
// An input is the text of a file. Checked: every error names the file and a
// place (line and column from 1; a line within the text) and says something; a
// tree that builds is valid, its signals name its variables, and it ticks a few
// times in a block of exactly its size (ASan sees a read past it), with events
// sent between ticks, every status one a tick may give, and stops.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "bt/data/registry.h"
#include "bt/engine/events.h"
#include "bt/loaders/mbt/modular_behavior_tree.h"
#include "bt/core/tree.h"
#include "tests/fuzz/loaded_tree_checks.h"

namespace {

// Compiles anything but code holding "error"; handles count up.
struct Scripts final : bt::loaders::ScriptCompiler {
  std::int64_t next = 0;
  std::int64_t Compile(std::string_view code, std::string_view, std::string& error) override {
    if (code.find("error") != std::string_view::npos) return error = "refused", -1;
    return next++;
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  static const bt::data::Registry kEmpty;
  Scripts scripts;
  bt::loaders::LoadOptions options;
  options.build.stubUnknownNames = true;
  options.build.stubTick = size % 3 == 0 ? bt::Result::Running : size % 3 == 1 ? bt::Result::Done : bt::Result::Failed;
  options.build.stubConditionAccepts = (size & 4) != 0;
  if ((size & 8) != 0) options.scripts = &scripts;
  const bt::loaders::ModularBehaviorTree loaded = bt::loaders::LoadModularBehaviorTree(text, "fuzz.xml", kEmpty, options);
  const bt::data::BuildResult& built = loaded.build;
  bt_fuzz::CheckErrorsPlaced(built, [&text](const std::string& file) { return file == "fuzz.xml" ? &text : nullptr; });
  if (!built.Ok()) return 0;
  const bt::DeciderDef& root = built.tree->Root();
  for (const bt::SignalVariable& s : loaded.signals.Entries())
    FUZZ_CHECK(s.variable >= 0 && static_cast<std::uint32_t>(s.variable) < root.variableCount);
  bt_fuzz::TickAndStop(root, {}, [&](int tick, std::span<std::byte> memory, const bt::TickResult&) {
    for (const bt::SignalVariable& s : loaded.signals.Entries()) {
      (void)bt::ApplySignal(root, loaded.signals.Entries(), memory, s.signal);
      const bt::Status sent = bt::SendEvent(root, nullptr, bt::kNoType, memory, bt::EventId(s.signal), tick * 0.5 + 0.25);
      FUZZ_CHECK(sent == bt::Status::Running || sent == bt::Status::NoBehavior);
    }
  });
  return 0;
}
