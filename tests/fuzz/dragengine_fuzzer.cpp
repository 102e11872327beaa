// tests/fuzz/dragengine_fuzzer.cpp — libFuzzer harness over the Drag[en]gine XML
// loader (bt/loaders/dragengine/dragengine.h), in stub mode as bt_import --check runs it.
//
// An input is the main file "fuzz.xml", then any number of subtree files, each
// after a line "@@ NAME" (read through LoadOptions::read, never the disk).
// Checked: every error names one of the files and a place (line and column from
// 1; a line within that file) and says something; a tree that builds is valid,
// ticks a few times in a block of exactly its size (ASan sees a read past it)
// with every status one a tick may give, names its current rule, and stops.
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "bt/data/registry.h"
#include "bt/loaders/dragengine/dragengine.h"
#include "bt/core/tree.h"
#include "tests/fuzz/loaded_tree_checks.h"

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
  const bt::data::BuildResult built = bt::loaders::LoadDragengine(files["fuzz.xml"], "fuzz.xml", bt_fuzz::Builtins(), options);
  bt_fuzz::CheckErrorsPlaced(built, [&files](const std::string& file) -> const std::string* {
    const auto found = files.find(file);
    return found == files.end() ? nullptr : &found->second;
  });
  if (!built.Ok()) return 0;
  const bt::DeciderDef& root = built.tree->Root();
  bt_fuzz::TickAndStop(root, {}, [&](int, std::span<std::byte> memory, const bt::TickResult& r) {
    if (r.status == bt::Status::Running) FUZZ_CHECK(built.tree->Find(bt::loaders::DragengineCurrentRuleId(root, memory)));
  });
  return 0;
}
