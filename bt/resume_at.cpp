// bt/resume_at.cpp — ResumeAt (bt/resume_at.h): the path to a behavior, activated.
#include "bt/resume_at.h"

#include "bt/classic.h"
#include "bt/detail/tick_engine.h"
#include "bt/running_path.h"

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
// constructed and Activated. False: the Activate refused.
bool Start(TickState& t, const DeciderDef& d, std::uint32_t base) {
  alignas(kMaxAlignment) std::byte dblock[kMaxDBlockBytes > 0 ? kMaxDBlockBytes : 1];
  detail::ConstructBlock(d.dblock, dblock);
  detail::StartSlot(t, d, base, dblock);
  if (d.kind == DeciderKind::Group && HasSideBySideChildren(d.policy))
    detail::ChildSetOf(detail::SlotBytes(t, d, base)) = {0, 0};  // as TickClassicGroup clears it on entry
  const BehaviorDef* b = d.behavior;
  if (b == nullptr) return true;
  void* memory = detail::BehaviorMemory(t, d, base);
  detail::ConstructBlock(b->memory, memory);
  return !b->activate || b->activate(t.agent, memory, detail::MakeContext(t, d, base));
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
  t.header->rootActive = 1;
  std::uint32_t base = 0;
  for (int k = 0; k < length; ++k) {
    const DeciderDef& d = *way[k];
    if (k > 0) {  // d becomes the active child of its group g, whose slot lies at `base`
      const DeciderDef& g = *way[k - 1];
      const int i = ChildIndex(g, d);
      std::byte* slot = detail::SlotBytes(t, g, base);
      if (HasSideBySideChildren(g.policy)) detail::ChildSetOf(slot).active |= std::uint64_t{1} << i;
      else reinterpret_cast<SlotHeader*>(slot)->activeChild = static_cast<std::uint8_t>(i);
      base += detail::ChildBases(g)(i);
    }
    if (!Start(t, d, base) || t.error != Status::Running) {
      t.deactivation = t.error != Status::Running ? StatusName(t.error) : "its Activate refused";
      detail::Deactivate(t, root, 0, 0);
      t.header->rootActive = 0;
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
