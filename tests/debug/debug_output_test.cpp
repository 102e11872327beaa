// tests/debug/debug_output_test.cpp — the lines the tick reports at each debug output
// level for a scripted run of the Figure 1 tree, the agent filter, the output
// hook and the default spdlog logger "bt".
#include "bt/core/debug_output.h"

#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/figure1_tree.h"

namespace {

// Collects lines with the agent's address replaced by a name, so expectations are exact text.
struct Capture {
  std::vector<std::string> lines;
  std::vector<std::pair<const void*, std::string>> agents;  // address, name

  static void Hook(const bt::DebugLine& line, void* user) {
    auto& self = *static_cast<Capture*>(user);
    std::string text = line.text;
    for (const auto& [agent, name] : self.agents) {
      char address[32];
      std::snprintf(address, sizeof address, "%p", agent);
      for (auto at = text.find(address); at != std::string::npos; at = text.find(address))
        text.replace(at, std::strlen(address), name);
    }
    self.lines.push_back(text);
  }

  std::vector<std::string> Take() {
    std::vector<std::string> taken;
    taken.swap(lines);
    return taken;
  }
};

// Restores the settings of the process after each test.
struct ScopedDebugOutput {
  bt::DebugOutputSettings saved = bt::GetDebugOutput();
  ScopedDebugOutput(int level, Capture* capture, const void* agent = nullptr) {
    bt::SetDebugOutput({level, agent, capture ? &Capture::Hook : nullptr, capture});
  }
  ~ScopedDebugOutput() { bt::SetDebugOutput(saved); }
};

using Lines = std::vector<std::string>;

// The script: idle at 0; EAT interrupts at 1; FIND_FOOD is done at 2 and EAT_FOOD takes over.
std::vector<Lines> RunScript(int level) {
  using namespace figure1;
  test::TraceAgent agent;
  Memory memory{};
  Capture capture;
  capture.agents = {{&agent, "AGENT"}};
  ScopedDebugOutput output(level, &capture);
  std::vector<Lines> ticks;
  test::Tick(ROOT, agent, memory, 0.0);
  ticks.push_back(capture.Take());
  agent.decide["EAT"] = 1;
  agent.decide["FIND_FOOD"] = 1;
  test::Tick(ROOT, agent, memory, 1.0);
  ticks.push_back(capture.Take());
  agent.tick["FIND_FOOD_B"] = bt::Result::Done;
  agent.decide["EAT_FOOD"] = 1;
  test::Tick(ROOT, agent, memory, 2.5);
  ticks.push_back(capture.Take());
  return ticks;
}

}  // namespace

TEST_CASE("Debug output level 0 reports nothing", "[debug][debug_output]") {
  CHECK(RunScript(0) == std::vector<Lines>{{}, {}, {}});
}

TEST_CASE("Debug output level 1 reports behavior activations", "[debug][debug_output]") {
  CHECK(RunScript(1) ==
        std::vector<Lines>{
            {"BTDBO(1) AGENT @ 0.000:   activating behavior REST_B/0x2299026e with flags 0x0, in decider REST/0x280f7297"},
            {"BTDBO(1) AGENT @ 1.000:   activating behavior FIND_FOOD_B/0xf194504e with flags 0x0, in decider FIND_FOOD/0x2be3d5f7"},
            {"BTDBO(1) AGENT @ 2.500:   activating behavior EAT_FOOD_B/0xce1eebc3 with flags 0x0, in decider EAT_FOOD/0xe48e671e"},
        });
}

TEST_CASE("Debug output level 2 adds deactivations and interruptions", "[debug][debug_output]") {
  CHECK(RunScript(2) ==
        std::vector<Lines>{
            {"BTDBO(1) AGENT @ 0.000:   activating behavior REST_B/0x2299026e with flags 0x0, in decider REST/0x280f7297"},
            {
                "BTDBO(2) AGENT @ 1.000: EAT/0xb1234185 interrupts IDLE/0xc0f30393",
                "BTDBO(2) AGENT @ 1.000:   deactivating behavior REST_B/0x2299026e, in decider REST/0x280f7297 (interrupted)",
                "BTDBO(1) AGENT @ 1.000:   activating behavior FIND_FOOD_B/0xf194504e with flags 0x0, in decider FIND_FOOD/0x2be3d5f7",
            },
            {
                "BTDBO(2) AGENT @ 2.500:   deactivating behavior FIND_FOOD_B/0xf194504e, in decider FIND_FOOD/0x2be3d5f7 (done)",
                "BTDBO(1) AGENT @ 2.500:   activating behavior EAT_FOOD_B/0xce1eebc3 with flags 0x0, in decider EAT_FOOD/0xe48e671e",
            },
        });
}

