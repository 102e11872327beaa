// bt/data/node_logs.cpp — AttachNodeLogs (see bt/data/node_logs.h).
#include "bt/data/node_logs.h"

#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "bt/engine/builtin_behaviors.h"

namespace bt::data {
namespace {

// A Log leaf (bt::builtin::kLog) writing `message`, failing when `fail`.
NodeSpec LogLeaf(std::string name, const std::string& message, bool fail, SourceLocation where) {
  NodeSpec leaf;
  leaf.name = std::move(name);
  leaf.where = where;
  leaf.action = {builtin::kLog.name, {}, where};
  leaf.params.push_back(ArgSpec::Text(message, where).Named("message"));
  if (fail) leaf.params.push_back(ArgSpec::Bool(true, where).Named("fail"));
  return leaf;
}

NodeSpec Group(std::string name, GroupPolicy policy, std::vector<ChildSpec> children, SourceLocation where) {
  NodeSpec group;
  group.name = std::move(name);
  group.where = where;
  group.kind = DeciderKind::Group;
  group.policy = policy;
  group.children = std::move(children);
  return group;
}

}  // namespace

bool AttachNodeLogs(TreeSpec& spec, std::string_view name, const NodeLogs& logs) {
  return AttachNodeLogs(spec, {{std::string(name), logs}});
}

bool AttachNodeLogs(TreeSpec& spec, const std::vector<std::pair<std::string, NodeLogs>>& logged) {
  std::unordered_map<std::string_view, std::size_t> indexOf;
  for (std::size_t i = 0; i < spec.nodes.size(); ++i) indexOf.emplace(spec.nodes[i].name, i);
  std::unordered_set<std::string> wrappers;
  std::unordered_map<std::string, std::string> outerOf;  // each wrapped node's name: its outermost wrapper's
  std::vector<NodeSpec> added;
  std::string newRoot;
  for (const auto& [base, logs] : logged) {
    const auto node = indexOf.find(base);
    if (node == indexOf.end()) return false;
    const bool start = !logs.start.empty(), success = !logs.success.empty(), failure = !logs.failure.empty();
    if (!start && !success && !failure) continue;
    const std::string fallbackName = base + "._logs", sequenceName = base + "._logged";
    const std::string startName = base + "._startLog", successName = base + "._successLog",
                      failureName = base + "._failureLog";
    for (const std::string* taken : {&fallbackName, &sequenceName, &startName, &successName, &failureName})
      if (indexOf.count(*taken) != 0 || !wrappers.insert(*taken).second) return false;
    const SourceLocation where = spec.nodes[node->second].where;

    // The wrapper's nodes; the outermost takes the node's place.
    std::string outer = base;
    if (start || success) {
      std::vector<ChildSpec> steps;
      if (start) steps.push_back({startName, where});
      steps.push_back({base, where});
      if (success) steps.push_back({successName, where});
      added.push_back(Group(sequenceName, GroupPolicy::Sequence, std::move(steps), where));
      outer = sequenceName;
    }
    if (failure) {
      added.push_back(Group(fallbackName, GroupPolicy::Fallback, {{outer, where}, {failureName, where}}, where));
      outer = fallbackName;
    }
    if (start) added.push_back(LogLeaf(startName, logs.start, false, where));
    if (success) added.push_back(LogLeaf(successName, logs.success, false, where));
    if (failure) added.push_back(LogLeaf(failureName, logs.failure, true, where));
    if (spec.root == base || (spec.root.empty() && node->second == 0)) newRoot = outer;
    outerOf.emplace(base, std::move(outer));
  }

  // Every group that lists a wrapped node now lists its wrapper, and so does the root.
  for (NodeSpec& n : spec.nodes)
    for (ChildSpec& child : n.children)
      if (const auto outer = outerOf.find(child.name); outer != outerOf.end()) child.name = outer->second;
  if (!newRoot.empty()) spec.root = newRoot;
  for (NodeSpec& n : added) spec.nodes.push_back(std::move(n));
  return true;
}

}  // namespace bt::data
