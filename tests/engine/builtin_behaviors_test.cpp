// tests/engine/builtin_behaviors_test.cpp — the built-in leaves (bt/engine/builtin_behaviors.h),
// tick by tick: each one's Activate, Tick and Deactivate as the engine's debug
// output reports them (with the time since activation), its results and the
// tick's Status; the compositions of MBT's AssertCondition and MonitorCondition
// and of Drag[en]gine's `running` rule; MBT's logging attributes on a tree from
// data; the parameter checks and the registry's names.
//
// Index
//   [SECTION] one leaf under a Sequence — each leaf's calls, results and status
//   [SECTION] Wait and Timeout — the leaves that count time
//   [SECTION] parameters — the parameter checks
//   [SECTION] Log and Breakpoint — the leaves that report
//   [SECTION] compositions — AssertCondition, MonitorCondition, Drag[en]gine's running rule
//   [SECTION] from data — MBT's logging attributes, the registry's names
#include "bt/engine/builtin_behaviors.h"

#include <catch2/catch.hpp>

#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "bt/bt.h"
#include "bt/engine/compiled_tick.h"
#include "bt/data/node_logs.h"
#include "bt/data/registry.h"
#include "bt/data/tree_builder.h"
#include "bt/data/write_cpp.h"
#include "bt/core/debug_output.h"
#include "tests/support/trace_agent.h"

using test::Events;

namespace {

// Puts the engine's debug lines about behaviors (activating, ticking,
// deactivating) and the leaves' own lines into the agent's events, beside its
// Decides, in the order they happen. The tree's start and finish lines are left out.
class Recorder {
 public:
  explicit Recorder(test::TraceAgent& agent, int level = 3) { bt::SetDebugOutput({level, nullptr, &Hook, &agent}); }
  ~Recorder() { bt::SetDebugOutput(saved_); }
  Recorder(const Recorder&) = delete;
  Recorder& operator=(const Recorder&) = delete;

 private:
  static void Hook(const bt::DebugLine& line, void* user) {
    const std::string message = line.message;
    if (message.starts_with("*") || message.starts_with("dt:") || message.starts_with("current behavior")) return;
    static_cast<test::TraceAgent*>(user)->events.push_back(message);
  }
  bt::DebugOutputSettings saved_ = bt::GetDebugOutput();
};

// The block's generator state, to predict Wait's draw.
template <std::size_t N>
std::uint32_t BlockRandomState(bt::Memory<N>& memory) {
  return reinterpret_cast<const bt::MemoryHeader*>(memory.Span().data())->rng;
}

}  // namespace

// =============================================================== [SECTION] one leaf under a Sequence

namespace succeed_tree {
BT_DEFINE_GROUP(ROOT, Sequence, BT_CHILDREN(S));
BT_DEFINE_DECIDER(S, bt::builtin::kSucceed);
}  // namespace succeed_tree

TEST_CASE("Succeed is Done at its first tick", "[builtin]") {
  test::TraceAgent agent;
  bt::MemoryFor<succeed_tree::ROOT> memory{};
  Recorder recorder(agent);
  const auto t0 = test::Tick(succeed_tree::ROOT, agent, memory, 0);
  CHECK(t0.result.status == bt::Status::Done);
  CHECK(t0.events == Events{"activating behavior Succeed/0x606aea53 with flags 0x0, in decider S/0xd60c1322",
                            "ticking behavior Succeed/0x606aea53 @ 0.000000 (dt: 0.100000) with flags 0x0, duration 0.000",
                            "deactivating behavior Succeed/0x606aea53, in decider S/0xd60c1322 (done)"});
}

namespace fail_tree {
BT_DEFINE_GROUP(ROOT, Sequence, BT_CHILDREN(F));
BT_DEFINE_DECIDER(F, bt::builtin::kFail);
}  // namespace fail_tree

TEST_CASE("Fail is Failed at its first tick", "[builtin]") {
  test::TraceAgent agent;
  bt::MemoryFor<fail_tree::ROOT> memory{};
  Recorder recorder(agent);
  const auto t0 = test::Tick(fail_tree::ROOT, agent, memory, 0);
  CHECK(t0.result.status == bt::Status::NoBehavior);  // the root Sequence failed
  CHECK(t0.events == Events{"activating behavior Fail/0xa0fa3c8d with flags 0x0, in decider F/0xc30bf539",
                            "ticking behavior Fail/0xa0fa3c8d @ 0.000000 (dt: 0.100000) with flags 0x0, duration 0.000",
                            "deactivating behavior Fail/0xa0fa3c8d, in decider F/0xc30bf539 (failed)"});
}

namespace halt_tree {
BT_DEFINE_GROUP(ROOT, Sequence, BT_CHILDREN(H));
BT_DEFINE_DECIDER(H, bt::builtin::kHalt);
}  // namespace halt_tree

TEST_CASE("Halt is Running at every tick, until something else ends it", "[builtin]") {
  test::TraceAgent agent;
  bt::MemoryFor<halt_tree::ROOT> memory{};
  Recorder recorder(agent);
  const auto t0 = test::Tick(halt_tree::ROOT, agent, memory, 0);
  CHECK(t0.result.status == bt::Status::Running);
  CHECK(t0.result.decider == &halt_tree::H);
  CHECK(t0.events == Events{"activating behavior Halt/0x68eb311a with flags 0x0, in decider H/0xcd0c04f7",
                            "ticking behavior Halt/0x68eb311a @ 0.000000 (dt: 0.100000) with flags 0x0, duration 0.000"});
  const auto t1 = test::Tick(halt_tree::ROOT, agent, memory, 100);
  CHECK(t1.result.status == bt::Status::Running);
  CHECK(t1.events == Events{"ticking behavior Halt/0x68eb311a @ 100.000000 (dt: 0.100000) with flags 0x0, duration 100.000"});
  bt::StopBehaviorTree(halt_tree::ROOT, agent, memory, 101);
  CHECK(agent.Take() == Events{"deactivating behavior Halt/0x68eb311a, in decider H/0xcd0c04f7 (stopped)"});
}

