// tests/engine/sleep_test.cpp — sleeping agents (bt/engine/sleep.h): when a tick leaves its
// agent asleep, and a crowd (bt/crowd/crowd.h) that skips it until it can wake, with
// the same calls as ticking it at every frame.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "bt/bt.h"
#include "bt/engine/compiled_tick.h"
#include "bt/crowd/crowd.h"
#include "bt/crowd/migration.h"
#include "bt/crowd/ticks.h"

namespace {

constexpr std::uint32_t kNoise = 1;
constexpr double kInf = std::numeric_limits<double>::infinity();

// A guard that rests for `restFor` seconds at a time; the calls that matter
// (every one but a resting Tick that does nothing) go to its log.
struct Guard {
  double restFor = 1.0;
  bool alert = false;       // AlertDecide accepts
  bool untilWoken = false;  // Rest sleeps until woken rather than until its end
  std::uint32_t stimuli = 0;
  int restTicks = 0;        // every Tick of Rest, idle ones included
  std::vector<std::string> log;
};

struct RestMemory {
  double end = 0;  // an end time, not an accumulated dt: its idle Ticks change nothing
};

std::string At(const char* what, double time) { return std::string(what) + " " + std::to_string(time); }

float AlertDecide(Guard& g, const bt::DecideContext& c) {
  g.log.push_back(At("alert?", c.time));
  return g.alert ? 1.0f : 0.0f;
}
float PatrolDecide(Guard& g, const bt::DecideContext& c) {
  g.log.push_back(At("patrol?", c.time));
  return 0.0f;
}
bt::Result AlertTick(Guard& g, const bt::Context& c) {
  g.log.push_back(At("alert", c.time));
  return bt::Result::Running;
}
bool RestActivate(Guard& g, RestMemory& m, const bt::Context& c) {
  g.log.push_back(At("rest", c.time));
  m.end = c.time + g.restFor;
  return true;
}
bt::Result RestTick(Guard& g, RestMemory& m, const bt::Context& c) {
  ++g.restTicks;
  if (c.time >= m.end) {
    g.log.push_back(At("rested", c.time) + " dt " + std::to_string(c.dt));
    return bt::Result::Done;
  }
  if (g.untilWoken) c.SleepUntilWoken();
  else c.SleepUntil(m.end);
  return bt::Result::Running;
}
void RestDeactivate(Guard& g, RestMemory&, const bt::Context& c) { g.log.push_back(At("rest ends", c.time)); }

BT_DEFINE_BEHAVIOR__TICK(SLEEP_ALERT_B, AlertTick);
BT_DEFINE_BEHAVIOR__MEMORY(SLEEP_REST_B, RestMemory, RestActivate, RestTick, RestDeactivate);

// Alert is asked only under noise; Rest sleeps.
BT_DEFINE_GROUP(SLEEP_ROOT, PrioritizedList, BT_CHILDREN(SLEEP_ALERT, SLEEP_REST));
BT_DEFINE_DECIDER(SLEEP_ALERT, SLEEP_ALERT_B, BT_DECIDE(AlertDecide), BT_PRE(bt::Preconditions{}.StimuliAnySet(kNoise)));
BT_DEFINE_DECIDER(SLEEP_REST, SLEEP_REST_B);

// Alert is asked at every tick: Rest never sleeps.
BT_DEFINE_GROUP(SLEEP_AWAKE_ROOT, PrioritizedList, BT_CHILDREN(SLEEP_AWAKE_ALERT, SLEEP_AWAKE_REST));
BT_DEFINE_DECIDER(SLEEP_AWAKE_ALERT, SLEEP_ALERT_B, BT_DECIDE(AlertDecide));
BT_DEFINE_DECIDER(SLEEP_AWAKE_REST, SLEEP_REST_B);

// Patrol is asked once a second (its timer): Rest sleeps until then.
BT_DEFINE_GROUP(SLEEP_TIMED_ROOT, PrioritizedList, BT_CHILDREN(SLEEP_TIMED_PATROL, SLEEP_TIMED_REST));
BT_DEFINE_DECIDER(SLEEP_TIMED_PATROL, SLEEP_ALERT_B, BT_DECIDE(PatrolDecide), BT_PRE(bt::Preconditions{}.Every(1)));
BT_DEFINE_DECIDER(SLEEP_TIMED_REST, SLEEP_REST_B);

using Block = bt::MemoryFor<SLEEP_ROOT>;

// Guards of one tree in a crowd, each ticked with its own stimuli.
template <const bt::DeciderDef& Root>
struct Post {
  using Block = bt::MemoryFor<Root>;
  std::vector<Guard> guards;
  std::vector<Block> blocks;
  bt::Crowd crowd;
  explicit Post(std::size_t n) : guards(n), blocks(n), crowd(n) {}
  bt::CrowdTickResult Frame(double time, float dt, std::size_t budget = std::numeric_limits<std::size_t>::max()) {
    const auto tickOne = [&](std::size_t i, double t, float d, double& wakeTime) {
      return bt::TickBehaviorTree(Root, guards[i], blocks[i], t, d, 0, guards[i].stimuli,
                                  bt::TickOptions{.wakeTime = &wakeTime});
    };
    return crowd.Tick(time, dt, tickOne, budget);
  }
};

// The same guard ticked alone at every frame, as the crowd would have without sleeping.
template <const bt::DeciderDef& Root>
void TickAloneEveryFrame(Guard& g, bt::MemoryFor<Root>& block, int frames, double frameDt) {
  for (int f = 0; f < frames; ++f)
    REQUIRE(bt::IsOk(bt::TickBehaviorTree(Root, g, block, f * frameDt, static_cast<float>(frameDt), 0, g.stimuli).status));
}

}  // namespace

