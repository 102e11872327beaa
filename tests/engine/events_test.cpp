// tests/engine/events_test.cpp — events (bt/engine/events.h): delivery along the running
// path, WaitForEvent and SendEvent, events sent during a tick; timestamps
// (bt/core/timestamps.h) and IfTime / AssertTime / WaitUntilTime.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "bt/engine/compiled_tick.h"
#include "tests/support/trace_agent.h"

using bt::Result;
using bt::Status;
using test::Events;
using test::Tick;

namespace events {

using Block = bt::Memory<1024>;

TEST_TRACE_BEHAVIOR(A_B);
TEST_TRACE_BEHAVIOR(B_B);
BT_DEFINE_DECIDER_BEHAVIOR(A, A_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(B, B_B, nullptr);

// ---------------------------------------------------------------- WaitForEvent
BT_DEFINE_DECIDER(WAIT_GO, bt::kWaitForEvent, BT_PARAMS(bt::TextParam("name", "Go")));
BT_DEFINE_DECIDER(WAIT_STOP, bt::kWaitForEvent,
                  BT_PARAMS(bt::TextParam("name", "Stop"), bt::TextParam("result", "Failure")));
BT_DEFINE_DECIDER(WAIT_BAD, bt::kWaitForEvent,
                  BT_PARAMS(bt::TextParam("name", "Go"), bt::TextParam("result", "Maybe")));
BT_DEFINE_DECIDER(WAIT_UNNAMED, bt::kWaitForEvent);
// Both waits run side by side: each hears the events that reach it.
BT_DEFINE_GROUP(WAITS, Parallel, BT_CHILDREN(WAIT_GO, WAIT_STOP, A));
// A wait that starts only after A is done: an event before then is not kept for it.
BT_DEFINE_GROUP(LATER, Sequence, BT_CHILDREN(A, WAIT_GO, B));
BT_DEFINE_GROUP(BAD_RESULT, Sequence, BT_CHILDREN(WAIT_BAD, B));
BT_DEFINE_GROUP(UNNAMED, Sequence, BT_CHILDREN(WAIT_UNNAMED, B));

// ---------------------------------------------------------------- events sent during a tick
// A behavior whose Tick sends "Go" to its own agent's block (the game's API, from a callback).
struct Sender {
  const bt::DeciderDef* root = nullptr;
  bt::Memory<1024>* memory = nullptr;
  std::vector<Status> sent;
};
Sender gSender;
Result SendGoTick(test::TraceAgent& agent, const bt::Context& context) {
  agent.events.push_back("tick SENDER_B");
  gSender.sent.push_back(bt::SendEvent(*gSender.root, agent, *gSender.memory, "Go", context.time));
  return Result::Running;
}
BT_DEFINE_BEHAVIOR(SENDER_B, nullptr, SendGoTick, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(SENDER, SENDER_B, nullptr);
// The sender ticks first: the wait beside it hears "Go" in the same tick, once it is active.
BT_DEFINE_GROUP(SEND_BESIDE, Parallel, BT_CHILDREN(SENDER, WAIT_GO));

// The SendEvent node: sends on activation, done at its first tick.
BT_DEFINE_DECIDER(SEND_GO, bt::kSendEvent, BT_PARAMS(bt::TextParam("name", "Go")));
BT_DEFINE_GROUP(SEND_LATER, Sequence, BT_CHILDREN(A, SEND_GO, B));
BT_DEFINE_GROUP(SEND_NODE, Parallel, BT_CHILDREN(WAIT_GO, SEND_LATER));

// An onEvent handler that sends to the block being delivered to.
std::vector<Status> gEchoed;
void EchoOnEvent(void* agent, void*, const bt::EventContext& context) {
  gEchoed.push_back(
      bt::SendEvent(*gSender.root, *static_cast<test::TraceAgent*>(agent), *gSender.memory, "Echo", context.time));
}
const bt::BehaviorDef ECHO_B{.name = "ECHO_B", .onEvent = EchoOnEvent};
BT_DEFINE_DECIDER_BEHAVIOR(ECHO, ECHO_B, nullptr);

// Handlers that try to tick, stop, reset, save or restore the block being
// delivered to; each behavior's memory says whether it is alive.
struct Alive {
  int magic = 0;
};
struct Meddling {
  std::vector<std::string> seen;  // each handler: "hear" and the magic it read
  std::vector<Status> refused;
};
Meddling gMeddling;
bool AliveActivate(void*, void* memory, const bt::Context&) {
  static_cast<Alive*>(memory)->magic = 42;
  return true;
}
void AliveDeactivate(void*, void* memory, const bt::Context&) { static_cast<Alive*>(memory)->magic = -1; }
void MeddlingOnEvent(void* agent, void* memory, const bt::EventContext& context) {
  gMeddling.seen.push_back("hear " + std::to_string(static_cast<Alive*>(memory)->magic));
  auto& a = *static_cast<test::TraceAgent*>(agent);
  bt::StopBehaviorTree(*gSender.root, a, *gSender.memory, context.time);
  gMeddling.refused.push_back(bt::ResetMemory(*gSender.root, a, *gSender.memory, context.time));
  gMeddling.refused.push_back(bt::TickBehaviorTree(*gSender.root, a, *gSender.memory, context.time, 0).status);
  std::byte save[1024];
  const std::size_t bytes = bt::MemoryBytesFor(*gSender.root);
  std::memcpy(save, gSender.memory->Span().data(), bytes);  // the block as it is: a save that fits
  gMeddling.refused.push_back(bt::SaveMemory(*gSender.root, gSender.memory->Span(), save).status);
  gMeddling.refused.push_back(bt::RestoreMemory(*gSender.root, std::span(save, bytes), gSender.memory->Span()));
}
const bt::BehaviorDef MEDDLING_B{.name = "MEDDLING_B",
                                 .activate = AliveActivate,
                                 .deactivate = AliveDeactivate,
                                 .memory = bt::BlockTypeOf<Alive>("Alive"),
                                 .onEvent = MeddlingOnEvent};
BT_DEFINE_DECIDER_BEHAVIOR(MEDDLE_1, MEDDLING_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(MEDDLE_2, MEDDLING_B, nullptr);
BT_DEFINE_GROUP(MEDDLERS, Parallel, BT_CHILDREN(MEDDLE_1, MEDDLE_2));

Status Send(const bt::DeciderDef& root, test::TraceAgent& agent, Block& memory, const char* event, double time = 0) {
  return bt::SendEvent(root, agent, memory, event, time);
}

// ---------------------------------------------------------------- timestamps
constexpr bt::VariableDecl kVariables[] = {
    {"Alert", bt::VariableType::Bool, 0},
    bt::TimestampVariable("EnemySeen", "OnEnemySeen", "EnemyLost"),
    bt::TimestampVariable("EnemyLost", "OnEnemyLost", "EnemySeen"),
    bt::TimestampVariable("Shot", "OnShot"),
};
// IfTime as the Decide of a Decorator that maps nothing: a gate read on entry.
// (A raw DecideFn, as a loader fills it: the macros take typed Decides.)
constexpr const bt::DeciderDef* kJustA[] = {&A};
constexpr bt::Param kRecentParams[] = {bt::TextParam("since", "EnemySeen"), bt::NumberParam("isLessThan", 2)};
constexpr bt::Param kLongAgoParams[] = {bt::TextParam("since", "EnemySeen"), bt::NumberParam("isMoreThan", 2),
                                        bt::BoolParam("orNeverBeenSet", true)};
bt::DeciderData gRecent, gLongAgo;
constexpr bt::DeciderDef TimeGate(const char* name, std::span<const bt::Param> params, bt::DeciderData* data) {
  return bt::DeciderDef{.name = name,
                        .kind = bt::DeciderKind::Group,
                        .policy = bt::GroupPolicy::Decorator,
                        .children = kJustA,
                        .childCount = 1,
                        .decide = bt::IfTime,
                        .data = data,
                        .params = params.data(),
                        .paramCount = static_cast<std::uint16_t>(params.size())};
}
constexpr bt::DeciderDef SEEN_RECENTLY = TimeGate("SEEN_RECENTLY", kRecentParams, &gRecent);
constexpr bt::DeciderDef SEEN_LONG_AGO = TimeGate("SEEN_LONG_AGO", kLongAgoParams, &gLongAgo);
BT_DEFINE_GROUP(RECENT, Fallback, BT_CHILDREN(SEEN_RECENTLY, B), BT_VARIABLES(kVariables));
BT_DEFINE_GROUP(LONG_AGO, Fallback, BT_CHILDREN(SEEN_LONG_AGO, B), BT_VARIABLES(kVariables));
BT_DEFINE_GROUP(WAITS_ROOT, Parallel, BT_CHILDREN(WAIT_GO, A), BT_VARIABLES(kVariables));

BT_DEFINE_DECIDER(ASSERT_SHOT, bt::kAssertTime,
                  BT_PARAMS(bt::TextParam("since", "Shot"), bt::NumberParam("isLessThan", 1)));
BT_DEFINE_GROUP(ASSERT_ROOT, Sequence, BT_CHILDREN(ASSERT_SHOT, A), BT_VARIABLES(kVariables));
BT_DEFINE_DECIDER(WAIT_SHOT, bt::kWaitUntilTime,
                  BT_PARAMS(bt::TextParam("since", "Shot"), bt::NumberParam("isMoreThan", 3),
                            bt::BoolParam("succeedIfNeverBeenSet", true)));
BT_DEFINE_GROUP(WAIT_SHOT_ROOT, Sequence, BT_CHILDREN(WAIT_SHOT, A), BT_VARIABLES(kVariables));
BT_DEFINE_DECIDER(WAIT_NO_LIMIT, bt::kWaitUntilTime, BT_PARAMS(bt::TextParam("since", "Shot")));
BT_DEFINE_GROUP(WAIT_NO_LIMIT_ROOT, Sequence, BT_CHILDREN(WAIT_NO_LIMIT, A), BT_VARIABLES(kVariables));

// SendEvent activated by the compiled walk itself (under a prioritized list), at a time it stamps.
BT_DEFINE_DECIDER(SEND_SHOT, bt::kSendEvent, BT_PARAMS(bt::TextParam("name", "OnShot")));
BT_DEFINE_GROUP(SHOOTER, PrioritizedList, BT_CHILDREN(SEND_SHOT, A), BT_VARIABLES(kVariables));

double Value(const bt::DeciderDef& root, Block& memory, const char* name) {
  return bt::VariablesOf(root, memory.Span())->Get(bt::FindVariable(root, name));
}

}  // namespace events

using namespace events;

TEST_CASE("WaitForEvent runs until its event reaches it, then gives its result", "[events]") {
  test::TraceAgent agent;
  Block memory{};
  REQUIRE(bt::MemoryBytesFor(WAITS) <= sizeof memory);
  auto t = Tick(WAITS, agent, memory, 0.0);
  CHECK(t.result.status == Status::Running);
  CHECK(t.events == Events{"activate A_B", "tick A_B"});

  CHECK(Send(WAITS, agent, memory, "Go") == Status::Running);
  CHECK(agent.Take().empty());
  t = Tick(WAITS, agent, memory, 1.0);  // WAIT_GO is done; the Parallel waits for all
  CHECK(t.result.status == Status::Running);
  CHECK(t.events == Events{"tick A_B"});
  const bt::DeciderDef* path[8] = {};
  CHECK(bt::ActivePath(WAITS, memory.Span(), path) == 3);
  CHECK(path[1] == &WAIT_STOP);

  CHECK(Send(WAITS, agent, memory, "Stop") == Status::Running);
  t = Tick(WAITS, agent, memory, 2.0);  // WAIT_STOP fails: so does the Parallel
  CHECK(t.result.status == Status::NoBehavior);
  CHECK(t.events == Events{"tick A_B", "deactivate A_B"});
}

TEST_CASE("An event is not kept for a WaitForEvent that starts later", "[events]") {
  test::TraceAgent agent;
  Block memory{};
  auto t = Tick(LATER, agent, memory, 0.0);
  CHECK(t.events == Events{"activate A_B", "tick A_B"});
  CHECK(Send(LATER, agent, memory, "Go") == Status::Running);
  agent.tick["A_B"] = Result::Done;
  t = Tick(LATER, agent, memory, 1.0);
  CHECK(t.result.decider == &WAIT_GO);
  CHECK(t.events == Events{"tick A_B", "deactivate A_B"});
  t = Tick(LATER, agent, memory, 2.0);
  CHECK(t.result.decider == &WAIT_GO);
  CHECK(t.events.empty());
  CHECK(Send(LATER, agent, memory, "Other") == Status::Running);
  CHECK(Tick(LATER, agent, memory, 3.0).result.decider == &WAIT_GO);
  CHECK(Send(LATER, agent, memory, "Go") == Status::Running);
  t = Tick(LATER, agent, memory, 4.0);
  CHECK(t.result.decider == &B);
  CHECK(t.events == Events{"activate B_B", "tick B_B"});
}

TEST_CASE("A WaitForEvent without a name or with a result other than Success or Failure fails on activation",
          "[events]") {
  test::TraceAgent agent;
  Block memory{};
  auto t = Tick(BAD_RESULT, agent, memory, 0.0);
  CHECK(t.result.status == Status::NoBehavior);
  CHECK(t.events.empty());
  Block other{};
  t = Tick(UNNAMED, agent, other, 0.0);
  CHECK(t.result.status == Status::NoBehavior);
  CHECK(t.events.empty());
}

TEST_CASE("An event sent during a tick is delivered at once along the path as it stands", "[events]") {
  test::TraceAgent agent;
  Block memory{};
  gSender = {&SEND_BESIDE, &memory, {}};
  // Tick 0: the sender sends before the wait beside it is activated: the wait does not hear it.
  auto t = Tick(SEND_BESIDE, agent, memory, 0.0);
  CHECK(t.result.status == Status::Running);
  CHECK(t.events == Events{"tick SENDER_B"});
  CHECK(gSender.sent == std::vector<Status>{Status::Running});
  CHECK(bt::ActivePath(SEND_BESIDE, memory.Span(), {}) == 3);
  // Tick 1: the wait is active when the sender sends; it hears it and is done in the same tick.
  t = Tick(SEND_BESIDE, agent, memory, 1.0);
  CHECK(t.events == Events{"tick SENDER_B"});
  CHECK(gSender.sent == std::vector<Status>{Status::Running, Status::Running});
  CHECK(bt::ActivePath(SEND_BESIDE, memory.Span(), {}) == 2);  // WAIT_GO has ended
}

TEST_CASE("SendEvent sends on activation to the running path and is done at its first tick", "[events]") {
  test::TraceAgent agent;
  Block memory{};
  auto t = Tick(SEND_NODE, agent, memory, 0.0);
  CHECK(t.events == Events{"activate A_B", "tick A_B"});
  agent.tick["A_B"] = Result::Done;
  t = Tick(SEND_NODE, agent, memory, 1.0);  // WAIT_GO ticks first, then A ends and SEND_GO sends
  CHECK(t.result.decider == &WAIT_GO);  // the first behavior still active (bt/engine/kinds/classic.cpp)
  CHECK(t.events == Events{"tick A_B", "deactivate A_B", "activate B_B", "tick B_B"});
  CHECK(bt::ActivePath(SEND_NODE, memory.Span(), {}) == 4);  // WAIT_GO heard it, and waits for its next Tick
  t = Tick(SEND_NODE, agent, memory, 2.0);
  CHECK(t.events == Events{"tick B_B"});
  CHECK(bt::ActivePath(SEND_NODE, memory.Span(), {}) == 3);
}

TEST_CASE("SendEvent refuses what a tick refuses, and an event from a delivery to the same block", "[events]") {
  test::TraceAgent agent;
  Block memory{};
  SECTION("a block never ticked has nothing active") { CHECK(Send(WAITS, agent, memory, "Go") == Status::NoBehavior); }
  SECTION("bad input") {
    (void)Tick(WAITS, agent, memory, 0.0);
    CHECK(bt::SendEvent(WAITS, agent, memory.Span().first(8), "Go", 0) == Status::MemoryTooSmall);
    CHECK(Send(WAITS, agent, memory, "Go", std::nan("")) == Status::BadTime);
    CHECK(Send(WAITS, agent, memory, "Go", INFINITY) == Status::BadTime);
    CHECK(Send(LATER, agent, memory, "Go") == Status::MemoryFromOtherTree);
    CHECK(bt::SendEvent(WAITS, static_cast<test::TraceAgent*>(nullptr), memory.Span(), "Go", 0) == Status::NullAgent);
  }
  SECTION("an onEvent handler sending to the block it is told about is refused") {
    gSender = {&ECHO, &memory, {}};
    gEchoed.clear();
    (void)Tick(ECHO, agent, memory, 0.0);
    CHECK(Send(ECHO, agent, memory, "Go") == Status::Running);
    CHECK(gEchoed == std::vector<Status>{Status::Reentered});
  }
  SECTION("an onEvent handler may not tick, stop, reset, save or restore the block it is told about") {
    // The delivery walks the active path as it stood: MEDDLE_2 is told too, alive.
    gSender = {&MEDDLERS, &memory, {}};
    gMeddling = {};
    (void)Tick(MEDDLERS, agent, memory, 0.0);
    CHECK(Send(MEDDLERS, agent, memory, "Go") == Status::Running);
    CHECK(gMeddling.seen == std::vector<std::string>{"hear 42", "hear 42"});
    CHECK(gMeddling.refused == std::vector<Status>(8, Status::Reentered));
    CHECK(bt::ActivePath(MEDDLERS, memory.Span(), {}) == 3);  // still running: the Stop was refused
    CHECK(Tick(MEDDLERS, agent, memory, 1.0).result.status == Status::Running);
  }
  SECTION("by id or by name: the same event") {
    (void)Tick(WAITS, agent, memory, 0.0);
    CHECK(bt::SendEvent(WAITS, agent, memory, bt::EventId(bt::NameId("Go")), 0.5) == Status::Running);
    CHECK(bt::ActivePath(WAITS, memory.Span(), {}) == 4);  // heard, ends at the next tick
    CHECK(Tick(WAITS, agent, memory, 1.0).result.status == Status::Running);
    CHECK(bt::ActivePath(WAITS, memory.Span(), {}) == 3);
  }
}

TEST_CASE("Timestamps are set by their event and cleared by an exclusive one", "[events][timestamps]") {
  test::TraceAgent agent;
  Block memory{};
  REQUIRE(bt::MemoryBytesFor(WAITS_ROOT) <= sizeof memory);

  SECTION("before the first tick: set, and kept by it") {
    CHECK(Send(WAITS_ROOT, agent, memory, "OnEnemySeen", 5.0) == Status::NoBehavior);
    CHECK(Value(WAITS_ROOT, memory, "EnemySeen") == 5.0);
    CHECK(Value(WAITS_ROOT, memory, "EnemyLost") == bt::kTimestampNeverSet);
    (void)Tick(WAITS_ROOT, agent, memory, 6.0);
    CHECK(Value(WAITS_ROOT, memory, "EnemySeen") == 5.0);
  }
  SECTION("an exclusive timestamp clears the other, which still counts as set once; no variable change counted") {
    (void)Tick(WAITS_ROOT, agent, memory, 0.0);
    CHECK(Send(WAITS_ROOT, agent, memory, "OnEnemySeen", 5.0) == Status::Running);
    CHECK(Send(WAITS_ROOT, agent, memory, "OnShot", 5.5) == Status::Running);
    CHECK(Send(WAITS_ROOT, agent, memory, "OnEnemyLost", 7.0) == Status::Running);
    CHECK(Value(WAITS_ROOT, memory, "EnemySeen") == bt::kTimestampCleared);
    CHECK(Value(WAITS_ROOT, memory, "EnemyLost") == 7.0);
    CHECK(Value(WAITS_ROOT, memory, "Shot") == 5.5);
    CHECK(Send(WAITS_ROOT, agent, memory, "OnEnemySeen", 8.0) == Status::Running);
    CHECK(Value(WAITS_ROOT, memory, "EnemySeen") == 8.0);
    CHECK(Value(WAITS_ROOT, memory, "EnemyLost") == bt::kTimestampCleared);
    CHECK(bt::VariablesOf(WAITS_ROOT, memory.Span())->Changes() == 0);
  }
}

TEST_CASE("A timestamp passes when more (less) than its seconds have passed, strictly", "[events][timestamps]") {
  using bt::TimeComparison;
  CHECK(bt::TimestampPasses(10, 12.5, TimeComparison::MoreThan, 2, false));
  CHECK_FALSE(bt::TimestampPasses(10, 12, TimeComparison::MoreThan, 2, false));
  CHECK(bt::TimestampPasses(10, 11.5, TimeComparison::LessThan, 2, false));
  CHECK_FALSE(bt::TimestampPasses(10, 12, TimeComparison::LessThan, 2, false));
  CHECK(bt::TimestampPasses(bt::kTimestampNeverSet, 0, TimeComparison::LessThan, 2, true));
  CHECK_FALSE(bt::TimestampPasses(bt::kTimestampNeverSet, 0, TimeComparison::MoreThan, 2, false));
  CHECK_FALSE(bt::TimestampPasses(bt::kTimestampCleared, 100, TimeComparison::MoreThan, 2, true));
  CHECK_FALSE(bt::TimestampPasses(bt::kTimestampCleared, 100, TimeComparison::LessThan, 2, true));
}

TEST_CASE("IfTime is a gate read on entry", "[events][timestamps]") {
  test::TraceAgent agent;
  Block memory{};
  SECTION("isLessThan: shut while never set, open just after the event, shut once the time has passed") {
    auto t = Tick(RECENT, agent, memory, 0.0);
    CHECK(t.result.decider == &B);
    CHECK(t.events == Events{"activate B_B", "tick B_B"});
    CHECK(Send(RECENT, agent, memory, "OnEnemySeen", 10.0) == Status::Running);
    agent.tick["B_B"] = Result::Done;  // the Fallback is done: entered again at the next tick
    t = Tick(RECENT, agent, memory, 11.0);
    CHECK(t.result.status == Status::Done);
    t = Tick(RECENT, agent, memory, 11.5);
    CHECK(t.result.decider == &A);
    CHECK(t.events == Events{"activate A_B", "tick A_B"});
    // Read on entry only: A runs on past the limit.
    t = Tick(RECENT, agent, memory, 13.0);
    CHECK(t.events == Events{"tick A_B"});
    agent.tick["A_B"] = Result::Done;
    (void)Tick(RECENT, agent, memory, 13.5);
    t = Tick(RECENT, agent, memory, 14.0);
    CHECK(t.result.status == Status::Done);
    CHECK(t.events == Events{"activate B_B", "tick B_B", "deactivate B_B"});
  }
  SECTION("isMoreThan orNeverBeenSet: open while never set, shut just after the event, shut once cleared") {
    agent.tick["A_B"] = Result::Done;
    agent.tick["B_B"] = Result::Done;
    auto t = Tick(LONG_AGO, agent, memory, 0.0);
    CHECK(t.events == Events{"activate A_B", "tick A_B", "deactivate A_B"});
    CHECK(Send(LONG_AGO, agent, memory, "OnEnemySeen", 1.0) == Status::NoBehavior);
    t = Tick(LONG_AGO, agent, memory, 2.0);
    CHECK(t.events == Events{"activate B_B", "tick B_B", "deactivate B_B"});
    t = Tick(LONG_AGO, agent, memory, 3.5);
    CHECK(t.events == Events{"activate A_B", "tick A_B", "deactivate A_B"});
    CHECK(Send(LONG_AGO, agent, memory, "OnEnemyLost", 4.0) == Status::NoBehavior);
    t = Tick(LONG_AGO, agent, memory, 10.0);
    CHECK(t.events == Events{"activate B_B", "tick B_B", "deactivate B_B"});
  }
}

TEST_CASE("AssertTime is done when its timestamp passes, else failed", "[events][timestamps]") {
  test::TraceAgent agent;
  Block memory{};
  auto t = Tick(ASSERT_ROOT, agent, memory, 0.0);  // never set, no orNeverBeenSet
  CHECK(t.result.status == Status::NoBehavior);
  CHECK(t.events.empty());
  CHECK(Send(ASSERT_ROOT, agent, memory, "OnShot", 1.0) == Status::NoBehavior);
  t = Tick(ASSERT_ROOT, agent, memory, 1.5);
  CHECK(t.result.decider == &A);
  CHECK(t.events == Events{"activate A_B", "tick A_B"});
}

TEST_CASE("WaitUntilTime runs until its timestamp passes", "[events][timestamps]") {
  test::TraceAgent agent;
  Block memory{};
  SECTION("never set, with succeedIfNeverBeenSet: done at once") {
    const auto t = Tick(WAIT_SHOT_ROOT, agent, memory, 0.0);
    CHECK(t.result.decider == &A);
    CHECK(t.events == Events{"activate A_B", "tick A_B"});
  }
  SECTION("set: running until more than 3 seconds have passed") {
    CHECK(Send(WAIT_SHOT_ROOT, agent, memory, "OnShot", 0.0) == Status::NoBehavior);
    auto t = Tick(WAIT_SHOT_ROOT, agent, memory, 1.0);
    CHECK(t.result.decider == &WAIT_SHOT);
    t = Tick(WAIT_SHOT_ROOT, agent, memory, 3.0);
    CHECK(t.result.decider == &WAIT_SHOT);
    t = Tick(WAIT_SHOT_ROOT, agent, memory, 3.25);
    CHECK(t.result.decider == &A);
    CHECK(t.events == Events{"activate A_B", "tick A_B"});
  }
  SECTION("without a comparison it fails on activation") {
    const auto t = Tick(WAIT_NO_LIMIT_ROOT, agent, memory, 0.0);
    CHECK(t.result.status == Status::NoBehavior);
    CHECK(t.events.empty());
  }
}

namespace events {
constexpr bt::VariableDecl kExclusiveToNothing[] = {bt::TimestampVariable("Seen", "OnSeen", "Lost")};
constexpr bt::VariableDecl kStartsAtZero[] = {{"Seen", bt::VariableType::Number, 0, "OnSeen"}};
constexpr bt::VariableDecl kBoolTimestamp[] = {{"Seen", bt::VariableType::Bool, 0, "OnSeen"}};
constexpr bt::VariableDecl kExclusiveWithoutEvent[] = {bt::TimestampVariable("Seen", "OnSeen"),
                                                       {"Lost", bt::VariableType::Number, 0, nullptr, "Seen"}};
BT_DEFINE_GROUP(BAD_TS1, Sequence, BT_CHILDREN(A), BT_VARIABLES(kExclusiveToNothing));
BT_DEFINE_GROUP(BAD_TS2, Sequence, BT_CHILDREN(A), BT_VARIABLES(kStartsAtZero));
BT_DEFINE_GROUP(BAD_TS3, Sequence, BT_CHILDREN(A), BT_VARIABLES(kBoolTimestamp));
BT_DEFINE_GROUP(BAD_TS4, Sequence, BT_CHILDREN(A), BT_VARIABLES(kExclusiveWithoutEvent));
}  // namespace events

TEST_CASE("A timestamp not declared as TimestampVariable is refused with its tree", "[events][timestamps]") {
  for (const bt::DeciderDef* root : {&BAD_TS1, &BAD_TS2, &BAD_TS3, &BAD_TS4}) {
    bt::TreeError error;
    CHECK_FALSE(bt::InitializeTreeData(*root, &error));
    CHECK(error.problem == bt::TreeProblem::BadTimestamp);
    CHECK(error.decider == root);
  }
  bt::TreeError error;
  CHECK_FALSE(bt::InitializeTreeData(BAD_TS1, &error));
  CHECK(std::string(error.message) ==
        "bt: decider BAD_TS1: a timestamp variable that is not a Number starting at kTimestampNeverSet, or "
        "exclusiveTo names no timestamp: use bt::TimestampVariable");
}

TEST_CASE("SendEvent sends from a node the compiled tick activates, as from the reference tick", "[events][compiled]") {
  test::TraceAgent agent;
  Block reference{};
  Block compiled{};
  auto r = Tick(SHOOTER, agent, reference, 4.0);
  CHECK(r.result.decider == &A);
  CHECK(r.events == Events{"activate A_B", "tick A_B"});
  const bt::TickResult c = bt::TickBehaviorTreeCompiled<SHOOTER>(agent, compiled, 4.0, 0.1f);
  CHECK(c.decider == &A);
  CHECK(agent.Take() == r.events);
  CHECK(Value(SHOOTER, reference, "Shot") == 4.0);
  CHECK(Value(SHOOTER, compiled, "Shot") == 4.0);
}
