// bt/core/tree.h — initializing a tree and ticking it on an agent (Spore S09).
//
// A tree is its root decider. InitializeTreeData verifies it once and records
// its layout; TickBehaviorTree runs one decision-and-action step of one agent
// against that agent's memory block. The tick allocates nothing and throws
// nothing: every bad input is a Status.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "bt/core/decider.h"
#include "bt/core/kinds.h"
#include "bt/core/memory.h"
#include "bt/core/refusal.h"

namespace bt {

// Why InitializeTreeData rejected a tree, in words that name the decider.
struct TreeError {
  TreeProblem problem = TreeProblem::None;
  const DeciderDef* decider = nullptr;
  char message[192] = {};  // "bt: decider GUARD: a group decider with no children: ..."
};

// Verifies the tree below root (limits, memory sizes, cycles, agent types) and
// records its layout in the deciders' DeciderData and root.data->tree. Call it
// once per tree, before ticking from several threads; the tick calls it
// otherwise. Returns false, and fills *error when given, if the tree is bad.
[[nodiscard]] bool InitializeTreeData(const DeciderDef& root, TreeError* error = nullptr);

// Bytes of the memory block an agent needs for this tree (0 if the tree is bad).
[[nodiscard]] std::size_t MemoryBytesFor(const DeciderDef& root);

struct WhyRecord;  // bt/engine/why.h

struct TickOptions {
  int redecideLimit = kDefaultRedecideLimit;  // masked redecides per tick
  // Explains this tick in the caller's record (bt/engine/why.h); null records nothing.
  WhyRecord* why = nullptr;
  // When set, a tick that leaves the agent asleep (bt/engine/sleep.h) writes there the
  // time before which its next ticks may be skipped; any other tick leaves it
  // as it was. For a crowd (bt/crowd/crowd.h); null: the tick does not ask.
  double* wakeTime = nullptr;
};

// [[nodiscard]]: a refused tick (a Status that is not IsOk) must not go unseen.
struct [[nodiscard]] TickResult {
  Status status = Status::NoBehavior;
  // Running: the active behavior decider. An error: the decider it names, if any.
  const DeciderDef* decider = nullptr;
};

// Seeds the RNG of a block that was never ticked (Random and Shuffle groups draw
// from it unless their group has its own random source). Distinct seeds give
// distinct streams, and nearby seeds (agent ids) unrelated ones.
void SeedMemory(std::span<std::byte> memory, std::uint32_t seed);

// The untyped tick. `agentType` is TypeTagOf<Agent>(); prefer the typed overloads.
//
// Bad input has a defined result, checked in this order; the first eight change
// nothing (no user function is called, the block is not written) and are
// reported as refusals (bt/core/refusal.h: a debug output line at level 1 and the
// refusal hook), as is the time going backwards:
// - a tree InitializeTreeData rejects: InvalidTree, naming the decider;
// - a null agent when the tree's functions take an agent: NullAgent. A tree
//   whose functions take none (all null: its agent type is kNoType) ticks with
//   a null agent (Spore S01: "the agent ... could just be null");
// - an agent of another type than the tree's functions take: AgentTypeMismatch;
// - a block smaller than MemoryBytesFor(root): MemoryTooSmall;
// - a block not aligned to kMaxAlignment: MemoryMisaligned;
// - a block started by another tree, including one of the same name but another
//   shape or memory layout (a save from an older version), or never zeroed (its
//   bytes are garbage): MemoryFromOtherTree;
// - dt NaN, infinite or negative, or time NaN or beyond +-kMaxTickTime (1e15 s):
//   BadTime;
// - a block this thread is already ticking or stopping (a callback that ticks
//   its own agent): Reentered;
// - a block whose variables region is damaged (not as many variables, or not of
//   the types, as the root declares): CorruptMemory, naming the root; the
//   variables restart at their initial values and nothing else changes (the
//   active path goes on at the next tick);
// - a block whose clock is damaged (its epoch or last tick out of range):
//   CorruptMemory, naming the root; its active path is deactivated as below and
//   its clock restarts at this tick;
// - a time earlier than the block's last tick: BadTime, nothing changed. The same
//   time again, or dt 0, is fine. A level whose clock restarts at 0 calls
//   ResetMemory (below) on its agents' blocks;
// - a damaged block, whose active path names a child a group does not have (or
//   none), or whose shuffle order does: CorruptMemory, naming the first such
//   group the tick's walk meets (what lies above it is ticked as on any tick
//   until then). The group and those above it are deactivated deepest first;
//   nothing of it or below it is called (those Deactivates are lost); the next
//   tick starts from the root.
// What user functions return is never bad input: a Decide of NaN or <= 0
// rejects; a Tick result that is not a Result ends the behavior as Done or
// Failed would; more masked redecides than options.redecideLimit (any value;
// <= 0 allows none): RedecideLimit, with the active path deactivated.
//
// Time: any clock a game keeps (seconds since start, or Unix time) keeps full
// precision: the block stores times relative to an epoch of its own (bt/core/memory.h).
//
// Callbacks (Decides, Activates, Ticks, Deactivates, random sources, the debug
// output hook) may tick or stop OTHER agents' blocks, nested up to
// kMaxNestedTicks deep. One that ticks its own block again gets Reentered. One
// that stops its own block (an agent that dies inside its behavior) is deferred:
// the tick goes on until the step under way returns to it (a behavior being
// activated is activated and ticked first), then deactivates the whole active
// path, deepest first, and returns Stopped.
//
// Exceptions: the tick is noexcept. User functions must not throw; one that does
// ends the program through std::terminate, before the block could be left
// half-changed.
//
// Threads: a tree is read-only once initialized and may be ticked from any
// number of threads at once, each block by one thread at a time.
TickResult TickBehaviorTree(const DeciderDef& root, void* agent, TypeTag agentType, std::span<std::byte> memory,
                            double time, float dt, std::uint32_t decisionFlags, std::uint32_t stimuliFlags,
                            const TickOptions& options) noexcept;

// Deactivates the active path, deepest first, so every Activate gets its
// Deactivate; the next tick starts from the root. For an agent that dies or
// leaves, or before discarding a block. Does nothing on the bad input the
// tick refuses without change (above), whatever `time` is, but reports it
// (bt/core/refusal.h: "stop refused: ..."); on a damaged block
// it deactivates the part above the damage, as the tick does. Called from a
// callback of a tick of the same block, it marks that tick, which ends with the
// path deactivated and returns Stopped (above); called from a callback of a
// Stop of the same block, it does nothing. noexcept, as the tick.
// The untyped form checks no type; the typed ones below check it as the tick
// does, and do nothing for an agent of another type.
void StopBehaviorTree(const DeciderDef& root, void* agent, std::span<std::byte> memory, double time) noexcept;
void StopBehaviorTree(const DeciderDef& root, void* agent, TypeTag agentType, std::span<std::byte> memory,
                      double time) noexcept;

namespace detail {
// The default options of the ticks, a constant rather than a temporary (`= {}`),
// which a caller would build in its frame at every call: for the compiled tick
// that took the inlined tick's frame past GCC's limit for inlining it into a
// caller's loop (--param large-stack-frame, 256 bytes), for the interpreted one
// three stores a call.
inline constexpr TickOptions kDefaultTickOptions{};

// The agent as the tree's functions take it: itself, or the declared base
// (BT_AGENT_BASE) the tree's agent type names, converted (a base need not lie at
// offset 0). `type` is the tag of what `erased` points at.
template <class Agent>
void EraseAgent(const DeciderDef& root, Agent* agent, void*& erased, TypeTag& type) noexcept {
  erased = static_cast<void*>(agent);
  type = TypeTagOf<Agent>();
  if constexpr (kHasAgentBases<Agent>) {
    // The tree's agent type is known once the tree is initialized; a tree that is
    // not valid is left to the tick to report.
    if (agent != nullptr && InitializeTreeData(root)) {
      const TypeTag want = root.data->tree.agentType;
      if (want != kNoType && FindAgentAs(agent, want, erased)) type = want;
    }
  }
}
}  // namespace detail

template <class Agent>
void StopBehaviorTree(const DeciderDef& root, Agent* agent, std::span<std::byte> memory, double time) noexcept {
  void* erased;
  TypeTag type;
  detail::EraseAgent(root, agent, erased, type);
  StopBehaviorTree(root, erased, type, memory, time);
}

template <class Agent>
void StopBehaviorTree(const DeciderDef& root, Agent& agent, std::span<std::byte> memory, double time) noexcept {
  StopBehaviorTree(root, &agent, memory, time);
}

template <class Agent, std::size_t N>
void StopBehaviorTree(const DeciderDef& root, Agent& agent, Memory<N>& memory, double time) noexcept {
  StopBehaviorTree(root, &agent, memory.Span(), time);
}

// The typed ticks: the agent's type is checked against the one the tree's
// functions take (Status::AgentTypeMismatch when it differs). An agent of a
// derived class runs the tree of its base when the derivation is declared with
// BT_AGENT_BASE(Derived, Base) (bt/core/block_type.h tells the rules); or name the
// base, `bt::TickBehaviorTree<Creature>(ROOT, dragon, ...)`.
template <class Agent>
TickResult TickBehaviorTree(const DeciderDef& root, Agent* agent, std::span<std::byte> memory, double time,
                            float dt, std::uint32_t decisionFlags = 0, std::uint32_t stimuliFlags = 0,
                            const TickOptions& options = detail::kDefaultTickOptions) noexcept {
  void* erased;
  TypeTag type;
  detail::EraseAgent(root, agent, erased, type);
  return TickBehaviorTree(root, erased, type, memory, time, dt, decisionFlags, stimuliFlags, options);
}

template <class Agent>
TickResult TickBehaviorTree(const DeciderDef& root, Agent& agent, std::span<std::byte> memory, double time,
                            float dt, std::uint32_t decisionFlags = 0, std::uint32_t stimuliFlags = 0,
                            const TickOptions& options = detail::kDefaultTickOptions) noexcept {
  return TickBehaviorTree(root, &agent, memory, time, dt, decisionFlags, stimuliFlags, options);
}

template <class Agent, std::size_t N>
TickResult TickBehaviorTree(const DeciderDef& root, Agent& agent, Memory<N>& memory, double time, float dt,
                            std::uint32_t decisionFlags = 0, std::uint32_t stimuliFlags = 0,
                            const TickOptions& options = detail::kDefaultTickOptions) noexcept {
  return TickBehaviorTree(root, &agent, memory.Span(), time, dt, decisionFlags, stimuliFlags, options);
}

// A block of bt::MemoryFor<ROOT>: the tree is a constant here, so an agent of a
// type its functions do not take is a compile error, as with the compiled tick,
// rather than AgentTypeMismatch at run time.
template <class Agent, const DeciderDef& Root, std::size_t N>
TickResult TickBehaviorTree(const DeciderDef& root, Agent& agent, TreeMemory<Root, N>& memory, double time, float dt,
                            std::uint32_t decisionFlags = 0, std::uint32_t stimuliFlags = 0,
                            const TickOptions& options = detail::kDefaultTickOptions) noexcept {
  static_assert(TreeMemory<Root, N>::template kTakes<Agent>,
                "bt: the tree's functions take another agent type than the one passed to TickBehaviorTree "
                "(for a class derived from it, declare BT_AGENT_BASE(Derived, Base))");
  return TickBehaviorTree(root, &agent, memory.Span(), time, dt, decisionFlags, stimuliFlags, options);
}

// Stops the block (StopBehaviorTree: every active behavior deactivated, at
// `time`) and zeroes it, keeping its RNG seed: the next tick starts it afresh at
// any time, its variables (bt/core/variables.h) at their initial values. For a level whose clock restarts (a block's times may not go
// backwards: BadTime). Refuses what StopBehaviorTree does nothing on (the bad
// input above, with its Status, and Reentered from a callback of a tick or Stop
// of the same block), changing nothing; returns NoBehavior when done.
// The untyped form checks no type; the typed ones check it as the tick does.
[[nodiscard]] Status ResetMemory(const DeciderDef& root, void* agent, TypeTag agentType, std::span<std::byte> memory,
                                 double time) noexcept;

template <class Agent>
[[nodiscard]] Status ResetMemory(const DeciderDef& root, Agent* agent, std::span<std::byte> memory,
                                 double time) noexcept {
  void* erased;
  TypeTag type;
  detail::EraseAgent(root, agent, erased, type);
  return ResetMemory(root, erased, type, memory, time);
}

template <class Agent>
[[nodiscard]] Status ResetMemory(const DeciderDef& root, Agent& agent, std::span<std::byte> memory,
                                 double time) noexcept {
  return ResetMemory(root, &agent, memory, time);
}

template <class Agent, std::size_t N>
[[nodiscard]] Status ResetMemory(const DeciderDef& root, Agent& agent, Memory<N>& memory, double time) noexcept {
  return ResetMemory(root, &agent, memory.Span(), time);
}

// ---------------------------------------------------------------- reading a block
// For debug display and tests; they read the block and call nothing. They never
// crash on bad input: a tree InitializeTreeData rejects, and a block the tick
// refuses as MemoryTooSmall (smaller than MemoryBytesFor(root)), MemoryMisaligned
// (not aligned to kMaxAlignment) or MemoryFromOtherTree, read as a block with
// nothing active.
// In a damaged block, a group whose active child is out of range (or none) ends
// the active path: nothing below it is followed.

// Fills `path` with the active deciders from the root down; returns how many
// there are (which may exceed path.size()). 0 when nothing is active or the
// block is refused (above).
int ActivePath(const DeciderDef& root, std::span<const std::byte> memory, std::span<const DeciderDef*> path);

// The deepest active decider (a behavior decider while Running; the damaged
// group in a damaged block), or null. With children active side by side
// (bt/core/classic.h), the last of ActivePath's order: the deepest of the last branch.
const DeciderDef* ActiveBehaviorDecider(const DeciderDef& root, std::span<const std::byte> memory);

// Time [seconds] at which an active decider was activated, or a negative value
// if it is not on the active path.
double ActivatedAt(const DeciderDef& root, std::span<const std::byte> memory, const DeciderDef& decider);

}  // namespace bt
