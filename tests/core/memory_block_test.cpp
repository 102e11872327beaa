// tests/core/memory_block_test.cpp — behavior memory structs, the layout of the
// agent's block, sharing in a DAG, and saving an agent by copying its block.
#include <cstring>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "bt/engine/detail/block_reading.h"
#include "tests/support/trace_agent.h"

using bt::Result;
using bt::Status;
using test::Events;
using test::Tick;
using test::TraceDecide;
using test::TraceMemory;

namespace memtree {
BT_DEFINE_BEHAVIOR__MEMORY(HIGH_B, TraceMemory, test::TraceActivateWithMemory, test::TraceTickWithMemory,
                           test::TraceDeactivateWithMemory);
BT_DEFINE_BEHAVIOR__MEMORY(LOW_B, TraceMemory, test::TraceActivateWithMemory, test::TraceTickWithMemory,
                           test::TraceDeactivateWithMemory);
BT_DECLARE_DECIDER(HIGH);
BT_DECLARE_DECIDER(LOW_GROUP);
BT_DECLARE_DECIDER(LOW);
BT_DEFINE_DECIDER_GROUP(ROOT, PrioritizedList, nullptr, HIGH, LOW_GROUP);
BT_DEFINE_DECIDER_BEHAVIOR(HIGH, HIGH_B, TraceDecide);
BT_DEFINE_DECIDER_GROUP(LOW_GROUP, PrioritizedList, nullptr, LOW);
BT_DEFINE_DECIDER_BEHAVIOR(LOW, LOW_B, nullptr);

// A counter in plain data, which can be saved by copying the block.
struct Counter {
  int ticks;
};
bt::Result CountTick(test::TraceAgent& agent, Counter& counter, const bt::Context&) {
  agent.events.push_back("count " + std::to_string(++counter.ticks));
  return counter.ticks < 3 ? Result::Running : Result::Done;
}
BT_DEFINE_BEHAVIOR__MEMORY(COUNT_B, Counter, nullptr, CountTick, nullptr);
test::TraceAgent* gLastAgent = nullptr;
BT_DECLARE_DECIDER(SHARED);
BT_DECLARE_DECIDER(FIRST);
BT_DECLARE_DECIDER(SECOND);
BT_DEFINE_DECIDER_GROUP(DAG_ROOT, PrioritizedList, nullptr, FIRST, SECOND);
BT_DEFINE_DECIDER_GROUP(FIRST, PrioritizedList, TraceDecide, SHARED);
BT_DEFINE_DECIDER_GROUP(SECOND, PrioritizedList, nullptr, SHARED);
BT_DEFINE_DECIDER_BEHAVIOR(SHARED, COUNT_B, nullptr);

// Eleven children side by side, past the bases InitializeTreeData records
// (bt::kRecordedChildBases), each counting its own ticks in its own memory.
bt::Result CountOwnTick(test::TraceAgent& agent, Counter& counter, const bt::Context& context) {
  agent.events.push_back(std::string(context.decider->name) + " " + std::to_string(++counter.ticks));
  return Result::Running;
}
BT_DEFINE_BEHAVIOR__MEMORY(COUNT_OWN_B, Counter, nullptr, CountOwnTick, nullptr);
BT_DEFINE_GROUP(WIDE, Concurrent, BT_CHILDREN(W0, W1, W2, W3, W4, W5, W6, W7, W8, W9, W10));
BT_DEFINE_DECIDER(W0, COUNT_OWN_B);
BT_DEFINE_DECIDER(W1, COUNT_OWN_B);
BT_DEFINE_DECIDER(W2, COUNT_OWN_B);
BT_DEFINE_DECIDER(W3, COUNT_OWN_B);
BT_DEFINE_DECIDER(W4, COUNT_OWN_B);
BT_DEFINE_DECIDER(W5, COUNT_OWN_B);
BT_DEFINE_DECIDER(W6, COUNT_OWN_B);
BT_DEFINE_DECIDER(W7, COUNT_OWN_B);
BT_DEFINE_DECIDER(W8, COUNT_OWN_B);
BT_DEFINE_DECIDER(W9, COUNT_OWN_B);
BT_DEFINE_DECIDER(W10, COUNT_OWN_B);
}  // namespace memtree

using namespace memtree;

TEST_CASE("Children side by side each keep their own memory, past the recorded bases", "[memory][layout][classic]") {
  static_assert(bt::kRecordedChildBases < 11, "the tree must reach past the recorded bases");
  REQUIRE(bt::InitializeTreeData(WIDE));
  // Equal children: child i lies i regions up, whether its base is recorded or summed.
  const std::uint32_t span = bt::detail::ChildBase(WIDE, 1);
  CHECK(span % bt::kMaxAlignment == 0);
  CHECK(span >= sizeof(bt::SlotHeader) + sizeof(Counter));
  for (int i = 0; i < 11; ++i) CHECK(bt::detail::ChildBase(WIDE, i) == static_cast<std::uint32_t>(i) * span);
  // Asked in any order, going back too.
  bt::detail::ChildBases bases(WIDE);
  for (int i : {10, 9, 3, 8, 10, 0, 7})
    CHECK(bases(i) == static_cast<std::uint32_t>(i) * span);

  test::TraceAgent agent;
  bt::MemoryFor<WIDE> memory{};
  for (int tick = 1; tick <= 2; ++tick) {
    CHECK(bt::TickBehaviorTree(WIDE, agent, memory, tick, 1.0f).status == Status::Running);
    std::vector<std::string> want;
    for (int i = 0; i <= 10; ++i) want.push_back("W" + std::to_string(i) + " " + std::to_string(tick));
    CHECK(agent.Take() == want);
  }
}