// The leaves' own memory in a damaged block: every byte is read as what it is
// (a flag byte other than 0 is set; a result other than Done fails), never as an
// invalid bool or Result.
TEST_CASE("Yield and WaitForEvent read damaged memory bytes as defined values", "[builtin][hardening]") {
  const bt::Context context{};
  bt::builtin::YieldMemory yield{};
  yield.yielded = 2;
  CHECK(bt::builtin::kYield.tick(nullptr, &yield, context) == bt::Result::Done);
  bt::detail::WaitForEventMemory wait{bt::NameId("Go"), static_cast<bt::Result>(0xA5), 0};
  CHECK(bt::kWaitForEvent.tick(nullptr, &wait, context) == bt::Result::Running);
  wait.arrived = 0x80;
  CHECK(bt::kWaitForEvent.tick(nullptr, &wait, context) == bt::Result::Failed);
  wait.result = bt::Result::Done;
  CHECK(bt::kWaitForEvent.tick(nullptr, &wait, context) == bt::Result::Done);
}

namespace yield_tree {
BT_DEFINE_GROUP(ROOT, Sequence, BT_CHILDREN(Y, AFTER));
BT_DEFINE_DECIDER(Y, bt::builtin::kYield);
BT_DEFINE_DECIDER(AFTER, bt::builtin::kHalt);
}  // namespace yield_tree

TEST_CASE("Yield is Running at its first tick and Done at its second, whatever the time", "[builtin]") {
  test::TraceAgent agent;
  bt::MemoryFor<yield_tree::ROOT> memory{};
  Recorder recorder(agent);
  const auto t0 = test::Tick(yield_tree::ROOT, agent, memory, 0);
  CHECK(t0.result.status == bt::Status::Running);
  CHECK(t0.result.decider == &yield_tree::Y);
  CHECK(t0.events == Events{"activating behavior Yield/0x410bde4e with flags 0x0, in decider Y/0xdc0c1c94",
                            "ticking behavior Yield/0x410bde4e @ 0.000000 (dt: 0.100000) with flags 0x0, duration 0.000"});
  const auto t1 = test::Tick(yield_tree::ROOT, agent, memory, 0);  // no time passed: the tick counts
  CHECK(t1.result.status == bt::Status::Running);
  CHECK(t1.result.decider == &yield_tree::AFTER);
  CHECK(t1.events == Events{"ticking behavior Yield/0x410bde4e @ 0.000000 (dt: 0.100000) with flags 0x0, duration 0.000",
                            "deactivating behavior Yield/0x410bde4e, in decider Y/0xdc0c1c94 (done)",
                            "activating behavior Halt/0x68eb311a with flags 0x0, in decider AFTER/0xa5309da9",
                            "ticking behavior Halt/0x68eb311a @ 0.000000 (dt: 0.100000) with flags 0x0, duration 0.000"});
}

// =============================================================== [SECTION] Wait and Timeout

namespace wait_tree {
BT_DEFINE_GROUP(ROOT, Sequence, BT_CHILDREN(W));
BT_DEFINE_DECIDER(W, bt::builtin::kWait, BT_PARAMS(bt::NumberParam("duration", 2)));
}  // namespace wait_tree

TEST_CASE("Wait is Running until duration seconds after its activation, and Done at exactly that time", "[builtin]") {
  test::TraceAgent agent;
  bt::MemoryFor<wait_tree::ROOT> memory{};
  Recorder recorder(agent);
  const auto t10 = test::Tick(wait_tree::ROOT, agent, memory, 10);
  const std::uint32_t random = BlockRandomState(memory);
  CHECK(t10.result.status == bt::Status::Running);
  CHECK(t10.events == Events{"activating behavior Wait/0xbd501c0 with flags 0x0, in decider W/0xd20c0cd6",
                             "ticking behavior Wait/0xbd501c0 @ 10.000000 (dt: 0.100000) with flags 0x0, duration 0.000"});
  const auto t11 = test::Tick(wait_tree::ROOT, agent, memory, 11.75);
  CHECK(t11.result.status == bt::Status::Running);
  CHECK(t11.events == Events{"ticking behavior Wait/0xbd501c0 @ 11.750000 (dt: 0.100000) with flags 0x0, duration 1.750"});
  const auto t12 = test::Tick(wait_tree::ROOT, agent, memory, 12);
  CHECK(t12.result.status == bt::Status::Done);
  CHECK(t12.events == Events{"ticking behavior Wait/0xbd501c0 @ 12.000000 (dt: 0.100000) with flags 0x0, duration 2.000",
                             "deactivating behavior Wait/0xbd501c0, in decider W/0xd20c0cd6 (done)"});
  CHECK(BlockRandomState(memory) == random);  // no variation: nothing drawn
  // Started again at the next tick: a new wait from then.
  CHECK(test::Tick(wait_tree::ROOT, agent, memory, 13).result.status == bt::Status::Running);
  CHECK(test::Tick(wait_tree::ROOT, agent, memory, 14.5).result.status == bt::Status::Running);
  const auto t15 = test::Tick(wait_tree::ROOT, agent, memory, 15);
  CHECK(t15.result.status == bt::Status::Done);
  CHECK(t15.events.back() == "deactivating behavior Wait/0xbd501c0, in decider W/0xd20c0cd6 (done)");
}

namespace wait_zero_tree {
BT_DEFINE_GROUP(ROOT, Sequence, BT_CHILDREN(W));
BT_DEFINE_DECIDER(W, bt::builtin::kWait, BT_PARAMS(bt::NumberParam("duration", 0)));
}  // namespace wait_zero_tree

TEST_CASE("Wait of duration 0 is Done at the tick that activates it", "[builtin]") {
  test::TraceAgent agent;
  bt::MemoryFor<wait_zero_tree::ROOT> memory{};
  Recorder recorder(agent);
  const auto t0 = test::Tick(wait_zero_tree::ROOT, agent, memory, 5);
  CHECK(t0.result.status == bt::Status::Done);
  CHECK(t0.events == Events{"activating behavior Wait/0xbd501c0 with flags 0x0, in decider W/0xd20c0cd6",
                            "ticking behavior Wait/0xbd501c0 @ 5.000000 (dt: 0.100000) with flags 0x0, duration 0.000",
                            "deactivating behavior Wait/0xbd501c0, in decider W/0xd20c0cd6 (done)"});
}

