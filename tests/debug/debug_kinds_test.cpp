// tests/debug/debug_kinds_test.cpp — the debugging views of the kinds of MBT and the
// selection trees, as exact text: DebugPrintState shows a StateMachine's
// pending transition, a Priority's count of variable changes at its last pick, a
// GroupScope's seat, a state's transitions on events, timestamps ("never",
// "cleared"); FormatNodeConfig (which the DOT picture and the gdb printers write
// too) a SelectionStateMachine's transitions and a GroupScope's scope.
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstring>
#include <string>

#include "bt/bt.h"
#include "tests/support/trace_agent.h"

// ROOT  Priority: ALARM while its case holds, else MACHINE
//   0 ALARM
//   1 MACHINE  StateMachine
//       0 IDLE    Decorator (a state), OnSeen -> COMBAT
//       1 COMBAT  GroupScope "Squad", 2 users (a state), OnLost -> IDLE
namespace debug_kinds_tree {
TEST_TRACE_BEHAVIOR(ALARM_B);
TEST_TRACE_BEHAVIOR(IDLE_B);
TEST_TRACE_BEHAVIOR(FIGHT_B);
TEST_TRACE_BEHAVIOR(SEARCH_B);
TEST_TRACE_BEHAVIOR(SHOOT_B);

bt::Scope gSquad;
bt::Scope* FindScope(void*, const char* name) { return std::strcmp(name, "Squad") == 0 ? &gSquad : nullptr; }

constexpr bt::VariableDecl kVariables[] = {{"Alert", bt::VariableType::Bool, 0},
                                           bt::TimestampVariable("Seen", "OnSeen", "Lost"),
                                           bt::TimestampVariable("Lost", "OnLost", "Seen")};
BT_DEFINE_GROUP(ROOT, Priority, BT_CHILDREN(ALARM, MACHINE), BT_VARIABLES(kVariables));
BT_DEFINE_DECIDER(ALARM, ALARM_B, BT_DECIDE(test::TraceDecide));
BT_DEFINE_GROUP(MACHINE, StateMachine, BT_CHILDREN(IDLE, COMBAT));
BT_DEFINE_GROUP(IDLE, Decorator, BT_CHILDREN(IDLE_TREE), BT_EVENT_TRANSITIONS(bt::OnEvent("OnSeen", 1)));
BT_DEFINE_GROUP(COMBAT, GroupScope, BT_CHILDREN(FIGHT), BT_SCOPE("Squad", 2, FindScope),
                BT_EVENT_TRANSITIONS({bt::NameId("OnLost"), 0}));
BT_DEFINE_DECIDER(IDLE_TREE, IDLE_B);
BT_DEFINE_DECIDER(FIGHT, FIGHT_B);

BT_DEFINE_CONDITION(SEES, BT_DECIDE(test::TraceDecide));
BT_DEFINE_CONDITION(LOST, BT_DECIDE(test::TraceDecide));
BT_DEFINE_GROUP(ALERT, SelectionStateMachine, BT_CHILDREN(SEARCH, SHOOT), BT_TRANSITIONS({0, 1, &SEES}, {1, 0, &LOST}));
BT_DEFINE_DECIDER(SEARCH, SEARCH_B);
BT_DEFINE_DECIDER(SHOOT, SHOOT_B);
BT_DEFINE_GROUP(NO_TRANSITIONS, SelectionStateMachine, BT_CHILDREN(SEARCH));
}  // namespace debug_kinds_tree

namespace {

using namespace debug_kinds_tree;
using Memory = bt::Memory<1024>;

std::string Print(const bt::DeciderDef& root, const Memory& memory, double time, bool wholeTree = false) {
  char buffer[4096];
  const std::size_t written = bt::DebugPrintState(root, memory.Span(), time, buffer, {.wholeTree = wholeTree});
  CHECK(written == std::strlen(buffer));
  return buffer;
}

std::string Id(const char* event) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08x", bt::NameId(event));
  return text;
}

std::string Config(const bt::DeciderDef& d) {
  char text[256];
  const std::size_t length = bt::FormatNodeConfig(d, text);
  CHECK(length == std::strlen(text));
  return text;
}

}  // namespace

TEST_CASE("FormatNodeConfig writes the selection machine's transitions, a scope, a state's transitions on events",
          "[debug-kinds]") {
  CHECK(Config(ALERT) == "transitions: 0->1 if SEES, 1->0 if LOST");
  CHECK(Config(NO_TRANSITIONS) == "transitions: none");
  CHECK(Config(COMBAT) == "scope Squad, 2 users; on events " + Id("OnLost") + "->0");
  CHECK(Config(IDLE) == "results: as is; on events OnSeen->1");  // bt::OnEvent keeps the name
  // COMBAT's transition is written by hand, without the name: its id stands in.
  CHECK(Config(MACHINE) == "");
  CHECK(Config(FIGHT) == "");
}

