// bt/engine/tick_debug.cpp — the reference tick's debug output lines (levels 3-5),
// out of line: the walk tests the level inline (BT_DEBUG_COLD,
// bt/engine/detail/tick_debug.h) and calls here only for an agent that wants them.
// Empty when the facility is compiled out (BT_DEBUG_OUTPUT=0).

#include "bt/engine/detail/tick_debug.h"

#if BT_DEBUG_OUTPUT

#include <bit>
#include <cstdio>

#include "bt/core/debug_output.h"
#include "bt/core/tree.h"
#include "bt/engine/detail/block_reading.h"
#include "bt/engine/detail/walk.h"

namespace bt::detail {

// The debug output lines of the tick's hot functions, out of line (BT_DEBUG_COLD).
// Names print as Spore S11's NAME/id pairs ("GROWL/0x2c20c22": "%s/0x%x" with the
// name and its id, DeciderData::id or NameId), and where S11 shows a line, as it shows it.

// The index of d among the children of the group at depth - 1 on the active path,
// read from the block: the walk keeps the path down to the group deciding active.
// -1 for the root, and for the children of a group not active (asked for delegation).
static int DebugChildIndex(TickState& t, const DeciderDef& d, int depth) {
  int index = -1;
  if (depth == 0 || !t.header->rootActive) return index;
  ForEachActive(t.region, *t.root, 0, 0, [&](const DeciderDef& g, std::uint32_t, int at) {
    for (int i = 0; index < 0 && at == depth - 1 && g.kind == DeciderKind::Group && i < g.childCount; ++i)
      if (g.children[i] == &d) index = i;
  });
  return index;
}

// Spore S11's level 5 line of an evaluated decider: "child 0 (DIE/0x2d5e211)" (or
// "decider ROOT/0x..." without a group), each precondition it passed ("has no
// preconditions" when it has none), then the check it failed or its Decide's value.
[[gnu::noinline]] void DebugEvaluated(TickState& t, const DeciderDef& d, DebugCheck failed, float value,
                                             int depth) {
  static constexpr const char* kCheckNames[] = {"DecisionFlags", "StimuliFlags", "timer"};
  const Preconditions& pre = d.preconditions;
  const bool checked[] = {pre.decision.IsSet(), pre.stimuli.IsSet(), pre.timerSeconds > 0};
  char steps[160] = "";
  std::size_t n = 0;
  const auto append = [&](const char* format, auto... args) {
    if (n >= sizeof steps) return;
    const int wrote = std::snprintf(steps + n, sizeof steps - n, format, args...);
    if (wrote > 0) n += static_cast<std::size_t>(wrote);
  };
  if (!pre.IsSet()) append("%s", "...has no preconditions");
  for (int c = 0; c < static_cast<int>(failed); ++c)
    if (checked[c]) append("...passed %s check", kCheckNames[c]);
  if (failed != DebugCheck::None) append("...failed %s check", kCheckNames[static_cast<int>(failed)]);
  else append("...%s %f", d.decide ? "Decide returned" : "no Decide, accepts with", static_cast<double>(value));
  if (const int index = DebugChildIndex(t, d, depth); index >= 0)
    BT_DEBUG_OUT(t, 5, depth, "child %d (%s/0x%x)%s", index, d.name, d.data->id, steps);
  else
    BT_DEBUG_OUT(t, 5, depth, "decider %s/0x%x%s", d.name, d.data->id, steps);
}

[[gnu::noinline]] void DebugDecided(TickState& t, const DeciderDef& d, float value, int depth) {
  DebugEvaluated(t, d, DebugCheck::None, value, depth);
}

[[gnu::noinline]] void DebugRejected(TickState& t, const DeciderDef& d, DebugCheck failed, int depth) {
  DebugEvaluated(t, d, failed, 0, depth);
}

// Spore S11's level 5 line before each decider is visited or redecides.
[[gnu::noinline]] void DebugProcessing(TickState& t, const DeciderDef& d, bool isNew, std::uint64_t mask,
                                              bool redecide, int depth) {
  BT_DEBUG_OUT(t, 5, depth, "processing decider %s/0x%x, flags: 0x%x, new: %d, mask: 0x%08llx, redecide: %d, block id: 0x%08x",
               d.name, d.data->id, d.flags, isNew ? 1 : 0, static_cast<unsigned long long>(mask), redecide ? 1 : 0,
               d.data->id);
}

// Spore S11's level 5 line after a group's children decided: the child that
// accepted (RunIdx) and, in a Shuffle group, its position in the round (ShuffleIdx).
[[gnu::noinline]] void DebugChildrenDecide(TickState& t, int runIndex, int shuffleIndex, int depth) {
  BT_DEBUG_OUT(t, 5, depth, "ChildrenDecide returned with RunIdx %d, ShuffleIdx %d", runIndex, shuffleIndex);
}

// A group's fresh choice: S11's ChildrenDecide line, then which child, by name.
[[gnu::noinline]] void DebugChose(TickState& t, const DeciderDef& g, int index, int shuffleIndex, int depth) {
  DebugChildrenDecide(t, index, shuffleIndex, depth);
  if (index >= 0)
    BT_DEBUG_OUT(t, 5, depth, "%s/0x%x chose child %d %s/0x%x", g.name, g.data->id, index, g.children[index]->name,
                 g.children[index]->data->id);
  else
    BT_DEBUG_OUT(t, 5, depth, "%s/0x%x chose child %d (none accepts)", g.name, g.data->id, index);
}

// Spore S11's level 4 line of each decider on the walk: "visiting current kGroup
// decider ROOT/0x2d5e207, kGroupPrioritizedList, ...", S11's names of the kinds
// and policies being the kinds.def names behind "k" and "kGroup".
[[gnu::noinline]] void DebugVisit(TickState& t, const DeciderDef& d, std::uint32_t base, bool isNew, int depth) {
  DebugProcessing(t, d, isNew, 0, false, depth);
  // "active child 1"; -1 for none (just activated, or a classic group between runs
  // of its child); "active children 0,2" for children side by side (bt/core/classic.h).
  char active[200];
  const std::uint64_t mask = isNew ? 0 : ActiveChildMask(SlotBytes(t, d, base), d);
  int n = std::snprintf(active, sizeof active, "active child %d", mask != 0 ? std::countr_zero(mask) : -1);
  if (d.kind == DeciderKind::Group && HasSideBySideChildren(d.policy) && !isNew) {
    n = std::snprintf(active, sizeof active, "active children%s", mask == 0 ? " -" : "");
    for (std::uint64_t m = mask; m != 0 && n > 0 && static_cast<std::size_t>(n) < sizeof active; m &= m - 1)
      n += std::snprintf(active + n, sizeof active - static_cast<std::size_t>(n), "%c%d", m == mask ? ' ' : ',',
                         std::countr_zero(m));
  }
  if (d.kind == DeciderKind::Group)
    BT_DEBUG_OUT(t, 4, depth, "visiting %s k%s decider %s/0x%x, kGroup%s, %d children, %s, duration %.3f",
                 isNew ? "new" : "current", DeciderKindName(d.kind), d.name, d.data->id, GroupPolicyName(d.policy),
                 d.childCount, active, detail::DebugSeconds(t.blockTime, Slot(t, d, base).activatedAt));
  else
    BT_DEBUG_OUT(t, 4, depth, "visiting %s k%s decider %s/0x%x, duration %.3f", isNew ? "new" : "current",
                 DeciderKindName(d.kind), d.name, d.data->id,
                 detail::DebugSeconds(t.blockTime, Slot(t, d, base).activatedAt));
}

// Spore S11's level 3 line of each behavior Tick: "ticking behavior IDLE_WALK/0x2c20c24
// @ 149.266829 (dt: 0.065555) with flags 0x2, duration 7.904". A behavior decider's
// only: S11's level-5 trace ticks GUARD_NEST_GROUP's group behavior without a line.
[[gnu::noinline]] void DebugTickBehavior(TickState& t, const DeciderDef& d, std::uint32_t base, int depth) {
  if (d.kind != DeciderKind::Behavior) return;
  BT_DEBUG_OUT(t, 3, depth, "ticking behavior %s/0x%x @ %f (dt: %f) with flags 0x%x, duration %.3f", d.behavior->name,
               NameId(d.behavior->name), t.time, static_cast<double>(t.dt), d.behaviorFlags,
               detail::DebugSeconds(t.blockTime, Slot(t, d, base).activatedAt));
}

// Declared in bt/engine/detail/walk.h: the continuing line of every kind's walk.
// Its duration is the group's, as S11 shows it ("continuing child 4
// GUARD_NEST_IDLE/0x2d5e204, duration: 145.433682" under a group active 145.434 s,
// the child 7.904 s).
void DebugContinuingChild(TickState& t, const DeciderDef& child, int index, float groupActivatedAt, int depth) {
  BT_DEBUG_OUT(t, 4, depth, "continuing child %d %s/0x%x, duration: %f", index, child.name, child.data->id,
               detail::DebugSeconds(t.blockTime, groupActivatedAt));
  BT_DEBUG_OUT(t, 5, depth, "next_decider_push %s/0x%x", child.name, child.data->id);
}

[[gnu::noinline]] void DebugContinuing(TickState& t, const DeciderDef& g, std::uint32_t base, int active,
                                              int depth) {
  DebugContinuingChild(t, *g.children[active], active, Slot(t, g, base).activatedAt, depth);
}

// Spore S11's first lines of a tick: "starting tree @ 0x00918CD0 for 0x026DBE38",
// the tree named by its root's NAME/id pair rather than an address.
[[gnu::noinline]] void DebugBeginTick(TickState& t) {
  BT_DEBUG_OUT(t, 3, 0, "**************** starting tree %s/0x%x for %p ****************", t.root->name,
               t.root->data->id, t.agent);
  BT_DEBUG_OUT(t, 3, 0, "dt: %f, DecisionFlags: 0x%08x, StimuliAllFlags: 0x%08x", static_cast<double>(t.dt),
               t.decisionFlags, t.stimuliFlags);
}

// Spore S11's last lines of a tick: "current behavior ..." for the behavior left
// running (one line each for behaviors running side by side, bt/core/classic.h), then
// "finished tree for 0x026DBE38, depth 3" (the deciders on the active path) as S11
// writes it, then the tree's NAME/id, the tick's Status by its kinds.def name, and
// when Running, the decider whose behavior runs.
[[gnu::noinline]] void DebugEndTick(TickState& t, Status status) {
  int pathDepth = 0;
  if (t.header->rootActive)
    ForEachActive(t.region, *t.root, 0, 0, [&](const DeciderDef& d, std::uint32_t, int depth) {
      if (depth + 1 > pathDepth) pathDepth = depth + 1;
      if (status != Status::Running || d.kind != DeciderKind::Behavior || d.behavior == nullptr) return;
      BT_DEBUG_OUT(t, 3, 0, "current behavior %s/0x%x with flags 0x%x, in decider %s/0x%x", d.behavior->name,
                   NameId(d.behavior->name), d.behaviorFlags, d.name, d.data->id);
    });
  const DeciderDef* running = status == Status::Running ? t.runningDecider : nullptr;
  if (running != nullptr)
    BT_DEBUG_OUT(t, 3, 0, "**************** finished tree for %p, depth %d: %s/0x%x %s in %s/0x%x ****************",
                 t.agent, pathDepth, t.root->name, t.root->data->id, StatusName(status), running->name,
                 running->data->id);
  else
    BT_DEBUG_OUT(t, 3, 0, "**************** finished tree for %p, depth %d: %s/0x%x %s ****************",
                 t.agent, pathDepth, t.root->name, t.root->data->id, StatusName(status));
}

}  // namespace bt::detail

#endif
