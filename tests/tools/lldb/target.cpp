// tests/tools/lldb/target.cpp — the program tests/tools/lldb_printers_test.sh debugs: the
// first demo's tree ticked into EAT with a why-record, then a stop where the
// tree, the block and the record are in scope beside their texts from the
// library (DebugPrintState, FormatWhy), which the LLDB views must equal.
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

// Where the debugger stops; kept as a call with its arguments live.
[[gnu::noinline]] void LldbStop(const bt::DeciderDef& root, bt::MemoryFor<ROOT>& memory, const bt::WhyRecord& why,
                                const char* state, const char* whyText) {
  asm volatile("" : : "r"(&root), "r"(&memory), "r"(&why), "r"(state), "r"(whyText) : "memory");
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
  static char state[4096];
  static char whyText[16384];
  bt::DebugPrintState(ROOT, std::as_bytes(memory.Span()), time, state);
  bt::FormatWhy(why, whyText);
  LldbStop(ROOT, memory, why, state, whyText);
  std::printf("%s%s", state, whyText);
}
