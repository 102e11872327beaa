// tests/fuzz/unvanquished_fuzzer.cpp — libFuzzer harness over the Unvanquished
// .bt loader (bt/loaders/unvanquished.h), in stub mode as bt_import --check runs it.
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
#include <memory>
#include <optional>
#include <new>
#include <span>
#include <string>
#include <string_view>

#include "bt/data/registry.h"
#include "bt/loaders/unvanquished.h"
#include "bt/tree.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

const bt::data::Registry& Builtins() {
  static const bt::data::Registry registry = [] {
    bt::data::Registry r;
    bt::data::RegisterBuiltinBehaviors(r);
    return r;
  }();
  return registry;
}

}  // namespace

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
  const bt::data::BuildResult built = bt::loaders::LoadUnvanquishedText(files[0], kNames[0], Builtins(), options);
  FUZZ_CHECK(built.Ok() == built.errors.empty());
  for (const bt::data::BuildError& e : built.errors) {
    FUZZ_CHECK(!e.message.empty());
    std::size_t k = 0;
    while (k < kNames.size() && e.file != kNames[k]) ++k;
    FUZZ_CHECK(k < kNames.size());
    FUZZ_CHECK(e.message.rfind(e.file + ":", 0) == 0);
    std::size_t lines = 1;
    for (const char c : files[k]) lines += c == '\n';
    FUZZ_CHECK(e.line >= 1 && e.line <= lines && e.column >= 1);
  }
  if (!built.Ok()) return 0;
  const bt::DeciderDef& root = built.tree->Root();
  FUZZ_CHECK(bt::InitializeTreeData(root));
  const std::size_t bytes = bt::MemoryBytesFor(root);
  FUZZ_CHECK(bytes > 0);
  // Exactly the size the tree needs, aligned as blocks must be.
  const auto release = [](std::byte* p) { ::operator delete[](p, std::align_val_t{bt::kMaxAlignment}); };
  const std::unique_ptr<std::byte[], decltype(release)> block(new (std::align_val_t{bt::kMaxAlignment}) std::byte[bytes](),
                                                               release);
  const std::span<std::byte> memory(block.get(), bytes);
  for (int tick = 0; tick < 6; ++tick) {
    const bt::TickResult r = bt::TickBehaviorTree(root, nullptr, bt::kNoType, memory, tick * 0.5, 0.5f, 0, 0, {});
    FUZZ_CHECK(r.status == bt::Status::Running || r.status == bt::Status::Done ||
               r.status == bt::Status::NoBehavior || r.status == bt::Status::RedecideLimit);
  }
  bt::StopBehaviorTree(root, nullptr, memory, 3.0);
  FUZZ_CHECK(bt::ActivePath(root, memory, {}) == 0);
  return 0;
}
