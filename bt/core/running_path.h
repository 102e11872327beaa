// bt/core/running_path.h — Unvanquished's running path, kept in the agent's block.
//
// Unvanquished keeps no state in its sequences: one list per bot holds the
// last leaf that returned RUNNING and its ancestors that returned RUNNING after
// it, which its evaluation of a node reads and writes. A leaf returning RUNNING
// replaces the list; a node on the list returning SUCCESS empties it; FAILURE
// leaves it as it is; `sequence` and `fallback` start at their highest-index
// child on it (child 0 otherwise). So a sequence whose running child failed
// starts at that child again the next time, and the list outlives the groups.
//
// A tree any of whose deciders has kResumeOnRunningPath keeps one RunningPath
// in its block (TreeData::runningPathOffset) and runs that rule: what every
// child of a classic group, and the root, returns is noted on it; the groups
// with the flag start where it says. Deciders are named on it by their stable
// ids (bt/engine/why.h), which InitializeTreeData checks are distinct in such a tree.
#pragma once

#include <cstdint>

#include "bt/core/kinds.h"

namespace bt {

struct DeciderDef;

// Unvanquished's MAX_NODE_DEPTH: a node that would be the 21st is not noted.
inline constexpr std::uint32_t kMaxRunningPath = 20;

struct RunningPath {
  // Entries in use; a larger count (a damaged block) reads as kMaxRunningPath.
  std::uint32_t count = 0;
  std::uint32_t ids[kMaxRunningPath] = {};  // DeciderData::id, the leaf first
};

namespace detail {

bool IsOnRunningPath(const RunningPath& path, std::uint32_t id);
// What `d` returned, noted as BotEvaluateNode does.
void NoteOnRunningPath(RunningPath& path, const DeciderDef& d, Result result);
// Where group g starts: its highest-index child after the first on the path, else 0.
int RunningPathStart(const RunningPath& path, const DeciderDef& g);

}  // namespace detail
}  // namespace bt
