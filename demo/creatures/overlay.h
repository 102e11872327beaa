// demo/creatures/overlay.h — a creature's mind as text: a one-line summary of
// its needs and senses, then bt::DebugPrintState of its memory block. Both the
// terminal view and the plain-text output show this.
#pragma once

#include <span>

#include "sandbox.h"

namespace creatures {

// Fills `buffer` (NUL-terminated) and returns the length written.
std::size_t FormatOverlay(const Sandbox& sandbox, int creature, bool wholeTree, std::span<char> buffer);

}  // namespace creatures
