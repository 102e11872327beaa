// tests/engine/corrupt_block_test.cpp — a damaged memory block (a bad save, a stray
// write): a group on the active path names a child it does not have, or none, or
// a shuffle order holds a child it does not have. The tick reads no index out of
// bounds: it finds the damage where its walk meets it (what lies above was
// ticked as on any tick), calls nothing of the corrupt group or below it,
// deactivates the group and those above it, deepest first, returns
// Status::CorruptMemory naming the group, and the next tick starts from the root.
// A time the block keeps (an activation, a timer, a Wait's end, a timestamp) that
// no healthy block holds is damage too, reported by both ticks where it is read,
// naming the decider whose time it is.
#include <cstring>
#include <limits>

#include <catch2/catch.hpp>

#include "bt/engine/compiled_tick.h"
#include "bt/core/timestamps.h"
#include "tests/support/trace_agent.h"

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

// ---------------------------------------------------------------- times the block keeps

namespace times {
TEST_TRACE_BEHAVIOR(T_ROOT_B);
TEST_TRACE_BEHAVIOR(T_WATCH_B);
TEST_TRACE_BEHAVIOR(T_WORK_B);
BT_DECLARE_DECIDER(WATCH);
BT_DECLARE_DECIDER(WORKING);
// WATCH is asked at every tick above the running WORKING, at most every half second.
BT_DEFINE_DECIDER_GROUP__BEHAVIOR(T_ROOT, PrioritizedList, 0, nullptr, T_ROOT_B, WATCH, WORKING);
BT_DEFINE_DECIDER_BEHAVIOR__PRE(WATCH, T_WATCH_B, test::TraceDecide, bt::Preconditions{}.Every(0.5f));
BT_DEFINE_DECIDER_BEHAVIOR(WORKING, T_WORK_B, test::TraceDecide);

BT_DEFINE_GROUP(WAIT_ROOT, Sequence, BT_CHILDREN(WAITING));
BT_DEFINE_DECIDER(WAITING, bt::builtin::kWait,
                  BT_PARAMS(bt::NumberParam("duration", 2), bt::NumberParam("variation", 1)));
BT_DEFINE_GROUP(TIMEOUT_ROOT, Sequence, BT_CHILDREN(TIMING_OUT));
BT_DEFINE_DECIDER(TIMING_OUT, bt::builtin::kTimeout, BT_PARAMS(bt::NumberParam("duration", 2)));

TEST_TRACE_BEHAVIOR(T_TRY_B);
BT_DEFINE_GROUP(COOL, Cooldown, BT_CHILDREN(TRY), BT_SECONDS(1));
BT_DEFINE_DECIDER(TRY, T_TRY_B);

constexpr bt::VariableDecl kSeen[] = {bt::TimestampVariable("Seen", "OnSeen")};
BT_DEFINE_GROUP(SEEN_ROOT, Sequence, BT_CHILDREN(WAIT_SEEN), BT_VARIABLES(kSeen));
BT_DEFINE_DECIDER(WAIT_SEEN, bt::kWaitUntilTime,
                  BT_PARAMS(bt::TextParam("since", "Seen"), bt::NumberParam("isMoreThan", 3)));

template <std::size_t N>
bt::SlotHeader& Slot(bt::Memory<N>& memory, const bt::DeciderDef& d) {
  return *reinterpret_cast<bt::SlotHeader*>(memory.bytes + sizeof(bt::MemoryHeader) + d.data->slotOffset);
}
template <std::size_t N>
float& Timer(bt::Memory<N>& memory, const bt::DeciderDef& root, const bt::DeciderDef& d) {
  return reinterpret_cast<float*>(memory.bytes + root.data->tree.timersOffset)[d.data->timerIndex];
}
template <std::size_t N>
float& WaitEnd(bt::Memory<N>& memory, const bt::DeciderDef& d) {
  return reinterpret_cast<bt::builtin::DeadlineMemory*>(reinterpret_cast<std::byte*>(&Slot(memory, d)) +
                                                        d.data->memoryOffset)
      ->seconds;
}
// A variable's value, as the block keeps it (a VariableBlock, then a double each: bt/core/memory.h).
template <std::size_t N>
double& VariableValue(bt::Memory<N>& memory, const bt::DeciderDef& root, const char* name) {
  return reinterpret_cast<double*>(bt::VariablesOf(root, memory.Span()) + 1)[bt::FindVariable(root, name)];
}

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// Both ticks, each on its own agent and block: ticked at 0; `damage` writes into
// both blocks; at 1 each must report CorruptMemory naming `culprit`, with the calls
// `expected` (the path deactivated, nothing left active); at 2 each starts afresh.
template <const bt::DeciderDef& Root, class Damage>
void BothReport(const bt::DeciderDef& culprit, const Events& expected, Damage damage) {
  for (const bool compiled : {false, true}) {
    INFO((compiled ? "compiled tick" : "interpreted tick"));
    test::TraceAgent agent;
    agent.decide["WORKING"] = 1;
    bt::MemoryFor<Root> memory{};
    const auto tick = [&](double time) {
      const bt::TickResult r = compiled ? bt::TickBehaviorTreeCompiled<Root>(agent, memory, time, 0.1f)
                                        : bt::TickBehaviorTree(Root, agent, memory, time, 0.1f);
      return test::Ticked{r, agent.Take()};
    };
    REQUIRE(tick(0.0).result.status == Status::Running);
    damage(memory);
    const auto t = tick(1.0);
    CHECK(t.result.status == Status::CorruptMemory);
    CHECK(t.result.decider == &culprit);
    CHECK(t.events == expected);
    CHECK(bt::ActivePath(Root, memory.Span(), {}) == 0);
    CHECK(tick(2.0).result.status == Status::Running);
  }
}
}  // namespace times

