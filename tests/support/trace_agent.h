// tests/support/trace_agent.h — an agent that records every call the engine makes.
//
// Its Decide, Activate, Tick and Deactivate functions are shared by all the
// test trees: they log "decide X", "activate B", "tick B", "deactivate B" (X a
// decider, B a behavior) and return what the test scripted for that name.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "bt/bt.h"

namespace test {

struct TraceAgent {
  std::vector<std::string> events;
  std::map<std::string, float> decide;          // by decider name; default 0 (rejects)
  std::map<std::string, bt::Result> tick;       // by behavior name; default Running
  std::map<std::string, bool> activate;         // by behavior name; default true

  // The events since the last call, then forgets them.
  std::vector<std::string> Take() {
    std::vector<std::string> taken;
    taken.swap(events);
    return taken;
  }
};

// A behavior memory struct that counts its constructions and destructions.
struct TraceMemory {
  static inline int constructions = 0;
  static inline int destructions = 0;
  int ticks = 0;
  TraceMemory() { ++constructions; }
  TraceMemory(const TraceMemory&) = delete;
  ~TraceMemory() { ++destructions; }
};

float TraceDecide(TraceAgent& agent, const bt::DecideContext& context);
bool TraceActivate(TraceAgent& agent, const bt::Context& context);
bt::Result TraceTick(TraceAgent& agent, const bt::Context& context);
void TraceDeactivate(TraceAgent& agent, const bt::Context& context);

bool TraceActivateWithMemory(TraceAgent& agent, TraceMemory& memory, const bt::Context& context);
bt::Result TraceTickWithMemory(TraceAgent& agent, TraceMemory& memory, const bt::Context& context);
void TraceDeactivateWithMemory(TraceAgent& agent, TraceMemory& memory, const bt::Context& context);

// Events of one tick of `root` at `time`; status checked by the caller.
struct Ticked {
  bt::TickResult result;
  std::vector<std::string> events;
};

template <std::size_t N>
Ticked Tick(const bt::DeciderDef& root, TraceAgent& agent, bt::Memory<N>& memory, double time,
            std::uint32_t decisionFlags = 0, std::uint32_t stimuliFlags = 0, const bt::TickOptions& options = {}) {
  Ticked ticked;
  ticked.result = bt::TickBehaviorTree(root, agent, memory, time, 0.1f, decisionFlags, stimuliFlags, options);
  ticked.events = agent.Take();
  return ticked;
}

using Events = std::vector<std::string>;

}  // namespace test

// A trace behavior named NAME, with the shared functions.
#define TEST_TRACE_BEHAVIOR(NAME) \
  BT_DEFINE_BEHAVIOR(NAME, ::test::TraceActivate, ::test::TraceTick, ::test::TraceDeactivate)