namespace wait_variation_tree {
BT_DEFINE_GROUP(ROOT, Sequence, BT_CHILDREN(W));
BT_DEFINE_DECIDER(W, bt::builtin::kWait, BT_PARAMS(bt::NumberParam("duration", 2), bt::NumberParam("variation", 4)));
}  // namespace wait_variation_tree

TEST_CASE("Wait adds variation times one draw of the block's generator, taken on activation", "[builtin]") {
  test::TraceAgent agent;
  bt::MemoryFor<wait_variation_tree::ROOT> memory{};
  bt::SeedMemory(memory.Span(), 7);
  std::uint32_t state = BlockRandomState(memory);
  const std::uint32_t draw = bt::NextRandomState(state);
  // The documented scale: the top 24 bits of the draw, over 2^24, times the variation.
  const float end = static_cast<float>(2.0 + 4.0 * ((draw >> 8) / 16777216.0));
  REQUIRE(end > 2.25f);  // the draw moves the end past duration (else this seed tests nothing)
  REQUIRE(end < 5.75f);

  Recorder recorder(agent);
  CHECK(test::Tick(wait_variation_tree::ROOT, agent, memory, 0).result.status == bt::Status::Running);
  CHECK(BlockRandomState(memory) == state);  // exactly one draw
  // Ticks every quarter second: Running before the end, Done at the first tick at or after it.
  double time = 0.25;
  for (; time < end; time += 0.25) {
    INFO("time " << time << ", end " << end);
    REQUIRE(test::Tick(wait_variation_tree::ROOT, agent, memory, time).result.status == bt::Status::Running);
  }
  const auto done = test::Tick(wait_variation_tree::ROOT, agent, memory, time);
  CHECK(done.result.status == bt::Status::Done);
  CHECK(done.events.back() == "deactivating behavior Wait/0xbd501c0, in decider W/0xd20c0cd6 (done)");
  CHECK(BlockRandomState(memory) == state);  // nothing drawn after activation
}

namespace wait_forever_tree {
BT_DEFINE_GROUP(ROOT, Sequence, BT_CHILDREN(W));
BT_DEFINE_DECIDER(W, bt::builtin::kWait, BT_PARAMS(bt::NumberParam("duration", -1), bt::NumberParam("variation", 3)));
}  // namespace wait_forever_tree

TEST_CASE("Wait of a negative duration is Running for ever, asleep until woken as Halt is", "[builtin]") {
  test::TraceAgent agent;
  bt::MemoryFor<wait_forever_tree::ROOT> memory{}, compiled{};
  bt::SeedMemory(memory.Span(), 7);
  bt::SeedMemory(compiled.Span(), 7);
  const std::uint32_t random = BlockRandomState(memory);
  for (const double time : {0.0, 1.0, 2.0, 10.0, 100.0}) {
    INFO("time " << time);
    CHECK(test::Tick(wait_forever_tree::ROOT, agent, memory, time).result.status == bt::Status::Running);
    CHECK(bt::TickBehaviorTreeCompiled<wait_forever_tree::ROOT>(agent, compiled, time, 0.1f).status ==
          bt::Status::Running);
  }
  CHECK(BlockRandomState(memory) == random);  // its timer never started: no variation drawn
  CHECK(std::memcmp(memory.bytes, compiled.bytes, sizeof memory.bytes) == 0);
  // Its Tick asks to sleep until woken (a crowd skips it), as Halt, which has no Tick, does.
  bt::builtin::DeadlineMemory never{};
  never.seconds = bt::builtin::DeadlineMemory::kNever;
  bt::SleepRequest request;
  bt::Context context;
  context.decider = &wait_forever_tree::W;  // its parameters: a Tick reads them to check the end it keeps
  context.activeTime = 1e9f;
  context.sleep = &request;
  CHECK(bt::builtin::kWait.tick(&agent, &never, context) == bt::Result::Running);
  CHECK(request.until == std::numeric_limits<double>::infinity());
}

namespace wait_shorter_tree {
BT_DEFINE_GROUP(ROOT, Sequence, BT_CHILDREN(W));
BT_DEFINE_DECIDER(W, bt::builtin::kWait, BT_PARAMS(bt::NumberParam("duration", 2), bt::NumberParam("variation", -1.5)));
}  // namespace wait_shorter_tree
namespace wait_past_tree {
BT_DEFINE_GROUP(ROOT, Sequence, BT_CHILDREN(W));
BT_DEFINE_DECIDER(W, bt::builtin::kWait, BT_PARAMS(bt::NumberParam("duration", 0), bt::NumberParam("variation", -1)));
}  // namespace wait_past_tree

TEST_CASE("Wait's negative variation shortens the wait; an end before the activation is reached at once",
          "[builtin]") {
  test::TraceAgent agent;
  bt::MemoryFor<wait_shorter_tree::ROOT> memory{};
  bt::SeedMemory(memory.Span(), 7);
  std::uint32_t state = BlockRandomState(memory);
  const std::uint32_t draw = bt::NextRandomState(state);
  const float end = static_cast<float>(2.0 - 1.5 * ((draw >> 8) / 16777216.0));
  REQUIRE(end < 1.75f);
  CHECK(test::Tick(wait_shorter_tree::ROOT, agent, memory, 0).result.status == bt::Status::Running);
  double time = 0.25;
  for (; time < end; time += 0.25) REQUIRE(test::Tick(wait_shorter_tree::ROOT, agent, memory, time).result.status == bt::Status::Running);
  CHECK(test::Tick(wait_shorter_tree::ROOT, agent, memory, time).result.status == bt::Status::Done);

  bt::MemoryFor<wait_past_tree::ROOT> past{};
  bt::SeedMemory(past.Span(), 7);
  CHECK(test::Tick(wait_past_tree::ROOT, agent, past, 5).result.status == bt::Status::Done);
}

namespace timeout_past_tree {
BT_DEFINE_GROUP(ROOT, Sequence, BT_CHILDREN(T));
BT_DEFINE_DECIDER(T, bt::builtin::kTimeout, BT_PARAMS(bt::NumberParam("duration", -2)));
}  // namespace timeout_past_tree