TEST_CASE("a waiting behavior sleeps: the crowd skips it until its time, with the dt of every frame", "[sleep]") {
  Post<SLEEP_ROOT> post(1);
  std::vector<std::size_t> ticked, sleeping;
  for (int f = 0; f < 13; ++f) {
    const bt::CrowdTickResult r = post.Frame(f * 0.125, 0.125f);
    ticked.push_back(r.ticked);
    sleeping.push_back(r.sleeping);
  }
  // Rests from 0 to 1, then, ended, starts again at the next tick (1.125) until 2.125.
  CHECK(ticked == std::vector<std::size_t>{1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0});
  CHECK(sleeping == std::vector<std::size_t>{0, 1, 1, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1});
  CHECK(post.guards[0].restTicks == 3);
  CHECK(post.crowd.WakeTime(0) == 2.125);
  // The Tick that ends it sees the frame's dt: the skipped frames count as ticks.
  const std::vector<std::string> expected = {"rest 0.000000", "rested 1.000000 dt 0.125000", "rest ends 1.000000",
                                             "rest 1.125000"};
  CHECK(post.guards[0].log == expected);
  // Alone at every frame: the same calls (the idle Ticks aside), and the same block but its last tick time.
  Guard alone;
  Block aloneBlock{};
  TickAloneEveryFrame<SLEEP_ROOT>(alone, aloneBlock, 13, 0.125);
  CHECK(alone.log == expected);
  CHECK(alone.restTicks == 13);
  reinterpret_cast<bt::MemoryHeader*>(aloneBlock.bytes)->lastTime =
      reinterpret_cast<bt::MemoryHeader*>(post.blocks[0].bytes)->lastTime;
  CHECK(std::memcmp(aloneBlock.bytes, post.blocks[0].bytes, sizeof(Block)) == 0);
}

