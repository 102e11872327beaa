// tools/bench/floor.cpp — the one-behavior tree of floor.h.
#include "tools/bench/floor.h"

#include <cstdio>

#include "bt/bt.h"
#include "bt/engine/compiled_tick.h"
#include "tools/bench/tick_each.h"

namespace bench {
namespace {

bt::Result RunForever(Creature&) { return bt::Result::Running; }

BT_DEFINE_BEHAVIOR__TICK(FLOOR_B, RunForever);
BT_DEFINE_DECIDER_BEHAVIOR(FLOOR, FLOOR_B, nullptr);

static_assert(sizeof(bt::MemoryFor<FLOOR>) == sizeof(FloorMemory),
              "kFloorBytesPerAgent must be sizeof(bt::MemoryFor<FLOOR>)");
static_assert(alignof(bt::MemoryFor<FLOOR>) == alignof(FloorMemory));

}  // namespace

bool FloorInitialize() {
  bt::TreeError error;
  if (bt::InitializeTreeData(FLOOR, &error)) return true;
  std::fprintf(stderr, "%s\n", error.message);
  return false;
}

std::size_t FloorTick(Creature* creatures, FloorMemory* memory, std::size_t n, int t) {
  return TickEach(creatures, memory, n, t, [](Creature& c, FloorMemory& m, double time) {
    return bt::TickBehaviorTree(FLOOR, c, m, time, static_cast<float>(kDt));
  });
}

std::size_t FloorTickCompiled(Creature* creatures, FloorMemory* memory, std::size_t n, int t) {
  return TickEach(creatures, memory, n, t, [](Creature& c, FloorMemory& m, double time) {
    return bt::TickBehaviorTreeCompiled<FLOOR>(c, m, time, static_cast<float>(kDt));
  });
}

}  // namespace bench
