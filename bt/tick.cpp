// bt/tick.cpp — what happens in a tick, top to bottom.
//
// Index
//   [SECTION] Tick state       — what one TickBehaviorTree call carries
//   [SECTION] Memory access    — slots, behavior memory, contexts
//   [SECTION] Deciding         — preconditions, Decide, delegation
//   [SECTION] Policies         — how each group chooses a child
//   [SECTION] Activation       — starting and stopping deciders, deepest first
//   [SECTION] Ticking          — behaviors, groups, hysteresis, masked redecides
//   [SECTION] Entry points     — TickBehaviorTree, StopBehaviorTree, SeedMemory
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

#include <cmath>
#include <cstring>
#include <limits>

#include "bt/debug_output.h"
#include "bt/detail/tick_engine.h"
#include "bt/layout.h"
#include "bt/tree.h"

namespace bt {
namespace detail {

// =============================================================== [SECTION] Tick state
// TickState and Choice are in bt/detail/tick_engine.h, shared with the compiled tick.

// =============================================================== [SECTION] Memory access
// SlotBytes, Slot and BehaviorMemory are inline in bt/detail/tick_engine.h.

Context MakeContext(TickState& t, const DeciderDef& d, std::uint32_t base) {
  Context c;
  c.time = t.time;
  c.dt = t.dt;
  c.activeTime = static_cast<float>(t.time) - Slot(t, d, base).activatedAt;  // in float, as stored: 0 when just activated
  c.behaviorFlags = d.behaviorFlags;
  c.decisionFlags = t.decisionFlags;
  c.stimuliFlags = t.stimuliFlags;
  c.decider = &d;
  if (d.dblock.size != 0) {
    c.dblock = SlotBytes(t, d, base) + d.data->dblockOffset;
    c.dblockType = d.dblock.type;
  }
  return c;
}


void ConstructBlock(const BlockType& block, void* at) {
  if (block.size == 0) return;
  if (block.construct) block.construct(at);
  else std::memset(at, 0, block.size);
}

void DestroyBlock(const BlockType& block, void* at) {
  if (block.size != 0 && block.destroy) block.destroy(at);  // only what ConstructBlock constructed
}

bool Fail(TickState& t, Status status, const DeciderDef& d) {
  if (t.error == Status::Running) {
    t.error = status;
    t.errorDecider = &d;
  }
  return false;
}

// =============================================================== [SECTION] Deciding

float Evaluate(TickState& t, const DeciderDef& d, std::byte* dblock, bool checkTimer, int depth);
// Out of line, so the short common case of Evaluate inlines into the loops that call it.
[[gnu::noinline]] static float EvaluateWithChecks(TickState& t, const DeciderDef& d, std::byte* dblock, bool checkTimer,
                                           int depth);

// DelegateDecideToChildren: the group accepts if any child would. Children's
// Decides run now and again when the group chooses. Their timers are checked but
// left as they were: started here, they would make the child reject the choice
// that follows in the same tick.
bool AnyChildAccepts(TickState& t, const DeciderDef& g, int depth) {
  alignas(kMaxAlignment) std::byte scratch[kMaxDBlockBytes > 0 ? kMaxDBlockBytes : 1];
  for (int i = 0; i < g.childCount; ++i) {
    const DeciderDef& child = *g.children[i];
    float* timer = child.preconditions.timerSeconds > 0 ? &t.timers[child.data->timerIndex] : nullptr;
    const float lastDecide = timer ? *timer : 0;
    const bool accepts = Evaluate(t, child, scratch, true, depth + 1) > 0;
    if (timer) *timer = lastDecide;
    if (accepts) return true;
  }
  return false;
}

// Preconditions, then Decide. Returns the value (> 0 accepts, else 0); fills
// `dblock` when the decider has one. A failed precondition calls no Decide.
float Evaluate(TickState& t, const DeciderDef& d, std::byte* dblock, bool checkTimer, int depth) {
  if (!d.data->decideOnly) [[unlikely]]
    return EvaluateWithChecks(t, d, dblock, checkTimer, depth);
  // The common case, kept short: only the Decide (no preconditions, no DBlock).
  float value = 1.0f;
  if (d.decide) {
    t.decideContext.value.decider = &d;
    value = d.decide(t.agent, dblock, t.decideContext.value);
  }
  BT_DEBUG_OUT(t, 5, depth, "%s...%s %f", d.name, d.decide ? "Decide returned" : "no Decide, accepts with",
               static_cast<double>(value));
  return value > 0 ? value : 0.0f;  // NaN rejects
}

static float EvaluateWithChecks(TickState& t, const DeciderDef& d, std::byte* dblock, bool checkTimer, int depth) {
  const Preconditions& pre = d.preconditions;
  if (!pre.decision.Passes(t.decisionFlags)) {
    BT_DEBUG_OUT(t, 5, depth, "%s...failed DecisionFlags check", d.name);
    return 0;
  }
  if (!pre.stimuli.Passes(t.stimuliFlags)) {
    BT_DEBUG_OUT(t, 5, depth, "%s...failed StimuliFlags check", d.name);
    return 0;
  }
  if (checkTimer && pre.timerSeconds > 0) {
    float& lastDecide = t.timers[d.data->timerIndex];
    if (t.time - lastDecide < pre.timerSeconds) {
      BT_DEBUG_OUT(t, 5, depth, "%s...failed timer check", d.name);
      return 0;
    }
    lastDecide = static_cast<float>(t.time);
  }
  // A fresh DBlockT{} (member initializers included) even without a Decide: the chosen
  // child's DBlock is copied to its slot, and would otherwise carry what a sibling's
  // Decide left in the shared buffer.
  ConstructBlock(d.dblock, dblock);
  float value = 1.0f;
  if (d.decide) {
    t.decideContext.value.decider = &d;
    value = d.decide(t.agent, dblock, t.decideContext.value);
  }
  if (value > 0 && (d.flags & kDelegateDecideToChildren) && d.kind == DeciderKind::Group &&
      depth + 1 < kMaxTreeDepth && !AnyChildAccepts(t, d, depth))
    value = 0;
  BT_DEBUG_OUT(t, 5, depth, "%s...%s %f", d.name, d.decide ? "Decide returned" : "no Decide, accepts with",
               static_cast<double>(value));
  return value > 0 ? value : 0.0f;  // NaN rejects
}

// =============================================================== [SECTION] Policies
// Each chooses among the children not in `mask`. What a policy re-decides while a
// child is active (its hysteresis) is in TickGroup.

bool Masked(std::uint64_t mask, int i) { return (mask >> i) & 1u; }

std::uint32_t NextRandom(TickState& t, const DeciderDef& g) {
  if (g.random) return g.random(t.agent);
  std::uint32_t x = t.header->rng;  // xorshift32
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  t.header->rng = x;
  return x;
}

// PrioritizedList: the first child of [0, end) that accepts.
void ChoosePrioritized(TickState& t, const DeciderDef& g, std::uint64_t mask, int end, Choice& out, int depth) {
  for (int i = 0; i < end; ++i) {
    if (Masked(mask, i)) continue;
    if (Evaluate(t, *g.children[i], out.dblock, true, depth + 1) > 0) {
      out.index = i;
      return;
    }
  }
}

// Sequential: the first child from `from` on that accepts; those that reject are skipped.
void ChooseSequential(TickState& t, const DeciderDef& g, int from, Choice& out, int depth) {
  const std::uint64_t before = from >= 64 ? ~0ull : (1ull << from) - 1;
  ChoosePrioritized(t, g, before, g.childCount, out, depth);
}

// Scored: every child's Decide is called; the highest value above 0 wins, ties to the earlier.
void ChooseScored(TickState& t, const DeciderDef& g, std::uint64_t mask, Choice& out, int depth) {
  alignas(kMaxAlignment) std::byte scratch[sizeof(out.dblock)];
  float best = 0;
  for (int i = 0; i < g.childCount; ++i) {
    if (Masked(mask, i)) continue;
    const DeciderDef& child = *g.children[i];
    const float value = Evaluate(t, child, scratch, true, depth + 1);
    if (value > best) {
      best = value;
      out.index = i;
      std::memcpy(out.dblock, scratch, child.dblock.size);
    }
  }
}

// Random: an accepting child with probability proportional to its value, in one
// pass (weighted reservoir): the k-th acceptor replaces the choice with
// probability value / total so far. The first acceptor draws nothing.
void ChooseRandom(TickState& t, const DeciderDef& g, std::uint64_t mask, Choice& out, int depth) {
  alignas(kMaxAlignment) std::byte scratch[sizeof(out.dblock)];
  float total = 0;
  for (int i = 0; i < g.childCount; ++i) {
    if (Masked(mask, i)) continue;
    const DeciderDef& child = *g.children[i];
    const float value = Evaluate(t, child, scratch, true, depth + 1);
    if (!(value > 0)) continue;
    total += value;
    if (out.index >= 0) {
      const float unit = static_cast<float>(NextRandom(t, g) >> 8) * (1.0f / 16777216.0f);
      if (!(unit * total < value)) continue;
    }
    out.index = i;
    std::memcpy(out.dblock, scratch, child.dblock.size);
  }
}

// Shuffle: the order after the slot header holds a permutation; positions before
// the cursor have run this round. A new round (a fresh permutation) begins when
// the group activates and when no child left in the round accepts.
std::uint8_t* ShuffleOrder(TickState& t, const DeciderDef& g, std::uint32_t base) {
  return reinterpret_cast<std::uint8_t*>(SlotBytes(t, g, base) + sizeof(SlotHeader));
}

void Reshuffle(TickState& t, const DeciderDef& g, std::uint32_t base) {
  std::uint8_t* order = ShuffleOrder(t, g, base);
  for (int i = 0; i < g.childCount; ++i) order[i] = static_cast<std::uint8_t>(i);
  for (int i = g.childCount - 1; i > 0; --i) {  // Fisher-Yates
    const int j = static_cast<int>(NextRandom(t, g) % static_cast<std::uint32_t>(i + 1));
    const std::uint8_t swap = order[i];
    order[i] = order[j];
    order[j] = swap;
  }
  Slot(t, g, base).cursor = 0;
}

void ChooseShuffle(TickState& t, const DeciderDef& g, std::uint32_t base, std::uint64_t mask, Choice& out,
                   int depth) {
  std::uint8_t* order = ShuffleOrder(t, g, base);
  SlotHeader& slot = Slot(t, g, base);
  for (int round = 0; round < 2; ++round) {
    for (int k = slot.cursor; k < g.childCount; ++k) {
      const int i = order[k];
      if (Masked(mask, i)) continue;
      if (!(Evaluate(t, *g.children[i], out.dblock, true, depth + 1) > 0)) {
        mask |= 1ull << i;  // one Decide per child per choice, even across the new round
        continue;
      }
      order[k] = order[slot.cursor];  // move the chosen child into the ran-this-round part
      order[slot.cursor] = static_cast<std::uint8_t>(i);
      ++slot.cursor;
      out.index = i;
      return;
    }
    if (slot.cursor == 0) return;  // nothing has run this round: a new one would not help
    Reshuffle(t, g, base);
  }
}

// A fresh choice over all children not masked, as on activation or after a redecide.
void Choose(TickState& t, const DeciderDef& g, std::uint32_t base, std::uint64_t mask, Choice& out, int depth) {
  switch (g.policy) {
    case GroupPolicy::PrioritizedList: ChoosePrioritized(t, g, mask, g.childCount, out, depth); break;
    case GroupPolicy::Random: ChooseRandom(t, g, mask, out, depth); break;
    case GroupPolicy::Shuffle: ChooseShuffle(t, g, base, mask, out, depth); break;
    case GroupPolicy::Sequential: ChooseSequential(t, g, 0, out, depth); break;
    case GroupPolicy::Scored: ChooseScored(t, g, mask, out, depth); break;
  }
  BT_DEBUG_OUT(t, 5, depth, "%s chose child %d %s", g.name, out.index,
               out.index >= 0 ? g.children[out.index]->name : "(none accepts)");
}

// =============================================================== [SECTION] Activation

// Marks d active from now and hands it the DBlock its Decide filled. Its
// behavior is constructed and activated by TickDecider, which ticks it next.
void StartSlot(TickState& t, const DeciderDef& d, std::uint32_t base, const std::byte* dblock) {
  SlotHeader& slot = Slot(t, d, base);
  slot.activatedAt = static_cast<float>(t.time);
  slot.activeChild = kNoChild;
  slot.cursor = 0;
  if (d.dblock.size != 0) std::memcpy(SlotBytes(t, d, base) + d.data->dblockOffset, dblock, d.dblock.size);
}

void StartChild(TickState& t, const DeciderDef& g, std::uint32_t base, const Choice& choice) {
  Slot(t, g, base).activeChild = static_cast<std::uint8_t>(choice.index);
  StartSlot(t, *g.children[choice.index], base, choice.dblock);
}

// Deactivates d and everything active below it, deepest first.
void Deactivate(TickState& t, const DeciderDef& d, std::uint32_t base, int depth) {
  SlotHeader& slot = Slot(t, d, base);
  if (d.kind == DeciderKind::Group && slot.activeChild != kNoChild) {
    Deactivate(t, *d.children[slot.activeChild], base, depth + 1);
    slot.activeChild = kNoChild;
  }
  if (const BehaviorDef* b = d.behavior) {
    void* memory = BehaviorMemory(t, d, base);
    BT_DEBUG_OUT_TRANSITION(t, 2, depth, "deactivating behavior %s, in decider %s", b->name, d.name);
    if (b->deactivate) b->deactivate(t.agent, memory, MakeContext(t, d, base));
    DestroyBlock(b->memory, memory);
  }
}

// =============================================================== [SECTION] Ticking

Result TickDecider(TickState& t, const DeciderDef& d, std::uint32_t base, bool isNew, int depth);

// A group's tick after its group behavior. Hysteresis by policy:
// - PrioritizedList: the children above the active one are decided every tick
//   and interrupt it; the active child's own Decide is not called.
// - Random, Shuffle, Sequential, Scored: nothing is re-decided while a child is
//   active; they choose only on activation and on a masked redecide. Activated
//   again after an interruption, a Sequential starts over from its first child
//   and a Shuffle starts a new round.
Result TickGroup(TickState& t, const DeciderDef& g, std::uint32_t base, bool isNew, int depth) {
  SlotHeader& slot = Slot(t, g, base);
  Choice choice;
  std::uint64_t mask = 0;
  if (isNew || slot.activeChild == kNoChild) {
    if (g.policy == GroupPolicy::Shuffle) Reshuffle(t, g, base);
    Choose(t, g, base, mask, choice, depth);
    if (choice.index < 0) return Result::Failed;
    StartChild(t, g, base, choice);
  } else if (g.policy == GroupPolicy::PrioritizedList && slot.activeChild > 0) {
    ChoosePrioritized(t, g, mask, slot.activeChild, choice, depth);
    if (choice.index >= 0) return Interrupt(t, g, base, choice, depth);
  }
  const bool childIsNew = choice.index >= 0;
  if (!childIsNew)
    BT_DEBUG_OUT(t, 4, depth, "continuing child %d %s, duration %.3f", slot.activeChild,
                 g.children[slot.activeChild]->name,
                 detail::DebugSeconds(t.time, Slot(t, *g.children[slot.activeChild], base).activatedAt));
  const Result result = TickDecider(t, *g.children[slot.activeChild], base, childIsNew, depth + 1);
  if (result == Result::Running || t.error != Status::Running) return result;
  return RedecideAfter(t, g, base, result, depth);
}

Result Interrupt(TickState& t, const DeciderDef& g, std::uint32_t base, const Choice& choice, int depth) {
  SlotHeader& slot = Slot(t, g, base);
  BT_DEBUG_OUT_TRANSITION(t, 2, depth, "%s interrupts %s", g.children[choice.index]->name,
                          g.children[slot.activeChild]->name);
  Deactivate(t, *g.children[slot.activeChild], base, depth + 1);
  StartChild(t, g, base, choice);
  const Result result = TickDecider(t, *g.children[slot.activeChild], base, true, depth + 1);
  if (result == Result::Running || t.error != Status::Running) return result;
  return RedecideAfter(t, g, base, result, depth);
}

Result RedecideAfter(TickState& t, const DeciderDef& g, std::uint32_t base, Result result, int depth) {
  SlotHeader& slot = Slot(t, g, base);
  Choice choice;
  std::uint64_t mask = 0;
  for (;;) {
    const int active = slot.activeChild;
    // Masked redecide: the child is done or failed; it stays active until replaced.
    if (++t.redecides > t.redecideLimit) return Fail(t, Status::RedecideLimit, g), Result::Failed;
    BT_DEBUG_OUT(t, 4, depth, "child %d %s returned %s: %s redecides without it", active, g.children[active]->name,
                 ResultName(result), g.name);
    mask |= 1ull << active;
    choice.index = -1;
    if (g.policy == GroupPolicy::Sequential && result == Result::Failed) return Result::Failed;
    if (g.flags & kCallDecideOnRedecide) {
      // Preconditions and Decide again (not the timer: it paces activation).
      if (!(Evaluate(t, g, choice.dblock, false, depth) > 0)) return Result::Failed;
    }
    if (g.policy == GroupPolicy::Sequential) {
      ChooseSequential(t, g, active + 1, choice, depth);
      if (choice.index < 0) return Result::Done;
    } else {
      Choose(t, g, base, mask, choice, depth);
      if (choice.index < 0) return Result::Failed;
    }
    Deactivate(t, *g.children[active], base, depth + 1);
    StartChild(t, g, base, choice);
    result = TickDecider(t, *g.children[slot.activeChild], base, true, depth + 1);
    if (result == Result::Running || t.error != Status::Running) return result;
  }
}

Result TickDecider(TickState& t, const DeciderDef& d, std::uint32_t base, bool isNew, int depth) {
  if (d.kind == DeciderKind::Group)
    BT_DEBUG_OUT(t, 4, depth, "visiting %s %s decider %s, %s, %d children, active child %d, duration %.3f",
                 isNew ? "new" : "current", DeciderKindName(d.kind), d.name, GroupPolicyName(d.policy), d.childCount,
                 isNew ? -1 : Slot(t, d, base).activeChild,
                 detail::DebugSeconds(t.time, Slot(t, d, base).activatedAt));
  else
    BT_DEBUG_OUT(t, 4, depth, "visiting %s %s decider %s, duration %.3f", isNew ? "new" : "current",
                 DeciderKindName(d.kind), d.name, detail::DebugSeconds(t.time, Slot(t, d, base).activatedAt));
  if (const BehaviorDef* b = d.behavior) {
    void* memory = BehaviorMemory(t, d, base);
    if (isNew) {
      ConstructBlock(b->memory, memory);
      BT_DEBUG_OUT_TRANSITION(t, 1, depth, "activating behavior %s with flags 0x%x, in decider %s", b->name,
                              d.behaviorFlags, d.name);
      if (b->activate && !b->activate(t.agent, memory, MakeContext(t, d, base))) return Result::Failed;
    }
    BT_DEBUG_OUT(t, 3, depth, "ticking behavior %s with flags 0x%x, duration %.3f, in decider %s", b->name,
                 d.behaviorFlags, detail::DebugSeconds(t.time, Slot(t, d, base).activatedAt), d.name);
    const Result result = !b->tick                ? Result::Running
                          : !b->tickTakesContext ? b->tick(t.agent, memory, kNoContext)
                                                 : b->tick(t.agent, memory, MakeContext(t, d, base));
    if (d.kind == DeciderKind::Behavior) {
      if (result == Result::Running) t.runningDecider = &d;
      return result;
    }
    if (result != Result::Running) return result;  // a group behavior that ends ends its group
  }
  if (d.kind == DeciderKind::Behavior) return Result::Failed;  // rejected by InitializeTreeData
  return TickGroup(t, d, base, isNew, depth);
}

// A damaged block (a bad save, a stray write) may name a child its group does not
// have, or none. The active path is walked before anything is called, so no index
// read from the block reaches a children array unchecked. Returns the first group
// from the root down whose slot does not fit the tree, or null.
const DeciderDef* FindCorruptGroup(TickState& t) {
  const DeciderDef* d = t.root;
  for (int depth = 0; depth < kMaxTreeDepth && d->kind == DeciderKind::Group; ++depth) {
    if (d->policy == GroupPolicy::Shuffle) {
      const std::uint8_t* order = ShuffleOrder(t, *d, 0);
      for (int i = 0; i < d->childCount; ++i)
        if (order[i] >= d->childCount) return d;
    }
    // kNoChild too: between ticks an active path always ends at a behavior decider.
    const std::uint8_t child = Slot(t, *d, 0).activeChild;
    if (child >= d->childCount) return d;
    d = d->children[child];
  }
  return nullptr;
}

// Deactivates the trustworthy part of a damaged path: the corrupt group and what
// is above it, deepest first. What lay below it cannot be known and is not called.
void DeactivateAbove(TickState& t, const DeciderDef& corrupt) {
  Slot(t, corrupt, 0).activeChild = kNoChild;
  Deactivate(t, *t.root, 0, 0);
  t.header->rootActive = 0;
}

bool IsAligned(const void* p) { return reinterpret_cast<std::uintptr_t>(p) % kMaxAlignment == 0; }

// Checks everything about a call that can be checked before touching the block.
// Once per tree: out of line, so its 200-byte TreeError does not weigh on every tick.
[[gnu::noinline]] bool InitializeForTick(const DeciderDef& root, const DeciderDef*& culprit) {
  TreeError error;
  if (InitializeTreeData(root, &error)) return true;
  culprit = error.decider;
  return false;
}

Status CheckCall(const DeciderDef& root, void* agent, TypeTag agentType, std::span<std::byte> memory,
                 const DeciderDef*& culprit) {
  if (root.data == nullptr) return Status::InvalidTree;
  if (root.data->tree.state.load(std::memory_order_acquire) != TreeData::kValid) [[unlikely]] {
    if (!InitializeForTick(root, culprit)) return Status::InvalidTree;
  }
  const TreeData& tree = root.data->tree;
  if (agent == nullptr) return Status::NullAgent;
  if (tree.agentType != kNoType && agentType != kNoType && tree.agentType != agentType)
    return Status::AgentTypeMismatch;
  if (memory.size() < tree.memoryBytes || !IsAligned(memory.data())) return Status::MemoryTooSmall;
  const auto& header = *reinterpret_cast<const MemoryHeader*>(memory.data());
  if (header.treeStamp != 0 && header.treeStamp != tree.stamp) return Status::MemoryFromOtherTree;
  return Status::Running;
}

TickState MakeTickState(const DeciderDef& root, void* agent, std::span<std::byte> memory, double time) {
  TickState t{};
  t.root = &root;
  t.agent = agent;
  t.header = reinterpret_cast<MemoryHeader*>(memory.data());
  t.region = memory.data() + sizeof(MemoryHeader);
  t.timers = reinterpret_cast<float*>(memory.data() + root.data->tree.timersOffset);
  t.time = time;
  t.error = Status::Running;
  return t;
}

Status BeginTick(TickState& t, const DeciderDef& root, void* agent, TypeTag agentType, std::span<std::byte> memory,
                 double time, float dt, std::uint32_t decisionFlags, std::uint32_t stimuliFlags,
                 const TickOptions& options, const DeciderDef*& culprit) {
  culprit = &root;
  if (const Status status = CheckCall(root, agent, agentType, memory, culprit); status != Status::Running)
    return status;
  if (!std::isfinite(time) || !std::isfinite(dt) || dt < 0) return Status::BadTime;
  // The block keeps times as float; beyond its range they would become infinite for good.
  if (std::fabs(time) > std::numeric_limits<float>::max()) return Status::BadTime;

  t = MakeTickState(root, agent, memory, time);
  MemoryHeader& header = *t.header;
  if (header.treeStamp == 0) {  // a fresh block: start it for this tree
    header.treeStamp = root.data->tree.stamp;
    if (header.rng == 0) header.rng = 0x9E3779B9u;
    header.rootActive = 0;
    header.lastTime = static_cast<float>(time);
    for (int i = 0; i < root.data->tree.numTimers; ++i) t.timers[i] = -INFINITY;
  }
  if (static_cast<float>(time) < header.lastTime) return Status::BadTime;
  header.lastTime = static_cast<float>(time);
  t.dt = dt;
  t.decisionFlags = decisionFlags;
  t.stimuliFlags = stimuliFlags;
  t.redecideLimit = options.redecideLimit;
  t.decideContext.value = DecideContext{t.time, t.dt, t.decisionFlags, t.stimuliFlags, nullptr};
  BT_DEBUG_BEGIN_TICK(t);
  culprit = nullptr;
  return Status::Running;
}

bool StartPath(TickState& t, bool& isNew, TickResult& early) {
  MemoryHeader& header = *t.header;
  isNew = false;
  if (header.rootActive) {
    if (const DeciderDef* corrupt = FindCorruptGroup(t)) {
      DeactivateAbove(t, *corrupt);
      BT_DEBUG_END_TICK(t, Status::CorruptMemory);
      early = {Status::CorruptMemory, corrupt};
      return false;
    }
    return true;
  }
  Choice choice;
  if (!(Evaluate(t, *t.root, choice.dblock, true, 0) > 0)) {
    BT_DEBUG_END_TICK(t, Status::NoBehavior);
    early = {Status::NoBehavior, nullptr};
    return false;
  }
  StartSlot(t, *t.root, 0, choice.dblock);
  header.rootActive = 1;
  isNew = true;
  return true;
}

TickResult FinishTick(TickState& t, Result result) {
  if (result == Result::Running && t.error == Status::Running) {
    BT_DEBUG_END_TICK(t, Status::Running);
    return {Status::Running, t.runningDecider};
  }
  // Nothing is left running (or the tick gave up): leave every Activate paired.
  Deactivate(t, *t.root, 0, 0);
  t.header->rootActive = 0;
  BT_DEBUG_END_TICK(t, t.error != Status::Running ? t.error
                       : result == Result::Done  ? Status::Done
                                                 : Status::NoBehavior);
  if (t.error != Status::Running) return {t.error, t.errorDecider};
  return {result == Result::Done ? Status::Done : Status::NoBehavior, nullptr};
}

}  // namespace detail

// =============================================================== [SECTION] Entry points

void SeedMemory(std::span<std::byte> memory, std::uint32_t seed) {
  if (memory.size() < sizeof(MemoryHeader) || !detail::IsAligned(memory.data())) return;
  // Scrambled (murmur3's finalizer, a bijection): xorshift's first outputs from small
  // seeds are small, so agents seeded 1, 2, 3... would otherwise all draw alike at first.
  std::uint32_t x = seed;
  x = (x ^ (x >> 16)) * 0x85EBCA6Bu;
  x = (x ^ (x >> 13)) * 0xC2B2AE35u;
  x ^= x >> 16;
  reinterpret_cast<MemoryHeader*>(memory.data())->rng = x != 0 ? x : 0x9E3779B9u;
}

TickResult TickBehaviorTree(const DeciderDef& root, void* agent, TypeTag agentType, std::span<std::byte> memory,
                            double time, float dt, std::uint32_t decisionFlags, std::uint32_t stimuliFlags,
                            const TickOptions& options) {
  detail::TickState t;
  const DeciderDef* culprit = nullptr;
  const Status status = detail::BeginTick(t, root, agent, agentType, memory, time, dt, decisionFlags, stimuliFlags,
                                          options, culprit);
  if (status != Status::Running) return {status, culprit};
  bool isNew = false;
  TickResult early;
  if (!detail::StartPath(t, isNew, early)) return early;
  return detail::FinishTick(t, detail::TickDecider(t, root, 0, isNew, 0));
}

void StopBehaviorTree(const DeciderDef& root, void* agent, std::span<std::byte> memory, double time) {
  using namespace detail;
  const DeciderDef* culprit = nullptr;
  if (CheckCall(root, agent, kNoType, memory, culprit) != Status::Running) return;
  TickState t = MakeTickState(root, agent, memory, time);
  if (t.header->treeStamp == 0 || !t.header->rootActive) return;
  if (const DeciderDef* corrupt = FindCorruptGroup(t)) return DeactivateAbove(t, *corrupt);
  Deactivate(t, root, 0, 0);
  t.header->rootActive = 0;
}

}  // namespace bt