TEST_CASE("A timer's time that no healthy block holds is corrupt, from both ticks", "[corrupt][times]") {
  using namespace times;
  // After the tick (at 1, the block's epoch at 0), far after or before it, not a number.
  const float bad = GENERATE(1.5f, 1e30f, -1e30f, kInf, kNaN);
  INFO("the timer holds " << bad);
  // Silenced forever before: WATCH's Decide never asked again, and the tick Running.
  // Now WATCH is not asked; the walk goes on as after a Stop from a Decide, and
  // the tick ends with the path deactivated.
  BothReport<T_ROOT>(WATCH, Events{"tick T_ROOT_B", "tick T_WORK_B", "deactivate T_WORK_B", "deactivate T_ROOT_B"},
                     [&](auto& memory) { Timer(memory, T_ROOT, WATCH) = bad; });
}

TEST_CASE("An activation time that no healthy block holds is corrupt, from both ticks", "[corrupt][times]") {
  using namespace times;
  const float bad = GENERATE(1.5f, 1e30f, -1e30f, kInf, -kInf, kNaN);
  INFO("the activation time holds " << bad);
  SECTION("of a behavior: its Tick is not called; its Deactivate pairs its Activate") {
    BothReport<T_ROOT>(WORKING, Events{"tick T_ROOT_B", "decide WATCH", "deactivate T_WORK_B", "deactivate T_ROOT_B"},
                       [&](auto& memory) { Slot(memory, WORKING).activatedAt = bad; });
  }
  SECTION("of a group with a group behavior") {
    BothReport<T_ROOT>(T_ROOT, Events{"deactivate T_WORK_B", "deactivate T_ROOT_B"},
                       [&](auto& memory) { Slot(memory, T_ROOT).activatedAt = bad; });
  }
}

TEST_CASE("A healthy block's oldest times are not damage", "[corrupt][times]") {
  using namespace times;
  test::TraceAgent agent;
  agent.decide["WORKING"] = 1;
  bt::MemoryFor<T_ROOT> memory{};
  REQUIRE(test::Tick(T_ROOT, agent, memory, 0.0).result.status == Status::Running);
  // A timer never started, and an activation as far back as the clock reaches.
  Timer(memory, T_ROOT, WATCH) = -kInf;
  Slot(memory, WORKING).activatedAt = static_cast<float>(-2 * bt::kMaxTickTime);
  const auto t = test::Tick(T_ROOT, agent, memory, 1.0);
  CHECK(t.result.status == Status::Running);
  CHECK(t.events == Events{"tick T_ROOT_B", "decide WATCH", "tick T_WORK_B"});
}

TEST_CASE("A Wait's or Timeout's end its parameters cannot give is corrupt, from both ticks", "[corrupt][times]") {
  using namespace times;
  SECTION("Wait of 2 s, varying by up to 1 s") {
    const float bad = GENERATE(1.75f, 3.25f, 1e30f, -1.0f, kInf, kNaN);
    INFO("its end holds " << bad);
    BothReport<WAIT_ROOT>(WAITING, Events{}, [&](auto& memory) { WaitEnd(memory, WAITING) = bad; });
  }
  SECTION("Timeout of 2 s") {
    const float bad = GENERATE(1.75f, 2.25f, 1e30f, kNaN);
    INFO("its end holds " << bad);
    BothReport<TIMEOUT_ROOT>(TIMING_OUT, Events{}, [&](auto& memory) { WaitEnd(memory, TIMING_OUT) = bad; });
  }
}

TEST_CASE("A Cooldown's time of its child's last failure that no healthy block holds is corrupt", "[corrupt][times]") {
  using namespace times;
  const float bad = GENERATE(1.5f, 1e30f, kNaN);
  INFO("the timer holds " << bad);
  BothReport<COOL>(COOL, Events{"deactivate T_TRY_B"}, [&](auto& memory) { Timer(memory, COOL, COOL) = bad; });
}

TEST_CASE("A timestamp no event writes is corrupt where WaitUntilTime reads it, from both ticks",
          "[corrupt][times][timestamps]") {
  using namespace times;
  const double bad = GENERATE(1e300, -1e300, std::numeric_limits<double>::quiet_NaN());
  INFO("the timestamp holds " << bad);
  BothReport<SEEN_ROOT>(WAIT_SEEN, Events{}, [&](auto& memory) { VariableValue(memory, SEEN_ROOT, "Seen") = bad; });
}