TEST_CASE("A behavior's memory struct lives from Activate to Deactivate", "[memory]") {
  test::TraceAgent agent;
  bt::MemoryFor<ROOT> memory{};
  const int constructions = TraceMemory::constructions;
  const int destructions = TraceMemory::destructions;
  auto alive = [&] { return (TraceMemory::constructions - constructions) - (TraceMemory::destructions - destructions); };

  Tick(ROOT, agent, memory, 0.0);
  CHECK(alive() == 1);
  Tick(ROOT, agent, memory, 1.0);
  auto* low = static_cast<const bt::DeciderDef*>(&LOW);
  CHECK(bt::ActiveBehaviorDecider(ROOT, memory.Span()) == low);

  SECTION("it keeps its contents across ticks") {
    const auto* lowMemory = reinterpret_cast<const TraceMemory*>(memory.bytes + sizeof(bt::MemoryHeader) +
                                                                 LOW.data->slotOffset + LOW.data->memoryOffset);
    CHECK(lowMemory->ticks == 2);
  }
  SECTION("an interruption destroys the old one before constructing the new one") {
    agent.decide["HIGH"] = 1;
    Tick(ROOT, agent, memory, 2.0);
    CHECK(TraceMemory::constructions - constructions == 2);
    CHECK(TraceMemory::destructions - destructions == 1);
    CHECK(alive() == 1);
  }
  SECTION("stopping the tree destroys it") {
    bt::StopBehaviorTree(ROOT, &agent, memory.Span(), 2.0);
    CHECK(alive() == 0);
  }
  bt::StopBehaviorTree(ROOT, &agent, memory.Span(), 3.0);
  CHECK(alive() == 0);
}

TEST_CASE("InitializeTreeData lays exclusive siblings over each other", "[memory][layout]") {
  REQUIRE(bt::InitializeTreeData(ROOT));
  // Leaves start at the bottom of the region; a group sits above its tallest child.
  CHECK(HIGH.data->slotOffset == 0);
  CHECK(LOW.data->slotOffset == 0);
  CHECK(LOW_GROUP.data->slotOffset == LOW.data->memoryOffset + sizeof(TraceMemory));
  CHECK(ROOT.data->slotOffset > LOW_GROUP.data->slotOffset);
  CHECK_FALSE(ROOT.data->tree.triviallyCopyable);
  REQUIRE(bt::InitializeTreeData(DAG_ROOT));
  CHECK(DAG_ROOT.data->tree.triviallyCopyable);
}

TEST_CASE("A decider shared by two groups runs under either", "[memory][dag]") {
  test::TraceAgent agent;
  bt::MemoryFor<DAG_ROOT> memory{};
  agent.decide["FIRST"] = 1;
  CHECK(Tick(DAG_ROOT, agent, memory, 0.0).events == Events{"decide FIRST", "count 1"});
  const bt::DeciderDef* path[4];
  REQUIRE(bt::ActivePath(DAG_ROOT, memory.Span(), path) == 3);
  CHECK(path[1] == &FIRST);
  CHECK(path[2] == &SHARED);

  // FIRST no longer accepts, but it is active (hysteresis); its child finishes on
  // the third tick, FIRST fails upward, and SECOND runs the same decider afresh.
  agent.decide["FIRST"] = 0;
  CHECK(Tick(DAG_ROOT, agent, memory, 1.0).events == Events{"count 2"});
  CHECK(Tick(DAG_ROOT, agent, memory, 2.0).events == Events{"count 3", "count 1"});
  REQUIRE(bt::ActivePath(DAG_ROOT, memory.Span(), path) == 3);
  CHECK(path[1] == &SECOND);
  CHECK(path[2] == &SHARED);
}

TEST_CASE("An agent is saved and restored mid-behavior by copying its block", "[memory][save]") {
  test::TraceAgent agent;
  bt::MemoryFor<DAG_ROOT> memory{};
  agent.decide["FIRST"] = 1;
  Tick(DAG_ROOT, agent, memory, 0.0);
  REQUIRE(DAG_ROOT.data->tree.triviallyCopyable);

  bt::MemoryFor<DAG_ROOT> saved;
  std::memcpy(&saved, &memory, sizeof memory);
  test::TraceAgent twin = agent;
  CHECK(Tick(DAG_ROOT, agent, memory, 1.0).events == Events{"count 2"});
  CHECK(Tick(DAG_ROOT, twin, saved, 1.0).events == Events{"count 2"});
  CHECK(std::memcmp(&saved, &memory, sizeof memory) == 0);
}

TEST_CASE("bt::MemoryFor sizes the block at compile time", "[memory][layout]") {
  static_assert(sizeof(bt::MemoryFor<DAG_ROOT>) % bt::kMaxAlignment == 0);
  static_assert(alignof(bt::MemoryFor<DAG_ROOT>) == bt::kMaxAlignment);
  CHECK(sizeof(bt::MemoryFor<DAG_ROOT>) == bt::MemoryBytesFor(DAG_ROOT));
  CHECK(sizeof(bt::MemoryFor<ROOT>) == bt::MemoryBytesFor(ROOT));
}
