// bt/core/layout.h — the analysis of a tree: its checks and its memory layout.
//
// Index
//   [SECTION] Slot layout         — where the parts of one decider's slot lie
//   [SECTION] Analysis state      — the deciders met, their index, the problem found
//   [SECTION] Checks              — one decider on its own: blocks, DBlock reader, configs
//   [SECTION] Walk                — the tree visited once: sizes, cycles, delegation, variables
//   [SECTION] Compile-time errors — one static_assert naming the problem and its culprit
//   [SECTION] Constant trees      — naming what keeps a tree from being a constant here
//   [SECTION] MemoryFor           — the checked tree and its block type
//
// One constexpr function serves both the compiler (bt::MemoryFor<ROOT> and
// BT_CHECK_TREE reject a bad tree with a static_assert and size the memory
// block exactly) and InitializeTreeData at run time (which names the offending
// decider), so the two can never disagree.
#pragma once

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>
#include <utility>

#include "bt/core/config.h"
#include "bt/core/decider.h"
#include "bt/core/memory.h"
#include "bt/core/running_path.h"
#include "bt/core/timestamps.h"

namespace bt {
namespace detail {

// =============================================================== [SECTION] Slot layout
inline constexpr std::uint32_t kDecidesBound = static_cast<std::uint32_t>(kMaxDelegatedDecides);

constexpr std::uint32_t AlignUp(std::uint32_t value, std::uint32_t align) {
  return (value + align - 1) / align * align;
}

// Where the parts of one decider's slot lie [bytes from the slot's start].
struct SlotLayout {
  std::uint32_t dblockOffset = 0;
  std::uint32_t memoryOffset = 0;
  std::uint32_t size = 0;
  std::uint32_t align = 4;
};

constexpr SlotLayout ComputeSlotLayout(const DeciderDef& d) {
  SlotLayout slot;
  std::uint32_t end = sizeof(SlotHeader);
  slot.align = 4;
  if (d.kind == DeciderKind::Group) {
    if (d.policy == GroupPolicy::Shuffle) end += d.childCount;
    if (HasSideBySideChildren(d.policy)) {
      end = AlignUp(end, alignof(ChildSet)) + sizeof(ChildSet);
      slot.align = alignof(ChildSet);
    }
    if (d.policy == GroupPolicy::Loop || d.policy == GroupPolicy::LoopUntilSuccess) end += sizeof(LoopCount);
    if (d.policy == GroupPolicy::Priority) end += sizeof(VariableWatch);
  }
  const BlockType memory = d.behavior ? d.behavior->memory : BlockType{};
  const std::uint32_t dblockAlign = d.dblock.align ? d.dblock.align : 1;
  const std::uint32_t memoryAlign = memory.align ? memory.align : 1;
  slot.dblockOffset = AlignUp(end, dblockAlign);
  end = slot.dblockOffset + d.dblock.size;
  slot.memoryOffset = AlignUp(end, memoryAlign);
  end = slot.memoryOffset + memory.size;
  if (dblockAlign > slot.align) slot.align = dblockAlign;
  if (memoryAlign > slot.align) slot.align = memoryAlign;
  slot.size = AlignUp(end, slot.align);
  return slot;
}

// =============================================================== [SECTION] Analysis state
// The deciders an analysis at run time has met, found by address and by their
// DeciderData in constant time (open addressing, at most half full): without it
// each lookup scans every decider met so far, quadratic in the tree's size.
// Not used in constant evaluation, which cannot hash addresses.
class DeciderIndex {
 public:
  // The index in `deciders` of d (by address), or -1.
  int Find(const DeciderDef* const* deciders, const DeciderDef* d) const {
    for (std::size_t h = Hash(d);; h = (h + 1) & kMask) {
      if (byDef_[h] == 0) return -1;
      if (deciders[byDef_[h] - 1] == d) return byDef_[h] - 1;
    }
  }
  // The index in `deciders` of one whose DeciderData is data, or -1.
  int FindData(const DeciderDef* const* deciders, const DeciderData* data) const {
    for (std::size_t h = Hash(data);; h = (h + 1) & kMask) {
      if (byData_[h] == 0) return -1;
      if (deciders[byData_[h] - 1]->data == data) return byData_[h] - 1;
    }
  }
  // Adds deciders[i], whose address and DeciderData are not in the index yet.
  void Add(const DeciderDef* const* deciders, int i) {
    const auto entry = static_cast<std::int16_t>(i + 1);
    std::size_t h = Hash(deciders[i]);
    while (byDef_[h] != 0) h = (h + 1) & kMask;
    byDef_[h] = entry;
    h = Hash(deciders[i]->data);
    while (byData_[h] != 0) h = (h + 1) & kMask;
    byData_[h] = entry;
  }