TEST_CASE("Timeout of a negative duration fails at its first tick", "[builtin]") {
  test::TraceAgent agent;
  bt::MemoryFor<timeout_past_tree::ROOT> memory{};
  Recorder recorder(agent);
  const auto t0 = test::Tick(timeout_past_tree::ROOT, agent, memory, 3);
  CHECK(t0.result.status == bt::Status::NoBehavior);
  CHECK(t0.events == Events{"activating behavior Timeout/0x82d97e28 with flags 0x0, in decider T/0xd10c0b43",
                            "ticking behavior Timeout/0x82d97e28 @ 3.000000 (dt: 0.100000) with flags 0x0, duration 0.000",
                            "deactivating behavior Timeout/0x82d97e28, in decider T/0xd10c0b43 (failed)"});
}

namespace timeout_tree {
BT_DEFINE_GROUP(ROOT, Sequence, BT_CHILDREN(T));
BT_DEFINE_DECIDER(T, bt::builtin::kTimeout, BT_PARAMS(bt::NumberParam("duration", 1.5)));
}  // namespace timeout_tree

TEST_CASE("Timeout is Running until duration seconds after its activation, and Failed at exactly that time",
          "[builtin]") {
  test::TraceAgent agent;
  bt::MemoryFor<timeout_tree::ROOT> memory{};
  Recorder recorder(agent);
  const auto t0 = test::Tick(timeout_tree::ROOT, agent, memory, 0);
  CHECK(t0.result.status == bt::Status::Running);
  CHECK(t0.events == Events{"activating behavior Timeout/0x82d97e28 with flags 0x0, in decider T/0xd10c0b43",
                            "ticking behavior Timeout/0x82d97e28 @ 0.000000 (dt: 0.100000) with flags 0x0, duration 0.000"});
  const auto t1 = test::Tick(timeout_tree::ROOT, agent, memory, 1.25);
  CHECK(t1.result.status == bt::Status::Running);
  CHECK(t1.events == Events{"ticking behavior Timeout/0x82d97e28 @ 1.250000 (dt: 0.100000) with flags 0x0, duration 1.250"});
  const auto t2 = test::Tick(timeout_tree::ROOT, agent, memory, 1.5);
  CHECK(t2.result.status == bt::Status::NoBehavior);
  CHECK(t2.events == Events{"ticking behavior Timeout/0x82d97e28 @ 1.500000 (dt: 0.100000) with flags 0x0, duration 1.500",
                            "deactivating behavior Timeout/0x82d97e28, in decider T/0xd10c0b43 (failed)"});
}

// =============================================================== [SECTION] parameters

namespace bad_wait_tree {
BT_DEFINE_GROUP(ROOT, Sequence, BT_CHILDREN(W));
BT_DEFINE_DECIDER(W, bt::builtin::kWait, BT_PARAMS(bt::TextParam("duration", "2")));
}  // namespace bad_wait_tree

TEST_CASE("A leaf with a bad parameter fails at once: its Activate fails, it is never ticked", "[builtin]") {
  test::TraceAgent agent;
  bt::MemoryFor<bad_wait_tree::ROOT> memory{};
  Recorder recorder(agent);
  const auto t0 = test::Tick(bad_wait_tree::ROOT, agent, memory, 0);
  CHECK(t0.result.status == bt::Status::NoBehavior);
  CHECK(t0.events == Events{"activating behavior Wait/0xbd501c0 with flags 0x0, in decider W/0xd20c0cd6",
                            "deactivating behavior Wait/0xbd501c0, in decider W/0xd20c0cd6 (failed)"});
}

TEST_CASE("CheckBuiltinParams names the leaf, the parameter and what is wrong", "[builtin]") {
  using bt::BoolParam;
  using bt::NumberParam;
  using bt::TextParam;
  const auto check = [](const bt::BehaviorDef& leaf, std::initializer_list<bt::Param> params) {
    const bt::BuiltinParamError e = bt::CheckBuiltinParams(leaf, std::span(params.begin(), params.size()));
    return e ? std::string(e.behavior) + ": \"" + e.parameter + "\" " + e.problem : std::string("ok");
  };
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  CHECK(check(bt::builtin::kWait, {NumberParam("duration", 2)}) == "ok");
  CHECK(check(bt::builtin::kWait, {NumberParam("duration", 2), NumberParam("variation", 0.5)}) == "ok");
  CHECK(check(bt::builtin::kWait, {NumberParam("variation", 1), NumberParam("duration", 0)}) == "ok");
  CHECK(check(bt::builtin::kWait, {}) == "Wait: \"duration\" is missing");
  CHECK(check(bt::builtin::kWait, {NumberParam("during", 2)}) == "Wait: \"duration\" is missing");
  CHECK(check(bt::builtin::kWait, {TextParam("duration", "2")}) == "Wait: \"duration\" must be a Number");
  CHECK(check(bt::builtin::kWait, {BoolParam("duration", true)}) == "Wait: \"duration\" must be a Number");
  // Negative times are MBT's: a Wait for ever, a shorter wait, a Timeout elapsed at once.
  CHECK(check(bt::builtin::kWait, {NumberParam("duration", -1)}) == "ok");
  CHECK(check(bt::builtin::kWait, {NumberParam("duration", 1), NumberParam("variation", -0.5)}) == "ok");
  CHECK(check(bt::builtin::kTimeout, {NumberParam("duration", -1)}) == "ok");
  CHECK(check(bt::builtin::kWait, {NumberParam("duration", nan)}) == "Wait: \"duration\" must be finite");
  CHECK(check(bt::builtin::kWait, {NumberParam("duration", inf)}) == "Wait: \"duration\" must be finite");
  CHECK(check(bt::builtin::kWait, {NumberParam("duration", -1e300)}) == "Wait: \"duration\" must be finite");
  CHECK(check(bt::builtin::kWait, {NumberParam("duration", 1), NumberParam("variation", -inf)}) ==
        "Wait: \"variation\" must be finite");
  CHECK(check(bt::builtin::kTimeout, {NumberParam("duration", 3)}) == "ok");
  CHECK(check(bt::builtin::kTimeout, {}) == "Timeout: \"duration\" is missing");
  CHECK(check(bt::builtin::kLog, {TextParam("message", "hi")}) == "ok");
  CHECK(check(bt::builtin::kLog, {TextParam("message", "hi"), BoolParam("fail", true)}) == "ok");
  CHECK(check(bt::builtin::kLog, {}) == "Log: \"message\" is missing");
  CHECK(check(bt::builtin::kLog, {NumberParam("message", 1)}) == "Log: \"message\" must be Text");
  CHECK(check(bt::builtin::kLog, {TextParam("message", "hi"), NumberParam("fail", 1)}) ==
        "Log: \"fail\" must be a Bool");
  // Leaves without parameters, and behaviors that are not built in, accept anything.
  CHECK(check(bt::builtin::kSucceed, {NumberParam("duration", -1)}) == "ok");
  const bt::BehaviorDef other{"Other", nullptr, bt::builtin::kWait.tick};
  CHECK(check(other, {}) == "ok");
  // A copy of a leaf's definition (a tree from data holds one) is still that leaf.
  const bt::BehaviorDef copy = bt::builtin::kWait;
  CHECK(check(copy, {}) == "Wait: \"duration\" is missing");
}

