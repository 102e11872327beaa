// tests/loaders/mbt/mbt_trace_test.cpp — MBT files from tests/data/mbt/ ticked tick by tick
// against trace actions: the traces Lumberyard's Modular Behavior
// Trees give for the core nodes, the MBT lifecycle at the root, events and
// signals, and the imported tree as DebugPrintState shows it.
#include <catch2/catch.hpp>

#include <array>
#include <string>

#include "bt/bt.h"
#include "bt/engine/scope.h"
#include "tests/loaders/mbt/mbt_test_support.h"

namespace {

using bt::Status;
using test::Events;

struct Agent {
  bt::loaders::ModularBehaviorTree loaded;
  test::TraceAgent agent;
  bt::Memory<2048> memory{};

  explicit Agent(const std::string& file, const bt::loaders::LoadOptions& options = {})
      : loaded(bt::loaders::LoadModularBehaviorTree(mbt_test::ReadData(file), file, mbt_test::GameRegistry(), options)) {
    INFO(loaded.build.ErrorText());
    REQUIRE(loaded.build.Ok());
    REQUIRE(bt::MemoryBytesFor(Root()) <= sizeof memory);
  }
  const bt::DeciderDef& Root() const { return loaded.build.tree->Root(); }
  test::Ticked Tick(double time) { return test::Tick(Root(), agent, memory, time); }
  Status Send(const char* event, double time) { return bt::SendEvent(Root(), agent, memory, event, time); }
  void Set(const char* variable, bool value) {
    bt::VariablesOf(Root(), memory.Span())->SetBool(bt::FindVariable(Root(), variable), value);
  }
};

}  // namespace

TEST_CASE("MBT Priority picks the first true case again only when variables changed", "[mbt][mbt-trace]") {
  Agent a("priority.xml");
  CHECK(a.Tick(0).events == Events{"activate Animate", "tick Animate"});
  CHECK(a.Tick(1).events == Events{"tick Animate"});
  a.Set("EnemyVisible", true);
  CHECK(a.Tick(2).events == Events{"deactivate Animate", "activate Shoot", "tick Shoot"});
  a.Set("EnemyVisible", true);  // the same value: no change, no pick
  CHECK(a.Tick(3).events == Events{"tick Shoot"});
  a.Set("Hurt", true);  // a change, but `Hurt and !EnemyVisible` is false: Shoot stays
  CHECK(a.Tick(4).events == Events{"tick Shoot"});
  a.Set("EnemyVisible", false);
  CHECK(a.Tick(5).events == Events{"deactivate Shoot", "activate Move", "tick Move"});
  a.agent.tick["Move"] = bt::Result::Done;
  const auto done = a.Tick(6);
  CHECK(done.events == Events{"tick Move", "deactivate Move"});
  CHECK(done.result.status == Status::Done);  // the root ended: MBT's error, the tree stops
}

TEST_CASE("MBT Case without a condition is the default case; Wait duration=\"-1\" waits for ever", "[mbt][mbt-trace]") {
  Agent a("default_case.xml");
  for (const double time : {0.0, 1.0, 5.0, 1e4}) {
    INFO("time " << time);
    const auto waiting = a.Tick(time);
    CHECK(waiting.result.status == Status::Running);
    CHECK(waiting.events.empty());  // Move never comes: the Wait never ends
  }
  a.Set("Alarm", true);
  CHECK(a.Tick(1e4 + 1).events == Events{"activate Shoot", "tick Shoot"});
  a.Set("Alarm", false);
  CHECK(a.Tick(1e4 + 2).events == Events{"deactivate Shoot"});  // the default case's Wait again, for ever
  CHECK(a.Tick(1e5).events.empty());
}

TEST_CASE("MBT StateMachine takes a transition on an event at its next tick", "[mbt][mbt-trace]") {
  Agent a("state_machine.xml");
  CHECK(a.Tick(0).events == Events{"activate Animate", "tick Animate"});
  CHECK(a.Send("OnSafe", 0.5) == Status::Running);  // Idle has no way out on OnSafe
  CHECK(a.Tick(1).events == Events{"tick Animate"});
  CHECK(a.Send("OnEnemySeen", 1.5) == Status::Running);
  CHECK(a.Tick(2).events == Events{"deactivate Animate", "activate Shoot", "tick Shoot"});
  CHECK(a.Send("OnHurt", 2.5) == Status::Running);  // to="flee": state names without case, as the engine
  CHECK(a.Tick(3).events == Events{"deactivate Shoot", "activate Move", "tick Move"});
  CHECK(a.Send("OnSafe", 3.5) == Status::Running);
  CHECK(a.Tick(4).events == Events{"deactivate Move", "activate Animate", "tick Animate"});
}