TEST_CASE("Wake makes a sleeping agent due at its next frame", "[sleep]") {
  Post<SLEEP_ROOT> post(2);
  for (Guard& g : post.guards) g.restFor = 10, g.alert = true;
  for (int f = 0; f < 3; ++f) (void)post.Frame(f * 0.125, 0.125f);
  // Noise for both; only guard 0 is woken, as the game must when it changes what a tick reads.
  post.guards[0].stimuli = post.guards[1].stimuli = kNoise;
  post.crowd.Wake(0);
  CHECK(post.crowd.WakeTime(0) == -kInf);
  CHECK(post.crowd.WakeTime(1) == 10);
  const bt::CrowdTickResult r = post.Frame(3 * 0.125, 0.125f);
  CHECK(r.ticked == 1);
  CHECK(r.sleeping == 1);
  CHECK(post.guards[0].log ==
        std::vector<std::string>{"rest 0.000000", "alert? 0.375000", "rest ends 0.375000", "alert 0.375000"});
  CHECK(post.guards[1].log == std::vector<std::string>{"rest 0.000000"});
  // Alert ticks at every frame (it does not sleep); guard 1 sleeps on.
  const bt::CrowdTickResult next = post.Frame(4 * 0.125, 0.125f);
  CHECK(next.ticked == 1);
  CHECK(next.sleeping == 1);
  CHECK(post.crowd.WakeTime(0) == -kInf);
  // WakeAll wakes the rest.
  post.crowd.WakeAll();
  CHECK(post.Frame(5 * 0.125, 0.125f).ticked == 2);
  CHECK(post.guards[1].log.back() == "alert 0.625000");
}

TEST_CASE("sleeping agents do not count against the budget", "[sleep]") {
  Post<SLEEP_ROOT> post(4);
  for (Guard& g : post.guards) g.restFor = 10;
  post.guards[2].stimuli = post.guards[3].stimuli = kNoise;  // Alert asked at every tick: awake
  CHECK(post.Frame(0, 0.125f).ticked == 4);
  bt::CrowdTickResult r = post.Frame(0.125, 0.125f, 2);
  CHECK(r.ticked == 2);
  CHECK(r.sleeping == 2);
  CHECK(r.deferred == 0);
  r = post.Frame(0.25, 0.125f, 1);
  CHECK(r.ticked == 1);
  CHECK(r.sleeping == 2);
  CHECK(r.deferred == 1);  // agent 3, awake; the sleepers are not counted
  CHECK(post.guards[2].restTicks == 3);
  CHECK(post.guards[3].restTicks == 2);
}

TEST_CASE("a behavior may sleep until woken", "[sleep]") {
  Post<SLEEP_ROOT> post(1);
  post.guards[0].untilWoken = true;
  for (int f = 0; f < 20; ++f) (void)post.Frame(f * 0.5, 0.5f);  // past its end at 1: nothing ticks it
  // Until woken, or until the tick that would move the block's epoch (it started at 0).
  CHECK(post.crowd.WakeTime(0) == bt::SleepTimeBefore(bt::kRebaseSeconds));
  CHECK(post.guards[0].restTicks == 1);
  post.crowd.Wake(0);
  (void)post.Frame(10, 0.5f);
  CHECK(post.guards[0].log ==
        std::vector<std::string>{"rest 0.000000", "rested 10.000000 dt 0.500000", "rest ends 10.000000"});
}

TEST_CASE("a sibling above the waiting behavior that would be asked keeps the agent awake", "[sleep]") {
  SECTION("a sibling with a Decide and no precondition") {
    Post<SLEEP_AWAKE_ROOT> post(1);
    for (int f = 0; f < 8; ++f) CHECK(post.Frame(f * 0.125, 0.125f).sleeping == 0);
    CHECK(post.guards[0].restTicks == 8);
    CHECK(post.crowd.WakeTime(0) == -kInf);
  }
  SECTION("flags that pass a sibling's precondition") {
    Post<SLEEP_ROOT> post(1);
    post.guards[0].stimuli = kNoise;  // Alert is asked (and rejects) at every tick
    for (int f = 0; f < 8; ++f) CHECK(post.Frame(f * 0.125, 0.125f).sleeping == 0);
    CHECK(post.guards[0].restTicks == 8);
    CHECK(std::count(post.guards[0].log.begin(), post.guards[0].log.end(), "alert? 0.875000") == 1);
  }
}

