// bt/debug/dot.h — a tree as a Graphviz picture, with one agent's active path.
//
// Writes the DAG below a root in the DOT language: one node per distinct
// decider (a shared decider appears once, with an edge from each parent), its
// edges labelled with the child index. Given an agent's memory block, the active
// deciders are filled and the edges to them from their active parents drawn bold. `dot -Tsvg`
// turns the text into a picture; WriteTreeSvg runs it. Depends on the core; the
// core never depends on it. Writing into a buffer allocates nothing.
//
// A decider's label is its name, with its constant parameters as
// DebugPrintState shows them (`SHOOT(range=10, "head")`, bt::FormatParams), then
// its policy or behavior. A classic group (bt/core/classic.h) adds its configuration
// as a third line (bt/debug/classic_format.h: "count 3", "cooldown 2.00 s"...) and is
// drawn apart from Spore's rounded boxes: a square box, or a hexagon for the
// one-child kinds (Decorator, Loop, LoopUntilSuccess, Cooldown, RandomGate);
// every child active under a Parallel, Concurrent or Selector is highlighted,
// with its edge. A decider without a name (a loader may leave names out) is labelled
// "(unnamed)", its node named "(unnamed) <address>", so that two of them stay
// two nodes. Bad input draws what is wrong instead of crashing:
// - a tree InitializeTreeData rejects: a graph of no node, labelled with its
//   TreeError message:
//     digraph "ROOT" {
//       label="tree rejected: bt: decider GUARD: a group decider with no children: ...";
//     }
// - a block smaller than MemoryBytesFor(root) or not aligned to kMaxAlignment
//   (which the tick refuses as MemoryTooSmall, MemoryMisaligned) is not read: the tree is drawn
//   with nothing highlighted, and the graph labelled
//   "memory block too small or misaligned";
// - a damaged block whose group names a child it lacks: the highlighted path
//   ends at that group.
#pragma once

#include <cstddef>
#include <cstdio>
#include <span>

#include "bt/core/decider.h"

namespace bt {

struct DotOptions {
  bool leftToRight = true;  // rankdir=LR: deep trees read better sideways
};

// Writes the DOT text into `buffer`, always NUL-terminated. Returns the length
// of the whole text: when it is >= buffer.size(), the text was cut (not valid
// DOT) and a buffer of the returned length + 1 holds it. `memory` may be empty:
// then nothing is highlighted, as when the block is not started by this tree.
std::size_t WriteTreeDot(const DeciderDef& root, std::span<const std::byte> memory, std::span<char> buffer,
                         const DotOptions& options = {});

// The same text to a stream. Returns false if writing failed.
bool WriteTreeDot(const DeciderDef& root, std::span<const std::byte> memory, std::FILE* file,
                  const DotOptions& options = {});

// Runs `dot -Tsvg -o svgPath` on the text (graphviz must be installed).
// Returns false if dot could not be run or failed.
bool WriteTreeSvg(const DeciderDef& root, std::span<const std::byte> memory, const char* svgPath,
                  const DotOptions& options = {});

}  // namespace bt