TEST_CASE("MBT Parallel: successMode any, failureMode all", "[mbt][mbt-trace]") {
  Agent a("parallel.xml");
  CHECK(a.Tick(0).events == Events{"activate Communicate", "tick Communicate", "activate Move", "tick Move",
                                   "activate Aim", "tick Aim", "activate Look", "tick Look"});
  a.agent.tick["Aim"] = bt::Result::Failed;  // the inner Parallel fails only when all its children did
  CHECK(a.Tick(1).events == Events{"tick Communicate", "tick Move", "tick Aim", "deactivate Aim", "tick Look"});
  a.agent.tick["Move"] = bt::Result::Done;  // the outer one succeeds with its first child done
  const auto t2 = a.Tick(2);
  // Every running child is ticked before the modes are read (Lumberyard Parallel::Update).
  CHECK(t2.events == Events{"tick Communicate", "tick Move", "deactivate Move", "tick Look", "deactivate Communicate",
                            "deactivate Look"});
  CHECK(t2.result.status == Status::Done);
}

TEST_CASE("MBT Parallel with the default failureMode fails with its first failing child", "[mbt][mbt-trace]") {
  Agent a("timeout.xml");
  CHECK(a.Tick(0).events == Events{"activate Move", "tick Move"});
  CHECK(a.Tick(1.9).events == Events{"tick Move"});
  // Timeout 2: Failed 2 s after its activation; Move is ticked too, then the
  // Parallel fails and the Selector goes on to Wait 1 (a built-in leaf: no trace), done at 3.
  const auto t2 = a.Tick(2);
  CHECK(t2.events == Events{"tick Move", "deactivate Move"});
  CHECK(t2.result.status == Status::Running);
  CHECK(a.Tick(2.9).result.status == Status::Running);
  CHECK(a.Tick(3).result.status == Status::Done);
}

TEST_CASE("MBT LoopUntilSuccess and Loop count their attempts and rounds", "[mbt][mbt-trace]") {
  Agent a("loops.xml");
  a.agent.tick["OpenDoor"] = bt::Result::Failed;
  CHECK(a.Tick(0).events == Events{"activate OpenDoor", "tick OpenDoor", "deactivate OpenDoor"});
  CHECK(a.Tick(1).events == Events{"activate OpenDoor", "tick OpenDoor", "deactivate OpenDoor"});
  a.agent.tick["OpenDoor"] = bt::Result::Done;  // the third attempt succeeds
  CHECK(a.Tick(2).events ==
        Events{"activate OpenDoor", "tick OpenDoor", "deactivate OpenDoor", "activate Shoot", "tick Shoot"});
  a.agent.tick["Shoot"] = bt::Result::Done;
  // A child that ran over from the tick before and ends starts again at once; its
  // end on that same tick is not counted (as Lumberyard's Loop counts), so the second round ends at 4.
  CHECK(a.Tick(3).events ==
        Events{"tick Shoot", "deactivate Shoot", "activate Shoot", "tick Shoot", "deactivate Shoot"});
  CHECK(a.Tick(4).events == Events{"activate Shoot", "tick Shoot", "deactivate Shoot", "activate Animate",
                                   "tick Animate"});
}

TEST_CASE("MBT LoopUntilSuccess fails after its last attempt", "[mbt][mbt-trace]") {
  Agent a("loops.xml");
  a.agent.tick["OpenDoor"] = bt::Result::Failed;
  (void)a.Tick(0);
  (void)a.Tick(1);
  const auto t2 = a.Tick(2);
  CHECK(t2.events == Events{"activate OpenDoor", "tick OpenDoor", "deactivate OpenDoor"});
  CHECK(t2.result.status == Status::NoBehavior);  // the root failed: the tree stops
}

