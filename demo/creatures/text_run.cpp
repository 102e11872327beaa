// demo/creatures/text_run.cpp — the plain-text run.
#include "text_run.h"

#include <cstdio>
#include <map>
#include <string>

#include "map.h"
#include "bt/engine/why.h"
#include "overlay.h"
#include "tree.h"

namespace creatures {
namespace {

void PrintOverlay(std::FILE* out, const Sandbox& sandbox, const Options& options) {
  std::fprintf(out, "\n--- tick %d ---\n", sandbox.tick - 1);
  for (const std::string& row : DrawMap(sandbox.world, options.selected)) std::fprintf(out, "  %s\n", row.c_str());
  char overlay[4096];
  FormatOverlay(sandbox, options.selected, options.wholeTree, overlay);
  std::fprintf(out, "%s", overlay);
  std::fprintf(out, "---\n\n");
}

}  // namespace

int RunPlainText(Sandbox& sandbox, const Options& options, TimelineWriter* timeline, TreeFile* treeFile) {
  const World& world = sandbox.world;
  // When the timeline CSV takes stdout (to pipe into bt_timeline), the report moves to stderr.
  std::FILE* out = options.timelineToStdout ? stderr : stdout;
  std::fprintf(out,
               "creatures: seed %u, %zu creatures, %zu threats, %d ticks, world %dx%d, nest at (%d,%d), %zu bytes of "
               "tree state per creature\n",
               options.world.seed, world.creatures.size(), world.threats.size(), options.ticks, world.width,
               world.height, world.nest.x, world.nest.y, MindBytesNeeded(sandbox));
  if (treeFile) std::fprintf(out, "tree %s\n", treeFile->Status().c_str());
  std::fprintf(out, "transitions: tick creature from -> to (behavior deciders)\n");
  std::map<std::string, int> activations;  // sorted, so the summary reads the same every run
  std::vector<Transition> transitions;
  for (int t = 0; t < options.ticks; ++t) {
    if (treeFile) {
      for (const Options::Rewrite& rewrite : options.rewrites) {
        std::string error;
        if (rewrite.tick == t && !treeFile->Rewrite(rewrite.from, error)) {
          std::fprintf(stderr, "creatures: %s\n", error.c_str());
          return 1;
        }
      }
      if (treeFile->Poll(t)) std::fprintf(out, "tick %d: %s\n", t, treeFile->Status().c_str());
    }
    transitions.clear();
    StepSandbox(sandbox, transitions);
    if (timeline) timeline->Record(sandbox);
    for (const Transition& tr : transitions) {
      std::fprintf(out, "%5d %c %s -> %s\n", tr.tick, world.creatures[static_cast<std::size_t>(tr.creature)].name,
                   NameOf(tr.from).c_str(), NameOf(tr.to).c_str());
      if (tr.to) ++activations[NameOf(tr.to)];
    }
    if (options.overlayEvery > 0 && (t + 1) % options.overlayEvery == 0) PrintOverlay(out, sandbox, options);
  }
  std::fprintf(out, "activations:");
  for (const auto& [name, count] : activations) std::fprintf(out, " %s %d", name.c_str(), count);
  std::fprintf(out, "\n");
  if (options.whyCreature >= 0) {
    const std::size_t c = static_cast<std::size_t>(options.whyCreature);
    char why[16384];
    bt::FormatWhy(sandbox.why[c], why);
    std::fprintf(out, "why creature %c did what it did at tick %d:\n%s", world.creatures[c].name, sandbox.tick - 1, why);
  }
  return 0;
}

}  // namespace creatures
