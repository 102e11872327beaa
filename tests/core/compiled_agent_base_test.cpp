// tests/core/compiled_agent_base_test.cpp — derived agents on the compiled tick: an
// agent of a class declared with BT_AGENT_BASE runs its base's tree through
// bt::TickBehaviorTreeCompiled, converted to the base (not at offset 0 here),
// and both ticks take turns on its block as they do for the base itself.
#include <catch2/catch.hpp>
#include <cstring>

#include "bt/bt.h"
#include "bt/engine/compiled_tick.h"
#include "tests/core/derived_agents.h"

namespace cbase {

using namespace derived;

float Hungry(Creature& creature) { return creature.hunger >= 4 ? 1.0f : 0.0f; }
bt::Result Eat(Creature& creature) {
  creature.hunger -= 3;
  ++creature.ticks;
  return creature.hunger > 0 ? bt::Result::Running : bt::Result::Done;
}
bt::Result Wander(Creature& creature) {
  ++creature.hunger;
  ++creature.ticks;
  return bt::Result::Running;
}

BT_DEFINE_BEHAVIOR__TICK(EAT_B, Eat);
BT_DEFINE_BEHAVIOR__TICK(WANDER_B, Wander);
BT_DECLARE_DECIDER(EAT);
BT_DECLARE_DECIDER(WANDER);
BT_DEFINE_DECIDER_GROUP(ROOT, PrioritizedList, nullptr, EAT, WANDER);
BT_DEFINE_DECIDER_BEHAVIOR(EAT, EAT_B, Hungry);
BT_DEFINE_DECIDER_BEHAVIOR(WANDER, WANDER_B, nullptr);

}  // namespace cbase


using namespace cbase;

TEST_CASE("The compiled tick runs a declared derived agent as its base, as the interpreted tick does",
          "[types][agentbase][compiled]") {
  Wyrm compiled;
  Creature reference;
  bt::MemoryFor<ROOT> compiledMemory{};
  bt::MemoryFor<ROOT> referenceMemory{};
  for (int tick = 0; tick < 12; ++tick) {
    const double time = tick * 0.1;
    const bt::TickResult a = bt::TickBehaviorTreeCompiled<ROOT>(compiled, compiledMemory, time, 0.1f);
    const bt::TickResult b = bt::TickBehaviorTreeCompiled<ROOT>(reference, referenceMemory, time, 0.1f);
    CHECK(a.status == b.status);
    CHECK(a.decider == b.decider);
  }
  CHECK(compiled.ticks == reference.ticks);
  CHECK(compiled.hunger == reference.hunger);
  CHECK(compiled.ticks == 13);  // 12 ticks, one of which ended EAT and started WANDER
  CHECK(compiled.altitude == 100);  // the Flying base, first in the object, untouched
  CHECK(compiled.fire == 3);
  CHECK(compiled.age == 900);
  // The interpreted tick continues the same block.
  CHECK(bt::TickBehaviorTree(ROOT, compiled, compiledMemory, 1.2, 0.1f).status == bt::Status::Running);
  CHECK(bt::TickBehaviorTree(ROOT, reference, referenceMemory, 1.2, 0.1f).status == bt::Status::Running);
  CHECK(compiled.ticks == reference.ticks);
  CHECK(std::memcmp(&compiledMemory, &referenceMemory, sizeof compiledMemory) == 0);
  SECTION("the block-span form too") {
    HungryDragon dragon;
    bt::Memory<sizeof(bt::MemoryFor<ROOT>)> memory{};
    CHECK(bt::TickBehaviorTreeCompiled<ROOT>(dragon, memory.Span(), 0.0, 0.1f).status == bt::Status::Running);
    CHECK(bt::TickBehaviorTreeCompiled<ROOT>(dragon, memory.Span(), 0.1, 0.1f).status == bt::Status::Running);
    CHECK(dragon.ticks == 2);
    CHECK(dragon.altitude == 100);
  }
}
