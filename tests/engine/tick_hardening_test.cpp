// tests/engine/tick_hardening_test.cpp — the tick's contracts under hostile use, for
// both ticks: callbacks that tick or stop their own agent, callbacks that throw,
// any clock a game keeps, extreme Random weights, timers restarted by a redecide,
// and damaged blocks that the compiled tick must report as the interpreted one.
//
// Index
//   [SECTION] re-entrancy and exceptions — callbacks that tick or stop their own agent, callbacks that throw
//   [SECTION] time — any clock a game keeps, timers restarted by a redecide
//   [SECTION] Random weights — infinite and overflowing weights
//   [SECTION] damaged blocks, both ticks alike — the compiled tick reports damage as the interpreted one
//   [SECTION] why a behavior was deactivated — level-2 debug lines
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <csignal>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "bt/bt.h"
#include "bt/engine/compiled_tick.h"

using bt::Result;
using bt::Status;
using Events = std::vector<std::string>;

// =============================================================== [SECTION] re-entrancy and exceptions

namespace hard {

// An agent that records calls, answers as scripted, and can be told to tick or
// stop a block (its own or another's) from inside one named callback.
struct Agent {
  Events events;
  float decideHigh = 0;
  float decideLow = 1;
  Result tickResult = Result::Running;
  std::string hookAt;  // "tick LOW_B", "deactivate LOW_B", "decide HIGH", "activate LOW_B"
  enum class Hook { None, StopSelf, TickSelf, TickOther } hook = Hook::None;
  bool compiled = false;  // which tick the hook's nested tick uses
  std::span<std::byte> self;
  Agent* other = nullptr;
  std::span<std::byte> otherBlock;
  std::vector<Status> nested;  // statuses of the nested ticks
  float lastActiveTime = -1;
  int constructed = 0;
  int destroyed = 0;
  bool throwIn = false;
  const bt::DeciderDef* stopRoot = nullptr;  // the tree StopSelf stops: null, ROOT

  Events Take() {
    Events taken;
    taken.swap(events);
    return taken;
  }
  void Call(const std::string& event, double time);
};

struct Mem {
  Agent* owner = nullptr;
};

float DecideHigh(Agent& a, const bt::DecideContext& c) {
  a.Call("decide HIGH", c.time);
  return a.decideHigh;
}
float DecideLow(Agent& a, const bt::DecideContext& c) {
  a.Call("decide LOW", c.time);
  return a.decideLow;
}
template <const char* kName>
bool Activate(Agent& a, Mem& m, const bt::Context& c) {
  m.owner = &a;
  ++a.constructed;
  a.Call(std::string("activate ") + kName, c.time);
  if (a.throwIn) throw std::runtime_error("activate throws");
  return true;
}
template <const char* kName>
Result TickFn(Agent& a, Mem&, const bt::Context& c) {
  a.lastActiveTime = c.activeTime;
  a.Call(std::string("tick ") + kName, c.time);
  return a.tickResult;
}
template <const char* kName>
void Deactivate(Agent& a, Mem&, const bt::Context& c) {
  ++a.destroyed;
  a.Call(std::string("deactivate ") + kName, c.time);
}

constexpr char kHigh[] = "HIGH_B";
constexpr char kLow[] = "LOW_B";
BT_DEFINE_BEHAVIOR__MEMORY(HIGH_B, Mem, Activate<kHigh>, TickFn<kHigh>, Deactivate<kHigh>);
BT_DEFINE_BEHAVIOR__MEMORY(LOW_B, Mem, Activate<kLow>, TickFn<kLow>, Deactivate<kLow>);
BT_DECLARE_DECIDER(HIGH);
BT_DECLARE_DECIDER(LOW);
BT_DEFINE_DECIDER_GROUP(ROOT, PrioritizedList, nullptr, HIGH, LOW);
BT_DEFINE_DECIDER_BEHAVIOR(HIGH, HIGH_B, DecideHigh);
BT_DEFINE_DECIDER_BEHAVIOR(LOW, LOW_B, DecideLow);

// A root whose own Decide is asked on every first tick.
float DecideStopRoot(Agent& a, const bt::DecideContext& c) {
  a.Call("decide STOP_ROOT", c.time);
  return 0;
}
BT_DEFINE_DECIDER_GROUP(STOP_ROOT, PrioritizedList, DecideStopRoot, HIGH, LOW);

bt::TickResult TickWith(bool compiled, Agent& agent, std::span<std::byte> block, double time) {
  if (compiled) return bt::TickBehaviorTreeCompiled<ROOT>(agent, block, time, 0.1f);
  return bt::TickBehaviorTree(ROOT, agent, block, time, 0.1f);
}

void Agent::Call(const std::string& event, double time) {
  events.push_back(event);
  if (event != hookAt) return;
  switch (hook) {
    case Hook::None: break;
    case Hook::StopSelf:
      events.push_back("stop self");
      bt::StopBehaviorTree(stopRoot != nullptr ? *stopRoot : ROOT, this, self, time);
      break;
    case Hook::TickSelf: nested.push_back(TickWith(compiled, *this, self, time).status); break;
    case Hook::TickOther: nested.push_back(TickWith(compiled, *other, otherBlock, time).status); break;
  }
}

}  // namespace hard

