// bt/engine/builtin_behaviors.cpp — the built-in leaves (see bt/engine/builtin_behaviors.h).
#include "bt/engine/builtin_behaviors.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "bt/core/debug_output.h"
#include "bt/core/decider.h"
#include "bt/engine/detail/nesting.h"
#include "bt/engine/detail/weighted_pick.h"

namespace bt {
namespace {

using builtin::DeadlineMemory;
using builtin::YieldMemory;

// ---------------------------------------------------------------- parameters
// Each leaf reads its parameters with one function, which both its Activate and
// CheckBuiltinParams call: what the check accepts is what the leaf runs with.

// Any finite number of seconds: MBT's times may be negative (a Wait's duration
// below 0 waits for ever, a variation below 0 shortens the wait, a Timeout's
// duration below 0 ends at its first tick, as the engine's timer runs them).
BuiltinParamError ReadSeconds(const char* behavior, std::span<const Param> params, const char* name, bool required,
                              float& out) {
  out = 0;
  const Param* p = FindParam(params, name);
  if (p == nullptr) return required ? BuiltinParamError{behavior, name, "is missing"} : BuiltinParamError{};
  if (p->type != ParamType::Number) return {behavior, name, "must be a Number"};
  if (!(p->number >= -FLT_MAX && p->number <= FLT_MAX)) return {behavior, name, "must be finite"};  // NaN fails
  out = static_cast<float>(p->number);
  return {};
}

struct WaitParams {
  float duration;
  float variation;
};
BuiltinParamError ReadWait(std::span<const Param> params, WaitParams& out) {
  if (BuiltinParamError e = ReadSeconds("Wait", params, "duration", true, out.duration)) return e;
  return ReadSeconds("Wait", params, "variation", false, out.variation);
}

BuiltinParamError ReadTimeout(std::span<const Param> params, float& duration) {
  return ReadSeconds("Timeout", params, "duration", true, duration);
}

struct LogParams {
  const char* message;
  bool fail;
};
BuiltinParamError ReadLog(std::span<const Param> params, LogParams& out) {
  out = {"", false};
  const Param* message = FindParam(params, "message");
  if (message == nullptr) return {"Log", "message", "is missing"};
  if (message->type != ParamType::Text) return {"Log", "message", "must be Text"};
  if (message->text != nullptr) out.message = message->text;
  if (const Param* fail = FindParam(params, "fail")) {
    if (fail->type != ParamType::Bool) return {"Log", "fail", "must be a Bool"};
    out.fail = fail->number != 0;
  }
  return {};
}

BuiltinParamError CheckWait(std::span<const Param> params) {
  WaitParams read;
  return ReadWait(params, read);
}
BuiltinParamError CheckTimeout(std::span<const Param> params) {
  float duration;
  return ReadTimeout(params, duration);
}
BuiltinParamError CheckLog(std::span<const Param> params) {
  LogParams read;
  return ReadLog(params, read);
}

// The tree whose tick calls the behavior (the innermost on this thread), or null.
[[maybe_unused]] const DeciderDef* TickedTree() {
  const detail::TickState* tick = detail::InnermostTick();
  return tick != nullptr ? tick->root : nullptr;
}

// A debug line of a leaf at level 1, at depth 0 (a behavior is not told its depth).
#if BT_DEBUG_OUTPUT
#define BT_BUILTIN_DEBUG_LINE(agent, context, ...)                                                  \
  do {                                                                                              \
    if (detail::DebugWanted(1, agent)) detail::DebugEmit(1, agent, TickedTree(), (context).time, 0, __VA_ARGS__); \
  } while (0)
#else
#define BT_BUILTIN_DEBUG_LINE(agent, context, ...) \
  do {                                             \
    (void)(agent);                                 \
    (void)(context);                               \
  } while (0)
#endif

[[maybe_unused]] const char* DeciderName(const Context& context) {
  return context.decider != nullptr ? context.decider->name : nullptr;
}
// With DeciderName, the NAME/id pair the debug lines print (bt/core/debug_output.h).
[[maybe_unused]] std::uint32_t DeciderId(const Context& context) {
  return context.decider != nullptr ? context.decider->data->id : 0;
}

}  // namespace

// ---------------------------------------------------------------- the leaves
namespace detail {

Result BuiltinTickDone(void*, void*, const Context&) { return Result::Done; }
Result BuiltinTickFailed(void*, void*, const Context&) { return Result::Failed; }

Result BuiltinTickYield(void*, void* memory, const Context&) {
  std::uint8_t& yielded = static_cast<YieldMemory*>(memory)->yielded;
  if (yielded != 0) return Result::Done;
  yielded = 1;
  return Result::Running;
}

// Wait and Timeout: whether the end kept in the memory is reached (MBT's Timer::Elapsed: now >= end).
// Until then their Ticks do nothing: the agent may sleep until it could be (bt/engine/sleep.h).
// An end below 0 is never reached (kNever). An end their Activate could not have
// written from the parameters, in [shortest, longest], is damage: the tick fails
// (CorruptMemory naming the decider).
static bool DeadlineReached(const void* memory, const Context& context, float shortest, float longest) {
  const float end = static_cast<const DeadlineMemory*>(memory)->seconds;
  if (!(end >= shortest && end <= longest)) [[unlikely]] {
    if (context.decider != nullptr) FailInnermostTick(*context.decider);
    return true;
  }
  if (end < 0) {
    context.SleepUntilWoken();
    return false;
  }
  if (context.activeTime >= end) return true;
  context.SleepUntilActiveTime(end);
  return false;
}

bool BuiltinActivateWait(void*, void* memory, const Context& context) {
  WaitParams params;
  if (ReadWait(context.Params(), params)) return false;
  float& end = static_cast<DeadlineMemory*>(memory)->seconds;
  // MBT starts the timer only for a duration >= 0: below, the Wait never ends.
  if (params.duration < 0) {
    end = DeadlineMemory::kNever;
    return true;
  }
  const double variation = params.variation != 0 ? params.variation * detail::WeightedPick::Unit(context.Random()) : 0;
  end = static_cast<float>(std::max(0.0, params.duration + variation));
  return true;
}
Result BuiltinTickWait(void*, void* memory, const Context& context) {
  WaitParams params;
  if (ReadWait(context.Params(), params)) return Result::Failed;  // checked on activation: never taken
  if (params.duration < 0)
    return DeadlineReached(memory, context, DeadlineMemory::kNever, DeadlineMemory::kNever) ? Result::Done
                                                                                             : Result::Running;
  // The ends Activate can draw, in float as it keeps them.
  const double duration = params.duration;
  const float shortest = static_cast<float>(std::max(0.0, duration + std::min(params.variation, 0.0f)));
  const float longest = static_cast<float>(std::max(0.0, duration + std::max(params.variation, 0.0f)));
  return DeadlineReached(memory, context, shortest, longest) ? Result::Done : Result::Running;
}

bool BuiltinActivateTimeout(void*, void* memory, const Context& context) {
  float& end = static_cast<DeadlineMemory*>(memory)->seconds;
  if (ReadTimeout(context.Params(), end)) return false;
  end = std::max(0.0f, end);  // a timer set in the past has elapsed at the first tick
  return true;
}
Result BuiltinTickTimeout(void*, void* memory, const Context& context) {
  float duration;
  if (ReadTimeout(context.Params(), duration)) return Result::Failed;  // checked on activation: never taken
  duration = std::max(0.0f, duration);
  return DeadlineReached(memory, context, duration, duration) ? Result::Failed : Result::Running;
}

bool BuiltinActivateLog(void*, void*, const Context& context) { return !CheckLog(context.Params()); }
// MBT's Log writes in its Update, at its first tick.
Result BuiltinTickLog(void* agent, void*, const Context& context) {
  LogParams params;
  if (ReadLog(context.Params(), params)) return Result::Failed;  // checked on activation: never taken
  BT_BUILTIN_DEBUG_LINE(agent, context, "%s (%s/0x%x)", params.message, DeciderName(context),
                        DeciderId(context));
  return params.fail ? Result::Failed : Result::Done;
}

Result BuiltinTickBreakpoint(void* agent, void*, const Context& context) {
  BT_BUILTIN_DEBUG_LINE(agent, context, "breakpoint (%s/0x%x)", DeciderName(context), DeciderId(context));
  if (context.decider != nullptr) BreakpointReached(agent, *context.decider);
  return Result::Done;
}

}  // namespace detail

namespace builtin {
namespace {
constexpr const BehaviorDef* kAll[] = {&kSucceed, &kFail, &kHalt, &kYield, &kWait, &kTimeout, &kLog, &kBreakpoint};
}  // namespace

std::span<const BehaviorDef* const> All() { return kAll; }

}  // namespace builtin

BuiltinParamError CheckBuiltinParams(const BehaviorDef& behavior, std::span<const Param> params) {
  // By its functions, not its address: a tree from data holds a copy of the definition.
  struct Checked {
    const BehaviorDef& leaf;
    BuiltinParamError (*check)(std::span<const Param>);
  };
  static constexpr Checked kChecked[] = {
      {builtin::kWait, &CheckWait}, {builtin::kTimeout, &CheckTimeout}, {builtin::kLog, &CheckLog}};
  for (const Checked& c : kChecked)
    if (behavior.activate == c.leaf.activate && behavior.tick == c.leaf.tick) return c.check(params);
  return {};
}

[[gnu::noinline]] void BreakpointReached(const void* agent, const DeciderDef& decider) {
  // Kept as a call the optimizer cannot drop, so a debugger's breakpoint on it is always hit.
  asm volatile("" : : "r"(agent), "r"(&decider) : "memory");
}

}  // namespace bt
