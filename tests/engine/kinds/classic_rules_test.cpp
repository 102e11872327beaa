// tests/engine/kinds/classic_rules_test.cpp — every rule that a classic policy runs
// (bt/engine/kinds/classic.cpp) as the engine it comes from runs it (Unvanquished's
// selector, sequence and decorators, Drag[en]gine's rules, MBT's composites),
// each on the smallest tree that shows it, with the exact trace of calls tick by tick; then the classic groups under
// damage, Stop, save and restore, and the compiled tick.
//
// Leaves run behaviors A, B, C (or G1, G2 as group behaviors), so the trace reads
// "activate A", "tick A", "deactivate A"; Decides are traced as "decide NAME".
//
// Index
//   [SECTION] the trees — the trees, one per rule, by the engine the rule comes from
//   [SECTION] Unvanquished — selector, sequence, decorators, timers
//   [SECTION] Drag[en]gine — sequence, choice and their conditions
//   [SECTION] Lumberyard MBT — the composites and decorators
//   [SECTION] robustness — damage, Stop, save and restore, the compiled tick
#include <cstring>
#include <vector>

#include <catch2/catch.hpp>

#include "bt/engine/compiled_tick.h"
#include "tests/engine/kinds/classic_trace.h"

using bt::Result;
using bt::Status;
using test::Events;
using test::ScriptAgent;
using test::ScriptDecide;
using test::TickScript;

namespace {
// The deciders active in the block, parents first (bt::ActivePath).
template <std::size_t N>
std::vector<const bt::DeciderDef*> Path(const bt::DeciderDef& root, const bt::Memory<N>& memory) {
  std::vector<const bt::DeciderDef*> path(bt::kMaxTreeDeciders);
  const int count = bt::ActivePath(root, memory.Span(), path);
  path.resize(count < 0 ? 0 : static_cast<std::size_t>(count));
  return path;
}
}  // namespace

