// bt/engine/why.h — why an agent did what it did: its last tick's decisions, explained.
//
// Opt in per agent and per tick: hand a caller-owned WhyRecord to the tick
// (TickOptions::why) and it records, at each of its decision points, what it
// considered and why it chose: for each group visited, each child considered
// (the precondition that rejected it, or its Decide value), the Random policy's
// weights and draws, the Shuffle policy's position, the chosen index,
// interruptions and masked redecides with what ended, failed Activates. The
// record also keeps a ring of the last kWhyTransitions transitions (a group's
// active child replaced, the tree started or ended) with their causes, across
// ticks. Ticks without a record cost nothing more than the check on entry.
//
// Recording allocates nothing: a tick that considers more than kWhyEntries
// steps keeps the first ones and sets `overflowed`. The compiled tick
// (bt/engine/compiled_tick.h) hands a tick with a record to the reference tick, so
// both give the same record.
//
// FormatWhy renders a record as text (an example is in bt/debug/README.md, "Why did it
// do that?"); DebugPrintOptions::why appends it to DebugPrintState.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "bt/core/decider.h"
#include "bt/core/kinds.h"
#include "bt/core/name_id.h"

namespace bt {

inline constexpr int kWhyEntries = 128;
inline constexpr int kWhyTransitions = 8;

// What one entry of a WhyRecord tells.
enum class WhyStep : std::uint8_t {
  Visit,           // group visited; index: its active child (-1: it was just activated)
  Rejected,        // decider: a child whose precondition (reject) rejected it; no Decide called
  Decided,         // decider: a child's Decide (or delegation) gave value; 0 rejects
  Offer,           // Random: child index accepted with weight value; total: weights so far;
                   //   drew: a draw was made (draw); taken: it became the choice
  NewRound,        // Shuffle: no child left in the round accepts: a new round, a fresh order
  Chose,           // the group's choice: index (-1: none accepts), position: Shuffle's place in its order
  Continue,        // the group goes on with its active child index (nothing interrupts it)
  Interrupt,       // child index interrupts the active child other
  Redecide,        // child index returned result: the group redecides with mask
  ActivateFailed,  // decider: its behavior's Activate returned false
  // Classic groups (bt/core/classic.h), which tick their children rather than choose
  // one: a Visit of one active since an earlier tick has index -1 and its active
  // children in mask; Continue is a child ticked again.
  Start,           // the group starts child index (its conditions accepted): activated and ticked
  End,             // child index ended, reason says how: "done", "failed", "interrupted",
                   //   "cooling down", or "rejects: it fails" (never activated, counts as failed)
};

// The precondition that rejected a child (WhyStep::Rejected).
enum class WhyReject : std::uint8_t { None, DecisionFlags, StimuliFlags, Timer };

struct WhyEntry {
  WhyStep step = WhyStep::Visit;
  WhyReject reject = WhyReject::None;
  Result result = Result::Running;  // Redecide: what the child returned
  bool isNew = false;               // Visit: activated this tick
  bool drew = false;                // Offer
  bool taken = false;               // Offer
  std::uint8_t depth = 0;           // of the group (Visit, Chose...) or of the child (Rejected, Decided)
  std::int16_t index = -1;
  std::int16_t other = -1;
  std::int16_t position = -1;  // Chose in a Shuffle group
  float value = 0;
  std::uint32_t draw = 0;      // Offer, when drew
  double total = 0;            // Offer
  std::uint64_t mask = 0;      // Redecide
  const DeciderDef* decider = nullptr;  // the group, or the child for Rejected, Decided, ActivateFailed
  const char* reason = nullptr;         // End: a string literal of the tick
};

// Why a group's active child changed (a WhyTransition's cause).
enum class WhyCause : std::uint8_t {
  Started,        // the root activated (from: null)
  Interrupted,    // a higher-priority child accepted
  Done,           // the active child was done: masked redecide
  Failed,         // the active child failed: masked redecide
  TreeEnded,      // nothing runs any more (to: null); status says why
};

struct WhyTransition {
  double time = 0;                      // [seconds] of the tick
  WhyCause cause = WhyCause::Started;
  Status status = Status::Running;      // TreeEnded: the tick's status
  const DeciderDef* group = nullptr;    // whose child changed; the root for Started and TreeEnded
  const DeciderDef* from = nullptr;
  const DeciderDef* to = nullptr;
};

// Caller-owned, one per agent it explains; reused tick after tick. Zero it, or
// value-initialize it, before the first tick (`bt::WhyRecord why{};`). Its last
// transitions are kept across ticks of one tree; a tick of another tree (another
// root or stamp: a hot reload too) starts them afresh, as they point into the
// tree they were recorded in.
struct WhyRecord {
  // The last tick with this record.
  double time = 0;
  const DeciderDef* root = nullptr;
  std::uint32_t stamp = 0;  // the root's TreeData::stamp at that tick
  Status status = Status::NoBehavior;
  const DeciderDef* running = nullptr;  // the behavior decider running after it
  std::uint16_t count = 0;
  bool overflowed = false;  // more steps than kWhyEntries: the first ones are kept
  WhyEntry entries[kWhyEntries];
  // The last transitions, across ticks: the newest is
  // transitions[(transitionCount - 1) % kWhyTransitions].
  std::uint32_t transitionCount = 0;
  WhyTransition transitions[kWhyTransitions];
};

// Writes the record as text into `text`, NUL-terminated when not empty, and
// returns the characters written; a short buffer keeps whole lines and ends
// "[... truncated]\n" as DebugPrintState does.
std::size_t FormatWhy(const WhyRecord& record, std::span<char> text);

// The stable id (NameId of its name) of the deepest active decider of the block,
// as InitializeTreeData records it in DeciderData::id; 0 when nothing is active
// or the block is refused (as ActiveBehaviorDecider reads it: with children
// active side by side, the last branch's).
std::uint32_t ActiveNodeId(const DeciderDef& root, std::span<const std::byte> memory);

// The ids of every active decider with no active child below it (the ends of
// the active branches: one for a Spore tree, one per running branch of a
// Parallel), in ActivePath's order. Fills `ids` and returns how many there are
// (which may exceed ids.size()); 0 when nothing is active or the block is refused.
int ActiveNodeIds(const DeciderDef& root, std::span<const std::byte> memory, std::span<std::uint32_t> ids);

}  // namespace bt
