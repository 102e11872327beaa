// demo/creatures/view.h — the live sandbox in a terminal, through ncurses: the
// world, and over it the DebugPrintState overlay of the selected creature.
#pragma once

#include "options.h"
#include "sandbox.h"
#include "timeline.h"

namespace creatures {

// Runs until the user quits; timeline may be null. Returns the exit code.
int RunInteractive(Sandbox& sandbox, const Options& options, TimelineWriter* timeline);

}  // namespace creatures
