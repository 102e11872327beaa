// tests/fuzz/unvanquished_fuzzer.cpp — libFuzzer harness over the Unvanquished
// .bt loader (bt/loaders/unvanquished/unvanquished.h), in stub mode as bt_import --check runs it.
//
// An input is the text of a file, "fuzz.bt", and after each NUL byte the text of
// one more in-memory file (read through LoadOptions::read): a.bt, b.bt, defs.h,
// c.bt, so `behavior a` and `#include "defs.h"` are fuzzed too. Checked: every
// error names one of the files and a place (line and column from 1; a line
// within that file) and says something; a
// tree that builds is valid, ticks a few times in a block of exactly its size
// (ASan sees a read past it) with every status one a tick may give, and stops.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "bt/data/registry.h"
#include "bt/loaders/unvanquished/unvanquished.h"
#include "bt/core/tree.h"
#include "tests/fuzz/loaded_tree_checks.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static constexpr std::array<const char*, 5> kNames = {"fuzz.bt", "a.bt", "b.bt", "defs.h", "c.bt"};
  std::array<std::string, kNames.size()> files;
  std::size_t count = 0;
  for (std::size_t i = 0; i < size; ++i) {
    if (data[i] == 0 && count + 1 < files.size()) ++count;
    else files[count] += static_cast<char>(data[i]);
  }
  bt::loaders::LoadOptions options;
  options.read = [&](const std::string& path) -> std::optional<std::string> {
    for (std::size_t k = 1; k <= count; ++k)
      if (path == kNames[k]) return files[k];
    return std::nullopt;
  };
  options.build.stubUnknownNames = true;
  options.build.stubTick = size % 3 == 0 ? bt::Result::Running : size % 3 == 1 ? bt::Result::Done : bt::Result::Failed;
  options.build.stubConditionAccepts = (size & 4) != 0;
  const bt::data::BuildResult built = bt::loaders::LoadUnvanquishedText(files[0], kNames[0], bt_fuzz::Builtins(), options);
  bt_fuzz::CheckErrorsPlaced(built, [&](const std::string& file) -> const std::string* {
    for (std::size_t k = 0; k < kNames.size(); ++k)
      if (file == kNames[k]) return &files[k];
    return nullptr;
  });
  if (!built.Ok()) return 0;
  bt_fuzz::TickAndStop(built.tree->Root(), {}, {});
  return 0;
}