namespace classic {
TEST_SCRIPT_BEHAVIOR(A);
TEST_SCRIPT_BEHAVIOR(B);
TEST_SCRIPT_BEHAVIOR(C);
TEST_SCRIPT_BEHAVIOR(G1);
TEST_SCRIPT_BEHAVIOR(G2);
TEST_SCRIPT_BEHAVIOR(OK);

// A leaf NAME running BEHAVIOR, accepting at once (no Decide).
#define LEAF(NAME, BEHAVIOR) BT_DEFINE_DECIDER_BEHAVIOR(NAME, BEHAVIOR, nullptr)
#define NO_CONFIG (bt::NodeConfig{})

// =============================================================== [SECTION] the trees
// ---------------------------------------------------------------- Unvanquished
BT_DECLARE_DECIDER(SEL_A);
BT_DECLARE_DECIDER(SEL_B);
BT_DECLARE_DECIDER(SEL_C);
BT_DEFINE_DECIDER_GROUP(SEL, Selector, nullptr, SEL_A, SEL_B, SEL_C);
LEAF(SEL_A, A);
LEAF(SEL_B, B);
LEAF(SEL_C, C);

BT_DECLARE_DECIDER(FB_A);
BT_DECLARE_DECIDER(FB_B);
BT_DECLARE_DECIDER(FB_C);
BT_DEFINE_DECIDER_GROUP(FB, Fallback, nullptr, FB_A, FB_B, FB_C);
LEAF(FB_A, A);
LEAF(FB_B, B);
LEAF(FB_C, C);

BT_DECLARE_DECIDER(SEQ_A);
BT_DECLARE_DECIDER(SEQ_B);
BT_DECLARE_DECIDER(SEQ_C);
BT_DEFINE_DECIDER_GROUP(SEQ, Sequence, nullptr, SEQ_A, SEQ_B, SEQ_C);
LEAF(SEQ_A, A);
LEAF(SEQ_B, B);
LEAF(SEQ_C, C);

BT_DECLARE_DECIDER(CON_A);
BT_DECLARE_DECIDER(CON_B);
BT_DECLARE_DECIDER(CON_C);
BT_DEFINE_DECIDER_GROUP(CON, Concurrent, nullptr, CON_A, CON_B, CON_C);
LEAF(CON_A, A);
LEAF(CON_B, B);
LEAF(CON_C, C);

// `condition EXPR { A }`: a Decorator passing its child's result, its Decide the expression, re-read every tick.
BT_DECLARE_DECIDER(COND_A);
TEST_CLASSIC_GROUP(COND, Decorator, bt::kRecheckEveryTick, ScriptDecide, NO_CONFIG, COND_A);
LEAF(COND_A, A);

// `sequence { condition EXPR, action A }`: a condition without a child is a leaf done at once.
BT_DECLARE_DECIDER(CHECK);
BT_DECLARE_DECIDER(CHECKED_A);
BT_DEFINE_DECIDER_GROUP(CHECKED, Sequence, nullptr, CHECK, CHECKED_A);
BT_DEFINE_DECIDER(CHECK, OK, BT_DECIDE(ScriptDecide), BT_FLAGS(bt::kRecheckEveryTick));
LEAF(CHECKED_A, A);

BT_DECLARE_DECIDER(INV_A);
TEST_CLASSIC_GROUP(INV, Decorator, 0, nullptr, (bt::NodeConfig{.results = bt::kInvertResult}), INV_A);
LEAF(INV_A, A);

BT_DECLARE_DECIDER(RET_RUNNING_A);
TEST_CLASSIC_GROUP(RET_RUNNING, Decorator, 0, nullptr, (bt::NodeConfig{.results = bt::AlwaysResult(Result::Running)}),
                   RET_RUNNING_A);
LEAF(RET_RUNNING_A, A);
BT_DECLARE_DECIDER(RET_DONE_A);
TEST_CLASSIC_GROUP(RET_DONE, Decorator, 0, nullptr, (bt::NodeConfig{.results = bt::AlwaysResult(Result::Done)}),
                   RET_DONE_A);
LEAF(RET_DONE_A, A);

// mapStatus(RUNNING, FAILURE, SUCCESS): failure -> running, success -> failure, running -> success.
BT_DECLARE_DECIDER(MAP_A);
TEST_CLASSIC_GROUP(MAP, Decorator, 0, nullptr,
                   (bt::NodeConfig{.results = {Result::Failed, Result::Running, Result::Done}}), MAP_A);
LEAF(MAP_A, A);

// timer(1000)
BT_DECLARE_DECIDER(TIMER_A);
TEST_CLASSIC_GROUP(TIMER, Cooldown, 0, nullptr, (bt::NodeConfig{.seconds = 1}), TIMER_A);
LEAF(TIMER_A, A);

// ---------------------------------------------------------------- Drag[en]gine
// <sequence> with conditions: checked on entry and after each child success.
BT_DECLARE_DECIDER(DSEQ_A);
BT_DECLARE_DECIDER(DSEQ_B);
BT_DECLARE_DECIDER(DSEQ_C);
BT_DEFINE_DECIDER_GROUP__FLAGS(DSEQ, Sequence, bt::kCallDecideOnRedecide, ScriptDecide, DSEQ_A, DSEQ_B, DSEQ_C);
LEAF(DSEQ_A, A);
LEAF(DSEQ_B, B);
LEAF(DSEQ_C, C);

// <sequence loop="true">
BT_DECLARE_DECIDER(LSEQ_A);
BT_DECLARE_DECIDER(LSEQ_B);
BT_DEFINE_DECIDER_GROUP__FLAGS(LSEQ, Sequence, bt::kLoopChildren, nullptr, LSEQ_A, LSEQ_B);
LEAF(LSEQ_A, A);
LEAF(LSEQ_B, B);

// <choice> with conditions.
BT_DECLARE_DECIDER(CHOICE_A);
BT_DECLARE_DECIDER(CHOICE_B);
BT_DECLARE_DECIDER(CHOICE_C);
BT_DEFINE_DECIDER_GROUP__FLAGS(CHOICE, Fallback, bt::kCallDecideOnRedecide, ScriptDecide, CHOICE_A, CHOICE_B,
                               CHOICE_C);
LEAF(CHOICE_A, A);
LEAF(CHOICE_B, B);
LEAF(CHOICE_C, C);

// <choice loop="true"> with conditions.
BT_DECLARE_DECIDER(LCHOICE_A);
BT_DECLARE_DECIDER(LCHOICE_B);
BT_DEFINE_DECIDER_GROUP__FLAGS(LCHOICE, Fallback, bt::kLoopChildren | bt::kCallDecideOnRedecide, ScriptDecide,
                               LCHOICE_A, LCHOICE_B);
LEAF(LCHOICE_A, A);
LEAF(LCHOICE_B, B);

// <sequence doNotFail="true"> with conditions: a Decorator suppressing its failure.
BT_DECLARE_DECIDER(DNF_SEQ);
BT_DECLARE_DECIDER(DNF_A);
TEST_CLASSIC_GROUP(DNF, Decorator, 0, nullptr, (bt::NodeConfig{.results = bt::kSuppressFailure}), DNF_SEQ);
BT_DEFINE_DECIDER_GROUP(DNF_SEQ, Sequence, ScriptDecide, DNF_A);
LEAF(DNF_A, A);

// <sequence><action name="A"><condition>...</condition></action><action name="B"/></sequence>
BT_DECLARE_DECIDER(ACTION);
BT_DECLARE_DECIDER(ACTION_NEXT);
BT_DEFINE_DECIDER_GROUP(ACTIONS, Sequence, nullptr, ACTION, ACTION_NEXT);
BT_DEFINE_DECIDER(ACTION, A, BT_DECIDE(ScriptDecide), BT_FLAGS(bt::kRecheckEveryTick));
LEAF(ACTION_NEXT, B);

// <sequence loop="true"> of one instant action: runs away.
BT_DECLARE_DECIDER(RUNAWAY_A);
BT_DEFINE_DECIDER_GROUP__FLAGS(RUNAWAY, Sequence, bt::kLoopChildren, nullptr, RUNAWAY_A);
LEAF(RUNAWAY_A, A);

// ---------------------------------------------------------------- Lumberyard MBT
BT_DECLARE_DECIDER(PAR_A);
BT_DECLARE_DECIDER(PAR_B);
BT_DECLARE_DECIDER(PAR_C);
BT_DEFINE_DECIDER_GROUP(PAR, Parallel, nullptr, PAR_A, PAR_B, PAR_C);
LEAF(PAR_A, A);
LEAF(PAR_B, B);
LEAF(PAR_C, C);

BT_DECLARE_DECIDER(PAR_ANY_A);
BT_DECLARE_DECIDER(PAR_ANY_B);
BT_DEFINE_DECIDER_GROUP__FLAGS(PAR_ANY, Parallel, bt::kParallelSucceedOnAny, nullptr, PAR_ANY_A, PAR_ANY_B);
LEAF(PAR_ANY_A, A);
LEAF(PAR_ANY_B, B);

BT_DECLARE_DECIDER(PAR_ALL_A);
BT_DECLARE_DECIDER(PAR_ALL_B);
BT_DEFINE_DECIDER_GROUP__FLAGS(PAR_ALL, Parallel, bt::kParallelFailOnAll, nullptr, PAR_ALL_A, PAR_ALL_B);
LEAF(PAR_ALL_A, A);
LEAF(PAR_ALL_B, B);

BT_DECLARE_DECIDER(LOOP3_A);
TEST_CLASSIC_GROUP(LOOP3, Loop, 0, nullptr, (bt::NodeConfig{.count = 3}), LOOP3_A);
LEAF(LOOP3_A, A);

BT_DECLARE_DECIDER(LOOP_A);
TEST_CLASSIC_GROUP(LOOP, Loop, 0, nullptr, NO_CONFIG, LOOP_A);
LEAF(LOOP_A, A);

BT_DECLARE_DECIDER(UNTIL_A);
TEST_CLASSIC_GROUP(UNTIL, LoopUntilSuccess, 0, nullptr, (bt::NodeConfig{.count = 2}), UNTIL_A);
LEAF(UNTIL_A, A);

BT_DECLARE_DECIDER(SHUT_A);
TEST_CLASSIC_GROUP(SHUT, RandomGate, 0, nullptr, (bt::NodeConfig{.chance = 0}), SHUT_A);
LEAF(SHUT_A, A);
BT_DECLARE_DECIDER(OPEN_A);
TEST_CLASSIC_GROUP(OPEN, RandomGate, 0, nullptr, (bt::NodeConfig{.chance = 1}), OPEN_A);
LEAF(OPEN_A, A);

BT_DECLARE_DECIDER(SUPPRESS_A);
TEST_CLASSIC_GROUP(SUPPRESS, Decorator, 0, nullptr, (bt::NodeConfig{.results = bt::kSuppressFailure}), SUPPRESS_A);
LEAF(SUPPRESS_A, A);

// IfCondition: a Decide read once on entry (no kRecheckEveryTick).
BT_DECLARE_DECIDER(IF_A);
TEST_CLASSIC_GROUP(IF, Decorator, 0, ScriptDecide, NO_CONFIG, IF_A);
LEAF(IF_A, A);

// ---------------------------------------------------------------- robustness
// Group behaviors G1 (root) and G2 (the Parallel) show what a damaged block deactivates.
BT_DECLARE_DECIDER(DMG_PAR);
BT_DECLARE_DECIDER(DMG_A);
BT_DECLARE_DECIDER(DMG_B);
BT_DEFINE_DECIDER_GROUP__BEHAVIOR(DMG, Sequence, 0, nullptr, G1, DMG_PAR);
BT_DEFINE_DECIDER_GROUP__BEHAVIOR(DMG_PAR, Parallel, 0, nullptr, G2, DMG_A, DMG_B);
LEAF(DMG_A, A);
LEAF(DMG_B, B);

// A Selector whose running child (AHEAD_SEQ) is a Sequence; its earlier child
// AHEAD_FIRST accepts when the script says.
BT_DECLARE_DECIDER(AHEAD_FIRST);
BT_DECLARE_DECIDER(AHEAD_SEQ);
BT_DECLARE_DECIDER(AHEAD_B);
BT_DECLARE_DECIDER(AHEAD_C);
BT_DEFINE_DECIDER_GROUP(AHEAD, Selector, nullptr, AHEAD_FIRST, AHEAD_SEQ);
BT_DEFINE_DECIDER_BEHAVIOR(AHEAD_FIRST, A, ScriptDecide);
BT_DEFINE_DECIDER_GROUP(AHEAD_SEQ, Sequence, nullptr, AHEAD_B, AHEAD_C);
LEAF(AHEAD_B, B);
LEAF(AHEAD_C, C);

BT_DECLARE_DECIDER(SPAR_A);
BT_DECLARE_DECIDER(SPAR_B);
BT_DECLARE_DECIDER(SPAR_C);
BT_DEFINE_DECIDER_GROUP(SPAR, Parallel, nullptr, SPAR_A, SPAR_B, SPAR_C);
LEAF(SPAR_A, A);
LEAF(SPAR_B, B);
LEAF(SPAR_C, C);

// Behavior memory that records whose it is: side-by-side children must not share it.
struct Tally {
  const char* owner;
  int ticks;
};
bool TallyActivate(test::ScriptAgent& agent, Tally& tally, const bt::Context& context) {
  tally = {context.decider->name, 0};
  agent.events.push_back(std::string("start ") + context.decider->name);
  return true;
}
Result TallyTick(test::ScriptAgent& agent, Tally& tally, const bt::Context& context) {
  const bool own = tally.owner == context.decider->name;
  agent.events.push_back(std::string("tally ") + context.decider->name + " " +
                         (own ? std::to_string(++tally.ticks) : std::string("clobbered")));
  const auto scripted = agent.tick.find(context.decider->name);
  return scripted == agent.tick.end() ? Result::Running : scripted->second;
}
void TallyDeactivate(test::ScriptAgent& agent, Tally&, const bt::Context& context) {
  agent.events.push_back(std::string("stop ") + context.decider->name);
}
BT_DEFINE_BEHAVIOR__MEMORY(TALLY, Tally, TallyActivate, TallyTick, TallyDeactivate);
BT_DECLARE_DECIDER(MEM_S1);
BT_DECLARE_DECIDER(MEM_S2);
BT_DECLARE_DECIDER(X1);
BT_DECLARE_DECIDER(X2);
BT_DECLARE_DECIDER(Y1);
BT_DECLARE_DECIDER(Y2);
BT_DEFINE_DECIDER_GROUP(MEM, Parallel, nullptr, MEM_S1, MEM_S2);
BT_DEFINE_DECIDER_GROUP(MEM_S1, Sequence, nullptr, X1, X2);
BT_DEFINE_DECIDER_GROUP(MEM_S2, Sequence, nullptr, Y1, Y2);
LEAF(X1, TALLY);
LEAF(X2, TALLY);
LEAF(Y1, TALLY);
LEAF(Y2, TALLY);

// A Spore prioritized list over classic groups, for the compiled tick: an alarm
// that interrupts, a Parallel of a Loop and a Selector, a Drag[en]gine choice, an idle.
BT_DECLARE_DECIDER(MIX_ALARM);
BT_DECLARE_DECIDER(MIX_PAR);
BT_DECLARE_DECIDER(MIX_LOOP);
BT_DECLARE_DECIDER(MIX_WALK);
BT_DECLARE_DECIDER(MIX_SEL);
BT_DECLARE_DECIDER(MIX_LOOK);
BT_DECLARE_DECIDER(MIX_SCAN);
BT_DECLARE_DECIDER(MIX_CHOICE);
BT_DECLARE_DECIDER(MIX_TRY1);
BT_DECLARE_DECIDER(MIX_TRY2);
BT_DECLARE_DECIDER(MIX_IDLE);
BT_DEFINE_DECIDER_GROUP(MIX, PrioritizedList, nullptr, MIX_ALARM, MIX_PAR, MIX_CHOICE, MIX_IDLE);
BT_DEFINE_DECIDER_BEHAVIOR(MIX_ALARM, G1, ScriptDecide);
BT_DEFINE_DECIDER_GROUP__FLAGS(MIX_PAR, Parallel, bt::kParallelSucceedOnAny, ScriptDecide, MIX_LOOP, MIX_SEL);
TEST_CLASSIC_GROUP(MIX_LOOP, Loop, 0, nullptr, (bt::NodeConfig{.count = 3}), MIX_WALK);
LEAF(MIX_WALK, A);
BT_DEFINE_DECIDER_GROUP(MIX_SEL, Selector, nullptr, MIX_LOOK, MIX_SCAN);
BT_DEFINE_DECIDER(MIX_LOOK, B, BT_DECIDE(ScriptDecide), BT_FLAGS(bt::kRecheckEveryTick));
LEAF(MIX_SCAN, C);
BT_DEFINE_DECIDER_GROUP__FLAGS(MIX_CHOICE, Fallback, bt::kCallDecideOnRedecide | bt::kLoopChildren, ScriptDecide,
                               MIX_TRY1, MIX_TRY2);
LEAF(MIX_TRY1, A);
LEAF(MIX_TRY2, B);
LEAF(MIX_IDLE, G2);
}  // namespace classic