using namespace hard;

namespace {

struct Subject {
  Agent agent;
  bt::MemoryFor<ROOT> memory{};
  explicit Subject(bool compiled) {
    agent.compiled = compiled;
    agent.self = memory.Span();
  }
  bt::TickResult Tick(double time) { return TickWith(agent.compiled, agent, memory.Span(), time); }
};

}  // namespace

TEST_CASE("A Tick that stops its own agent ends the tick with the path deactivated once", "[reentrancy]") {
  const bool compiled = GENERATE(false, true);
  Subject s(compiled);
  REQUIRE(s.Tick(0).status == Status::Running);  // LOW active (the compiled tick's steady walk from here)
  s.agent.Take();
  s.agent.hook = Agent::Hook::StopSelf;
  s.agent.hookAt = "tick LOW_B";
  const bt::TickResult r = s.Tick(1);
  CHECK(r.status == Status::Stopped);
  CHECK(r.decider == &ROOT);
  CHECK(s.agent.Take() == Events{"decide HIGH", "tick LOW_B", "stop self", "deactivate LOW_B"});
  CHECK(s.agent.constructed == s.agent.destroyed);
  // The next tick starts from the root.
  s.agent.hook = Agent::Hook::None;
  CHECK(s.Tick(2).status == Status::Running);
  CHECK(s.agent.Take() == Events{"decide HIGH", "decide LOW", "activate LOW_B", "tick LOW_B"});
}

TEST_CASE("A Deactivate that stops its own agent is deactivated once", "[reentrancy]") {
  const bool compiled = GENERATE(false, true);
  Subject s(compiled);
  REQUIRE(s.Tick(0).status == Status::Running);
  s.agent.Take();
  s.agent.hook = Agent::Hook::StopSelf;
  s.agent.hookAt = "deactivate LOW_B";

  SECTION("interrupted inside a tick: nothing new is activated") {
    s.agent.decideHigh = 1;
    const bt::TickResult r = s.Tick(1);
    CHECK(r.status == Status::Stopped);
    CHECK(s.agent.Take() == Events{"decide HIGH", "deactivate LOW_B", "stop self"});
    CHECK(bt::ActivePath(ROOT, s.memory.Span(), {}) == 0);
  }
  SECTION("ending inside a tick (a redecide): nothing new is activated") {
    s.agent.tickResult = Result::Done;
    const bt::TickResult r = s.Tick(1);
    CHECK(r.status == Status::Stopped);
    CHECK(s.agent.Take() == Events{"decide HIGH", "tick LOW_B", "decide HIGH", "deactivate LOW_B", "stop self"});
  }
  SECTION("inside StopBehaviorTree: the nested Stop does nothing") {
    bt::StopBehaviorTree(ROOT, &s.agent, s.memory.Span(), 1);
    CHECK(s.agent.Take() == Events{"deactivate LOW_B", "stop self"});
    CHECK(bt::ActivePath(ROOT, s.memory.Span(), {}) == 0);
  }
  CHECK(s.agent.constructed == s.agent.destroyed);
}

