// tests/engine/preconditions_test.cpp — the checks made before a Decide is called
// (Spore S06): timers, DecisionFlags, StimuliFlags, and all of them on one
// decider; and the timer count InitializeTreeData records on the root.
#include <catch2/catch.hpp>

#include "tests/support/trace_agent.h"

using bt::Result;
using bt::Status;
using test::Events;
using test::Tick;
using test::TraceDecide;

namespace pre {
TEST_TRACE_BEHAVIOR(T_B);
TEST_TRACE_BEHAVIOR(F_B);
TEST_TRACE_BEHAVIOR(X_B);

// The fallback accepts without a Decide, so the trace shows only the checked deciders.
BT_DECLARE_DECIDER(F);
BT_DEFINE_DECIDER_BEHAVIOR(F, F_B, nullptr);

// A Decide at most every 4 seconds.
BT_DECLARE_DECIDER(TIMED);
BT_DEFINE_DECIDER_GROUP(TIMER_ROOT, PrioritizedList, nullptr, TIMED, F);
BT_DEFINE_DECIDER_BEHAVIOR__PRE(TIMED, T_B, TraceDecide, bt::Preconditions{}.Every(4));

// No Decide at all: the timer alone paces it.
BT_DECLARE_DECIDER(PERIODIC);
BT_DEFINE_DECIDER_GROUP(PERIODIC_ROOT, PrioritizedList, nullptr, PERIODIC, F);
BT_DEFINE_DECIDER_BEHAVIOR__PRE(PERIODIC, T_B, nullptr, bt::Preconditions{}.Every(2));

// One decider per kind of flag check, all against bits 0 and 1.
constexpr std::uint32_t kBits = 0x3;
BT_DECLARE_DECIDER(D_ANY_SET);
BT_DECLARE_DECIDER(D_ALL_SET);
BT_DECLARE_DECIDER(D_ANY_CLEAR);
BT_DECLARE_DECIDER(D_ALL_CLEAR);
BT_DEFINE_DECIDER_GROUP(DECISION_ROOT, PrioritizedList, nullptr, D_ANY_SET, D_ALL_SET, D_ANY_CLEAR, D_ALL_CLEAR, F);
BT_DEFINE_DECIDER_BEHAVIOR__PRE(D_ANY_SET, X_B, TraceDecide, bt::Preconditions{}.DecisionAnySet(kBits));
BT_DEFINE_DECIDER_BEHAVIOR__PRE(D_ALL_SET, X_B, TraceDecide, bt::Preconditions{}.DecisionAllSet(kBits));
BT_DEFINE_DECIDER_BEHAVIOR__PRE(D_ANY_CLEAR, X_B, TraceDecide, bt::Preconditions{}.DecisionAnyClear(kBits));
BT_DEFINE_DECIDER_BEHAVIOR__PRE(D_ALL_CLEAR, X_B, TraceDecide, bt::Preconditions{}.DecisionAllClear(kBits));

BT_DECLARE_DECIDER(S_ANY_SET);
BT_DECLARE_DECIDER(S_ALL_SET);
BT_DECLARE_DECIDER(S_ANY_CLEAR);
BT_DECLARE_DECIDER(S_ALL_CLEAR);
BT_DEFINE_DECIDER_GROUP(STIMULI_ROOT, PrioritizedList, nullptr, S_ANY_SET, S_ALL_SET, S_ANY_CLEAR, S_ALL_CLEAR, F);
BT_DEFINE_DECIDER_BEHAVIOR__PRE(S_ANY_SET, X_B, TraceDecide, bt::Preconditions{}.StimuliAnySet(kBits));
BT_DEFINE_DECIDER_BEHAVIOR__PRE(S_ALL_SET, X_B, TraceDecide, bt::Preconditions{}.StimuliAllSet(kBits));
BT_DEFINE_DECIDER_BEHAVIOR__PRE(S_ANY_CLEAR, X_B, TraceDecide, bt::Preconditions{}.StimuliAnyClear(kBits));
BT_DEFINE_DECIDER_BEHAVIOR__PRE(S_ALL_CLEAR, X_B, TraceDecide, bt::Preconditions{}.StimuliAllClear(kBits));

// Every kind at once: every 2 s, DecisionFlags bit 0 set, StimuliFlags bit 2 clear.
BT_DECLARE_DECIDER(COMBO);
BT_DEFINE_DECIDER_GROUP(COMBO_ROOT, PrioritizedList, nullptr, COMBO, F);
BT_DEFINE_DECIDER_BEHAVIOR__PRE(COMBO, T_B, TraceDecide,
                                bt::Preconditions{}.Every(2).DecisionAllSet(0x1).StimuliAllClear(0x4));

// Timers on a behavior decider, on a group, and on a decider two groups share.
BT_DECLARE_DECIDER(COUNT_TIMED);
BT_DECLARE_DECIDER(TIMED_GROUP);
BT_DECLARE_DECIDER(PLAIN_GROUP);
BT_DECLARE_DECIDER(SHARED_TIMED);
BT_DEFINE_DECIDER_GROUP(COUNT_ROOT, PrioritizedList, nullptr, COUNT_TIMED, TIMED_GROUP, PLAIN_GROUP, F);
BT_DEFINE_DECIDER_BEHAVIOR__PRE(COUNT_TIMED, T_B, TraceDecide, bt::Preconditions{}.Every(1));
BT_DEFINE_DECIDER_GROUP__PRE(TIMED_GROUP, PrioritizedList, 0, TraceDecide, bt::Preconditions{}.Every(3), SHARED_TIMED);
BT_DEFINE_DECIDER_GROUP(PLAIN_GROUP, PrioritizedList, TraceDecide, SHARED_TIMED);
BT_DEFINE_DECIDER_BEHAVIOR__PRE(SHARED_TIMED, X_B, TraceDecide, bt::Preconditions{}.Every(5));
// A group that accepts when a child would, over a timed child.
BT_DECLARE_DECIDER(DELEGATING);
BT_DECLARE_DECIDER(TIMED_CHILD);
BT_DEFINE_DECIDER_GROUP(DELEGATE_ROOT, PrioritizedList, nullptr, DELEGATING, F);
BT_DEFINE_DECIDER_GROUP__FLAGS(DELEGATING, PrioritizedList, bt::kDelegateDecideToChildren, nullptr, TIMED_CHILD);
BT_DEFINE_DECIDER_BEHAVIOR__PRE(TIMED_CHILD, T_B, TraceDecide, bt::Preconditions{}.Every(2));
}  // namespace pre

