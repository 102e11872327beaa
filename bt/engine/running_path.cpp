// bt/engine/running_path.cpp — the running path's rules (see the header).
#include "bt/core/running_path.h"

#include <algorithm>

#include "bt/core/decider.h"

namespace bt::detail {

namespace {
std::uint32_t CountOf(const RunningPath& path) { return std::min(path.count, kMaxRunningPath); }
}  // namespace

bool IsOnRunningPath(const RunningPath& path, std::uint32_t id) {
  const std::uint32_t count = CountOf(path);
  for (std::uint32_t i = 0; i < count; ++i)
    if (path.ids[i] == id) return true;
  return false;
}

void NoteOnRunningPath(RunningPath& path, const DeciderDef& d, Result result) {
  const std::uint32_t id = d.data->id;
  if (result == Result::Done) {
    if (IsOnRunningPath(path, id)) path.count = 0;
    return;
  }
  if (result != Result::Running) return;
  if (d.kind == DeciderKind::Behavior) path.count = 0;  // a running leaf starts the path afresh
  if (IsOnRunningPath(path, id)) return;
  const std::uint32_t count = CountOf(path);
  if (count == kMaxRunningPath) return;  // too deep: not noted, as Unvanquished
  path.ids[count] = id;
  path.count = count + 1;
}

int RunningPathStart(const RunningPath& path, const DeciderDef& g) {
  for (int i = g.childCount - 1; i > 0; --i)
    if (IsOnRunningPath(path, g.children[i]->data->id)) return i;
  return 0;
}

}  // namespace bt::detail