using namespace classic;

// =============================================================== [SECTION] Unvanquished

TEST_CASE("Unvanquished selector: from the first child every tick; the first status that is not failure", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<SEL> memory{};
  agent.tick["A"] = Result::Failed;
  auto t = TickScript(SEL, agent, memory, 0.0);
  CHECK(t.result.status == Status::Running);
  CHECK(t.result.decider == &SEL_B);
  CHECK(t.events == Events{"activate A", "tick A", "deactivate A", "activate B", "tick B"});
  // The first child is tried again; the running one goes on.
  t = TickScript(SEL, agent, memory, 1.0);
  CHECK(t.result.status == Status::Running);
  CHECK(t.events == Events{"activate A", "tick A", "deactivate A", "tick B"});
  // A first child that runs interrupts the one that ran.
  agent.tick["A"] = Result::Running;
  t = TickScript(SEL, agent, memory, 2.0);
  CHECK(t.result.status == Status::Running);
  CHECK(t.result.decider == &SEL_A);
  CHECK(t.events == Events{"activate A", "tick A", "deactivate B"});
  // A child that is done makes it done.
  agent.tick["A"] = Result::Done;
  t = TickScript(SEL, agent, memory, 3.0);
  CHECK(t.result.status == Status::Done);
  CHECK(t.events == Events{"tick A", "deactivate A"});
}

TEST_CASE("Unvanquished selector: failure when every child fails", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<SEL> memory{};
  agent.tick = {{"A", Result::Failed}, {"B", Result::Failed}, {"C", Result::Failed}};
  const auto t = TickScript(SEL, agent, memory, 0.0);
  CHECK(t.result.status == Status::NoBehavior);
  CHECK(t.events == Events{"activate A", "tick A", "deactivate A", "activate B", "tick B", "deactivate B",
                           "activate C", "tick C", "deactivate C"});
}

TEST_CASE("Unvanquished fallback: resumes at the running child", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<FB> memory{};
  agent.tick["A"] = Result::Failed;
  auto t = TickScript(FB, agent, memory, 0.0);
  CHECK(t.result.status == Status::Running);
  CHECK(t.events == Events{"activate A", "tick A", "deactivate A", "activate B", "tick B"});
  t = TickScript(FB, agent, memory, 1.0);  // A is not tried again
  CHECK(t.result.status == Status::Running);
  CHECK(t.result.decider == &FB_B);
  CHECK(t.events == Events{"tick B"});
  agent.tick["B"] = Result::Failed;
  t = TickScript(FB, agent, memory, 2.0);
  CHECK(t.result.status == Status::Running);
  CHECK(t.result.decider == &FB_C);
  CHECK(t.events == Events{"tick B", "deactivate B", "activate C", "tick C"});
  agent.tick["C"] = Result::Failed;  // failure after the last
  t = TickScript(FB, agent, memory, 3.0);
  CHECK(t.result.status == Status::NoBehavior);
  CHECK(t.events == Events{"tick C", "deactivate C"});
}

