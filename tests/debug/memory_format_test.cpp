// tests/debug/memory_format_test.cpp — formatters of behavior memory structs and
// DBlocks (bt/debug/memory_format.h), and DebugPrintState's lines for them.
#include <catch2/catch.hpp>
#include <cstdio>
#include <cstring>
#include <string>

#include "bt/bt.h"

namespace mformat {

struct Agent {};
struct Threat {
  int x = 0;
  int y = 0;
};
struct FleeMem {
  int steps = 0;
};
struct Unformatted {
  int value = 0;
};

float SeeThreat(Agent&, Threat& threat, const bt::DecideContext&) {
  threat.x = 3;
  threat.y = 4;
  return 1;
}
bt::Result Flee(Agent&, FleeMem& m, const Threat&) {
  ++m.steps;
  return bt::Result::Running;
}
bool Watch(Agent&, Unformatted& u) {
  u.value = 9;
  return true;
}
BT_DEFINE_BEHAVIOR__MEMORY(FLEE_B, FleeMem, nullptr, Flee, nullptr);
BT_DEFINE_BEHAVIOR__MEMORY(WATCH_B, Unformatted, Watch, nullptr, nullptr);

BT_DECLARE_DECIDER(FLEE);
BT_DECLARE_DECIDER(WATCH);
BT_DEFINE_DECIDER_GROUP__BEHAVIOR(ROOT, PrioritizedList, 0, nullptr, WATCH_B, FLEE);
BT_DEFINE_DECIDER_BEHAVIOR__DBLOCK(FLEE, FLEE_B, SeeThreat, Threat);

int FormatThreat(const Threat& t, char* out, std::size_t size) { return std::snprintf(out, size, "at (%d,%d)", t.x, t.y); }
int FormatFlee(const FleeMem& m, char* out, std::size_t size) {
  return std::snprintf(out, size, "steps %d\nsecond line, not shown", m.steps);
}

std::string Print(const bt::MemoryFor<ROOT>& memory, double time) {
  char buffer[1024];
  const std::size_t written = bt::DebugPrintState(ROOT, memory.Span(), time, buffer);
  CHECK(written == std::strlen(buffer));
  return buffer;
}

}  // namespace mformat

using namespace mformat;

TEST_CASE("DebugPrintState shows memory and DBlock contents through their formatters", "[debug_print][memory_format]") {
  Agent agent;
  bt::MemoryFor<ROOT> memory{};
  REQUIRE(bt::TickBehaviorTree(ROOT, agent, memory, 1.0, 0.5f).status == bt::Status::Running);
  REQUIRE(bt::TickBehaviorTree(ROOT, agent, memory, 1.5, 0.5f).status == bt::Status::Running);
  const std::string bare =
      "*0:ROOT/0x1e4ede85 (kGroup, kGroupPrioritizedList 0x0) time: 1.00 [WATCH_B/0x385c0dd5] (0x00000000) idx: 0\n"
      "  *0:FLEE/0xddd18501 (kBehavior 0x0) time: 1.00 [FLEE_B/0x913a17a8] (0x00000000)\n";
  CHECK(Print(memory, 2.0) == bare);  // no formatters yet

  REQUIRE(bt::SetMemoryFormatter<Threat>(&FormatThreat));
  REQUIRE(bt::SetMemoryFormatter<FleeMem>(&FormatFlee));
  CHECK(Print(memory, 2.0) ==
        "*0:ROOT/0x1e4ede85 (kGroup, kGroupPrioritizedList 0x0) time: 1.00 [WATCH_B/0x385c0dd5] (0x00000000) idx: 0\n"
        "  *0:FLEE/0xddd18501 (kBehavior 0x0) time: 1.00 [FLEE_B/0x913a17a8] (0x00000000)\n"
        "     dblock Threat: at (3,4)\n"
        "     memory FleeMem: steps 2\n");

  // Replaced, then removed.
  REQUIRE(bt::SetMemoryFormatter<FleeMem>(+[](const FleeMem& m, char* out, std::size_t size) {
    return std::snprintf(out, size, "%d steps away", m.steps);
  }));
  CHECK(Print(memory, 2.0) ==
        "*0:ROOT/0x1e4ede85 (kGroup, kGroupPrioritizedList 0x0) time: 1.00 [WATCH_B/0x385c0dd5] (0x00000000) idx: 0\n"
        "  *0:FLEE/0xddd18501 (kBehavior 0x0) time: 1.00 [FLEE_B/0x913a17a8] (0x00000000)\n"
        "     dblock Threat: at (3,4)\n"
        "     memory FleeMem: 2 steps away\n");
  REQUIRE(bt::SetMemoryFormatter<FleeMem>(nullptr));
  REQUIRE(bt::SetMemoryFormatter<Threat>(nullptr));
  CHECK(Print(memory, 2.0) == bare);
  bt::StopBehaviorTree(ROOT, agent, memory, 2.0);
}

TEST_CASE("FormatMemory formats a block by its type tag, cut to the buffer", "[memory_format]") {
  REQUIRE(bt::SetMemoryFormatter<Threat>(&FormatThreat));
  const Threat threat{12, 345};
  char text[8];
  REQUIRE(bt::FormatMemory(bt::TypeTagOf<Threat>(), &threat, text, sizeof text));
  CHECK(std::string(text) == "at (12,");
  CHECK_FALSE(bt::FormatMemory(bt::TypeTagOf<Unformatted>(), &threat, text, sizeof text));
  CHECK_FALSE(bt::FormatMemory(bt::kNoType, &threat, text, sizeof text));
  REQUIRE(bt::SetMemoryFormatter<Threat>(nullptr));
  CHECK_FALSE(bt::FormatMemory(bt::TypeTagOf<Threat>(), &threat, text, sizeof text));
}
