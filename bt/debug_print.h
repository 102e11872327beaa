// bt/debug_print.h — DebugPrintState: an agent's mind as text (Spore S11).
//
// Fills a caller-owned buffer with an indented view of the active path (or the
// whole tree), one decider per line, for tooltip-style overlays over the game
// view. Reads the memory block only; allocates nothing. Depends on the core;
// the core never depends on it.
#pragma once

#include <cstddef>
#include <span>

#include "bt/decider.h"

namespace bt {

struct DebugPrintOptions {
  bool wholeTree = false;  // every decider, not only the active path
};

// Writes the view into `buffer`, always NUL-terminated, and returns the number of
// characters written (without the NUL). When the buffer is too short the text
// ends with a visible truncation marker on its own line.
std::size_t DebugPrintState(const DeciderDef& root, std::span<const std::byte> memory, double time,
                            std::span<char> buffer, const DebugPrintOptions& options = {});

}  // namespace bt
