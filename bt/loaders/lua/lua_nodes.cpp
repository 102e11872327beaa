// bt/loaders/lua/lua_nodes.cpp — the untyped work of MBT's Lua nodes (lua_nodes.h).
#include "bt/loaders/lua/lua_nodes.h"

#include <string>

namespace bt::loaders::detail {
namespace {

const char* NodeName(const LuaRun& run) {
  return run.decider != nullptr && run.decider->name != nullptr ? run.decider->name : "(unnamed)";
}

// A node that cannot run: its message to the agent type's engine, if there is one.
void Report(std::uint32_t engine, const LuaRun& run, const char* node, const char* what) {
  if (LuaScripts* scripts = LuaScripts::FromId(engine))
    scripts->ReportError(std::string(node) + " " + NodeName(run) + ": " + what);
}

enum class Code : std::uint8_t { Run, None, Bad };

// The code handle named `name`: its engine and chunk. -1 is "none" where allowed.
Code FindCode(std::span<const Param> params, const char* name, bool optional, LuaScripts*& scripts,
              std::uint32_t& chunk) {
  const Param* p = FindParam(params, name);
  if (p == nullptr || (optional && p->type == ParamType::Number && p->number == -1)) return optional ? Code::None : Code::Bad;
  if (p->type != ParamType::Number) return Code::Bad;
  scripts = LuaScripts::FromHandle(p->number, chunk);
  return scripts != nullptr ? Code::Run : Code::Bad;
}

// Runs the chunk of the parameter `name`: false when it could not run or raised;
// `truth` its first result's. A parameter that is none: true, `truth` true.
bool RunCode(std::uint32_t engine, const LuaRun& run, std::span<const Param> params, const char* node, const char* name,
             bool optional, bool& truth) {
  LuaScripts* scripts = nullptr;
  std::uint32_t chunk = 0;
  switch (FindCode(params, name, optional, scripts, chunk)) {
    case Code::Run: return scripts->Run(chunk, run, truth);
    case Code::None: truth = true; return true;
    case Code::Bad: break;
  }
  truth = false;
  const std::string what = std::string("parameter '") + name + "' is not a handle of a live LuaScripts";
  Report(engine, run, node, what.c_str());
  return false;
}

// LuaBehavior's engine and behavior name, or null (reported).
LuaScripts* BehaviorOf(std::uint32_t engine, const LuaRun& run, std::span<const Param> params, const char*& name) {
  LuaScripts* scripts = LuaScripts::FromId(engine);
  const Param* p = FindParam(params, "name");
  name = p != nullptr && p->type == ParamType::Text ? p->text : nullptr;
  if (scripts != nullptr && name == nullptr) Report(engine, run, "LuaBehavior", "parameter 'name' (Text) is missing");
  return name != nullptr ? scripts : nullptr;
}

Result ResultOf(LuaStep step) {
  return step == LuaStep::Success ? Result::Done : step == LuaStep::Running ? Result::Running : Result::Failed;
}

}  // namespace

bool LuaGateRun(std::uint32_t engine, const LuaRun& run, std::span<const Param> params) {
  bool truth = false;
  return RunCode(engine, run, params, "LuaGate", "code", false, truth) && truth;
}

// MBT's ExecuteLua always succeeds: an error only reaches the engine's handler.
Result ExecuteLuaRun(std::uint32_t engine, const LuaRun& run, std::span<const Param> params) {
  bool truth = false;
  (void)RunCode(engine, run, params, "ExecuteLua", "code", false, truth);
  return Result::Done;
}

Result AssertLuaRun(std::uint32_t engine, const LuaRun& run, std::span<const Param> params) {
  bool truth = false;
  return RunCode(engine, run, params, "AssertLua", "code", false, truth) && truth ? Result::Done : Result::Failed;
}

bool LuaWrapperEnterRun(std::uint32_t engine, const LuaRun& run, std::span<const Param> params) {
  bool truth = false;
  return RunCode(engine, run, params, "LuaWrapper", "onEnter", true, truth);
}

void LuaWrapperExitRun(std::uint32_t engine, const LuaRun& run, std::span<const Param> params) {
  bool truth = false;
  RunCode(engine, run, params, "LuaWrapper", "onExit", true, truth);
}

bool LuaBehaviorEnterRun(std::uint32_t engine, const LuaRun& run, std::span<const Param> params) {
  const char* name = nullptr;
  LuaScripts* scripts = BehaviorOf(engine, run, params, name);
  return scripts != nullptr && scripts->StepBehavior(name, "Enter", run) != LuaStep::Error;
}

Result LuaBehaviorUpdateRun(std::uint32_t engine, const LuaRun& run, std::span<const Param> params) {
  const char* name = nullptr;
  LuaScripts* scripts = BehaviorOf(engine, run, params, name);
  return scripts != nullptr ? ResultOf(scripts->StepBehavior(name, "Update", run)) : Result::Failed;
}

void LuaBehaviorExitRun(std::uint32_t engine, const LuaRun& run, std::span<const Param> params) {
  const char* name = nullptr;
  if (LuaScripts* scripts = BehaviorOf(engine, run, params, name)) scripts->StepBehavior(name, "Exit", run);
}

}  // namespace bt::loaders::detail
