// bt/data/node_logs.cpp — AttachNodeLogs (see bt/data/node_logs.h).
#include "bt/data/node_logs.h"

#include <algorithm>
#include <vector>

#include "bt/builtin_behaviors.h"

namespace bt::data {
namespace {

bool HasNode(const TreeSpec& spec, std::string_view name) {
  return std::any_of(spec.nodes.begin(), spec.nodes.end(), [&](const NodeSpec& n) { return n.name == name; });
}

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
  const auto node =
      std::find_if(spec.nodes.begin(), spec.nodes.end(), [&](const NodeSpec& n) { return n.name == name; });
  if (node == spec.nodes.end()) return false;
  const bool start = !logs.start.empty(), success = !logs.success.empty(), failure = !logs.failure.empty();
  if (!start && !success && !failure) return true;
  const std::string base(name);
  const std::string fallbackName = base + "._logs", sequenceName = base + "._logged";
  const std::string startName = base + "._startLog", successName = base + "._successLog",
                    failureName = base + "._failureLog";
  for (const std::string* taken : {&fallbackName, &sequenceName, &startName, &successName, &failureName})
    if (HasNode(spec, *taken)) return false;
  const SourceLocation where = node->where;
  const bool wasFirst = node == spec.nodes.begin();

  // The wrapper's nodes; the outermost takes the node's place.
  std::vector<NodeSpec> added;
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

  // Every group that lists the node now lists the wrapper, and so does the root.
  for (NodeSpec& n : spec.nodes)
    for (ChildSpec& child : n.children)
      if (child.name == base) child.name = outer;
  if (spec.root == base || (spec.root.empty() && wasFirst)) spec.root = outer;
  for (NodeSpec& n : added) spec.nodes.push_back(std::move(n));
  return true;
}

}  // namespace bt::data