 private:
  static constexpr std::size_t kSlots = std::bit_ceil(2 * static_cast<std::size_t>(kMaxTreeDeciders));
  static constexpr std::size_t kMask = kSlots - 1;
  static std::size_t Hash(const void* p) {
    const auto x = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(p));
    return static_cast<std::size_t>((x * 0x9E3779B97F4A7C15ull) >> 40) & kMask;  // Fibonacci hashing
  }
  std::int16_t byDef_[kSlots] = {};   // 1 + an index into the analysis' deciders; 0: empty
  std::int16_t byData_[kSlots] = {};  // the same, by the decider's DeciderData
};

struct TreeAnalysis {
  TreeProblem problem = TreeProblem::None;
  const DeciderDef* culprit = nullptr;
  // Distinct deciders in depth-first post-order, with their layout.
  const DeciderDef* deciders[kMaxTreeDeciders] = {};
  std::uint32_t regionEnd[kMaxTreeDeciders] = {};   // [bytes] the decider's subtree needs
  std::uint8_t height[kMaxTreeDeciders] = {};       // deciders on the longest path down from it, itself included
  std::uint32_t slotOffset[kMaxTreeDeciders] = {};
  std::int16_t timerIndex[kMaxTreeDeciders] = {};
  // Decides one evaluation of the decider may call: 1, plus for a group that
  // delegates its Decide to its children the sum of theirs (each child counted as
  // often as it is listed). Saturates just past kMaxDelegatedDecides.
  std::uint32_t delegatedDecides[kMaxTreeDeciders] = {};
  int count = 0;
  int numTimers = 0;
  int depth = 0;
  bool triviallyCopyable = true;
  TypeTag agentType = kNoType;
  std::uint32_t deciderBytes = 0;  // [bytes] of the decider region
  std::uint32_t timersOffset = 0;  // [bytes] from the block's start
  std::uint32_t variablesOffset = 0;  // [bytes] from the block's start; 0: the tree declares none
  std::uint64_t variableBools = 0;    // bit i: variable i is a Bool
  std::uint64_t variableKinds = 0;    // a typed tree's table signature (VariableKindsSignature); 0: none
  std::uint32_t variableExtraWords = 0;  // [8-byte words] after the slots: a typed tree's table and floats
  // [bytes] from the block's start of the RunningPath (bt/core/running_path.h); 0: no
  // decider has kResumeOnRunningPath.
  std::uint32_t runningPathOffset = 0;
  bool runningPath = false;        // some decider has kResumeOnRunningPath
  bool ruleRuns = false;           // some decider has kCountsRuleRuns (the reference tick counts them)
  std::uint32_t memoryBytes = 0;   // [bytes] of the whole block

  int unknownIndex = -1;  // what IndexOf answers for a decider not in the tree (see StandInAnalysis)
  // At run time, the deciders met so far by address, for Find (see
  // DeciderIndex); null: a scan. Lives as long as the analysis' caller keeps it.
  DeciderIndex* index = nullptr;

