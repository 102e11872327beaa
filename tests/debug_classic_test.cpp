// tests/debug_classic_test.cpp — every debugging view on a tree of classic kinds
// (bt/classic.h): DebugPrintState, the debug output lines, the DOT picture and the
// why-record, as exact text, on one small tree mixing a Parallel, a Sequence, a
// Loop, a Decorator and a Cooldown. (The gdb printers read the same tree:
// DebugClassicGdbStop, tests/gdb_printers_test.sh.)
#include <catch2/catch.hpp>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "trace_agent.h"

// The tree, as a loader would write it (the classic configuration is plain data):
//   ROOT  Parallel, failed only when all fail
//     0 SEQ   Sequence: STEP, then LOOP
//               0 STEP
//               1 LOOP  Loop, 3 times: WALK
//     1 INV   Decorator, inverts: LOOK
//     2 COOL  Cooldown 2 s: SHOOT
namespace debug_classic_tree {
TEST_TRACE_BEHAVIOR(STEP_B);
TEST_TRACE_BEHAVIOR(WALK_B);
TEST_TRACE_BEHAVIOR(LOOK_B);
TEST_TRACE_BEHAVIOR(SHOOT_B);
BT_DEFINE_DECIDER_BEHAVIOR(STEP, STEP_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(WALK, WALK_B, nullptr);
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

}  // namespace

static void Hook(const bt::DebugLine& line, void*) { std::printf("%s\n", line.text); }
TEST_CASE("explore", "[debug-classic-x]") {
  bt::SetDebugOutput({5, nullptr, &Hook, nullptr});
  using namespace debug_classic_tree;
  REQUIRE(bt::MemoryBytesFor(ROOT) <= sizeof(Memory));
  test::TraceAgent agent;
  Memory memory{};
  auto t0 = test::Tick(ROOT, agent, memory, 0.0);
  std::printf("status %s\n", bt::StatusName(t0.result.status));
  for (auto& e : t0.events) std::printf("  %s\n", e.c_str());
  std::printf("%s", Print(ROOT, memory, 0.5).c_str());
  agent.tick["STEP_B"] = bt::Result::Done;
  agent.tick["WALK_B"] = bt::Result::Done;
  agent.tick["SHOOT_B"] = bt::Result::Failed;
  agent.tick["LOOK_B"] = bt::Result::Failed;
  auto t1 = test::Tick(ROOT, agent, memory, 1.0);
  std::printf("status %s\n", bt::StatusName(t1.result.status));
  for (auto& e : t1.events) std::printf("  %s\n", e.c_str());
  std::printf("%s", Print(ROOT, memory, 1.5, true).c_str());
  agent.tick["WALK_B"] = bt::Result::Running;
  auto t2 = test::Tick(ROOT, agent, memory, 2.0);
  for (auto& e : t2.events) std::printf("  %s\n", e.c_str());
  std::printf("%s", Print(ROOT, memory, 2.5).c_str());
}
