// bt/engine/tick.cpp — a tick's entry and clock: what happens in a tick, top to bottom.
//
// Index
//   [SECTION] The block        — damage above the walk, the call's checks
//   [SECTION] The clock        — a tick's state and time, its start and end
//   [SECTION] Entry points     — TickBehaviorTree, StopBehaviorTree, SeedMemory
//
// The walk itself is bt/engine/walk.cpp (its steady part inline in
// bt/engine/detail/steady_walk.h, taken into this file's entry); the debug lines
// bt/engine/tick_debug.cpp.
//
// The rules (Spore S01, S04):
// - Each tick walks the active path from the root. At each prioritized-list group
//   only the Decides of the children above the active one are called; the active
//   child continues without its Decide (hysteresis). One that accepts interrupts:
//   the old path is deactivated deepest first and the new one activated.
// - A newly activated behavior is activated and ticked in the same tick; a newly
//   activated group chooses among its children at once.
// - A child that is done or failed makes its group redecide with that child masked
//   out for the rest of the tick. A group in which nothing accepts fails, and its
//   parent redecides with the group masked, up to the root.
// - A finished or failed decider stays active until the group above it has chosen
//   what replaces it, so Decides run before the old path's Deactivates.
// - A tick whose caller asks (TickOptions::wakeTime) ends by asking bt/engine/sleep.h
//   whether its next ticks would do nothing, and until when.

#include <cmath>
#include <cstring>

#include "bt/core/debug_output.h"
#include "bt/core/refusal.h"
#include "bt/core/tree.h"
#include "bt/engine/detail/block_reading.h"
#include "bt/engine/detail/nesting.h"
#include "bt/engine/detail/steady_walk.h"
#include "bt/engine/detail/tick_debug.h"
#include "bt/engine/detail/variable_access.h"
#include "bt/engine/detail/walk.h"
#include "bt/engine/detail/why_record.h"
#include "bt/engine/sleep.h"