using namespace pre;

TEST_CASE("A timer precondition calls Decide at most every N seconds, counted from the last call",
          "[preconditions][timer]") {
  test::TraceAgent agent;
  bt::MemoryFor<TIMER_ROOT> memory{};
  CHECK(Tick(TIMER_ROOT, agent, memory, 0.0).events == Events{"decide TIMED", "activate F_B", "tick F_B"});
  for (double time : {1.0, 2.0, 3.5}) CHECK(Tick(TIMER_ROOT, agent, memory, time).events == Events{"tick F_B"});

  agent.decide["TIMED"] = 1;
  CHECK(Tick(TIMER_ROOT, agent, memory, 4.0).events ==
        Events{"decide TIMED", "deactivate F_B", "activate T_B", "tick T_B"});
  agent.tick["T_B"] = Result::Done;
  CHECK(Tick(TIMER_ROOT, agent, memory, 5.0).events ==
        Events{"tick T_B", "deactivate T_B", "activate F_B", "tick F_B"});

  // Deactivated at 5, but the delay runs from the Decide at 4: asked again at 8, not 9.
  CHECK(Tick(TIMER_ROOT, agent, memory, 7.5).events == Events{"tick F_B"});
  agent.decide["TIMED"] = 0;
  CHECK(Tick(TIMER_ROOT, agent, memory, 8.0).events == Events{"decide TIMED", "tick F_B"});
}

TEST_CASE("A timer precondition without a Decide accepts once per period", "[preconditions][timer]") {
  test::TraceAgent agent;
  bt::MemoryFor<PERIODIC_ROOT> memory{};
  agent.tick["T_B"] = Result::Done;  // one tick of work each time
  CHECK(Tick(PERIODIC_ROOT, agent, memory, 0.0).events ==
        Events{"activate T_B", "tick T_B", "deactivate T_B", "activate F_B", "tick F_B"});
  CHECK(Tick(PERIODIC_ROOT, agent, memory, 1.0).events == Events{"tick F_B"});
  CHECK(Tick(PERIODIC_ROOT, agent, memory, 2.0).events ==
        Events{"deactivate F_B", "activate T_B", "tick T_B", "deactivate T_B", "activate F_B", "tick F_B"});
}