  constexpr int IndexOf(const DeciderDef* d) const {
    for (int i = 0; i < count; ++i)
      if (deciders[i] == d) return i;
    return unknownIndex;
  }
  // IndexOf, through the index when there is one (at run time). IndexOf itself
  // stays a plain scan, which the compilers fold where the compiled tick uses it.
  constexpr int Find(const DeciderDef* d) const {
    if (!std::is_constant_evaluated() && index != nullptr) {
      const int i = index->Find(deciders, d);
      return i >= 0 ? i : unknownIndex;
    }
    return IndexOf(d);
  }
  constexpr bool Fail(TreeProblem why, const DeciderDef* who) {
    if (problem == TreeProblem::None) {
      problem = why;
      culprit = who;
    }
    return false;
  }
  constexpr bool AgreeOnAgent(TypeTag tag, const DeciderDef* who) {
    if (tag == kNoType) return true;
    if (agentType == kNoType) agentType = tag;
    return agentType == tag || Fail(TreeProblem::MixedAgentTypes, who);
  }
};

// =============================================================== [SECTION] Checks
constexpr bool CheckBlock(TreeAnalysis& a, const BlockType& block, bool isDBlock, const DeciderDef* who) {
  if (block.size == 0) return true;
  if (block.align > kMaxAlignment) return a.Fail(TreeProblem::AlignmentTooStrict, who);
  if (isDBlock) {
    if (block.size > kMaxDBlockBytes) return a.Fail(TreeProblem::DBlockTooLarge, who);
    if (!block.triviallyCopyable || block.destroy) return a.Fail(TreeProblem::DBlockNotTrivial, who);
  } else {
    if (block.size > kMaxBehaviorMemoryBytes) return a.Fail(TreeProblem::MemoryTooLarge, who);
    if (!block.triviallyCopyable) a.triviallyCopyable = false;
  }
  return true;
}

// A decider's DBlock is read only by its own behavior (a group's by its group
// behavior): when the behavior's functions take a DBlock as a parameter, the
// decider's must be of that type, so the thunk can hand it over unchecked;
// otherwise a DBlock needs a behavior with a function that takes the Context
// (Context::DBlock<T>()), or nothing can read it.
constexpr bool CheckDBlockReader(TreeAnalysis& a, const DeciderDef& d) {
  const BehaviorDef* b = d.behavior;
  if (b != nullptr && b->dblock.size != 0) {
    // Sizes first: a type tag is compared only between two blocks (see TypeTag).
    if (d.dblock.size != b->dblock.size || !(d.dblock.type == b->dblock.type))
      return a.Fail(TreeProblem::DBlockMismatch, &d);
    return true;
  }
  if (d.dblock.size != 0 && (b == nullptr || !b->takesContext)) return a.Fail(TreeProblem::DBlockUnread, &d);
  return true;
}

constexpr bool IsResult(Result result) {
  return result == Result::Running || result == Result::Done || result == Result::Failed;
}

// A classic group's NodeConfig (bt/core/classic.h), as its policy reads it. A Cooldown
// keeps its child's last failure in the decider's timer, so it takes no timer
// precondition of its own.
constexpr bool CheckNodeConfig(const DeciderDef& d) {
  const NodeConfig& c = d.config;
  if (d.policy == GroupPolicy::Decorator)
    return IsResult(c.results.done) && IsResult(c.results.failed) && IsResult(c.results.running);
  if (d.policy == GroupPolicy::RandomGate) return c.chance >= 0 && c.chance <= 1;
  if (d.policy == GroupPolicy::Cooldown)
    return c.seconds >= 0 && c.seconds <= 1e30f && d.preconditions.timerSeconds == 0;
  return true;
}

// A SelectionStateMachine's transitions: between states it has, each condition a
// plain Decide (evaluated outside any slot: no timer, no DBlock, no delegation)
// of the tree's agent type.
constexpr bool CheckTransitions(TreeAnalysis& a, const DeciderDef& d) {
  const NodeConfig& c = d.config;
  if (c.transitionCount != 0 && c.transitions == nullptr) return a.Fail(TreeProblem::BadSelectionTransition, &d);
  for (int k = 0; k < c.transitionCount; ++k) {
    const SelectionTransition& tr = c.transitions[k];
    const DeciderDef* cond = tr.condition;
    if (tr.from >= d.childCount || tr.to >= d.childCount || cond == nullptr || cond->data == nullptr ||
        cond->preconditions.timerSeconds != 0 || cond->dblock.size != 0 ||
        (cond->kind == DeciderKind::Group && (cond->flags & kDelegateDecideToChildren)))
      return a.Fail(TreeProblem::BadSelectionTransition, &d);
    if (!a.AgreeOnAgent(cond->agentType, &d)) return false;
  }
  return true;
}

// A StateMachine's states' transitions (bt/core/classic.h) each go to one of its states.
constexpr bool TransitionsFit(const DeciderDef& g) {
  for (int i = 0; i < g.childCount; ++i) {
    if (g.children[i] == nullptr) continue;  // reported when visited
    const NodeConfig& state = g.children[i]->config;
    if (state.eventTransitionCount != 0 && state.eventTransitions == nullptr) return false;
    for (int k = 0; k < state.eventTransitionCount; ++k)
      if (state.eventTransitions[k].to >= g.childCount) return false;
  }
  return true;
}

// Whether a GroupScope names no finder. g++ under UBSan (which keeps null checks)
// cannot fold a function's address against null while it checks a tree at
// compile time; the check is then left to InitializeTreeData, which makes it at run time.
constexpr bool ScopeFinderMissing(ScopeFinder finder) {
  if (std::is_constant_evaluated() && !__builtin_constant_p(finder == nullptr)) return false;
  return finder == nullptr;
}

// Checks one decider on its own, before its children are visited.
constexpr bool CheckDecider(TreeAnalysis& a, const DeciderDef& d) {
  if (d.data == nullptr) return a.Fail(TreeProblem::NullDecider, &d);
  const Preconditions& pre = d.preconditions;
  if (!(pre.timerSeconds >= 0) || pre.timerSeconds > 1e30f) return a.Fail(TreeProblem::BadPrecondition, &d);
  // A loader may fill any byte into kind; the tick treats anything but Behavior as a group.
  if (d.kind != DeciderKind::Behavior && d.kind != DeciderKind::Group) return a.Fail(TreeProblem::BadKind, &d);
  if (d.kind == DeciderKind::Behavior) {
    if (d.behavior == nullptr) return a.Fail(TreeProblem::BehaviorDeciderWithoutBehavior, &d);
    if (d.childCount != 0) return a.Fail(TreeProblem::BehaviorDeciderWithChildren, &d);
  } else {
    if (d.childCount == 0 || d.children == nullptr) return a.Fail(TreeProblem::GroupWithoutChildren, &d);
    if (d.childCount > kMaxGroupChildren) return a.Fail(TreeProblem::TooManyChildren, &d);
    if (static_cast<unsigned>(d.policy) >= kGroupPolicyCount)
      return a.Fail(TreeProblem::BadPolicy, &d);
    if (IsDecoratorPolicy(d.policy) && d.childCount != 1) return a.Fail(TreeProblem::DecoratorChildren, &d);
    if (!CheckNodeConfig(d)) return a.Fail(TreeProblem::BadNodeConfig, &d);
    if (d.policy == GroupPolicy::SelectionStateMachine && !CheckTransitions(a, d)) return false;
    if (d.policy == GroupPolicy::GroupScope && (d.config.scopeName == nullptr || ScopeFinderMissing(d.config.findScope)))
      return a.Fail(TreeProblem::BadScope, &d);
    if (d.policy == GroupPolicy::StateMachine && !TransitionsFit(d)) return a.Fail(TreeProblem::BadTransition, &d);
    if (d.policy == GroupPolicy::Shuffle && d.childCount > kMaxShuffleGroupChildren)
      return a.Fail(TreeProblem::TooManyShuffleChildren, &d);
    // A child listed twice is nearly always a slip (a pasted name); its entries
    // share one slot and one name, so no debug view can tell them apart. Two
    // deciders of one behavior and Decide say it on purpose.
    for (int i = 1; i < d.childCount; ++i)
      for (int j = 0; j < i; ++j)
        if (d.children[i] != nullptr && d.children[i] == d.children[j])
          return a.Fail(TreeProblem::DuplicateChild, &d);
  }
  if (!CheckBlock(a, d.dblock, true, &d)) return false;
  if (d.behavior) {
    if (!CheckBlock(a, d.behavior->memory, false, &d)) return false;
    if (!a.AgreeOnAgent(d.behavior->agentType, &d)) return false;
  }
  if (!a.AgreeOnAgent(d.agentType, &d)) return false;
  return CheckDBlockReader(a, d);
}

// =============================================================== [SECTION] Walk
// Visits d below the ancestors on `path`; returns the bytes its subtree needs.
constexpr std::uint32_t Visit(TreeAnalysis& a, const DeciderDef* d, const DeciderDef* parent,
                              const DeciderDef* (&path)[kMaxTreeDepth], int depth) {
  if (a.problem != TreeProblem::None) return 0;
  if (d == nullptr) return a.Fail(TreeProblem::NullDecider, parent), 0;
  for (int i = 0; i < depth; ++i)
    if (path[i] == d) return a.Fail(TreeProblem::Cycle, d), 0;
  if (const int seen = a.Find(d); seen >= 0) {
    // A shared decider met again, perhaps deeper than the first time: its subtree
    // hangs from here too, and may take the path past the limit.
    if (depth + a.height[seen] > kMaxTreeDepth) return a.Fail(TreeProblem::TooDeep, d), 0;
    if (depth + a.height[seen] > a.depth) a.depth = depth + a.height[seen];
    return a.regionEnd[seen];
  }
  if (depth >= kMaxTreeDepth) return a.Fail(TreeProblem::TooDeep, d), 0;
  if (!CheckDecider(a, *d)) return 0;
  // Variables belong to the tree, whose blocks hold them: one declared below the
  // root would be silently missing, so it is an error rather than ignored.
  if (depth > 0 && d->variableCount != 0) return a.Fail(TreeProblem::VariablesNotOnRoot, d), 0;
  if (depth + 1 > a.depth) a.depth = depth + 1;

  path[depth] = d;
  std::uint32_t childrenEnd = 0;
  int childrenHeight = 0;
  // The tick evaluates a delegating group by evaluating each of its children in
  // turn (AnyChildAccepts), recursively: in a DAG whose delegating
  // groups share children that is exponential in the depth.
  const bool delegates = d->kind == DeciderKind::Group && (d->flags & kDelegateDecideToChildren);
  // Children that may be active together each get a region of their own, one
  // after the other (bt/core/memory.h); the others share one.
  const bool sideBySide = d->kind == DeciderKind::Group && HasSideBySideChildren(d->policy);
  std::uint32_t decides = 1;
  if (d->kind == DeciderKind::Group) {
    for (int i = 0; i < d->childCount; ++i) {
      const std::uint32_t end = Visit(a, d->children[i], d, path, depth + 1);
      if (sideBySide) childrenEnd += SideBySideSpan(end);
      else if (end > childrenEnd) childrenEnd = end;
      if (const int child = a.Find(d->children[i]); child >= 0) {
        if (a.height[child] > childrenHeight) childrenHeight = a.height[child];
        if (delegates) decides += a.delegatedDecides[child];
        if (decides > kDecidesBound) decides = kDecidesBound + 1;  // saturates: no overflow
      }
    }
  }
  if (a.problem != TreeProblem::None) return 0;
  if (a.count >= kMaxTreeDeciders) return a.Fail(TreeProblem::TooManyDeciders, d), 0;
  // Named in post-order, so the lowest decider past the bound: its children are
  // within it, so its delegation is the one to cut (delegating groups above it,
  // which would be past the bound too, are not named).
  if (decides > kDecidesBound) return a.Fail(TreeProblem::DelegationTooCostly, d), 0;
  // Each decider needs its own DeciderData, where its layout is recorded: two
  // sharing one (a DeciderDef copied to make a variant) would get one layout for
  // both. Every pair is compared once, by the one met second in post-order.
  if (!std::is_constant_evaluated() && a.index != nullptr) {
    if (a.index->FindData(a.deciders, d->data) >= 0) return a.Fail(TreeProblem::SharedDeciderData, d), 0;
  } else {
    for (int i = 0; i < a.count; ++i)
      if (a.deciders[i]->data == d->data) return a.Fail(TreeProblem::SharedDeciderData, d), 0;
  }

  const SlotLayout slot = ComputeSlotLayout(*d);
  const int index = a.count++;
  a.deciders[index] = d;
  if (!std::is_constant_evaluated() && a.index != nullptr) a.index->Add(a.deciders, index);
  a.slotOffset[index] = AlignUp(childrenEnd, slot.align);
  a.regionEnd[index] = a.slotOffset[index] + slot.size;
  a.height[index] = static_cast<std::uint8_t>(childrenHeight + 1);
  const bool timed = d->preconditions.timerSeconds > 0 || (d->kind == DeciderKind::Group && d->policy == GroupPolicy::Cooldown);
  a.timerIndex[index] = timed ? static_cast<std::int16_t>(a.numTimers++) : -1;
  a.delegatedDecides[index] = decides;
  if (d->flags & kResumeOnRunningPath) a.runningPath = true;
  if (d->flags & kCountsRuleRuns) a.ruleRuns = true;
  if (a.regionEnd[index] > 0xFFFF) return a.Fail(TreeProblem::TreeTooLarge, d), 0;
  return a.regionEnd[index];
}

// A typed variable's 2-byte entry in the region's table (bt/core/variables.h):
// its type, then its size (floats, or enum names); 0 for Bool and Number.
constexpr std::uint8_t VariableKindSize(const VariableDecl& v) {
  if (v.type == VariableType::Floats) return v.floatCount;
  if (v.type == VariableType::Enum) return static_cast<std::uint8_t>(v.enumType != nullptr ? v.enumType->count : 0);
  return 0;
}
// [8-byte words] a Floats variable's floats take.
constexpr std::uint32_t VariableFloatWords(int floatCount) {
  return static_cast<std::uint32_t>(floatCount + 1) / 2;
}
// The signature of a typed tree's table (FNV-1a over its bytes, never 0), which
// a block's own table must match; 0 for a tree of Bools and Numbers.
constexpr std::uint64_t VariableKindsSignature(const std::uint8_t* kinds, int count) {
  std::uint64_t hash = 14695981039346656037ull;
  for (int i = 0; i < 2 * count; ++i) hash = (hash ^ kinds[i]) * 1099511628211ull;
  return hash | 1;
}

// The root's variable declarations (bt/core/variables.h); records which are
// Bools, and a typed tree's table and extra words.
constexpr bool CheckVariables(TreeAnalysis& a, const DeciderDef& root) {
  if (root.variableCount > kMaxVariables) return a.Fail(TreeProblem::TooManyVariables, &root);
  if (root.variableCount != 0 && root.variables == nullptr) return a.Fail(TreeProblem::BadVariable, &root);
  bool typed = false;
  std::uint32_t floatWords = 0;
  std::uint8_t kinds[2 * 64] = {};
  for (int i = 0; i < root.variableCount; ++i) {
    const VariableDecl& v = root.variables[i];
    if (v.name == nullptr || v.initial != v.initial) return a.Fail(TreeProblem::BadVariable, &root);  // NaN
    switch (v.type) {
      case VariableType::Bool:
        if (v.initial != 0 && v.initial != 1) return a.Fail(TreeProblem::BadVariable, &root);
        a.variableBools |= std::uint64_t{1} << i;
        break;
      case VariableType::Number:
        break;
      case VariableType::Int32:
        if (v.initialInteger < std::int64_t{-2147483647 - 1} || v.initialInteger > std::int64_t{2147483647}) return a.Fail(TreeProblem::BadVariable, &root);
        typed = true;
        break;
      case VariableType::Int64:
        typed = true;
        break;
      case VariableType::Enum:
        if (v.enumType == nullptr || v.enumType->count == 0 || v.enumType->count > kMaxVariableEnumValues ||
            v.enumType->names == nullptr || v.initialInteger < 0 || v.initialInteger >= v.enumType->count)
          return a.Fail(TreeProblem::BadVariable, &root);
        for (int n = 0; n < v.enumType->count; ++n)
          if (v.enumType->names[n] == nullptr) return a.Fail(TreeProblem::BadVariable, &root);
        typed = true;
        break;
      case VariableType::Floats:
        if (v.floatCount < 1 || v.floatCount > kMaxVariableFloats) return a.Fail(TreeProblem::BadVariable, &root);
        if (v.initialFloats != nullptr)
          for (int f = 0; f < v.floatCount; ++f)
            if (v.initialFloats[f] != v.initialFloats[f]) return a.Fail(TreeProblem::BadVariable, &root);
        floatWords += VariableFloatWords(v.floatCount);
        typed = true;
        break;
      default:  // a loader may fill any byte into type
        return a.Fail(TreeProblem::BadVariable, &root);
    }
    kinds[2 * i] = static_cast<std::uint8_t>(v.type);
    kinds[2 * i + 1] = VariableKindSize(v);
    for (int j = 0; j < i; ++j)
      if (std::string_view(root.variables[j].name) == v.name) return a.Fail(TreeProblem::DuplicateVariable, &root);
  }
  if (!TimestampsFit({root.variables, root.variableCount})) return a.Fail(TreeProblem::BadTimestamp, &root);
  if (typed) {
    a.variableExtraWords = AlignUp(2 * static_cast<std::uint32_t>(root.variableCount), 8) / 8 + floatWords;
    a.variableKinds = VariableKindsSignature(kinds, root.variableCount);
  }
  return true;
}

// [bytes] of the variables region: a VariableBlock, one 8-byte slot per
// variable, then a typed tree's extra words.
constexpr std::uint32_t VariableRegionBytes(int count, std::uint32_t extraWords = 0) {
  return count == 0 ? 0
                    : static_cast<std::uint32_t>(sizeof(VariableBlock) + sizeof(double) * static_cast<std::size_t>(count) +
                                                 8 * std::size_t{extraWords});
}

// `index`, at run time: where the analysis indexes the deciders it meets, in
// linear time; the returned analysis points at it.
constexpr TreeAnalysis AnalyzeTree(const DeciderDef& root, DeciderIndex* index = nullptr) {
  TreeAnalysis a;
  a.index = index;
  const DeciderDef* path[kMaxTreeDepth] = {};
  const std::uint32_t end = Visit(a, &root, nullptr, path, 0);
  if (a.problem != TreeProblem::None) return a;
  if (!CheckVariables(a, root)) return a;
  a.deciderBytes = AlignUp(end, kMaxAlignment);
  a.timersOffset = sizeof(MemoryHeader) + a.deciderBytes;
  const std::uint32_t timerBytes = static_cast<std::uint32_t>(a.numTimers) * std::uint32_t{sizeof(float)};
  const std::uint32_t timersEnd = AlignUp(a.timersOffset + timerBytes, kMaxAlignment);
  a.variablesOffset = root.variableCount != 0 ? timersEnd : 0;
  const std::uint32_t variablesEnd = AlignUp(timersEnd + VariableRegionBytes(root.variableCount, a.variableExtraWords), kMaxAlignment);
  a.runningPathOffset = a.runningPath ? variablesEnd : 0;
  a.memoryBytes = AlignUp(variablesEnd + (a.runningPath ? std::uint32_t{sizeof(RunningPath)} : 0), kMaxAlignment);
  return a;
}

// =============================================================== [SECTION] Compile-time errors
// A tree's problem, reported by instantiating the one specialization of its kind:
// a single static_assert whose message says what to change, in whose context
// the compilers print the culprit decider, e.g. (GCC)
//   In instantiation of 'struct bt::detail::TreeProblemAt<bt::TreeProblem::Cycle, A>'
// The None specialization is the one a valid tree instantiates.
template <auto>
inline constexpr bool kNoTreeProblem = false;
template <TreeProblem P, const DeciderDef& Culprit>
struct TreeProblemAt;
#define BT_TREE_PROBLEM(name, message)                                                                     \
  template <const DeciderDef& Culprit>                                                                     \
  struct TreeProblemAt<TreeProblem::name, Culprit> {                                                       \
    static_assert(TreeProblem::name == TreeProblem::None || kNoTreeProblem<&Culprit>, "bt: " message);     \
    static constexpr bool kReported = true;                                                                \
  };
#include "bt/core/kinds.def"

// What the code sized by a rejected tree's analysis (bt::MemoryFor, the compiled
// tick) sees instead of it, so that the one error above is the only one: a tree
// of no agent type, saveable, whose every decider lies at the block's start.
constexpr TreeAnalysis StandInAnalysis(TreeProblem problem, const DeciderDef* culprit) {
  TreeAnalysis a;
  a.problem = problem;
  a.culprit = culprit;
  a.unknownIndex = 0;
  a.memoryBytes = 1;
  return a;
}

template <const DeciderDef& D>
struct DeciderArgument {};
template <const BehaviorDef& B>
struct BehaviorArgument {};

// The TreeProblemAt of A's problem: of its culprit, or of the root when the
// culprit cannot be a template argument (an element of an array).
template <const DeciderDef& Root, const TreeAnalysis& A>
struct TreeProblemOf {
  using Type = TreeProblemAt<A.problem, Root>;
};
template <const DeciderDef& Root, const TreeAnalysis& A>
  requires(A.problem != TreeProblem::None && requires { typename DeciderArgument<*A.culprit>; })
struct TreeProblemOf<Root, A> {
  using Type = TreeProblemAt<A.problem, *A.culprit>;
};

// =============================================================== [SECTION] Constant trees
// Whether the tree below Root is visible here as constants (its analysis is a
// constant expression; evaluated twice, which is cheap). When it is not (a
// decider or behavior only declared in this file, or one whose definition failed
// to compile), one error says so, rather than one per use of the analysis.
template <const DeciderDef& Root>
concept ConstantTree = requires { typename std::integral_constant<bool, (AnalyzeTree(Root).count >= 0)>; };
template <const DeciderDef& Root>
struct TreeNotConstant {
  static_assert(kNoTreeProblem<&Root>,
                "bt: this tree is not a constant here: define its root and every decider and behavior below it "
                "with the BT_DEFINE_* macros in this file, before this point (or fix the error in a definition)");
  static constexpr bool kReported = true;
};

// The decider or behavior that keeps a tree from being a constant here: one
// only declared, as BT_CHILDREN declares a misspelt child, or defined further
// down. Naming it makes the tree's one error this incomplete type, which both
// compilers print with the name on the error's first line:
//   error: incomplete type 'bt::detail::CheckedTree<ROOT>::Report' {aka 'bt::detail::DeciderNotDefinedHere<PATROLL>'} ...
//   error: implicit instantiation of undefined template 'bt::detail::DeciderNotDefinedHere<PATROLL>'
template <const DeciderDef& Decider>
struct DeciderNotDefinedHere;  // bt: define this decider (BT_DEFINE_*) in this file before this point, or correct its name
template <const BehaviorDef& Behavior>
struct BehaviorNotDefinedHere;  // bt: define this behavior (BT_DEFINE_BEHAVIOR*) in this file before this point, or correct its name

// Whether the object a pointer of D points at is a constant here (its
// definition visible), and whether the tree below a child is.
template <const DeciderDef* D>
concept ConstantDecider = requires { typename std::integral_constant<bool, (D->childCount + 1 > 0)>; };
template <const BehaviorDef* B>
concept ConstantBehavior = requires { typename std::integral_constant<bool, (B->name != nullptr)>; };
template <const DeciderDef* D>
concept ConstantSubtree = requires { typename std::integral_constant<bool, (AnalyzeTree(*D).count >= 0)>; };

// The index of the first of D's children for which Test<child> is false; -1 for none.
template <const DeciderDef& D, template <const DeciderDef*> class Test, std::size_t... I>
constexpr int FirstChildFailing(std::index_sequence<I...>) {
  int first = -1;
  ((first < 0 && D.children[I] != nullptr && !Test<D.children[I]>::value ? first = static_cast<int>(I) : 0), ...);
  return first;
}
template <const DeciderDef* D>
struct IsConstantDecider : std::bool_constant<ConstantDecider<D>> {};
template <const DeciderDef* D>
struct IsConstantSubtree : std::bool_constant<ConstantSubtree<D>> {};

// The first of a SelectionStateMachine's conditions that is not a constant here; -1 for none.
template <const DeciderDef& D, std::size_t... I>
constexpr int FirstConditionNotConstant(std::index_sequence<I...>) {
  int first = -1;
  ((first < 0 && D.config.transitions[I].condition != nullptr &&
            !ConstantDecider<D.config.transitions[I].condition>
        ? first = static_cast<int>(I)
        : 0),
   ...);
  return first;
}

// The incomplete type naming what is not a constant below D, a decider that is:
// its behavior, a child, a condition, or a part below a child (searched no
// deeper than a tree may be). When none can be named (an object without a name
// of its own), TreeNotConstant<D> says it of the whole.
template <const DeciderDef& D, int Depth = 0>
struct NotConstantPartBelow {
  static constexpr int kChildren = D.children != nullptr ? D.childCount : 0;
  static constexpr int kConditions = D.config.transitions != nullptr ? D.config.transitionCount : 0;
  static constexpr bool kBehavior = D.behavior != nullptr && !ConstantBehavior<D.behavior>;
  static constexpr int kChild = FirstChildFailing<D, IsConstantDecider>(std::make_index_sequence<kChildren>{});
  static constexpr int kCondition = FirstConditionNotConstant<D>(std::make_index_sequence<kConditions>{});
  static constexpr int kBelow = FirstChildFailing<D, IsConstantSubtree>(std::make_index_sequence<kChildren>{});