TEST_CASE("a sibling's timer wakes the agent when it opens", "[sleep]") {
  Post<SLEEP_TIMED_ROOT> post(1);
  post.guards[0].restFor = 100;
  std::vector<std::size_t> ticked;
  for (int f = 0; f < 26; ++f) ticked.push_back(post.Frame(f * 0.125, 0.125f).ticked);
  // Patrol is asked at 0, 1, 2 and 3: a tick each, the frames between skipped.
  std::vector<std::size_t> expected(26, 0);
  for (int f : {0, 8, 16, 24}) expected[static_cast<std::size_t>(f)] = 1;
  CHECK(ticked == expected);
  const std::vector<std::string> log = {"rest 0.000000", "patrol? 0.000000", "patrol? 1.000000", "patrol? 2.000000",
                                        "patrol? 3.000000"};
  // Patrol's first Decide comes before Rest activates: the log in call order.
  CHECK(post.guards[0].log == std::vector<std::string>{log[1], log[0], log[2], log[3], log[4]});
  Guard alone;
  alone.restFor = 100;
  bt::MemoryFor<SLEEP_TIMED_ROOT> block{};
  TickAloneEveryFrame<SLEEP_TIMED_ROOT>(alone, block, 26, 0.125);
  CHECK(alone.log == post.guards[0].log);
}

TEST_CASE("a tick reports its wake time only when asked, and no later than the block's rebase", "[sleep]") {
  REQUIRE(bt::InitializeTreeData(SLEEP_ROOT));
  Guard guard;
  guard.restFor = 5;
  Block block{};
  double wake = -kInf;
  // Not asked: nothing written.
  REQUIRE(bt::TickBehaviorTree(SLEEP_ROOT, guard, block, 100, 0.1f).status == bt::Status::Running);
  double asked = 7;
  REQUIRE(bt::TickBehaviorTree(SLEEP_ROOT, guard, block, 101, 1, 0, 0, bt::TickOptions{.wakeTime = &asked}).status ==
          bt::Status::Running);
  CHECK(asked == 105);  // the end its Activate stored, as SleepUntil said
  // The same from the compiled tick.
  CHECK(bt::TickBehaviorTreeCompiled<SLEEP_ROOT>(guard, block, 102, 1, 0, 0, bt::TickOptions{.wakeTime = &wake})
            .status == bt::Status::Running);
  CHECK(wake == 105);
  // A why-record: the tick is recorded, so it is not skipped.
  bt::WhyRecord why;
  wake = -kInf;
  CHECK(bt::TickBehaviorTree(SLEEP_ROOT, guard, block, 103, 1, 0, 0, bt::TickOptions{.why = &why, .wakeTime = &wake})
            .status == bt::Status::Running);
  CHECK(wake == -kInf);
  // A rest longer than the block's epoch may run: woken just before the tick that moves it.
  Guard sleeper;
  sleeper.restFor = 5000;
  Block other{};
  wake = -kInf;
  REQUIRE(bt::TickBehaviorTree(SLEEP_ROOT, sleeper, other, 100, 1, 0, 0, bt::TickOptions{.wakeTime = &wake}).status ==
          bt::Status::Running);
  CHECK(wake == bt::SleepTimeBefore(100 + bt::kRebaseSeconds));
  CHECK(wake < 100 + bt::kRebaseSeconds);
}

namespace {
struct Nobody {};
BT_DEFINE_DECIDER(SLEEP_WAIT, bt::builtin::kWait, BT_PARAMS(bt::NumberParam("duration", 0.7)));
BT_DEFINE_DECIDER(SLEEP_HALT, bt::builtin::kHalt);
BT_DEFINE_GROUP(SLEEP_WAIT_THEN_HALT, Sequential, BT_CHILDREN(SLEEP_WAIT, SLEEP_HALT));
}  // namespace