namespace {

// Which of the four flag-checked deciders had their Decide called for `flags`.
template <class Root>
Events DecidedFor(const bt::DeciderDef& root, Root& memory, test::TraceAgent& agent, std::uint32_t flags,
                  bool stimuli) {
  Events decided;
  for (const std::string& event : Tick(root, agent, memory, 0.0, stimuli ? 0 : flags, stimuli ? flags : 0).events)
    if (event.rfind("decide ", 0) == 0) decided.push_back(event.substr(7));
  return decided;
}

}  // namespace

TEST_CASE("DecisionFlags preconditions check any or all bits of a mask, set or clear", "[preconditions][flags]") {
  test::TraceAgent agent;
  bt::MemoryFor<DECISION_ROOT> memory{};  // F runs; the four above it are checked every tick
  CHECK(DecidedFor(DECISION_ROOT, memory, agent, 0x0, false) == Events{"D_ANY_CLEAR", "D_ALL_CLEAR"});
  CHECK(DecidedFor(DECISION_ROOT, memory, agent, 0x1, false) == Events{"D_ANY_SET", "D_ANY_CLEAR"});
  CHECK(DecidedFor(DECISION_ROOT, memory, agent, 0x2, false) == Events{"D_ANY_SET", "D_ANY_CLEAR"});
  CHECK(DecidedFor(DECISION_ROOT, memory, agent, 0x3, false) == Events{"D_ANY_SET", "D_ALL_SET"});
  CHECK(DecidedFor(DECISION_ROOT, memory, agent, 0xFC, false) == Events{"D_ANY_CLEAR", "D_ALL_CLEAR"});
  CHECK(DecidedFor(DECISION_ROOT, memory, agent, 0xFFFFFFFF, false) == Events{"D_ANY_SET", "D_ALL_SET"});
  // StimuliFlags do not count for DecisionFlags checks.
  CHECK(DecidedFor(DECISION_ROOT, memory, agent, 0x3, true) == Events{"D_ANY_CLEAR", "D_ALL_CLEAR"});
}

TEST_CASE("StimuliFlags preconditions make the same checks against the stimuli word", "[preconditions][flags]") {
  test::TraceAgent agent;
  bt::MemoryFor<STIMULI_ROOT> memory{};
  CHECK(DecidedFor(STIMULI_ROOT, memory, agent, 0x0, true) == Events{"S_ANY_CLEAR", "S_ALL_CLEAR"});
  CHECK(DecidedFor(STIMULI_ROOT, memory, agent, 0x1, true) == Events{"S_ANY_SET", "S_ANY_CLEAR"});
  CHECK(DecidedFor(STIMULI_ROOT, memory, agent, 0x2, true) == Events{"S_ANY_SET", "S_ANY_CLEAR"});
  CHECK(DecidedFor(STIMULI_ROOT, memory, agent, 0x3, true) == Events{"S_ANY_SET", "S_ALL_SET"});
  CHECK(DecidedFor(STIMULI_ROOT, memory, agent, 0xFC, true) == Events{"S_ANY_CLEAR", "S_ALL_CLEAR"});
  CHECK(DecidedFor(STIMULI_ROOT, memory, agent, 0x3, false) == Events{"S_ANY_CLEAR", "S_ALL_CLEAR"});
}

TEST_CASE("Preconditions are not checked for a decider that is already active", "[preconditions][hysteresis]") {
  test::TraceAgent agent;
  bt::MemoryFor<DECISION_ROOT> memory{};
  agent.decide["D_ANY_SET"] = 1;
  CHECK(Tick(DECISION_ROOT, agent, memory, 0.0, 0x1).result.decider == &D_ANY_SET);
  const auto t = Tick(DECISION_ROOT, agent, memory, 1.0, 0x0);  // its check would fail now
  CHECK(t.result.decider == &D_ANY_SET);
  CHECK(t.events == Events{"tick X_B"});
}