TEST_CASE("Unvanquished fallback: the first child that succeeds makes it succeed", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<FB> memory{};
  agent.tick = {{"A", Result::Failed}, {"B", Result::Done}};
  const auto t = TickScript(FB, agent, memory, 0.0);
  CHECK(t.result.status == Status::Done);
  CHECK(t.events == Events{"activate A", "tick A", "deactivate A", "activate B", "tick B", "deactivate B"});
}

TEST_CASE("Unvanquished sequence: resumes at the running child", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<SEQ> memory{};
  agent.tick["A"] = Result::Done;
  auto t = TickScript(SEQ, agent, memory, 0.0);
  CHECK(t.result.status == Status::Running);
  CHECK(t.result.decider == &SEQ_B);
  CHECK(t.events == Events{"activate A", "tick A", "deactivate A", "activate B", "tick B"});
  t = TickScript(SEQ, agent, memory, 1.0);  // A is not run again
  CHECK(t.events == Events{"tick B"});
  agent.tick["B"] = Result::Done;
  agent.tick["C"] = Result::Done;
  t = TickScript(SEQ, agent, memory, 2.0);  // success when every child succeeded
  CHECK(t.result.status == Status::Done);
  CHECK(t.events == Events{"tick B", "deactivate B", "activate C", "tick C", "deactivate C"});
}

TEST_CASE("Unvanquished sequence: the first failure fails it; the children after it do not run", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<SEQ> memory{};
  agent.tick = {{"A", Result::Done}, {"B", Result::Failed}};
  const auto t = TickScript(SEQ, agent, memory, 0.0);
  CHECK(t.result.status == Status::NoBehavior);
  CHECK(t.events == Events{"activate A", "tick A", "deactivate A", "activate B", "tick B", "deactivate B"});
}

TEST_CASE("Unvanquished concurrent: every child in order; the first failure fails it", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<CON> memory{};
  agent.tick["B"] = Result::Failed;
  const auto t = TickScript(CON, agent, memory, 0.0);
  CHECK(t.result.status == Status::NoBehavior);
  CHECK(t.events == Events{"activate A", "tick A", "activate B", "tick B", "deactivate B", "deactivate A"});
}

TEST_CASE("Unvanquished concurrent: running while any child runs, a child that ended started again; success when none runs", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<CON> memory{};
  agent.tick["B"] = Result::Done;
  auto t = TickScript(CON, agent, memory, 0.0);
  CHECK(t.result.status == Status::Running);
  CHECK(t.events == Events{"activate A", "tick A", "activate B", "tick B", "deactivate B", "activate C", "tick C"});
  CHECK(t.result.decider == &CON_A);  // the first running child's, not C's, ticked last
  t = TickScript(CON, agent, memory, 1.0);  // A and C run on; B starts again
  CHECK(t.result.status == Status::Running);
  CHECK(t.events == Events{"tick A", "activate B", "tick B", "deactivate B", "tick C"});
  CHECK(t.result.decider == &CON_A);
  agent.tick["A"] = Result::Done;
  agent.tick["C"] = Result::Done;
  t = TickScript(CON, agent, memory, 2.0);
  CHECK(t.result.status == Status::Done);
  CHECK(t.events == Events{"tick A", "deactivate A", "activate B", "tick B", "deactivate B", "tick C", "deactivate C"});
}

TEST_CASE("Unvanquished condition: evaluated every tick; false fails it and ends its running child", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<COND> memory{};
  agent.decide["COND"] = 1;
  auto t = TickScript(COND, agent, memory, 0.0);
  CHECK(t.result.status == Status::Running);
  CHECK(t.result.decider == &COND_A);
  CHECK(t.events == Events{"decide COND", "activate A", "tick A"});
  t = TickScript(COND, agent, memory, 1.0);
  CHECK(t.events == Events{"decide COND", "tick A"});
  agent.decide["COND"] = 0;
  t = TickScript(COND, agent, memory, 2.0);
  CHECK(t.result.status == Status::NoBehavior);
  CHECK(t.events == Events{"decide COND", "deactivate A"});
}

TEST_CASE("Unvanquished condition: true gives the child's status", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<COND> memory{};
  agent.decide["COND"] = 1;
  SECTION("success") {
    agent.tick["A"] = Result::Done;
    const auto t = TickScript(COND, agent, memory, 0.0);
    CHECK(t.result.status == Status::Done);
    CHECK(t.events == Events{"decide COND", "activate A", "tick A", "deactivate A"});
  }
  SECTION("failure") {
    agent.tick["A"] = Result::Failed;
    const auto t = TickScript(COND, agent, memory, 0.0);
    CHECK(t.result.status == Status::NoBehavior);
    CHECK(t.events == Events{"decide COND", "activate A", "tick A", "deactivate A"});
  }
}

TEST_CASE("Unvanquished condition without a child: success when true, failure when false", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<CHECKED> memory{};
  agent.tick["OK"] = Result::Done;
  agent.decide["CHECK"] = 1;
  auto t = TickScript(CHECKED, agent, memory, 0.0);
  CHECK(t.result.status == Status::Running);
  CHECK(t.events == Events{"decide CHECK", "activate OK", "tick OK", "deactivate OK", "activate A", "tick A"});
  bt::MemoryFor<CHECKED> other{};
  agent.decide["CHECK"] = 0;
  t = TickScript(CHECKED, agent, other, 0.0);
  CHECK(t.result.status == Status::NoBehavior);
  CHECK(t.events == Events{"decide CHECK"});
}

TEST_CASE("Unvanquished invert: swaps success and failure; running passes", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<INV> memory{};
  agent.tick["A"] = Result::Done;
  auto t = TickScript(INV, agent, memory, 0.0);
  CHECK(t.result.status == Status::NoBehavior);
  CHECK(t.events == Events{"activate A", "tick A", "deactivate A"});
  agent.tick["A"] = Result::Failed;
  t = TickScript(INV, agent, memory, 1.0);
  CHECK(t.result.status == Status::Done);
  CHECK(t.events == Events{"activate A", "tick A", "deactivate A"});
  agent.tick["A"] = Result::Running;
  t = TickScript(INV, agent, memory, 2.0);
  CHECK(t.result.status == Status::Running);
  CHECK(t.result.decider == &INV_A);
  CHECK(t.events == Events{"activate A", "tick A"});
}

TEST_CASE("Unvanquished return(X): ticks the child and returns X whatever it returned", "[classic]") {
  ScriptAgent agent;
  SECTION("return(STATUS_RUNNING) over a child that succeeds: started again at the next tick") {
    bt::MemoryFor<RET_RUNNING> memory{};
    agent.tick["A"] = Result::Done;
    for (const double time : {0.0, 1.0}) {
      const auto t = TickScript(RET_RUNNING, agent, memory, time);
      CHECK(t.result.status == Status::Running);
      CHECK(t.result.decider == nullptr);  // no behavior is left running
      CHECK(t.events == Events{"activate A", "tick A", "deactivate A"});
    }
  }
  SECTION("return(STATUS_SUCCESS) over a child that runs: it ends with its parent") {
    bt::MemoryFor<RET_DONE> memory{};
    const auto t = TickScript(RET_DONE, agent, memory, 0.0);
    CHECK(t.result.status == Status::Done);
    CHECK(t.events == Events{"activate A", "tick A", "deactivate A"});
  }
}