// =============================================================== [SECTION] Log and Breakpoint

namespace log_tree {
BT_DEFINE_GROUP(ROOT, Sequence, BT_CHILDREN(HELLO, OOPS));
BT_DEFINE_DECIDER(HELLO, bt::builtin::kLog, BT_PARAMS(bt::TextParam("message", "hello, world")));
BT_DEFINE_DECIDER(OOPS, bt::builtin::kLog, BT_PARAMS(bt::TextParam("message", "oops"), bt::BoolParam("fail", true)));
}  // namespace log_tree

TEST_CASE("Log writes its message at debug level 1 at its first tick, then is Done (Failed with fail)", "[builtin]") {
  test::TraceAgent agent;
  bt::MemoryFor<log_tree::ROOT> memory{};
  {
    Recorder recorder(agent);
    const auto t0 = test::Tick(log_tree::ROOT, agent, memory, 0);
    CHECK(t0.result.status == bt::Status::NoBehavior);  // OOPS failed the Sequence
    CHECK(t0.events == Events{"activating behavior Log/0xa1dd7bf1 with flags 0x0, in decider HELLO/0x32543b0b",
                              "ticking behavior Log/0xa1dd7bf1 @ 0.000000 (dt: 0.100000) with flags 0x0, duration 0.000",
                              "hello, world (HELLO/0x32543b0b)", "deactivating behavior Log/0xa1dd7bf1, in decider HELLO/0x32543b0b (done)",
                              "activating behavior Log/0xa1dd7bf1 with flags 0x0, in decider OOPS/0x9e1e66e",
                              "ticking behavior Log/0xa1dd7bf1 @ 0.000000 (dt: 0.100000) with flags 0x0, duration 0.000", "oops (OOPS/0x9e1e66e)",
                              "deactivating behavior Log/0xa1dd7bf1, in decider OOPS/0x9e1e66e (failed)"});
  }
  // The whole line, at level 1 and depth 0.
  std::vector<std::string> lines;
  const bt::DebugOutputSettings saved = bt::GetDebugOutput();
  bt::SetDebugOutput({1, nullptr,
                      +[](const bt::DebugLine& line, void* user) {
                        if (line.level == 1 && line.depth == 0)
                          static_cast<std::vector<std::string>*>(user)->push_back(line.message);
                      },
                      &lines});
  CHECK(test::Tick(log_tree::ROOT, agent, memory, 1).result.status == bt::Status::NoBehavior);
  bt::SetDebugOutput({0, nullptr, nullptr, nullptr});
  CHECK(test::Tick(log_tree::ROOT, agent, memory, 2).result.status == bt::Status::NoBehavior);  // level 0: no line
  bt::SetDebugOutput(saved);
  CHECK(lines == std::vector<std::string>{"hello, world (HELLO/0x32543b0b)", "oops (OOPS/0x9e1e66e)"});
}

namespace breakpoint_tree {
BT_DEFINE_GROUP(ROOT, Sequence, BT_CHILDREN(STOP_HERE));
BT_DEFINE_DECIDER(STOP_HERE, bt::builtin::kBreakpoint);
}  // namespace breakpoint_tree

TEST_CASE("Breakpoint writes a debug line and is Done at its first tick", "[builtin]") {
  test::TraceAgent agent;
  bt::MemoryFor<breakpoint_tree::ROOT> memory{};
  Recorder recorder(agent);
  const auto t0 = test::Tick(breakpoint_tree::ROOT, agent, memory, 0);
  CHECK(t0.result.status == bt::Status::Done);
  CHECK(t0.events == Events{"activating behavior Breakpoint/0xc0f2ec0e with flags 0x0, in decider STOP_HERE/0xddb8ed80",
                            "ticking behavior Breakpoint/0xc0f2ec0e @ 0.000000 (dt: 0.100000) with flags 0x0, duration 0.000",
                            "breakpoint (STOP_HERE/0xddb8ed80)", "deactivating behavior Breakpoint/0xc0f2ec0e, in decider STOP_HERE/0xddb8ed80 (done)"});
}

// =============================================================== [SECTION] compositions

// Drag[en]gine `running`: Halt, its conditions a Decide read again at every tick.
namespace running_rule_tree {
BT_DEFINE_GROUP(ROOT, Sequence, BT_CHILDREN(RUNNING));
BT_DEFINE_DECIDER(RUNNING, bt::builtin::kHalt, BT_DECIDE(test::TraceDecide), BT_FLAGS(bt::kRecheckEveryTick));
}  // namespace running_rule_tree

