// bt/engine/builtin_behaviors.h — the leaves the classic systems build in, as behaviors.
//
// Each is a BehaviorDef a decider runs like any other (BT_DEFINE_DECIDER(W,
// bt::builtin::kWait, BT_PARAMS(bt::NumberParam("duration", 2)))); its functions
// take any agent (agentType kNoType) and read their decider's constant parameters
// (bt/core/param.h), BY NAME, named as MBT's attributes. A tree from data reaches them
// by the same names through bt::data::RegisterBuiltinBehaviors (bt/data/registry.h).
//
// clang-format off
//   behavior   parameters                    result
//   Succeed    -                             Done at its first tick
//   Fail       -                             Failed at its first tick (MBT Fail)
//   Halt       -                             Running for ever (MBT Halt)
//   Yield      -                             Running at its first tick, Done at its second (Drag[en]gine yield)
//   Wait       duration, variation = 0       Running until `duration + v` seconds after activation, then Done;
//                                            v is drawn once on activation, uniform between 0 and variation;
//                                            a duration < 0: Running for ever (MBT Wait)
//   Timeout    duration                      Running until `duration` seconds after activation, then Failed;
//                                            a duration < 0 as 0 (MBT Timeout)
//   Log        message, fail = false         Done (Failed when `fail`), after writing `message` to the debug output
//   Breakpoint -                             Done, after writing a debug line and calling bt::BreakpointReached
//
// clang-format on
// Times: "seconds after activation" is Context::activeTime, the block's time
// since the decider was activated (0 at the tick that activates it, whose first
// Tick follows at once, as MBT's OnInitialize then Update). The end is reached
// when activeTime >= the end, as MBT's Timer::Elapsed (`now >= endTime`): Wait
// with duration 2 activated at t = 10 is Running at 11.9 and Done at 12.
// In a crowd, Wait and Timeout let their agent sleep until about their end,
// and Halt (no Tick) and a Wait for ever until it is woken (bt/engine/sleep.h).
// Wait's v: MBT's Timer::Reset adds cry_random(0, variation) to the end; here v
// = variation * u, u the top 24 bits of one Context::Random() draw from the
// agent's block generator (so it is saved and migrated with the block) scaled
// to [0, 1). A variation of 0 draws nothing; one below 0 shortens the wait (an
// end before the activation is reached at the first tick, as MBT's timer set in
// the past). MBT starts a Wait's timer only for a duration >= 0, so one below 0
// never ends: shipped trees write duration="-1" for "until something else ends it".
//
// Parameters: duration and variation are finite Numbers; message is
// Text; fail is a Bool. A parameter of the wrong type, a missing required one
// (duration; message), or a bad value is an error CheckBuiltinParams reports, so a
// builder can refuse the tree; a tree that runs anyway gets a defined result:
// the leaf fails at once (its Activate returns false; the engine still calls its
// Deactivate) and does nothing else.
//
// Debug output (bt/core/debug_output.h): Log writes its message at level 1 (beside
// the activations: a designer's message is wanted at the least verbose level)
// as "<message> (<decider>)", as MBT writes "<message> (<xml line>)"; Breakpoint
// writes "breakpoint (<decider>)" at level 1. Their depth is 0 (a behavior is not
// told its depth), so the lines stand out of the indented tree. BT_DEBUG_OUTPUT=0
// compiles the lines out; the results stay.
//
// ---------------------------------------------------------------- other systems' leaves
// Drag[en]gine rules: `success` is Succeed, `failure` is Fail, `yield` is Yield,
// and `running` is Halt; a rule's conditions are its decider's Decide, which a
// classic parent reads as a gate on entry (rejecting fails the rule). `running`
// returns Running while its conditions hold: give its decider kRecheckEveryTick,
// so a condition that turns false fails it. (`success` is Done at once, so its
// gate on entry is the whole check.)
//
// MBT's AssertCondition and MonitorCondition are compositions of these pieces,
// with the condition as a Decide (bt/data: an expression condition):
// - AssertCondition condition: Succeed with Decide = condition, under a classic
//   parent: Done when the condition holds, Failed (rejected, never activated) when not.
// - MonitorCondition condition (Running until the condition holds, then Done):
//   a Decorator with config.results = kInvertResult, over Halt with Decide =
//   !condition and kRecheckEveryTick. The condition already true on entry: Halt
//   rejects, its failure is inverted, Done that tick without activating anything.
//   Else Halt runs; at the first tick at which the condition holds its recheck
//   fails it (deactivated), and the Decorator is Done.
// tests/engine/builtin_behaviors_test.cpp traces both tick by tick.
//
// ---------------------------------------------------------------- MBT's logging attributes
// Every MBT node accepts _startLog, _successLog and _failureLog: MBT logs the
// first before the node's OnInitialize, and the others after its OnTerminate,
// when it ends Success or Failure (nothing when a parent aborts it). bt writes
// them with Log leaves around the node X, whatever X is (leaf or group), without
// changing its result:
//
//   X._logs      Fallback  [X._logged, X._failureLog]        (only with _failureLog)
//   X._logged    Sequence  [X._startLog, X, X._successLog]   (with _startLog or _successLog)
//   X._startLog  Log message=<_startLog>
//   X._successLog  Log message=<_successLog>
//   X._failureLog  Log message=<_failureLog> fail=true
//
// (absent attributes drop their Log; a Sequence or Fallback left with X alone is
// dropped too). X keeps its name, Decide and flags; the wrapper takes X's place in
// its parent. Results: X Done -> the success Log (Done) -> Done; X Failed (or X
// rejecting, which a classic parent counts as failing, as MBT's gate nodes fail)
// -> the failure Log (Failed) -> Failed; X Running -> Running. The start Log runs
// each time X starts, in the same tick; the end Logs run after X was deactivated,
// in the tick X ended. Under a Spore group, X's Decide is no longer the choice's
// (the wrapper accepts): attach logs under classic parents, as MBT trees are.
// bt/data/node_logs.h adds the wrapper to a TreeSpec.
#pragma once