TEST_CASE("Unvanquished mapStatus(f, s, r): maps each status", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<MAP> memory{};
  agent.tick["A"] = Result::Failed;  // -> running
  auto t = TickScript(MAP, agent, memory, 0.0);
  CHECK(t.result.status == Status::Running);
  CHECK(t.events == Events{"activate A", "tick A", "deactivate A"});
  agent.tick["A"] = Result::Running;  // -> success
  t = TickScript(MAP, agent, memory, 1.0);
  CHECK(t.result.status == Status::Done);
  CHECK(t.events == Events{"activate A", "tick A", "deactivate A"});
  agent.tick["A"] = Result::Done;  // -> failure
  t = TickScript(MAP, agent, memory, 2.0);
  CHECK(t.result.status == Status::NoBehavior);
  CHECK(t.events == Events{"activate A", "tick A", "deactivate A"});
}

TEST_CASE("Unvanquished timer(ms): a failure sets the deadline; before it the child is not ticked", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<TIMER> memory{};
  agent.tick["A"] = Result::Failed;
  auto t = TickScript(TIMER, agent, memory, 0.0);
  CHECK(t.result.status == Status::NoBehavior);
  CHECK(t.events == Events{"activate A", "tick A", "deactivate A"});
  for (const double time : {0.5, 1.0}) {  // ticked only once the time is PAST the deadline
    t = TickScript(TIMER, agent, memory, time);
    CHECK(t.result.status == Status::NoBehavior);
    CHECK(t.events.empty());
  }
  agent.tick["A"] = Result::Running;
  t = TickScript(TIMER, agent, memory, 1.25);
  CHECK(t.result.status == Status::Running);
  CHECK(t.events == Events{"activate A", "tick A"});
  agent.tick["A"] = Result::Failed;  // a running child's failure sets it again
  t = TickScript(TIMER, agent, memory, 2.5);
  CHECK(t.result.status == Status::NoBehavior);
  CHECK(t.events == Events{"tick A", "deactivate A"});
  t = TickScript(TIMER, agent, memory, 3.5);
  CHECK(t.events.empty());
  agent.tick["A"] = Result::Done;  // success sets no deadline
  t = TickScript(TIMER, agent, memory, 3.75);
  CHECK(t.result.status == Status::Done);
  t = TickScript(TIMER, agent, memory, 3.8);
  CHECK(t.result.status == Status::Done);
  CHECK(t.events == Events{"activate A", "tick A", "deactivate A"});
}

// =============================================================== [SECTION] Drag[en]gine

TEST_CASE("Drag[en]gine sequence: its conditions on entry; false fails it before any child", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<DSEQ> memory{};
  const auto t = TickScript(DSEQ, agent, memory, 0.0);
  CHECK(t.result.status == Status::NoBehavior);
  CHECK(t.events == Events{"decide DSEQ"});
}

TEST_CASE("Drag[en]gine sequence: its conditions again after each child success, the last included", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<DSEQ> memory{};
  agent.decide["DSEQ"] = 1;
  SECTION("false after a success: failure, the next child never starts") {
    agent.tick["A"] = Result::Done;
    auto t = TickScript(DSEQ, agent, memory, 0.0);
    CHECK(t.result.status == Status::Running);
    CHECK(t.events == Events{"decide DSEQ", "activate A", "tick A", "deactivate A", "decide DSEQ", "activate B",
                             "tick B"});
    agent.tick["B"] = Result::Done;
    agent.decide["DSEQ"] = 0;
    t = TickScript(DSEQ, agent, memory, 1.0);
    CHECK(t.result.status == Status::NoBehavior);
    CHECK(t.events == Events{"tick B", "deactivate B", "decide DSEQ"});
  }
  SECTION("true throughout: success after the last check") {
    agent.tick = {{"A", Result::Done}, {"B", Result::Done}, {"C", Result::Done}};
    const auto t = TickScript(DSEQ, agent, memory, 0.0);
    CHECK(t.result.status == Status::Done);
    CHECK(t.events == Events{"decide DSEQ", "activate A", "tick A", "deactivate A", "decide DSEQ", "activate B",
                             "tick B", "deactivate B", "decide DSEQ", "activate C", "tick C", "deactivate C",
                             "decide DSEQ"});
  }
}

TEST_CASE("Drag[en]gine sequence loop: after the last child, the first starts again", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<LSEQ> memory{};
  agent.next["A"] = {Result::Done, Result::Running};
  agent.tick["B"] = Result::Done;
  const auto t = TickScript(LSEQ, agent, memory, 0.0);
  CHECK(t.result.status == Status::Running);
  CHECK(t.result.decider == &LSEQ_A);
  CHECK(t.events == Events{"activate A", "tick A", "deactivate A", "activate B", "tick B", "deactivate B",
                           "activate A", "tick A"});
}

TEST_CASE("Drag[en]gine choice: a failure moves to the next child while the conditions hold", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<CHOICE> memory{};
  agent.decide["CHOICE"] = 1;
  agent.tick = {{"A", Result::Failed}, {"B", Result::Failed}};
  SECTION("they hold: the next child") {
    const auto t = TickScript(CHOICE, agent, memory, 0.0);
    CHECK(t.result.status == Status::Running);
    CHECK(t.events == Events{"decide CHOICE", "activate A", "tick A", "deactivate A", "decide CHOICE", "activate B",
                             "tick B", "deactivate B", "decide CHOICE", "activate C", "tick C"});
  }
  SECTION("they no longer hold: failure") {
    agent.hook["A"] = [&agent] { agent.decide["CHOICE"] = 0; };
    const auto t = TickScript(CHOICE, agent, memory, 0.0);
    CHECK(t.result.status == Status::NoBehavior);
    CHECK(t.events == Events{"decide CHOICE", "activate A", "tick A", "deactivate A", "decide CHOICE"});
  }
  SECTION("a success: success, the conditions not checked") {
    agent.tick["A"] = Result::Done;
    const auto t = TickScript(CHOICE, agent, memory, 0.0);
    CHECK(t.result.status == Status::Done);
    CHECK(t.events == Events{"decide CHOICE", "activate A", "tick A", "deactivate A"});
  }
}

TEST_CASE("Drag[en]gine choice loop: a success checks the conditions and starts the first child again", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<LCHOICE> memory{};
  agent.decide["LCHOICE"] = 1;
  agent.next["A"] = {Result::Done, Result::Running};
  auto t = TickScript(LCHOICE, agent, memory, 0.0);
  CHECK(t.result.status == Status::Running);
  CHECK(t.events == Events{"decide LCHOICE", "activate A", "tick A", "deactivate A", "decide LCHOICE", "activate A",
                           "tick A"});
  agent.tick["A"] = Result::Done;
  agent.decide["LCHOICE"] = 0;
  t = TickScript(LCHOICE, agent, memory, 1.0);
  CHECK(t.result.status == Status::NoBehavior);
  CHECK(t.events == Events{"tick A", "deactivate A", "decide LCHOICE"});
}

TEST_CASE("Drag[en]gine doNotFail: failure becomes success", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<DNF> memory{};
  SECTION("a child's failure") {
    agent.decide["DNF_SEQ"] = 1;
    agent.tick["A"] = Result::Failed;
    const auto t = TickScript(DNF, agent, memory, 0.0);
    CHECK(t.result.status == Status::Done);
    CHECK(t.events == Events{"decide DNF_SEQ", "activate A", "tick A", "deactivate A"});
  }
  SECTION("conditions false on entry") {
    const auto t = TickScript(DNF, agent, memory, 0.0);
    CHECK(t.result.status == Status::Done);
    CHECK(t.events == Events{"decide DNF_SEQ"});
  }
}

