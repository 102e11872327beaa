// demo/creatures/crowd_run.cpp — the crowd mode (see crowd_run.h).
#include "crowd_run.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "bt/crowd/crowd.h"
#include "bt/crowd/ticks.h"
#include "heat_map.h"
#include "sandbox.h"
#include "tree.h"
#include "world.h"

namespace creatures {
namespace {

using Clock = std::chrono::steady_clock;

double MillisecondsSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// Near the camera every frame; farther away, every 2nd, 4th, 8th frame.
int IntervalAt(const World& world, Point at) {
  const int d = Distance(at, world.nest);
  return d <= 20 ? 1 : d <= 60 ? 2 : d <= 120 ? 4 : 8;
}

constexpr int kLodIntervals[] = {1, 2, 4, 8};

}  // namespace

int RunCrowd(const Options& options) {
  // A world about twice as many cells as creatures, with threats and food to match.
  WorldConfig config = options.world;
  config.creatures = options.crowd;
  config.height = std::max(22, static_cast<int>(std::sqrt(static_cast<double>(options.crowd))));
  config.width = 2 * config.height;
  config.threats = std::max(2, options.crowd / 6000);
  config.maxFood = std::max(8, options.crowd / 1500);
  World world;
  ResetWorld(world, config);
  for (Creature& c : world.creatures) c.at = world.RandomPoint();  // spread out, not all at the nest

  const std::size_t n = world.creatures.size();
  bt::Crowd crowd(n);
  // Each creature's tree state lives inside it: the blocks are strided.
  const bt::CrowdMembers<Creature> members{world.creatures.data(), sizeof(Creature),
                                           world.creatures[0].mind.bytes, sizeof(Creature), kMindBytes};
  const auto tickTree = bt::MakeInterpretedCrowdTick(ROOT, members);
  std::vector<const bt::DeciderDef*> running(n, nullptr);
  // With the crowd's wake time: a creature whose tick would do nothing sleeps
  // (bt/engine/sleep.h). This tree asks Decides that read the world at every tick,
  // so none does; a tree with waiting behaviors under flag preconditions would.
  const auto tickOne = [&](std::size_t i, double time, float dt, double& wakeTime) {
    const bt::TickResult result = tickTree(i, time, dt, wakeTime);
    running[i] = result.status == bt::Status::Running ? result.decider : nullptr;
    return result;
  };
  const std::size_t budget = options.crowdBudget > 0 ? static_cast<std::size_t>(options.crowdBudget)
                                                     : std::numeric_limits<std::size_t>::max();

  std::printf("creatures crowd: %zu creatures, world %dx%d, nest (the camera) at (%d,%d), %zu threats, %d ticks, "
              "budget %s\n",
              n, world.width, world.height, world.nest.x, world.nest.y, world.threats.size(), options.ticks,
              options.crowdBudget > 0 ? std::to_string(options.crowdBudget).c_str() : "none");
  std::printf("LOD: every frame within 20 cells of the nest, every 2nd within 60, 4th within 120, else 8th\n");
  std::printf("%6s %9s %9s %9s %9s %9s   %s\n", "frame", "trees_ms", "ticked", "deferred", "sleeping", "world_ms",
              "LOD histogram (interval:creatures)");
  double treesMs = 0, worldMs = 0;
  std::size_t ticks = 0;
  const int every = options.overlayEvery > 0 ? options.overlayEvery : options.ticks;
  HeatMap heatMap(options.heatMapColumns);
  for (int t = 0; t < options.ticks; ++t) {
    world.tick = t;
    const auto worldStart = Clock::now();
    StepWorld(world);
    for (std::size_t i = 0; i < n; ++i) crowd.SetInterval(i, IntervalAt(world, world.creatures[i].at));
    const double worldFrameMs = MillisecondsSince(worldStart);
    const auto treesStart = Clock::now();
    const bt::CrowdTickResult r = crowd.Tick(TimeOfTick(t), kTickSeconds, tickOne, budget);
    const double treesFrameMs = MillisecondsSince(treesStart);
    treesMs += treesFrameMs;
    worldMs += worldFrameMs;
    ticks += r.ticked;
    if ((t + 1) % every == 0 || t == 0) {
      std::printf("%6d %9.2f %9zu %9zu %9zu %9.2f  ", t, treesFrameMs, r.ticked, r.deferred, r.sleeping, worldFrameMs);
      for (int interval : kLodIntervals) std::printf(" %d:%zu", interval, crowd.CountAtInterval(interval));
      std::printf("\n");
      if (options.heatMapColumns > 0)
        for (const std::string& line : heatMap.Draw(world, running)) std::printf("  |%s\n", line.c_str());
    }
  }
  std::map<std::string, std::size_t> behaviors;  // sorted by name
  for (const bt::DeciderDef* d : running) ++behaviors[NameOf(d)];
  std::printf("running at the end (creatures per behavior decider):");
  for (const auto& [name, count] : behaviors) std::printf(" %s %zu", name.c_str(), count);
  std::printf("\n");
  const int frames = std::max(1, options.ticks);
  std::printf("average per frame: trees %.2f ms (%zu agent-ticks, %.1f ns each), world %.2f ms\n", treesMs / frames,
              ticks / static_cast<std::size_t>(frames), ticks > 0 ? treesMs * 1e6 / static_cast<double>(ticks) : 0.0,
              worldMs / frames);
  return 0;
}

}  // namespace creatures
