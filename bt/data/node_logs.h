// bt/data/node_logs.h — MBT's logging attributes (_startLog, _successLog,
// _failureLog) on any node of a TreeSpec.
//
// bt/engine/builtin_behaviors.h describes the wrapper: Log leaves around the node, in a
// Sequence (start, node, success) inside a Fallback (then failure), which takes
// the node's place in every group that lists it, and as the root. The node keeps
// its name, Decide and flags; its results do not change. The Log leaves call the
// action "Log": register it with bt::data::RegisterBuiltinBehaviors.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bt/data/tree_spec.h"

namespace bt::data {

// The messages; an empty one is not logged.
struct NodeLogs {
  std::string start = {};    // _startLog
  std::string success = {};  // _successLog
  std::string failure = {};  // _failureLog
};

// Wraps node `name` of `spec` in the Log leaves of `logs` (nothing when all are
// empty). The wrapper's nodes are named after the node: "<name>._logs" (the
// Fallback), "<name>._logged" (the Sequence), "<name>._startLog",
// "<name>._successLog", "<name>._failureLog" (the Logs); they are written where
// the node was. Returns false, changing nothing, when the spec has no node
// `name` or already has a node of one of those names.
bool AttachNodeLogs(TreeSpec& spec, std::string_view name, const NodeLogs& logs);

// The same for many nodes at once, each named as the spec is given (not a
// wrapper another entry adds), in time linear in the spec: a loader that logs
// every node of a large file calls this once. False, changing nothing, when any
// entry's node is missing or a wrapper's name is taken (by a node or another entry).
bool AttachNodeLogs(TreeSpec& spec, const std::vector<std::pair<std::string, NodeLogs>>& logged);

}  // namespace bt::data
