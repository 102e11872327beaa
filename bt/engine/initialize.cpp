// bt/engine/initialize.cpp — InitializeTreeData: verify a tree once and record its layout.
#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstring>
#include <mutex>

#include "bt/engine/detail/classic_rules.h"
#include "bt/core/layout.h"
#include "bt/core/name_id.h"
#include "bt/core/tree.h"

namespace bt {
namespace {

void Describe(TreeProblem problem, const DeciderDef* decider, TreeError* error) {
  if (error == nullptr) return;
  error->problem = problem;
  error->decider = decider;
  std::snprintf(error->message, sizeof error->message, "bt: decider %s: %s",
                decider && decider->name ? decider->name : "(null)", TreeProblemMessage(problem));
}

// FNV-1a, 32 bits, over values only (names, sizes, flags, offsets; never an
// address), so the same tree gets the same stamp in every run and process.
class StampHash {
 public:
  void Byte(std::uint32_t byte) { hash_ = (hash_ ^ (byte & 0xFF)) * 16777619u; }
  void Word(std::uint32_t word) {
    for (int i = 0; i < 4; ++i) Byte(word >> (8 * i));
  }
  void Text(const char* text) {
    for (const char* c = text ? text : ""; *c; ++c) Byte(static_cast<unsigned char>(*c));
    Byte(0);  // ends the text: "AB","C" and "A","BC" differ
  }
  // What the engine knows of a type (not its TypeTag, a hash of the compiler's
  // spelling of it, which would differ between two compilers' builds of one game).
  void Block(const BlockType& block) {
    Text(block.name);
    Word(block.size);
    Word(block.align);
    Byte(block.triviallyCopyable);
  }
  void Check(const FlagCheck& check) {
    Word(check.anySet);
    Word(check.allSet);
    Word(check.anyClear);
    Word(check.allClear);
  }
  std::uint32_t Value() const { return hash_ != 0 ? hash_ : 1; }  // 0 marks a block never ticked

