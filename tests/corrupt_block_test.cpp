// tests/corrupt_block_test.cpp — a damaged memory block (a bad save, a stray
// write): a group on the active path names a child it does not have, or none, or
// a shuffle order holds a child it does not have. The tick reads no index out of
// bounds: it finds the damage where its walk meets it (what lies above was
// ticked as on any tick), calls nothing of the corrupt group or below it,
// deactivates the group and those above it, deepest first, returns
// Status::CorruptMemory naming the group, and the next tick starts from the root.
#include <cstring>

#include <catch2/catch.hpp>

#include "trace_agent.h"

using bt::Status;
using test::Events;
using test::Tick;

namespace damaged {
TEST_TRACE_BEHAVIOR(ROOT_B);
TEST_TRACE_BEHAVIOR(GROUP_B);
TEST_TRACE_BEHAVIOR(WORK_B);
TEST_TRACE_BEHAVIOR(DECK_B);
TEST_TRACE_BEHAVIOR(CARD_B);

BT_DECLARE_DECIDER(GROUP);
BT_DECLARE_DECIDER(WORK);
BT_DECLARE_DECIDER(WORK_AGAIN);
BT_DEFINE_DECIDER_GROUP__BEHAVIOR(ROOT, PrioritizedList, 0, nullptr, ROOT_B, GROUP);
// Two deciders of one behavior and one name: the work twice over (a group lists a decider once).
BT_DEFINE_DECIDER_GROUP__BEHAVIOR(GROUP, Sequential, 0, nullptr, GROUP_B, WORK, WORK_AGAIN);
BT_DEFINE_DECIDER_BEHAVIOR(WORK, WORK_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR__FULL(WORK_AGAIN, "WORK", &WORK_B, 0, 0, nullptr, void, bt::Preconditions{});

BT_DECLARE_DECIDER(CARD);
BT_DECLARE_DECIDER(CARD_2);
BT_DECLARE_DECIDER(CARD_3);
BT_DEFINE_DECIDER_GROUP__BEHAVIOR(DECK, Shuffle, 0, nullptr, DECK_B, CARD, CARD_2, CARD_3);
BT_DEFINE_DECIDER_BEHAVIOR(CARD, CARD_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR__FULL(CARD_2, "CARD", &CARD_B, 0, 0, nullptr, void, bt::Preconditions{});
BT_DEFINE_DECIDER_BEHAVIOR__FULL(CARD_3, "CARD", &CARD_B, 0, 0, nullptr, void, bt::Preconditions{});

template <std::size_t N>
bt::SlotHeader& SlotOf(bt::Memory<N>& memory, const bt::DeciderDef& d) {
  return *reinterpret_cast<bt::SlotHeader*>(memory.bytes + sizeof(bt::MemoryHeader) + d.data->slotOffset);
}
}  // namespace damaged

using namespace damaged;

TEST_CASE("A group naming a child it lacks: the path above it is deactivated", "[corrupt]") {
  test::TraceAgent agent;
  bt::MemoryFor<ROOT> memory{};
  REQUIRE(Tick(ROOT, agent, memory, 0.0).events == Events{"activate ROOT_B", "tick ROOT_B", "activate GROUP_B",
                                                          "tick GROUP_B", "activate WORK_B", "tick WORK_B"});
  const std::uint8_t wrong = GENERATE(std::uint8_t{2}, std::uint8_t{200}, bt::kNoChild);
  SlotOf(memory, GROUP).activeChild = wrong;

  SECTION("the tick reports it") {
    const auto t = Tick(ROOT, agent, memory, 1.0);
    CHECK(t.result.status == Status::CorruptMemory);
    CHECK(t.result.decider == &GROUP);
    // ROOT_B lies above the damage and is ticked first; GROUP_B, whose slot is
    // damaged, is not; WORK_B lay below it: not called (its Deactivate is lost).
    CHECK(t.events == Events{"tick ROOT_B", "deactivate GROUP_B", "deactivate ROOT_B"});
  }
  SECTION("StopBehaviorTree does the same") {
    bt::StopBehaviorTree(ROOT, &agent, memory.Span(), 1.0);
    CHECK(agent.Take() == Events{"deactivate GROUP_B", "deactivate ROOT_B"});
  }
  CHECK(bt::ActivePath(ROOT, memory.Span(), {}) == 0);
  // The block is usable again: the next tick starts from the root.
  const auto next = Tick(ROOT, agent, memory, 2.0);
  CHECK(next.result.status == Status::Running);
  CHECK(next.events == Events{"activate ROOT_B", "tick ROOT_B", "activate GROUP_B", "tick GROUP_B",
                              "activate WORK_B", "tick WORK_B"});
}

TEST_CASE("A shuffle order holding a child the group lacks is corrupt", "[corrupt][shuffle]") {
  test::TraceAgent agent;
  bt::MemoryFor<DECK> memory{};
  REQUIRE(Tick(DECK, agent, memory, 0.0).events ==
          Events{"activate DECK_B", "tick DECK_B", "activate CARD_B", "tick CARD_B"});
  // The order follows the slot header, one byte a child.
  auto* order = reinterpret_cast<std::uint8_t*>(&SlotOf(memory, DECK)) + sizeof(bt::SlotHeader);
  order[2] = 3;
  const auto t = Tick(DECK, agent, memory, 1.0);
  CHECK(t.result.status == Status::CorruptMemory);
  CHECK(t.result.decider == &DECK);
  CHECK(t.events == Events{"deactivate DECK_B"});
  CHECK(Tick(DECK, agent, memory, 2.0).events ==
        Events{"activate DECK_B", "tick DECK_B", "activate CARD_B", "tick CARD_B"});
}
