// demo/creatures/text_run.h — the sandbox without interaction, as plain text,
// for CI and scripts: every behavior transition, and the selected creature's
// overlay every few ticks. The same seed prints the same text.
#pragma once

#include "options.h"
#include "sandbox.h"
#include "timeline.h"
#include "tree_file.h"

namespace creatures {

// Runs options.ticks ticks, printing to stdout; timeline may be null. With a
// tree file (null: none), each tick first applies the --rewrite due, then polls
// the file and prints what a reload did. Returns the exit code.
int RunPlainText(Sandbox& sandbox, const Options& options, TimelineWriter* timeline, TreeFile* treeFile);

}  // namespace creatures
