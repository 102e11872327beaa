// demo/creatures/options.h — what the command line asks of the sandbox.
#pragma once

#include <cstdint>
#include <vector>

#include "world.h"

namespace creatures {

struct Options {
  WorldConfig world;
  int ticks = 300;                     // plain-text runs: how many ticks
  bool ticksGiven = false;             // --ticks forces the plain-text run even on a terminal
  int overlayEvery = 50;               // plain-text runs: the overlay every this many ticks; 0: never
  int selected = 0;                    // the creature whose overlay is shown
  int whyCreature = -1;                // plain-text runs: print this creature's why-record after the last tick
  bool wholeTree = false;              // the overlay shows every decider, not only the active path
  int delayMs = 150;                   // interactive runs: [milliseconds] between ticks
  const char* dotPath = nullptr;       // at the end, the tree and the selected creature's path as DOT (or .svg)
  const char* timelinePath = nullptr;  // write the behavior timeline CSV here
  bool timelineToStdout = false;       // --timeline - (or /dev/stdout): the CSV is the output
  int crowd = 0;                       // --crowd N: N creatures ticked as a bt::Crowd (crowd_run.h); 0: off
  int crowdBudget = 0;                 // --budget B: at most B tree ticks a frame in crowd mode; 0: no limit
  int heatMapColumns = 0;              // --heatmap W: crowd mode prints a heat map W cells wide; 0: none
  const char* treePath = nullptr;      // --tree FILE: the creatures run the tree of this file (tree_file.h)
  // --rewrite TICK:FILE (tests): at tick TICK the tree file gets FILE's text, as if saved by an editor.
  struct Rewrite {
    int tick = 0;
    const char* from = nullptr;
  };
  std::vector<Rewrite> rewrites;
};

// Parses argv; on a bad or --help argument prints usage and returns false with *exitCode set.
bool ParseOptions(int argc, char** argv, Options& options, int* exitCode);

}  // namespace creatures