TEST_CASE("Drag[en]gine action conditions: evaluated on every run; they interrupt a running action", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<ACTIONS> memory{};
  agent.decide["ACTION"] = 1;
  auto t = TickScript(ACTIONS, agent, memory, 0.0);
  CHECK(t.result.status == Status::Running);
  CHECK(t.events == Events{"decide ACTION", "activate A", "tick A"});
  t = TickScript(ACTIONS, agent, memory, 1.0);
  CHECK(t.events == Events{"decide ACTION", "tick A"});
  agent.decide["ACTION"] = 0;
  t = TickScript(ACTIONS, agent, memory, 2.0);
  CHECK(t.result.status == Status::NoBehavior);
  CHECK(t.events == Events{"decide ACTION", "deactivate A"});
}

TEST_CASE("Drag[en]gine run-away bound: too many loops in one step end the tick", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<RUNAWAY> memory{};
  agent.tick["A"] = Result::Done;
  bt::TickOptions options;
  options.redecideLimit = 2;
  const auto t = TickScript(RUNAWAY, agent, memory, 0.0, options);
  CHECK(t.result.status == Status::RedecideLimit);
  CHECK(t.result.decider == &RUNAWAY);
  CHECK(t.events == Events{"activate A", "tick A", "deactivate A", "activate A", "tick A", "deactivate A",
                           "activate A", "tick A", "deactivate A"});
  CHECK(Path(RUNAWAY, memory).empty());
}

// =============================================================== [SECTION] Lumberyard MBT

TEST_CASE("MBT Sequence: a child that ends is terminated before the next starts; a failure fails it", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<SEQ> memory{};
  agent.tick["A"] = Result::Done;
  auto t = TickScript(SEQ, agent, memory, 0.0);
  CHECK(t.events == Events{"activate A", "tick A", "deactivate A", "activate B", "tick B"});
  agent.tick["B"] = Result::Failed;
  t = TickScript(SEQ, agent, memory, 1.0);
  CHECK(t.result.status == Status::NoBehavior);
  CHECK(t.events == Events{"tick B", "deactivate B"});
}

TEST_CASE("MBT Selector: resumes at the running child; a success ends it", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<FB> memory{};
  agent.tick["A"] = Result::Failed;
  auto t = TickScript(FB, agent, memory, 0.0);
  CHECK(t.events == Events{"activate A", "tick A", "deactivate A", "activate B", "tick B"});
  agent.tick["B"] = Result::Done;
  t = TickScript(FB, agent, memory, 1.0);
  CHECK(t.result.status == Status::Done);
  CHECK(t.events == Events{"tick B", "deactivate B"});
}

TEST_CASE("MBT Parallel: every child starts on entry; success when all succeed, failure when one fails", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<PAR> memory{};
  auto t = TickScript(PAR, agent, memory, 0.0);
  CHECK(t.result.status == Status::Running);
  CHECK(t.result.decider == &PAR_A);
  CHECK(t.events == Events{"activate A", "tick A", "activate B", "tick B", "activate C", "tick C"});
  SECTION("all succeed") {
    agent.tick["B"] = Result::Done;
    t = TickScript(PAR, agent, memory, 1.0);
    CHECK(t.result.status == Status::Running);
    CHECK(t.events == Events{"tick A", "tick B", "deactivate B", "tick C"});
    agent.tick = {{"A", Result::Done}, {"C", Result::Done}};
    t = TickScript(PAR, agent, memory, 2.0);  // B, done, is not ticked again
    CHECK(t.result.status == Status::Done);
    CHECK(t.events == Events{"tick A", "deactivate A", "tick C", "deactivate C"});
  }
  SECTION("one fails: every running child is ticked first, then the others are terminated") {
    agent.tick["B"] = Result::Failed;
    t = TickScript(PAR, agent, memory, 1.0);
    CHECK(t.result.status == Status::NoBehavior);
    CHECK(t.events == Events{"tick A", "tick B", "deactivate B", "tick C", "deactivate A", "deactivate C"});
  }
}

TEST_CASE("MBT Parallel successMode any: success when one child succeeds; the others are terminated", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<PAR_ANY> memory{};
  agent.tick["B"] = Result::Done;
  const auto t = TickScript(PAR_ANY, agent, memory, 0.0);
  CHECK(t.result.status == Status::Done);
  CHECK(t.events == Events{"activate A", "tick A", "activate B", "tick B", "deactivate B", "deactivate A"});
}

TEST_CASE("MBT Parallel failureMode all: failure only when every child failed", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<PAR_ALL> memory{};
  agent.tick["A"] = Result::Failed;
  auto t = TickScript(PAR_ALL, agent, memory, 0.0);
  CHECK(t.result.status == Status::Running);
  CHECK(t.result.decider == &PAR_ALL_B);
  CHECK(t.events == Events{"activate A", "tick A", "deactivate A", "activate B", "tick B"});
  agent.tick["B"] = Result::Failed;
  t = TickScript(PAR_ALL, agent, memory, 1.0);
  CHECK(t.result.status == Status::NoBehavior);
  CHECK(t.events == Events{"tick B", "deactivate B"});
}

TEST_CASE("MBT Parallel: the success mode is tested before the failure mode", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<PAR_ANY> memory{};
  agent.tick = {{"A", Result::Failed}, {"B", Result::Done}};
  const auto t = TickScript(PAR_ANY, agent, memory, 0.0);
  CHECK(t.result.status == Status::Done);
  CHECK(t.events == Events{"activate A", "tick A", "deactivate A", "activate B", "tick B", "deactivate B"});
}

TEST_CASE("MBT Parallel: running with no child left when neither mode is met", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<PAR_ALL> memory{};  // success: all; failure: all
  agent.tick = {{"A", Result::Done}, {"B", Result::Failed}};
  auto t = TickScript(PAR_ALL, agent, memory, 0.0);
  CHECK(t.result.status == Status::Running);
  CHECK(t.result.decider == nullptr);
  CHECK(t.events == Events{"activate A", "tick A", "deactivate A", "activate B", "tick B", "deactivate B"});
  for (const double time : {1.0, 2.0}) {
    t = TickScript(PAR_ALL, agent, memory, time);
    CHECK(t.result.status == Status::Running);
    CHECK(t.result.decider == nullptr);
    CHECK(t.events.empty());
  }
  CHECK(Path(PAR_ALL, memory) == std::vector<const bt::DeciderDef*>{&PAR_ALL});
}

TEST_CASE("MBT Loop: the child succeeding count times makes it succeed; its failure fails it", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<LOOP3> memory{};
  agent.tick["A"] = Result::Done;
  for (const double time : {0.0, 1.0}) {
    const auto t = TickScript(LOOP3, agent, memory, time);
    CHECK(t.result.status == Status::Running);
    CHECK(t.result.decider == nullptr);
    CHECK(t.events == Events{"activate A", "tick A", "deactivate A"});
  }
  auto t = TickScript(LOOP3, agent, memory, 2.0);
  CHECK(t.result.status == Status::Done);
  CHECK(t.events == Events{"activate A", "tick A", "deactivate A"});
  agent.tick["A"] = Result::Failed;
  t = TickScript(LOOP3, agent, memory, 3.0);
  CHECK(t.result.status == Status::NoBehavior);
  CHECK(t.events == Events{"activate A", "tick A", "deactivate A"});
}

TEST_CASE("MBT Loop count 0: forever", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<LOOP> memory{};
  agent.tick["A"] = Result::Done;
  for (int i = 0; i < 5; ++i) {
    const auto t = TickScript(LOOP, agent, memory, i);
    CHECK(t.result.status == Status::Running);
    CHECK(t.events == Events{"activate A", "tick A", "deactivate A"});
  }
}

