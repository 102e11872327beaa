// tools/bench/data_creatures.cpp — the creatures tree from data, and the
// builder's benchmark lines (see the header).
#include "tools/bench/data_creatures.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "bt/data/tree_builder.h"
#include "bt/core/tree.h"

namespace bench {
namespace {

using Clock = std::chrono::steady_clock;

std::shared_ptr<const bt::data::BuiltTree> gBuilt;

// ---------------------------------------------------------------- the largest tree
// A root over kGroups groups of kLeaves behavior deciders, every one with its own
// action: 511 deciders (bt::kMaxTreeDeciders is 512) and 476 behaviors.
constexpr int kGroups = 34;
constexpr int kLeaves = 14;

bt::Result Wait(Creature&) { return bt::Result::Running; }
bool Never(const Creature&) { return false; }

struct LargeTree {
  bt::data::Registry registry;
  bt::data::TreeSpec spec;
};

void MakeLargeTree(LargeTree& large) {
  large.spec.file = "large.bt";
  bt::data::NodeSpec& root = large.spec.nodes.emplace_back();
  root.name = "ROOT";
  root.kind = bt::DeciderKind::Group;
  std::uint32_t line = 1;
  root.At(line++, 1);
  for (int g = 0; g < kGroups; ++g) {
    const std::string group = "G" + std::to_string(g);
    root.children.push_back({group, {line, 1, {}}});
  }
  for (int g = 0; g < kGroups; ++g) {
    bt::data::NodeSpec& node = large.spec.nodes.emplace_back();
    node.name = "G" + std::to_string(g);
    node.kind = bt::DeciderKind::Group;
    node.At(line++, 1).Decide("Never");
    for (int l = 0; l < kLeaves; ++l) node.children.push_back({node.name + "_" + std::to_string(l), {line, 5, {}}});
  }
  // Spec nodes are added after the groups are complete: a reference into
  // spec.nodes must not outlive the vector's growth.
  for (int g = 0; g < kGroups; ++g)
    for (int l = 0; l < kLeaves; ++l) {
      const std::string name = "G" + std::to_string(g) + "_" + std::to_string(l);
      const std::string action = "A" + std::to_string(g * kLeaves + l);
      BT_REGISTER_ACTION(large.registry, action, void, nullptr, Wait, nullptr).Params({bt::ParamType::Number});
      large.spec.Behavior(name, action, {bt::data::ArgSpec::Number(l)}).At(line++, 1).Decide("Never");
    }
  BT_REGISTER_CONDITION(large.registry, "Never", Never);
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

bt::data::TreeSpec CreaturesSpec() {
  using bt::GroupPolicy;
  bt::data::TreeSpec spec;
  spec.file = "creatures.bt";
  spec.Group("ROOT", GroupPolicy::PrioritizedList, {"FLEE", "GUARD", "FIGHT", "EAT", "IDLE"});
  spec.Behavior("FLEE", "FLEE_B").Decide("TooWeakToFight");
  spec.Group("GUARD", GroupPolicy::PrioritizedList, {"GUARD_YELL", "GUARD_FIGHT", "GUARD_PATROL"})
      .Flags(bt::kCallDecideOnRedecide)
      .Decide("NestThreatened");
  spec.Behavior("GUARD_YELL", "YELL_FOR_HELP_B").Decide("ShouldYell");
  spec.Behavior("GUARD_FIGHT", "FIGHT_B").Decide("Threatened");
  spec.Behavior("GUARD_PATROL", "PATROL_B");
  spec.Behavior("FIGHT", "FIGHT_B").Decide("Threatened");
  spec.Group("EAT", GroupPolicy::PrioritizedList, {"FIND_FOOD", "EAT_FOOD"})
      .Flags(bt::kCallDecideOnRedecide)
      .Decide("Hungry");
  spec.Behavior("FIND_FOOD", "FIND_FOOD_B").Decide("NoFoodSeen");
  spec.Behavior("EAT_FOOD", "EAT_FOOD_B").Decide("FoodSeen");
  spec.Group("IDLE", GroupPolicy::PrioritizedList, {"PLAY", "REST"});
  spec.Group("PLAY", GroupPolicy::Random, {"FLIP", "ROLL", "DANCE"})
      .Flags(bt::kCallDecideOnRedecide)
      .Decide("Playful")
      .Random("CreatureRandom");
  spec.Behavior("FLIP", "FLIP_B");
  spec.Behavior("ROLL", "ROLL_B");
  spec.Behavior("DANCE", "DANCE_B");
  spec.Behavior("REST", "REST_B");
  return spec;
}

bool BtBuild() {
  if (gBuilt) return true;
  bt::data::Registry registry;
  BtRegister(registry);
  const bt::data::BuildResult built = bt::data::BuildTree(CreaturesSpec(), registry);
  if (!built.Ok()) {
    std::fprintf(stderr, "%s", built.ErrorText().c_str());
    return false;
  }
  gBuilt = built.tree;
  return true;
}

const bt::data::BuiltTree& BuiltCreatures() { return *gBuilt; }

std::size_t BtTickBuilt(Creature* creatures, BtMemory* memory, std::size_t n, int t) {
  return BtTickInterpreted(gBuilt->Root(), creatures, memory, n, t);
}

bool BuilderBench(std::size_t n, int ticks, int repeats) {
  if (!BtBuild()) return false;

  // Building and initializing the largest tree, from a spec and registry made beforehand.
  LargeTree large;
  MakeLargeTree(large);
  std::vector<double> buildUs;
  std::size_t deciders = 0, arena = 0;
  for (int r = 0; r < 200; ++r) {
    const auto start = Clock::now();
    const bt::data::BuildResult built = bt::data::BuildTree(large.spec, large.registry);
    buildUs.push_back(std::chrono::duration<double, std::micro>(Clock::now() - start).count());
    if (!built.Ok()) {
      std::fprintf(stderr, "%s", built.ErrorText().c_str());
      return false;
    }
    deciders = built.tree->Deciders().size();
    arena = built.tree->ArenaBytes();
  }
  std::printf("builder: build + InitializeTreeData of %zu deciders and %d behaviors (%zu definitions; the engine "
              "takes at most %d deciders a tree): median %.1f us, fastest %.1f us, arena %zu bytes (target < 1000 us: %s)\n",
              deciders, kGroups * kLeaves, deciders + kGroups * kLeaves, bt::kMaxTreeDeciders, Median(buildUs),
              *std::min_element(buildUs.begin(), buildUs.end()), arena, Median(buildUs) < 1000 ? "met" : "MISSED");

  // The built creatures tree against the macro one, both on the interpreted tick,
  // taking turns from the same warmed-up state; the fastest repeat of each.
  std::vector<Creature> start(n), macroCreatures, builtCreatures;
  for (std::size_t i = 0; i < n; ++i) start[i] = MakeCreature(static_cast<std::uint32_t>(i));
  std::vector<BtMemory> startMemory(n), macroMemory, builtMemory;
  for (int t = 0; t < 100; ++t) BtTick(start.data(), startMemory.data(), n, t);
  double macroNs = 0, builtNs = 0;
  bool agree = true;
  const double agentTicks = static_cast<double>(n) * ticks;
  for (int r = 0; r < repeats; ++r) {
    macroCreatures = start;
    macroMemory = startMemory;
    auto t0 = Clock::now();
    std::size_t unhealthy = 0;
    for (int t = 100; t < 100 + ticks; ++t) unhealthy += BtTick(macroCreatures.data(), macroMemory.data(), n, t);
    const double macro = std::chrono::duration<double, std::nano>(Clock::now() - t0).count() / agentTicks;
    builtCreatures = start;
    builtMemory = startMemory;  // the same stamp: the built tree takes the macro tree's blocks
    t0 = Clock::now();
    for (int t = 100; t < 100 + ticks; ++t) unhealthy += BtTickBuilt(builtCreatures.data(), builtMemory.data(), n, t);
    const double built = std::chrono::duration<double, std::nano>(Clock::now() - t0).count() / agentTicks;
    if (r == 0 || macro < macroNs) macroNs = macro;
    if (r == 0 || built < builtNs) builtNs = built;
    agree = agree && unhealthy == 0 &&
            std::memcmp(macroCreatures.data(), builtCreatures.data(), n * sizeof(Creature)) == 0 &&
            std::memcmp(macroMemory.data(), builtMemory.data(), n * sizeof(BtMemory)) == 0;
  }
  std::printf("builder: creatures built from data %.2f ns, from macros %.2f ns, both interpreted: %+.1f%% "
              "(target within 5%%: %s); same creatures and blocks: %s\n",
              builtNs, macroNs, 100.0 * (builtNs / macroNs - 1.0), builtNs <= macroNs * 1.05 ? "met" : "MISSED",
              agree ? "yes" : "NO");
  return agree;
}

}  // namespace bench
