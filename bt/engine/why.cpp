// bt/engine/why.cpp — filling a why-record from the tick's decision points, and
// rendering it as text (bt/engine/why.h).
#include "bt/engine/why.h"

#include <bit>
#include <cstdio>
#include <cstring>

#include "bt/engine/detail/line_writer.h"
#include "bt/engine/detail/weighted_pick.h"
#include "bt/engine/detail/why_record.h"
#include "bt/core/tree.h"

namespace bt {
namespace detail {

// ---------------------------------------------------------------- recording

void WhyBeginTick(WhyRecord& why, const DeciderDef& root, double time) {
  const std::uint32_t stamp = root.data != nullptr ? root.data->tree.stamp : 0;
  if (why.root != &root || why.stamp != stamp) why.transitionCount = 0;  // they name the other tree's deciders
  why.time = time;
  why.root = &root;
  why.stamp = stamp;
  why.status = Status::NoBehavior;
  why.running = nullptr;
  why.count = 0;
  why.overflowed = false;
}

void WhyEndTick(WhyRecord& why, const TickResult& result) {
  // A tree the tick initialized has its stamp only now.
  if (why.root != nullptr && why.root->data != nullptr) why.stamp = why.root->data->tree.stamp;
  why.status = result.status;
  why.running = result.status == Status::Running ? result.decider : nullptr;
}

// The next entry, or null (and overflowed) when the record is full.
static WhyEntry* Add(TickState& t, WhyStep step, const DeciderDef& d, int depth) {
  WhyRecord& why = *t.why;
  if (why.count >= kWhyEntries) {
    why.overflowed = true;
    return nullptr;
  }
  WhyEntry& e = why.entries[why.count++];
  e = WhyEntry{};
  e.step = step;
  e.decider = &d;
  e.depth = static_cast<std::uint8_t>(depth);
  return &e;
}

void WhyVisit(TickState& t, const DeciderDef& g, bool isNew, int active, int depth) {
  if (WhyEntry* e = Add(t, WhyStep::Visit, g, depth)) {
    e->isNew = isNew;
    e->index = static_cast<std::int16_t>(isNew ? -1 : active);
  }
}

void WhyRejected(TickState& t, const DeciderDef& d, WhyReject reject, int depth) {
  if (WhyEntry* e = Add(t, WhyStep::Rejected, d, depth)) e->reject = reject;
}

void WhyDecided(TickState& t, const DeciderDef& d, float value, int depth) {
  if (WhyEntry* e = Add(t, WhyStep::Decided, d, depth)) e->value = value;
}

void WhyOffer(TickState& t, const DeciderDef& g, int index, float value, double total, bool drew, std::uint32_t draw,
              bool taken, int depth) {
  if (WhyEntry* e = Add(t, WhyStep::Offer, g, depth)) {
    e->index = static_cast<std::int16_t>(index);
    e->value = value;
    e->total = total;
    e->drew = drew;
    e->draw = draw;
    e->taken = taken;
  }
}

void WhyNewRound(TickState& t, const DeciderDef& g, const std::uint8_t* order, int depth) {
  if (WhyEntry* e = Add(t, WhyStep::NewRound, g, depth)) {
    // The order's first 8 positions, one byte each, in `mask` (FormatWhy shows them).
    for (int k = 0; k < g.childCount && k < 8; ++k) e->mask |= std::uint64_t{order[k]} << (8 * k);
  }
}

void WhyChose(TickState& t, const DeciderDef& g, int index, int position, int depth) {
  if (WhyEntry* e = Add(t, WhyStep::Chose, g, depth)) {
    e->index = static_cast<std::int16_t>(index);
    e->position = static_cast<std::int16_t>(position);
  }
}

void WhyContinue(TickState& t, const DeciderDef& g, int active, int depth) {
  if (WhyEntry* e = Add(t, WhyStep::Continue, g, depth)) e->index = static_cast<std::int16_t>(active);
}

void WhyInterrupt(TickState& t, const DeciderDef& g, int index, int active, int depth) {
  if (WhyEntry* e = Add(t, WhyStep::Interrupt, g, depth)) {
    e->index = static_cast<std::int16_t>(index);
    e->other = static_cast<std::int16_t>(active);
  }
}

void WhyRedecide(TickState& t, const DeciderDef& g, int index, Result result, std::uint64_t mask, int depth) {
  if (WhyEntry* e = Add(t, WhyStep::Redecide, g, depth)) {
    e->index = static_cast<std::int16_t>(index);
    e->result = result;
    e->mask = mask;
  }
}

void WhyActivateFailed(TickState& t, const DeciderDef& d, int depth) { Add(t, WhyStep::ActivateFailed, d, depth); }

void WhyVisitClassic(TickState& t, const DeciderDef& g, std::uint32_t base, int depth) {
  if (WhyEntry* e = Add(t, WhyStep::Visit, g, depth)) e->mask = ActiveChildMask(SlotBytes(t, g, base), g);
}

void WhyStart(TickState& t, const DeciderDef& g, int index, int depth) {
  if (WhyEntry* e = Add(t, WhyStep::Start, g, depth)) e->index = static_cast<std::int16_t>(index);
}

void WhyEnd(TickState& t, const DeciderDef& g, int index, const char* reason, int depth) {
  if (WhyEntry* e = Add(t, WhyStep::End, g, depth)) {
    e->index = static_cast<std::int16_t>(index);
    e->reason = reason;
  }
}

void WhyTransit(TickState& t, WhyCause cause, const DeciderDef& group, const DeciderDef* from, const DeciderDef* to,
                Status status) {
  WhyRecord& why = *t.why;
  WhyTransition& tr = why.transitions[why.transitionCount % kWhyTransitions];
  ++why.transitionCount;
  tr = WhyTransition{t.time, cause, status, &group, from, to};
}

// ---------------------------------------------------------------- rendering

namespace {

const char* NameOf(const DeciderDef* d) { return d != nullptr && d->name != nullptr ? d->name : "(unnamed)"; }

const char* RejectName(WhyReject reject) {
  switch (reject) {
    case WhyReject::DecisionFlags: return "its DecisionFlags precondition";
    case WhyReject::StimuliFlags: return "its StimuliFlags precondition";
    case WhyReject::Timer: return "its timer precondition";
    case WhyReject::None: break;
  }
  return "(nothing)";
}

const char* CauseName(WhyCause cause) {
  switch (cause) {
    case WhyCause::Started: return "started";
    case WhyCause::Interrupted: return "interrupted";
    case WhyCause::Done: return "done";
    case WhyCause::Failed: return "failed";
    case WhyCause::TreeEnded: return "ended";
  }
  return "?";
}

// "child 2 EAT": the child's index in `parent`, or only its name when it is
// not one of parent's children (the root, or no parent known).
void ChildName(const DeciderDef* parent, const DeciderDef& d, char* out, std::size_t size) {
  if (parent != nullptr && parent->kind == DeciderKind::Group)
    for (int i = 0; i < parent->childCount; ++i)
      if (parent->children[i] == &d) {
        std::snprintf(out, size, "child %d %s", i, NameOf(&d));
        return;
      }
  std::snprintf(out, size, "%s", NameOf(&d));
}

const DeciderDef* ChildAt(const DeciderDef& g, int index) {
  return index >= 0 && index < g.childCount ? g.children[index] : nullptr;
}

struct WhyPrinter {
  LineWriter& writer;
  const DeciderDef* lastAt[kMaxTreeDepth + 1] = {};  // the decider last named at each depth