  static auto Pick() {
    if constexpr (kBehavior && requires { typename BehaviorArgument<*D.behavior>; })
      return std::type_identity<BehaviorNotDefinedHere<*D.behavior>>{};
    else if constexpr (kChild >= 0 && requires { typename DeciderArgument<*D.children[kChild]>; })
      return std::type_identity<DeciderNotDefinedHere<*D.children[kChild]>>{};
    else if constexpr (kCondition >= 0 && requires { typename DeciderArgument<*D.config.transitions[kCondition].condition>; })
      return std::type_identity<DeciderNotDefinedHere<*D.config.transitions[kCondition].condition>>{};
    else if constexpr (kBelow >= 0 && Depth + 1 < kMaxTreeDepth &&
                       requires { typename DeciderArgument<*D.children[kBelow]>; })
      return std::type_identity<typename NotConstantPartBelow<*D.children[kBelow], Depth + 1>::Type>{};
    else
      return std::type_identity<TreeNotConstant<D>>{};
  }
  using Type = typename decltype(Pick())::type;
};

// The root itself, when it is only declared here; else what is below it.
template <const DeciderDef& Root>
struct TreeNotConstantOf {
  static auto Pick() {
    if constexpr (ConstantDecider<&Root>)
      return std::type_identity<typename NotConstantPartBelow<Root>::Type>{};
    else
      return std::type_identity<DeciderNotDefinedHere<Root>>{};
  }
  using Type = typename decltype(Pick())::type;
};

// =============================================================== [SECTION] MemoryFor
struct UnsizedTree {};

template <const DeciderDef& Root>
struct CheckedTree {
 private:
  static constexpr bool kConstant = ConstantTree<Root>;
  static constexpr TreeAnalysis kResult =
      kConstant ? AnalyzeTree(Root) : StandInAnalysis(TreeProblem::NullDecider, nullptr);
  // The one error of a bad tree: its problem's static_assert, or, for one not
  // constant here, the incomplete type naming the decider or behavior at fault.
  using Report = typename std::conditional_t<kConstant, TreeProblemOf<Root, kResult>, TreeNotConstantOf<Root>>::Type;
  static_assert(Report::kReported);  // bt: define the decider or behavior named here, in this file before this point, or correct its name

