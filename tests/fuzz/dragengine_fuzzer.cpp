// tests/fuzz/dragengine_fuzzer.cpp — libFuzzer harness over the Drag[en]gine XML
// loader (bt/loaders/dragengine.h), in stub mode as bt_import --check runs it.
//
// An input is the main file "fuzz.xml", then any number of subtree files, each
// after a line "@@ NAME" (read through LoadOptions::read, never the disk).
// Checked: every error names one of the files and a place (line and column from
// 1; a line within that file) and says something; a tree that builds is valid,
// ticks a few times in a block of exactly its size (ASan sees a read past it)
// with every status one a tick may give, names its current rule, and stops.
#include <cstdint>
#include <map>
#include <memory>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "bt/data/registry.h"
#include "bt/loaders/dragengine.h"
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

std::size_t Lines(std::string_view text) {
  std::size_t lines = 1;
  for (const char c : text) lines += c == '\n';
  return lines;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  std::map<std::string, std::string> files;
  std::string name = "fuzz.xml";
  std::size_t start = 0;
  for (;;) {
    const std::size_t mark = input.find("\n@@ ", start);
    files[name] = std::string(input.substr(start, mark == std::string_view::npos ? std::string_view::npos : mark - start));
    if (mark == std::string_view::npos) break;
    const std::size_t end = input.find('\n', mark + 4);
    name = std::string(input.substr(mark + 4, end == std::string_view::npos ? std::string_view::npos : end - mark - 4));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  bt::loaders::LoadOptions options;
  options.read = [&files](const std::string& path) -> std::optional<std::string> {
    const auto found = files.find(path);
    if (found == files.end()) return std::nullopt;
    return found->second;
  };
  options.build.stubUnknownNames = true;
  options.build.stubTick = size % 3 == 0 ? bt::Result::Running : size % 3 == 1 ? bt::Result::Done : bt::Result::Failed;
  options.build.stubConditionAccepts = (size & 4) != 0;
  const bt::data::BuildResult built = bt::loaders::LoadDragengine(files["fuzz.xml"], "fuzz.xml", Builtins(), options);
  FUZZ_CHECK(built.Ok() == built.errors.empty());
  for (const bt::data::BuildError& e : built.errors) {
    FUZZ_CHECK(!e.message.empty());
    const auto file = files.find(e.file);
    FUZZ_CHECK(file != files.end());
    FUZZ_CHECK(e.message.rfind(e.file + ":", 0) == 0);
    FUZZ_CHECK(e.line >= 1 && e.line <= Lines(file->second) && e.column >= 1);
  }
  if (!built.Ok()) return 0;
  const bt::DeciderDef& root = built.tree->Root();
  FUZZ_CHECK(bt::InitializeTreeData(root));
  const std::size_t bytes = bt::MemoryBytesFor(root);
  FUZZ_CHECK(bytes > 0);
  const auto release = [](std::byte* p) { ::operator delete[](p, std::align_val_t{bt::kMaxAlignment}); };
  const std::unique_ptr<std::byte[], decltype(release)> block(new (std::align_val_t{bt::kMaxAlignment}) std::byte[bytes](),
                                                               release);
  const std::span<std::byte> memory(block.get(), bytes);
  for (int tick = 0; tick < 6; ++tick) {
    const bt::TickResult r = bt::TickBehaviorTree(root, nullptr, bt::kNoType, memory, tick * 0.5, 0.5f, 0, 0, {});
    FUZZ_CHECK(r.status == bt::Status::Running || r.status == bt::Status::Done ||
               r.status == bt::Status::NoBehavior || r.status == bt::Status::RedecideLimit);
    if (r.status == bt::Status::Running) FUZZ_CHECK(built.tree->Find(bt::loaders::DragengineCurrentRuleId(root, memory)));
  }
  bt::StopBehaviorTree(root, nullptr, memory, 3.0);
  FUZZ_CHECK(bt::ActivePath(root, memory, {}) == 0);
  return 0;
}