namespace bt {
namespace detail {

// =============================================================== [SECTION] The block

// A damaged block (a bad save, a stray write) may name a child its group does not
// have, or none. Stop checks the whole active path before it calls anything, so
// no index read from the block reaches a children array unchecked. Returns the
// first group from the root down whose slot does not fit the tree, or null.
static inline const DeciderDef* FindCorruptGroup(TickState& t, std::uint32_t& base) {
  return FindDamage(t.region, *t.root, 0, &base);
}

// Deactivates the trustworthy part of a damaged path: the corrupt group (at
// `base`) and what is above it, deepest first. What lay below it cannot be known
// and is not called.
void DeactivateAbove(TickState& t, const DeciderDef& corrupt, std::uint32_t base) {
  ClearActiveChildren(SlotBytes(t, corrupt, base), corrupt);
  t.deactivation = "the block is damaged below";
  t.header->rootActive = 0;  // off the path before its Deactivates (the order of bt/engine/detail/walk.h)
  Deactivate(t, *t.root, 0, 0);
}

// Checks everything about a call that can be checked before touching the block.
// Once per tree: out of line, so its 200-byte TreeError does not weigh on every tick.
[[gnu::noinline]] bool InitializeForTick(const DeciderDef& root, const DeciderDef*& culprit) {
  TreeError error;
  if (InitializeTreeData(root, &error)) return true;
  culprit = error.decider;
  return false;
}

// The agent fits the tree: Status::Running, else NullAgent or AgentTypeMismatch.
[[gnu::always_inline]] static inline Status AgentFits(const TreeData& tree, const void* agent, TypeTag agentType) {
  if (agentType == tree.agentType && agent != nullptr) [[likely]]
    return Status::Running;  // the usual call, in one test
  // A tree whose functions take no agent (all null) runs without one (Spore S01).
  if (agent == nullptr && tree.agentType != kNoType) return Status::NullAgent;
  if (tree.agentType != kNoType && agentType != kNoType && tree.agentType != agentType)
    return Status::AgentTypeMismatch;
  return Status::Running;
}

[[gnu::always_inline]] static inline Status CheckCall(const DeciderDef& root, void* agent, TypeTag agentType,
                                                      std::span<std::byte> memory, const DeciderDef*& culprit) {
  if (root.data == nullptr) return Status::InvalidTree;
  if (root.data->tree.state.load(std::memory_order_acquire) != TreeData::kValid) [[unlikely]] {
    if (!InitializeForTick(root, culprit)) return Status::InvalidTree;
  }
  const TreeData& tree = root.data->tree;
  if (const Status fits = AgentFits(tree, agent, agentType); fits != Status::Running) return fits;
  if (const Status fits = BlockFits(tree, memory); fits != Status::Running) return fits;
  const auto& header = *reinterpret_cast<const MemoryHeader*>(memory.data());
  if (header.treeStamp != 0 && header.treeStamp != tree.stamp) return Status::MemoryFromOtherTree;
  return Status::Running;
}

Status CheckBlockCall(const DeciderDef& root, void* agent, TypeTag agentType, std::span<std::byte> memory,
                      const DeciderDef*& culprit) {
  return CheckCall(root, agent, agentType, memory, culprit);
}

// =============================================================== [SECTION] The clock

// Fills t in place (a TickState is 120 bytes: no copy of one per tick). The block's
// times are read by StartBlockTimes.
static inline void StartTickState(TickState& t, const DeciderDef& root, void* agent, std::span<std::byte> memory,
                                  double time, float dt = 0, std::uint32_t decisionFlags = 0,
                                  std::uint32_t stimuliFlags = 0, int redecideLimit = 0,
                                  WhyRecord* why = nullptr) {
  t.root = &root;
  t.why = why;
  t.agent = agent;
  t.header = reinterpret_cast<MemoryHeader*>(memory.data());
  t.region = memory.data() + sizeof(MemoryHeader);
  // Checked by StartTick (and Stop) before anything reads it.
  t.variables = root.data->tree.numVariables != 0 ? VariablesAt(memory.data(), root.data->tree) : nullptr;
  t.runningPath = root.data->tree.runningPathOffset != 0
                      ? reinterpret_cast<RunningPath*>(memory.data() + root.data->tree.runningPathOffset)
                      : nullptr;
  t.time = time;
  t.dt = dt;
  t.decisionFlags = decisionFlags;
  t.stimuliFlags = stimuliFlags;
  t.redecides = 0;
  t.redecideLimit = redecideLimit;
  t.ruleRuns = 1;
  t.classicExtras = root.data->tree.classicExtras;
#if BT_DEBUG_OUTPUT
  t.traced = DebugWanted(1, agent) || why != nullptr;
#else
  t.traced = why != nullptr;
#endif
  t.pathChecked = false;
  t.error = Status::Running;
  t.sleep = nullptr;  // set by an entry point whose caller asks (TickOptions::wakeTime)
  // Not errorDecider, runningDecider nor deactivation, as in the compiled tick:
  // each is written where it is given a meaning (with error, before a behavior's
  // Tick, before each Deactivate).
}

// This tick's time as the block keeps times.
static inline void StartBlockTimes(TickState& t) {
  t.sinceEpoch = t.time - t.header->epoch;
  t.blockTime = static_cast<float>(t.sinceEpoch);
}

// Everything that can be refused before the block is written: {Status::Running}
// to go on, else what the tick returns.
[[gnu::always_inline]] static inline TickResult CheckTick(const DeciderDef& root, void* agent, TypeTag agentType,
                                                          std::span<std::byte> memory, double time, float dt) {
  const DeciderDef* culprit = &root;
  if (const Status status = CheckCall(root, agent, agentType, memory, culprit); status != Status::Running) [[unlikely]]
    return {status, culprit};
  if (!TimesAcceptable(time, dt)) [[unlikely]]
    return {Status::BadTime, &root};
  if (!MayEnter(memory.data())) [[unlikely]]
    return {Status::Reentered, &root};
  return {Status::Running, nullptr};
}

[[gnu::noinline]] static TickResult EndCorruptTimes(TickState& t);

// The block's clock when it is not plain: a fresh block, a damaged clock, a time
// earlier than the last tick, or an epoch to move. {Status::Running} to go on.
[[gnu::noinline]] static TickResult StartUnusualClock(TickState& t) {
  MemoryHeader& header = *t.header;
  const bool fresh = header.treeStamp == 0;
  if (fresh) {  // a fresh block: start it for this tree
    header.treeStamp = t.root->data->tree.stamp;
    if (header.rng == 0) header.rng = 0x9E3779B9u;
    header.rootActive = 0;
    header.epoch = t.time;
    header.lastTime = 0;
    for (int i = 0; i < t.root->data->tree.numTimers; ++i) Timers(t)[i] = -INFINITY;
    if (t.runningPath != nullptr) *t.runningPath = RunningPath{};
  }
  // Variables start at their initial values, unless the game set them before this
  // first tick (VariablesOf started them). Not the tree's in a started block: damage.
  if (t.variables != nullptr && !VariableAccess::Fits(*t.variables, t.root->data->tree)) {
    VariableAccess::Start(*t.variables, *t.root);
    if (!fresh) return {Status::CorruptMemory, t.root};
  }
  if (!HeaderTimesFit(header)) return EndCorruptTimes(t);
  StartBlockTimes(t);
  if (t.blockTime < header.lastTime) return {Status::BadTime, t.root};
  if (t.sinceEpoch > kRebaseSeconds) {
    RebaseBlock(*t.root, header, t.time);
    StartBlockTimes(t);
  }
  return {Status::Running, nullptr};
}

// Advances the block's clock (already checked) to this tick.
[[gnu::always_inline]] static inline void BeginTick(TickState& t) {
  t.header->lastTime = t.blockTime;
  BT_DEBUG_COLD(t, 3, DebugBeginTick(t));
}

// Starts a fresh block for this tree, checks and advances the block's clock:
// {Status::Running} to go on, else what the tick returns. The plain case —
// the last tick within [0, this tick] after the epoch, the epoch less than
// kRebaseSeconds behind — implies HeaderTimesFit and is tested alone.
[[gnu::always_inline]] static inline TickResult StartTick(TickState& t) {
  MemoryHeader& header = *t.header;
  StartBlockTimes(t);
  if (!(header.lastTime >= 0 && header.lastTime <= t.blockTime && t.sinceEpoch <= kRebaseSeconds) ||
      header.treeStamp == 0 || (t.variables != nullptr && !VariableAccess::Fits(*t.variables, t.root->data->tree)))
      [[unlikely]] {
    if (const TickResult unusual = StartUnusualClock(t); unusual.status != Status::Running) return unusual;
  }
  BeginTick(t);
  return {Status::Running, nullptr};
}

// FinishTick when nothing is left running (or the tick gave up): leaves every Activate paired.
[[gnu::noinline]] static TickResult FinishStopped(TickState& t, Result result) {
  // Ended on the last rule run allowed (kCountsRuleRuns, bt/core/classic.h): the engine's run-away.
  if (t.error == Status::Running && t.ruleRuns >= kMaxRuleRuns) Fail(t, Status::RedecideLimit, *t.root);
  t.deactivation = t.error == Status::Stopped        ? "stopped"
                   : t.error == Status::CorruptMemory ? "the block is damaged below"
                   : t.error != Status::Running       ? StatusName(t.error)
                   : result == Result::Done           ? "the tree is done"
                                                      : "nothing accepts";
  t.header->rootActive = 0;  // off the path before its Deactivates (the order of bt/engine/detail/walk.h)
  Deactivate(t, *t.root, 0, 0);
  BT_WHY(t, WhyTransit(t, WhyCause::TreeEnded, *t.root, nullptr, nullptr,
                       t.error != Status::Running ? t.error
                       : result == Result::Done   ? Status::Done
                                                  : Status::NoBehavior));
  BT_DEBUG_COLD(t, 3,
                DebugEndTick(t, t.error != Status::Running ? t.error
                                : result == Result::Done   ? Status::Done
                                                           : Status::NoBehavior));
  if (t.error != Status::Running) return {t.error, t.errorDecider};
  return {result == Result::Done ? Status::Done : Status::NoBehavior, nullptr};
}

// After the walk: deactivates what is left when nothing runs, and reports.
[[gnu::always_inline]] static inline TickResult FinishTick(TickState& t, Result result) {
  if (t.runningPath != nullptr) [[unlikely]]
    NoteOnRunningPath(*t.runningPath, *t.root, result);
  if (result != Result::Running || t.error != Status::Running) [[unlikely]]
    return FinishStopped(t, result);
  BT_DEBUG_COLD(t, 3, DebugEndTick(t, Status::Running));
  return {Status::Running, t.runningDecider};
}

// A tick that finds the root inactive: activates it if it accepts, and walks.
[[gnu::noinline]] static TickResult TickFromRoot(TickState& t) {
  Choice choice;
  const bool accepts = Evaluate(t, *t.root, choice.dblock, TimerUse::kCheck, 0) > 0;
  if (t.error != Status::Running) return {t.error, t.errorDecider};  // the root's Decide stopped the agent
  if (!accepts) {
    BT_DEBUG_COLD(t, 3, DebugEndTick(t, Status::NoBehavior));
    return {Status::NoBehavior, nullptr};
  }
  BT_WHY(t, WhyTransit(t, WhyCause::Started, *t.root, nullptr, t.root));
  StartSlot(t, *t.root, 0, choice.dblock);
  t.header->rootActive = 1;
  return FinishTick(t, TickDecider(t, *t.root, 0, true, 0));
}

// A tick of a block whose root is active since an earlier tick: the walk down
// its active path, which finds damage where it meets it (TickActivePath).
[[gnu::always_inline]] static inline TickResult TickActiveRoot(TickState& t) {
  return FinishTick(t, TickActive(t, *t.root, 0, 0));
}

// Deactivates the trustworthy part of the active path of a block whose own clock
// is damaged (epoch or last tick out of range, NaN): the path's times are as
// unknown as the clock's. The block's clock then restarts at this tick.
static TickResult EndCorruptTimes(TickState& t) {
  MemoryHeader& header = *t.header;
  header.epoch = t.time;
  header.lastTime = 0;
  StartBlockTimes(t);
  for (int i = 0; i < t.root->data->tree.numTimers; ++i) Timers(t)[i] = -INFINITY;
  if (header.rootActive) {
    t.deactivation = "the block's clock is damaged";
    std::uint32_t base = 0;
    if (const DeciderDef* corrupt = FindCorruptGroup(t, base)) {
      DeactivateAbove(t, *corrupt, base);
    } else {
      header.rootActive = 0;  // off the path before its Deactivates (the order of bt/engine/detail/walk.h)
      Deactivate(t, *t.root, 0, 0);
    }
  }
  return {Status::CorruptMemory, t.root};
}

void RebaseBlock(const DeciderDef& root, MemoryHeader& header, double time) {
  const double shift = time - header.epoch;
  const auto shifted = [shift](float at) { return static_cast<float>(static_cast<double>(at) - shift); };
  auto* block = reinterpret_cast<std::byte*>(&header);
  header.lastTime = shifted(header.lastTime);
  auto* timers = reinterpret_cast<float*>(block + root.data->tree.timersOffset);
  for (int i = 0; i < root.data->tree.numTimers; ++i) timers[i] = shifted(timers[i]);  // -inf stays
  if (header.rootActive) {
    // A damaged path is left to the walk that follows, which reports it.
    ForEachActive(block + sizeof(MemoryHeader), root, 0, 0, [&](const DeciderDef& d, std::uint32_t base, int) {
      auto& slot = *reinterpret_cast<SlotHeader*>(block + sizeof(MemoryHeader) + base + d.data->slotOffset);
      slot.activatedAt = shifted(slot.activatedAt);
    });
  }
  header.epoch = time;
}

thread_local constinit NestedCall* tInnermostCall = nullptr;

bool MayEnterNested(const std::byte* block) {
  int depth = 0;
  for (const NestedCall* call = tInnermostCall; call != nullptr; call = call->outer)
    if (call->block == block || ++depth >= kMaxNestedTicks) return false;
  return true;
}

}  // namespace detail

// =============================================================== [SECTION] Entry points

// Reports a refusal (bt/core/refusal.h) and returns it. Cold and out of line: a
// refused call is rare, and its message needs a buffer.
[[gnu::noinline, gnu::cold]] static TickResult Refuse(const char* operation, TickResult refused,
                                                      const DeciderDef& root, const void* agent,
                                                      std::span<const std::byte> memory, double time,
                                                      float dt) noexcept {
  detail::ReportRefusal({refused.status, operation, &root, refused.decider, agent, time, dt, memory.data(),
                         memory.size(), nullptr, 0});
  return refused;
}

void SeedMemory(std::span<std::byte> memory, std::uint32_t seed) {
  if (memory.size() < sizeof(MemoryHeader) || !IsAlignedBlock(memory.data())) return;
  // Scrambled (murmur3's finalizer, a bijection): xorshift's first outputs from small
  // seeds are small, so agents seeded 1, 2, 3... would otherwise all draw alike at first.
  std::uint32_t x = seed;
  x = (x ^ (x >> 16)) * 0x85EBCA6Bu;
  x = (x ^ (x >> 13)) * 0xC2B2AE35u;
  x ^= x >> 16;
  reinterpret_cast<MemoryHeader*>(memory.data())->rng = x != 0 ? x : 0x9E3779B9u;
}

// The tick of a started block (from the root, or down its active path) for a
// caller that may let the agent sleep (TickOptions::wakeTime). Its own function:
// a second inlined copy of the walk in TickBehaviorTree made that too large for
// GCC to inline FindDamage into it, and the request set up and tested there would
// cost every tick.
[[gnu::noinline]] static TickResult TickMaySleep(detail::TickState& t, double& wakeTime) {
  SleepRequest sleepRequest;
  t.sleep = &sleepRequest;
  const TickResult result = !t.header->rootActive ? detail::TickFromRoot(t) : detail::TickActiveRoot(t);
  if (result.status == Status::Running) detail::NoteWakeTime(t, wakeTime);
  t.sleep = nullptr;  // the request ends here
  return result;
}

// TickBehaviorTree on any input: every check in order, then the tick, if any.
[[gnu::noinline]] static TickResult TickWithChecks(const DeciderDef& root, void* agent, TypeTag agentType,
                                                   std::span<std::byte> memory, double time, float dt,
                                                   std::uint32_t decisionFlags, std::uint32_t stimuliFlags,
                                                   const TickOptions& options) noexcept {
  using namespace detail;
  if (const TickResult refused = CheckTick(root, agent, agentType, memory, time, dt);
      refused.status != Status::Running) [[unlikely]]
    return Refuse("tick", refused, root, agent, memory, time, dt);
  TickState t;
  const NestedScope nested(memory.data(), &t);
  StartTickState(t, root, agent, memory, time, dt, decisionFlags, stimuliFlags, options.redecideLimit, options.why);
  if (const TickResult started = StartTick(t); started.status != Status::Running) [[unlikely]] {
    // Time going backwards is a refusal; a damaged clock (CorruptMemory) is not.
    if (started.status == Status::BadTime) return Refuse("tick", started, root, agent, memory, time, dt);
    return started;
  }
  if (options.wakeTime != nullptr) return TickMaySleep(t, *options.wakeTime);
  return !t.header->rootActive ? TickFromRoot(t) : TickActiveRoot(t);
}

// A tick with a why-record: every check, recorded (bt/engine/why.h).
[[gnu::noinline]] static TickResult TickWithWhy(const DeciderDef& root, void* agent, TypeTag agentType,
                                                std::span<std::byte> memory, double time, float dt,
                                                std::uint32_t decisionFlags, std::uint32_t stimuliFlags,
                                                const TickOptions& options) noexcept {
  detail::WhyBeginTick(*options.why, root, time);
  const TickResult result = TickWithChecks(root, agent, agentType, memory, time, dt, decisionFlags, stimuliFlags, options);
  detail::WhyEndTick(*options.why, result);
  return result;
}

// The steady case — an initialized tree, an agent and a block that fit it, the
// block's root active on a plain clock (NeedsFullTick) — tested at once and
// ticked without the checks that sort out every other case. Its result is
// TickWithChecks' on the same input.
TickResult TickBehaviorTree(const DeciderDef& root, void* agent, TypeTag agentType, std::span<std::byte> memory,
                            double time, float dt, std::uint32_t decisionFlags, std::uint32_t stimuliFlags,
                            const TickOptions& options) noexcept {
  using namespace detail;
  if (options.why != nullptr) [[unlikely]]
    return TickWithWhy(root, agent, agentType, memory, time, dt, decisionFlags, stimuliFlags, options);
  if (root.data != nullptr) [[likely]] {
    const TreeData& tree = root.data->tree;
    if (tree.state.load(std::memory_order_acquire) == TreeData::kValid &&
        AgentFits(tree, agent, agentType) == Status::Running && BlockFits(tree, memory) == Status::Running) [[likely]] {
      const auto& header = *reinterpret_cast<const MemoryHeader*>(memory.data());
      const double sinceEpoch = time - header.epoch;
      const float blockTime = static_cast<float>(sinceEpoch);
      // A damaged variables region is the full tick's to repair.
      if (!NeedsFullTick(tree, header, time, dt, sinceEpoch, blockTime) &&
          (tree.numVariables == 0 || VariableAccess::Fits(*VariablesAt(memory.data(), tree), tree))) [[likely]] {
        TickState t;
        const NestedScope nested(memory.data(), &t);
        StartTickState(t, root, agent, memory, time, dt, decisionFlags, stimuliFlags, options.redecideLimit);
        t.sinceEpoch = sinceEpoch;  // StartBlockTimes, as NeedsFullTick computed them
        t.blockTime = blockTime;
        BeginTick(t);
        if (options.wakeTime != nullptr) [[unlikely]]
          return TickMaySleep(t, *options.wakeTime);
        return TickActiveRoot(t);
      }
    }
  }
  return TickWithChecks(root, agent, agentType, memory, time, dt, decisionFlags, stimuliFlags, options);
}

void StopBehaviorTree(const DeciderDef& root, void* agent, std::span<std::byte> memory, double time) noexcept {
  StopBehaviorTree(root, agent, kNoType, memory, time);
}

// For an entry point that changes a block outside a tick (bt/engine/resume_at.h): the
// tick's checks in its order (a refusal reported as `operation`'s), then the
// block started, or its clock advanced, to `time`, as a tick with dt 0 does.
TickResult detail::EnterBlock(TickState& t, const char* operation, const DeciderDef& root, void* agent,
                              TypeTag agentType, std::span<std::byte> memory, double time) {
  if (const TickResult refused = CheckTick(root, agent, agentType, memory, time, 0); refused.status != Status::Running)
    return Refuse(operation, refused, root, agent, memory, time, 0);
  StartTickState(t, root, agent, memory, time);
  if (const TickResult started = StartTick(t); started.status != Status::Running) {
    if (started.status == Status::BadTime) return Refuse(operation, started, root, agent, memory, time, 0);
    return started;
  }
  return {Status::Running, nullptr};
}

void StopBehaviorTree(const DeciderDef& root, void* agent, TypeTag agentType, std::span<std::byte> memory,
                      double time) noexcept {
  using namespace detail;
  const DeciderDef* culprit = &root;
  if (const Status status = CheckCall(root, agent, agentType, memory, culprit); status != Status::Running)
    return (void)Refuse("stop", {status, culprit}, root, agent, memory, time, 0);
  // From a callback of a tick of this block: the tick ends with the path deactivated.
  if (NestedCall* call = FindNestedTick(memory.data())) return (void)Fail(*call->state, Status::Stopped, root);
  if (!MayEnter(memory.data())) return (void)Refuse("stop", {Status::Reentered, &root}, root, agent, memory, time, 0);
  TickState t;
  const NestedScope nested(memory.data(), &t);
  StartTickState(t, root, agent, memory, time);
  if (t.header->treeStamp == 0 || !t.header->rootActive) return;
  if (t.variables != nullptr && !VariableAccess::Fits(*t.variables, root.data->tree)) t.variables = nullptr;  // damaged
  StartBlockTimes(t);
  t.deactivation = "stopped";
  std::uint32_t base = 0;
  if (const DeciderDef* corrupt = FindCorruptGroup(t, base)) return DeactivateAbove(t, *corrupt, base);
  t.header->rootActive = 0;  // off the path before its Deactivates (the order of bt/engine/detail/walk.h)
  Deactivate(t, root, 0, 0);
  if (t.runningPath != nullptr) *t.runningPath = RunningPath{};  // a stopped agent starts afresh
}

Status ResetMemory(const DeciderDef& root, void* agent, TypeTag agentType, std::span<std::byte> memory,
                   double time) noexcept {
  using namespace detail;
  const DeciderDef* culprit = &root;
  Status status = CheckCall(root, agent, agentType, memory, culprit);
  // Not from a callback of a tick or Stop of this block: the walk under way would
  // go on in the zeroed block.
  if (status == Status::Running && !MayEnter(memory.data())) status = Status::Reentered;
  if (status != Status::Running) return Refuse("reset", {status, culprit}, root, agent, memory, time, 0).status;
  StopBehaviorTree(root, agent, agentType, memory, time);
  auto* header = reinterpret_cast<MemoryHeader*>(memory.data());
  const std::uint32_t rng = header->rng;  // the agent's own random stream goes on
  std::memset(memory.data(), 0, root.data->tree.memoryBytes);
  header->rng = rng;
  return Status::NoBehavior;
}

}  // namespace bt
