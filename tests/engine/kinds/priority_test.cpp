// tests/engine/kinds/priority_test.cpp — the Priority policy: MBT `Priority` / `Case condition=`
// (bt/engine/kinds/priority.cpp), tick by tick.
#include <catch2/catch.hpp>

#include "bt/bt.h"
#include "bt/engine/compiled_tick.h"
#include "tests/support/trace_agent.h"

namespace priority_test {

using test::Events;
using test::TraceAgent;

constexpr bt::VariableDecl kVariables[] = {{"A", bt::VariableType::Bool, 0}, {"B", bt::VariableType::Bool, 0}};

// A case's condition: the variable named by its parameter, logged as a Decide.
float CaseHolds(TraceAgent& agent, const bt::DecideContext& context) {
  agent.events.push_back(std::string("decide ") + context.decider->name);
  return context.variables->GetBool(static_cast<int>(context.Params()[0].number)) ? 1.0f : 0.0f;
}

TEST_TRACE_BEHAVIOR(CA_B);
TEST_TRACE_BEHAVIOR(CB_B);
TEST_TRACE_BEHAVIOR(CD_B);

// <Priority> <Case condition="A"> <Case condition="B"> <Case> (the last as the agent scripts it).
BT_DEFINE_GROUP(CASES, Priority, BT_CHILDREN(CASE_A, CASE_B, CASE_D), BT_VARIABLES(kVariables));
BT_DEFINE_DECIDER(CASE_A, CA_B, BT_DECIDE(CaseHolds), BT_PARAMS(bt::NumberParam("variable", 0)));
BT_DEFINE_DECIDER(CASE_B, CB_B, BT_DECIDE(CaseHolds), BT_PARAMS(bt::NumberParam("variable", 1)));
BT_DEFINE_DECIDER(CASE_D, CD_B, BT_DECIDE(test::TraceDecide));

struct Fixture {
  TraceAgent agent;
  bt::MemoryFor<CASES> memory{};
  bt::VariableBlock& Variables() { return *bt::VariablesOf(CASES, memory.Span()); }
};

TEST_CASE("Priority picks the first case that holds, and again only after the variables changed", "[select][priority]") {
  Fixture f;
  f.agent.decide["CASE_D"] = 1;
  auto ticked = test::Tick(CASES, f.agent, f.memory, 0.0);
  CHECK(ticked.result.status == bt::Status::Running);
  CHECK(ticked.events == Events{"decide CASE_A", "decide CASE_B", "decide CASE_D", "activate CD_B", "tick CD_B"});

  // Nothing changed among the variables: the case runs on, not asked again, even
  // though its condition (scripted here, not a variable) no longer holds.
  f.agent.decide["CASE_D"] = 0;
  ticked = test::Tick(CASES, f.agent, f.memory, 0.1);
  CHECK(ticked.result.status == bt::Status::Running);
  CHECK(ticked.events == Events{"tick CD_B"});

  // B set: picked again, the old case terminated before the new one starts.
  REQUIRE(f.Variables().SetBool(1, true));
  ticked = test::Tick(CASES, f.agent, f.memory, 0.2);
  CHECK(ticked.result.status == bt::Status::Running);
  CHECK(ticked.result.decider == &CASE_B);
  CHECK(ticked.events == Events{"decide CASE_A", "decide CASE_B", "deactivate CD_B", "activate CB_B", "tick CB_B"});

  ticked = test::Tick(CASES, f.agent, f.memory, 0.3);
  CHECK(ticked.events == Events{"tick CB_B"});

  // A changed and back: the variables changed, so the cases are asked; the same
  // case holds first and runs on untouched.
  REQUIRE(f.Variables().SetBool(0, true));
  REQUIRE(f.Variables().SetBool(0, false));
  ticked = test::Tick(CASES, f.agent, f.memory, 0.4);
  CHECK(ticked.result.status == bt::Status::Running);
  CHECK(ticked.events == Events{"decide CASE_A", "decide CASE_B", "tick CB_B"});

  // A set: the first case wins over the running one.
  REQUIRE(f.Variables().SetBool(0, true));
  ticked = test::Tick(CASES, f.agent, f.memory, 0.5);
  CHECK(ticked.events == Events{"decide CASE_A", "deactivate CB_B", "activate CA_B", "tick CA_B"});

  // No case holds: the old case is terminated and the Priority fails.
  REQUIRE(f.Variables().SetBool(0, false));
  REQUIRE(f.Variables().SetBool(1, false));
  ticked = test::Tick(CASES, f.agent, f.memory, 0.6);
  CHECK(ticked.result.status == bt::Status::NoBehavior);
  CHECK(ticked.events == Events{"decide CASE_A", "decide CASE_B", "decide CASE_D", "deactivate CA_B"});

  // Started again, it picks on entry whatever changed.
  f.agent.decide["CASE_D"] = 1;
  ticked = test::Tick(CASES, f.agent, f.memory, 0.7);
  CHECK(ticked.events == Events{"decide CASE_A", "decide CASE_B", "decide CASE_D", "activate CD_B", "tick CD_B"});
}

TEST_CASE("Priority gives its case's result, the case terminated first", "[select][priority]") {
  const bt::Result end = GENERATE(bt::Result::Done, bt::Result::Failed);
  Fixture f;
  REQUIRE(f.Variables().SetBool(1, true));
  auto ticked = test::Tick(CASES, f.agent, f.memory, 0.0);
  CHECK(ticked.events == Events{"decide CASE_A", "decide CASE_B", "activate CB_B", "tick CB_B"});

  f.agent.tick["CB_B"] = end;
  ticked = test::Tick(CASES, f.agent, f.memory, 0.1);
  CHECK(ticked.result.status == (end == bt::Result::Done ? bt::Status::Done : bt::Status::NoBehavior));
  CHECK(ticked.events == Events{"tick CB_B", "deactivate CB_B"});
  CHECK(bt::ActiveBehaviorDecider(CASES, f.memory.Span()) == nullptr);
}

// A Priority inside a Sequence: its case ending ends it, and the sequence goes on.
TEST_TRACE_BEHAVIOR(AFTER_B);
BT_DEFINE_GROUP(SEQ, Sequence, BT_CHILDREN(INNER, AFTER), BT_VARIABLES(kVariables));
BT_DEFINE_GROUP(INNER, Priority, BT_CHILDREN(INNER_A, INNER_D));
BT_DEFINE_DECIDER(INNER_A, CA_B, BT_DECIDE(CaseHolds), BT_PARAMS(bt::NumberParam("variable", 0)));
BT_DEFINE_DECIDER(INNER_D, CD_B);
BT_DEFINE_DECIDER(AFTER, AFTER_B);

// Both ticks: the compiled one hands the Priority to the reference engine.
test::Ticked TickEither(bool compiled, TraceAgent& agent, bt::MemoryFor<SEQ>& memory, double time) {
  if (!compiled) return test::Tick(SEQ, agent, memory, time);
  test::Ticked ticked;
  ticked.result = bt::TickBehaviorTreeCompiled<SEQ>(agent, memory, time, 0.1f);
  ticked.events = agent.Take();
  return ticked;
}

TEST_CASE("Priority inside a Sequence: a case that is done makes way for the next child", "[select][priority]") {
  const bool compiled = GENERATE(false, true);
  TraceAgent agent;
  bt::MemoryFor<SEQ> memory{};
  auto ticked = TickEither(compiled, agent, memory, 0.0);
  CHECK(ticked.events == Events{"decide INNER_A", "activate CD_B", "tick CD_B"});
  ticked = TickEither(compiled, agent, memory, 0.05);
  CHECK(ticked.events == Events{"tick CD_B"});

  // A changes while CD_B runs: the Priority switches to INNER_A in the same tick.
  REQUIRE(bt::VariablesOf(SEQ, memory.Span())->SetBool(0, true));
  agent.tick["CA_B"] = bt::Result::Done;
  ticked = TickEither(compiled, agent, memory, 0.1);
  CHECK(ticked.result.decider == &AFTER);
  CHECK(ticked.events ==
        Events{"decide INNER_A", "deactivate CD_B", "activate CA_B", "tick CA_B", "deactivate CA_B", "activate AFTER_B",
               "tick AFTER_B"});
}

}  // namespace priority_test
