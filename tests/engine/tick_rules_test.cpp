// tests/engine/tick_rules_test.cpp — the rules of the prioritized-list tick, each on the
// smallest tree that shows it, with the exact trace of calls.
#include <limits>

#include <catch2/catch.hpp>

#include "tests/support/trace_agent.h"

using bt::Result;
using bt::Status;
using test::Events;
using test::Tick;
using test::TraceDecide;

namespace rules {
TEST_TRACE_BEHAVIOR(A_B);
TEST_TRACE_BEHAVIOR(B_B);
TEST_TRACE_BEHAVIOR(C_B);
TEST_TRACE_BEHAVIOR(GROUP_B);

// ROOT: A, B, C — all decided by the trace.
BT_DECLARE_DECIDER(A);
BT_DECLARE_DECIDER(B);
BT_DECLARE_DECIDER(C);
BT_DEFINE_DECIDER_GROUP(ROOT, PrioritizedList, nullptr, A, B, C);
BT_DEFINE_DECIDER_BEHAVIOR(A, A_B, TraceDecide);
BT_DEFINE_DECIDER_BEHAVIOR(B, B_B, TraceDecide);
BT_DEFINE_DECIDER_BEHAVIOR(C, C_B, TraceDecide);

// A group with a group behavior, inside a root with a fallback.
BT_DECLARE_DECIDER(WITH_GROUP_B);
BT_DEFINE_DECIDER_GROUP(GROUP_ROOT, PrioritizedList, nullptr, WITH_GROUP_B, C);
BT_DEFINE_DECIDER_GROUP__BEHAVIOR(WITH_GROUP_B, PrioritizedList, 0, TraceDecide, GROUP_B, A, B);

// A group that decides by asking its children (DelegateDecideToChildren).
BT_DECLARE_DECIDER(DELEGATING);
BT_DEFINE_DECIDER_GROUP(DELEGATE_ROOT, PrioritizedList, nullptr, DELEGATING, C);
BT_DEFINE_DECIDER_GROUP__FLAGS(DELEGATING, PrioritizedList, bt::kDelegateDecideToChildren, nullptr, A, B);

// Behavior flags (Spore S15): given by the decider, seen by the behavior.
std::uint32_t gSeenFlags = 0;
void RecordFlags(test::TraceAgent&, const bt::Context& context) { gSeenFlags = context.behaviorFlags; }
BT_DEFINE_BEHAVIOR(FLAGGED_B, RecordFlags, nullptr, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR__FLAGS(FLAGGED, FLAGGED_B, 0x3, nullptr);

// Behaviors with no functions at all.
BT_DEFINE_BEHAVIOR(EMPTY_B, nullptr, nullptr, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(EMPTY, EMPTY_B, nullptr);
}  // namespace rules

using namespace rules;

TEST_CASE("TickBehaviorTree activates and ticks a new behavior in the same tick", "[tick]") {
  test::TraceAgent agent;
  bt::MemoryFor<ROOT> memory{};
  agent.decide["B"] = 1;
  const auto t = Tick(ROOT, agent, memory, 0.0);
  CHECK(t.result.status == Status::Running);
  CHECK(t.result.decider == &B);
  CHECK(t.events == Events{"decide A", "decide B", "activate B_B", "tick B_B"});
}

TEST_CASE("TickBehaviorTree keeps the active child without calling its Decide", "[tick][hysteresis]") {
  test::TraceAgent agent;
  bt::MemoryFor<ROOT> memory{};
  agent.decide["B"] = 1;
  Tick(ROOT, agent, memory, 0.0);

  SECTION("only the siblings above the active child are decided") {
    agent.decide["B"] = 0;  // would no longer be chosen, but it is not asked
    const auto t = Tick(ROOT, agent, memory, 1.0);
    CHECK(t.result.decider == &B);
    CHECK(t.events == Events{"decide A", "tick B_B"});
  }
  SECTION("a higher-priority sibling that accepts interrupts, deactivating first") {
    agent.decide["A"] = 1;
    const auto t = Tick(ROOT, agent, memory, 1.0);
    CHECK(t.result.decider == &A);
    CHECK(t.events == Events{"decide A", "deactivate B_B", "activate A_B", "tick A_B"});
  }
  SECTION("a lower-priority sibling cannot interrupt") {
    agent.decide["C"] = 5;
    const auto t = Tick(ROOT, agent, memory, 1.0);
    CHECK(t.events == Events{"decide A", "tick B_B"});
  }
}

TEST_CASE("TickBehaviorTree redecides with a finished child masked", "[tick][redecide]") {
  test::TraceAgent agent;
  bt::MemoryFor<ROOT> memory{};
  agent.decide["A"] = 1;
  agent.decide["B"] = 1;
  Tick(ROOT, agent, memory, 0.0);

  SECTION("a done child is masked: the next accepting child takes over in the same tick") {
    agent.tick["A_B"] = Result::Done;
    const auto t = Tick(ROOT, agent, memory, 1.0);
    CHECK(t.result.decider == &B);
    CHECK(t.events == Events{"tick A_B", "decide B", "deactivate A_B", "activate B_B", "tick B_B"});
    // Next tick A is no longer masked and interrupts again.
    agent.tick["A_B"] = Result::Running;
    CHECK(Tick(ROOT, agent, memory, 2.0).events ==
          Events{"decide A", "deactivate B_B", "activate A_B", "tick A_B"});
  }
  SECTION("a failed child is masked the same way") {
    agent.tick["A_B"] = Result::Failed;
    const auto t = Tick(ROOT, agent, memory, 1.0);
    CHECK(t.events == Events{"tick A_B", "decide B", "deactivate A_B", "activate B_B", "tick B_B"});
  }
  SECTION("when no decider at all accepts, the tick reports NoBehavior and deactivates") {
    agent.tick["A_B"] = Result::Done;
    agent.decide["B"] = 0;
    const auto t = Tick(ROOT, agent, memory, 1.0);
    CHECK(t.result.status == Status::NoBehavior);
    CHECK(t.result.decider == nullptr);
    CHECK(t.events == Events{"tick A_B", "decide B", "decide C", "deactivate A_B"});
    CHECK(bt::ActiveBehaviorDecider(ROOT, memory.Span()) == nullptr);
  }
}

TEST_CASE("TickBehaviorTree reports NoBehavior when nothing accepts", "[tick]") {
  test::TraceAgent agent;
  bt::MemoryFor<ROOT> memory{};
  const auto t = Tick(ROOT, agent, memory, 0.0);
  CHECK(t.result.status == Status::NoBehavior);
  CHECK(t.events == Events{"decide A", "decide B", "decide C"});
}

TEST_CASE("TickBehaviorTree pairs a failed Activate with its Deactivate", "[tick][pairing]") {
  test::TraceAgent agent;
  bt::MemoryFor<ROOT> memory{};
  agent.decide["A"] = 1;
  agent.decide["B"] = 1;
  agent.activate["A_B"] = false;
  const auto t = Tick(ROOT, agent, memory, 0.0);
  CHECK(t.result.decider == &B);
  CHECK(t.events == Events{"decide A", "activate A_B", "decide B", "deactivate A_B", "activate B_B", "tick B_B"});
}

TEST_CASE("TickBehaviorTree gives up after the redecide limit, naming the group", "[tick][redecide]") {
  test::TraceAgent agent;
  bt::MemoryFor<ROOT> memory{};
  for (const char* name : {"A", "B", "C"}) agent.decide[name] = 1;
  for (const char* name : {"A_B", "B_B", "C_B"}) agent.tick[name] = Result::Done;
  bt::TickOptions options;
  options.redecideLimit = 2;
  const auto t = Tick(ROOT, agent, memory, 0.0, 0, 0, options);
  CHECK(t.result.status == Status::RedecideLimit);
  CHECK(t.result.decider == &ROOT);
  CHECK(t.events == Events{"decide A", "activate A_B", "tick A_B", "decide B", "deactivate A_B", "activate B_B",
                           "tick B_B", "decide C", "deactivate B_B", "activate C_B", "tick C_B",
                           "deactivate C_B"});
  CHECK(bt::ActiveBehaviorDecider(ROOT, memory.Span()) == nullptr);
}

TEST_CASE("TickBehaviorTree takes a Decide of NaN, zero or less as a rejection", "[tick]") {
  test::TraceAgent agent;
  bt::MemoryFor<ROOT> memory{};
  agent.decide["A"] = GENERATE(std::numeric_limits<float>::quiet_NaN(), 0.0f, -0.0f, -1.0f,
                               -std::numeric_limits<float>::infinity());
  agent.decide["B"] = 1;
  const auto t = Tick(ROOT, agent, memory, 0.0);
  CHECK(t.result.decider == &B);
  CHECK(t.events == Events{"decide A", "decide B", "activate B_B", "tick B_B"});
}

TEST_CASE("TickBehaviorTree allows no masked redecide with a limit of zero or less", "[tick][redecide]") {
  test::TraceAgent agent;
  bt::MemoryFor<ROOT> memory{};
  agent.decide["A"] = 1;
  agent.decide["B"] = 1;
  agent.tick["A_B"] = Result::Done;
  bt::TickOptions options;
  options.redecideLimit = GENERATE(0, -1, -1000);
  const auto t = Tick(ROOT, agent, memory, 0.0, 0, 0, options);
  CHECK(t.result.status == Status::RedecideLimit);
  CHECK(t.result.decider == &ROOT);
  CHECK(t.events == Events{"decide A", "activate A_B", "tick A_B", "deactivate A_B"});
  CHECK(bt::ActiveBehaviorDecider(ROOT, memory.Span()) == nullptr);
}

TEST_CASE("TickBehaviorTree ends a behavior whose Tick returns no Result", "[tick][redecide]") {
  test::TraceAgent agent;
  bt::MemoryFor<ROOT> memory{};
  agent.decide["A"] = 1;
  agent.decide["B"] = 1;
  agent.tick["A_B"] = static_cast<Result>(GENERATE(3, 200));  // user code gone wrong
  const auto t = Tick(ROOT, agent, memory, 0.0);
  CHECK(t.result.status == Status::Running);
  CHECK(t.result.decider == &B);
  CHECK(t.events == Events{"decide A", "activate A_B", "tick A_B", "decide B", "deactivate A_B", "activate B_B",
                           "tick B_B"});
}

TEST_CASE("TickBehaviorTree runs a group behavior with its group", "[tick][group-behavior]") {
  test::TraceAgent agent;
  bt::MemoryFor<GROUP_ROOT> memory{};
  agent.decide["WITH_GROUP_B"] = 1;
  agent.decide["B"] = 1;

  SECTION("it activates and ticks before the group's children, and deactivates after them") {
    auto t = Tick(GROUP_ROOT, agent, memory, 0.0);
    CHECK(t.result.decider == &B);
    CHECK(t.events == Events{"decide WITH_GROUP_B", "activate GROUP_B", "tick GROUP_B", "decide A", "decide B",
                             "activate B_B", "tick B_B"});
    agent.decide["C"] = 1;
    bt::StopBehaviorTree(GROUP_ROOT, &agent, memory.Span(), 1.0);
    CHECK(agent.Take() == Events{"deactivate B_B", "deactivate GROUP_B"});
  }
  SECTION("its failure fails the group, and the parent redecides") {
    Tick(GROUP_ROOT, agent, memory, 0.0);
    agent.tick["GROUP_B"] = Result::Failed;
    agent.decide["C"] = 1;
    const auto t = Tick(GROUP_ROOT, agent, memory, 1.0);
    CHECK(t.result.decider == &C);
    CHECK(t.events == Events{"tick GROUP_B", "decide C", "deactivate B_B", "deactivate GROUP_B", "activate C_B",
                             "tick C_B"});
  }
  SECTION("its failed Activate fails the group before any child is decided") {
    agent.activate["GROUP_B"] = false;
    agent.decide["C"] = 1;
    const auto t = Tick(GROUP_ROOT, agent, memory, 0.0);
    CHECK(t.result.decider == &C);
    CHECK(t.events == Events{"decide WITH_GROUP_B", "activate GROUP_B", "decide C", "deactivate GROUP_B",
                             "activate C_B", "tick C_B"});
  }
}

TEST_CASE("TickBehaviorTree lets a group delegate its Decide to its children", "[tick][delegate]") {
  test::TraceAgent agent;
  bt::MemoryFor<DELEGATE_ROOT> memory{};
  agent.decide["C"] = 1;

  SECTION("the group accepts when a child would, then decides its children again") {
    agent.decide["B"] = 1;
    const auto t = Tick(DELEGATE_ROOT, agent, memory, 0.0);
    CHECK(t.result.decider == &B);
    CHECK(t.events == Events{"decide A", "decide B", "decide A", "decide B", "activate B_B", "tick B_B"});
  }
  SECTION("the group rejects when no child would") {
    const auto t = Tick(DELEGATE_ROOT, agent, memory, 0.0);
    CHECK(t.result.decider == &C);
    CHECK(t.events == Events{"decide A", "decide B", "decide C", "activate C_B", "tick C_B"});
  }
}

TEST_CASE("A behavior with no functions runs until it is interrupted", "[tick][defaults]") {
  test::TraceAgent agent;
  bt::MemoryFor<EMPTY> memory{};
  for (int i = 0; i < 3; ++i) {
    const auto t = Tick(EMPTY, agent, memory, i);
    CHECK(t.result.status == Status::Running);
    CHECK(t.result.decider == &EMPTY);
  }
}

TEST_CASE("A behavior decider hands its behavior flags to the behavior", "[tick][flags]") {
  test::TraceAgent agent;
  bt::MemoryFor<FLAGGED> memory{};
  gSeenFlags = 0;
  CHECK(Tick(FLAGGED, agent, memory, 0.0).result.status == Status::Running);
  CHECK(gSeenFlags == 0x3);
}
