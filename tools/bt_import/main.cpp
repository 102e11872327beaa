// tools/bt_import/main.cpp — bt_import: tree files of the other systems
// (Unvanquished .bt, Drag[en]gine, MBT, selection-tree XML), checked, listed,
// printed, drawn, written as C++ or run against a script, without the game.
//
//   bt_import [--check] [--path DIR]... FILE...     load each against stubs; ok or every error
//   bt_import --check --names NAMES FILE...   and every name the game lacks (NAMES: the game's
//                                   names, one "KIND NAME/ARITY" a line, as --bindings prints them)
//   bt_import --bindings FILE...    the actions, conditions, functions, constants each needs
//   bt_import --print FILE...       the whole tree as DebugPrintState shows it (a fresh agent)
//   bt_import --dot FILE...         the tree as Graphviz DOT
//   bt_import --svg OUT FILE...     the same through `dot -Tsvg`: OUT, or OUT/NAME.svg for several files
//   bt_import --emit-cpp FILE...    BT_DEFINE_* source, with stubs of the game's functions
//   bt_import --run FILE --script SCRIPT [--lifecycle]   ticked against a script
//                                   (tools/bt_import/run_script.h)
// The format is told from each file (bt/loaders/tree_format.h); files it names are
// found beside it, then in each --path folder. Every file is read and every error
// reported; the exit status is 1 when any file failed, 2 for a wrong command line.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "bt/data/closest_names.h"
#include "bt/debug/dot.h"
#include "bt/debug/print.h"
#include "bt/loaders/load_tree_file.h"
#include "bt/loaders/lua/lua_scripts.h"
#include "bt/loaders/source_files.h"
#include "bt/core/tree.h"
#include "tools/bt_import/emit_cpp.h"
#include "tools/bt_import/run_script.h"
#include "tools/bt_import/script.h"
#include "tools/bt_import/scripted_registry.h"

namespace {

enum class Mode { Check, Bindings, Print, Dot, Svg, EmitCpp, Run };

struct CommandLine {
  Mode mode = Mode::Check;
  bool modeGiven = false;
  std::vector<std::string> files;
  std::string svgOut;
  std::string script;
  std::string names;  // --check against the game's names
  bool lifecycle = false;
  std::vector<std::string> searchPath;
};

const char kUsage[] =
    "usage: bt_import [--check | --bindings | --print | --dot | --svg OUT | --emit-cpp] [--path DIR]... FILE...\n"
    "       bt_import --check --names NAMES [--path DIR]... FILE...\n"
    "       bt_import --run FILE --script SCRIPT [--lifecycle] [--path DIR]...\n";

int Usage(const std::string& problem) {
  std::fprintf(stderr, "bt_import: %s\n%s", problem.c_str(), kUsage);
  return 2;
}

// Parses argv into `line`; an empty string when it is good, else what is wrong.
std::string ParseCommandLine(int argc, char** argv, CommandLine& line) {
  const auto setMode = [&line](Mode mode) {
    if (line.modeGiven && line.mode != mode) return false;
    line.mode = mode;
    line.modeGiven = true;
    return true;
  };
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const auto value = [&](std::string& into) {
      if (i + 1 >= argc) return false;
      into = argv[++i];
      return true;
    };
    bool ok = true;
    if (arg == "--check")
      ok = setMode(Mode::Check);
    else if (arg == "--bindings")
      ok = setMode(Mode::Bindings);
    else if (arg == "--print")
      ok = setMode(Mode::Print);
    else if (arg == "--dot")
      ok = setMode(Mode::Dot);
    else if (arg == "--emit-cpp")
      ok = setMode(Mode::EmitCpp);
    else if (arg == "--run")
      ok = setMode(Mode::Run);
    else if (arg == "--lifecycle")
      line.lifecycle = true;
    else if (arg == "--svg") {
      if (!setMode(Mode::Svg)) return "one of --check, --bindings, --print, --dot, --svg, --emit-cpp, --run";
      if (!value(line.svgOut)) return "--svg needs the output file";
    } else if (arg == "--script") {
      if (!value(line.script)) return "--script needs the script file";
    } else if (arg == "--names") {
      if (!value(line.names)) return "--names needs the file of the game's names";
    } else if (arg == "--path") {
      std::string dir;
      if (!value(dir)) return "--path needs a folder";
      line.searchPath.push_back(dir);
    } else if (arg == "--help" || arg == "-h") {
      return "help";
    } else if (arg.size() > 1 && arg[0] == '-') {
      return "unknown option '" + arg + "'";
    } else {
      line.files.push_back(arg);
    }
    if (!ok) return "one of --check, --bindings, --print, --dot, --svg, --emit-cpp, --run";
  }
  if (line.files.empty()) return "no FILE given";
  if (line.mode == Mode::Run) {
    if (line.files.size() != 1) return "--run takes one FILE";
    if (line.script.empty()) return "--run needs --script SCRIPT";
  } else {
    if (!line.script.empty()) return "--script goes with --run";
    if (line.lifecycle) return "--lifecycle goes with --run";
  }
  if (!line.names.empty() && line.mode != Mode::Check) return "--names goes with --check";
  return {};
}