TEST_CASE("Drag[en]gine's running rule is Halt with kRecheckEveryTick: Running while its conditions hold",
          "[builtin]") {
  test::TraceAgent agent;
  bt::MemoryFor<running_rule_tree::ROOT> memory{};
  Recorder recorder(agent);
  agent.decide["RUNNING"] = 1;
  const auto t0 = test::Tick(running_rule_tree::ROOT, agent, memory, 0);
  CHECK(t0.result.status == bt::Status::Running);
  CHECK(t0.events == Events{"decide RUNNING", "activating behavior Halt/0x68eb311a with flags 0x0, in decider RUNNING/0xadc260ac",
                            "ticking behavior Halt/0x68eb311a @ 0.000000 (dt: 0.100000) with flags 0x0, duration 0.000"});
  const auto t1 = test::Tick(running_rule_tree::ROOT, agent, memory, 1);
  CHECK(t1.result.status == bt::Status::Running);
  CHECK(t1.events ==
        Events{"decide RUNNING", "ticking behavior Halt/0x68eb311a @ 1.000000 (dt: 0.100000) with flags 0x0, duration 1.000"});
  agent.decide["RUNNING"] = 0;
  const auto t2 = test::Tick(running_rule_tree::ROOT, agent, memory, 2);
  CHECK(t2.result.status == bt::Status::NoBehavior);
  CHECK(t2.events == Events{"decide RUNNING", "deactivating behavior Halt/0x68eb311a, in decider RUNNING/0xadc260ac (failed)"});
  // Conditions false on entry: the rule fails without running.
  const auto t3 = test::Tick(running_rule_tree::ROOT, agent, memory, 3);
  CHECK(t3.result.status == bt::Status::NoBehavior);
  CHECK(t3.events == Events{"decide RUNNING"});
}

// MBT AssertCondition (and Drag[en]gine's `success` rule): Succeed gated by a Decide.
namespace assert_tree {
BT_DEFINE_GROUP(ROOT, Sequence, BT_CHILDREN(ASSERT, AFTER));
BT_DEFINE_DECIDER(ASSERT, bt::builtin::kSucceed, BT_DECIDE(test::TraceDecide));
BT_DEFINE_DECIDER(AFTER, bt::builtin::kHalt);
}  // namespace assert_tree

TEST_CASE("AssertCondition is Succeed with a Decide gate: Done when it holds, Failed unactivated when not",
          "[builtin]") {
  test::TraceAgent agent;
  bt::MemoryFor<assert_tree::ROOT> memory{};
  Recorder recorder(agent);
  agent.decide["ASSERT"] = 0;
  const auto t0 = test::Tick(assert_tree::ROOT, agent, memory, 0);
  CHECK(t0.result.status == bt::Status::NoBehavior);
  CHECK(t0.events == Events{"decide ASSERT"});
  agent.decide["ASSERT"] = 1;
  const auto t1 = test::Tick(assert_tree::ROOT, agent, memory, 1);
  CHECK(t1.result.status == bt::Status::Running);
  CHECK(t1.result.decider == &assert_tree::AFTER);
  CHECK(t1.events == Events{"decide ASSERT", "activating behavior Succeed/0x606aea53 with flags 0x0, in decider ASSERT/0xb5d92bfb",
                            "ticking behavior Succeed/0x606aea53 @ 1.000000 (dt: 0.100000) with flags 0x0, duration 0.000",
                            "deactivating behavior Succeed/0x606aea53, in decider ASSERT/0xb5d92bfb (done)",
                            "activating behavior Halt/0x68eb311a with flags 0x0, in decider AFTER/0xa5309da9",
                            "ticking behavior Halt/0x68eb311a @ 1.000000 (dt: 0.100000) with flags 0x0, duration 0.000"});
}

// MBT MonitorCondition: Decorator(kInvertResult) over Halt, whose Decide is the
// negated condition (scripted here: the agent's decide["WATCH"] is !condition),
// re-checked at every tick. No macro option sets a NodeConfig yet: written out.
namespace monitor_tree {
bt::DeciderData gWatchData, gMonitorData;
const bt::DeciderDef WATCH{.name = "WATCH",
                           .kind = bt::DeciderKind::Behavior,
                           .flags = bt::kRecheckEveryTick,
                           .behavior = &bt::builtin::kHalt,
                           .decide = bt::detail::MakeDecide<test::TraceDecide, void>(),
                           .agentType = bt::TypeTagOf<test::TraceAgent>(),
                           .data = &gWatchData};
const bt::DeciderDef* const kMonitorChildren[] = {&WATCH};
const bt::DeciderDef MONITOR{.name = "MONITOR",
                             .kind = bt::DeciderKind::Group,
                             .policy = bt::GroupPolicy::Decorator,
                             .children = kMonitorChildren,
                             .childCount = 1,
                             .data = &gMonitorData,
                             .config = {.results = bt::kInvertResult}};
}  // namespace monitor_tree

TEST_CASE("MonitorCondition is an inverting Decorator over a re-checked Halt: Running until the condition holds",
          "[builtin]") {
  using namespace monitor_tree;
  static bt::DeciderData afterData, rootData;
  static const bt::DeciderDef after{.name = "AFTER", .behavior = &bt::builtin::kHalt, .data = &afterData};
  static const bt::DeciderDef* const rootChildren[] = {&MONITOR, &after};
  static const bt::DeciderDef root{.name = "ROOT",
                                   .kind = bt::DeciderKind::Group,
                                   .policy = bt::GroupPolicy::Sequence,
                                   .children = rootChildren,
                                   .childCount = 2,
                                   .data = &rootData};
  test::TraceAgent agent;
  bt::Memory<256> memory{};
  REQUIRE(bt::MemoryBytesFor(root) <= memory.Span().size());
  Recorder recorder(agent);
  agent.decide["WATCH"] = 1;  // the condition is false
  const auto t0 = test::Tick(root, agent, memory, 0);
  CHECK(t0.result.status == bt::Status::Running);
  CHECK(t0.result.decider == &WATCH);
  CHECK(t0.events == Events{"decide WATCH", "activating behavior Halt/0x68eb311a with flags 0x0, in decider WATCH/0xea17a2c8",
                            "ticking behavior Halt/0x68eb311a @ 0.000000 (dt: 0.100000) with flags 0x0, duration 0.000"});
  const auto t1 = test::Tick(root, agent, memory, 1);
  CHECK(t1.result.status == bt::Status::Running);
  CHECK(t1.events == Events{"decide WATCH", "ticking behavior Halt/0x68eb311a @ 1.000000 (dt: 0.100000) with flags 0x0, duration 1.000"});
  agent.decide["WATCH"] = 0;  // the condition holds: the monitor is done, and the Sequence goes on
  const auto t2 = test::Tick(root, agent, memory, 2);
  CHECK(t2.result.status == bt::Status::Running);
  CHECK(t2.result.decider == &after);
  CHECK(t2.events == Events{"decide WATCH", "deactivating behavior Halt/0x68eb311a, in decider WATCH/0xea17a2c8 (failed)",
                            "activating behavior Halt/0x68eb311a with flags 0x0, in decider AFTER/0xa5309da9",
                            "ticking behavior Halt/0x68eb311a @ 2.000000 (dt: 0.100000) with flags 0x0, duration 0.000"});
  // Started with the condition already true: Done at once, nothing activated below it.
  bt::StopBehaviorTree(root, agent, memory, 3);
  CHECK(agent.Take() == Events{"deactivating behavior Halt/0x68eb311a, in decider AFTER/0xa5309da9 (stopped)"});
  const auto t4 = test::Tick(root, agent, memory, 4);
  CHECK(t4.result.status == bt::Status::Running);
  CHECK(t4.result.decider == &after);
  CHECK(t4.events == Events{"decide WATCH", "activating behavior Halt/0x68eb311a with flags 0x0, in decider AFTER/0xa5309da9",
                            "ticking behavior Halt/0x68eb311a @ 4.000000 (dt: 0.100000) with flags 0x0, duration 0.000"});
}

