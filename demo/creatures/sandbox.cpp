// demo/creatures/sandbox.cpp — ticking every creature's tree.
#include "sandbox.h"

#include "tree.h"

namespace creatures {

void ResetSandbox(Sandbox& sandbox, const WorldConfig& config) {
  ResetWorld(sandbox.world, config);
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
    const bt::TickResult result = bt::TickBehaviorTree(ROOT, creature, creature.mind, time, kTickSeconds, 0, 0, options);
    const bt::DeciderDef* now = result.status == bt::Status::Running ? result.decider : nullptr;
    if (now != sandbox.running[i]) transitions.push_back({sandbox.tick, static_cast<int>(i), sandbox.running[i], now});
    sandbox.running[i] = now;
  }
  ++sandbox.tick;
}

const char* NameOf(const bt::DeciderDef* decider) { return decider ? decider->name : "-"; }

}  // namespace creatures