TEST_CASE("MBT WaitUntilTime and IfTime read the timestamps events set", "[mbt][mbt-trace]") {
  SECTION("never set: WaitUntilTime succeeds (succeedIfNeverBeenSet), IfTime's gate is closed") {
    Agent a("timestamps.xml");
    CHECK(a.Tick(0).events == Events{"activate MoveConfidentlyTowardsTarget", "tick MoveConfidentlyTowardsTarget"});
  }
  SECTION("set: WaitUntilTime waits more than 5 s; IfTime opens within 10 s") {
    Agent a("timestamps.xml");
    CHECK(a.Send("OnEnemyDamage", 0) == Status::NoBehavior);  // before the first tick: only the timestamp
    CHECK(a.Send("GroupMemberDied", 1) == Status::NoBehavior);
    CHECK(a.Tick(1).events.empty());
    CHECK(a.Tick(5).events.empty());  // 5 s is not more than 5
    CHECK(a.Tick(5.5).events == Events{"activate MoveCautiouslyTowardsTarget", "tick MoveCautiouslyTowardsTarget"});
  }
}

TEST_CASE("MBT AssertTime against exclusive timestamps", "[mbt][mbt-trace]") {
  Agent a("exclusive_timestamps.xml");
  CHECK(a.Tick(0).result.status == Status::NoBehavior);  // EnemySeen never set: AssertTime fails the root
  CHECK(a.Send("OnEnemySeen", 0.5) == Status::NoBehavior);
  CHECK(a.Tick(1).events == Events{"activate Shoot", "tick Shoot"});
  CHECK(a.Send("OnLostSightOfTarget", 1.2) == Status::Running);
  CHECK(a.Send("OnEnemySeen", 1.5) == Status::Running);  // clears EnemyLost (exclusiveTo)
  CHECK(bt::VariablesOf(a.Root(), a.memory.Span())->Get(1) == bt::kTimestampCleared);
  CHECK(a.Send("OnLostSightOfTarget", 1.7) == Status::Running);  // `exlusiveTo`, a typo: EnemySeen stays
  a.agent.tick["Shoot"] = bt::Result::Done;
  CHECK(a.Tick(2).result.status == Status::Done);
  CHECK(a.Tick(4.4).result.status == Status::Done);           // 2.9 s since EnemySeen
  CHECK(a.Tick(4.5).result.status == Status::NoBehavior);     // 3 s is not less than 3
}

TEST_CASE("MBT events reach only the running path: WaitForEvent hears one sent while it waits", "[mbt][mbt-trace]") {
  Agent a("wait_for_event.xml");
  CHECK(a.Send("OnEnemySeen", 0) == Status::NoBehavior);  // nothing runs yet: not queued
  CHECK(a.Tick(0).events.empty());
  CHECK(a.Tick(1).events.empty());
  CHECK(a.Send("OnEnemySeen", 1.5) == Status::Running);
  CHECK(a.Tick(2).events == Events{"activate Communicate", "tick Communicate"});
}

TEST_CASE("MBT SendTransitionEvent moves its own StateMachine at the next tick", "[mbt][mbt-trace]") {
  Agent a("send_event.xml");
  CHECK(a.Tick(0).events == Events{"activate Look", "tick Look"});
  a.agent.tick["Look"] = bt::Result::Done;
  CHECK(a.Tick(1).events == Events{"tick Look", "deactivate Look"});
  CHECK(a.Tick(2).events == Events{"activate Communicate", "tick Communicate"});
}

TEST_CASE("MBT signal variables set the variables; a Selector keeps its running child", "[mbt][mbt-trace]") {
  Agent a("guard_selector.xml");
  CHECK(a.Tick(0).events == Events{"activate Animate", "tick Animate"});
  CHECK(bt::ApplySignal(a.Root(), a.loaded.signals.Entries(), a.memory.Span(), "OnEnemySeen") == 1);
  CHECK(bt::VariablesOf(a.Root(), a.memory.Span())->Get(0) == 1);
  CHECK(a.Tick(1).events == Events{"tick Animate"});  // IfCondition is a gate read on entry only
  a.agent.tick["Animate"] = bt::Result::Failed;
  CHECK(a.Tick(2).events == Events{"tick Animate", "deactivate Animate"});
  a.agent.tick.clear();
  CHECK(a.Tick(3).events == Events{"activate Move", "tick Move"});  // the root started again
}