TEST_CASE("Debug output level 3 reports every tick: the tree and its behavior ticks", "[debug][debug_output]") {
  const std::vector<Lines> ticks = RunScript(3);
  REQUIRE(ticks.size() == 3);
  CHECK(ticks[0] ==
        Lines{
            "BTDBO(3) AGENT @ 0.000: **************** starting tree ROOT/0x1e4ede85 for AGENT ****************",
            "BTDBO(3) AGENT @ 0.000: dt: 0.100000, DecisionFlags: 0x00000000, StimuliAllFlags: 0x00000000",
            "BTDBO(1) AGENT @ 0.000:   activating behavior REST_B/0x2299026e with flags 0x0, in decider REST/0x280f7297",
            "BTDBO(3) AGENT @ 0.000:   ticking behavior REST_B/0x2299026e @ 0.000000 (dt: 0.100000) with flags 0x0, duration 0.000",
            "BTDBO(3) AGENT @ 0.000: current behavior REST_B/0x2299026e with flags 0x0, in decider REST/0x280f7297",
            "BTDBO(3) AGENT @ 0.000: **************** finished tree for AGENT, depth 3: ROOT/0x1e4ede85 Running in REST/0x280f7297 ****************",
        });
  // A tick without a transition still reports the tree and the behavior it ticks.
  CHECK(
      ticks[2] ==
      Lines{
          "BTDBO(3) AGENT @ 2.500: **************** starting tree ROOT/0x1e4ede85 for AGENT ****************",
          "BTDBO(3) AGENT @ 2.500: dt: 0.100000, DecisionFlags: 0x00000000, StimuliAllFlags: 0x00000000",
          "BTDBO(3) AGENT @ 2.500:   ticking behavior FIND_FOOD_B/0xf194504e @ 2.500000 (dt: 0.100000) with flags 0x0, duration 1.500",
          "BTDBO(2) AGENT @ 2.500:   deactivating behavior FIND_FOOD_B/0xf194504e, in decider FIND_FOOD/0x2be3d5f7 (done)",
          "BTDBO(1) AGENT @ 2.500:   activating behavior EAT_FOOD_B/0xce1eebc3 with flags 0x0, in decider EAT_FOOD/0xe48e671e",
          "BTDBO(3) AGENT @ 2.500:   ticking behavior EAT_FOOD_B/0xce1eebc3 @ 2.500000 (dt: 0.100000) with flags 0x0, duration 0.000",
          "BTDBO(3) AGENT @ 2.500: current behavior EAT_FOOD_B/0xce1eebc3 with flags 0x0, in decider EAT_FOOD/0xe48e671e",
          "BTDBO(3) AGENT @ 2.500: **************** finished tree for AGENT, depth 3: ROOT/0x1e4ede85 Running in EAT_FOOD/0xe48e671e ****************",
      });
}

