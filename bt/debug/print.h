// bt/debug/print.h — DebugPrintState: an agent's mind as text (Spore S11).
//
// Fills a caller-owned buffer with an indented view of the active path (or the
// whole tree), one decider per line, for tooltip-style overlays over the game
// view. Reads the memory block only; allocates nothing. Depends on the core;
// the core never depends on it.
//
//   *0:ROOT/0x1e4ede85 (kGroup, kGroupPrioritizedList 0x0) time: 34.32 [(no group behavior)] idx: 3
//     *3:EAT/0xb1234185 (kGroup, kGroupPrioritizedList 0x1 CallDecideOnRedecide) time: 14.32 [(no group behavior)] idx: 1
//       *1:EAT_FOOD/0xe48e671e (kBehavior 0x0) time: 14.32 [EAT_FOOD_B/0xce1eebc3] (0x00000000)
//
// '*' marks an active decider; then its index among its parent's children, its
// name as Spore's NAME/id pair (S11's example; options.ids = false: the name
// alone, as the examples below show it), kind, policy and DeciderFlags (hex and names), the seconds since it was
// activated, its behavior (or group behavior) with the behaviorFlags it passes,
// and for groups the index of the active child. The whole tree adds unmarked
// lines for the inactive deciders, without times; a decider shared by several
// groups is printed under each. Nothing active prints "(no active deciders)".
// A null name (a loader may leave names out) prints "(unnamed)". A decider with
// constant parameters shows them after its name, as bt::FormatParams writes them:
//   *1:SHOOT(range=10, "head") (kBehavior 0x0) time: 0.50 [SHOOT_B] (0x00000000)
// A tree that declares variables starts with a line of the agent's values
// (Bools as true/false, Numbers as %g), or, when the block holds none (never
// ticked, refused, damaged), of the declared initial values:
//   variables: HasTarget=true Range=10
//   variables (initial): HasTarget=false Range=30
//
// Classic groups (bt/core/classic.h): one whose children lie side by side lists every
// active child ("idx: -" for none), and a Parallel the children done since it
// started; a classic group's configuration (bt/debug/classic_format.h) ends its line in
// braces, with a running Loop's count so far and a Cooldown's time left (or
// "ready": its timer outlives its activations, so it shows on inactive lines too):
//   *0:PAR (kGroup, kGroupParallel 0x0) time: 1.00 [(no group behavior)] idx: 0,2 done: 1 {done when all, failed when one}
//     *0:LOOP (kGroup, kGroupLoop 0x0) time: 1.00 [(no group behavior)] idx: 0 {count 3, 2 so far}
//     *2:COOL (kGroup, kGroupCooldown 0x0) time: 0.50 [(no group behavior)] idx: 0 {cooldown 2.00 s, 1.25 s left}
// The kinds of MBT add, while active (after "; " when configured), what their slot holds: a StateMachine
// "no transition pending" or "transition pending to 2 FLEE" (applied at its next
// tick), a Priority "3 variable changes seen" (the count at its last pick), a
// GroupScope "seated" (it holds a place in its scope) or "not seated". A
// timestamp (bt/core/timestamps.h) on the variables line reads "never" or "cleared"
// for its two infinities:
//   *0:MACHINE (kGroup, kGroupStateMachine 0x0) time: 1.00 [(no group behavior)] idx: 0 {transition pending to 1 COMBAT}
//   variables: Alert=true EnemySeen=2.5 EnemyLost=cleared
//
// Under an active decider, its DBlock and its behavior's memory struct are shown
// when their type has a formatter (bt/debug/memory_format.h), each on a line of its
// own, the first line of the formatter's text after the type's name:
//       *1:FLEE (kBehavior 0x0) time: 0.50 [FLEE_B] (0x00000000)
//          dblock Threat: at (3,4)
//          memory FleeMem: steps 3
//
// With options.why, the record's text (bt::FormatWhy) follows, under the same
// truncation rule.
//
// Bad input prints what is wrong instead of crashing:
// - a tree InitializeTreeData rejects: only its TreeError message, on one line
//   ("bt: decider GUARD: a group decider with no children: ...\n"), with or
//   without wholeTree;
// - a block smaller than MemoryBytesFor(root) or not aligned to kMaxAlignment
//   (which the tick refuses as MemoryTooSmall, MemoryMisaligned) is not read: the line
//   "(memory block too small or misaligned)", then with wholeTree the tree
//   unmarked. An empty `memory` is no block: "(no active deciders)", or the
//   whole tree unmarked;
// - a damaged block whose group names a child it lacks: that group's line ends
//   "idx: <n> (corrupt)" and nothing below it is marked.
#pragma once

#include <cstddef>
#include <span>

#include "bt/core/decider.h"

namespace bt {

struct WhyRecord;  // bt/engine/why.h

struct DebugPrintOptions {
  bool wholeTree = false;  // every decider, not only the active path
  // Names as Spore's NAME/id pairs ("*1:EAT/0x1c2d3e4f (kGroup, ...", as S11 shows
  // them), the id being DeciderData::id (bt::NameId of the name) for deciders and
  // NameId for behaviors; false: the names alone ("*1:EAT (kGroup, ...").
  bool ids = true;
  // Appended after the view: the agent's why-record, as bt::FormatWhy writes it.
  const WhyRecord* why = nullptr;
};

// Writes the view into `buffer`, always NUL-terminated when it is not empty, and
// returns the number of characters written (without the NUL). When the buffer
// is too short, whole lines are dropped from the end until a marker fits after
// them: "[... truncated]\n" when the buffer holds at least 17 bytes, else
// "[...]\n" when it holds at least 7, else none (the text is then ""). An empty
// buffer is not written and 0 returned.
std::size_t DebugPrintState(const DeciderDef& root, std::span<const std::byte> memory, double time,
                            std::span<char> buffer, const DebugPrintOptions& options = {});

}  // namespace bt
