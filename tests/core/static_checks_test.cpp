// tests/core/static_checks_test.cpp — compile-time guarantees, as static_asserts: a
// tree is a constant aggregate (no dynamic initializer, no allocation), named for
// the debugger, and its memory block is plain data sized at compile time.
#include <type_traits>

#include <catch2/catch.hpp>

#include "bt/bt.h"

namespace statics {
struct Agent {
  int x = 0;
};
struct Mem {
  int ticks = 0;
};
float Decide(Agent&) { return 1; }
bt::Result Tick(Agent&, Mem&, const bt::Context&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__MEMORY(WORK_B, Mem, nullptr, Tick, nullptr);
BT_DECLARE_DECIDER(WORK);
BT_DEFINE_DECIDER_GROUP(ROOT, Shuffle, Decide, WORK);
BT_DEFINE_DECIDER_BEHAVIOR(WORK, WORK_B, nullptr);

// constinit fails to compile if any part needs a dynamic initializer.
constinit const bt::DeciderDef* const kRoot = &ROOT;
constinit bt::MemoryFor<ROOT> gMemory{};

static_assert(std::is_aggregate_v<bt::DeciderDef> && std::is_aggregate_v<bt::BehaviorDef>);
static_assert(ROOT.name[0] == 'R' && ROOT.childCount == 1 && ROOT.children[0] == &WORK);
static_assert(ROOT.policy == bt::GroupPolicy::Shuffle && ROOT.decide == &bt::detail::DecideThunk<Decide, void>);
static_assert(WORK.behavior == &WORK_B && WORK.decide == nullptr);
static_assert(WORK_B.tick == &bt::detail::TickThunk<Tick, Mem> && WORK_B.activate == nullptr);
static_assert(WORK_B.memory.size == sizeof(Mem) && WORK_B.memory.align == alignof(Mem));
static_assert(WORK_B.agentType == bt::TypeTagOf<Agent>() && ROOT.agentType == bt::TypeTagOf<Agent>());
static_assert(bt::TypeTagOf<Agent>() != bt::TypeTagOf<Mem>());
static_assert(WORK_B.memory.triviallyCopyable && WORK_B.memory.destroy == nullptr);
// The block: plain bytes, copyable, aligned, and exactly what the analysis says.
static_assert(std::is_trivially_copyable_v<bt::MemoryFor<ROOT>>);
static_assert(sizeof(bt::MemoryFor<ROOT>) == bt::detail::AnalyzeTree(ROOT).memoryBytes);
static_assert(bt::detail::AnalyzeTree(ROOT).problem == bt::TreeProblem::None);
static_assert(bt::detail::AnalyzeTree(ROOT).depth == 2 && bt::detail::AnalyzeTree(ROOT).count == 2);
// A shuffle group keeps one order byte per child in its slot.
static_assert(bt::detail::ComputeSlotLayout(ROOT).size == sizeof(bt::SlotHeader) + 4);
}  // namespace statics

TEST_CASE("Trees are constant aggregates checked at compile time", "[static]") {
  CHECK(statics::kRoot->children[0]->behavior->name == std::string("WORK_B"));
  CHECK(bt::InitializeTreeData(statics::ROOT));
}