TEST_CASE("Debug output level 5 reports every precondition, Decide and choice", "[debug][debug_output]") {
  const std::vector<Lines> level5 = {
      {
          "BTDBO(3) AGENT @ 0.000: **************** starting tree ROOT/0x1e4ede85 for AGENT ****************",
          "BTDBO(3) AGENT @ 0.000: dt: 0.100000, DecisionFlags: 0x00000000, StimuliAllFlags: 0x00000000",
          "BTDBO(5) AGENT @ 0.000: decider ROOT/0x1e4ede85...has no preconditions...no Decide, accepts with 1.000000",
          "BTDBO(5) AGENT @ 0.000: processing decider ROOT/0x1e4ede85, flags: 0x0, new: 1, mask: 0x00000000, redecide: 0, block id: 0x1e4ede85",
          "BTDBO(4) AGENT @ 0.000: visiting new kGroup decider ROOT/0x1e4ede85, kGroupPrioritizedList, 5 children, active child -1, "
          "duration 0.000",
          "BTDBO(5) AGENT @ 0.000:  child 0 (FLEE/0xddd18501)...has no preconditions...Decide returned 0.000000",
          "BTDBO(5) AGENT @ 0.000:  child 1 (GUARD/0xd39d320e)...has no preconditions...Decide returned 0.000000",
          "BTDBO(5) AGENT @ 0.000:  child 2 (FIGHT/0x8fc60c69)...has no preconditions...Decide returned 0.000000",
          "BTDBO(5) AGENT @ 0.000:  child 3 (EAT/0xb1234185)...has no preconditions...Decide returned 0.000000",
          "BTDBO(5) AGENT @ 0.000:  child 4 (IDLE/0xc0f30393)...has no preconditions...no Decide, accepts with 1.000000",
          "BTDBO(5) AGENT @ 0.000: ChildrenDecide returned with RunIdx 4, ShuffleIdx -1",
          "BTDBO(5) AGENT @ 0.000: ROOT/0x1e4ede85 chose child 4 IDLE/0xc0f30393",
          "BTDBO(5) AGENT @ 0.000:  processing decider IDLE/0xc0f30393, flags: 0x0, new: 1, mask: 0x00000000, redecide: 0, block id: 0xc0f30393",
          "BTDBO(4) AGENT @ 0.000:  visiting new kGroup decider IDLE/0xc0f30393, kGroupPrioritizedList, 2 children, active child -1, "
          "duration 0.000",
          "BTDBO(5) AGENT @ 0.000:   child 0 (PLAY/0xac85eb63)...has no preconditions...Decide returned 0.000000",
          "BTDBO(5) AGENT @ 0.000:   child 1 (REST/0x280f7297)...has no preconditions...no Decide, accepts with 1.000000",
          "BTDBO(5) AGENT @ 0.000:  ChildrenDecide returned with RunIdx 1, ShuffleIdx -1",
          "BTDBO(5) AGENT @ 0.000:  IDLE/0xc0f30393 chose child 1 REST/0x280f7297",
          "BTDBO(5) AGENT @ 0.000:   processing decider REST/0x280f7297, flags: 0x0, new: 1, mask: 0x00000000, redecide: 0, block id: 0x280f7297",
          "BTDBO(4) AGENT @ 0.000:   visiting new kBehavior decider REST/0x280f7297, duration 0.000",
          "BTDBO(1) AGENT @ 0.000:   activating behavior REST_B/0x2299026e with flags 0x0, in decider REST/0x280f7297",
          "BTDBO(3) AGENT @ 0.000:   ticking behavior REST_B/0x2299026e @ 0.000000 (dt: 0.100000) with flags 0x0, duration 0.000",
          "BTDBO(3) AGENT @ 0.000: current behavior REST_B/0x2299026e with flags 0x0, in decider REST/0x280f7297",
          "BTDBO(3) AGENT @ 0.000: **************** finished tree for AGENT, depth 3: ROOT/0x1e4ede85 Running in REST/0x280f7297 ****************",
      },
      {
          "BTDBO(3) AGENT @ 1.000: **************** starting tree ROOT/0x1e4ede85 for AGENT ****************",
          "BTDBO(3) AGENT @ 1.000: dt: 0.100000, DecisionFlags: 0x00000000, StimuliAllFlags: 0x00000000",
          "BTDBO(5) AGENT @ 1.000: processing decider ROOT/0x1e4ede85, flags: 0x0, new: 0, mask: 0x00000000, redecide: 0, block id: 0x1e4ede85",
          "BTDBO(4) AGENT @ 1.000: visiting current kGroup decider ROOT/0x1e4ede85, kGroupPrioritizedList, 5 children, active child 4, "
          "duration 1.000",
          "BTDBO(5) AGENT @ 1.000:  child 0 (FLEE/0xddd18501)...has no preconditions...Decide returned 0.000000",
          "BTDBO(5) AGENT @ 1.000:  child 1 (GUARD/0xd39d320e)...has no preconditions...Decide returned 0.000000",
          "BTDBO(5) AGENT @ 1.000:  child 2 (FIGHT/0x8fc60c69)...has no preconditions...Decide returned 0.000000",
          "BTDBO(5) AGENT @ 1.000:  child 3 (EAT/0xb1234185)...has no preconditions...Decide returned 1.000000",
          "BTDBO(5) AGENT @ 1.000: ChildrenDecide returned with RunIdx 3, ShuffleIdx -1",
          "BTDBO(2) AGENT @ 1.000: EAT/0xb1234185 interrupts IDLE/0xc0f30393",
          "BTDBO(2) AGENT @ 1.000:   deactivating behavior REST_B/0x2299026e, in decider REST/0x280f7297 (interrupted)",
          "BTDBO(5) AGENT @ 1.000:  processing decider EAT/0xb1234185, flags: 0x1, new: 1, mask: 0x00000000, redecide: 0, block id: 0xb1234185",
          "BTDBO(4) AGENT @ 1.000:  visiting new kGroup decider EAT/0xb1234185, kGroupPrioritizedList, 2 children, active child -1, "
          "duration 0.000",
          "BTDBO(5) AGENT @ 1.000:   child 0 (FIND_FOOD/0x2be3d5f7)...has no preconditions...Decide returned 1.000000",
          "BTDBO(5) AGENT @ 1.000:  ChildrenDecide returned with RunIdx 0, ShuffleIdx -1",
          "BTDBO(5) AGENT @ 1.000:  EAT/0xb1234185 chose child 0 FIND_FOOD/0x2be3d5f7",
          "BTDBO(5) AGENT @ 1.000:   processing decider FIND_FOOD/0x2be3d5f7, flags: 0x0, new: 1, mask: 0x00000000, redecide: 0, block id: 0x2be3d5f7",
          "BTDBO(4) AGENT @ 1.000:   visiting new kBehavior decider FIND_FOOD/0x2be3d5f7, duration 0.000",
          "BTDBO(1) AGENT @ 1.000:   activating behavior FIND_FOOD_B/0xf194504e with flags 0x0, in decider FIND_FOOD/0x2be3d5f7",
          "BTDBO(3) AGENT @ 1.000:   ticking behavior FIND_FOOD_B/0xf194504e @ 1.000000 (dt: 0.100000) with flags 0x0, duration 0.000",
          "BTDBO(3) AGENT @ 1.000: current behavior FIND_FOOD_B/0xf194504e with flags 0x0, in decider FIND_FOOD/0x2be3d5f7",
          "BTDBO(3) AGENT @ 1.000: **************** finished tree for AGENT, depth 3: ROOT/0x1e4ede85 Running in FIND_FOOD/0x2be3d5f7 ****************",
      },
      {
          "BTDBO(3) AGENT @ 2.500: **************** starting tree ROOT/0x1e4ede85 for AGENT ****************",
          "BTDBO(3) AGENT @ 2.500: dt: 0.100000, DecisionFlags: 0x00000000, StimuliAllFlags: 0x00000000",
          "BTDBO(5) AGENT @ 2.500: processing decider ROOT/0x1e4ede85, flags: 0x0, new: 0, mask: 0x00000000, redecide: 0, block id: 0x1e4ede85",
          "BTDBO(4) AGENT @ 2.500: visiting current kGroup decider ROOT/0x1e4ede85, kGroupPrioritizedList, 5 children, active child 3, "
          "duration 2.500",
          "BTDBO(5) AGENT @ 2.500:  child 0 (FLEE/0xddd18501)...has no preconditions...Decide returned 0.000000",
          "BTDBO(5) AGENT @ 2.500:  child 1 (GUARD/0xd39d320e)...has no preconditions...Decide returned 0.000000",
          "BTDBO(5) AGENT @ 2.500:  child 2 (FIGHT/0x8fc60c69)...has no preconditions...Decide returned 0.000000",
          "BTDBO(5) AGENT @ 2.500: ChildrenDecide returned with RunIdx -1, ShuffleIdx -1",
          "BTDBO(4) AGENT @ 2.500: continuing child 3 EAT/0xb1234185, duration: 2.500000",
          "BTDBO(5) AGENT @ 2.500: next_decider_push EAT/0xb1234185",
          "BTDBO(5) AGENT @ 2.500:  processing decider EAT/0xb1234185, flags: 0x1, new: 0, mask: 0x00000000, redecide: 0, block id: 0xb1234185",
          "BTDBO(4) AGENT @ 2.500:  visiting current kGroup decider EAT/0xb1234185, kGroupPrioritizedList, 2 children, active child 0, "
          "duration 1.500",
          "BTDBO(4) AGENT @ 2.500:  continuing child 0 FIND_FOOD/0x2be3d5f7, duration: 1.500000",
          "BTDBO(5) AGENT @ 2.500:  next_decider_push FIND_FOOD/0x2be3d5f7",
          "BTDBO(5) AGENT @ 2.500:   processing decider FIND_FOOD/0x2be3d5f7, flags: 0x0, new: 0, mask: 0x00000000, redecide: 0, block id: 0x2be3d5f7",
          "BTDBO(4) AGENT @ 2.500:   visiting current kBehavior decider FIND_FOOD/0x2be3d5f7, duration 1.500",
          "BTDBO(3) AGENT @ 2.500:   ticking behavior FIND_FOOD_B/0xf194504e @ 2.500000 (dt: 0.100000) with flags 0x0, duration 1.500",
          "BTDBO(4) AGENT @ 2.500:  child 0 FIND_FOOD/0x2be3d5f7 returned Done: EAT/0xb1234185 redecides without it",
          "BTDBO(5) AGENT @ 2.500:  processing decider EAT/0xb1234185, flags: 0x1, new: 0, mask: 0x00000001, redecide: 1, block id: 0xb1234185",
          "BTDBO(5) AGENT @ 2.500:  child 3 (EAT/0xb1234185)...has no preconditions...Decide returned 1.000000",
          "BTDBO(5) AGENT @ 2.500:   child 1 (EAT_FOOD/0xe48e671e)...has no preconditions...Decide returned 1.000000",
          "BTDBO(5) AGENT @ 2.500:  ChildrenDecide returned with RunIdx 1, ShuffleIdx -1",
          "BTDBO(5) AGENT @ 2.500:  EAT/0xb1234185 chose child 1 EAT_FOOD/0xe48e671e",
          "BTDBO(2) AGENT @ 2.500:   deactivating behavior FIND_FOOD_B/0xf194504e, in decider FIND_FOOD/0x2be3d5f7 (done)",
          "BTDBO(5) AGENT @ 2.500:   processing decider EAT_FOOD/0xe48e671e, flags: 0x0, new: 1, mask: 0x00000000, redecide: 0, block id: 0xe48e671e",
          "BTDBO(4) AGENT @ 2.500:   visiting new kBehavior decider EAT_FOOD/0xe48e671e, duration 0.000",
          "BTDBO(1) AGENT @ 2.500:   activating behavior EAT_FOOD_B/0xce1eebc3 with flags 0x0, in decider EAT_FOOD/0xe48e671e",
          "BTDBO(3) AGENT @ 2.500:   ticking behavior EAT_FOOD_B/0xce1eebc3 @ 2.500000 (dt: 0.100000) with flags 0x0, duration 0.000",
          "BTDBO(3) AGENT @ 2.500: current behavior EAT_FOOD_B/0xce1eebc3 with flags 0x0, in decider EAT_FOOD/0xe48e671e",
          "BTDBO(3) AGENT @ 2.500: **************** finished tree for AGENT, depth 3: ROOT/0x1e4ede85 Running in EAT_FOOD/0xe48e671e ****************",
      },

  };
  CHECK(RunScript(5) == level5);

  SECTION("level 4 is level 5 without the Decide results: visiting, continuing, redecides") {
    std::vector<Lines> level4 = level5;
    for (Lines& tick : level4)
      std::erase_if(tick, [](const std::string& line) { return line.starts_with("BTDBO(5)"); });
    CHECK(RunScript(4) == level4);
    CHECK(level4[2][4] ==
          "BTDBO(4) AGENT @ 2.500:  visiting current kGroup decider EAT/0xb1234185, kGroupPrioritizedList, 2 children, "
          "active child 0, duration 1.500");
  }
}

