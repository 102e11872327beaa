// demo/t06_debugging.cpp — seeing an agent's mind (Spore S11). DebugPrintState
// fills a buffer with the active path, or the whole tree, for an overlay; debug
// output levels report from inside the tick as it decides, for one agent or all.
// Run it: build/demo/t06_debugging
#include <cstdio>

#include "bt/bt.h"
#include "bt/core/debug_output.h"
#include "bt/debug/print.h"

struct Creature {
  int hunger = 0;
  bool threat = false;
};

float Hungry(const Creature& c) { return c.hunger >= 3 ? 1.0f : 0.0f; }
float Threatened(const Creature& c) { return c.threat ? 1.0f : 0.0f; }
bt::Result Flee(Creature& c) { return c.threat = false, bt::Result::Done; }
bt::Result Eat(Creature& c) { return --c.hunger > 0 ? bt::Result::Running : bt::Result::Done; }
bt::Result Wander(Creature& c) { return ++c.hunger, bt::Result::Running; }

BT_DEFINE_BEHAVIOR__TICK(FLEE_B, Flee);
BT_DEFINE_BEHAVIOR__TICK(EAT_B, Eat);
BT_DEFINE_BEHAVIOR__TICK(WANDER_B, Wander);

BT_DECLARE_DECIDER(FLEE);
BT_DECLARE_DECIDER(LIVE);
BT_DECLARE_DECIDER(EAT);
BT_DECLARE_DECIDER(WANDER);
BT_DEFINE_DECIDER_GROUP(ROOT, PrioritizedList, nullptr, FLEE, LIVE);
BT_DEFINE_DECIDER_BEHAVIOR(FLEE, FLEE_B, Threatened);
BT_DEFINE_DECIDER_GROUP(LIVE, PrioritizedList, nullptr, EAT, WANDER);
BT_DEFINE_DECIDER_BEHAVIOR(EAT, EAT_B, Hungry);
BT_DEFINE_DECIDER_BEHAVIOR(WANDER, WANDER_B, nullptr);

// Our own hook instead of the default spdlog logger. line.text is the whole
// Spore-style line; it holds the agent's address, so it differs run to run.
void PrintLine(const bt::DebugLine& line, void*) {
  std::printf("  BTDBO(%d) @ %.3f: %*s%s\n", line.level, line.time, line.depth * 2, "", line.message);
}

int main() {
  Creature watched, other;
  bt::MemoryFor<ROOT> watchedMemory{}, otherMemory{};
  // Levels 1-2 report only transitions; the agent filter hides `other`.
  bt::SetDebugOutput({.level = 2, .agent = &watched, .output = PrintLine, .user = nullptr});
  for (int tick = 0; tick < 9; ++tick) {
    if (tick == 6) watched.threat = other.threat = true;
    if (tick == 8) bt::SetDebugOutput({.level = 4, .agent = &watched, .output = PrintLine, .user = nullptr});
    std::printf("tick %d%s\n", tick, tick == 8 ? " (level 4: every tick, with redecides)" : "");
    const bt::TickResult results[] = {bt::TickBehaviorTree(ROOT, watched, watchedMemory, tick / 30.0, 1 / 30.0f),
                                      bt::TickBehaviorTree(ROOT, other, otherMemory, tick / 30.0, 1 / 30.0f)};
    for (const bt::TickResult& r : results)
      if (!bt::IsOk(r.status)) {  // refused: a bad block, time or agent (the debug output says which)
        std::printf("refused: %s\n", bt::StatusName(r.status));
        return 1;
      }
  }
  bt::SetDebugOutput({});  // level 0: silent again

  char overlay[1024];  // caller-owned; DebugPrintState allocates nothing
  bt::DebugPrintState(ROOT, watchedMemory.Span(), 8 / 30.0, overlay);
  std::printf("\nDebugPrintState, active path:\n%s", overlay);
  bt::DebugPrintState(ROOT, watchedMemory.Span(), 8 / 30.0, overlay, {.wholeTree = true});
  std::printf("\nDebugPrintState, whole tree:\n%s", overlay);
}