bool ReadText(const std::string& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream buffer;
  buffer << in.rdbuf();
  text = buffer.str();
  return true;
}

void PrintErrors(const bt::data::BuildResult& build) {
  for (const bt::data::BuildError& error : build.errors) std::fprintf(stderr, "%s\n", error.message.c_str());
}

// The game's names (--names): each kind's names and their arities.
struct GameNames {
  std::map<std::string, std::map<std::string, std::set<std::size_t>>> byKind;  // kind -> name -> arities
};

std::string Trim(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  return std::string(text.substr(first, text.find_last_not_of(" \t\r") - first + 1));
}

// Reads NAMES: "KIND NAME/ARITY" a line ("action moveTo/3", "value function
// hasFunds/0", " (built in)" after it allowed), as --bindings prints them; its
// headers ("FILE (FORMAT):"), "(none)", blank lines and '#' comments are skipped.
// False with `error` set ("NAMES:LINE: ...") when a line is none of these.
bool ReadGameNames(const std::string& path, GameNames& names, std::string& error) {
  std::string text;
  if (!ReadText(path, text)) {
    error = path + ": cannot read the names";
    return false;
  }
  std::istringstream lines(text);
  std::string raw;
  for (int number = 1; std::getline(lines, raw); ++number) {
    std::string entry = Trim(raw);
    if (entry.empty() || entry[0] == '#' || entry == "(none)" || entry.back() == ':') continue;
    constexpr std::string_view kBuiltIn = " (built in)";
    if (entry.ends_with(kBuiltIn)) entry.resize(entry.size() - kBuiltIn.size());
    const std::size_t space = entry.rfind(' ');
    const std::size_t slash = entry.rfind('/');
    std::size_t arity = 0;
    const bool digits = slash != std::string::npos && slash + 1 < entry.size() && entry.size() - slash < 6 &&
                        entry.find_first_not_of("0123456789", slash + 1) == std::string::npos;
    if (space == std::string::npos || !digits || slash < space + 2) {
      error = path + ":" + std::to_string(number) + ": expected KIND NAME/ARITY (as --bindings prints), found '" +
              entry + "'";
      return false;
    }
    arity = std::stoul(entry.substr(slash + 1));
    names.byKind[Trim(entry.substr(0, space))][entry.substr(space + 1, slash - space - 1)].insert(arity);
  }
  return true;
}

// The kinds of the game's names a binding may be: a condition the file names is
// the game's condition or Decide.
std::vector<std::string> KindsFor(bt::data::BindingKind kind) {
  if (kind == bt::data::BindingKind::Condition || kind == bt::data::BindingKind::Decide)
    return {bt::data::BindingKindName(bt::data::BindingKind::Condition),
            bt::data::BindingKindName(bt::data::BindingKind::Decide)};
  return {bt::data::BindingKindName(kind)};
}

std::string Arguments(std::size_t count) { return std::to_string(count) + (count == 1 ? " argument" : " arguments"); }