// Spore S11's level 5 lines of preconditions: a tree shaped after its example
// (DIE fails its DecisionFlags check, a helper passes its StimuliFlags check).
namespace s11_tree {
using test::TraceDecide;
constexpr std::uint32_t kDying = 1, kHelpCalled = 2;
TEST_TRACE_BEHAVIOR(WALK_B);
TEST_TRACE_BEHAVIOR(OTHER_B);
BT_DECLARE_DECIDER(DIE);
BT_DECLARE_DECIDER(HELP);
BT_DECLARE_DECIDER(FIGHT);
BT_DECLARE_DECIDER(RESTED);
BT_DECLARE_DECIDER(DELEGATE);
BT_DECLARE_DECIDER(NEVER);
BT_DECLARE_DECIDER(WALK);
BT_DEFINE_DECIDER_GROUP(ROOT, PrioritizedList, nullptr, DIE, HELP, FIGHT, RESTED, DELEGATE, WALK);
BT_DEFINE_DECIDER_BEHAVIOR__PRE(DIE, OTHER_B, TraceDecide, bt::Preconditions{}.DecisionAllSet(kDying));
BT_DEFINE_DECIDER_BEHAVIOR__PRE(HELP, OTHER_B, TraceDecide, bt::Preconditions{}.StimuliAnySet(kHelpCalled));
BT_DEFINE_DECIDER_BEHAVIOR(FIGHT, OTHER_B, TraceDecide);
BT_DEFINE_DECIDER_BEHAVIOR__PRE(RESTED, OTHER_B, TraceDecide, bt::Preconditions{}.DecisionAllClear(kDying).Every(4));
// Asks its child while ROOT chooses: the child has no group on the active path yet.
BT_DEFINE_DECIDER_GROUP__FLAGS(DELEGATE, PrioritizedList, bt::kDelegateDecideToChildren, nullptr, NEVER);
BT_DEFINE_DECIDER_BEHAVIOR(NEVER, OTHER_B, TraceDecide);
BT_DEFINE_DECIDER_BEHAVIOR(WALK, WALK_B, nullptr);
}  // namespace s11_tree

