// bt/loaders/lua/lua_nodes.h — MBT's Lua nodes, registered for trees from data.
//
// RegisterLuaNodes<Agent>(registry, scripts) registers, for trees whose agent
// is an Agent, under the names the MBT loader asks for (bt/loaders/mbt/README.md):
//
//   name         registered as            parameters               does
//   LuaGate      condition                code (Number, handle)    accepts when the chunk's first result is
//                                                                  true in Lua's sense (not nil or false);
//                                                                  an error rejects. On a Decorator group:
//                                                                  MBT's gate, read once on entry
//   ExecuteLua   action (Tick)            code                     runs the chunk: Done, an error too (it
//                                                                  goes to the engine's error handler)
//   AssertLua    action (Tick)            code                     Done when its first result is true, else
//                                                                  Failed (an error too)
//   LuaWrapper   action (group behavior)  onEnter, onExit          Activate runs onEnter, Deactivate onExit
//                                         (handles; -1 or absent:  (after the child's Deactivate); Tick none,
//                                         none)                    so the group's result is its child's. An
//                                                                  error in onEnter fails the group
//   LuaBehavior  action                   name (Text)              the behavior table `name` of the shared
//                                                                  definitions (LuaScripts::Define):
//                                                                  Activate calls name.Enter(agent, dt),
//                                                                  Tick name.Update(agent, dt), Deactivate
//                                                                  name.Exit(agent, dt); each optional.
//                                                                  Update returns "success" (Done),
//                                                                  "failure" (Failed), "running" or nothing
//                                                                  (Running); an error: Failed (in Enter:
//                                                                  activation fails)
//
// Code nodes find their engine through the handle (each handle names its
// LuaScripts, so trees of several engines mix); LuaBehavior, which names no
// handle, runs in the engine given here, the last one registered for Agent. A
// parameter missing or not a live engine's handle is an error (the node fails),
// reported to that engine. As bt pairs every Activate with a Deactivate, Exit
// and onExit run also after a failed Enter or onEnter.
//
// ExecuteLua "always succeeds" as MBT's does (a node that cannot run, its handle
// bad, too): a broken script shows only through SetErrorHandler / LastError.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <span>

#include "bt/core/context.h"
#include "bt/data/registry.h"
#include "bt/core/decider.h"
#include "bt/core/kinds.h"
#include "bt/loaders/lua/lua_scripts.h"