TEST_CASE("A Decide that stops its own agent makes the tick end Stopped", "[reentrancy]") {
  const bool compiled = GENERATE(false, true);
  Subject s(compiled);
  REQUIRE(s.Tick(0).status == Status::Running);
  s.agent.Take();
  s.agent.hook = Agent::Hook::StopSelf;
  s.agent.hookAt = "decide HIGH";
  SECTION("rejecting: the walk it is on goes on, then the path is deactivated") {
    CHECK(s.Tick(1).status == Status::Stopped);
    CHECK(s.agent.Take() == Events{"decide HIGH", "stop self", "tick LOW_B", "deactivate LOW_B"});
  }
  SECTION("accepting: the interrupted path is deactivated, nothing new activated") {
    s.agent.decideHigh = 1;
    CHECK(s.Tick(1).status == Status::Stopped);
    CHECK(s.agent.Take() == Events{"decide HIGH", "stop self", "deactivate LOW_B"});
  }
  SECTION("the root's own Decide, rejecting: Stopped all the same") {
    Agent agent;
    bt::MemoryFor<STOP_ROOT> memory{};
    agent.self = memory.Span();
    agent.stopRoot = &STOP_ROOT;
    agent.hook = Agent::Hook::StopSelf;
    agent.hookAt = "decide STOP_ROOT";
    CHECK(bt::TickBehaviorTree(STOP_ROOT, agent, memory, 0, 0.1f).status == Status::Stopped);
    CHECK(agent.Take() == Events{"decide STOP_ROOT", "stop self"});
    bt::StopBehaviorTree(ROOT, &s.agent, s.memory.Span(), 1);
  }
  SECTION("on the first tick: nothing is activated") {
    Subject fresh(compiled);
    fresh.agent.hook = Agent::Hook::StopSelf;
    fresh.agent.hookAt = "decide HIGH";
    CHECK(fresh.Tick(0).status == Status::Stopped);
    CHECK(fresh.agent.Take() == Events{"decide HIGH", "stop self", "decide LOW"});
    CHECK(bt::ActivePath(ROOT, fresh.memory.Span(), {}) == 0);
    bt::StopBehaviorTree(ROOT, &s.agent, s.memory.Span(), 1);
  }
  CHECK(s.agent.constructed == s.agent.destroyed);
}

TEST_CASE("A callback that ticks its own agent again is refused and changes nothing", "[reentrancy]") {
  const bool compiled = GENERATE(false, true);
  Subject s(compiled);
  REQUIRE(s.Tick(0).status == Status::Running);
  s.agent.Take();
  s.agent.hook = Agent::Hook::TickSelf;
  s.agent.hookAt = GENERATE(as<std::string>{}, "tick LOW_B", "decide HIGH");
  CHECK(s.Tick(1).status == Status::Running);
  CHECK(s.agent.nested == std::vector<Status>{Status::Reentered});
  CHECK(s.agent.Take() == Events{"decide HIGH", "tick LOW_B"});
  // The first tick of a block, too (the reference tick's path).
  Subject fresh(compiled);
  fresh.agent.hook = Agent::Hook::TickSelf;
  fresh.agent.hookAt = "activate LOW_B";
  CHECK(fresh.Tick(0).status == Status::Running);
  CHECK(fresh.agent.nested == std::vector<Status>{Status::Reentered});
}

TEST_CASE("A callback may tick another agent, nested up to kMaxNestedTicks deep", "[reentrancy]") {
  const bool compiled = GENERATE(false, true);
  constexpr int kChain = bt::kMaxNestedTicks + 1;
  std::vector<Subject> chain;
  chain.reserve(kChain);
  for (int i = 0; i < kChain; ++i) chain.emplace_back(compiled);
  for (int i = 0; i + 1 < kChain; ++i) {
    chain[i].agent.hook = Agent::Hook::TickOther;
    chain[i].agent.hookAt = "tick LOW_B";
    chain[i].agent.other = &chain[i + 1].agent;
    chain[i].agent.otherBlock = chain[i + 1].memory.Span();
  }
  CHECK(chain[0].Tick(0).status == Status::Running);
  for (int i = 0; i + 2 < kChain; ++i) CHECK(chain[i].agent.nested == std::vector<Status>{Status::Running});
  // The 17th tick on the stack is one too many.
  CHECK(chain[kChain - 2].agent.nested == std::vector<Status>{Status::Reentered});
  CHECK(chain[kChain - 1].agent.events.empty());
}

