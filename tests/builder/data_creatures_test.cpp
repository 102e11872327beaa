// tests/builder/data_creatures_test.cpp — the creatures tree of the benchmark built from
// data (tools/bench/data_creatures.cpp) against its macro twin (bt_creatures.cpp).
#include <catch2/catch.hpp>

#include <cstring>
#include <vector>

#include "bt/core/tree.h"
#include "tools/bench/data_creatures.h"

TEST_CASE("The creatures tree built from data ticks every creature exactly as its macro twin", "[builder]") {
  using namespace bench;
  REQUIRE(BtInitialize());
  REQUIRE(BtBuild());
  const bt::DeciderDef& built = BuiltCreatures().Root();
  CHECK(BuiltCreatures().Stamp() == BtRoot().data->tree.stamp);
  CHECK(bt::MemoryBytesFor(built) == sizeof(BtMemory));

  constexpr std::size_t kAgents = 300;
  std::vector<Creature> macroCreatures, builtCreatures;
  for (std::size_t i = 0; i < kAgents; ++i) macroCreatures.push_back(MakeCreature(static_cast<std::uint32_t>(i)));
  builtCreatures = macroCreatures;
  std::vector<BtMemory> macroMemory(kAgents), builtMemory(kAgents);
  tActivations = {};
  std::uint64_t activations[kNumBehaviors] = {};
  for (int t = 0; t < 2000; ++t) {
    INFO("tick " << t);
    REQUIRE(BtTick(macroCreatures.data(), macroMemory.data(), kAgents, t) == 0);
    const Activations macroActivations = tActivations;
    tActivations = {};
    REQUIRE(BtTickBuilt(builtCreatures.data(), builtMemory.data(), kAgents, t) == 0);
    REQUIRE(std::memcmp(&tActivations, &macroActivations, sizeof tActivations) == 0);
    for (int b = 0; b < kNumBehaviors; ++b) activations[b] += tActivations.count[b];
    tActivations = {};
    // The same decisions and effects (the creatures) and the same active paths, times and memory (the blocks).
    REQUIRE(std::memcmp(macroCreatures.data(), builtCreatures.data(), kAgents * sizeof(Creature)) == 0);
    REQUIRE(std::memcmp(macroMemory.data(), builtMemory.data(), kAgents * sizeof(BtMemory)) == 0);
  }
  // Every behavior ran: the comparison covered the whole tree.
  int behaviorsRun = 0;
  for (int b = 0; b < kNumBehaviors; ++b) behaviorsRun += activations[b] > 0;
  CHECK(behaviorsRun == kNumBehaviors);
}