// =============================================================== [SECTION] from data

namespace {

bt::data::Registry BuiltinRegistry() {
  bt::data::Registry registry;
  bt::data::RegisterBuiltinBehaviors(registry);
  BT_REGISTER_ACTION(registry, "Work", void, test::TraceActivate, test::TraceTick, test::TraceDeactivate);
  BT_REGISTER_DECIDE(registry, "Trace", test::TraceDecide);
  return registry;
}

}  // namespace

TEST_CASE("RegisterBuiltinBehaviors registers every leaf under its name, with named parameters only", "[builtin]") {
  bt::data::Registry registry;
  bt::data::RegisterBuiltinBehaviors(registry);
  CHECK(registry.Names(bt::data::BindingKind::Action) ==
        std::vector<std::string>{"Breakpoint", "Fail", "Halt", "Log", "Succeed", "Timeout", "Wait", "Yield"});
  for (const bt::BehaviorDef* leaf : bt::builtin::All()) {
    const bt::data::ActionEntry* entry = registry.FindAction(leaf->name);
    REQUIRE(entry != nullptr);
    CHECK(std::string(entry->behavior.name) == leaf->name);
    CHECK(entry->behavior.activate == leaf->activate);
    CHECK(entry->behavior.tick == leaf->tick);
    CHECK(entry->behavior.memory.size == leaf->memory.size);
    CHECK(entry->params.empty());
  }
  // A tree from data runs them: Wait(duration = 1), then Log.
  bt::data::TreeSpec spec{.file = "leaves.bt"};
  spec.Group("ROOT", bt::GroupPolicy::Sequence, {"PAUSE", "SAY"});
  spec.Behavior("PAUSE", "Wait", {bt::data::ArgSpec::Number(1).Named("duration")});
  spec.Behavior("SAY", "Log", {bt::data::ArgSpec::Text("paused").Named("message")});
  spec.Behavior("POSITIONAL", "Wait", {bt::data::ArgSpec::Number(1)});
  const bt::data::BuildResult built = bt::data::BuildTree(spec, registry);
  REQUIRE(built.errors.size() == 1);
  CHECK(built.errors[0].message == "leaves.bt: decider POSITIONAL: action 'Wait' takes 0 arguments, given 1");
  spec.nodes.pop_back();
  const bt::data::BuildResult ok = bt::data::BuildTree(spec, registry);
  REQUIRE(ok.Ok());
  test::TraceAgent agent;
  bt::Memory<512> memory{};
  REQUIRE(bt::MemoryBytesFor(ok.tree->Root()) <= memory.Span().size());
  Recorder recorder(agent);
  CHECK(test::Tick(ok.tree->Root(), agent, memory, 0).result.status == bt::Status::Running);
  const auto t1 = test::Tick(ok.tree->Root(), agent, memory, 1);
  CHECK(t1.result.status == bt::Status::Done);
  CHECK(t1.events == Events{"ticking behavior Wait/0xbd501c0 @ 1.000000 (dt: 0.100000) with flags 0x0, duration 1.000",
                            "deactivating behavior Wait/0xbd501c0, in decider PAUSE/0x4762b66d (done)",
                            "activating behavior Log/0xa1dd7bf1 with flags 0x0, in decider SAY/0xbf69580",
                            "ticking behavior Log/0xa1dd7bf1 @ 1.000000 (dt: 0.100000) with flags 0x0, duration 0.000", "paused (SAY/0xbf69580)",
                            "deactivating behavior Log/0xa1dd7bf1, in decider SAY/0xbf69580 (done)"});
}

TEST_CASE("WriteTreeAsCpp refers to the built-in leaves by their C++ names, without defining them", "[builtin]") {
  bt::data::Registry registry;
  bt::data::RegisterBuiltinBehaviors(registry);
  bt::data::TreeSpec spec{.file = "leaves.bt"};
  spec.Group("ROOT", bt::GroupPolicy::Sequence, {"PAUSE", "SAY"});
  spec.Behavior("PAUSE", "Wait", {bt::data::ArgSpec::Number(1).Named("duration")});
  spec.Behavior("SAY", "Log", {bt::data::ArgSpec::Text("paused").Named("message")});
  const bt::data::BuildResult built = bt::data::BuildTree(spec, registry);
  REQUIRE(built.Ok());
  const bt::data::CppWriteResult cpp = bt::data::WriteTreeAsCpp(*built.tree, registry);
  REQUIRE(cpp.Ok());
  // The same tree as the macro trees above write it.
  CHECK(cpp.text ==
        "// Generated by bt::data::WriteTreeAsCpp from leaves.bt: edit the data, not this file.\n"
        "#include \"bt/bt.h\"\n"
        "\n"
        "\n"
        "BT_DEFINE_GROUP(ROOT, Sequence,\n"
        "    BT_CHILDREN(PAUSE, SAY));\n"
        "BT_DEFINE_DECIDER(PAUSE, bt::builtin::kWait,\n"
        "    BT_PARAMS(bt::NumberParam(\"duration\", 1.0)));\n"
        "BT_DEFINE_DECIDER(SAY, bt::builtin::kLog,\n"
        "    BT_PARAMS(bt::TextParam(\"message\", \"paused\")));\n"
        "BT_CHECK_TREE(ROOT);\n");
}