TEST_CASE("MBT Loop: a child that ran over from the tick before restarts at once; one done on its first tick waits",
          "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<LOOP> memory{};
  auto t = TickScript(LOOP, agent, memory, 0.0);
  CHECK(t.events == Events{"activate A", "tick A"});
  agent.next["A"] = {Result::Done, Result::Running};  // ran over: restarted in the same tick
  t = TickScript(LOOP, agent, memory, 1.0);
  CHECK(t.result.status == Status::Running);
  CHECK(t.result.decider == &LOOP_A);
  CHECK(t.events == Events{"tick A", "deactivate A", "activate A", "tick A"});
  agent.next["A"] = {Result::Done, Result::Done};  // the restarted one is done at once: it waits
  t = TickScript(LOOP, agent, memory, 2.0);
  CHECK(t.result.status == Status::Running);
  CHECK(t.events == Events{"tick A", "deactivate A", "activate A", "tick A", "deactivate A"});
  agent.next["A"] = {Result::Done};
  t = TickScript(LOOP, agent, memory, 3.0);  // it did not run over: not restarted in this tick
  CHECK(t.events == Events{"activate A", "tick A", "deactivate A"});
}

TEST_CASE("MBT LoopUntilSuccess: a failing child starts again, attemptCount times; its success ends it", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<UNTIL> memory{};
  agent.tick["A"] = Result::Failed;
  auto t = TickScript(UNTIL, agent, memory, 0.0);
  CHECK(t.result.status == Status::Running);
  CHECK(t.events == Events{"activate A", "tick A", "deactivate A"});
  t = TickScript(UNTIL, agent, memory, 1.0);
  CHECK(t.result.status == Status::NoBehavior);
  CHECK(t.events == Events{"activate A", "tick A", "deactivate A"});
  agent.tick["A"] = Result::Running;
  t = TickScript(UNTIL, agent, memory, 2.0);
  agent.next["A"] = {Result::Failed, Result::Done};  // ran over: the new attempt starts at once
  t = TickScript(UNTIL, agent, memory, 3.0);
  CHECK(t.result.status == Status::Done);
  CHECK(t.events == Events{"tick A", "deactivate A", "activate A", "tick A", "deactivate A"});
}

TEST_CASE("MBT RandomGate: drawn once on entry; shut, it fails without starting its child", "[classic]") {
  ScriptAgent agent;
  SECTION("shut") {
    bt::MemoryFor<SHUT> memory{};
    const auto t = TickScript(SHUT, agent, memory, 0.0);
    CHECK(t.result.status == Status::NoBehavior);
    CHECK(t.events.empty());
  }
  SECTION("open: no draw while the child runs") {
    bt::MemoryFor<OPEN> memory{};
    auto t = TickScript(OPEN, agent, memory, 0.0);
    CHECK(t.result.status == Status::Running);
    CHECK(t.events == Events{"activate A", "tick A"});
    const auto& header = *reinterpret_cast<const bt::MemoryHeader*>(memory.bytes);
    const std::uint32_t drawn = header.rng;
    t = TickScript(OPEN, agent, memory, 1.0);
    CHECK(t.events == Events{"tick A"});
    CHECK(header.rng == drawn);
    agent.tick["A"] = Result::Done;
    t = TickScript(OPEN, agent, memory, 2.0);
    CHECK(t.result.status == Status::Done);
    CHECK(t.events == Events{"tick A", "deactivate A"});
  }
}

TEST_CASE("MBT SuppressFailure: a child that finished makes it succeed", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<SUPPRESS> memory{};
  agent.tick["A"] = Result::Failed;
  auto t = TickScript(SUPPRESS, agent, memory, 0.0);
  CHECK(t.result.status == Status::Done);
  CHECK(t.events == Events{"activate A", "tick A", "deactivate A"});
  agent.tick["A"] = Result::Running;
  t = TickScript(SUPPRESS, agent, memory, 1.0);
  CHECK(t.result.status == Status::Running);
  CHECK(t.events == Events{"activate A", "tick A"});
}

TEST_CASE("MBT IfCondition: a gate read once on entry", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<IF> memory{};
  agent.decide["IF"] = 1;
  auto t = TickScript(IF, agent, memory, 0.0);
  CHECK(t.events == Events{"decide IF", "activate A", "tick A"});
  agent.decide["IF"] = 0;
  t = TickScript(IF, agent, memory, 1.0);  // not read again while open
  CHECK(t.result.status == Status::Running);
  CHECK(t.events == Events{"tick A"});
  bt::MemoryFor<IF> other{};
  t = TickScript(IF, agent, other, 0.0);
  CHECK(t.result.status == Status::NoBehavior);
  CHECK(t.events == Events{"decide IF"});
}

// =============================================================== [SECTION] robustness

namespace {
// The ChildSet of side-by-side group g (at base 0) in the block.
template <std::size_t N>
bt::ChildSet& ChildSetIn(bt::Memory<N>& memory, const bt::DeciderDef& g) {
  return *reinterpret_cast<bt::ChildSet*>(memory.bytes + sizeof(bt::MemoryHeader) + g.data->slotOffset +
                                          sizeof(bt::SlotHeader));
}
}  // namespace

TEST_CASE("Classic damage: a side-by-side group naming a child it lacks is CorruptMemory; only what is above it ends",
          "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<DMG> memory{};
  auto t = TickScript(DMG, agent, memory, 0.0);
  REQUIRE(t.result.status == Status::Running);
  CHECK(t.events == Events{"activate G1", "tick G1", "activate G2", "tick G2", "activate A", "tick A", "activate B",
                           "tick B"});
  SECTION("an active child beyond its children") { ChildSetIn(memory, DMG_PAR).active |= std::uint64_t{1} << 5; }
  SECTION("a child both active and done") { ChildSetIn(memory, DMG_PAR).done |= 1; }
  t = TickScript(DMG, agent, memory, 1.0);
  CHECK(t.result.status == Status::CorruptMemory);
  CHECK(t.result.decider == &DMG_PAR);
  CHECK(t.events == Events{"deactivate G2", "deactivate G1"});  // A and B below it are not called
  CHECK(Path(DMG, memory).empty());
  agent.tick["A"] = Result::Done;
  t = TickScript(DMG, agent, memory, 2.0);  // the next tick starts afresh
  CHECK(t.result.status == Status::Running);
  CHECK(t.events == Events{"activate G1", "tick G1", "activate G2", "tick G2", "activate A", "tick A", "deactivate A",
                           "activate B", "tick B"});
}