// Every name the loaded file binds to a stub that the game lacks, one error a
// name at its first use, in the order of the file; false when there is any.
bool CheckAgainstGame(const bt::data::BuildResult& build, const GameNames& game) {
  std::vector<const bt::data::Binding*> bindings;
  for (const bt::data::Binding& binding : build.bindings) bindings.push_back(&binding);
  std::stable_sort(bindings.begin(), bindings.end(), [](const bt::data::Binding* a, const bt::data::Binding* b) {
    return std::tie(a->file, a->line, a->column) < std::tie(b->file, b->line, b->column);
  });
  bool ok = true;
  for (const bt::data::Binding* bound : bindings) {
    const bt::data::Binding& binding = *bound;
    if (!binding.stubbed) continue;
    const char* kind = bt::data::BindingKindName(binding.kind);
    std::vector<std::string> candidates;
    const std::set<std::size_t>* arities = nullptr;
    for (const std::string& k : KindsFor(binding.kind)) {
      const auto names = game.byKind.find(k);
      if (names == game.byKind.end()) continue;
      for (const auto& [name, counts] : names->second) {
        candidates.push_back(name);
        if (name == binding.name) arities = &counts;
      }
    }
    // A constant or a random source takes no arguments as the file uses it.
    const bool counted = binding.kind != bt::data::BindingKind::Constant && binding.kind != bt::data::BindingKind::Random;
    if (arities != nullptr && (!counted || arities->count(binding.arity) != 0)) continue;
    std::string message = std::string(kind) + " '" + binding.name + "'";
    if (arities != nullptr) {
      message += " is given " + Arguments(binding.arity) + "; the game's takes ";
      for (auto count = arities->begin(); count != arities->end(); ++count)
        message += (count == arities->begin() ? "" : " or ") + Arguments(*count);
    } else {
      message += " is not one of the game's names" + bt::data::ClosestNamesSuffix(binding.name, candidates);
    }
    std::string place = binding.file;
    if (binding.line > 0) place += ":" + std::to_string(binding.line) + ":" + std::to_string(binding.column);
    std::fprintf(stderr, "%s: %s\n", place.c_str(), message.c_str());
    ok = false;
  }
  return ok;
}

// The whole tree as DebugPrintState shows it for a fresh agent (its block never ticked).
std::string PrintWholeTree(const bt::DeciderDef& root) {
  std::vector<std::byte> memory(bt::MemoryBytesFor(root) + bt::kMaxAlignment);
  void* start = memory.data();
  std::size_t space = memory.size();
  std::align(bt::kMaxAlignment, bt::MemoryBytesFor(root), start, space);
  const std::span<const std::byte> block(static_cast<const std::byte*>(start), bt::MemoryBytesFor(root));
  for (std::size_t size = std::size_t{1} << 16;; size *= 2) {
    std::vector<char> buffer(size);
    const std::size_t length = bt::DebugPrintState(root, block, 0.0, buffer, {.wholeTree = true});
    const std::string text(buffer.data(), length);
    const std::string_view cut = "[... truncated]\n";
    const bool truncated = text.size() >= cut.size() && text.compare(text.size() - cut.size(), cut.size(), cut) == 0;
    if (!truncated || size >= (std::size_t{1} << 26)) return text;
  }
}

// The path of the SVG of `file`: OUT itself for one file, else OUT/NAME.svg.
std::string SvgPath(const CommandLine& line, const std::string& file) {
  if (line.files.size() == 1) return line.svgOut;
  const std::string folder = bt::loaders::FolderOf(file);
  const std::string name = folder.empty() ? file : file.substr(folder.size() + 1);
  return bt::loaders::JoinPath(line.svgOut, name + ".svg");
}

