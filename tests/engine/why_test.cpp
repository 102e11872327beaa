// tests/engine/why_test.cpp — the why-record (bt/engine/why.h): what a tick considered and why
// it chose, as exact text, in each group policy; the ring of transitions; the
// same record from the compiled tick; DebugPrintState's ids and appended why.
#include <catch2/catch.hpp>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "bt/engine/compiled_tick.h"
#include "tests/support/trace_agent.h"

using bt::Result;
using bt::Status;
using test::TraceDecide;

namespace why {

std::deque<std::uint32_t> gScript;  // the draws of the scripted random source
std::uint32_t ScriptedRandom(test::TraceAgent&) {
  if (gScript.empty()) return 0;
  const std::uint32_t next = gScript.front();
  gScript.pop_front();
  return next;
}

TEST_TRACE_BEHAVIOR(FLEE_B);
TEST_TRACE_BEHAVIOR(SNIFF_B);
TEST_TRACE_BEHAVIOR(FIND_B);
TEST_TRACE_BEHAVIOR(CHEW_B);
TEST_TRACE_BEHAVIOR(IDLE_B);
TEST_TRACE_BEHAVIOR(A_B);
TEST_TRACE_BEHAVIOR(B_B);
TEST_TRACE_BEHAVIOR(C_B);

// PrioritizedList: FLEE only when flag 0x1 is set; SNIFF at most every 4 s;
// EAT a group of two steps; IDLE always.
BT_DECLARE_DECIDER(EAT);
BT_DEFINE_DECIDER_BEHAVIOR__PRE(FLEE, FLEE_B, TraceDecide, bt::Preconditions{}.DecisionAnySet(0x1));
BT_DEFINE_DECIDER_BEHAVIOR__PRE(SNIFF, SNIFF_B, TraceDecide, bt::Preconditions{}.Every(4));
BT_DEFINE_DECIDER_BEHAVIOR(FIND, FIND_B, TraceDecide);
BT_DEFINE_DECIDER_BEHAVIOR(CHEW, CHEW_B, TraceDecide);
BT_DEFINE_DECIDER_BEHAVIOR(IDLE, IDLE_B, nullptr);
BT_DEFINE_DECIDER_GROUP(LIST, PrioritizedList, nullptr, FLEE, SNIFF, EAT, IDLE);
BT_DEFINE_DECIDER_GROUP(EAT, PrioritizedList, TraceDecide, FIND, CHEW);

BT_DEFINE_DECIDER_BEHAVIOR(A, A_B, TraceDecide);
BT_DEFINE_DECIDER_BEHAVIOR(B, B_B, TraceDecide);
BT_DEFINE_DECIDER_BEHAVIOR(C, C_B, TraceDecide);
BT_DEFINE_DECIDER_GROUP__RANDOM(RANDOM, Random, 0, nullptr, ScriptedRandom, A, B, C);
BT_DEFINE_DECIDER_GROUP__RANDOM(SHUFFLE, Shuffle, 0, nullptr, ScriptedRandom, A, B, C);
BT_DEFINE_DECIDER_GROUP(SEQUENCE, Sequential, nullptr, A, B, C);
BT_DEFINE_DECIDER_GROUP(SCORED, Scored, nullptr, A, B, C);

// Sixteen children that all accept and are done on their first tick: one tick
// redecides through all of them, more steps than a record keeps.
#define WHY_LEAF(NAME)          \
  TEST_TRACE_BEHAVIOR(NAME##_B); \
  BT_DEFINE_DECIDER_BEHAVIOR(NAME, NAME##_B, TraceDecide)
WHY_LEAF(L00);
WHY_LEAF(L01);
WHY_LEAF(L02);
WHY_LEAF(L03);
WHY_LEAF(L04);
WHY_LEAF(L05);
WHY_LEAF(L06);
WHY_LEAF(L07);
WHY_LEAF(L08);
WHY_LEAF(L09);
WHY_LEAF(L10);
WHY_LEAF(L11);
WHY_LEAF(L12);
WHY_LEAF(L13);
WHY_LEAF(L14);
WHY_LEAF(L15);
#undef WHY_LEAF
BT_DEFINE_DECIDER_GROUP(MANY, Scored, nullptr, L00, L01, L02, L03, L04, L05, L06, L07, L08, L09, L10, L11, L12, L13,
                        L14, L15);

template <std::size_t N>
std::string TickWhy(const bt::DeciderDef& root, test::TraceAgent& agent, bt::Memory<N>& memory, bt::WhyRecord& why,
                    double time, std::uint32_t decisionFlags = 0) {
  bt::TickOptions options;
  options.why = &why;
  (void)bt::TickBehaviorTree(root, agent, memory, time, 0.1f, decisionFlags, 0, options);
  agent.Take();
  char text[16384];
  bt::FormatWhy(why, text);
  return text;
}

}  // namespace why

using namespace why;

TEST_CASE("why: a prioritized list with hysteresis, preconditions, interruptions, masked redecides and a failed "
          "Activate", "[why][prioritized]") {
  test::TraceAgent agent;
  bt::MemoryFor<LIST> memory{};
  bt::WhyRecord why{};
  agent.decide["SNIFF"] = 1;
  agent.decide["EAT"] = 1;
  agent.decide["FIND"] = 1;
  agent.decide["CHEW"] = 1;
  // FLEE's flag is clear: its Decide is not called; SNIFF is chosen and its timer starts.
  CHECK(TickWhy(LIST, agent, memory, why, 0.0) ==
      "why @ 0.000, LIST: Running in SNIFF\n"
      "  LIST: no Decide, accepts\n"
      "  LIST (PrioritizedList): activated, chooses\n"
      "    child 0 FLEE: rejected by its DecisionFlags precondition\n"
      "    child 1 SNIFF: Decide 1, accepts\n"
      "  LIST chose child 1 SNIFF\n"
      "last transitions (1 of 1):\n"
      "  @ 0.000 LIST started\n");
  // Hysteresis: only the child above the active one is considered.
  CHECK(TickWhy(LIST, agent, memory, why, 1.0) ==
      "why @ 1.000, LIST: Running in SNIFF\n"
      "  LIST (PrioritizedList): active child 1 SNIFF\n"
      "    child 0 FLEE: rejected by its DecisionFlags precondition\n"
      "  LIST continues child 1 SNIFF\n"
      "last transitions (1 of 1):\n"
      "  @ 0.000 LIST started\n");
  // SNIFF is done: LIST redecides with it masked.
  agent.tick["SNIFF_B"] = Result::Done;
  CHECK(TickWhy(LIST, agent, memory, why, 2.0, 0x1) ==
      "why @ 2.000, LIST: Running in FIND\n"
      "  LIST (PrioritizedList): active child 1 SNIFF\n"
      "    child 0 FLEE: Decide 0, rejects\n"
      "  LIST continues child 1 SNIFF\n"
      "  LIST: child 1 SNIFF returned Done: redecides, mask 0x2\n"
      "    child 0 FLEE: Decide 0, rejects\n"
      "    child 2 EAT: Decide 1, accepts\n"
      "  LIST chose child 2 EAT\n"
      "    EAT (PrioritizedList): activated, chooses\n"
      "      child 0 FIND: Decide 1, accepts\n"
      "    EAT chose child 0 FIND\n"
      "last transitions (2 of 2):\n"
      "  @ 0.000 LIST started\n"
      "  @ 2.000 LIST: SNIFF -> EAT (done)\n");
  // FLEE interrupts, its Activate fails: a masked redecide, in which SNIFF's timer rejects it.
  agent.decide["FLEE"] = 1;
  agent.activate["FLEE_B"] = false;
  CHECK(TickWhy(LIST, agent, memory, why, 3.0, 0x1) ==
      "why @ 3.000, LIST: Running in FIND\n"
      "  LIST (PrioritizedList): active child 2 EAT\n"
      "    child 0 FLEE: Decide 1, accepts\n"
      "  LIST: child 0 FLEE interrupts child 2 EAT\n"
      "    child 0 FLEE: Activate failed\n"
      "  LIST: child 0 FLEE returned Failed: redecides, mask 0x1\n"
      "    child 1 SNIFF: rejected by its timer precondition\n"
      "    child 2 EAT: Decide 1, accepts\n"
      "  LIST chose child 2 EAT\n"
      "    EAT (PrioritizedList): activated, chooses\n"
      "      child 0 FIND: Decide 1, accepts\n"
      "    EAT chose child 0 FIND\n"
      "last transitions (4 of 4):\n"
      "  @ 0.000 LIST started\n"
      "  @ 2.000 LIST: SNIFF -> EAT (done)\n"
      "  @ 3.000 LIST: EAT -> FLEE (interrupted)\n"
      "  @ 3.000 LIST: FLEE -> EAT (failed)\n");
  // SNIFF's timer has run out: it interrupts, is done at once, and EAT starts again.
  agent.tick["FIND_B"] = Result::Done;
  CHECK(TickWhy(LIST, agent, memory, why, 5.0) ==
      "why @ 5.000, LIST: Running in CHEW\n"
      "  LIST (PrioritizedList): active child 2 EAT\n"
      "    child 0 FLEE: rejected by its DecisionFlags precondition\n"
      "    child 1 SNIFF: Decide 1, accepts\n"
      "  LIST: child 1 SNIFF interrupts child 2 EAT\n"
      "  LIST: child 1 SNIFF returned Done: redecides, mask 0x2\n"
      "    child 0 FLEE: rejected by its DecisionFlags precondition\n"
      "    child 2 EAT: Decide 1, accepts\n"
      "  LIST chose child 2 EAT\n"
      "    EAT (PrioritizedList): activated, chooses\n"
      "      child 0 FIND: Decide 1, accepts\n"
      "    EAT chose child 0 FIND\n"
      "    EAT: child 0 FIND returned Done: redecides, mask 0x1\n"
      "      child 1 CHEW: Decide 1, accepts\n"
      "    EAT chose child 1 CHEW\n"
      "last transitions (7 of 7):\n"
      "  @ 0.000 LIST started\n"
      "  @ 2.000 LIST: SNIFF -> EAT (done)\n"
      "  @ 3.000 LIST: EAT -> FLEE (interrupted)\n"
      "  @ 3.000 LIST: FLEE -> EAT (failed)\n"
      "  @ 5.000 LIST: EAT -> SNIFF (interrupted)\n"
      "  @ 5.000 LIST: SNIFF -> EAT (done)\n"
      "  @ 5.000 EAT: FIND -> CHEW (done)\n");
}

TEST_CASE("why: a sequence skips the children that reject", "[why][sequential]") {
  test::TraceAgent agent;
  bt::MemoryFor<SEQUENCE> memory{};
  bt::WhyRecord why{};
  agent.decide["A"] = 1;
  agent.decide["C"] = 1;
  CHECK(TickWhy(SEQUENCE, agent, memory, why, 0.0) ==
      "why @ 0.000, SEQUENCE: Running in A\n"
      "  SEQUENCE: no Decide, accepts\n"
      "  SEQUENCE (Sequential): activated, chooses\n"
      "    child 0 A: Decide 1, accepts\n"
      "  SEQUENCE chose child 0 A\n"
      "last transitions (1 of 1):\n"
      "  @ 0.000 SEQUENCE started\n");
  agent.tick["A_B"] = Result::Done;
  CHECK(TickWhy(SEQUENCE, agent, memory, why, 1.0) ==
      "why @ 1.000, SEQUENCE: Running in C\n"
      "  SEQUENCE (Sequential): active child 0 A\n"
      "  SEQUENCE continues child 0 A\n"
      "  SEQUENCE: child 0 A returned Done: redecides, mask 0x1\n"
      "    child 1 B: Decide 0, rejects\n"
      "    child 2 C: Decide 1, accepts\n"
      "  SEQUENCE chose child 2 C\n"
      "last transitions (2 of 2):\n"
      "  @ 0.000 SEQUENCE started\n"
      "  @ 1.000 SEQUENCE: A -> C (done)\n");
}

TEST_CASE("why: Random shows each acceptor's weight and draw", "[why][random]") {
  test::TraceAgent agent;
  bt::MemoryFor<RANDOM> memory{};
  bt::WhyRecord why{};
  agent.decide["A"] = 1;
  agent.decide["B"] = 3;
  agent.decide["C"] = 2;
  gScript = {0x40000000u, 0xF0000000u};  // 0.25 * 4 < 3: B replaces A; 0.9375 * 6 >= 2: C does not
  CHECK(TickWhy(RANDOM, agent, memory, why, 0.0) ==
        "why @ 0.000, RANDOM: Running in B\n"
        "  RANDOM: no Decide, accepts\n"
        "  RANDOM (Random): activated, chooses\n"
        "    child 0 A: Decide 1, accepts\n"
        "    child 0 A: weight 1 of 1, no draw: taken\n"
        "    child 1 B: Decide 3, accepts\n"
        "    child 1 B: weight 3 of 4, draw 0x40000000 (0.2500): taken\n"
        "    child 2 C: Decide 2, accepts\n"
        "    child 2 C: weight 2 of 6, draw 0xf0000000 (0.9375): kept the choice\n"
        "  RANDOM chose child 1 B\n"
        "last transitions (1 of 1):\n"
        "  @ 0.000 RANDOM started\n");
}

TEST_CASE("why: Shuffle shows its rounds and each choice's place in the round", "[why][shuffle]") {
  test::TraceAgent agent;
  bt::MemoryFor<SHUFFLE> memory{};
  bt::WhyRecord why{};
  agent.decide["A"] = 1;
  agent.decide["B"] = 1;
  gScript = {5, 0};  // Fisher-Yates: swap 2 with 5 % 3 = 2, then 1 with 0 % 2 = 0: order 1 0 2
  CHECK(TickWhy(SHUFFLE, agent, memory, why, 0.0) ==
        "why @ 0.000, SHUFFLE: Running in B\n"
        "  SHUFFLE: no Decide, accepts\n"
        "  SHUFFLE (Shuffle): activated, chooses\n"
        "  SHUFFLE: new round, order 1 0 2\n"
        "    child 1 B: Decide 1, accepts\n"
        "  SHUFFLE chose child 1 B (position 0 of its round)\n"
        "last transitions (1 of 1):\n"
        "  @ 0.000 SHUFFLE started\n");
  agent.tick["B_B"] = Result::Done;
  agent.tick["A_B"] = Result::Done;
  gScript = {1, 1};
  CHECK(TickWhy(SHUFFLE, agent, memory, why, 1.0) ==
        "why @ 1.000, SHUFFLE: NoBehavior\n"
        "  SHUFFLE (Shuffle): active child 1 B\n"
        "  SHUFFLE continues child 1 B\n"
        "  SHUFFLE: child 1 B returned Done: redecides, mask 0x2\n"
        "    child 0 A: Decide 1, accepts\n"
        "  SHUFFLE chose child 0 A (position 1 of its round)\n"
        "  SHUFFLE: child 0 A returned Done: redecides, mask 0x3\n"
        "    child 2 C: Decide 0, rejects\n"
        "  SHUFFLE: new round, order 0 2 1\n"
        "  SHUFFLE: no child accepts\n"
        "last transitions (3 of 3):\n"
        "  @ 0.000 SHUFFLE started\n"
        "  @ 1.000 SHUFFLE: B -> A (done)\n"
        "  @ 1.000 SHUFFLE ended: NoBehavior\n");
}

TEST_CASE("why: Scored shows every value; ties go to the earlier child", "[why][scored]") {
  test::TraceAgent agent;
  bt::MemoryFor<SCORED> memory{};
  bt::WhyRecord why{};
  agent.decide["A"] = 0.5f;
  agent.decide["B"] = 2;
  agent.decide["C"] = 2;
  CHECK(TickWhy(SCORED, agent, memory, why, 0.0) ==
        "why @ 0.000, SCORED: Running in B\n"
        "  SCORED: no Decide, accepts\n"
        "  SCORED (Scored): activated, chooses\n"
        "    child 0 A: Decide 0.5, accepts\n"
        "    child 1 B: Decide 2, accepts\n"
        "    child 2 C: Decide 2, accepts\n"
        "  SCORED chose child 1 B\n"
        "last transitions (1 of 1):\n"
        "  @ 0.000 SCORED started\n");
}

TEST_CASE("why: the ring keeps the last kWhyTransitions transitions", "[why][transitions]") {
  test::TraceAgent agent;
  bt::MemoryFor<LIST> memory{};
  bt::WhyRecord why{};
  agent.decide["EAT"] = 1;
  agent.decide["FIND"] = 1;
  agent.decide["FLEE"] = 1;
  agent.tick["FLEE_B"] = Result::Done;  // each tick with the flag: FLEE interrupts EAT, is done, EAT again
  std::string text;
  for (int i = 0; i < 6; ++i) text = TickWhy(LIST, agent, memory, why, i, i == 0 ? 0 : 0x1);
  CHECK(why.transitionCount == 11);
  CHECK(text.substr(text.find("last transitions")) ==
        "last transitions (8 of 11):\n"
        "  @ 2.000 LIST: EAT -> FLEE (interrupted)\n"
        "  @ 2.000 LIST: FLEE -> EAT (done)\n"
        "  @ 3.000 LIST: EAT -> FLEE (interrupted)\n"
        "  @ 3.000 LIST: FLEE -> EAT (done)\n"
        "  @ 4.000 LIST: EAT -> FLEE (interrupted)\n"
        "  @ 4.000 LIST: FLEE -> EAT (done)\n"
        "  @ 5.000 LIST: EAT -> FLEE (interrupted)\n"
        "  @ 5.000 LIST: FLEE -> EAT (done)\n");
}

TEST_CASE("why: the compiled tick gives the reference tick's record and calls", "[why][compiled]") {
  test::TraceAgent a, b;
  bt::MemoryFor<LIST> ma{}, mb{};
  bt::WhyRecord wa{}, wb{};
  for (test::TraceAgent* agent : {&a, &b}) {
    agent->decide["SNIFF"] = 1;
    agent->decide["EAT"] = 1;
    agent->decide["FIND"] = 1;
    agent->decide["FLEE"] = 1;
    agent->tick["SNIFF_B"] = Result::Done;
  }
  const std::uint32_t flags[] = {0, 0, 0x1, 0, 0, 0x1, 0};
  for (int i = 0; i < 7; ++i) {
    bt::TickOptions oa, ob;
    oa.why = &wa;
    ob.why = &wb;
    const bt::TickResult ra = bt::TickBehaviorTree(LIST, a, ma, i * 1.5, 0.1f, flags[i], 0, oa);
    const bt::TickResult rb = bt::TickBehaviorTreeCompiled<LIST>(b, mb, i * 1.5, 0.1f, flags[i], 0, ob);
    CHECK(ra.status == rb.status);
    CHECK(ra.decider == rb.decider);
    CHECK(a.Take() == b.Take());
    char ta[4096], tb[4096];
    bt::FormatWhy(wa, ta);
    bt::FormatWhy(wb, tb);
    CHECK(std::string(ta) == tb);
    CHECK(wb.count > 0);
  }
}

TEST_CASE("why: DebugPrintState shows ids and appends the why; ActiveNodeId names the running node",
          "[why][debug_print]") {
  static_assert(bt::NameId("a") == 0xe40c292cu);  // FNV-1a
  static_assert(bt::NameId(nullptr) == 0);
  test::TraceAgent agent;
  bt::MemoryFor<SEQUENCE> memory{};
  bt::WhyRecord why{};
  agent.decide["A"] = 1;
  TickWhy(SEQUENCE, agent, memory, why, 0.0);
  CHECK(bt::ActiveNodeId(SEQUENCE, memory.Span()) == bt::NameId("A"));
  CHECK(A.data->id == bt::NameId("A"));
  char text[1024];
  bt::DebugPrintState(SEQUENCE, memory.Span(), 0.5, text, {.ids = true, .why = &why});
  char expected[1024];
  std::snprintf(expected, sizeof expected,
                "*0:SEQUENCE/0x%x (kGroup, kGroupSequential 0x0) time: 0.50 [(no group behavior)] idx: 0\n"
                "  *0:A/0x%x (kBehavior 0x0) time: 0.50 [A_B/0x%x] (0x00000000)\n"
                "why @ 0.000, SEQUENCE: Running in A\n"
                "  SEQUENCE: no Decide, accepts\n"
                "  SEQUENCE (Sequential): activated, chooses\n"
                "    child 0 A: Decide 1, accepts\n"
                "  SEQUENCE chose child 0 A\n"
                "last transitions (1 of 1):\n"
                "  @ 0.000 SEQUENCE started\n",
                bt::NameId("SEQUENCE"), bt::NameId("A"), bt::NameId("A_B"));
  CHECK(std::string(text) == expected);
  // A short buffer keeps whole lines: the third (44 characters) and the marker do not fit after the first two.
  char small[120];
  bt::FormatWhy(why, small);
  CHECK(std::string(small) ==
        "why @ 0.000, SEQUENCE: Running in A\n"
        "  SEQUENCE: no Decide, accepts\n"
        "[... truncated]\n");
}

TEST_CASE("why: a tick with more steps than kWhyEntries keeps the first ones and says so", "[why][overflow]") {
  test::TraceAgent agent;
  bt::MemoryFor<MANY> memory{};
  bt::WhyRecord why{};
  for (const char* leaf : {"L00", "L01", "L02", "L03", "L04", "L05", "L06", "L07", "L08", "L09", "L10", "L11", "L12",
                           "L13", "L14", "L15"}) {
    agent.decide[leaf] = 1;
    agent.tick[std::string(leaf) + "_B"] = Result::Done;
  }
  const std::string text = TickWhy(MANY, agent, memory, why, 0.0);
  CHECK(why.overflowed);
  CHECK(why.count == bt::kWhyEntries);
  std::vector<std::string> lines;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = text.find('\n', at);
    lines.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  // The heading, the 128 entries kept, the overflow line, the transitions.
  // The heading, the 128 entries kept, the overflow line, then the transitions,
  // which are kept whole: the ring does not count against the entries.
  REQUIRE(lines.size() == 1 + 128 + 1 + 1 + 8);
  CHECK(text.substr(0, text.find("    child 2 L02")) ==
        "why @ 0.000, MANY: NoBehavior\n"
        "  MANY: no Decide, accepts\n"
        "  MANY (Scored): activated, chooses\n"
        "    child 0 L00: Decide 1, accepts\n"
        "    child 1 L01: Decide 1, accepts\n");
  CHECK(lines[127] == "  MANY chose child 8 L08");
  CHECK(lines[128] == "  MANY: child 8 L08 returned Done: redecides, mask 0x1ff");
  CHECK(lines[129] == "  (more steps than 128: the first 128 shown)");
  CHECK(lines[130] == "last transitions (8 of 17):");
  CHECK(lines[137] == "  @ 0.000 MANY: L14 -> L15 (done)");
  CHECK(lines[138] == "  @ 0.000 MANY ended: NoBehavior");

  // The next tick starts a fresh record: no overflow, no overflow line.
  for (auto& [name, value] : agent.decide) value = 0;
  const std::string next = TickWhy(MANY, agent, memory, why, 1.0);
  CHECK_FALSE(why.overflowed);
  CHECK(next.find("more steps") == std::string::npos);
}

// Where tests/tools/gdb_printers_test.sh stops to print a record with the printer of
// tools/gdb/bt_printers.py and the text FormatWhy wrote for it.
[[gnu::noinline]] void WhyGdbStop(const bt::WhyRecord& why, const char* text) {
  asm volatile("" : : "r"(&why), "r"(text) : "memory");
}

TEST_CASE("Why-records for the gdb printers' test", "[.gdbwhy][why]") {
  test::TraceAgent agent;
  // LIST at 3 s: rejections by flags and timer, an interruption, a failed Activate, a masked redecide.
  bt::MemoryFor<LIST> list{};
  bt::WhyRecord why{};
  agent.decide["SNIFF"] = 1;
  agent.decide["EAT"] = 1;
  agent.decide["FIND"] = 1;
  (void)TickWhy(LIST, agent, list, why, 0.0);
  agent.tick["SNIFF_B"] = Result::Done;
  (void)TickWhy(LIST, agent, list, why, 2.0, 0x1);
  agent.decide["FLEE"] = 1;
  agent.activate["FLEE_B"] = false;
  std::string text = TickWhy(LIST, agent, list, why, 3.0, 0x1);
  REQUIRE(text.rfind("why @ 3.000, LIST: Running in FIND\n", 0) == 0);  // the text bt/debug/README.md shows
  WhyGdbStop(why, text.c_str());
  // Random's weights and draws.
  bt::MemoryFor<RANDOM> random{};
  bt::WhyRecord randomWhy{};
  agent.decide["A"] = 1;
  agent.decide["B"] = 3;
  agent.decide["C"] = 2;
  gScript = {0x40000000u, 0xF0000000u};
  text = TickWhy(RANDOM, agent, random, randomWhy, 0.0);
  WhyGdbStop(randomWhy, text.c_str());
  // Shuffle's rounds and positions, and the tree ending.
  bt::MemoryFor<SHUFFLE> shuffle{};
  bt::WhyRecord shuffleWhy{};
  agent.decide["C"] = 0;
  gScript = {5, 0};
  (void)TickWhy(SHUFFLE, agent, shuffle, shuffleWhy, 0.0);
  agent.tick["B_B"] = Result::Done;
  agent.tick["A_B"] = Result::Done;
  gScript = {1, 1};
  text = TickWhy(SHUFFLE, agent, shuffle, shuffleWhy, 1.0);
  WhyGdbStop(shuffleWhy, text.c_str());
  // An overflowed record, and one never ticked.
  bt::MemoryFor<MANY> many{};
  auto manyWhy = std::make_unique<bt::WhyRecord>();
  for (const char* leaf : {"L00", "L01", "L02", "L03", "L04", "L05", "L06", "L07", "L08", "L09", "L10", "L11", "L12",
                           "L13", "L14", "L15"}) {
    agent.decide[leaf] = 1;
    agent.tick[std::string(leaf) + "_B"] = Result::Done;
  }
  text = TickWhy(MANY, agent, many, *manyWhy, 0.0);
  REQUIRE(manyWhy->overflowed);
  WhyGdbStop(*manyWhy, text.c_str());
  const bt::WhyRecord never{};
  char neverText[64];
  bt::FormatWhy(never, neverText);
  WhyGdbStop(never, neverText);
}
