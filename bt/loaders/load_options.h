// bt/loaders/load_options.h — what every loader of tree files takes.
//
// A tree file may name other files (Unvanquished `behavior NAME` and `#include`,
// Drag[en]gine subtree files, selection-tree block files). A loader finds each
// beside the file that names it (an Unvanquished behavior: beside the loaded
// file, as the game keeps them in one folder), then in each folder of
// `searchPath`, in that order; it reads them through `read` (the disk when empty), so tests, fuzzers
// and games with packed assets give their own files.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bt/data/tree_builder.h"

namespace bt::loaders {

// Code a tree file carries (MBT's Lua nodes), compiled once at load by the
// game's script engine (bt/loaders/lua/ gives one for Lua 5.4).
class ScriptCompiler {
 public:
  virtual ~ScriptCompiler() = default;
  // Compiles `code`, written at `chunkName` ("tree.xml:12"): its handle, which
  // the node that runs it carries as a parameter, or -1 with `error` set.
  virtual std::int64_t Compile(std::string_view code, std::string_view chunkName, std::string& error) = 0;
};

// The contents of the file at `path`, or nothing when there is no such file.
using ReadFile = std::function<std::optional<std::string>(const std::string& path)>;

struct LoadOptions {
  std::vector<std::string> searchPath = {};  // folders searched after the naming file's own
  ReadFile read = {};                        // empty: read the disk
  bt::data::BuildOptions build = {};         // how the loaded spec is built
  // The tree to build when a file holds several (selection trees); empty: the first.
  std::string treeName = {};
  // Compiles the code of script nodes at load; null: no script engine (a script
  // node is then an error, or a stub in stub mode).
  ScriptCompiler* scripts = nullptr;
};

}  // namespace bt::loaders