#include <span>

#include "bt/core/behavior.h"
#include "bt/core/block_type.h"
#include "bt/core/context.h"
#include "bt/core/kinds.h"
#include "bt/core/param.h"

namespace bt {

struct DeciderDef;

namespace builtin {

// Wait's and Timeout's memory: when the leaf ends, in seconds after its activation;
// below 0 (kNever), never.
struct DeadlineMemory {
  static constexpr float kNever = -1;
  float seconds = 0;
};
// Yield's memory: whether it already returned Running (not 0). A byte, not a
// bool: a damaged block's byte is read as what it is, never as an invalid bool.
struct YieldMemory {
  std::uint8_t yielded = 0;
};

}  // namespace builtin

namespace detail {
// The leaves' functions (bt/engine/builtin_behaviors.cpp).
Result BuiltinTickDone(void* agent, void* memory, const Context& context);
Result BuiltinTickFailed(void* agent, void* memory, const Context& context);
Result BuiltinTickYield(void* agent, void* memory, const Context& context);
bool BuiltinActivateWait(void* agent, void* memory, const Context& context);
Result BuiltinTickWait(void* agent, void* memory, const Context& context);
bool BuiltinActivateTimeout(void* agent, void* memory, const Context& context);
Result BuiltinTickTimeout(void* agent, void* memory, const Context& context);
bool BuiltinActivateLog(void* agent, void* memory, const Context& context);
Result BuiltinTickLog(void* agent, void* memory, const Context& context);
Result BuiltinTickBreakpoint(void* agent, void* memory, const Context& context);

inline constexpr BlockType kDeadlineBlock = BlockTypeOf<builtin::DeadlineMemory>("bt::builtin::DeadlineMemory");
inline constexpr BlockType kYieldBlock = BlockTypeOf<builtin::YieldMemory>("bt::builtin::YieldMemory");
}  // namespace detail

namespace builtin {

// Constants, so that a macro tree of them is one too (bt::MemoryFor, the compiled tick).
// Not `inline`: GCC with -fsanitize=address does not take a pointer into an inline
// variable as a constant, so a tree of them would not be one there. Each
// translation unit has its own copy; nothing compares their addresses.
// A leaf whose functions never read the Context says so: a tick without one is
// cheaper, and a DBlock given to its decider is refused as unread
// (TreeProblem::DBlockUnread).
constexpr BehaviorDef kSucceed{
    .name = "Succeed", .tick = &detail::BuiltinTickDone, .tickTakesContext = false, .takesContext = false};
constexpr BehaviorDef kFail{
    .name = "Fail", .tick = &detail::BuiltinTickFailed, .tickTakesContext = false, .takesContext = false};
constexpr BehaviorDef kHalt{.name = "Halt", .tickTakesContext = false, .takesContext = false};
constexpr BehaviorDef kYield{.name = "Yield",
                                    .tick = &detail::BuiltinTickYield,
                                    .memory = detail::kYieldBlock,
                                    .tickTakesContext = false,
                                    .takesContext = false};
constexpr BehaviorDef kWait{.name = "Wait",
                                   .activate = &detail::BuiltinActivateWait,
                                   .tick = &detail::BuiltinTickWait,
                                   .memory = detail::kDeadlineBlock};
constexpr BehaviorDef kTimeout{.name = "Timeout",
                                      .activate = &detail::BuiltinActivateTimeout,
                                      .tick = &detail::BuiltinTickTimeout,
                                      .memory = detail::kDeadlineBlock};
constexpr BehaviorDef kLog{
    .name = "Log", .activate = &detail::BuiltinActivateLog, .tick = &detail::BuiltinTickLog};
constexpr BehaviorDef kBreakpoint{.name = "Breakpoint", .tick = &detail::BuiltinTickBreakpoint};

// Every built-in leaf, in the order of the table above.
std::span<const BehaviorDef* const> All();

}  // namespace builtin

// What is wrong with a built-in leaf's parameters; empty (false) when nothing is.
// The strings are constant.
struct BuiltinParamError {
  const char* behavior = nullptr;   // "Wait"
  const char* parameter = nullptr;  // "duration"
  const char* problem = nullptr;    // "is missing", "must be a Number", "must be finite", ...

  explicit operator bool() const { return problem != nullptr; }
};

// Checks `params` as the built-in leaf `behavior` reads them (the first error
// found, in the order of its parameters); empty for a behavior that is not
// built in. The leaves run the same check on activation. Unknown parameter names
// are not errors (an importer may pass attributes the leaf ignores).
BuiltinParamError CheckBuiltinParams(const BehaviorDef& behavior, std::span<const Param> params);

// Called by the Breakpoint leaf, with the agent and its decider: an out-of-line
// function that does nothing, where a debugger stops (gdb: `break
// bt::BreakpointReached`). MBT's Breakpoint calls CryDebugBreak, which stops the
// process even without a debugger; bt never traps by itself, so a tree that
// ships with a Breakpoint cannot crash a game.
void BreakpointReached(const void* agent, const DeciderDef& decider);

}  // namespace bt
