// tests/engine/kinds/classic_trace.h — what the classic node kinds' trace tests share.
//
// ScriptAgent is a TraceAgent (tests/support/trace_agent.h: "decide X", "activate B",
// "tick B", "deactivate B") whose behaviors may also be scripted call by call:
// agent.next["B"] = {Done, Running} makes B's next two Ticks return those, then
// agent.tick["B"] (default Running) again; agent.hook["B"] runs inside B's Tick.
// TEST_CLASSIC_GROUP defines a group with a NodeConfig (bt/core/classic.h).
#pragma once

#include <deque>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "tests/support/trace_agent.h"

namespace test {

struct ScriptAgent : TraceAgent {
  std::map<std::string, std::deque<bt::Result>> next;  // by behavior name: Tick results, used first
  std::map<std::string, std::function<void()>> hook;   // by behavior name: run inside its Tick
};

inline float ScriptDecide(ScriptAgent& agent, const bt::DecideContext& context) { return TraceDecide(agent, context); }
inline bool ScriptActivate(ScriptAgent& agent, const bt::Context& context) { return TraceActivate(agent, context); }
inline bt::Result ScriptTick(ScriptAgent& agent, const bt::Context& context) {
  const std::string name = context.decider->behavior->name;
  bt::Result result = TraceTick(agent, context);
  if (auto queued = agent.next.find(name); queued != agent.next.end() && !queued->second.empty()) {
    result = queued->second.front();
    queued->second.pop_front();
  }
  if (auto hook = agent.hook.find(name); hook != agent.hook.end()) hook->second();
  return result;
}
inline void ScriptDeactivate(ScriptAgent& agent, const bt::Context& context) { TraceDeactivate(agent, context); }

// One reference tick of `root` at `time` (dt 0.1): its result and the calls it made.
template <std::size_t N>
Ticked TickScript(const bt::DeciderDef& root, ScriptAgent& agent, bt::Memory<N>& memory, double time,
                  const bt::TickOptions& options = {}) {
  Ticked ticked;
  ticked.result = bt::TickBehaviorTree(root, agent, memory, time, 0.1f, 0, 0, options);
  ticked.events = agent.Take();
  return ticked;
}

}  // namespace test

// A behavior NAME with the script's functions.
#define TEST_SCRIPT_BEHAVIOR(NAME) \
  BT_DEFINE_BEHAVIOR(NAME, ::test::ScriptActivate, ::test::ScriptTick, ::test::ScriptDeactivate)

// A classic group NAME of POLICY with FLAGS, Decide DECIDE (or nullptr) and the
// bt::NodeConfig CONFIG (in parentheses when it holds a comma), over the children
// given: the positional macro's group, with its config set and its own data.
#define TEST_CLASSIC_GROUP(NAME, POLICY, FLAGS, DECIDE, CONFIG, ...)                 \
  BT_DEFINE_DECIDER_GROUP__FLAGS(NAME##_plain, POLICY, FLAGS, DECIDE, __VA_ARGS__);  \
  constinit ::bt::DeciderData NAME##_data{};                                         \
  extern const ::bt::DeciderDef NAME;                                                \
  constexpr ::bt::DeciderDef NAME = [] {                                             \
    ::bt::DeciderDef group = NAME##_plain;                                           \
    group.name = #NAME;                                                              \
    group.data = &NAME##_data;                                                       \
    group.config = CONFIG;                                                           \
    return group;                                                                    \
  }()
