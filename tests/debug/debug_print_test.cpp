// tests/debug/debug_print_test.cpp — DebugPrintState's exact text: the Figure 1 tree in
// several states, active path and whole tree, a shared decider, short buffers.
#include "bt/debug/print.h"

#include <catch2/catch.hpp>
#include <cstring>
#include <string>

#include "tests/support/figure1_tree.h"

namespace {

template <std::size_t N>
std::string Print(const bt::DeciderDef& root, const bt::Memory<N>& memory, double time, bool wholeTree = false,
                  bool ids = true) {
  char buffer[4096];
  const std::size_t written =
      bt::DebugPrintState(root, memory.Span(), time, buffer, {.wholeTree = wholeTree, .ids = ids});
  CHECK(written == std::strlen(buffer));
  return buffer;
}

}  // namespace

// A decider shared by two groups: printed under each, marked only where it runs.
namespace debug_print_tree {
TEST_TRACE_BEHAVIOR(SHARED_B);
TEST_TRACE_BEHAVIOR(GUARDING_B);
BT_DECLARE_DECIDER(LEFT);
BT_DECLARE_DECIDER(RIGHT);
BT_DECLARE_DECIDER(SHARED);
BT_DEFINE_DECIDER_GROUP(ROOT, PrioritizedList, nullptr, LEFT, RIGHT);
BT_DEFINE_DECIDER_GROUP(LEFT, Sequential, test::TraceDecide, SHARED);
BT_DEFINE_DECIDER_GROUP__BEHAVIOR(RIGHT, Scored, bt::kCallDecideOnRedecide | bt::kDelegateDecideToChildren, nullptr,
                                  GUARDING_B, SHARED);
BT_DEFINE_DECIDER_BEHAVIOR__FLAGS(SHARED, SHARED_B, 0x2a, nullptr);
}  // namespace debug_print_tree

TEST_CASE("DebugPrintState shows the Figure 1 tree's active path", "[debug][debug_print]") {
  using namespace figure1;
  test::TraceAgent agent;
  Memory memory{};

  SECTION("before the first tick nothing is active") { CHECK(Print(ROOT, memory, 0.0) == "(no active deciders)\n"); }

  SECTION("idling, with the time each decider has been active") {
    test::Tick(ROOT, agent, memory, 0.0);
    CHECK(Print(ROOT, memory, 0.5) ==
          "*0:ROOT/0x1e4ede85 (kGroup, kGroupPrioritizedList 0x0) time: 0.50 [(no group behavior)] idx: 4\n"
          "  *4:IDLE/0xc0f30393 (kGroup, kGroupPrioritizedList 0x0) time: 0.50 [(no group behavior)] idx: 1\n"
          "    *1:REST/0x280f7297 (kBehavior 0x0) time: 0.50 [REST_B/0x2299026e] (0x00000000)\n");
  }

  SECTION("guarding, after GUARD interrupted EAT: the root keeps its time, GUARD starts its own") {
    test::Tick(ROOT, agent, memory, 0.0);
    agent.decide["EAT"] = 1;
    agent.decide["FIND_FOOD"] = 1;
    test::Tick(ROOT, agent, memory, 1.0);
    CHECK(Print(ROOT, memory, 2.25) ==
          "*0:ROOT/0x1e4ede85 (kGroup, kGroupPrioritizedList 0x0) time: 2.25 [(no group behavior)] idx: 3\n"
          "  *3:EAT/0xb1234185 (kGroup, kGroupPrioritizedList 0x1 CallDecideOnRedecide) time: 1.25 [(no group behavior)] idx: 0\n"
          "    *0:FIND_FOOD/0x2be3d5f7 (kBehavior 0x0) time: 1.25 [FIND_FOOD_B/0xf194504e] (0x00000000)\n");
    agent.decide["GUARD"] = 1;
    agent.decide["GUARD_PATROL"] = 1;
    test::Tick(ROOT, agent, memory, 4.0);
    CHECK(Print(ROOT, memory, 5.5) ==
          "*0:ROOT/0x1e4ede85 (kGroup, kGroupPrioritizedList 0x0) time: 5.50 [(no group behavior)] idx: 1\n"
          "  *1:GUARD/0xd39d320e (kGroup, kGroupPrioritizedList 0x1 CallDecideOnRedecide) time: 1.50 [(no group behavior)] idx: 2\n"
          "    *2:GUARD_PATROL/0xb4811f81 (kBehavior 0x0) time: 1.50 [PATROL_B/0x21e3478a] (0x00000000)\n");
  }

  SECTION("after the tree is stopped nothing is active again") {
    test::Tick(ROOT, agent, memory, 0.0);
    bt::StopBehaviorTree(ROOT, &agent, memory.Span(), 1.0);
    CHECK(Print(ROOT, memory, 1.0) == "(no active deciders)\n");
  }
}