 public:
  static constexpr bool constant = kConstant;
  static constexpr bool valid = kResult.problem == TreeProblem::None;
  static constexpr TreeAnalysis analysis = valid ? kResult : StandInAnalysis(kResult.problem, kResult.culprit);
  static constexpr std::size_t memoryBytes = analysis.memoryBytes;
};

// The first decider (post-order) whose behavior memory struct is not trivially
// copyable: the one bt::SaveMemory's NotSaveable names at run time; null: none.
constexpr const DeciderDef* FirstNotSaveable(const TreeAnalysis& a) {
  for (int i = 0; i < a.count; ++i) {
    const DeciderDef* d = a.deciders[i];
    if (d->behavior != nullptr && d->behavior->memory.size != 0 && !d->behavior->memory.triviallyCopyable) return d;
  }
  return nullptr;
}

// The error of BT_CHECK_TREE_SAVEABLE, instantiated for the decider at fault, so
// the compilers name it in the error's context ("In instantiation of 'struct
// bt::detail::DeciderNotSaveable<HOARD>'").
template <const DeciderDef& Culprit>
struct DeciderNotSaveable {
  static_assert(kNoTreeProblem<&Culprit>,
                "bt: the tree must be saveable, but the behavior memory struct of the decider in "
                "DeciderNotSaveable<...> is not trivially copyable: keep plain data in memory structs "
                "(bt::SaveMemory would refuse it as NotSaveable)");
  static constexpr bool kReported = true;
};

struct TreeSaveable {
  static constexpr bool kReported = true;
};

// The check of BT_CHECK_TREE_SAVEABLE, on top of CheckedTree's (whose error
// alone a tree with a problem gets). A culprit that cannot be a template
// argument (an element of an array) is reported at the root.
template <const DeciderDef& Root>
struct CheckedSaveableTree {
 private:
  static constexpr const DeciderDef* kCulprit =
      CheckedTree<Root>::analysis.triviallyCopyable ? nullptr : FirstNotSaveable(CheckedTree<Root>::analysis);
  static auto Pick() {
    if constexpr (kCulprit == nullptr)
      return std::type_identity<TreeSaveable>{};
    else if constexpr (requires { typename DeciderArgument<*kCulprit>; })
      return std::type_identity<DeciderNotSaveable<*kCulprit>>{};
    else
      return std::type_identity<DeciderNotSaveable<Root>>{};
  }