// The walk checks a Sequence's, a Selector's own slot where it meets it, as a
// Spore group's (classic::ChecksOwnSlotOnly); a Selector's earlier child starts
// ahead of the running one only once that one's path is checked (StartAhead).
TEST_CASE("Classic damage: a Selector's earlier child that accepts is not activated above damage", "[classic]") {
  for (const bool compiled : {false, true}) {
    INFO((compiled ? "compiled" : "reference"));
    ScriptAgent agent;
    bt::MemoryFor<AHEAD> memory{};
    const auto tick = [&](double time) {
      const bt::TickResult r = compiled ? bt::TickBehaviorTreeCompiled<AHEAD>(agent, memory, time, 0.1f)
                                        : bt::TickBehaviorTree(AHEAD, agent, memory, time, 0.1f);
      return test::Ticked{r, agent.Take()};
    };
    REQUIRE(bt::InitializeTreeData(AHEAD));
    agent.decide["AHEAD_FIRST"] = 0;
    auto t = tick(0.0);
    REQUIRE(t.result.status == Status::Running);
    CHECK(t.events == Events{"decide AHEAD_FIRST", "activate B", "tick B"});
    CHECK(Path(AHEAD, memory) == std::vector<const bt::DeciderDef*>{&AHEAD, &AHEAD_SEQ, &AHEAD_B});
    // AHEAD_SEQ names a child it lacks.
    std::byte* seqSlot = memory.bytes + sizeof(bt::MemoryHeader) + AHEAD.data->childBases[1] + AHEAD_SEQ.data->slotOffset;
    reinterpret_cast<bt::SlotHeader*>(seqSlot)->activeChild = 7;
    SECTION("the earlier child accepts: the running path is checked before it is activated") {
      agent.decide["AHEAD_FIRST"] = 1;
    }
    SECTION("the earlier child rejects: the walk meets the damage") {}
    t = tick(1.0);
    CHECK(t.result.status == Status::CorruptMemory);
    CHECK(t.result.decider == &AHEAD_SEQ);
    CHECK(t.events == Events{"decide AHEAD_FIRST"});  // not A's Activate; B below the damage is not called
    CHECK(Path(AHEAD, memory).empty());
    agent.decide["AHEAD_FIRST"] = 1;
    t = tick(2.0);  // the next tick starts afresh
    CHECK(t.result.status == Status::Running);
    CHECK(t.events == Events{"decide AHEAD_FIRST", "activate A", "tick A"});
  }
}

TEST_CASE("Classic stop: StopBehaviorTree from a Parallel child's Tick deactivates every child it activated",
          "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<SPAR> memory{};
  const auto stop = [&agent, &memory] { bt::StopBehaviorTree(SPAR, agent, memory, 0.0); };
  SECTION("on the tick that starts them: the children after it are not started") {
    agent.hook["B"] = stop;
    const auto t = TickScript(SPAR, agent, memory, 0.0);
    CHECK(t.result.status == Status::Stopped);
    CHECK(t.events == Events{"activate A", "tick A", "activate B", "tick B", "deactivate A", "deactivate B"});
  }
  SECTION("on a later tick: the children after it are not ticked") {
    TickScript(SPAR, agent, memory, 0.0);
    agent.hook["B"] = stop;
    const auto t = TickScript(SPAR, agent, memory, 1.0);
    CHECK(t.result.status == Status::Stopped);
    CHECK(t.events == Events{"tick A", "tick B", "deactivate A", "deactivate B", "deactivate C"});
  }
  CHECK(Path(SPAR, memory).empty());
}

TEST_CASE("Classic save: SaveMemory and RestoreMemory mid-Parallel resume the same children", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<SPAR> memory{};
  TickScript(SPAR, agent, memory, 0.0);
  agent.tick["B"] = Result::Done;
  auto t = TickScript(SPAR, agent, memory, 1.0);
  CHECK(t.events == Events{"tick A", "tick B", "deactivate B", "tick C"});
  agent.tick.erase("B");

  std::vector<std::byte> saved(sizeof(memory.bytes));
  const bt::SaveResult save = bt::SaveMemory(SPAR, memory.Span(), saved);
  REQUIRE(save.status == Status::Done);
  saved.resize(save.bytes);
  bt::MemoryFor<SPAR> restored{};
  REQUIRE(bt::RestoreMemory(SPAR, saved, restored.Span()) == Status::Done);
  CHECK(std::memcmp(memory.bytes, restored.bytes, save.bytes) == 0);

  ScriptAgent other;
  for (const double time : {2.0, 3.0}) {
    if (time == 3.0) agent.tick = other.tick = {{"A", Result::Done}, {"C", Result::Done}};
    const auto original = TickScript(SPAR, agent, memory, time);
    const auto copy = TickScript(SPAR, other, restored, time);
    CHECK(original.events == copy.events);
    CHECK(original.result.status == copy.result.status);
    CHECK(std::memcmp(memory.bytes, restored.bytes, save.bytes) == 0);
    CHECK(copy.events == (time == 2.0 ? Events{"tick A", "tick C"}
                                      : Events{"tick A", "deactivate A", "tick C", "deactivate C"}));
  }
}

TEST_CASE("Classic memory: side-by-side children each keep their own behavior memory", "[classic]") {
  ScriptAgent agent;
  bt::MemoryFor<MEM> memory{};
  auto t = TickScript(MEM, agent, memory, 0.0);
  CHECK(t.events == Events{"start X1", "tally X1 1", "start Y1", "tally Y1 1"});
  t = TickScript(MEM, agent, memory, 1.0);
  CHECK(t.events == Events{"tally X1 2", "tally Y1 2"});
  agent.tick["X1"] = Result::Done;  // X2 takes X1's place, beside Y1
  t = TickScript(MEM, agent, memory, 2.0);
  CHECK(t.events == Events{"tally X1 3", "stop X1", "start X2", "tally X2 1", "tally Y1 3"});
  agent.tick["Y1"] = Result::Done;
  t = TickScript(MEM, agent, memory, 3.0);
  CHECK(t.events == Events{"tally X2 2", "tally Y1 4", "stop Y1", "start Y2", "tally Y2 1"});
  t = TickScript(MEM, agent, memory, 4.0);
  CHECK(t.events == Events{"tally X2 3", "tally Y2 2"});
}

TEST_CASE("Classic compiled tick: the same traces and bytes as the reference tick on a Spore list over classic groups",
          "[classic]") {
  ScriptAgent reference;
  ScriptAgent compiled;
  bt::MemoryFor<MIX> referenceMemory{};
  bt::MemoryFor<MIX> compiledMemory{};
  std::uint32_t lcg = 12345;
  const auto draw = [&lcg](std::uint32_t range) {
    lcg = lcg * 1664525u + 1013904223u;
    return (lcg >> 16) % range;
  };
  const Result results[] = {Result::Running, Result::Running, Result::Done, Result::Failed};
  int running = 0;
  int classic = 0;
  for (int tick = 0; tick < 400; ++tick) {
    ScriptAgent script;
    for (const char* decider : {"MIX_PAR", "MIX_LOOK", "MIX_CHOICE"})
      script.decide[decider] = draw(4) == 0 ? 0.0f : 1.0f;
    script.decide["MIX_ALARM"] = draw(8) == 0 ? 1.0f : 0.0f;
    for (const char* behavior : {"A", "B", "C", "G1", "G2"}) script.tick[behavior] = results[draw(4)];
    reference.decide = compiled.decide = script.decide;
    reference.tick = compiled.tick = script.tick;
    const double time = tick * 0.25;
    const bt::TickResult r = bt::TickBehaviorTree(MIX, reference, referenceMemory, time, 0.25f);
    const bt::TickResult c = bt::TickBehaviorTreeCompiled<MIX>(compiled, compiledMemory, time, 0.25f);
    INFO("tick " << tick);
    REQUIRE(r.status == c.status);
    REQUIRE(r.decider == c.decider);
    REQUIRE(reference.Take() == compiled.Take());
    REQUIRE(std::memcmp(referenceMemory.bytes, compiledMemory.bytes, sizeof(referenceMemory.bytes)) == 0);
    running += r.status == Status::Running;
    const auto path = Path(MIX, referenceMemory);
    classic += path.size() > 1 && (path[1] == &MIX_PAR || path[1] == &MIX_CHOICE);
  }
  CHECK(running > 100);  // the script reaches the classic groups, running, often
  CHECK(classic > 50);
}