TEST_CASE("DebugPrintState shows the whole Figure 1 tree", "[debug][debug_print]") {
  using namespace figure1;
  test::TraceAgent agent;
  Memory memory{};

  SECTION("unmarked before the first tick") {
    CHECK(Print(ROOT, memory, 0.0, true) == figure1::kWholeTreeText);
  }

  SECTION("playing: the active path marked, with times and active child indices") {
    agent.decide["PLAY"] = 1;
    agent.decide["DANCE"] = 1;
    test::Tick(ROOT, agent, memory, 10.0);
    CHECK(Print(ROOT, memory, 12.0, true) ==
          "*0:ROOT/0x1e4ede85 (kGroup, kGroupPrioritizedList 0x0) time: 2.00 [(no group behavior)] idx: 4\n"
          "   0:FLEE/0xddd18501 (kBehavior 0x0) [FLEE_B/0x913a17a8] (0x00000000)\n"
          "   1:GUARD/0xd39d320e (kGroup, kGroupPrioritizedList 0x1 CallDecideOnRedecide) [(no group behavior)]\n"
          "     0:GUARD_YELL/0x8a0a8011 (kBehavior 0x0) [YELL_B/0x83d42ae2] (0x00000000)\n"
          "     1:GUARD_FIGHT/0x608aae93 (kBehavior 0x0) [FIGHT_B/0xb4791fc0] (0x00000000)\n"
          "     2:GUARD_PATROL/0xb4811f81 (kBehavior 0x0) [PATROL_B/0x21e3478a] (0x00000000)\n"
          "   2:FIGHT/0x8fc60c69 (kBehavior 0x0) [FIGHT_B/0xb4791fc0] (0x00000000)\n"
          "   3:EAT/0xb1234185 (kGroup, kGroupPrioritizedList 0x1 CallDecideOnRedecide) [(no group behavior)]\n"
          "     0:FIND_FOOD/0x2be3d5f7 (kBehavior 0x0) [FIND_FOOD_B/0xf194504e] (0x00000000)\n"
          "     1:EAT_FOOD/0xe48e671e (kBehavior 0x0) [EAT_FOOD_B/0xce1eebc3] (0x00000000)\n"
          "  *4:IDLE/0xc0f30393 (kGroup, kGroupPrioritizedList 0x0) time: 2.00 [(no group behavior)] idx: 0\n"
          "    *0:PLAY/0xac85eb63 (kGroup, kGroupRandom 0x0) time: 2.00 [(no group behavior)] idx: 2\n"
          "       0:FLIP/0xb8c85066 (kBehavior 0x0) [FLIP_B/0x94d672fb] (0x00000000)\n"
          "       1:ROLL/0x5451721e (kBehavior 0x0) [ROLL_B/0xae5c6ec3] (0x00000000)\n"
          "      *2:DANCE/0x75a5f1bc (kBehavior 0x0) time: 2.00 [DANCE_B/0xae1c0281] (0x00000000)\n"
          "     1:REST/0x280f7297 (kBehavior 0x0) [REST_B/0x2299026e] (0x00000000)\n");
  }
}

TEST_CASE("DebugPrintState prints a shared decider under each parent", "[debug][debug_print]") {
  using namespace debug_print_tree;
  test::TraceAgent agent;
  bt::MemoryFor<ROOT> memory{};
  test::Tick(ROOT, agent, memory, 1.0);  // LEFT rejects; RIGHT delegates to SHARED, which accepts
  CHECK(Print(ROOT, memory, 3.0, true) ==
        "*0:ROOT/0x1e4ede85 (kGroup, kGroupPrioritizedList 0x0) time: 2.00 [(no group behavior)] idx: 1\n"
        "   0:LEFT/0x103c2070 (kGroup, kGroupSequential 0x0) [(no group behavior)]\n"
        "     0:SHARED/0x7b8dfd4 (kBehavior 0x0) [SHARED_B/0x68718c69] (0x0000002a)\n"
        "  *1:RIGHT/0x1b97d785 (kGroup, kGroupScored 0x3 CallDecideOnRedecide|DelegateDecideToChildren) time: 2.00 "
        "[GUARDING_B/0x97af7c5f] "
        "(0x00000000) idx: 0\n"
        "    *0:SHARED/0x7b8dfd4 (kBehavior 0x0) time: 2.00 [SHARED_B/0x68718c69] (0x0000002a)\n");
}

