// bt/core/timestamps.h — MBT timestamps: when an event last reached an agent, and
// the nodes that ask how long ago that was (MBT's IfTime, AssertTime and
// WaitUntilTime), as Lumberyard keeps and reads them.
//
//   <Timestamps>
//     <Timestamp name="EnemySeen" setOnEvent="OnEnemySeen" exclusiveTo="EnemyLost"/>
//     <Timestamp name="EnemyLost" setOnEvent="OnLostSightOfTarget" exclusiveTo="EnemySeen"/>
//   </Timestamps>
//
// is, among the root's variables (bt/core/variables.h),
//
//   bt::TimestampVariable("EnemySeen", "OnEnemySeen", "EnemyLost"),
//   bt::TimestampVariable("EnemyLost", "OnLostSightOfTarget", "EnemySeen"),
//
// A timestamp is a Number variable, so it lives in the agent's block and is
// saved, restored and migrated with it. It holds the time (the tick's, or the
// one given to bt::SendEvent) of the last event named setOnEvent, or:
// - kTimestampNeverSet (its initial value): no such event yet;
// - kTimestampCleared: set once, then cleared by a timestamp exclusive to it
//   (MBT's Invalidate: it still counts as set at least once; clearing one never
//   set leaves it never set).
// An event first sets every timestamp it names, then clears the exclusiveTo of
// each (MBT's order). Setting or clearing one counts no variable change
// (VariableBlock::Changes): MBT keeps timestamps apart from its variables.
#pragma once

#include <cstdint>
#include <limits>
#include <span>
#include <string_view>

#include "bt/core/behavior.h"
#include "bt/core/context.h"
#include "bt/core/memory.h"
#include "bt/core/variables.h"

namespace bt {

inline constexpr double kTimestampNeverSet = -std::numeric_limits<double>::infinity();
inline constexpr double kTimestampCleared = std::numeric_limits<double>::infinity();

// The declaration of a timestamp among the root's variables.
constexpr VariableDecl TimestampVariable(const char* name, const char* setOnEvent, const char* exclusiveTo = nullptr) {
  return {name, VariableType::Number, kTimestampNeverSet, setOnEvent, exclusiveTo};
}

// Whether the root's declarations hold their timestamps as TimestampVariable makes
// them: Numbers starting never set, each exclusiveTo naming another timestamp.
// InitializeTreeData refuses any other (TreeProblem::BadTimestamp).
constexpr bool TimestampsFit(std::span<const VariableDecl> variables) {
  for (const VariableDecl& v : variables) {
    if (v.setOnEvent == nullptr) {
      if (v.exclusiveTo != nullptr) return false;
      continue;
    }
    if (v.type != VariableType::Number || v.initial != kTimestampNeverSet) return false;
    if (v.exclusiveTo == nullptr) continue;
    bool found = false;
    for (const VariableDecl& other : variables)
      found |= other.name != nullptr && other.setOnEvent != nullptr && std::string_view(other.name) == v.exclusiveTo;
    if (!found) return false;
  }
  return true;
}

// Whether a timestamp holds what events write: never set, cleared, or a time
// SendEvent accepts (|time| <= kMaxTickTime). Not bounded by the agent's clock:
// an event may be sent at a time ahead of the agent's next tick. Anything else
// (NaN, 1e300) is damage: the node reading it fails the tick, CorruptMemory
// naming its decider.
constexpr bool TimestampFits(double value) {
  return value == kTimestampNeverSet || value == kTimestampCleared || (value >= -kMaxTickTime && value <= kMaxTickTime);
}

enum class TimeComparison : std::uint8_t { MoreThan, LessThan };

// The question IfTime, AssertTime and WaitUntilTime ask of a timestamp holding
// `value` at time `now`: more (less) than `seconds` since it was set, strictly;
// a timestamp never set passes only with passIfNeverSet, a cleared one never.
constexpr bool TimestampPasses(double value, double now, TimeComparison comparison, double seconds,
                               bool passIfNeverSet) {
  if (value == kTimestampNeverSet) return passIfNeverSet;
  if (value == kTimestampCleared) return false;
  return comparison == TimeComparison::MoreThan ? now - value > seconds : now - value < seconds;
}

// The built-in nodes, each configured by its decider's parameters (bt/core/param.h):
//   since      Text: the timestamp's name (one the root does not declare reads as never set)
//   isMoreThan or isLessThan   Number [seconds]: exactly one of them
//   orNeverBeenSet (IfTime, AssertTime) / succeedIfNeverBeenSet (WaitUntilTime)   Bool, default false
// A decider without `since` or without a comparison rejects (IfTime) or fails
// on activation (the behaviors), as MBT refuses to load it.

// MBT IfTime, a gate read on entry: the Decide of a one-child group (a Decorator
// that maps nothing), 1 when the timestamp passes, else 0.
float IfTime(void* agent, void* dblock, const DecideContext& context);

namespace detail {
// The nodes' functions (bt/engine/timestamps.cpp).
bool AssertTimeActivate(void* agent, void* memory, const Context& context);
Result AssertTimeTick(void* agent, void* memory, const Context& context);
bool WaitUntilTimeActivate(void* agent, void* memory, const Context& context);
Result WaitUntilTimeTick(void* agent, void* memory, const Context& context);
}  // namespace detail

// Constants, so trees using them are constant too (bt::MemoryFor, the compiled tick).
// MBT AssertTime: Done when the timestamp passes, else Failed, at its first tick.
constexpr BehaviorDef kAssertTime{
    .name = "AssertTime", .activate = detail::AssertTimeActivate, .tick = detail::AssertTimeTick};
// MBT WaitUntilTime: Running until the timestamp passes, then Done.
constexpr BehaviorDef kWaitUntilTime{
    .name = "WaitUntilTime", .activate = detail::WaitUntilTimeActivate, .tick = detail::WaitUntilTimeTick};

namespace detail {
// Sets the timestamps `event` names to `time`, then clears those they are exclusive to.
void StampTimestamps(const DeciderDef& root, VariableBlock& variables, std::uint32_t event, double time);
}  // namespace detail

}  // namespace bt