  template <class... Args>
  void Line(int depth, const char* format, Args... args) {
    char line[512];
    int n = std::snprintf(line, sizeof line, "%*s", 2 * depth + 2, "");
    if (n >= 0) n += std::snprintf(line + n, sizeof line - static_cast<std::size_t>(n), format, args...);
    if (n < 0) return;
    std::size_t length = static_cast<std::size_t>(n);
    if (length >= sizeof line - 1) length = sizeof line - 2;  // an absurdly long name: cut, keep the line a line
    line[length++] = '\n';
    writer.Append(line, length);
  }

  void Entry(const WhyEntry& e) {
    const int depth = e.depth <= kMaxTreeDepth ? e.depth : kMaxTreeDepth;
    const DeciderDef& d = *e.decider;
    const char* name = NameOf(&d);
    char child[320];
    if (e.step == WhyStep::Rejected || e.step == WhyStep::Decided || e.step == WhyStep::ActivateFailed) {
      ChildName(depth > 0 ? lastAt[depth - 1] : nullptr, d, child, sizeof child);
      lastAt[depth] = &d;
    } else {
      lastAt[depth] = &d;
    }
    switch (e.step) {
      case WhyStep::Visit:
        if (e.isNew && IsClassicPolicy(d.policy)) return Line(depth, "%s (%s): activated", name, GroupPolicyName(d.policy));
        if (e.isNew) return Line(depth, "%s (%s): activated, chooses", name, GroupPolicyName(d.policy));
        if (IsClassicPolicy(d.policy)) return ActiveChildren(depth, d, e.mask);
        return Line(depth, "%s (%s): active child %d %s", name, GroupPolicyName(d.policy), e.index,
                    NameOf(ChildAt(d, e.index)));
      case WhyStep::Rejected: return Line(depth, "%s: rejected by %s", child, RejectName(e.reject));
      case WhyStep::Decided:
        if (d.decide == nullptr && e.value > 0) return Line(depth, "%s: no Decide, accepts", child);
        return Line(depth, "%s: Decide %g, %s", child, static_cast<double>(e.value), e.value > 0 ? "accepts" : "rejects");
      case WhyStep::Offer:
        if (!e.drew)
          return Line(depth + 1, "child %d %s: weight %g of %g, no draw: taken", e.index, NameOf(ChildAt(d, e.index)),
                      static_cast<double>(e.value), e.total);
        return Line(depth + 1, "child %d %s: weight %g of %g, draw 0x%08x (%.4f): %s", e.index,
                    NameOf(ChildAt(d, e.index)), static_cast<double>(e.value), e.total, e.draw,
                    WeightedPick::Unit(e.draw), e.taken ? "taken" : "kept the choice");
      case WhyStep::NewRound: {
        char order[64];
        int n = 0;
        for (int k = 0; k < d.childCount && k < 8 && n >= 0 && n < 60; ++k)
          n += std::snprintf(order + n, sizeof order - static_cast<std::size_t>(n), " %d",
                             static_cast<int>((e.mask >> (8 * k)) & 0xFF));
        if (n < 0) n = 0;
        order[n < 64 ? n : 63] = '\0';
        return Line(depth, "%s: new round, order%s%s", name, order, d.childCount > 8 ? " ..." : "");
      }
      case WhyStep::Chose:
        if (e.index < 0) return Line(depth, "%s: no child accepts", name);
        if (e.position >= 0)
          return Line(depth, "%s chose child %d %s (position %d of its round)", name, e.index,
                      NameOf(ChildAt(d, e.index)), e.position);
        return Line(depth, "%s chose child %d %s", name, e.index, NameOf(ChildAt(d, e.index)));
      case WhyStep::Continue:
        return Line(depth, "%s continues child %d %s", name, e.index, NameOf(ChildAt(d, e.index)));
      case WhyStep::Interrupt:
        return Line(depth, "%s: child %d %s interrupts child %d %s", name, e.index, NameOf(ChildAt(d, e.index)),
                    e.other, NameOf(ChildAt(d, e.other)));
      case WhyStep::Redecide:
        return Line(depth, "%s: child %d %s returned %s: redecides, mask 0x%llx", name, e.index,
                    NameOf(ChildAt(d, e.index)), ResultName(e.result), static_cast<unsigned long long>(e.mask));
      case WhyStep::ActivateFailed: return Line(depth, "%s: Activate failed", child);
      case WhyStep::Start: return Line(depth, "%s starts child %d %s", name, e.index, NameOf(ChildAt(d, e.index)));
      case WhyStep::End:
        return Line(depth, "%s: child %d %s %s", name, e.index, NameOf(ChildAt(d, e.index)),
                    e.reason != nullptr ? e.reason : "ended");
    }
  }