TEST_CASE("DebugPrintState shows a StateMachine's pending transition, a Priority's changes seen, a GroupScope's seat",
          "[debug-kinds]") {
  gSquad.Reset();
  test::TraceAgent agent;
  Memory memory{};
  REQUIRE(bt::MemoryBytesFor(ROOT) <= sizeof memory);
  CHECK(Print(ROOT, memory, 0) ==
        "variables (initial): Alert=false Seen=never Lost=never\n"
        "(no active deciders)\n");
  (void)test::Tick(ROOT, agent, memory, 0.0);
  CHECK(Print(ROOT, memory, 0.5) ==
        "variables: Alert=false Seen=never Lost=never\n"
        "*0:ROOT/0x1e4ede85 (kGroup, kGroupPriority 0x0) time: 0.50 [(no group behavior)] idx: 1 {0 variable changes seen}\n"
        "  *1:MACHINE/0x132ff9ce (kGroup, kGroupStateMachine 0x0) time: 0.50 [(no group behavior)] idx: 0 {no transition pending}\n"
        "    *0:IDLE/0xc0f30393 (kGroup, kGroupDecorator 0x0) time: 0.50 [(no group behavior)] idx: 0 {results: as is; on events "
        "OnSeen->1}\n"
        "      *0:IDLE_TREE/0x15ac5b94 (kBehavior 0x0) time: 0.50 [IDLE_B/0x85142e92] (0x00000000)\n");

  REQUIRE(bt::SendEvent(ROOT, agent, memory, "OnSeen", 0.75) == bt::Status::Running);
  const std::string pending = Print(ROOT, memory, 1.0);
  CHECK(pending.find("  *1:MACHINE/0x132ff9ce (kGroup, kGroupStateMachine 0x0) time: 1.00 [(no group behavior)] idx: 0 "
                     "{transition pending to 1 COMBAT}\n") != std::string::npos);
  CHECK(pending.substr(0, pending.find('\n')) == "variables: Alert=false Seen=0.75 Lost=never");

  REQUIRE(bt::VariablesOf(ROOT, memory.Span())->SetBool(0, true));  // a change: the Priority picks again
  (void)test::Tick(ROOT, agent, memory, 1.0);
  CHECK(Print(ROOT, memory, 1.0) ==
        "variables: Alert=true Seen=0.75 Lost=never\n"
        "*0:ROOT/0x1e4ede85 (kGroup, kGroupPriority 0x0) time: 1.00 [(no group behavior)] idx: 1 {1 variable changes seen}\n"
        "  *1:MACHINE/0x132ff9ce (kGroup, kGroupStateMachine 0x0) time: 1.00 [(no group behavior)] idx: 1 {no transition pending}\n"
        "    *1:COMBAT/0xfb2b7c61 (kGroup, kGroupGroupScope 0x0) time: 0.00 [(no group behavior)] idx: 0 {scope Squad, 2 users; "
        "on events " +
            Id("OnLost") +
            "->0; seated}\n"
            "      *0:FIGHT/0x8fc60c69 (kBehavior 0x0) time: 0.00 [FIGHT_B/0xb4791fc0] (0x00000000)\n");

  REQUIRE(bt::SendEvent(ROOT, agent, memory, "OnLost", 1.5) == bt::Status::Running);
  CHECK(Print(ROOT, memory, 1.5).substr(0, Print(ROOT, memory, 1.5).find('\n')) ==
        "variables: Alert=true Seen=cleared Lost=1.5");
}

// Where tests/tools/gdb_printers_test.sh stops, inside COMBAT (seated) with the Priority
// having seen a change, a transition pending and a timestamp cleared, to compare
// bt-path (tools/gdb/bt_printers.py) with `text`.
extern "C" [[gnu::noinline]] void DebugKindsGdbStop(const bt::DeciderDef* root, std::span<const std::byte> memory,
                                                  const char* text) {
  asm volatile("" : : "r"(root), "r"(memory.data()), "r"(text) : "memory");
}

TEST_CASE("gdb reads the kinds of MBT (tests/tools/gdb_printers_test.sh)", "[.gdbkinds]") {
  gSquad.Reset();
  test::TraceAgent agent;
  Memory memory{};
  (void)test::Tick(ROOT, agent, memory, 0.0);
  REQUIRE(bt::SendEvent(ROOT, agent, memory, "OnSeen", 0.5) == bt::Status::Running);
  REQUIRE(bt::VariablesOf(ROOT, memory.Span())->SetBool(0, true));
  (void)test::Tick(ROOT, agent, memory, 1.0);
  REQUIRE(bt::SendEvent(ROOT, agent, memory, "OnLost", 1.0) == bt::Status::Running);
  char text[4096];
  bt::DebugPrintState(ROOT, memory.Span(), 1.0, text);
  DebugKindsGdbStop(&ROOT, memory.Span(), text);
}