TEST_CASE("Debug output level 5 reports each child's preconditions and Decide on one line, as Spore S11",
          "[debug][debug_output]") {
  using namespace s11_tree;
  test::TraceAgent agent;
  bt::MemoryFor<ROOT> memory{};
  Capture capture;
  capture.agents = {{&agent, "AGENT"}};
  ScopedDebugOutput output(5, &capture);
  const auto evaluations = [&] {
    Lines lines;
    for (const std::string& line : capture.Take())
      if (line.find("...") != std::string::npos) lines.push_back(line);
    return lines;
  };
  const test::Ticked first = test::Tick(ROOT, agent, memory, 0.0, 0, kHelpCalled);
  CHECK(first.events == test::Events{"decide HELP", "decide FIGHT", "decide RESTED", "decide NEVER", "activate WALK_B",
                                     "tick WALK_B"});
  CHECK(evaluations() ==
        Lines{
            "BTDBO(5) AGENT @ 0.000: decider ROOT/0x1e4ede85...has no preconditions...no Decide, accepts with 1.000000",
            "BTDBO(5) AGENT @ 0.000:  child 0 (DIE/0x5d19aaf1)...failed DecisionFlags check",
            "BTDBO(5) AGENT @ 0.000:  child 1 (HELP/0x3662d7fa)...passed StimuliFlags check...Decide returned 0.000000",
            "BTDBO(5) AGENT @ 0.000:  child 2 (FIGHT/0x8fc60c69)...has no preconditions...Decide returned 0.000000",
            "BTDBO(5) AGENT @ 0.000:  child 3 (RESTED/0x18b28a96)...passed DecisionFlags check...passed timer "
            "check...Decide returned 0.000000",
            "BTDBO(5) AGENT @ 0.000:   decider NEVER/0xb050fb69...has no preconditions...Decide returned 0.000000",
            "BTDBO(5) AGENT @ 0.000:  child 4 (DELEGATE/0xcb69a2ea)...has no preconditions...no Decide, accepts with "
            "0.000000",
            "BTDBO(5) AGENT @ 0.000:  child 5 (WALK/0xa5a75310)...has no preconditions...no Decide, accepts with 1.000000",
        });
  // RESTED's timer runs from its Decide at 0: at 1 its check fails, and no Decide is called.
  const test::Ticked second = test::Tick(ROOT, agent, memory, 1.0);
  CHECK(second.events == test::Events{"decide FIGHT", "decide NEVER", "tick WALK_B"});
  CHECK(evaluations() ==
        Lines{
            "BTDBO(5) AGENT @ 1.000:  child 0 (DIE/0x5d19aaf1)...failed DecisionFlags check",
            "BTDBO(5) AGENT @ 1.000:  child 1 (HELP/0x3662d7fa)...failed StimuliFlags check",
            "BTDBO(5) AGENT @ 1.000:  child 2 (FIGHT/0x8fc60c69)...has no preconditions...Decide returned 0.000000",
            "BTDBO(5) AGENT @ 1.000:  child 3 (RESTED/0x18b28a96)...passed DecisionFlags check...failed timer check",
            "BTDBO(5) AGENT @ 1.000:   decider NEVER/0xb050fb69...has no preconditions...Decide returned 0.000000",
            "BTDBO(5) AGENT @ 1.000:  child 4 (DELEGATE/0xcb69a2ea)...has no preconditions...no Decide, accepts with "
            "0.000000",
        });
}