  static_assert(decltype(Pick())::type::kReported);  // bt: make the memory struct of the decider named here trivially copyable

 public:
  static constexpr bool saveable = true;  // or the static_assert above failed: one error, not two
};

}  // namespace detail

// Opt-in: ROOT's tree must be valid and saveable as bytes (bt/engine/save.h), checked
// at compile time, so a memory struct that stops being trivially copyable breaks
// the build rather than a save; the error names the decider whose memory struct
// it is. Write it after the tree's definitions (it reads them): before them,
// ROOT is not yet declared.
#define BT_CHECK_TREE_SAVEABLE(ROOT) \
  static_assert(::bt::detail::CheckedSaveableTree<ROOT>::saveable, "bt: tree " #ROOT " is not saveable")

// The memory block sized for ROOT's tree at compile time; instantiating it checks
// the tree (each problem is a static_assert saying what to change).
// For a tree that is not a constant where it is sized (one error says so) it is no
// block, so that a tick given it does not compile on into errors of its own.
template <const DeciderDef& Root>
using MemoryFor = std::conditional_t<detail::CheckedTree<Root>::constant,
                                     TreeMemory<Root, detail::CheckedTree<Root>::memoryBytes>, detail::UnsizedTree>;

// A Memory<N> that knows its tree, so that the interpreted tick given it checks
// the agent's type at compile time, as the compiled tick does.
template <const DeciderDef& Root, std::size_t N>
struct TreeMemory : Memory<N> {
  // Whether Agent is the type the tree's functions take, or reaches it (BT_AGENT_BASE).
  template <class Agent>
  static constexpr bool kTakes = detail::CheckedTree<Root>::analysis.agentType == kNoType ||
                                 detail::ReachesAgentType<Agent>(detail::CheckedTree<Root>::analysis.agentType);
};

}  // namespace bt