// Spore S11's example prints NAME/0xid pairs, the default; ids off prints the names alone.
TEST_CASE("DebugPrintState prints names alone with ids off", "[debug][debug_print]") {
  using namespace debug_print_tree;
  test::TraceAgent agent;
  bt::MemoryFor<ROOT> memory{};
  test::Tick(ROOT, agent, memory, 1.0);
  CHECK(Print(ROOT, memory, 3.0, false, false) ==
        "*0:ROOT (kGroup, kGroupPrioritizedList 0x0) time: 2.00 [(no group behavior)] idx: 1\n"
        "  *1:RIGHT (kGroup, kGroupScored 0x3 CallDecideOnRedecide|DelegateDecideToChildren) time: 2.00 [GUARDING_B] "
        "(0x00000000) idx: 0\n"
        "    *0:SHARED (kBehavior 0x0) time: 2.00 [SHARED_B] (0x0000002a)\n");
  CHECK(Print(ROOT, memory, 3.0, true, false) ==
        "*0:ROOT (kGroup, kGroupPrioritizedList 0x0) time: 2.00 [(no group behavior)] idx: 1\n"
        "   0:LEFT (kGroup, kGroupSequential 0x0) [(no group behavior)]\n"
        "     0:SHARED (kBehavior 0x0) [SHARED_B] (0x0000002a)\n"
        "  *1:RIGHT (kGroup, kGroupScored 0x3 CallDecideOnRedecide|DelegateDecideToChildren) time: 2.00 [GUARDING_B] "
        "(0x00000000) idx: 0\n"
        "    *0:SHARED (kBehavior 0x0) time: 2.00 [SHARED_B] (0x0000002a)\n");
}

TEST_CASE("DebugPrintState truncates cleanly into a short buffer", "[debug][debug_print]") {
  using namespace figure1;
  test::TraceAgent agent;
  Memory memory{};
  test::Tick(ROOT, agent, memory, 0.0);

  SECTION("whole lines, then the marker on its own line") {
    char buffer[190];
    const std::size_t written = bt::DebugPrintState(ROOT, memory.Span(), 1.0, buffer, {.wholeTree = true});
    const std::string expected =
        "*0:ROOT/0x1e4ede85 (kGroup, kGroupPrioritizedList 0x0) time: 1.00 [(no group behavior)] idx: 4\n"
        "   0:FLEE/0xddd18501 (kBehavior 0x0) [FLEE_B/0x913a17a8] (0x00000000)\n"
        "[... truncated]\n";
    CHECK(buffer == expected);
    CHECK(written == expected.size());
  }

  SECTION("a line that fits only without the marker is dropped for it") {
    // Room for the first two lines exactly, but then no room for the marker.
    char buffer[95 + 70 + 1];
    bt::DebugPrintState(ROOT, memory.Span(), 1.0, buffer, {.wholeTree = true});
    CHECK(std::string(buffer) ==
          "*0:ROOT/0x1e4ede85 (kGroup, kGroupPrioritizedList 0x0) time: 1.00 [(no group behavior)] idx: 4\n"
          "[... truncated]\n");
  }

  SECTION("a buffer smaller than the marker holds the short marker, or none: never half of one") {
    char buffer[10];
    CHECK(bt::DebugPrintState(ROOT, memory.Span(), 1.0, buffer) == 6);
    CHECK(std::string(buffer) == "[...]\n");
    CHECK(bt::DebugPrintState(ROOT, memory.Span(), 1.0, std::span<char>(buffer, 6)) == 0);
    CHECK(std::string(buffer) == "");
  }

  SECTION("an exact fit is not truncated; one byte less is") {
    const std::string full = Print(ROOT, memory, 1.0);
    std::string buffer(full.size() + 1, 'x');
    CHECK(bt::DebugPrintState(ROOT, memory.Span(), 1.0, buffer) == full.size());
    CHECK(buffer.c_str() == full);
    buffer.assign(full.size(), 'x');
    bt::DebugPrintState(ROOT, memory.Span(), 1.0, buffer);
    CHECK(std::string(buffer.c_str()) ==
          "*0:ROOT/0x1e4ede85 (kGroup, kGroupPrioritizedList 0x0) time: 1.00 [(no group behavior)] idx: 4\n"
          "  *4:IDLE/0xc0f30393 (kGroup, kGroupPrioritizedList 0x0) time: 1.00 [(no group behavior)] idx: 1\n"
          "[... truncated]\n");
  }

  SECTION("an empty buffer is left alone") {
    CHECK(bt::DebugPrintState(ROOT, memory.Span(), 1.0, std::span<char>()) == 0);
  }
}