// One file in every mode but --run; false when it failed.
bool Process(const CommandLine& line, const GameNames* game, const std::string& file) {
  bt::loaders::LoadOptions options;
  options.searchPath = line.searchPath;
  options.build.stubUnknownNames = true;
  // Script nodes' code is compiled, so a Lua syntax error is the file's error at
  // its node, in every mode.
  bt::loaders::LuaScripts lua;
  options.scripts = &lua;
  bt::loaders::LoadedTree loaded = bt::loaders::LoadTreeFile(file, bt_import::BuiltinRegistry(&lua), options);
  // Pictures show the code itself (a stub keeps it as text); C++ calls script
  // nodes by their registered names (stubs): loaded again so.
  bt_import::UnrunScripts unrun;
  const bool shown = line.mode == Mode::Print || line.mode == Mode::Dot || line.mode == Mode::Svg;
  if (loaded.build.Ok() && (shown || line.mode == Mode::EmitCpp)) {
    options.scripts = shown ? nullptr : &unrun;
    loaded = bt::loaders::LoadTreeFile(file, bt_import::BuiltinRegistry(), options);
  }
  if (!loaded.build.Ok()) {
    PrintErrors(loaded.build);
    return false;
  }
  const bt::DeciderDef& root = loaded.build.tree->Root();
  const char* format = bt::loaders::TreeFormatName(loaded.format);
  switch (line.mode) {
    case Mode::Check:
      if (game != nullptr && !CheckAgainstGame(loaded.build, *game)) return false;
      std::printf("%s: ok (%s, %zu deciders)\n", file.c_str(), format, loaded.build.tree->Deciders().size());
      return true;
    case Mode::Bindings:
      std::printf("%s (%s):\n", file.c_str(), format);
      for (const bt::data::Binding& binding : loaded.build.bindings)
        std::printf("  %s %s/%zu%s\n", bt::data::BindingKindName(binding.kind), binding.name.c_str(), binding.arity,
                    binding.stubbed ? "" : " (built in)");
      if (loaded.build.bindings.empty()) std::printf("  (none)\n");
      return true;
    case Mode::Print:
      std::fputs(PrintWholeTree(root).c_str(), stdout);
      return true;
    case Mode::Dot:
      return bt::WriteTreeDot(root, {}, stdout);
    case Mode::Svg:
      if (bt::WriteTreeSvg(root, {}, SvgPath(line, file).c_str())) return true;
      std::fprintf(stderr, "%s: cannot write %s (is graphviz's dot installed?)\n", file.c_str(),
                   SvgPath(line, file).c_str());
      return false;
    case Mode::EmitCpp: {
      const bt_import::ScriptedRegistry scripted = bt_import::MakeScriptedRegistry(loaded.build);
      for (const std::string& error : scripted.errors) std::fprintf(stderr, "%s: %s\n", file.c_str(), error.c_str());
      if (!scripted.Ok()) return false;
      bt::loaders::LoadOptions against = options;
      against.build.stubUnknownNames = false;
      against.build.findScope = bt_import::FindNoScope;
      const bt::loaders::LoadedTree rebuilt = bt::loaders::LoadTreeFile(file, scripted.registry, against);
      if (!rebuilt.build.Ok()) {
        PrintErrors(rebuilt.build);
        return false;
      }
      const bt::data::CppWriteResult cpp = bt_import::EmitCpp(*rebuilt.build.tree, scripted, rebuilt.format);
      for (const std::string& error : cpp.errors) std::fprintf(stderr, "%s: %s\n", file.c_str(), error.c_str());
      if (!cpp.Ok()) return false;
      std::fputs(cpp.text.c_str(), stdout);
      return true;
    }
    case Mode::Run:
      break;
  }
  return false;
}

int Run(const CommandLine& line) {
  std::string text;
  if (!ReadText(line.script, text)) {
    std::fprintf(stderr, "%s: cannot read the script\n", line.script.c_str());
    return 1;
  }
  const bt_import::ScriptParse script = bt_import::ParseScript(text, line.script);
  if (!script.Ok()) {
    std::fprintf(stderr, "%s\n", script.error.c_str());
    return 1;
  }
  bt_import::RunOptions options;
  options.lifecycle = line.lifecycle;
  options.load.searchPath = line.searchPath;
  const bt_import::RunResult result = bt_import::RunScript(line.files.front(), script.ticks, options);
  for (const std::string& warning : result.warnings)
    std::fprintf(stderr, "%s:%s (ignored)\n", line.script.c_str(), warning.c_str());
  for (const std::string& message : result.scriptMessages)
    std::fprintf(stderr, "%s: %s\n", line.files.front().c_str(), message.c_str());
  std::fputs(result.output.c_str(), stdout);
  return result.ok ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  CommandLine line;
  const std::string problem = ParseCommandLine(argc, argv, line);
  if (problem == "help") {
    std::fputs(kUsage, stdout);
    return 0;
  }
  if (!problem.empty()) return Usage(problem);
  if (line.mode == Mode::Run) return Run(line);
  GameNames game;
  if (!line.names.empty()) {
    std::string error;
    if (!ReadGameNames(line.names, game, error)) {
      std::fprintf(stderr, "bt_import: %s\n", error.c_str());
      return 2;
    }
  }
  bool allOk = true;
  for (const std::string& file : line.files) allOk = Process(line, line.names.empty() ? nullptr : &game, file) && allOk;
  std::fflush(stdout);
  return allOk ? 0 : 1;
}
