// tests/tools/lldb/target.cpp — the program tests/tools/lldb_printers_test.sh debugs: the
// first demo's tree ticked into EAT with a why-record, and a tree of classic
// kinds (a Parallel's children side by side, a Loop's count, a Cooldown), then a
// stop where the trees, their blocks and the record are in scope beside their
// texts from the library (DebugPrintState, FormatWhy), which the LLDB views must equal.
#include <cstdio>

#include "bt/bt.h"

struct Creature { int hunger = 0; };

float IsHungry(const Creature& c) { return c.hunger >= 5 ? 1.0f : 0.0f; }
bt::Result Eat(Creature& c) { c.hunger -= 2; return c.hunger > 0 ? bt::Result::Running : bt::Result::Done; }
bt::Result Wander(Creature& c) { ++c.hunger; return bt::Result::Running; }

BT_DEFINE_BEHAVIOR__TICK(EAT_B, Eat);
BT_DEFINE_BEHAVIOR__TICK(WANDER_B, Wander);

BT_DEFINE_GROUP(ROOT, PrioritizedList, BT_CHILDREN(EAT, WANDER));
BT_DEFINE_DECIDER(EAT, EAT_B, BT_DECIDE(IsHungry));
BT_DEFINE_DECIDER(WANDER, WANDER_B);

bt::Result Step(Creature&) { return bt::Result::Done; }
bt::Result Aim(Creature&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__TICK(STEP_B, Step);
BT_DEFINE_BEHAVIOR__TICK(AIM_B, Aim);
BT_DEFINE_GROUP(CLASSIC, Parallel, BT_CHILDREN(REPEAT, COOL));
BT_DEFINE_GROUP(REPEAT, Loop, BT_CHILDREN(STEP), BT_COUNT(3));
BT_DEFINE_DECIDER(STEP, STEP_B);
BT_DEFINE_GROUP(COOL, Cooldown, BT_CHILDREN(AIM), BT_SECONDS(2));
BT_DEFINE_DECIDER(AIM, AIM_B);

// Where the debugger stops; kept as a call with its arguments live.
[[gnu::noinline]] void LldbStop(const bt::DeciderDef& root, const bt::MemoryFor<ROOT>& memory, const bt::WhyRecord& why,
                                const char* state, const char* whyText, const bt::DeciderDef& classic,
                                const bt::MemoryFor<CLASSIC>& classicMemory, const char* classicState) {
  asm volatile("" : : "r"(&root), "r"(&memory), "r"(&why), "r"(state), "r"(whyText) : "memory");
  asm volatile("" : : "r"(&classic), "r"(&classicMemory), "r"(classicState) : "memory");
}

int main() {
  Creature creature;
  bt::MemoryFor<ROOT> memory{};
  bt::WhyRecord why{};
  bt::TickOptions options;
  options.why = &why;
  double time = 0;
  for (int tick = 0; tick < 6; ++tick) {
    time = tick / 30.0;
    if (!bt::IsOk(bt::TickBehaviorTree(ROOT, creature, memory, time, 1 / 30.0f, 0, 0, options).status)) return 1;
  }
  bt::MemoryFor<CLASSIC> classicMemory{};
  for (int tick = 0; tick < 2; ++tick)
    if (!bt::IsOk(bt::TickBehaviorTree(CLASSIC, creature, classicMemory, tick * 0.5, 0.5f).status)) return 1;
  static char state[4096];
  static char whyText[16384];
  static char classicState[4096];
  bt::DebugPrintState(ROOT, std::as_bytes(memory.Span()), time, state);
  bt::FormatWhy(why, whyText);
  bt::DebugPrintState(CLASSIC, std::as_bytes(classicMemory.Span()), 0.5, classicState);
  LldbStop(ROOT, memory, why, state, whyText, CLASSIC, classicMemory, classicState);
  std::printf("%s%s%s", state, whyText, classicState);
}
