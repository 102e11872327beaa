// tests/engine/tick_fast_path_test.cpp — what the tick's shortcuts rely on: the facts
// InitializeTreeData and the macros record so that the common case skips work
// (DeciderData::decideOnly, BehaviorDef::tickTakesContext), and that skipping
// it changes nothing a user function can see.
#include <catch2/catch.hpp>

#include "bt/bt.h"
#include "bt/engine/compiled_tick.h"

namespace fast {

struct Agent {
  int decides = 0;
  float seenActiveTime = -1;
  bool sawDecider = false;
};
struct Mem {
  int ticks;
};
struct Block {
  int value;
};

bt::Result TickPlain(Agent&, Mem& m) { return ++m.ticks < 1000 ? bt::Result::Running : bt::Result::Done; }
bt::Result TickWithContext(Agent& a, const bt::Context& c) {
  a.seenActiveTime = c.activeTime;
  a.sawDecider = c.decider != nullptr;
  return bt::Result::Running;
}
float Count(Agent& a) { return ++a.decides, 0.0f; }
float FillBlock(Agent&, Block& b, const bt::DecideContext&) { return b.value = 1, 1.0f; }
// A DBlock needs a reader: here the Deactivate, so that the Tick still takes no Context.
void SeeBlock(Agent&, Mem&, const Block&) {}

BT_DEFINE_BEHAVIOR__MEMORY(PLAIN_B, Mem, nullptr, TickPlain, nullptr);
BT_DEFINE_BEHAVIOR__TICK(CONTEXT_B, TickWithContext);
BT_DEFINE_BEHAVIOR__MEMORY(BLOCK_B, Mem, nullptr, TickPlain, SeeBlock);

BT_DECLARE_DECIDER(ONLY_DECIDE);
BT_DECLARE_DECIDER(WITH_PRE);
BT_DECLARE_DECIDER(WITH_BLOCK);
BT_DECLARE_DECIDER(RUN);
BT_DEFINE_DECIDER_GROUP(ROOT, PrioritizedList, nullptr, ONLY_DECIDE, WITH_PRE, WITH_BLOCK, RUN);
BT_DEFINE_DECIDER_BEHAVIOR(ONLY_DECIDE, PLAIN_B, Count);
BT_DEFINE_DECIDER_BEHAVIOR__PRE(WITH_PRE, PLAIN_B, Count, bt::Preconditions{}.DecisionAllSet(1));
BT_DEFINE_DECIDER_BEHAVIOR__DBLOCK(WITH_BLOCK, BLOCK_B, Count, Block);
BT_DEFINE_DECIDER_BEHAVIOR(RUN, CONTEXT_B, nullptr);

// A DBlock decider that accepts: it takes the checked path and still activates.
BT_DECLARE_DECIDER(FILLS);
BT_DEFINE_DECIDER_GROUP(FILL_ROOT, PrioritizedList, nullptr, FILLS);
BT_DEFINE_DECIDER_BEHAVIOR__DBLOCK(FILLS, BLOCK_B, FillBlock, Block);

}  // namespace fast

TEST_CASE("the macros record whether a Tick takes a Context", "[tick][fast]") {
  STATIC_REQUIRE_FALSE(fast::PLAIN_B.tickTakesContext);
  STATIC_REQUIRE(fast::CONTEXT_B.tickTakesContext);
  STATIC_REQUIRE_FALSE(fast::BLOCK_B.tickTakesContext);  // only its Deactivate takes the DBlock
  // A BehaviorDef filled by hand (a loader) gets a Context unless it says otherwise.
  STATIC_REQUIRE(bt::BehaviorDef{"LOADED"}.tickTakesContext);
}

TEST_CASE("only deciders without preconditions, delegation or DBlock skip the checks", "[tick][fast]") {
  REQUIRE(bt::InitializeTreeData(fast::ROOT));
  CHECK(fast::ONLY_DECIDE.data->decideOnly);
  CHECK(fast::RUN.data->decideOnly);
  CHECK(fast::ROOT.data->decideOnly);
  CHECK_FALSE(fast::WITH_PRE.data->decideOnly);
  CHECK_FALSE(fast::WITH_BLOCK.data->decideOnly);
}

TEST_CASE("the shortcuts change nothing a user function sees", "[tick][fast]") {
  fast::Agent agent;
  bt::MemoryFor<fast::ROOT> memory{};
  REQUIRE(bt::TickBehaviorTree(fast::ROOT, agent, memory, 1.0, 0.5f).status == bt::Status::Running);
  // ONLY_DECIDE and WITH_BLOCK decide; WITH_PRE's precondition fails before its Decide.
  CHECK(agent.decides == 2);
  REQUIRE(bt::TickBehaviorTree(fast::ROOT, agent, memory, 3.0, 2.0f).status == bt::Status::Running);
  CHECK(agent.decides == 4);
  // A Tick that takes a Context still gets a whole one.
  CHECK(agent.seenActiveTime == 2.0f);
  CHECK(agent.sawDecider);

  bt::MemoryFor<fast::FILL_ROOT> fill{};
  const bt::TickResult r = bt::TickBehaviorTree(fast::FILL_ROOT, agent, fill, 0.0, 0.0f);
  CHECK(r.status == bt::Status::Running);
  CHECK(r.decider == &fast::FILLS);
}

TEST_CASE("a behavior's activeTime is exactly 0 on the tick it is activated, by both ticks", "[tick][fast]") {
  // 59.796 has no exact float: the block keeps activation times as float, and the
  // difference is taken in float too, so it is not a rounding residue like -5e-7.
  const double time = 59.796;
  fast::Agent interpreted;
  bt::MemoryFor<fast::ROOT> memory{};
  REQUIRE(bt::TickBehaviorTree(fast::ROOT, interpreted, memory, time, 0.5f).status == bt::Status::Running);
  CHECK(interpreted.seenActiveTime == 0.0f);
  fast::Agent compiled;
  REQUIRE(bt::TickBehaviorTreeCompiled<fast::ROOT>(compiled, memory, time + 0.25, 0.25f).status ==
          bt::Status::Running);
  CHECK(compiled.seenActiveTime == static_cast<float>(time + 0.25) - static_cast<float>(time));
}
