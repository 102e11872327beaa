// demo/creatures/text_run.h — the sandbox without interaction, as plain text,
// for CI and scripts: every behavior transition, and the selected creature's
// overlay every few ticks. The same seed prints the same text.
#pragma once

#include "options.h"
#include "sandbox.h"
#include "timeline.h"

namespace creatures {

// Runs options.ticks ticks, printing to stdout; timeline may be null. Returns the exit code.
int RunPlainText(Sandbox& sandbox, const Options& options, TimelineWriter* timeline);

}  // namespace creatures