TEST_CASE("MBT's logging attributes wrap any node in Log leaves without changing its results", "[builtin]") {
  const bt::data::Registry registry = BuiltinRegistry();
  bt::data::TreeSpec spec{.file = "logs.xml"};
  spec.Group("ROOT", bt::GroupPolicy::Sequence, {"X", "REST"});
  spec.Behavior("X", "Work").Decide("Trace");
  spec.Behavior("REST", "Halt");
  REQUIRE(bt::data::AttachNodeLogs(spec, "X", {"starting", "succeeded", "failed"}));
  CHECK_FALSE(bt::data::AttachNodeLogs(spec, "X", {"again", "", ""}));  // X._logged exists: nothing changes
  CHECK_FALSE(bt::data::AttachNodeLogs(spec, "NOBODY", {"a", "b", "c"}));
  // Many at once: all or nothing (REST would be wrapped, but NOBODY is missing).
  CHECK_FALSE(bt::data::AttachNodeLogs(spec, {{"REST", {"a", "", ""}}, {"NOBODY", {"a", "", ""}}}));
  CHECK(spec.nodes.size() == 8);
  CHECK(spec.nodes[0].children[0].name == "X._logs");
  const bt::data::BuildResult built = bt::data::BuildTree(spec, registry);
  REQUIRE(built.Ok());
  const bt::DeciderDef& root = built.tree->Root();

  test::TraceAgent agent;
  bt::Memory<1024> memory{};
  REQUIRE(bt::MemoryBytesFor(root) <= memory.Span().size());
  Recorder recorder(agent, 1);  // activations and the Logs' lines, beside the trace functions' events

  // X runs: the start log, then X.
  agent.decide["X"] = 1;
  const auto t0 = test::Tick(root, agent, memory, 0);
  CHECK(t0.result.status == bt::Status::Running);
  CHECK(t0.events == Events{"activating behavior Log/0xa1dd7bf1 with flags 0x0, in decider X._startLog/0xe04c6d12", "starting (X._startLog/0xe04c6d12)",
                            "decide X", "activating behavior Work/0xdbc51e80 with flags 0x0, in decider X/0xdd0c1e27", "activate Work",
                            "tick Work"});
  // X is done: deactivated, then the success log; the Sequence goes on.
  agent.tick["Work"] = bt::Result::Done;
  const auto t1 = test::Tick(root, agent, memory, 1);
  CHECK(t1.result.status == bt::Status::Running);
  CHECK(t1.result.decider == built.tree->Find("REST"));
  CHECK(t1.events == Events{"tick Work", "deactivate Work",
                            "activating behavior Log/0xa1dd7bf1 with flags 0x0, in decider X._successLog/0x4bc804d7",
                            "succeeded (X._successLog/0x4bc804d7)", "activating behavior Halt/0x68eb311a with flags 0x0, in decider REST/0x280f7297"});

  // X fails: deactivated, then the failure log; the wrapper fails as X did.
  bt::StopBehaviorTree(root, agent, memory, 2);
  agent.Take();
  agent.tick["Work"] = bt::Result::Failed;
  const auto t3 = test::Tick(root, agent, memory, 3);
  CHECK(t3.result.status == bt::Status::NoBehavior);
  CHECK(t3.events ==
        Events{"activating behavior Log/0xa1dd7bf1 with flags 0x0, in decider X._startLog/0xe04c6d12", "starting (X._startLog/0xe04c6d12)", "decide X",
               "activating behavior Work/0xdbc51e80 with flags 0x0, in decider X/0xdd0c1e27", "activate Work", "tick Work", "deactivate Work",
               "activating behavior Log/0xa1dd7bf1 with flags 0x0, in decider X._failureLog/0x23c038bc", "failed (X._failureLog/0x23c038bc)"});
  // X rejects (its gate is shut): it fails without running, and so logs its failure.
  agent.decide["X"] = 0;
  const auto t4 = test::Tick(root, agent, memory, 4);
  CHECK(t4.result.status == bt::Status::NoBehavior);
  CHECK(t4.events == Events{"activating behavior Log/0xa1dd7bf1 with flags 0x0, in decider X._startLog/0xe04c6d12", "starting (X._startLog/0xe04c6d12)",
                            "decide X", "activating behavior Log/0xa1dd7bf1 with flags 0x0, in decider X._failureLog/0x23c038bc",
                            "failed (X._failureLog/0x23c038bc)"});
}

TEST_CASE("A logging attribute alone adds only its own Log; the wrapped root stays the root", "[builtin]") {
  const bt::data::Registry registry = BuiltinRegistry();
  bt::data::TreeSpec spec{.file = "logs.xml"};
  spec.Behavior("X", "Work");  // the root itself
  REQUIRE(bt::data::AttachNodeLogs(spec, "X", {"", "", "failed"}));
  CHECK(spec.root == "X._logs");
  REQUIRE(spec.nodes.size() == 3);
  CHECK(spec.nodes[1].name == "X._logs");
  CHECK(spec.nodes[1].policy == bt::GroupPolicy::Fallback);
  CHECK(spec.nodes[1].children.size() == 2);
  CHECK(spec.nodes[1].children[0].name == "X");
  CHECK(spec.nodes[1].children[1].name == "X._failureLog");
  CHECK(spec.nodes[2].name == "X._failureLog");
  REQUIRE(bt::data::AttachNodeLogs(spec, "X._logs", {"", "", ""}));  // no message: nothing to add
  CHECK(spec.nodes.size() == 3);

  const bt::data::BuildResult built = bt::data::BuildTree(spec, registry);
  REQUIRE(built.Ok());
  test::TraceAgent agent;
  bt::Memory<512> memory{};
  REQUIRE(bt::MemoryBytesFor(built.tree->Root()) <= memory.Span().size());
  Recorder recorder(agent, 1);
  agent.tick["Work"] = bt::Result::Done;  // success: nothing logged, the tree is done as X is
  const auto t0 = test::Tick(built.tree->Root(), agent, memory, 0);
  CHECK(t0.result.status == bt::Status::Done);
  CHECK(t0.events == Events{"activating behavior Work/0xdbc51e80 with flags 0x0, in decider X/0xdd0c1e27", "activate Work", "tick Work",
                            "deactivate Work"});
}