TEST_CASE("The ticks are noexcept: a throwing user function ends the program", "[exceptions]") {
  static_assert(noexcept(bt::TickBehaviorTree(ROOT, std::declval<Agent&>(), std::declval<std::span<std::byte>>(), 0.0,
                                              0.0f)));
  static_assert(noexcept(bt::StopBehaviorTree(ROOT, nullptr, std::declval<std::span<std::byte>>(), 0.0)));
  static_assert(noexcept(bt::TickBehaviorTreeCompiled<ROOT>(std::declval<Agent&>(),
                                                            std::declval<bt::MemoryFor<ROOT>&>(), 0.0, 0.0f)));
  const bool compiled = GENERATE(false, true);
  std::fflush(nullptr);
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    std::signal(SIGABRT, SIG_DFL);  // not Catch's handler: the parent reads the signal
    if (std::freopen("/dev/null", "w", stderr) == nullptr) _exit(4);  // std::terminate's message is expected
    Subject s(compiled);
    s.agent.throwIn = true;
    try {
      (void)s.Tick(0);
    } catch (...) {
      _exit(3);  // the exception escaped the tick
    }
    _exit(0);
  }
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  CHECK(WIFSIGNALED(status));
  CHECK(WTERMSIG(status) == SIGABRT);
}

// =============================================================== [SECTION] time

TEST_CASE("Unix time keeps full precision: activeTime moves with every tick", "[time]") {
  const bool compiled = GENERATE(false, true);
  const double start = GENERATE(1.7e9, 2.6e6, -5e8);
  Subject s(compiled);
  for (int k = 0; k <= 100; ++k) {
    REQUIRE(s.Tick(start + k * 0.01).status == Status::Running);
    CHECK(s.agent.lastActiveTime == Approx(k * 0.01).margin(1e-4));
  }
  CHECK(bt::ActivatedAt(ROOT, s.memory.Span(), LOW) == start);
}

TEST_CASE("The block's epoch follows a long run: activeTime and ActivatedAt stay exact", "[time]") {
  const bool compiled = GENERATE(false, true);
  Subject s(compiled);
  const double start = 1.7e9 + 0.5;
  for (int k = 0; k <= 200; ++k) {  // 200 steps of 37.25 s: the epoch moves several times
    REQUIRE(s.Tick(start + k * 37.25).status == Status::Running);
    CHECK(s.agent.lastActiveTime == Approx(k * 37.25).epsilon(1e-6));
  }
  CHECK(bt::ActivatedAt(ROOT, s.memory.Span(), LOW) == start);
  const auto& header = *reinterpret_cast<const bt::MemoryHeader*>(s.memory.bytes);
  CHECK(header.epoch > start + 199 * 37.25 - bt::kRebaseSeconds);
  CHECK(header.lastTime <= bt::kRebaseSeconds);
}

TEST_CASE("Times beyond kMaxTickTime are BadTime; up to it they run", "[time]") {
  Subject s(false);
  CHECK(s.Tick(1.0000001e15).status == Status::BadTime);
  CHECK(s.Tick(-1.0000001e15).status == Status::BadTime);
  CHECK(s.agent.events.empty());
  CHECK(s.Tick(-1e15).status == Status::Running);
  CHECK(s.Tick(1e15).status == Status::Running);  // 2e15 s later: the epoch moves
  CHECK(s.agent.lastActiveTime == Approx(2e15));
}