namespace group_behavior_tree {
TEST_TRACE_BEHAVIOR(GUARD_B);
TEST_TRACE_BEHAVIOR(PATROL_B);
BT_DECLARE_DECIDER(PATROL);
BT_DEFINE_GROUP(GUARD, PrioritizedList, BT_CHILDREN(PATROL), BT_GROUP_BEHAVIOR(GUARD_B));
BT_DEFINE_DECIDER(PATROL, PATROL_B);
}  // namespace group_behavior_tree

// S11's level-5 trace of GUARD_NEST_GROUP, which has a group behavior, shows no
// line for its tick: only a behavior decider's Tick is "ticking behavior". Its
// activation is a transition, reported as any other.
TEST_CASE("Debug output reports a group behavior's activation but not its ticks", "[debug][debug_output]") {
  using namespace group_behavior_tree;
  test::TraceAgent agent;
  bt::MemoryFor<GUARD> memory{};
  Capture capture;
  capture.agents = {{&agent, "AGENT"}};
  ScopedDebugOutput output(3, &capture);
  const auto behaviorLines = [&] {
    Lines lines;
    for (const std::string& line : capture.Take())
      if (line.find("behavior") != std::string::npos) lines.push_back(line);
    return lines;
  };
  CHECK(test::Tick(GUARD, agent, memory, 0.0).events ==
        test::Events{"activate GUARD_B", "tick GUARD_B", "activate PATROL_B", "tick PATROL_B"});
  CHECK(behaviorLines() ==
        Lines{"BTDBO(1) AGENT @ 0.000: activating behavior GUARD_B/0x5e169ed3 with flags 0x0, in decider GUARD/0xd39d320e",
              "BTDBO(1) AGENT @ 0.000:  activating behavior PATROL_B/0x21e3478a with flags 0x0, in decider PATROL/0x36f8d3db",
              "BTDBO(3) AGENT @ 0.000:  ticking behavior PATROL_B/0x21e3478a @ 0.000000 (dt: 0.100000) with flags 0x0, "
              "duration 0.000",
              "BTDBO(3) AGENT @ 0.000: current behavior PATROL_B/0x21e3478a with flags 0x0, in decider PATROL/0x36f8d3db"});
  CHECK(test::Tick(GUARD, agent, memory, 1.0).events == test::Events{"tick GUARD_B", "tick PATROL_B"});
  CHECK(behaviorLines() ==
        Lines{"BTDBO(3) AGENT @ 1.000:  ticking behavior PATROL_B/0x21e3478a @ 1.000000 (dt: 0.100000) with flags 0x0, "
              "duration 1.000",
              "BTDBO(3) AGENT @ 1.000: current behavior PATROL_B/0x21e3478a with flags 0x0, in decider PATROL/0x36f8d3db"});
}

