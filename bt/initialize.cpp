// bt/initialize.cpp — InitializeTreeData: verify a tree once and record its layout.
#include <cstdio>
#include <thread>

#include "bt/layout.h"
#include "bt/tree.h"

namespace bt {
namespace {

void Describe(TreeProblem problem, const DeciderDef* decider, TreeError* error) {
  if (error == nullptr) return;
  error->problem = problem;
  error->decider = decider;
  std::snprintf(error->message, sizeof error->message, "bt: decider %s: %s",
                decider && decider->name ? decider->name : "(null)", TreeProblemMessage(problem));
}

// FNV-1a over names and shape: the same tree gets the same stamp in every run,
// so a saved memory block can be recognized when it is restored.
std::uint32_t Stamp(const detail::TreeAnalysis& a) {
  std::uint32_t hash = 2166136261u;
  auto mix = [&hash](std::uint32_t byte) { hash = (hash ^ (byte & 0xFF)) * 16777619u; };
  for (int i = 0; i < a.count; ++i) {
    const DeciderDef& d = *a.deciders[i];
    for (const char* c = d.name ? d.name : ""; *c; ++c) mix(static_cast<unsigned char>(*c));
    mix(static_cast<std::uint32_t>(d.kind));
    mix(static_cast<std::uint32_t>(d.policy));
    mix(d.childCount);
    mix(a.slotOffset[i]);
    mix(a.slotOffset[i] >> 8);
  }
  return hash != 0 ? hash : 1;
}

TreeProblem Record(const detail::TreeAnalysis& a, const DeciderDef*& culprit) {
  const std::uint32_t stamp = Stamp(a);
  for (int i = 0; i < a.count; ++i) {
    DeciderData& data = *a.deciders[i]->data;
    if (a.timerIndex[i] >= 0 && data.timerTreeStamp != 0 && data.timerTreeStamp != stamp &&
        data.timerIndex != a.timerIndex[i]) {
      culprit = a.deciders[i];
      return TreeProblem::TimerSharedAcrossTrees;
    }
  }
  for (int i = 0; i < a.count; ++i) {
    const DeciderDef& d = *a.deciders[i];
    const detail::SlotLayout slot = detail::ComputeSlotLayout(d);
    d.data->slotOffset = static_cast<std::uint16_t>(a.slotOffset[i]);
    d.data->dblockOffset = static_cast<std::uint16_t>(slot.dblockOffset);
    d.data->memoryOffset = static_cast<std::uint16_t>(slot.memoryOffset);
    d.data->decideOnly =
        !d.preconditions.IsSet() && !(d.flags & kDelegateDecideToChildren) && d.dblock.size == 0;
    if (a.timerIndex[i] >= 0) {
      d.data->timerIndex = a.timerIndex[i];
      d.data->timerTreeStamp = stamp;
    }
  }
  TreeData& tree = a.deciders[a.count - 1]->data->tree;  // post-order: the root is last
  tree.stamp = stamp;
  tree.memoryBytes = a.memoryBytes;
  tree.timersOffset = a.timersOffset;
  tree.numTimers = static_cast<std::uint16_t>(a.numTimers);
  tree.depth = static_cast<std::uint16_t>(a.depth);
  tree.numDeciders = static_cast<std::uint16_t>(a.count);
  tree.triviallyCopyable = a.triviallyCopyable;
  tree.agentType = a.agentType;
  return TreeProblem::None;
}

}  // namespace

bool InitializeTreeData(const DeciderDef& root, TreeError* error) {
  if (root.data == nullptr) return Describe(TreeProblem::NullDecider, &root, error), false;
  TreeData& tree = root.data->tree;
  std::uint8_t state = tree.state.load(std::memory_order_acquire);
  if (state == TreeData::kUninitialized &&
      tree.state.compare_exchange_strong(state, TreeData::kInitializing, std::memory_order_acq_rel)) {
    // About 10 KB of stack, once per tree; no allocation even when the tick calls this.
    const detail::TreeAnalysis analysis = detail::AnalyzeTree(root);
    TreeProblem problem = analysis.problem;
    const DeciderDef* culprit = analysis.culprit;
    if (problem == TreeProblem::None) problem = Record(analysis, culprit);
    tree.problem = static_cast<std::uint8_t>(problem);
    tree.culprit = culprit;
    state = problem == TreeProblem::None ? TreeData::kValid : TreeData::kInvalid;
    tree.state.store(state, std::memory_order_release);
  }
  while (state == TreeData::kInitializing) {  // another thread is at it
    std::this_thread::yield();
    state = tree.state.load(std::memory_order_acquire);
  }
  if (state == TreeData::kValid) return true;
  Describe(static_cast<TreeProblem>(tree.problem), tree.culprit, error);
  return false;
}

std::size_t MemoryBytesFor(const DeciderDef& root) {
  return InitializeTreeData(root) ? root.data->tree.memoryBytes : 0;
}

}  // namespace bt
