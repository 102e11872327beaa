// tools/bt_import/run_script.cpp — a tree file ticked against a script (see the header).
#include "tools/bt_import/run_script.h"

#include "bt/engine/events.h"
#include "bt/loaders/load_tree_file.h"
#include "bt/loaders/lua/lua_scripts.h"
#include "bt/core/tree.h"
#include "bt/core/variables.h"
#include "tools/bt_import/scripted_registry.h"

namespace bt_import {

namespace {

using bt::loaders::TreeFormat;

// An agent's block, zeroed and aligned as the tick requires.
class Block {
 public:
  explicit Block(std::size_t bytes) : chunks_((bytes + sizeof(Chunk) - 1) / sizeof(Chunk)) {}
  std::span<std::byte> Span() { return {reinterpret_cast<std::byte*>(chunks_.data()), chunks_.size() * sizeof(Chunk)}; }

 private:
  struct alignas(bt::kMaxAlignment) Chunk {
    std::byte bytes[bt::kMaxAlignment];
  };
  std::vector<Chunk> chunks_;
};

char StatusLetter(bt::Status status) {
  switch (status) {
    case bt::Status::Running:
      return 'R';
    case bt::Status::Done:
      return 'S';
    case bt::Status::NoBehavior:
      return 'F';
    default:
      return 'E';  // the redecide limit, or a refusal
  }
}

std::string Joined(const std::vector<std::string>& words) {
  if (words.empty()) return "-";
  std::string text;
  for (const std::string& word : words) text += (text.empty() ? "" : " ") + word;
  return text;
}

RunResult LoadFailed(const bt::data::BuildResult& build, std::vector<std::string> more = {}) {
  RunResult result;
  for (const bt::data::BuildError& error : build.errors) result.output += error.message + "\n";
  for (const std::string& error : more) result.output += error + "\n";
  result.output += "load error\n";
  return result;
}

// The script's names the tree never reads: actions it does not run, conds it does not read.
std::vector<std::string> UnknownNames(const std::vector<ScriptTick>& ticks, const ScriptedRegistry& scripted,
                                      const bt::DeciderDef& root) {
  std::vector<std::string> warnings;
  for (const ScriptTick& tick : ticks) {
    const std::string line = std::to_string(tick.line) + ": ";
    for (const ActionResults& results : tick.actions)
      if (!scripted.IsAction(results.name))
        warnings.push_back(line + "the tree runs no scripted action '" + results.name + "'");
    for (const std::string& name : tick.missing)
      if (!scripted.IsAction(name))
        warnings.push_back(line + "missing: the tree runs no scripted action '" + name + "'");
    for (const CondSetting& cond : tick.conds)
      if (scripted.SlotsOf(cond.name).empty() && bt::FindVariable(root, cond.name) < 0)
        warnings.push_back(line + "cond: the tree reads no variable, condition or function '" + cond.name + "'");
  }
  return warnings;
}

}  // namespace

RunRules RunRulesOf(TreeFormat format) {
  switch (format) {
    case TreeFormat::ModularBehaviorTree:
      return {.stopsAtEnd = true, .enterMarkers = true, .exitMarkers = true};
    case TreeFormat::Unvanquished:
      return {.enterMarkers = true, .firstEntry = true};
    case TreeFormat::SelectionTree:
      return {.leafLines = true};
    case TreeFormat::Dragengine:
    case TreeFormat::Unknown:
      break;
  }
  return {};
}

RunResult RunScript(const std::string& treePath, const std::vector<ScriptTick>& ticks, const RunOptions& options) {
  // The file's own Lua code runs for real, against the tree's variables.
  bt::loaders::LuaScripts lua;
  bt::loaders::LoadOptions stubLoad = options.load;
  stubLoad.scripts = &lua;
  stubLoad.build.stubUnknownNames = true;
  const bt::data::Registry builtins = BuiltinRegistry(&lua);
  const bt::loaders::LoadedTree stubbed = options.loader(treePath, builtins, stubLoad);
  if (!stubbed.build.Ok()) return LoadFailed(stubbed.build);

  const ScriptedRegistry scripted = MakeScriptedRegistry(stubbed.build, &lua);
  if (!scripted.Ok()) return LoadFailed({}, scripted.errors);
  bt::loaders::LoadOptions load = stubLoad;
  load.build.stubUnknownNames = false;
  load.build.findScope = FindScriptScope;
  const bt::loaders::LoadedTree loaded = options.loader(treePath, scripted.registry, load);
  if (!loaded.build.Ok()) return LoadFailed(loaded.build);

  const bt::DeciderDef& root = loaded.build.tree->Root();
  lua.AddTree(root);
  const RunRules rules = RunRulesOf(loaded.format);
  ScriptWorld world;
  world.recordEnter = options.lifecycle && rules.enterMarkers;
  world.recordExit = options.lifecycle && rules.exitMarkers;
  world.firstEntry = rules.firstEntry;
  Block block(bt::MemoryBytesFor(root));
  const std::span<std::byte> memory = block.Span();

  RunResult result{{}, true, UnknownNames(ticks, scripted, root), {}};
  std::string& out = result.output;
  int tickNumber = 0;
  lua.SetErrorHandler([&](std::string_view message) {
    result.scriptMessages.push_back("tick " + std::to_string(tickNumber) + ": lua error: " + std::string(message));
  });
  lua.SetPrint([&](std::string_view line) {
    result.scriptMessages.push_back("tick " + std::to_string(tickNumber) + ": lua print: " + std::string(line));
  });
  bool stopped = false;
  double previousTime = 0;
  for (const ScriptTick& tick : ticks) {
    tickNumber = tick.number;
    world.StartTick(tick.actions);
    for (const CondSetting& cond : tick.conds) {
      if (bt::VariableBlock* variables = bt::VariablesOf(root, memory))
        variables->Set(bt::FindVariable(root, cond.name), cond.value);
      for (const int slot : scripted.SlotsOf(cond.name)) world.slots[static_cast<std::size_t>(slot)] = cond.value;
    }
    for (const std::string& name : tick.missing) world.missing.insert(name);
    if (!stopped)
      for (const std::string& event : tick.events) {
        (void)bt::SendEvent(root, world, memory, bt::EventId(bt::NameId(event.c_str())), tick.time);
      }

    std::string status = "-";
    if (!stopped) {
      const float dt = tick.number == 1 ? 0.0f : static_cast<float>(tick.time - previousTime);
      const bt::TickResult ticked = bt::TickBehaviorTree(root, world, memory, tick.time, dt);
      status = std::string(1, StatusLetter(ticked.status));
      stopped = rules.stopsAtEnd && (ticked.status == bt::Status::Done || ticked.status == bt::Status::NoBehavior);
    }
    previousTime = tick.time;

    if (rules.leafLines) {
      const bt::DeciderDef* leaf = bt::ActiveBehaviorDecider(root, memory);
      out +=
          leaf != nullptr && leaf->behavior != nullptr && leaf->behavior->name != nullptr ? leaf->behavior->name : "-";
    } else {
      out += Joined(world.called) + " | " + status;
    }
    out += "\n";
    if (options.lifecycle) out += "lifecycle: " + Joined(world.lifecycle) + "\n";
  }
  return result;
}

}  // namespace bt_import
