// demo/creatures/sandbox.cpp — ticking every creature's tree.
#include "sandbox.h"

#include "tree.h"

namespace creatures {

void ResetSandbox(Sandbox& sandbox, const WorldConfig& config, bt::data::ReloadableTree* loaded) {
  ResetWorld(sandbox.world, config);
  sandbox.loaded = loaded;
  sandbox.blocks.clear();
  if (loaded)
    for (std::size_t i = 0; i < sandbox.world.creatures.size(); ++i) sandbox.blocks.push_back(loaded->MakeBlock());
  sandbox.running.assign(sandbox.world.creatures.size(), nullptr);
  sandbox.why.assign(sandbox.world.creatures.size(), bt::WhyRecord{});
  sandbox.tick = 0;
}

void StepSandbox(Sandbox& sandbox, std::vector<Transition>& transitions) {
  World& world = sandbox.world;
  world.tick = sandbox.tick;
  StepWorld(world);
  const double time = TimeOfTick(sandbox.tick);
  // In order: a creature sees what the ones before it did this tick, as in a game loop.
  for (std::size_t i = 0; i < world.creatures.size(); ++i) {
    Creature& creature = world.creatures[i];
    bt::TickOptions options;
    options.why = &sandbox.why[i];  // a handful of creatures: every one is explained, whichever is selected
    const bt::TickResult result =
        sandbox.loaded ? sandbox.loaded->Tick(creature, sandbox.blocks[i], time, kTickSeconds, 0, 0, options)
                       : bt::TickBehaviorTree(ROOT, creature, creature.mind, time, kTickSeconds, 0, 0, options);
    // Done: the tree ended with the behavior it ran finishing its work; a tree from
    // a file then starts afresh at the next tick (as Unvanquished runs its root every
    // frame), so that behavior is still the one this tick ran, not a gap.
    const bt::DeciderDef* now = result.status == bt::Status::Running ? result.decider
                                : result.status == bt::Status::Done  ? sandbox.running[i]
                                                                     : nullptr;
    // By name: after a reload the same decider of the new tree is another object.
    if (NameOf(now) != NameOf(sandbox.running[i]))
      transitions.push_back({sandbox.tick, static_cast<int>(i), sandbox.running[i], now});
    sandbox.running[i] = now;
  }
  ++sandbox.tick;
}

const bt::DeciderDef& MindRoot(const Sandbox& sandbox, int creature) {
  if (!sandbox.loaded) return ROOT;
  const bt::data::BuiltTree* tree = sandbox.blocks[static_cast<std::size_t>(creature)].Tree();
  return tree ? tree->Root() : sandbox.loaded->Current()->Root();  // not ticked yet: the tree it will start
}

std::span<const std::byte> MindBytes(const Sandbox& sandbox, int creature) {
  const std::size_t i = static_cast<std::size_t>(creature);
  return sandbox.loaded ? sandbox.blocks[i].Bytes() : sandbox.world.creatures[i].mind.Span();
}

std::size_t MindBytesNeeded(const Sandbox& sandbox) {
  return bt::MemoryBytesFor(sandbox.loaded ? sandbox.loaded->Current()->Root() : ROOT);
}

std::string NameOf(const bt::DeciderDef* decider) {
  // A loader's names say what a leaf runs and where ("action eat@40:4", bt/loaders); a macro tree's are its own words.
  return decider ? decider->name : "-";
}

}  // namespace creatures