 private:
  std::uint32_t hash_ = 2166136261u;
};

// Identifies the tree in the memory blocks it starts: a block is taken only by a
// tree whose blocks mean the same, so everything that decides what the bytes of
// a block mean goes in — the shape (each child by its index), names, the memory
// and DBlock types, flags, preconditions, timers and the whole layout. A save
// restored into a newer version of a tree that changed any of it is refused
// (Status::MemoryFromOtherTree) rather than read as garbage.
std::uint32_t Stamp(const detail::TreeAnalysis& a) {
  StampHash h;
  h.Word(sizeof(MemoryHeader));
  h.Word(sizeof(SlotHeader));
  for (int i = 0; i < a.count; ++i) {
    const DeciderDef& d = *a.deciders[i];
    h.Text(d.name);
    h.Byte(static_cast<std::uint32_t>(d.kind));
    h.Byte(static_cast<std::uint32_t>(d.policy));
    h.Word(d.flags);
    h.Word(d.childCount);
    for (int c = 0; c < d.childCount; ++c) h.Word(static_cast<std::uint32_t>(a.Find(d.children[c])));
    h.Word(d.behaviorFlags);
    h.Byte(d.behavior != nullptr);
    if (d.behavior) {
      h.Text(d.behavior->name);
      h.Block(d.behavior->memory);
    }
    h.Block(d.dblock);
    h.Word(std::bit_cast<std::uint32_t>(d.preconditions.timerSeconds));
    h.Check(d.preconditions.decision);
    h.Check(d.preconditions.stimuli);
    h.Word(static_cast<std::uint32_t>(a.timerIndex[i]));
    const detail::SlotLayout slot = detail::ComputeSlotLayout(d);
    h.Word(a.slotOffset[i]);
    h.Word(slot.dblockOffset);
    h.Word(slot.memoryOffset);
    h.Word(slot.size);
    // A block inside a GroupScope holds a place in the scope of that name: a
    // block seated in another scope would give back a place it never took.
    // Hashed only there, so that every other tree keeps its stamp.
    if (d.kind == DeciderKind::Group && d.policy == GroupPolicy::GroupScope) h.Text(d.config.scopeName);
  }
  h.Word(static_cast<std::uint32_t>(a.count));
  h.Word(static_cast<std::uint32_t>(a.numTimers));
  h.Word(a.deciderBytes);
  h.Word(a.timersOffset);
  h.Word(a.memoryBytes);
  // Only for a tree that declares variables, so that every other tree keeps the
  // stamp it had before variables existed, and its saves stay good.
  const DeciderDef& root = *a.deciders[a.count - 1];  // post-order: the root is last
  if (root.variableCount != 0) {
    h.Word(root.variableCount);
    for (int i = 0; i < root.variableCount; ++i) {
      h.Text(root.variables[i].name);
      h.Byte(static_cast<std::uint32_t>(root.variables[i].type));
    }
    h.Word(a.variablesOffset);
  }
  if (a.runningPathOffset != 0) h.Word(a.runningPathOffset);  // likewise
  return h.Value();
}

// What InitializeTreeData records in one decider's DeciderData.
struct Layout {
  std::uint16_t slotOffset;
  std::uint16_t dblockOffset;
  std::uint16_t memoryOffset;
  std::int16_t timerIndex;
  bool decideOnly;
  std::uint32_t regionBytes;
  std::uint8_t walk;
  std::uint16_t childBases[kRecordedChildBases];
};

// Evaluating d is only its Decide: no preconditions, no delegation, no DBlock.
bool DecideOnly(const DeciderDef& d) {
  return !d.preconditions.IsSet() && !(d.flags & kDelegateDecideToChildren) && d.dblock.size == 0;
}

Layout LayoutOf(const detail::TreeAnalysis& a, int i) {
  const DeciderDef& d = *a.deciders[i];
  const detail::SlotLayout slot = detail::ComputeSlotLayout(d);
  Layout layout{static_cast<std::uint16_t>(a.slotOffset[i]), static_cast<std::uint16_t>(slot.dblockOffset),
                static_cast<std::uint16_t>(slot.memoryOffset), a.timerIndex[i],
                DecideOnly(d), a.regionEnd[i],
                static_cast<std::uint8_t>(
                    (d.kind == DeciderKind::Group && IsClassicPolicy(d.policy) ? kWalkClassic : 0) |
                    (d.flags & kRecheckEveryTick ? kWalkRecheck : 0) |
                    ((d.kind == DeciderKind::Group) == (d.behavior != nullptr) ||
                             (d.kind == DeciderKind::Group && d.policy == GroupPolicy::Shuffle)
                         ? kWalkOther
                         : 0) |
                    (std::any_of(d.children, d.children + d.childCount, [](const DeciderDef* c) { return !DecideOnly(*c); })
                         ? kWalkCheckedChildren
                         : 0) |
                    (d.kind == DeciderKind::Group && (d.flags & kRecheckEveryTick || IsClassicPolicy(d.policy)) &&
                             !detail::classic::ChecksOwnSlotOnly(d)
                         ? kWalkChecksPath
                         : 0)),
                {}};
  if (d.kind == DeciderKind::Group && HasSideBySideChildren(d.policy)) {
    // Each child's region ends within the tree's (< 64 KB: TreeTooLarge), so every base fits.
    std::uint32_t at = 0;
    for (int c = 0; c < d.childCount && c < kRecordedChildBases; ++c) {
      layout.childBases[c] = static_cast<std::uint16_t>(at);
      at += SideBySideSpan(a.regionEnd[a.Find(d.children[c])]);
    }
  }
  return layout;
}

// Under the lock of InitializeOnce.
TreeProblem Record(const detail::TreeAnalysis& a, const DeciderDef*& culprit) {
  // A decider another tree has recorded keeps its layout: a tick of that tree may
  // be reading it right now, so it is compared and never written again (not even
  // with the same values, which would still be a data race). Everything is checked
  // before anything is written, so a refused tree changes nothing.
  for (int i = 0; i < a.count; ++i) {
    const DeciderDef& d = *a.deciders[i];
    const DeciderData& data = *d.data;
    if (data.recordedBy == nullptr) continue;
    const Layout want = LayoutOf(a, i);
    // A slot depends only on the decider's own subtree, so the same decider has the
    // same one in every tree: another decider, or another slot, means that two
    // deciders share this DeciderData (or a definition changed after it was used).
    if (data.recordedBy != &d || data.slotOffset != want.slotOffset || data.dblockOffset != want.dblockOffset ||
        data.memoryOffset != want.memoryOffset || data.decideOnly != want.decideOnly ||
        data.regionBytes != want.regionBytes || data.walk != want.walk ||
        std::memcmp(data.childBases, want.childBases, sizeof want.childBases) != 0) {
      culprit = &d;
      return TreeProblem::SharedDeciderData;
    }
    // Timers are numbered per tree: the same index, or the trees would disagree.
    if (data.timerIndex != want.timerIndex) {
      culprit = &d;
      return TreeProblem::TimerSharedAcrossTrees;
    }
  }
  // The running path names deciders by their ids: two alike would be one node on it.
  if (a.runningPath)
    for (int i = 0; i < a.count; ++i)
      for (int j = 0; j < i; ++j)
        if (NameId(a.deciders[i]->name) == NameId(a.deciders[j]->name)) {
          culprit = a.deciders[i];
          return TreeProblem::RunningPathIds;
        }
  const std::uint32_t stamp = Stamp(a);
  for (int i = 0; i < a.count; ++i) {
    const DeciderDef& d = *a.deciders[i];
    DeciderData& data = *d.data;
    if (data.recordedBy != nullptr) continue;
    const Layout layout = LayoutOf(a, i);
    data.slotOffset = layout.slotOffset;
    data.dblockOffset = layout.dblockOffset;
    data.memoryOffset = layout.memoryOffset;
    data.timerIndex = layout.timerIndex;
    data.decideOnly = layout.decideOnly;
    data.regionBytes = layout.regionBytes;
    data.walk = layout.walk;
    std::memcpy(data.childBases, layout.childBases, sizeof layout.childBases);
    data.id = NameId(d.name);
    data.recordedBy = &d;
  }
  TreeData& tree = a.deciders[a.count - 1]->data->tree;  // post-order: the root is last
  tree.stamp = stamp;
  tree.memoryBytes = a.memoryBytes;
  tree.timersOffset = a.timersOffset;
  tree.variablesOffset = a.variablesOffset;
  tree.runningPathOffset = a.runningPathOffset;
  tree.classicExtras = a.runningPathOffset != 0 || a.ruleRuns;
  tree.variableBools = a.variableBools;
  tree.variableKinds = a.variableKinds;
  tree.variableExtraWords = static_cast<std::uint16_t>(a.variableExtraWords);
  tree.numVariables = a.deciders[a.count - 1]->variableCount;
  tree.numTimers = static_cast<std::uint16_t>(a.numTimers);
  tree.depth = static_cast<std::uint16_t>(a.depth);
  tree.numDeciders = static_cast<std::uint16_t>(a.count);
  tree.triviallyCopyable = a.triviallyCopyable;
  tree.agentType = a.agentType;
  return TreeProblem::None;
}

// The first call for a tree. Trees share deciders, and so the DeciderData their
// layouts are recorded in: one process-wide lock lets one tree at a time check
// and record, so from any threads, in any order, the verdicts are those of some
// order of the calls (two trees that number a shared timer differently: exactly
// one is accepted). Once a tree has its verdict the lock is never taken for it
// again: the tick only loads its state.
[[gnu::noinline]] std::uint8_t InitializeOnce(const DeciderDef& root) {
  static std::mutex mutex;  // constant-initialized: no guard, no allocation
  const std::lock_guard<std::mutex> lock(mutex);
  TreeData& tree = root.data->tree;
  std::uint8_t state = tree.state.load(std::memory_order_relaxed);  // only stored under the lock
  if (state != TreeData::kUninitialized) return state;
  tree.state.store(TreeData::kInitializing, std::memory_order_relaxed);
  // About 12 KB of stack, once per tree; no allocation even when the tick calls this.
  detail::DeciderIndex index;  // outlives the analysis, which looks deciders up in it
  const detail::TreeAnalysis analysis = detail::AnalyzeTree(root, &index);
  TreeProblem problem = analysis.problem;
  const DeciderDef* culprit = analysis.culprit;
  if (problem == TreeProblem::None) problem = Record(analysis, culprit);
  tree.problem = static_cast<std::uint8_t>(problem);
  tree.culprit = culprit;
  state = problem == TreeProblem::None ? TreeData::kValid : TreeData::kInvalid;
  tree.state.store(state, std::memory_order_release);  // publishes the layout to the tick's acquire
  return state;
}

}  // namespace

bool InitializeTreeData(const DeciderDef& root, TreeError* error) {
  if (root.data == nullptr) return Describe(TreeProblem::NullDecider, &root, error), false;
  TreeData& tree = root.data->tree;
  std::uint8_t state = tree.state.load(std::memory_order_acquire);
  if (state != TreeData::kValid && state != TreeData::kInvalid) state = InitializeOnce(root);
  if (state == TreeData::kValid) return true;
  Describe(static_cast<TreeProblem>(tree.problem), tree.culprit, error);
  return false;
}

std::size_t MemoryBytesFor(const DeciderDef& root) {
  return InitializeTreeData(root) ? root.data->tree.memoryBytes : 0;
}

}  // namespace bt
