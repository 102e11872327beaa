// demo/creatures/sandbox.h — one tick of the sandbox: the world steps, then
// every creature's tree decides and its behavior acts.
//
// The sandbox also notes which behavior decider each creature ran after each
// tick, so callers see transitions ("tick 42, c: REST -> FLEE") without
// hooking into the tick.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "bt/data/reloadable_tree.h"
#include "bt/core/tree.h"
#include "bt/engine/why.h"
#include "world.h"

namespace creatures {

inline constexpr float kTickSeconds = 1.0f / 30.0f;
inline double TimeOfTick(int tick) { return tick * double{kTickSeconds}; }

struct Transition {
  int tick = 0;
  int creature = 0;                      // index into World::creatures
  const bt::DeciderDef* from = nullptr;  // behavior decider before the tick; null: none
  const bt::DeciderDef* to = nullptr;    // and after it
};

struct Sandbox {
  World world;
  std::vector<const bt::DeciderDef*> running;  // per creature: its behavior decider after the last tick
  std::vector<bt::WhyRecord> why;              // per creature: why its last tick did what it did
  int tick = 0;                                // the next tick to run
  // --tree: the tree from a file the creatures run instead of ROOT (tree_file.h),
  // and each creature's block for it (Creature::mind is then unused).
  bt::data::ReloadableTree* loaded = nullptr;
  std::vector<bt::data::ReloadableBlock> blocks;
};

// `loaded`: a tree from a file for every creature; null: the macro tree ROOT.
void ResetSandbox(Sandbox& sandbox, const WorldConfig& config, bt::data::ReloadableTree* loaded = nullptr);

// The tree a creature runs and its state in it: what the overlays and pictures read.
const bt::DeciderDef& MindRoot(const Sandbox& sandbox, int creature);
std::span<const std::byte> MindBytes(const Sandbox& sandbox, int creature);
// [bytes] of tree state a creature needs in the tree it runs.
std::size_t MindBytesNeeded(const Sandbox& sandbox);

// Runs one tick; appends the creatures whose behavior changed to `transitions`.
void StepSandbox(Sandbox& sandbox, std::vector<Transition>& transitions);

// The decider's name, or "-" for none; a tree from a file names its actions by
// what they run and where ("action flee@5:9").
std::string NameOf(const bt::DeciderDef* decider);

}  // namespace creatures
