// tests/debug/debug_dot_test.cpp — WriteTreeDot's exact text for a small tree with a
// shared decider and a group behavior, with and without an active path.
#include "bt/debug/dot.h"

#include <catch2/catch.hpp>
#include <cstdio>
#include <string>

#include "tests/support/trace_agent.h"

// ROOT: FLEE, WORK (Sequential, group behavior FOCUS_B: DIG, HAUL), HAUL shared by both groups.
namespace debug_dot_tree {
TEST_TRACE_BEHAVIOR(RUN_B);
TEST_TRACE_BEHAVIOR(FOCUS_B);
TEST_TRACE_BEHAVIOR(DIG_B);
TEST_TRACE_BEHAVIOR(HAUL_B);
BT_DECLARE_DECIDER(FLEE);
BT_DECLARE_DECIDER(WORK);
BT_DECLARE_DECIDER(DIG);
BT_DECLARE_DECIDER(HAUL);
BT_DEFINE_DECIDER_GROUP(ROOT, PrioritizedList, nullptr, FLEE, WORK, HAUL);
BT_DEFINE_DECIDER_BEHAVIOR(FLEE, RUN_B, test::TraceDecide);
BT_DEFINE_DECIDER_GROUP__BEHAVIOR(WORK, Sequential, 0, nullptr, FOCUS_B, DIG, HAUL);
BT_DEFINE_DECIDER_BEHAVIOR(DIG, DIG_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(HAUL, HAUL_B, nullptr);
}  // namespace debug_dot_tree

namespace {

const char* const kHeader =
    "digraph \"ROOT\" {\n"
    "  rankdir=LR;\n"
    "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#ffffff\", fontname=\"Helvetica\", fontsize=11];\n"
    "  edge [fontname=\"Helvetica\", fontsize=9, color=\"#666666\"];\n";

}  // namespace

TEST_CASE("WriteTreeDot draws the tree, each decider once", "[debug][debug_dot]") {
  using namespace debug_dot_tree;
  char buffer[2048];
  const std::size_t length = bt::WriteTreeDot(ROOT, {}, buffer);
  const std::string expected = std::string(kHeader) +
                               "  \"ROOT\" [label=\"ROOT\\nPrioritizedList\"];\n"
                               "  \"ROOT\" -> \"FLEE\" [label=\"0\"];\n"
                               "  \"ROOT\" -> \"WORK\" [label=\"1\"];\n"
                               "  \"ROOT\" -> \"HAUL\" [label=\"2\"];\n"
                               "  \"FLEE\" [label=\"FLEE\\n[RUN_B]\", shape=ellipse];\n"
                               "  \"WORK\" [label=\"WORK\\nSequential\\n[FOCUS_B]\"];\n"
                               "  \"WORK\" -> \"DIG\" [label=\"0\"];\n"
                               "  \"WORK\" -> \"HAUL\" [label=\"1\"];\n"
                               "  \"DIG\" [label=\"DIG\\n[DIG_B]\", shape=ellipse];\n"
                               "  \"HAUL\" [label=\"HAUL\\n[HAUL_B]\", shape=ellipse];\n"
                               "}\n";
  CHECK(buffer == expected);
  CHECK(length == expected.size());
}

TEST_CASE("WriteTreeDot highlights an agent's active path", "[debug][debug_dot]") {
  using namespace debug_dot_tree;
  test::TraceAgent agent;
  bt::MemoryFor<ROOT> memory{};
  test::Tick(ROOT, agent, memory, 0.0);  // FLEE rejects: WORK runs, DIG first
  test::Tick(ROOT, agent, memory, 1.0);
  agent.tick["DIG_B"] = bt::Result::Done;
  test::Tick(ROOT, agent, memory, 2.0);  // DIG is done: WORK goes on with the shared HAUL

  const std::string expected =
      std::string(kHeader) +
      "  \"ROOT\" [label=\"ROOT\\nPrioritizedList\", fillcolor=\"#ffd966\", color=\"#b45f06\", penwidth=2];\n"
      "  \"ROOT\" -> \"FLEE\" [label=\"0\"];\n"
      "  \"ROOT\" -> \"WORK\" [label=\"1\", color=\"#b45f06\", penwidth=2.5];\n"
      "  \"ROOT\" -> \"HAUL\" [label=\"2\"];\n"
      "  \"FLEE\" [label=\"FLEE\\n[RUN_B]\", shape=ellipse];\n"
      "  \"WORK\" [label=\"WORK\\nSequential\\n[FOCUS_B]\", fillcolor=\"#ffd966\", color=\"#b45f06\", penwidth=2];\n"
      "  \"WORK\" -> \"DIG\" [label=\"0\"];\n"
      "  \"WORK\" -> \"HAUL\" [label=\"1\", color=\"#b45f06\", penwidth=2.5];\n"
      "  \"DIG\" [label=\"DIG\\n[DIG_B]\", shape=ellipse];\n"
      "  \"HAUL\" [label=\"HAUL\\n[HAUL_B]\", shape=ellipse, fillcolor=\"#ffd966\", color=\"#b45f06\", penwidth=2];\n"
      "}\n";

  SECTION("into a buffer") {
    char buffer[2048];
    CHECK(bt::WriteTreeDot(ROOT, memory.Span(), buffer) == expected.size());
    CHECK(buffer == expected);
  }

  SECTION("into a short buffer: cut, NUL-terminated, and the length it needs") {
    char buffer[64];
    CHECK(bt::WriteTreeDot(ROOT, memory.Span(), buffer) == expected.size());
    CHECK(buffer == expected.substr(0, 63));
  }

  SECTION("to a stream, top to bottom") {
    std::FILE* file = std::tmpfile();
    REQUIRE(file != nullptr);
    CHECK(bt::WriteTreeDot(ROOT, memory.Span(), file, {.leftToRight = false}));
    std::rewind(file);
    std::string text;
    for (int c; (c = std::fgetc(file)) != EOF;) text.push_back(static_cast<char>(c));
    std::fclose(file);
    std::string topToBottom = expected;
    topToBottom.erase(topToBottom.find("  rankdir=LR;\n"), 14);
    CHECK(text == topToBottom);
  }
}
