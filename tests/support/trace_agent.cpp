// tests/support/trace_agent.cpp — the recording functions of TraceAgent.
#include "tests/support/trace_agent.h"

namespace test {
namespace {

const char* BehaviorName(const bt::Context& context) { return context.decider->behavior->name; }

template <class Map, class Value>
Value Lookup(const Map& map, const std::string& key, Value fallback) {
  const auto found = map.find(key);
  return found == map.end() ? fallback : found->second;
}

}  // namespace

float TraceDecide(TraceAgent& agent, const bt::DecideContext& context) {
  agent.events.push_back(std::string("decide ") + context.decider->name);
  return Lookup(agent.decide, context.decider->name, 0.0f);
}

bool TraceActivate(TraceAgent& agent, const bt::Context& context) {
  agent.events.push_back(std::string("activate ") + BehaviorName(context));
  return Lookup(agent.activate, BehaviorName(context), true);
}

bt::Result TraceTick(TraceAgent& agent, const bt::Context& context) {
  agent.events.push_back(std::string("tick ") + BehaviorName(context));
  return Lookup(agent.tick, BehaviorName(context), bt::Result::Running);
}

void TraceDeactivate(TraceAgent& agent, const bt::Context& context) {
  agent.events.push_back(std::string("deactivate ") + BehaviorName(context));
}

bool TraceActivateWithMemory(TraceAgent& agent, TraceMemory& memory, const bt::Context& context) {
  (void)memory;
  return TraceActivate(agent, context);
}

bt::Result TraceTickWithMemory(TraceAgent& agent, TraceMemory& memory, const bt::Context& context) {
  ++memory.ticks;
  return TraceTick(agent, context);
}

void TraceDeactivateWithMemory(TraceAgent& agent, TraceMemory& memory, const bt::Context& context) {
  TraceDeactivate(agent, context);
  (void)memory;
}

}  // namespace test