// MBT's SendEvent node calls BehaviorTreeManager::HandleEvent, which applies the
// tree's SignalVariables before the timestamps and the running path: X is set
// before the AssertCondition reads it, so Shoot never runs.
TEST_CASE("MBT SendEvent sets the tree's signal variables, as an event from the game does", "[mbt][mbt-trace]") {
  Agent a("send_event_signal.xml");
  CHECK(a.Tick(0).events == Events{});
  CHECK(bt::VariablesOf(a.Root(), a.memory.Span())->Get(0) == 1);
  CHECK(a.Send("ClearX", 0.5) == Status::Running);
  CHECK(bt::VariablesOf(a.Root(), a.memory.Span())->Get(0) == 0);
  CHECK(a.Tick(1).events == Events{});
  CHECK(bt::VariablesOf(a.Root(), a.memory.Span())->Get(0) == 1);
}

TEST_CASE("MBT MonitorCondition, AssertCondition, SuppressFailure and RandomGate", "[mbt][mbt-trace]") {
  Agent a("conditions.xml");
  CHECK(a.Tick(0).events.empty());  // MonitorCondition runs until TargetVisible
  a.Set("TargetVisible", true);
  CHECK(a.Tick(1).events == Events{"activate Shoot", "tick Shoot"});
  a.agent.tick["Shoot"] = bt::Result::Failed;
  const auto t2 = a.Tick(2);  // the failure suppressed; Halt runs for ever
  CHECK(t2.events == Events{"tick Shoot", "deactivate Shoot"});
  CHECK(t2.result.status == Status::Running);
  CHECK(std::string(t2.result.decider->name) == "Halt@15");
}

TEST_CASE("MBT logging attributes write around their node", "[mbt][mbt-trace]") {
  Agent a("logging.xml");
  mbt_test::LogLines lines(a.agent);
  CHECK(a.Tick(0).events == Events{"Finding cover (QueryTPS@4._startLog/0xf90c0e99)", "activate QueryTPS", "tick QueryTPS"});
  a.agent.tick["QueryTPS"] = bt::Result::Done;
  CHECK(a.Tick(1).events == Events{"tick QueryTPS", "deactivate QueryTPS", "Advancing (Move@5._startLog/0x9669581e)",
                                   "activate Move", "tick Move"});
  a.agent.tick["Move"] = bt::Result::Failed;
  const auto t2 = a.Tick(2);
  CHECK(t2.events == Events{"tick Move", "deactivate Move", "Failed to advance (Move@5._failureLog/0x550a1038)"});
  CHECK(t2.result.status == Status::NoBehavior);
}

TEST_CASE("MBT Lua nodes run the registered Lua actions with their compiled code", "[mbt][mbt-trace]") {
  mbt_test::FakeScripts scripts;
  Agent a("lua.xml", {.scripts = &scripts});
  a.agent.tick["ExecuteLua"] = bt::Result::Done;
  a.agent.tick["AssertLua"] = bt::Result::Done;
  a.agent.decide["LuaGate@6"] = 1;
  CHECK(a.Tick(0).events == Events{"activate ExecuteLua", "tick ExecuteLua", "deactivate ExecuteLua",
                                   "activate AssertLua", "tick AssertLua", "deactivate AssertLua",
                                   "decide LuaGate@6", "activate LuaWrapper", "tick LuaWrapper", "activate Move", "tick Move"});
}

TEST_CASE("MBT GroupScope lets allowedConcurrentUsers agents in", "[mbt][mbt-trace]") {
  static bt::Scope alarm;
  alarm.Reset();
  const bt::loaders::LoadOptions options{
      .build = {.findScope = [](void*, const char* name) { return std::string(name) == "SoundAlarm" ? &alarm : nullptr; }}};
  Agent first("group_scope.xml", options), second("group_scope.xml", options);
  CHECK(first.Tick(0).events == Events{"activate Signal", "tick Signal"});
  CHECK(second.Tick(0).events == Events{"activate Move", "tick Move"});
}