TEST_CASE("Debug output reports the tick's status by name when nothing runs", "[debug][debug_output]") {
  using namespace figure1;
  test::TraceAgent agent;
  Memory memory{};
  Capture capture;
  capture.agents = {{&agent, "AGENT"}};
  ScopedDebugOutput output(3, &capture);
  agent.tick["REST_B"] = bt::Result::Failed;  // IDLE then has nothing left: the root fails
  test::Tick(ROOT, agent, memory, 0.0);
  CHECK(capture.Take().back() ==
        "BTDBO(3) AGENT @ 0.000: **************** finished tree for AGENT, depth 0: ROOT/0x1e4ede85 NoBehavior ****************");
}

TEST_CASE("Debug output filters by agent", "[debug][debug_output]") {
  using namespace figure1;
  test::TraceAgent first, second;
  Memory firstMemory{}, secondMemory{};
  Capture capture;
  capture.agents = {{&first, "FIRST"}, {&second, "SECOND"}};

  SECTION("one agent: the other's ticks are silent") {
    ScopedDebugOutput output(1, &capture, &second);
    test::Tick(ROOT, first, firstMemory, 0.0);
    test::Tick(ROOT, second, secondMemory, 0.0);
    CHECK(capture.Take() ==
          Lines{"BTDBO(1) SECOND @ 0.000:   activating behavior REST_B/0x2299026e with flags 0x0, in decider REST/0x280f7297"});
  }

  SECTION("no agent: every agent reports") {
    ScopedDebugOutput output(1, &capture, nullptr);
    test::Tick(ROOT, first, firstMemory, 0.0);
    test::Tick(ROOT, second, secondMemory, 0.0);
    CHECK(capture.Take() ==
          Lines{"BTDBO(1) FIRST @ 0.000:   activating behavior REST_B/0x2299026e with flags 0x0, in decider REST/0x280f7297",
                "BTDBO(1) SECOND @ 0.000:   activating behavior REST_B/0x2299026e with flags 0x0, in decider REST/0x280f7297"});
  }
}

