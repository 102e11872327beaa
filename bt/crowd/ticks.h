// bt/crowd/ticks.h — ready-made per-agent ticks for Crowd::Tick, over agents
// and blocks the game owns, contiguous or strided.
//
//   bt::CrowdMembers<Creature> members = bt::ContiguousMembers(creatures.data(), blocks.data());
//   crowd.Tick(time, dt, bt::CompiledCrowdTick<ROOT>(members));        // the compiled tick
//   crowd.Tick(time, dt, bt::InterpretedCrowdTick(ROOT, members));     // the interpreted one
//
// A game that does more per agent (a world step, its own flags) writes its own
// tickOne; these are the common case. Their agents may sleep (bt/engine/sleep.h): a
// game that changes their flags calls Crowd::WakeAll.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "bt/engine/compiled_tick.h"
#include "bt/core/memory.h"
#include "bt/core/tree.h"

namespace bt {

// Agent i is at `agents` + i * agentStride bytes, its block at `blocks` + i *
// blockStride, blockBytes long: arrays of each, or one array of structs holding both.
template <class Agent>
struct CrowdMembers {
  Agent* agents = nullptr;
  std::size_t agentStride = sizeof(Agent);
  std::byte* blocks = nullptr;
  std::size_t blockStride = 0;
  std::size_t blockBytes = 0;

  Agent& AgentAt(std::size_t i) const {
    return *reinterpret_cast<Agent*>(reinterpret_cast<std::byte*>(agents) + i * agentStride);
  }
  std::span<std::byte> BlockAt(std::size_t i) const { return {blocks + i * blockStride, blockBytes}; }
  // Starts loading agent i and its block (first and last line) ahead of its tick.
  void Prefetch(std::size_t i) const noexcept {
    const std::byte* block = blocks + i * blockStride;
    __builtin_prefetch(&AgentAt(i), 1);
    __builtin_prefetch(block, 1);
    __builtin_prefetch(block + (blockBytes > 0 ? blockBytes - 1 : 0), 1);
  }
};

template <class Agent, std::size_t N>
CrowdMembers<Agent> ContiguousMembers(Agent* agents, Memory<N>* blocks) {
  return {agents, sizeof(Agent), reinterpret_cast<std::byte*>(blocks), sizeof(Memory<N>), N};  // bytes is the whole Memory
}

// Each agent ticked with TickBehaviorTreeCompiled<Root>, the same flags for all.
template <const DeciderDef& Root, class Agent>
struct CompiledCrowdTick {
  CrowdMembers<Agent> members;
  std::uint32_t decisionFlags = 0, stimuliFlags = 0;
  // Inlined into the crowd's loop, as the compiled tick is into a plain loop.
  [[gnu::always_inline]] TickResult operator()(std::size_t i, double time, float dt) const noexcept {
    return TickBehaviorTreeCompiled<Root>(members.AgentAt(i), members.BlockAt(i), time, dt, decisionFlags, stimuliFlags);
  }
  void Prefetch(std::size_t i) const noexcept { members.Prefetch(i); }
  // The crowd's call: the agent may sleep until wakeTime.
  [[gnu::always_inline]] TickResult operator()(std::size_t i, double time, float dt, double& wakeTime) const noexcept {
    return TickBehaviorTreeCompiled<Root>(members.AgentAt(i), members.BlockAt(i), time, dt, decisionFlags, stimuliFlags,
                                          TickOptions{.wakeTime = &wakeTime});
  }
};
template <const DeciderDef& Root, class Agent>
CompiledCrowdTick<Root, Agent> MakeCompiledCrowdTick(const CrowdMembers<Agent>& members, std::uint32_t decisionFlags = 0,
                                                     std::uint32_t stimuliFlags = 0) {
  return {members, decisionFlags, stimuliFlags};
}

// Each agent ticked with TickBehaviorTree(root, ...), for trees loaded at run time.
template <class Agent>
struct InterpretedCrowdTick {
  const DeciderDef* root = nullptr;
  CrowdMembers<Agent> members;
  std::uint32_t decisionFlags = 0, stimuliFlags = 0;
  TickResult operator()(std::size_t i, double time, float dt) const noexcept {
    return TickBehaviorTree(*root, members.AgentAt(i), members.BlockAt(i), time, dt, decisionFlags, stimuliFlags);
  }
  void Prefetch(std::size_t i) const noexcept { members.Prefetch(i); }
  // The crowd's call: the agent may sleep until wakeTime.
  TickResult operator()(std::size_t i, double time, float dt, double& wakeTime) const noexcept {
    return TickBehaviorTree(*root, members.AgentAt(i), members.BlockAt(i), time, dt, decisionFlags, stimuliFlags,
                            TickOptions{.wakeTime = &wakeTime});
  }
};
template <class Agent>
InterpretedCrowdTick<Agent> MakeInterpretedCrowdTick(const DeciderDef& root, const CrowdMembers<Agent>& members,
                                                     std::uint32_t decisionFlags = 0, std::uint32_t stimuliFlags = 0) {
  return {&root, members, decisionFlags, stimuliFlags};
}

}  // namespace bt