TEST_CASE("MBT root lifecycle: a root that ends is reported, and the game stops the tree", "[mbt][mbt-trace]") {
  Agent a("greeting.xml");
  a.agent.tick["Communicate"] = bt::Result::Done;
  a.agent.tick["Animate"] = bt::Result::Done;
  CHECK(a.Tick(0).events == Events{"activate Communicate", "tick Communicate", "deactivate Communicate",
                                   "activate Animate", "tick Animate", "deactivate Animate"});
  CHECK(a.Tick(1.9).result.status == Status::Running);
  const auto t2 = a.Tick(2);
  CHECK(t2.events == Events{"activate Communicate", "tick Communicate", "deactivate Communicate"});
  CHECK(t2.result.status == Status::Done);  // MBT: "the root node ... SUCCEEDED": the game stops ticking it
}

TEST_CASE("DebugPrintState of an imported MBT tree shows node types and XML lines", "[mbt][mbt-debug]") {
  Agent a("soldier.xml");
  a.Set("AwareOfEnemy", true);
  (void)a.Tick(0);
  std::array<char, 4096> text{};
  bt::DebugPrintState(a.Root(), a.memory.Span(), 0, text, {.wholeTree = true});
  CHECK(std::string(text.data()) ==
        "variables: AwareOfEnemy=true LowHealth=false ShotAt=never\n"
        "*0:Priority@15/0x5fbedee1 (kGroup, kGroupPriority 0x0) time: 0.00 [(no group behavior)] idx: 1 {1 variable changes seen}\n"
        "   0:Case@16/0xfd4d5dc0(condition={LowHealth}) (kGroup, kGroupDecorator 0x0) [(no group behavior)] {results: as is}\n"
        "     0:Sequence@17._logged/0x6b8b865d (kGroup, kGroupSequence 0x0) [(no group behavior)]\n"
        "       0:Sequence@17._startLog/0xae795f6d(message=\"Retreating\") (kBehavior 0x0) [Log/0xa1dd7bf1] (0x00000000)\n"
        "       1:Sequence@17/0x5aec0bb4 (kGroup, kGroupSequence 0x0) [(no group behavior)]\n"
        "         0:Stance@18/0x9180a5d6(stance=\"Crouch\") (kBehavior 0x0) [Stance/0x2e5bfd45] (0x00000000)\n"
        "         1:Move@19/0xfd01d12a(to=\"Cover\", speed=3) (kBehavior 0x0) [Move/0x7f2c2a34] (0x00000000)\n"
        "         2:Halt@20/0xb718e12c (kBehavior 0x0) [Halt/0x68eb311a] (0x00000000)\n"
        "  *1:Case@23/0xfa4b1a70(condition={AwareOfEnemy}) (kGroup, kGroupDecorator 0x0) time: 0.00 [(no group behavior)] idx: 0 {results: as is}\n"
        "    *0:Selector@24/0x97cefd2 (kGroup, kGroupFallback 0x0) time: 0.00 [(no group behavior)] idx: 1\n"
        "       0:IfTime@25/0x1b396288(since=\"ShotAt\", isLessThan=2) (kGroup, kGroupDecorator 0x0) [(no group behavior)] {results: as is}\n"
        "         0:Move@26/0xfe041154(to=\"Cover\", speed=2) (kBehavior 0x0) [Move/0x7f2c2a34] (0x00000000)\n"
        "      *1:Loop@28/0xef4f373 (kGroup, kGroupLoop 0x0) time: 0.00 [(no group behavior)] idx: 0 {count 3, 0 so far}\n"
        "        *0:Shoot@29/0x757b558d(target=\"Enemy\") (kBehavior 0x0) time: 0.00 [Shoot/0x59d10810] (0x00000000)\n"
        "       2:Communicate@31/0x1aab8e6(name=\"Reloading\") (kBehavior 0x0) [Communicate/0x2062fe26] (0x00000000)\n"
        "   2:Case@34/0xfb48dd6c(condition={true}) (kGroup, kGroupDecorator 0x0) [(no group behavior)] {results: as is}\n"
        "     0:Sequence@35/0x48f06c8c (kGroup, kGroupSequence 0x0) [(no group behavior)]\n"
        "       0:Animate@36/0x7909f61d(name=\"Patrol\") (kBehavior 0x0) [Animate/0xbf8e9850] (0x00000000)\n"
        "       1:Wait@37/0x87f2a6da(duration=1) (kBehavior 0x0) [Wait/0xbd501c0] (0x00000000)\n");
}
