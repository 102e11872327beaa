// demo/creatures/crowd_run.h — the sandbox as a crowd (--crowd N): many
// creatures over a large world, ticked through bt::Crowd with a level of detail
// by distance to the nest (where the camera is) and an optional frame budget.
// Prints the cost of each frame's trees, the LOD histogram and what the crowd runs.
#pragma once

#include "options.h"

namespace creatures {

// Runs options.ticks frames of options.crowd creatures; returns the exit code.
int RunCrowd(const Options& options);

}  // namespace creatures