TEST_CASE("Every precondition kind combines on one decider", "[preconditions][combined]") {
  test::TraceAgent agent;
  bt::MemoryFor<COMBO_ROOT> memory{};
  const Events asked{"decide COMBO", "tick F_B"};
  const Events notAsked{"tick F_B"};
  Tick(COMBO_ROOT, agent, memory, 0.0, 0x0, 0x0);  // DecisionFlags fail: no Decide, the timer is not started
  CHECK(Tick(COMBO_ROOT, agent, memory, 0.5, 0x1, 0x4).events == notAsked);  // StimuliFlags fail
  CHECK(Tick(COMBO_ROOT, agent, memory, 1.0, 0x1, 0x0).events == asked);     // all pass
  CHECK(Tick(COMBO_ROOT, agent, memory, 2.0, 0x1, 0x0).events == notAsked);  // 1 s since the Decide
  CHECK(Tick(COMBO_ROOT, agent, memory, 3.0, 0x1, 0x4).events == notAsked);  // timer passes, stimuli fail
  CHECK(Tick(COMBO_ROOT, agent, memory, 3.5, 0x3, 0x0).events == asked);     // the timer was not used at 3
  agent.decide["COMBO"] = 1;
  CHECK(Tick(COMBO_ROOT, agent, memory, 5.5, 0x1, 0x0).events ==
        Events{"decide COMBO", "deactivate F_B", "activate T_B", "tick T_B"});
}

TEST_CASE("InitializeTreeData counts the timers of a tree on its root", "[preconditions][timer][initialize]") {
  REQUIRE(bt::InitializeTreeData(COUNT_ROOT));
  const bt::TreeData& tree = COUNT_ROOT.data->tree;
  CHECK(tree.numTimers == 3);  // COUNT_TIMED, TIMED_GROUP, and SHARED_TIMED once
  const int indices[] = {COUNT_TIMED.data->timerIndex, TIMED_GROUP.data->timerIndex, SHARED_TIMED.data->timerIndex};
  for (int index : indices) CHECK((index >= 0 && index < 3));
  CHECK(indices[0] != indices[1]);
  CHECK(indices[1] != indices[2]);
  CHECK(indices[0] != indices[2]);
  CHECK(PLAIN_GROUP.data->timerIndex == -1);
  CHECK(tree.memoryBytes >= tree.timersOffset + 3 * sizeof(float));
  CHECK(sizeof(bt::MemoryFor<COUNT_ROOT>) == tree.memoryBytes);

  REQUIRE(bt::InitializeTreeData(DECISION_ROOT));
  CHECK(DECISION_ROOT.data->tree.numTimers == 0);
}

TEST_CASE("Timers of a group and of a shared decider pace their own Decides", "[preconditions][timer]") {
  test::TraceAgent agent;
  bt::MemoryFor<COUNT_ROOT> memory{};
  agent.decide["PLAIN_GROUP"] = 1;
  agent.decide["SHARED_TIMED"] = 1;
  auto t = Tick(COUNT_ROOT, agent, memory, 0.0);
  CHECK(t.result.decider == &SHARED_TIMED);
  CHECK(t.events == Events{"decide COUNT_TIMED", "decide TIMED_GROUP", "decide PLAIN_GROUP", "decide SHARED_TIMED",
                           "activate X_B", "tick X_B"});
  t = Tick(COUNT_ROOT, agent, memory, 1.0);
  CHECK(t.events == Events{"decide COUNT_TIMED", "tick X_B"});  // TIMED_GROUP waits 3 s
  t = Tick(COUNT_ROOT, agent, memory, 3.0);
  CHECK(t.events == Events{"decide COUNT_TIMED", "decide TIMED_GROUP", "tick X_B"});
}

TEST_CASE("A timed child of a delegating group is not blocked by the group's look-ahead", "[preconditions][timer]") {
  test::TraceAgent agent;
  bt::MemoryFor<DELEGATE_ROOT> memory{};
  agent.decide["TIMED_CHILD"] = 1;
  // The group asks its child whether it would accept, then chooses it: the timer
  // paces ticks, so the look-ahead in the same tick does not make it reject.
  auto t = Tick(DELEGATE_ROOT, agent, memory, 0.0);
  CHECK(t.result.decider == &TIMED_CHILD);
  CHECK(t.events == Events{"decide TIMED_CHILD", "decide TIMED_CHILD", "activate T_B", "tick T_B"});
  agent.tick["T_B"] = Result::Done;
  t = Tick(DELEGATE_ROOT, agent, memory, 1.0);  // done: the root redecides with the group masked
  CHECK(t.events == Events{"tick T_B", "deactivate T_B", "activate F_B", "tick F_B"});
  agent.tick["T_B"] = Result::Running;
  t = Tick(DELEGATE_ROOT, agent, memory, 2.0);
  CHECK(t.events == Events{"decide TIMED_CHILD", "deactivate F_B", "decide TIMED_CHILD", "activate T_B", "tick T_B"});
}