TEST_CASE("A damaged clock in the header is CorruptMemory, and the block starts over", "[time][corrupt]") {
  const bool compiled = GENERATE(false, true);
  const int damage = GENERATE(0, 1, 2, 3, 4);
  Subject s(compiled);
  REQUIRE(s.Tick(10).status == Status::Running);
  s.agent.Take();
  auto& header = *reinterpret_cast<bt::MemoryHeader*>(s.memory.bytes);
  switch (damage) {
    case 0: header.lastTime = std::numeric_limits<float>::infinity(); break;
    case 1: header.lastTime = std::numeric_limits<float>::quiet_NaN(); break;
    case 2: header.lastTime = -1; break;
    case 3: header.lastTime = 5000; break;
    case 4: header.epoch = std::numeric_limits<double>::quiet_NaN(); break;
  }
  const bt::TickResult r = s.Tick(11);
  CHECK(r.status == Status::CorruptMemory);
  CHECK(r.decider == &ROOT);
  CHECK(s.agent.Take() == Events{"deactivate LOW_B"});
  CHECK(s.Tick(12).status == Status::Running);
  CHECK(s.agent.Take() == Events{"decide HIGH", "decide LOW", "activate LOW_B", "tick LOW_B"});
}

namespace timers {
struct Clock {
  Events events;
  float groupDecide = 1;
  Result childTick = Result::Running;
};
float DecideGroup(Clock& c, const bt::DecideContext& context) {
  c.events.push_back("decide GROUP @" + std::to_string(context.time));
  return c.groupDecide;
}
Result TickChild(Clock& c) { return c.childTick; }
float DecidePaced(Clock& c, const bt::DecideContext& context) {
  c.events.push_back("decide PACED @" + std::to_string(context.time));
  return 0;
}
BT_DEFINE_BEHAVIOR__TICK(CHILD_B, TickChild);
BT_DEFINE_BEHAVIOR__TICK(IDLE_B, nullptr);
BT_DECLARE_DECIDER(GROUP);
BT_DECLARE_DECIDER(CHILD);
BT_DECLARE_DECIDER(IDLE);
BT_DECLARE_DECIDER(PACED);
BT_DEFINE_DECIDER_GROUP(CLOCK_ROOT, PrioritizedList, nullptr, GROUP, IDLE);
BT_DEFINE_DECIDER_GROUP__PRE(GROUP, PrioritizedList, bt::kCallDecideOnRedecide, DecideGroup,
                             bt::Preconditions{}.Every(10), CHILD);
BT_DEFINE_DECIDER_BEHAVIOR(CHILD, CHILD_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(IDLE, IDLE_B, nullptr);
// A decider paced to one Decide a second.
BT_DEFINE_DECIDER_GROUP(PACED_ROOT, PrioritizedList, nullptr, PACED, IDLE);
BT_DEFINE_DECIDER_BEHAVIOR__PRE(PACED, CHILD_B, DecidePaced, bt::Preconditions{}.Every(1));

bt::TickResult Tick(bool compiled, const bt::DeciderDef& root, Clock& clock, bt::Memory<128>& memory, double time) {
  if (!compiled) return bt::TickBehaviorTree(root, clock, memory, time, 0.5f);
  if (&root == &CLOCK_ROOT) return bt::TickBehaviorTreeCompiled<CLOCK_ROOT>(clock, memory, time, 0.5f);
  return bt::TickBehaviorTreeCompiled<PACED_ROOT>(clock, memory, time, 0.5f);
}
}  // namespace timers

TEST_CASE("A Decide made during a redecide restarts its timer (S06: from the last call to Decide)", "[time][S06]") {
  using namespace timers;
  const bool compiled = GENERATE(false, true);
  Clock clock;
  bt::Memory<128> memory{};
  for (int k = 0; k <= 40; ++k) {
    const double time = k * 0.5;
    clock.childTick = time == 6 ? Result::Done : Result::Running;  // at 6 s GROUP redecides...
    clock.groupDecide = time < 6 ? 1.0f : 0.0f;                    // ...and its Decide says no
    REQUIRE(bt::IsOk(Tick(compiled, CLOCK_ROOT, clock, memory, time).status));
  }
  // 0: activation; 6: the redecide's call, which restarts the 10 s timer; 16: the next.
  CHECK(clock.events == Events{"decide GROUP @0.000000", "decide GROUP @6.000000", "decide GROUP @16.000000"});
}

TEST_CASE("A timer precondition paces Decides exactly at Unix time", "[time]") {
  using namespace timers;
  const bool compiled = GENERATE(false, true);
  Clock clock;
  bt::Memory<128> memory{};
  int decides = 0;
  for (int k = 0; k <= 40; ++k) {  // 10 s in quarter seconds from 1.7e9
    REQUIRE(Tick(compiled, PACED_ROOT, clock, memory, 1.7e9 + k * 0.25).status == Status::Running);
    decides += static_cast<int>(clock.events.size());
    clock.events.clear();
  }
  CHECK(decides == 11);  // at 0, 1, ..., 10 s
}

// =============================================================== [SECTION] Random weights

namespace weights {
struct Weighted {
  float w[3] = {1, 1, 1};
  int chosen = -1;
  std::uint32_t rng = 1;
  bool trigger = false;
};
float Trigger(Weighted& a) { return a.trigger ? 1.0f : 0.0f; }
template <int I>
float Weight(Weighted& a) {
  return a.w[I];
}
template <int I>
bool Chosen(Weighted& a) {
  a.chosen = I;
  return true;
}
BT_DEFINE_BEHAVIOR(W0_B, Chosen<0>, nullptr, nullptr);
BT_DEFINE_BEHAVIOR(W1_B, Chosen<1>, nullptr, nullptr);
BT_DEFINE_BEHAVIOR(W2_B, Chosen<2>, nullptr, nullptr);
BT_DEFINE_BEHAVIOR__TICK(WAIT_B, nullptr);
BT_DECLARE_DECIDER(PICK);
BT_DECLARE_DECIDER(WAIT);
BT_DECLARE_DECIDER(W0);
BT_DECLARE_DECIDER(W1);
BT_DECLARE_DECIDER(W2);
// PICK activates from the steady walk, so the compiled tick makes the Random choice itself.
BT_DEFINE_DECIDER_GROUP(WEIGHT_ROOT, PrioritizedList, nullptr, PICK, WAIT);
BT_DEFINE_DECIDER_GROUP(PICK, Random, Trigger, W0, W1, W2);
BT_DEFINE_DECIDER_BEHAVIOR(WAIT, WAIT_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(W0, W0_B, Weight<0>);
BT_DEFINE_DECIDER_BEHAVIOR(W1, W1_B, Weight<1>);
BT_DEFINE_DECIDER_BEHAVIOR(W2, W2_B, Weight<2>);

// How often each child is chosen over `runs` agents seeded apart.
std::vector<int> Histogram(bool compiled, float w0, float w1, float w2, int runs) {
  std::vector<int> counts(3, 0);
  for (int seed = 1; seed <= runs; ++seed) {
    Weighted agent;
    agent.w[0] = w0;
    agent.w[1] = w1;
    agent.w[2] = w2;
    bt::MemoryFor<WEIGHT_ROOT> memory{};
    bt::SeedMemory(memory.Span(), static_cast<std::uint32_t>(seed));
    REQUIRE(bt::TickBehaviorTree(WEIGHT_ROOT, agent, memory, 0, 0.1f).status == Status::Running);
    agent.trigger = true;
    const bt::TickResult r = compiled ? bt::TickBehaviorTreeCompiled<WEIGHT_ROOT>(agent, memory, 1, 0.1f)
                                      : bt::TickBehaviorTree(WEIGHT_ROOT, agent, memory, 1, 0.1f);
    REQUIRE(r.status == Status::Running);
    REQUIRE(agent.chosen >= 0);
    ++counts[static_cast<std::size_t>(agent.chosen)];
  }
  return counts;
}
}  // namespace weights

TEST_CASE("Random: an infinite weight takes all the probability, shared among the infinite ones", "[random]") {
  const bool compiled = GENERATE(false, true);
  constexpr float kInf = std::numeric_limits<float>::infinity();
  CHECK(weights::Histogram(compiled, 1, kInf, 0, 300) == std::vector<int>{0, 300, 0});
  CHECK(weights::Histogram(compiled, kInf, 5, 0, 300) == std::vector<int>{300, 0, 0});
  const std::vector<int> two = weights::Histogram(compiled, kInf, 1, kInf, 1000);
  CHECK(two[1] == 0);
  CHECK(two[0] > 400);
  CHECK(two[2] > 400);
}

TEST_CASE("Random: weights whose sum overflows a float are still proportional", "[random]") {
  const bool compiled = GENERATE(false, true);
  const std::vector<int> counts = weights::Histogram(compiled, 3e38f, 3e38f, 3e38f, 3000);
  for (int c : counts) CHECK(c > 800);
  const std::vector<int> skewed = weights::Histogram(compiled, 3e38f, 1e38f, 0, 4000);
  CHECK(skewed[0] > 2700);  // 3:1
  CHECK(skewed[1] > 700);
}

// =============================================================== [SECTION] damaged blocks, both ticks alike

namespace damage {
struct Log {
  Events events;
  float high = 0;
  Result groupTick = Result::Running;
};
float High(Log& l) {
  l.events.push_back("decide HIGH");
  return l.high;
}
template <const char* kName>
void Deact(Log& l) {
  l.events.push_back(std::string("deactivate ") + kName);
}
Result GroupTick(Log& l) {
  l.events.push_back("tick MID_B");
  return l.groupTick;
}
constexpr char kMidB[] = "MID_B", kInnerB[] = "INNER_B", kLeafB[] = "LEAF_B", kHighB[] = "HIGH_B";
BT_DEFINE_BEHAVIOR(D_HIGH_B, nullptr, nullptr, Deact<kHighB>);
BT_DEFINE_BEHAVIOR(D_MID_B, nullptr, GroupTick, Deact<kMidB>);
BT_DEFINE_BEHAVIOR(D_INNER_B, nullptr, nullptr, Deact<kInnerB>);
BT_DEFINE_BEHAVIOR(D_LEAF_B, nullptr, nullptr, Deact<kLeafB>);
BT_DECLARE_DECIDER(D_HIGH);
BT_DECLARE_DECIDER(D_MID);
BT_DECLARE_DECIDER(D_INNER);
BT_DECLARE_DECIDER(D_LEAF1);
BT_DECLARE_DECIDER(D_LEAF2);
BT_DECLARE_DECIDER(D_FALLBACK);
// ROOT: HIGH | MID (group behavior MID_B) > INNER (Shuffle, group behavior INNER_B) > LEAF1 | LEAF2.
BT_DEFINE_DECIDER_GROUP(D_ROOT, PrioritizedList, nullptr, D_HIGH, D_MID, D_FALLBACK);
BT_DEFINE_DECIDER_BEHAVIOR(D_HIGH, D_HIGH_B, High);
BT_DEFINE_DECIDER_GROUP__BEHAVIOR(D_MID, PrioritizedList, 0, nullptr, D_MID_B, D_INNER);
BT_DEFINE_DECIDER_GROUP__BEHAVIOR(D_INNER, Shuffle, 0, nullptr, D_INNER_B, D_LEAF1, D_LEAF2);
BT_DEFINE_DECIDER_BEHAVIOR(D_LEAF1, D_LEAF_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(D_LEAF2, D_LEAF_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(D_FALLBACK, D_LEAF_B, nullptr);

bt::SlotHeader& SlotOf(bt::MemoryFor<D_ROOT>& m, const bt::DeciderDef& d) {
  return *reinterpret_cast<bt::SlotHeader*>(m.bytes + sizeof(bt::MemoryHeader) + d.data->slotOffset);
}

struct Outcome {
  Status status;
  const bt::DeciderDef* decider;
  Events deactivations;  // every event but the Decides and group ticks above the damage
};

// Starts MID > INNER > a leaf, damages INNER as `how` says, then ticks once with
// HIGH accepting (an interruption) or MID_B ending (a group behavior that ends).
Outcome Run(bool compiled, int how, bool interrupt) {
  Log log;
  bt::MemoryFor<D_ROOT> memory{};
  REQUIRE(bt::TickBehaviorTree(D_ROOT, log, memory, 0, 0.1f).status == Status::Running);
  REQUIRE(bt::ActiveBehaviorDecider(D_ROOT, memory.Span()) != &D_FALLBACK);
  log.events.clear();
  auto* order = reinterpret_cast<std::uint8_t*>(&SlotOf(memory, D_INNER)) + sizeof(bt::SlotHeader);
  switch (how) {
    case 0: SlotOf(memory, D_INNER).activeChild = bt::kNoChild; break;           // interior "none"
    case 1: order[1] = 7; break;                                                  // a bad shuffle order
    case 2: order[0] = 9; SlotOf(memory, D_INNER).activeChild = bt::kNoChild; break;  // both
    case 3: SlotOf(memory, D_INNER).activeChild = 2; break;                       // out of range
  }
  if (interrupt) log.high = 1;
  else log.groupTick = Result::Done;
  const bt::TickResult r = compiled ? bt::TickBehaviorTreeCompiled<D_ROOT>(log, memory, 1, 0.1f)
                                    : bt::TickBehaviorTree(D_ROOT, log, memory, 1, 0.1f);
  Outcome out{r.status, r.decider, {}};
  for (const std::string& e : log.events)
    if (e != "decide HIGH" && e != "tick MID_B") out.deactivations.push_back(e);
  // The next tick starts from the root, and both agree on it too.
  log.high = 0;
  log.groupTick = Result::Running;
  const Status next = (compiled ? bt::TickBehaviorTreeCompiled<D_ROOT>(log, memory, 2, 0.1f)
                                : bt::TickBehaviorTree(D_ROOT, log, memory, 2, 0.1f))
                          .status;
  CHECK(next == Status::Running);
  return out;
}
}  // namespace damage

TEST_CASE("The compiled tick reports damage below an interrupted or ended path as the interpreted one", "[corrupt]") {
  const int how = GENERATE(0, 1, 2, 3);
  const bool interrupt = GENERATE(true, false);
  CAPTURE(how, interrupt);
  const damage::Outcome reference = damage::Run(false, how, interrupt);
  const damage::Outcome compiled = damage::Run(true, how, interrupt);
  CHECK(reference.status == Status::CorruptMemory);
  CHECK(reference.decider == &damage::D_INNER);
  CHECK(reference.deactivations == Events{"deactivate INNER_B", "deactivate MID_B"});
  CHECK(compiled.status == reference.status);
  CHECK(compiled.decider == reference.decider);
  CHECK(compiled.deactivations == reference.deactivations);
}

// =============================================================== [SECTION] why a behavior was deactivated

namespace {
void CollectDeactivations(const bt::DebugLine& line, void* user) {
  const std::string message = line.message;
  if (message.find("deactivating") != std::string::npos) static_cast<Events*>(user)->push_back(message);
}
}  // namespace

TEST_CASE("Level-2 debug lines say why each behavior is deactivated", "[debug][debug_output]") {
  Events lines;
  const bt::DebugOutputSettings saved = bt::GetDebugOutput();
  bt::SetDebugOutput({2, nullptr, CollectDeactivations, &lines});
  Subject s(false);
  REQUIRE(s.Tick(0).status == Status::Running);  // LOW
  s.agent.decideHigh = 1;
  REQUIRE(s.Tick(1).status == Status::Running);  // HIGH interrupts LOW
  s.agent.decideHigh = 0;
  s.agent.tickResult = Result::Failed;
  CHECK(s.Tick(2).status == Status::NoBehavior);  // HIGH fails; LOW takes over and fails too: nothing accepts
  s.agent.tickResult = Result::Running;
  REQUIRE(s.Tick(3).status == Status::Running);
  bt::StopBehaviorTree(ROOT, &s.agent, s.memory.Span(), 5);
  bt::SetDebugOutput(saved);
  CHECK(lines == Events{"deactivating behavior LOW_B/0x5e375d08, in decider LOW/0xd22be661 (interrupted)",
                        "deactivating behavior HIGH_B/0x85a6760c, in decider HIGH/0x7b2feefd (failed)",
                        "deactivating behavior LOW_B/0x5e375d08, in decider LOW/0xd22be661 (nothing accepts)",
                        "deactivating behavior LOW_B/0x5e375d08, in decider LOW/0xd22be661 (stopped)"});
}