namespace bt::loaders {

namespace detail {

// The untyped work of the nodes (lua_nodes.cpp). `engine`: the Id() of the
// LuaScripts registered for the agent's type (LuaBehavior's, and where errors of
// bad parameters go).
bool LuaGateRun(std::uint32_t engine, const LuaRun& run, std::span<const Param> params);
Result ExecuteLuaRun(std::uint32_t engine, const LuaRun& run, std::span<const Param> params);
Result AssertLuaRun(std::uint32_t engine, const LuaRun& run, std::span<const Param> params);
bool LuaWrapperEnterRun(std::uint32_t engine, const LuaRun& run, std::span<const Param> params);
void LuaWrapperExitRun(std::uint32_t engine, const LuaRun& run, std::span<const Param> params);
bool LuaBehaviorEnterRun(std::uint32_t engine, const LuaRun& run, std::span<const Param> params);
Result LuaBehaviorUpdateRun(std::uint32_t engine, const LuaRun& run, std::span<const Param> params);
void LuaBehaviorExitRun(std::uint32_t engine, const LuaRun& run, std::span<const Param> params);

// The engine RegisterLuaNodes<Agent> was given (its Id(); 0: none).
template <class Agent>
inline std::atomic<std::uint32_t> gLuaEngineOf{0};

template <class Agent, class Ctx>
LuaRun LuaRunOf(Agent& agent, const Ctx& context) {
  return {const_cast<void*>(static_cast<const void*>(std::addressof(agent))), TypeTagOf<Agent>(), context.decider,
          context.variables, context.time, context.dt};
}

}  // namespace detail

// The registered functions (RegisterLuaNodes), for trees written with the macros.
template <class Agent>
bool LuaGate(Agent& agent, const DecideContext& context) {
  return detail::LuaGateRun(detail::gLuaEngineOf<Agent>.load(), detail::LuaRunOf(agent, context), context.Params());
}
template <class Agent>
Result ExecuteLua(Agent& agent, const Context& context) {
  return detail::ExecuteLuaRun(detail::gLuaEngineOf<Agent>.load(), detail::LuaRunOf(agent, context), context.Params());
}
template <class Agent>
Result AssertLua(Agent& agent, const Context& context) {
  return detail::AssertLuaRun(detail::gLuaEngineOf<Agent>.load(), detail::LuaRunOf(agent, context), context.Params());
}
template <class Agent>
bool LuaWrapperEnter(Agent& agent, const Context& context) {
  return detail::LuaWrapperEnterRun(detail::gLuaEngineOf<Agent>.load(), detail::LuaRunOf(agent, context),
                                    context.Params());
}
template <class Agent>
void LuaWrapperExit(Agent& agent, const Context& context) {
  detail::LuaWrapperExitRun(detail::gLuaEngineOf<Agent>.load(), detail::LuaRunOf(agent, context), context.Params());
}
template <class Agent>
bool LuaBehaviorEnter(Agent& agent, const Context& context) {
  return detail::LuaBehaviorEnterRun(detail::gLuaEngineOf<Agent>.load(), detail::LuaRunOf(agent, context),
                                     context.Params());
}
template <class Agent>
Result LuaBehaviorUpdate(Agent& agent, const Context& context) {
  return detail::LuaBehaviorUpdateRun(detail::gLuaEngineOf<Agent>.load(), detail::LuaRunOf(agent, context),
                                      context.Params());
}
template <class Agent>
void LuaBehaviorExit(Agent& agent, const Context& context) {
  detail::LuaBehaviorExitRun(detail::gLuaEngineOf<Agent>.load(), detail::LuaRunOf(agent, context), context.Params());
}

// Registers the four nodes that run the tree file's own code (LuaGate,
// ExecuteLua, AssertLua, LuaWrapper) for agents of type Agent, `scripts` being
// where errors of bad parameters go. Without LuaBehavior, which runs the game's
// definitions (bt_import's scripted runs script it as a game action).
template <class Agent>
void RegisterLuaCodeNodes(bt::data::Registry& registry, LuaScripts& scripts) {
  detail::gLuaEngineOf<Agent>.store(scripts.Id());
  registry.AddCondition<&LuaGate<Agent>>("LuaGate", {"void", "", "", "", "bt::loaders::LuaGate"});
  registry.AddAction<void, nullptr, &ExecuteLua<Agent>, nullptr>(
      "ExecuteLua", {"void", "nullptr", "bt::loaders::ExecuteLua", "nullptr", ""});
  registry.AddAction<void, nullptr, &AssertLua<Agent>, nullptr>(
      "AssertLua", {"void", "nullptr", "bt::loaders::AssertLua", "nullptr", ""});
  registry.AddAction<void, &LuaWrapperEnter<Agent>, nullptr, &LuaWrapperExit<Agent>>(
      "LuaWrapper", {"void", "bt::loaders::LuaWrapperEnter", "nullptr", "bt::loaders::LuaWrapperExit", ""});
}

// Registers the five Lua nodes (table above) for agents of type Agent, with
// `scripts` as LuaBehavior's engine. A later registration of one of these names
// (the game's own) replaces it.
template <class Agent>
void RegisterLuaNodes(bt::data::Registry& registry, LuaScripts& scripts) {
  RegisterLuaCodeNodes<Agent>(registry, scripts);
  registry.AddAction<void, &LuaBehaviorEnter<Agent>, &LuaBehaviorUpdate<Agent>, &LuaBehaviorExit<Agent>>(
      "LuaBehavior", {"void", "bt::loaders::LuaBehaviorEnter", "bt::loaders::LuaBehaviorUpdate",
                      "bt::loaders::LuaBehaviorExit", ""});
}

}  // namespace bt::loaders
