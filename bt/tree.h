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
// from it unless their group has its own random source). 0 is replaced by 1.
void SeedMemory(std::span<std::byte> memory, std::uint32_t seed);

// The untyped tick. `agentType` is TypeTagOf<Agent>(); prefer the typed overloads.
TickResult TickBehaviorTree(const DeciderDef& root, void* agent, TypeTag agentType, std::span<std::byte> memory,
                            double time, float dt, std::uint32_t decisionFlags, std::uint32_t stimuliFlags,
                            const TickOptions& options);

// Deactivates the active path, deepest first, so every Activate gets its
// Deactivate; the next tick starts from the root. For an agent that dies or
// leaves, or before discarding a block.
void StopBehaviorTree(const DeciderDef& root, void* agent, std::span<std::byte> memory, double time);

template <class Agent>
TickResult TickBehaviorTree(const DeciderDef& root, Agent* agent, std::span<std::byte> memory, double time,
                            float dt, std::uint32_t decisionFlags = 0, std::uint32_t stimuliFlags = 0,
                            const TickOptions& options = {}) {
  return TickBehaviorTree(root, static_cast<void*>(agent), TypeTagOf<Agent>(), memory, time, dt, decisionFlags,
                          stimuliFlags, options);
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
