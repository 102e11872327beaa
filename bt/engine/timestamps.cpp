// bt/engine/timestamps.cpp — setting timestamps on events, and the nodes that read them
// (see the header).
#include "bt/core/timestamps.h"

#include "bt/core/decider.h"
#include "bt/engine/detail/nesting.h"
#include "bt/engine/detail/variable_access.h"
#include "bt/core/name_id.h"

namespace bt {
namespace detail {

void StampTimestamps(const DeciderDef& root, VariableBlock& variables, std::uint32_t event, double time) {
  const auto sets = [&](const VariableDecl& v) { return v.setOnEvent != nullptr && NameId(v.setOnEvent) == event; };
  for (int i = 0; i < root.variableCount; ++i)
    if (sets(root.variables[i])) VariableAccess::SetUncounted(variables, i, time);
  // MBT's Invalidate leaves "set at least once" as it was: one never set stays so.
  for (int i = 0; i < root.variableCount; ++i) {
    if (!sets(root.variables[i]) || root.variables[i].exclusiveTo == nullptr) continue;
    const int cleared = FindVariable(root, root.variables[i].exclusiveTo);
    if (variables.Get(cleared) != kTimestampNeverSet)
      VariableAccess::SetUncounted(variables, cleared, kTimestampCleared);
  }
}

}  // namespace detail

namespace {

// A node's question, read from its decider's parameters.
struct TimeQuestion {
  const char* since = nullptr;
  TimeComparison comparison = TimeComparison::MoreThan;
  double seconds = 0;
  bool passIfNeverSet = false;
  bool valid = false;  // `since` and one comparison given
};

TimeQuestion ReadQuestion(std::span<const Param> params, const char* neverSetName) {
  TimeQuestion q;
  const Param* since = FindParam(params, "since");
  const Param* more = FindParam(params, "isMoreThan");
  const Param* less = FindParam(params, "isLessThan");
  const Param* never = FindParam(params, neverSetName);
  if (since == nullptr || since->type != ParamType::Text || since->text == nullptr) return q;
  if ((more == nullptr) == (less == nullptr)) return q;
  const Param& limit = more != nullptr ? *more : *less;
  if (limit.type != ParamType::Number) return q;
  q.since = since->text;
  q.comparison = more != nullptr ? TimeComparison::MoreThan : TimeComparison::LessThan;
  q.seconds = limit.number;
  q.passIfNeverSet = never != nullptr && never->number != 0;
  q.valid = true;
  return q;
}

// The question answered for the agent of the tick under way (the innermost on
// this thread: the one calling the node), at `now`. A timestamp the root does
// not declare reads as never set, as in MBT. A damaged one (TimestampFits) fails
// that tick, naming `decider`, does not pass, and is forgotten (never set), so
// the ticks after it start afresh as after any damage.
bool Answer(const TimeQuestion& q, VariableBlock* variables, double now, const DeciderDef* decider) {
  const detail::TickState* tick = detail::InnermostTick();
  const int index = tick != nullptr ? FindVariable(*tick->root, q.since) : -1;
  const double value = index >= 0 && variables != nullptr ? variables->Get(index) : kTimestampNeverSet;
  if (!TimestampFits(value)) [[unlikely]] {
    VariableAccess::SetUncounted(*variables, index, kTimestampNeverSet);
    if (decider != nullptr) detail::FailInnermostTick(*decider);
    return false;
  }
  return TimestampPasses(value, now, q.comparison, q.seconds, q.passIfNeverSet);
}

}  // namespace

float IfTime(void*, void*, const DecideContext& context) {
  const TimeQuestion q = ReadQuestion(context.Params(), "orNeverBeenSet");
  return q.valid && Answer(q, context.variables, context.time, context.decider) ? 1.0f : 0.0f;
}

namespace detail {

bool AssertTimeActivate(void*, void*, const Context& context) {
  return ReadQuestion(context.Params(), "orNeverBeenSet").valid;
}

bool WaitUntilTimeActivate(void*, void*, const Context& context) {
  return ReadQuestion(context.Params(), "succeedIfNeverBeenSet").valid;
}

Result AssertTimeTick(void*, void*, const Context& context) {
  const TimeQuestion q = ReadQuestion(context.Params(), "orNeverBeenSet");
  return Answer(q, context.variables, context.time, context.decider) ? Result::Done : Result::Failed;
}

Result WaitUntilTimeTick(void*, void*, const Context& context) {
  const TimeQuestion q = ReadQuestion(context.Params(), "succeedIfNeverBeenSet");
  return Answer(q, context.variables, context.time, context.decider) ? Result::Done : Result::Running;
}

}  // namespace detail

}  // namespace bt
