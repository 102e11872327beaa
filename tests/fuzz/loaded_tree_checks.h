// tests/fuzz/loaded_tree_checks.h — what every loader's fuzzer checks of a load:
// its errors placed in the input, and a tree that builds ticked a few times in a
// block of exactly its size (ASan sees a read past it), then stopped.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <new>
#include <span>
#include <string>
#include <string_view>

#include "bt/data/registry.h"
#include "bt/data/tree_builder.h"
#include "bt/core/tree.h"
#include "tests/fuzz/fuzz_check.h"

namespace bt_fuzz {

// A registry of bt's built-in behaviors alone (bt::data::RegisterBuiltinBehaviors).
inline const bt::data::Registry& Builtins() {
  static const bt::data::Registry registry = [] {
    bt::data::Registry r;
    bt::data::RegisterBuiltinBehaviors(r);
    return r;
  }();
  return registry;
}

// Lines as an editor shows them (bt/loaders/line_index.h): ended by LF, CRLF or a lone CR.
inline std::size_t Lines(std::string_view text) {
  std::size_t lines = 1;
  for (std::size_t i = 0; i < text.size(); ++i)
    lines += text[i] == '\n' || (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n'));
  return lines;
}

// Every error says something and names, as its message's start, a file of the
// input (`textOf` gives its text, or null for a file the input lacks) and a place
// within that text (line and column from 1).
inline void CheckErrorsPlaced(const bt::data::BuildResult& built,
                              const std::function<const std::string*(const std::string& file)>& textOf) {
  FUZZ_CHECK(built.Ok() == built.errors.empty());
  for (const bt::data::BuildError& e : built.errors) {
    FUZZ_CHECK(!e.message.empty());
    const std::string* text = textOf(e.file);
    FUZZ_CHECK(text != nullptr);
    FUZZ_CHECK(e.message.rfind(e.file + ":", 0) == 0);
    FUZZ_CHECK(e.line >= 1 && e.line <= Lines(*text) && e.column >= 1);
  }
}

// The root, valid, ticked six times half a second apart (`beforeTick` and
// `afterTick` add a format's own steps and checks), every status one a tick of a
// stub tree may give, then stopped with nothing left active (`stopped` checks more).
inline void TickAndStop(const bt::DeciderDef& root,
                        const std::function<void(int tick, std::span<std::byte> memory)>& beforeTick,
                        const std::function<void(int tick, std::span<std::byte> memory, const bt::TickResult&)>& afterTick,
                        const std::function<void(std::span<std::byte> memory)>& stopped = {}) {
  FUZZ_CHECK(bt::InitializeTreeData(root));
  const std::size_t bytes = bt::MemoryBytesFor(root);
  FUZZ_CHECK(bytes > 0);
  const auto release = [](std::byte* p) { ::operator delete[](p, std::align_val_t{bt::kMaxAlignment}); };
  const std::unique_ptr<std::byte[], decltype(release)> block(new (std::align_val_t{bt::kMaxAlignment}) std::byte[bytes](),
                                                               release);
  const std::span<std::byte> memory(block.get(), bytes);
  for (int tick = 0; tick < 6; ++tick) {
    if (beforeTick) beforeTick(tick, memory);
    const bt::TickResult r = bt::TickBehaviorTree(root, nullptr, bt::kNoType, memory, tick * 0.5, 0.5f, 0, 0, {});
    FUZZ_CHECK(r.status == bt::Status::Running || r.status == bt::Status::Done ||
               r.status == bt::Status::NoBehavior || r.status == bt::Status::RedecideLimit);
    if (afterTick) afterTick(tick, memory, r);
  }
  bt::StopBehaviorTree(root, nullptr, memory, 3.0);
  FUZZ_CHECK(bt::ActivePath(root, memory, {}) == 0);
  if (stopped) stopped(memory);
}

}  // namespace bt_fuzz
