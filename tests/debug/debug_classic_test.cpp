// tests/debug/debug_classic_test.cpp — every debugging view on a tree of classic kinds
// (bt/core/classic.h): DebugPrintState, the debug output lines, the DOT picture and the
// why-record, as exact text, on one small tree mixing a Parallel, a Sequence, a
// Loop, a Decorator and a Cooldown. (The gdb printers read the same tree:
// DebugClassicGdbStop, tests/tools/gdb_printers_test.sh.)
#include <catch2/catch.hpp>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "bt/engine/detail/why_record.h"
#include "tests/support/trace_agent.h"

// The tree, as a loader would write it (the classic configuration is plain data):
//   ROOT  Parallel, failed only when all fail
//     0 SEQ   Sequence: STEP, then LOOP
//               0 STEP
//               1 LOOP  Loop, 3 times: WALK (which decides by the agent's script)
//     1 INV   Decorator, inverts: LOOK
//     2 COOL  Cooldown 2 s: SHOOT
namespace debug_classic_tree {
TEST_TRACE_BEHAVIOR(STEP_B);
// Runs on the tick it starts; after that, as scripted (so a loop that starts it
// again at once sees it run).
bt::Result WalkTick(test::TraceAgent& agent, const bt::Context& context) {
  return context.activeTime > 0 ? test::TraceTick(agent, context) : bt::Result::Running;
}
BT_DEFINE_BEHAVIOR(WALK_B, test::TraceActivate, WalkTick, test::TraceDeactivate);
TEST_TRACE_BEHAVIOR(LOOK_B);
TEST_TRACE_BEHAVIOR(SHOOT_B);
BT_DEFINE_DECIDER_BEHAVIOR(STEP, STEP_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(WALK, WALK_B, test::TraceDecide);
BT_DEFINE_DECIDER_BEHAVIOR(LOOK, LOOK_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(SHOOT, SHOOT_B, nullptr);

bt::DeciderData loopData, seqData, invData, coolData, rootData;
const bt::DeciderDef* const loopChildren[] = {&WALK};
const bt::DeciderDef LOOP{.name = "LOOP", .kind = bt::DeciderKind::Group, .policy = bt::GroupPolicy::Loop,
                          .children = loopChildren, .childCount = 1, .data = &loopData, .config = {.count = 3}};
const bt::DeciderDef* const seqChildren[] = {&STEP, &LOOP};
const bt::DeciderDef SEQ{.name = "SEQ", .kind = bt::DeciderKind::Group, .policy = bt::GroupPolicy::Sequence,
                         .children = seqChildren, .childCount = 2, .data = &seqData};
const bt::DeciderDef* const invChildren[] = {&LOOK};
const bt::DeciderDef INV{.name = "INV", .kind = bt::DeciderKind::Group, .policy = bt::GroupPolicy::Decorator,
                         .children = invChildren, .childCount = 1, .data = &invData,
                         .config = {.results = bt::kInvertResult}};
const bt::DeciderDef* const coolChildren[] = {&SHOOT};
const bt::DeciderDef COOL{.name = "COOL", .kind = bt::DeciderKind::Group, .policy = bt::GroupPolicy::Cooldown,
                          .children = coolChildren, .childCount = 1, .data = &coolData, .config = {.seconds = 2}};
const bt::DeciderDef* const rootChildren[] = {&SEQ, &INV, &COOL};
const bt::DeciderDef ROOT{.name = "ROOT", .kind = bt::DeciderKind::Group, .policy = bt::GroupPolicy::Parallel,
                          .flags = bt::kParallelFailOnAll, .children = rootChildren, .childCount = 3,
                          .data = &rootData};
}  // namespace debug_classic_tree

namespace {

using Memory = bt::Memory<1024>;

std::string Print(const bt::DeciderDef& root, const Memory& memory, double time, bool wholeTree = false) {
  char buffer[4096];
  const std::size_t written = bt::DebugPrintState(root, memory.Span(), time, buffer, {.wholeTree = wholeTree});
  CHECK(written == std::strlen(buffer));
  return buffer;
}

// Collects the lines, the agent's address replaced by AGENT, for exact expectations.
struct Capture {
  const void* agent = nullptr;
  std::vector<std::string> lines;
  static void Hook(const bt::DebugLine& line, void* user) {
    auto& self = *static_cast<Capture*>(user);
    std::string text = line.text;
    char address[32];
    std::snprintf(address, sizeof address, "%p", self.agent);
    for (auto at = text.find(address); at != std::string::npos; at = text.find(address))
      text.replace(at, std::strlen(address), "AGENT");
    self.lines.push_back(text);
  }
};

// The lines one tick reports at `level`, the process's settings restored after it.
template <class Tick>
std::vector<std::string> LinesAt(int level, const void* agent, Tick&& tick) {
  Capture capture{agent, {}};
  const bt::DebugOutputSettings saved = bt::GetDebugOutput();
  bt::SetDebugOutput({level, nullptr, &Capture::Hook, &capture});
  tick();
  bt::SetDebugOutput(saved);
  return capture.lines;
}

std::string Why(const bt::WhyRecord& why) {
  char text[4096];
  bt::FormatWhy(why, text);
  return text;
}

std::string Dot(const bt::DeciderDef& root, const Memory& memory) {
  char text[4096];
  const std::size_t length = bt::WriteTreeDot(root, memory.Span(), text);
  CHECK(length < sizeof text);
  return text;
}

// The script: all three branches start at 0; at 1 STEP is done and the loop
// starts WALK, LOOK fails (the decorator makes it done); at 2 WALK is done and
// starts again at once (it ran over from tick 1), SHOOT fails (the cooldown starts).
// (At the end of each tick the last behavior ticked runs, so the tick's decider is it.)
struct Script {
  test::TraceAgent agent;
  Memory memory{};
  Script() { agent.decide["WALK"] = 1; }
  test::Ticked Tick0() { return test::Tick(debug_classic_tree::ROOT, agent, memory, 0.0); }
  test::Ticked Tick1(const bt::TickOptions& options = {}) {
    agent.tick["STEP_B"] = bt::Result::Done;
    agent.tick["LOOK_B"] = bt::Result::Failed;
    return test::Tick(debug_classic_tree::ROOT, agent, memory, 1.0, 0, 0, options);
  }
  test::Ticked Tick2() {
    agent.tick["WALK_B"] = bt::Result::Done;
    agent.tick["SHOOT_B"] = bt::Result::Failed;
    return test::Tick(debug_classic_tree::ROOT, agent, memory, 2.0);
  }
};

}  // namespace


using Lines = std::vector<std::string>;

TEST_CASE("DebugPrintState shows classic groups: active children, configuration, loop count, cooldown",
          "[debug-classic]") {
  using namespace debug_classic_tree;
  Script s;
  REQUIRE(bt::MemoryBytesFor(ROOT) <= sizeof(Memory));
  CHECK(s.Tick0().result.status == bt::Status::Running);
  CHECK(Print(ROOT, s.memory, 0.5) ==
        "*0:ROOT/0x1e4ede85 (kGroup, kGroupParallel 0x20 ParallelFailOnAll) time: 0.50 [(no group behavior)] idx: 0,1,2 done: - "
        "{done when all, failed when all}\n"
        "  *0:SEQ/0x4c01879c (kGroup, kGroupSequence 0x0) time: 0.50 [(no group behavior)] idx: 0\n"
        "    *0:STEP/0xc4977d4f (kBehavior 0x0) time: 0.50 [STEP_B/0x6fdc5376] (0x00000000)\n"
        "  *1:INV/0xd6c39258 (kGroup, kGroupDecorator 0x0) time: 0.50 [(no group behavior)] idx: 0 {results: done->failed failed->done}\n"
        "    *0:LOOK/0xe4e08a96 (kBehavior 0x0) time: 0.50 [LOOK_B/0x8bce4e8b] (0x00000000)\n"
        "  *2:COOL/0xed8ffafc (kGroup, kGroupCooldown 0x0) time: 0.50 [(no group behavior)] idx: 0 {cooldown 2.00 s, ready}\n"
        "    *0:SHOOT/0x5bdfd410 (kBehavior 0x0) time: 0.50 [SHOOT_B/0x7e9958cd] (0x00000000)\n");

  SECTION("a Parallel's done child is listed, and no longer active") {
    s.Tick1();
    CHECK(Print(ROOT, s.memory, 1.5) ==
          "*0:ROOT/0x1e4ede85 (kGroup, kGroupParallel 0x20 ParallelFailOnAll) time: 1.50 [(no group behavior)] idx: 0,2 done: 1 "
          "{done when all, failed when all}\n"
          "  *0:SEQ/0x4c01879c (kGroup, kGroupSequence 0x0) time: 1.50 [(no group behavior)] idx: 1\n"
          "    *1:LOOP/0xdbe07c6b (kGroup, kGroupLoop 0x0) time: 0.50 [(no group behavior)] idx: 0 {count 3, 0 so far}\n"
          "      *0:WALK/0xa5a75310 (kBehavior 0x0) time: 0.50 [WALK_B/0xd1f26fcd] (0x00000000)\n"
          "  *2:COOL/0xed8ffafc (kGroup, kGroupCooldown 0x0) time: 1.50 [(no group behavior)] idx: 0 {cooldown 2.00 s, ready}\n"
          "    *0:SHOOT/0x5bdfd410 (kBehavior 0x0) time: 1.50 [SHOOT_B/0x7e9958cd] (0x00000000)\n");
  }

  SECTION("the loop's count so far, and the cooldown's time left on its inactive line") {
    s.Tick1();
    s.Tick2();
    CHECK(Print(ROOT, s.memory, 2.5, true) ==
          "*0:ROOT/0x1e4ede85 (kGroup, kGroupParallel 0x20 ParallelFailOnAll) time: 2.50 [(no group behavior)] idx: 0 done: 1 "
          "{done when all, failed when all}\n"
          "  *0:SEQ/0x4c01879c (kGroup, kGroupSequence 0x0) time: 2.50 [(no group behavior)] idx: 1\n"
          "     0:STEP/0xc4977d4f (kBehavior 0x0) [STEP_B/0x6fdc5376] (0x00000000)\n"
          "    *1:LOOP/0xdbe07c6b (kGroup, kGroupLoop 0x0) time: 1.50 [(no group behavior)] idx: 0 {count 3, 1 so far}\n"
          "      *0:WALK/0xa5a75310 (kBehavior 0x0) time: 0.50 [WALK_B/0xd1f26fcd] (0x00000000)\n"
          "   1:INV/0xd6c39258 (kGroup, kGroupDecorator 0x0) [(no group behavior)] {results: done->failed failed->done}\n"
          "     0:LOOK/0xe4e08a96 (kBehavior 0x0) [LOOK_B/0x8bce4e8b] (0x00000000)\n"
          "   2:COOL/0xed8ffafc (kGroup, kGroupCooldown 0x0) [(no group behavior)] {cooldown 2.00 s, 1.50 s left}\n"
          "     0:SHOOT/0x5bdfd410 (kBehavior 0x0) [SHOOT_B/0x7e9958cd] (0x00000000)\n");
    CHECK(Print(ROOT, s.memory, 4.5, true).find("{cooldown 2.00 s, ready}") != std::string::npos);
  }
}

TEST_CASE("FormatNodeConfig writes each classic kind's configuration", "[debug-classic]") {
  using namespace debug_classic_tree;
  auto text = [](bt::GroupPolicy policy, std::uint32_t flags, bt::NodeConfig config) {
    const bt::DeciderDef d{.name = "G", .kind = bt::DeciderKind::Group, .policy = policy, .flags = flags,
                           .children = loopChildren, .childCount = 1, .config = config};
    char out[128];
    const std::size_t length = bt::FormatNodeConfig(d, out);
    CHECK(length == std::strlen(out));
    return std::string(out);
  };
  using P = bt::GroupPolicy;
  CHECK(text(P::Decorator, 0, {.results = bt::kInvertResult}) == "results: done->failed failed->done");
  CHECK(text(P::Decorator, 0, {.results = bt::AlwaysResult(bt::Result::Done)}) ==
        "results: failed->done running->done");
  CHECK(text(P::Decorator, 0, {}) == "results: as is");
  CHECK(text(P::Loop, 0, {.count = 3}) == "count 3");
  CHECK(text(P::LoopUntilSuccess, 0, {}) == "count 0 (forever)");
  CHECK(text(P::Cooldown, 0, {.seconds = 2}) == "cooldown 2.00 s");
  CHECK(text(P::RandomGate, 0, {.chance = 0.25f}) == "chance 0.25");
  CHECK(text(P::Parallel, 0, {}) == "done when all, failed when one");
  CHECK(text(P::Parallel, bt::kParallelSucceedOnAny | bt::kParallelFailOnAll, {}) == "done when one, failed when all");
  CHECK(text(P::Sequence, 0, {}).empty());
  CHECK(text(P::PrioritizedList, 0, {.count = 3}).empty());
  char tiny[8];
  CHECK(bt::FormatNodeConfig(LOOP, tiny) == 7);
  CHECK(std::string(tiny) == "count 3");
  CHECK(bt::FormatNodeConfig(LOOP, std::span<char>()) == 0);
}

TEST_CASE("Debug output of a classic tick: starting, continuing and ending children, every running behavior",
          "[debug-classic]") {
  using namespace debug_classic_tree;
  Script s;
  s.Tick0();
  CHECK(LinesAt(4, &s.agent, [&] { s.Tick1(); }) ==
        Lines{"BTDBO(3) AGENT @ 1.000: **************** starting tree ROOT/0x1e4ede85 for AGENT ****************",
              "BTDBO(3) AGENT @ 1.000: dt: 0.100000, DecisionFlags: 0x00000000, StimuliAllFlags: 0x00000000",
              "BTDBO(4) AGENT @ 1.000: visiting current kGroup decider ROOT/0x1e4ede85, kGroupParallel, 3 children, active children "
              "0,1,2, duration 1.000",
              "BTDBO(4) AGENT @ 1.000: continuing child 0 SEQ/0x4c01879c, duration: 1.000000",
              "BTDBO(4) AGENT @ 1.000:  visiting current kGroup decider SEQ/0x4c01879c, kGroupSequence, 2 children, active child 0, "
              "duration 1.000",
              "BTDBO(4) AGENT @ 1.000:  continuing child 0 STEP/0xc4977d4f, duration: 1.000000",
              "BTDBO(4) AGENT @ 1.000:   visiting current kBehavior decider STEP/0xc4977d4f, duration 1.000",
              "BTDBO(3) AGENT @ 1.000:   ticking behavior STEP_B/0x6fdc5376 @ 1.000000 (dt: 0.100000) with flags 0x0, duration 1.000",
              "BTDBO(4) AGENT @ 1.000:  SEQ/0x4c01879c: child 0 STEP/0xc4977d4f done",
              "BTDBO(2) AGENT @ 1.000:   deactivating behavior STEP_B/0x6fdc5376, in decider STEP/0xc4977d4f (done)",
              "BTDBO(4) AGENT @ 1.000:  starting child 1 LOOP/0xdbe07c6b",
              "BTDBO(4) AGENT @ 1.000:   visiting new kGroup decider LOOP/0xdbe07c6b, kGroupLoop, 1 children, active child -1, "
              "duration 0.000",
              "BTDBO(4) AGENT @ 1.000:   starting child 0 WALK/0xa5a75310",
              "BTDBO(4) AGENT @ 1.000:    visiting new kBehavior decider WALK/0xa5a75310, duration 0.000",
              "BTDBO(1) AGENT @ 1.000:    activating behavior WALK_B/0xd1f26fcd with flags 0x0, in decider WALK/0xa5a75310",
              "BTDBO(3) AGENT @ 1.000:    ticking behavior WALK_B/0xd1f26fcd @ 1.000000 (dt: 0.100000) with flags 0x0, duration 0.000",
              "BTDBO(4) AGENT @ 1.000: continuing child 1 INV/0xd6c39258, duration: 1.000000",
              "BTDBO(4) AGENT @ 1.000:  visiting current kGroup decider INV/0xd6c39258, kGroupDecorator, 1 children, active child 0, "
              "duration 1.000",
              "BTDBO(4) AGENT @ 1.000:  continuing child 0 LOOK/0xe4e08a96, duration: 1.000000",
              "BTDBO(4) AGENT @ 1.000:   visiting current kBehavior decider LOOK/0xe4e08a96, duration 1.000",
              "BTDBO(3) AGENT @ 1.000:   ticking behavior LOOK_B/0x8bce4e8b @ 1.000000 (dt: 0.100000) with flags 0x0, duration 1.000",
              "BTDBO(4) AGENT @ 1.000:  INV/0xd6c39258: child 0 LOOK/0xe4e08a96 failed",
              "BTDBO(2) AGENT @ 1.000:   deactivating behavior LOOK_B/0x8bce4e8b, in decider LOOK/0xe4e08a96 (failed)",
              "BTDBO(4) AGENT @ 1.000: ROOT/0x1e4ede85: child 1 INV/0xd6c39258 done",
              "BTDBO(4) AGENT @ 1.000: continuing child 2 COOL/0xed8ffafc, duration: 1.000000",
              "BTDBO(4) AGENT @ 1.000:  visiting current kGroup decider COOL/0xed8ffafc, kGroupCooldown, 1 children, active child 0, "
              "duration 1.000",
              "BTDBO(4) AGENT @ 1.000:  continuing child 0 SHOOT/0x5bdfd410, duration: 1.000000",
              "BTDBO(4) AGENT @ 1.000:   visiting current kBehavior decider SHOOT/0x5bdfd410, duration 1.000",
              "BTDBO(3) AGENT @ 1.000:   ticking behavior SHOOT_B/0x7e9958cd @ 1.000000 (dt: 0.100000) with flags 0x0, duration 1.000",
              "BTDBO(3) AGENT @ 1.000: current behavior WALK_B/0xd1f26fcd with flags 0x0, in decider WALK/0xa5a75310",
              "BTDBO(3) AGENT @ 1.000: current behavior SHOOT_B/0x7e9958cd with flags 0x0, in decider SHOOT/0x5bdfd410",
              "BTDBO(3) AGENT @ 1.000: **************** finished tree for AGENT, depth 4: ROOT/0x1e4ede85 Running in WALK/0xa5a75310 ****************"});
  // Levels 1 and 2: only the transitions, as for a Spore tree; the loop starts WALK again at once.
  CHECK(LinesAt(2, &s.agent, [&] { s.Tick2(); }) ==
        Lines{"BTDBO(2) AGENT @ 2.000:    deactivating behavior WALK_B/0xd1f26fcd, in decider WALK/0xa5a75310 (done)",
              "BTDBO(1) AGENT @ 2.000:    activating behavior WALK_B/0xd1f26fcd with flags 0x0, in decider WALK/0xa5a75310",
              "BTDBO(2) AGENT @ 2.000:   deactivating behavior SHOOT_B/0x7e9958cd, in decider SHOOT/0x5bdfd410 (failed)"});
}

TEST_CASE("A classic child that rejects is reported as failing, in the debug output and the why-record",
          "[debug-classic]") {
  using namespace debug_classic_tree;
  Script s;
  s.agent.decide["WALK"] = 0;
  s.agent.tick["STEP_B"] = bt::Result::Done;
  bt::WhyRecord why{};
  const Lines lines = LinesAt(4, &s.agent, [&] { test::Tick(ROOT, s.agent, s.memory, 0.0, 0, 0, {.why = &why}); });
  CHECK(Lines(lines.begin() + 9, lines.begin() + 16) ==
        Lines{"BTDBO(4) AGENT @ 0.000:  SEQ/0x4c01879c: child 0 STEP/0xc4977d4f done",
              "BTDBO(2) AGENT @ 0.000:   deactivating behavior STEP_B/0x6fdc5376, in decider STEP/0xc4977d4f (done)",
              "BTDBO(4) AGENT @ 0.000:  starting child 1 LOOP/0xdbe07c6b",
              "BTDBO(4) AGENT @ 0.000:   visiting new kGroup decider LOOP/0xdbe07c6b, kGroupLoop, 1 children, active child -1, "
              "duration 0.000",
              "BTDBO(4) AGENT @ 0.000:   LOOP/0xdbe07c6b: child 0 WALK/0xa5a75310 rejects: it fails",
              "BTDBO(4) AGENT @ 0.000:  SEQ/0x4c01879c: child 1 LOOP/0xdbe07c6b failed",
              "BTDBO(4) AGENT @ 0.000: ROOT/0x1e4ede85: child 0 SEQ/0x4c01879c failed"});
  CHECK(Why(why) ==
        "why @ 0.000, ROOT: Running in LOOK\n"
        "  ROOT: no Decide, accepts\n"
        "  ROOT (Parallel): activated\n"
        "    child 0 SEQ: no Decide, accepts\n"
        "  ROOT starts child 0 SEQ\n"
        "    SEQ (Sequence): activated\n"
        "      child 0 STEP: no Decide, accepts\n"
        "    SEQ starts child 0 STEP\n"
        "    SEQ: child 0 STEP done\n"
        "      child 1 LOOP: no Decide, accepts\n"
        "    SEQ starts child 1 LOOP\n"
        "      LOOP (Loop): activated\n"
        "        child 0 WALK: Decide 0, rejects\n"
        "      LOOP: child 0 WALK rejects: it fails\n"
        "    SEQ: child 1 LOOP failed\n"
        "  ROOT: child 0 SEQ failed\n"
        "    child 1 INV: no Decide, accepts\n"
        "  ROOT starts child 1 INV\n"
        "    INV (Decorator): activated\n"
        "      child 0 LOOK: no Decide, accepts\n"
        "    INV starts child 0 LOOK\n"
        "    child 2 COOL: no Decide, accepts\n"
        "  ROOT starts child 2 COOL\n"
        "    COOL (Cooldown): activated\n"
        "      child 0 SHOOT: no Decide, accepts\n"
        "    COOL starts child 0 SHOOT\n"
        "last transitions (1 of 1):\n"
        "  @ 0.000 ROOT started\n");
}

TEST_CASE("The why-record explains a classic tick: active children, continued, ended, started", "[debug-classic]") {
  using namespace debug_classic_tree;
  Script s;
  s.Tick0();
  bt::WhyRecord why{};
  s.Tick1({.why = &why});
  CHECK(Why(why) ==
        "why @ 1.000, ROOT: Running in WALK\n"
        "  ROOT (Parallel): active children 0 SEQ, 1 INV, 2 COOL\n"
        "  ROOT continues child 0 SEQ\n"
        "    SEQ (Sequence): active child 0 STEP\n"
        "    SEQ continues child 0 STEP\n"
        "    SEQ: child 0 STEP done\n"
        "      child 1 LOOP: no Decide, accepts\n"
        "    SEQ starts child 1 LOOP\n"
        "      LOOP (Loop): activated\n"
        "        child 0 WALK: Decide 1, accepts\n"
        "      LOOP starts child 0 WALK\n"
        "  ROOT continues child 1 INV\n"
        "    INV (Decorator): active child 0 LOOK\n"
        "    INV continues child 0 LOOK\n"
        "    INV: child 0 LOOK failed\n"
        "  ROOT: child 1 INV done\n"
        "  ROOT continues child 2 COOL\n"
        "    COOL (Cooldown): active child 0 SHOOT\n"
        "    COOL continues child 0 SHOOT\n");
  // Every running branch's end, where ActiveNodeId names the last one.
  std::uint32_t ids[4] = {};
  CHECK(bt::ActiveNodeIds(ROOT, s.memory.Span(), ids) == 2);
  CHECK(ids[0] == bt::NameId("WALK"));
  CHECK(ids[1] == bt::NameId("SHOOT"));
  CHECK(bt::ActiveNodeIds(ROOT, s.memory.Span(), {}) == 2);
  CHECK(bt::ActiveNodeId(ROOT, s.memory.Span()) == bt::NameId("SHOOT"));
  CHECK(bt::ActiveBehaviorDecider(ROOT, s.memory.Span()) == &SHOOT);
  // A loop between two runs of its child is the end of its branch.
  s.Tick2();
  s.agent.tick["WALK_B"] = bt::Result::Done;
  CHECK(bt::ActiveNodeIds(ROOT, s.memory.Span(), ids) == 1);
  CHECK(ids[0] == bt::NameId("WALK"));
  CHECK(bt::ActiveNodeIds(ROOT, Memory{}.Span(), ids) == 0);
}

TEST_CASE("The DOT picture draws classic kinds apart and highlights every active child", "[debug-classic]") {
  using namespace debug_classic_tree;
  Script s;
  s.Tick0();
  const std::string head =
      "digraph \"ROOT\" {\n"
      "  rankdir=LR;\n"
      "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#ffffff\", fontname=\"Helvetica\", fontsize=11];\n"
      "  edge [fontname=\"Helvetica\", fontsize=9, color=\"#666666\"];\n";
  const std::string on = ", fillcolor=\"#ffd966\", color=\"#b45f06\", penwidth=2";
  const std::string bold = ", color=\"#b45f06\", penwidth=2.5";
  CHECK(Dot(ROOT, s.memory) ==
        head + "  \"ROOT\" [label=\"ROOT\\nParallel\\ndone when all, failed when all\", style=\"filled\"" + on +
            "];\n"
            "  \"ROOT\" -> \"SEQ\" [label=\"0\"" + bold + "];\n"
            "  \"ROOT\" -> \"INV\" [label=\"1\"" + bold + "];\n"
            "  \"ROOT\" -> \"COOL\" [label=\"2\"" + bold + "];\n"
            "  \"SEQ\" [label=\"SEQ\\nSequence\", style=\"filled\"" + on + "];\n"
            "  \"SEQ\" -> \"STEP\" [label=\"0\"" + bold + "];\n"
            "  \"SEQ\" -> \"LOOP\" [label=\"1\"];\n"
            "  \"STEP\" [label=\"STEP\\n[STEP_B]\", shape=ellipse" + on + "];\n"
            "  \"LOOP\" [label=\"LOOP\\nLoop\\ncount 3\", shape=hexagon];\n"
            "  \"LOOP\" -> \"WALK\" [label=\"0\"];\n"
            "  \"WALK\" [label=\"WALK\\n[WALK_B]\", shape=ellipse];\n"
            "  \"INV\" [label=\"INV\\nDecorator\\nresults: done->failed failed->done\", shape=hexagon" + on + "];\n"
            "  \"INV\" -> \"LOOK\" [label=\"0\"" + bold + "];\n"
            "  \"LOOK\" [label=\"LOOK\\n[LOOK_B]\", shape=ellipse" + on + "];\n"
            "  \"COOL\" [label=\"COOL\\nCooldown\\ncooldown 2.00 s\", shape=hexagon" + on + "];\n"
            "  \"COOL\" -> \"SHOOT\" [label=\"0\"" + bold + "];\n"
            "  \"SHOOT\" [label=\"SHOOT\\n[SHOOT_B]\", shape=ellipse" + on + "];\n"
            "}\n");
  // After tick 1, INV is done: neither it nor its edge is highlighted any more.
  s.Tick1();
  const std::string dot = Dot(ROOT, s.memory);
  CHECK(dot.find("  \"ROOT\" -> \"INV\" [label=\"1\"];\n") != std::string::npos);
  CHECK(dot.find("  \"ROOT\" -> \"COOL\" [label=\"2\"" + bold + "];\n") != std::string::npos);
  CHECK(dot.find("  \"SEQ\" -> \"LOOP\" [label=\"1\"" + bold + "];\n") != std::string::npos);
  CHECK(dot.find("  \"INV\" [label=\"INV\\nDecorator\\nresults: done->failed failed->done\", shape=hexagon];\n") !=
        std::string::npos);
}

// Where tests/tools/gdb_printers_test.sh stops, after tick 1 (children 0 and 2 of the
// Parallel active, each at its own base), to read the block and the tick's
// why-record with tools/gdb/bt_printers.py and compare them with `text` and `whyText`.
extern "C" [[gnu::noinline]] void DebugClassicGdbStop(const bt::DeciderDef* root, std::span<const std::byte> memory,
                                                    const char* text, const bt::WhyRecord* why, const char* whyText) {
  asm volatile("" : : "r"(root), "r"(memory.data()), "r"(text), "r"(why), "r"(whyText) : "memory");
}

TEST_CASE("gdb reads the classic tree (tests/tools/gdb_printers_test.sh)", "[.gdbclassic]") {
  using namespace debug_classic_tree;
  Script s;
  s.Tick0();
  bt::WhyRecord why{};
  s.Tick1({.why = &why});
  // bt-path counts "time" to the block's last tick.
  char text[4096];
  bt::DebugPrintState(ROOT, s.memory.Span(), 1.0, text);
  char whyText[4096];
  bt::FormatWhy(why, whyText);
  DebugClassicGdbStop(&ROOT, s.memory.Span(), text, &why, whyText);
}
