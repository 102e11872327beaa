// tests/core/macro_classic_test.cpp — the classic kinds declared with the macros:
// BT_RESULTS, BT_COUNT, BT_SECONDS and BT_CHANCE fill DeciderDef::config, the
// tree is analyzed at compile time (bt::MemoryFor), and the reference and the
// compiled tick run it with the same calls.
#include <catch2/catch.hpp>

#include "bt/engine/compiled_tick.h"
#include "tests/support/trace_agent.h"

namespace classic_macros {

TEST_TRACE_BEHAVIOR(BUSY_B);
TEST_TRACE_BEHAVIOR(STEP_B);
TEST_TRACE_BEHAVIOR(NEVER_B);
TEST_TRACE_BEHAVIOR(TRY_B);
TEST_TRACE_BEHAVIOR(IDLE_B);

// Not busy, then two steps, then a gate that never opens: the sequence fails there.
BT_DEFINE_GROUP(ROOT, Sequence, BT_CHILDREN(NOT_BUSY, TWICE, MAYBE));
BT_DEFINE_GROUP(NOT_BUSY, Decorator, BT_CHILDREN(BUSY), BT_RESULTS(bt::kInvertResult));
BT_DEFINE_DECIDER(BUSY, BUSY_B);
BT_DEFINE_GROUP(TWICE, Loop, BT_COUNT(2), BT_CHILDREN(STEP));
BT_DEFINE_DECIDER(STEP, STEP_B);
BT_DEFINE_GROUP(MAYBE, RandomGate, BT_CHILDREN(NEVER), BT_CHANCE(0));
BT_DEFINE_DECIDER(NEVER, NEVER_B);

// Every tick from the first child: a try that, once failed, waits a second.
BT_DEFINE_GROUP(PATIENT, Selector, BT_CHILDREN(RETRY, IDLE));
BT_DEFINE_GROUP(RETRY, Cooldown, BT_CHILDREN(TRY), BT_SECONDS(1));
BT_DEFINE_DECIDER(TRY, TRY_B);
BT_DEFINE_DECIDER(IDLE, IDLE_B);

// The other spellings of BT_RESULTS: the three results, or any bt::ResultMap.
BT_DEFINE_GROUP(KEEP_GOING, Decorator, BT_CHILDREN(IDLE), BT_RESULTS(bt::Result::Done, bt::Result::Done, bt::Result::Running));
BT_DEFINE_GROUP(GIVE_UP, Decorator, BT_RESULTS(bt::AlwaysResult(bt::Result::Failed)), BT_CHILDREN(TRY));

static_assert(NOT_BUSY.config.results.done == bt::Result::Failed && NOT_BUSY.config.results.failed == bt::Result::Done &&
              NOT_BUSY.config.results.running == bt::Result::Running);
static_assert(KEEP_GOING.config.results.failed == bt::Result::Done && KEEP_GOING.config.results.done == bt::Result::Done);
static_assert(GIVE_UP.config.results.running == bt::Result::Failed && GIVE_UP.config.results.done == bt::Result::Failed);
static_assert(TWICE.config.count == 2 && RETRY.config.seconds == 1.0f && MAYBE.config.chance == 0.0f);
// What is not given keeps NodeConfig's defaults.
static_assert(TWICE.config.chance == 1.0f && TWICE.config.seconds == 0.0f && ROOT.config.count == 0 &&
              ROOT.config.results.failed == bt::Result::Failed);
// Analyzed at compile time, as every macro tree.
static_assert(bt::detail::CheckedTree<ROOT>::valid && bt::detail::CheckedTree<PATIENT>::valid);

// Ticks ROOT_ with the reference tick and with the compiled one, each on its own
// agent and block scripted alike; both must make `expected` calls and report `status`.
template <const bt::DeciderDef& Root>
void TickBoth(test::TraceAgent (&agents)[2], bt::MemoryFor<Root> (&memory)[2], double time, bt::Status status,
              const test::Events& expected) {
  INFO("at " << time);
  const bt::TickResult reference = bt::TickBehaviorTree(Root, agents[0], memory[0], time, 0.1f);
  const bt::TickResult compiled = bt::TickBehaviorTreeCompiled<Root>(agents[1], memory[1], time, 0.1f);
  CHECK(reference.status == status);
  CHECK(compiled.status == status);
  CHECK(agents[0].Take() == expected);
  CHECK(agents[1].Take() == expected);
}

}  // namespace classic_macros

using classic_macros::TickBoth;

TEST_CASE("Macro options fill a classic tree's config, which both ticks read", "[macros][classic]") {
  using namespace classic_macros;
  test::TraceAgent agents[2];
  bt::MemoryFor<ROOT> memory[2]{};
  for (test::TraceAgent& agent : agents) {
    agent.tick["BUSY_B"] = bt::Result::Failed;  // inverted: done
    agent.tick["STEP_B"] = bt::Result::Done;
  }
  // The loop's child is done on the tick it started: it starts again at the next one.
  TickBoth<ROOT>(agents, memory, 0.0, bt::Status::Running,
                 {"activate BUSY_B", "tick BUSY_B", "deactivate BUSY_B", "activate STEP_B", "tick STEP_B",
                  "deactivate STEP_B"});
  // Done twice: the loop is done, and the gate of chance 0 stays shut, failing the sequence.
  TickBoth<ROOT>(agents, memory, 0.1, bt::Status::NoBehavior, {"activate STEP_B", "tick STEP_B", "deactivate STEP_B"});
}

TEST_CASE("BT_SECONDS keeps a Cooldown's child from running for that long after it failed", "[macros][classic]") {
  using namespace classic_macros;
  test::TraceAgent agents[2];
  bt::MemoryFor<PATIENT> memory[2]{};
  for (test::TraceAgent& agent : agents) agent.tick["TRY_B"] = bt::Result::Failed;
  TickBoth<PATIENT>(agents, memory, 0.0, bt::Status::Running,
                    {"activate TRY_B", "tick TRY_B", "deactivate TRY_B", "activate IDLE_B", "tick IDLE_B"});
  TickBoth<PATIENT>(agents, memory, 0.5, bt::Status::Running, {"tick IDLE_B"});
  TickBoth<PATIENT>(agents, memory, 1.0, bt::Status::Running, {"tick IDLE_B"});  // not more than 1 s yet
  for (test::TraceAgent& agent : agents) agent.tick["TRY_B"] = bt::Result::Running;
  // Tried again, it runs: the selector's first child interrupts the idle one.
  TickBoth<PATIENT>(agents, memory, 1.1, bt::Status::Running, {"activate TRY_B", "tick TRY_B", "deactivate IDLE_B"});
}
