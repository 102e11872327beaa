// bt/engine/resume_at.cpp — ResumeAt (bt/engine/resume_at.h): the path to a behavior, activated.
#include "bt/engine/resume_at.h"

#include "bt/core/classic.h"
#include "bt/engine/detail/nesting.h"
#include "bt/engine/detail/walk.h"
#include "bt/core/running_path.h"

namespace bt {
namespace {

using detail::TickState;

// The deciders already searched without finding the target: a decider shared by
// several groups is searched once, so a tree whose groups share their children
// level after level takes its size in steps, not its number of paths.
struct DeadEnds {
  const DeciderDef* deciders[kMaxTreeDeciders];
  int count = 0;
  bool Has(const DeciderDef& d) const {
    for (int i = 0; i < count; ++i)
      if (deciders[i] == &d) return true;
    return false;
  }
  void Add(const DeciderDef& d) {
    if (count < kMaxTreeDeciders) deciders[count++] = &d;
  }
};

// The way from d down to target: `way[k]` the decider at depth k (d first), its
// length; 0 when target is not below d. The first way found, children in order.
int FindWay(const DeciderDef& d, const DeciderDef& target, const DeciderDef** way, int depth, DeadEnds& dead) {
  way[depth] = &d;
  if (&d == &target) return depth + 1;
  if (d.kind != DeciderKind::Group || depth + 1 >= kMaxTreeDepth || dead.Has(d)) return 0;
  for (int i = 0; i < d.childCount; ++i)
    if (const int length = FindWay(*d.children[i], target, way, depth + 1, dead)) return length;
  dead.Add(d);  // a tree EnterBlock accepted has no path deeper than kMaxTreeDepth: nothing was cut short
  return 0;
}

// Whether a group's one active child is all the state it keeps while it runs.
bool EnterableAtChild(const DeciderDef& g) {
  switch (g.policy) {
    case GroupPolicy::PrioritizedList:
    case GroupPolicy::Random:
    case GroupPolicy::Scored:
    case GroupPolicy::Sequence:
    case GroupPolicy::Selector:
    case GroupPolicy::Fallback:
    case GroupPolicy::Concurrent:
    case GroupPolicy::Decorator:
    case GroupPolicy::Cooldown:
    case GroupPolicy::RandomGate: return true;
    default: return false;
  }
}

int ChildIndex(const DeciderDef& g, const DeciderDef& child) {
  for (int i = 0; i < g.childCount; ++i)
    if (g.children[i] == &child) return i;
  return -1;
}

// d started as a fresh start starts it: its slot, a fresh DBlock, its behavior
// constructed (StartSlot), then marked active by `mark`, then Activated, in the
// tick's order (bt/engine/detail/walk.h). False: the Activate refused.
template <class Mark>
bool Start(TickState& t, const DeciderDef& d, std::uint32_t base, Mark&& mark) {
  alignas(kMaxAlignment) std::byte dblock[kMaxDBlockBytes > 0 ? kMaxDBlockBytes : 1];
  detail::ConstructBlock(d.dblock, dblock);
  detail::StartSlot(t, d, base, dblock);
  mark();
  const BehaviorDef* b = d.behavior;
  return b == nullptr || !b->activate ||
         b->activate(t.agent, detail::BehaviorMemory(t, d, base), detail::MakeContext(t, d, base));
}

}  // namespace

TickResult ResumeAt(const DeciderDef& root, void* agent, TypeTag agentType, std::span<std::byte> memory, double time,
                    const DeciderDef& target) noexcept {
  TickState t;
  if (const TickResult refused = detail::EnterBlock(t, "resume", root, agent, agentType, memory, time);
      refused.status != Status::Running)
    return refused;
  const DeciderDef* way[kMaxTreeDepth];
  DeadEnds dead;
  const int length = target.kind == DeciderKind::Behavior ? FindWay(root, target, way, 0, dead) : 0;
  if (length == 0) return {Status::InvalidTree, &target};
  for (int k = 0; k + 1 < length; ++k)
    if (!EnterableAtChild(*way[k])) return {Status::InvalidTree, way[k]};
  if (t.header->rootActive) StopBehaviorTree(root, agent, agentType, memory, time);

  const detail::NestedScope nested(memory.data(), &t);
  std::uint32_t base = 0;
  for (int k = 0; k < length; ++k) {
    const DeciderDef& d = *way[k];
    // d becomes the root, or the active child of its group g, whose slot lies at `base`.
    std::byte* groupSlot = k > 0 ? detail::SlotBytes(t, *way[k - 1], base) : nullptr;
    const int i = k > 0 ? ChildIndex(*way[k - 1], d) : 0;
    if (k > 0) base += detail::ChildBases(*way[k - 1])(i);
    const bool started = Start(t, d, base, [&] {
      if (k == 0) t.header->rootActive = 1;
      else if (HasSideBySideChildren(way[k - 1]->policy)) detail::ChildSetOf(groupSlot).active |= std::uint64_t{1} << i;
      else reinterpret_cast<SlotHeader*>(groupSlot)->activeChild = static_cast<std::uint8_t>(i);
    });
    if (!started || t.error != Status::Running) {
      t.deactivation = t.error != Status::Running ? StatusName(t.error) : "its Activate refused";
      t.header->rootActive = 0;  // off the path before its Deactivates (the order of bt/engine/detail/walk.h)
      detail::Deactivate(t, root, 0, 0);
      if (t.runningPath != nullptr) *t.runningPath = RunningPath{};
      if (t.error != Status::Running) return {t.error, t.errorDecider};
      return {Status::NoBehavior, &d};
    }
  }
  if (t.runningPath != nullptr)  // as a tick ending Running at target notes it, innermost first
    for (int k = length; k-- > 0;) detail::NoteOnRunningPath(*t.runningPath, *way[k], Result::Running);
  return {Status::Running, &target};
}

}  // namespace bt