TEST_CASE("The debug output hook gets each line's parts", "[debug][debug_output]") {
  using namespace figure1;
  test::TraceAgent agent;
  Memory memory{};
  struct Parts {
    std::vector<bt::DebugLine> lines;
    std::vector<std::string> messages;
  } parts;
  const auto hook = [](const bt::DebugLine& line, void* user) {
    auto& p = *static_cast<Parts*>(user);
    p.lines.push_back(line);
    p.messages.push_back(line.message);  // the strings live only during the call
  };
  const bt::DebugOutputSettings saved = bt::GetDebugOutput();
  bt::SetDebugOutput({1, nullptr, hook, &parts});
  CHECK(bt::GetDebugOutput().user == &parts);
  test::Tick(ROOT, agent, memory, 4.25);
  bt::SetDebugOutput(saved);
  REQUIRE(parts.lines.size() == 1);
  CHECK(parts.lines[0].level == 1);
  CHECK(parts.lines[0].agent == &agent);
  CHECK(parts.lines[0].time == 4.25);
  CHECK(parts.lines[0].depth == 2);
  CHECK(parts.lines[0].tree == &ROOT);
  CHECK(parts.messages[0] == "activating behavior REST_B/0x2299026e with flags 0x0, in decider REST/0x280f7297");
}

TEST_CASE("Debug output goes to the spdlog logger \"bt\" by default", "[debug][debug_output]") {
  using namespace figure1;
  std::ostringstream stream;
  auto previous = spdlog::get("bt");
  spdlog::drop("bt");
  auto logger = std::make_shared<spdlog::logger>("bt", std::make_shared<spdlog::sinks::ostream_sink_st>(stream));
  logger->set_pattern("%v");
  spdlog::register_logger(logger);
  {
    test::TraceAgent agent;
    Memory memory{};
    ScopedDebugOutput output(1, nullptr);
    test::Tick(ROOT, agent, memory, 0.0);
    char expected[200];
    std::snprintf(expected, sizeof expected,
                  "BTDBO(1) %p @ 0.000:   activating behavior REST_B/0x2299026e with flags 0x0, in decider REST/0x280f7297\n",
                  static_cast<const void*>(&agent));
    CHECK(stream.str() == expected);
  }
  spdlog::drop("bt");
  if (previous) spdlog::register_logger(previous);
}
