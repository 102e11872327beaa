// bt/debug/classic_format.cpp — a classic group's configuration as text (see the header).
#include "bt/debug/classic_format.h"

#include <cctype>
#include <cstdio>

namespace bt {
namespace {

// "done": a result's name from bt/core/kinds.def, lower case as the views write results.
struct LowerResult {
  char text[16];
  explicit LowerResult(Result result) {
    const char* name = ResultName(result);
    std::size_t n = 0;
    for (; name[n] != '\0' && n + 1 < sizeof text; ++n)
      text[n] = static_cast<char>(std::tolower(static_cast<unsigned char>(name[n])));
    text[n] = '\0';
  }
};

}  // namespace

std::size_t FormatNodeConfig(const DeciderDef& d, std::span<char> out) {
  if (out.empty()) return 0;
  out[0] = '\0';
  int n = 0;
  auto append = [&](const char* format, auto... args) {
    if (n >= 0 && static_cast<std::size_t>(n) < out.size())
      n += std::snprintf(out.data() + n, out.size() - static_cast<std::size_t>(n), format, args...);
  };
  const NodeConfig& c = d.config;
  const GroupPolicy policy = d.kind == DeciderKind::Group ? d.policy : GroupPolicy::PrioritizedList;  // configures nothing
  switch (policy) {
    case GroupPolicy::Decorator: {
      append("%s", "results:");
      const Result results[] = {Result::Done, Result::Failed, Result::Running};
      bool changed = false;
      for (const Result from : results) {
        if (c.results(from) == from) continue;
        append(" %s->%s", LowerResult(from).text, LowerResult(c.results(from)).text);
        changed = true;
      }
      if (!changed) append("%s", " as is");
      break;
    }
    case GroupPolicy::Loop:
    case GroupPolicy::LoopUntilSuccess: append("count %u%s", c.count, c.count == 0 ? " (forever)" : ""); break;
    case GroupPolicy::Cooldown: append("cooldown %.2f s", static_cast<double>(c.seconds)); break;
    case GroupPolicy::RandomGate: append("chance %g", static_cast<double>(c.chance)); break;
    case GroupPolicy::Parallel:
      append("done when %s, failed when %s", d.flags & kParallelSucceedOnAny ? "one" : "all",
             d.flags & kParallelFailOnAll ? "all" : "one");
      break;
    case GroupPolicy::SelectionStateMachine:
      append("%s", "transitions:");
      for (int k = 0; k < c.transitionCount && c.transitions != nullptr; ++k) {
        const SelectionTransition& tr = c.transitions[k];
        append("%s %u->%u if %s", k > 0 ? "," : "", tr.from, tr.to,
               tr.condition != nullptr && tr.condition->name != nullptr ? tr.condition->name : "(unnamed)");
      }
      if (c.transitionCount == 0) append("%s", " none");
      break;
    case GroupPolicy::GroupScope:
      append("scope %s, %u %s", c.scopeName != nullptr ? c.scopeName : "(unnamed)", c.allowedUsers,
             c.allowedUsers == 1 ? "user" : "users");
      break;
    default: break;
  }
  // A StateMachine's state, whatever its kind: its transitions on events, by name (by id when the tree keeps none).
  for (int k = 0; k < c.eventTransitionCount && c.eventTransitions != nullptr; ++k) {
    const Transition& tr = c.eventTransitions[k];
    const char* separator = k > 0 ? ", " : n > 0 ? "; on events " : "on events ";
    if (tr.event != nullptr) append("%s%s->%u", separator, tr.event, tr.to);
    else append("%s0x%08x->%u", separator, tr.onEvent, tr.to);
  }
  if (n < 0) {
    out[0] = '\0';
    return 0;
  }
  return static_cast<std::size_t>(n) < out.size() ? static_cast<std::size_t>(n) : out.size() - 1;
}

}  // namespace bt
