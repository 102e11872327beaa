// bt/tree.h — initializing a tree and ticking it on an agent (Spore S09).
//
// A tree is its root decider. InitializeTreeData verifies it once and records
// its layout; TickBehaviorTree runs one decision-and-action step of one agent
// against that agent's memory block. The tick allocates nothing and throws
// nothing: every bad input is a Status.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "bt/decider.h"
#include "bt/kinds.h"
#include "bt/memory.h"

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
bool InitializeTreeData(const DeciderDef& root, TreeError* error = nullptr);

// Bytes of the memory block an agent needs for this tree (0 if the tree is bad).
std::size_t MemoryBytesFor(const DeciderDef& root);

struct TickOptions {
  int redecideLimit = kDefaultRedecideLimit;  // masked redecides per tick
};

struct TickResult {
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
// Bad input has a defined result, checked in this order; the first six change
// nothing (no user function is called, the block is not written):
// - a tree InitializeTreeData rejects: InvalidTree, naming the decider;
// - a null agent: NullAgent;
// - an agent of another type than the tree's functions take: AgentTypeMismatch;
// - a block smaller than MemoryBytesFor(root), or not aligned to kMaxAlignment:
//   MemoryTooSmall;
// - a block started by another tree, including one of the same name but another
//   shape (a save from an older version): MemoryFromOtherTree;
// - dt NaN, infinite or negative; time NaN, infinite, beyond the range of float
//   (the block keeps times as float), or earlier than the block's last tick:
//   BadTime. The same time again, or dt 0, is fine.
// - a damaged block, whose active path names a child a group does not have (or
//   none), or whose shuffle order does: CorruptMemory, naming the group. The
//   group and those above it are deactivated deepest first; nothing below it is
//   called (those Deactivates are lost); the next tick starts from the root.
// What user functions return is never bad input: a Decide of NaN or <= 0
// rejects; a Tick result that is not a Result ends the behavior as Done or
// Failed would; more masked redecides than options.redecideLimit (any value;
// <= 0 allows none): RedecideLimit, with the active path deactivated.
TickResult TickBehaviorTree(const DeciderDef& root, void* agent, TypeTag agentType, std::span<std::byte> memory,
                            double time, float dt, std::uint32_t decisionFlags, std::uint32_t stimuliFlags,
                            const TickOptions& options);

// Deactivates the active path, deepest first, so every Activate gets its
// Deactivate; the next tick starts from the root. For an agent that dies or
// leaves, or before discarding a block. Does nothing on the bad input the
// tick refuses without change (above), whatever `time` is; on a damaged block
// it deactivates the part above the damage, as the tick does.
void StopBehaviorTree(const DeciderDef& root, void* agent, std::span<std::byte> memory, double time);

// The typed ticks: the agent's type is checked against the one the tree's
// functions take (Status::AgentTypeMismatch when it differs). An agent of a
// derived class runs the tree of its base when the derivation is declared with
// BT_AGENT_BASE(Derived, Base) (bt/block_type.h tells the rules); or name the
// base, `bt::TickBehaviorTree<Creature>(ROOT, dragon, ...)`.
template <class Agent>
TickResult TickBehaviorTree(const DeciderDef& root, Agent* agent, std::span<std::byte> memory, double time,
                            float dt, std::uint32_t decisionFlags = 0, std::uint32_t stimuliFlags = 0,
                            const TickOptions& options = {}) {
  void* erased = static_cast<void*>(agent);
  TypeTag type = TypeTagOf<Agent>();
  if constexpr (detail::kHasAgentBases<Agent>) {
    // The tree's agent type is known once the tree is initialized; a tree that is
    // not valid is left to the tick to report.
    if (InitializeTreeData(root)) {
      const TypeTag want = root.data->tree.agentType;
      if (want != kNoType && detail::FindAgentAs(agent, want, erased)) type = want;
    }
  }
  return TickBehaviorTree(root, erased, type, memory, time, dt, decisionFlags, stimuliFlags, options);
}

template <class Agent>
TickResult TickBehaviorTree(const DeciderDef& root, Agent& agent, std::span<std::byte> memory, double time,
                            float dt, std::uint32_t decisionFlags = 0, std::uint32_t stimuliFlags = 0,
                            const TickOptions& options = {}) {
  return TickBehaviorTree(root, &agent, memory, time, dt, decisionFlags, stimuliFlags, options);
}

template <class Agent, std::size_t N>
TickResult TickBehaviorTree(const DeciderDef& root, Agent& agent, Memory<N>& memory, double time, float dt,
                            std::uint32_t decisionFlags = 0, std::uint32_t stimuliFlags = 0,
                            const TickOptions& options = {}) {
  return TickBehaviorTree(root, &agent, memory.Span(), time, dt, decisionFlags, stimuliFlags, options);
}

// ---------------------------------------------------------------- reading a block
// For debug display and tests; they read the block and call nothing.

// Fills `path` with the active deciders from the root down; returns how many
// there are (which may exceed path.size()). 0 when nothing is active or the
// block does not belong to this tree.
int ActivePath(const DeciderDef& root, std::span<const std::byte> memory, std::span<const DeciderDef*> path);

// The deepest active decider (a behavior decider while Running), or null.
const DeciderDef* ActiveBehaviorDecider(const DeciderDef& root, std::span<const std::byte> memory);

// Time [seconds] at which an active decider was activated, or a negative value
// if it is not on the active path.
double ActivatedAt(const DeciderDef& root, std::span<const std::byte> memory, const DeciderDef& decider);

}  // namespace bt