  // "SEQ (Sequence): active children 0 STEP, 2 COOL": a classic group's, from its
  // slot's mask; "no active child" between two runs of a Loop's child.
  void ActiveChildren(int depth, const DeciderDef& g, std::uint64_t mask) {
    if (mask == 0) return Line(depth, "%s (%s): no active child", NameOf(&g), GroupPolicyName(g.policy));
    char list[384];
    int n = 0;
    for (int i = 0; i < 64 && mask != 0 && n >= 0 && static_cast<std::size_t>(n) < sizeof list; ++i)
      if ((mask >> i) & 1u)
        n += std::snprintf(list + n, sizeof list - static_cast<std::size_t>(n), "%s%d %s", n == 0 ? "" : ", ", i,
                           NameOf(ChildAt(g, i)));
    Line(depth, "%s (%s): %s %s", NameOf(&g), GroupPolicyName(g.policy),
         std::has_single_bit(mask) ? "active child" : "active children", list);
  }

  void Transition(const WhyTransition& tr) {
    switch (tr.cause) {
      case WhyCause::Started: return Line(0, "@ %.3f %s started", tr.time, NameOf(tr.group));
      case WhyCause::TreeEnded:
        return Line(0, "@ %.3f %s ended: %s", tr.time, NameOf(tr.group), StatusName(tr.status));
      default:
        return Line(0, "@ %.3f %s: %s -> %s (%s)", tr.time, NameOf(tr.group), NameOf(tr.from), NameOf(tr.to),
                    CauseName(tr.cause));
    }
  }
};

}  // namespace

void AppendWhy(LineWriter& writer, const WhyRecord& why) {
  WhyPrinter printer{writer};
  char line[320];
  const bool running = why.status == Status::Running && why.running != nullptr;
  int n = std::snprintf(line, sizeof line, "why @ %.3f, %s: %s%s%s\n", why.time, NameOf(why.root),
                        StatusName(why.status), running ? " in " : "", running ? NameOf(why.running) : "");
  if (why.root == nullptr) n = std::snprintf(line, sizeof line, "why: (no tick recorded)\n");
  if (n > 0) writer.Append(line, static_cast<std::size_t>(n) < sizeof line ? static_cast<std::size_t>(n) : sizeof line - 1);
  for (int i = 0; i < why.count && i < kWhyEntries; ++i)
    if (why.entries[i].decider != nullptr) printer.Entry(why.entries[i]);
  if (why.overflowed) printer.Line(0, "(more steps than %d: the first %d shown)", kWhyEntries, kWhyEntries);
  if (why.transitionCount == 0) return;
  const std::uint32_t shown = why.transitionCount < kWhyTransitions ? why.transitionCount : kWhyTransitions;
  n = std::snprintf(line, sizeof line, "last transitions (%u of %u):\n", shown, why.transitionCount);
  if (n > 0) writer.Append(line, static_cast<std::size_t>(n));
  for (std::uint32_t k = why.transitionCount - shown; k < why.transitionCount; ++k)
    printer.Transition(why.transitions[k % kWhyTransitions]);
}

}  // namespace detail

std::size_t FormatWhy(const WhyRecord& record, std::span<char> text) {
  detail::LineWriter writer{text};
  detail::AppendWhy(writer, record);
  return writer.Finish();
}

std::uint32_t ActiveNodeId(const DeciderDef& root, std::span<const std::byte> memory) {
  const DeciderDef* active = ActiveBehaviorDecider(root, memory);
  return active != nullptr && active->data != nullptr ? active->data->id : 0;
}

int ActiveNodeIds(const DeciderDef& root, std::span<const std::byte> memory, std::span<std::uint32_t> ids) {
  if (ActivePath(root, memory, {}) == 0) return 0;  // refused, or nothing active
  const std::byte* region = memory.data() + sizeof(MemoryHeader);
  int count = 0;
  detail::ForEachActive(region, root, 0, 0, [&](const DeciderDef& d, std::uint32_t base, int depth) {
    const bool below = d.kind == DeciderKind::Group && depth + 1 < kMaxTreeDepth &&
                       (detail::ActiveChildMask(region + base + d.data->slotOffset, d) & detail::AllChildren(d)) != 0;
    if (below) return;
    if (static_cast<std::size_t>(count) < ids.size()) ids[count] = d.data->id;
    ++count;
  });
  return count;
}

}  // namespace bt