TEST_CASE("built-in Wait sleeps until its end, exactly, and Halt until woken", "[sleep]") {
  REQUIRE(bt::InitializeTreeData(SLEEP_WAIT_THEN_HALT));
  // Frames a 30th of a second apart, at a large time: the float times round.
  constexpr double kStart = 1e6, kDt = 1.0 / 30;
  std::vector<bt::MemoryFor<SLEEP_WAIT_THEN_HALT>> blocks(1), alone(1);
  bt::Crowd crowd(1);
  const auto* wait = &SLEEP_WAIT;
  const auto* halt = &SLEEP_HALT;
  // When the crowd's agent and the one ticked alone at every frame reach Halt.
  int crowdHalts = -1, aloneHalts = -1, crowdTicks = 0;
  for (int f = 0; f < 60; ++f) {
    const double time = kStart + f * kDt;
    (void)crowd.Tick(time, static_cast<float>(kDt), [&](std::size_t, double t, float dt, double& wakeTime) {
      ++crowdTicks;
      return bt::TickBehaviorTree(SLEEP_WAIT_THEN_HALT, nullptr, bt::kNoType, blocks[0].Span(), t, dt, 0, 0,
                                  bt::TickOptions{.wakeTime = &wakeTime});
    });
    const bt::TickResult a = bt::TickBehaviorTree(SLEEP_WAIT_THEN_HALT, nullptr, bt::kNoType, alone[0].Span(), time,
                                                  static_cast<float>(kDt), 0, 0, bt::TickOptions{});
    REQUIRE(a.status == bt::Status::Running);
    if (crowdHalts < 0 && bt::ActiveBehaviorDecider(SLEEP_WAIT_THEN_HALT, blocks[0].Span()) == halt) crowdHalts = f;
    if (aloneHalts < 0 && a.decider == halt) aloneHalts = f;
    if (f == 1) CHECK(bt::ActiveBehaviorDecider(SLEEP_WAIT_THEN_HALT, blocks[0].Span()) == wait);
  }
  CHECK(aloneHalts == 21);  // 0.7 s: activeTime >= 0.7 at the 21st frame after (the float times round up)
  CHECK(crowdHalts == aloneHalts);
  // Two ticks: Wait activated at 0 (asleep until just before its end), and at its end, which
  // activates Halt (no Tick: asleep until woken, or until the tick that would move the epoch).
  CHECK(crowdTicks == 2);
  CHECK(crowd.WakeTime(0) == bt::SleepTimeBefore(kStart + bt::kRebaseSeconds));
}

TEST_CASE("sleep survives leaving and joining a crowd, and migration", "[sleep]") {
  Post<SLEEP_ROOT> post(2);
  post.guards[0].restFor = 3;
  (void)post.Frame(0, 0.125f);
  const bt::CrowdAgentState state = post.crowd.State(0);
  CHECK(state.wakeTime == 3);
  post.crowd.Leave(0);
  CHECK(post.crowd.State(0).wakeTime == 3);
  bt::Crowd other(1);
  other.Join(0, state);
  CHECK(other.WakeTime(0) == 3);
  // Through a migrant's bytes.
  std::vector<std::byte> migrant(bt::MigrantBytesFor(SLEEP_ROOT));
  post.crowd.Join(0, state);
  REQUIRE(bt::Emigrate(SLEEP_ROOT, post.crowd, 0, post.blocks[0].Span(), migrant).status == bt::Status::Done);
  Block arrived{};
  bt::Crowd there(1);
  REQUIRE(bt::Immigrate(SLEEP_ROOT, there, 0, migrant, arrived.Span()).status == bt::Status::Done);
  CHECK(there.WakeTime(0) == 3);
  CHECK(there.State(0).lastTickTime == 0);
}
