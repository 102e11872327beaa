// tests/debug/debug_output_off/check.cpp — with BT_DEBUG_OUTPUT=0 the tick reports nothing.
//
// Built with the library into its own directory by `make test-debug-off`; the
// Makefile also checks that the tick's object file no longer refers to the
// facility at all. Exits non-zero on failure.
#include <cstdio>

#include "bt/bt.h"
#include "bt/core/debug_output.h"

static_assert(BT_DEBUG_OUTPUT == 0, "build this check with -DBT_DEBUG_OUTPUT=0");

namespace {

struct Agent {
  int ticks = 0;
};

bt::Result Work(Agent& agent) { return ++agent.ticks % 3 == 0 ? bt::Result::Done : bt::Result::Running; }
float Always(Agent&) { return 1.0f; }

BT_DEFINE_BEHAVIOR__TICK(WORK_B, Work);
BT_DECLARE_DECIDER(WORK);
BT_DECLARE_DECIDER(REST);
BT_DEFINE_DECIDER_GROUP(ROOT, PrioritizedList, nullptr, WORK, REST);
BT_DEFINE_DECIDER_BEHAVIOR(WORK, WORK_B, Always);
BT_DEFINE_DECIDER_BEHAVIOR(REST, WORK_B, nullptr);

int lines = 0;
void Count(const bt::DebugLine&, void*) { ++lines; }

}  // namespace

int main() {
  bt::SetDebugOutput({5, nullptr, &Count, nullptr});  // everything, for every agent
  Agent agent;
  bt::MemoryFor<ROOT> memory{};
  for (int tick = 0; tick < 10; ++tick) {
    const bt::TickResult result = bt::TickBehaviorTree(ROOT, agent, memory, tick * 0.1, 0.1f);
    if (!bt::IsOk(result.status)) {
      std::printf("debug-off: tick %d: %s\n", tick, bt::StatusName(result.status));
      return 1;
    }
  }
  if (agent.ticks < 10 || lines != 0) {
    std::printf("debug-off: FAILED: %d behavior ticks, %d debug lines (want 10 or more, and 0)\n", agent.ticks, lines);
    return 1;
  }
  std::printf("debug-off: 10 ticks at level 5, no debug line: ok\n");
  return 0;
}
