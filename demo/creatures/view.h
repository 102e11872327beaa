// demo/creatures/view.h — the live sandbox in a terminal, through ncurses: the
// world, and over it the DebugPrintState overlay of the selected creature.
#pragma once

#include "options.h"
#include "sandbox.h"
#include "timeline.h"
#include "tree_file.h"

namespace creatures {

// Runs until the user quits; timeline and treeFile may be null. A tree file is
// polled every frame; the status line says what its last load did.
int RunInteractive(Sandbox& sandbox, const Options& options, TimelineWriter* timeline, TreeFile* treeFile);

}  // namespace creatures
