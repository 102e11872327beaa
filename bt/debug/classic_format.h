// bt/debug/classic_format.h — a classic group's configuration as text, for the debug
// views (DebugPrintState, WriteTreeDot; tools/gdb/bt_printers.py writes the same).
//
//   Decorator         results: done->failed failed->done   (only the results it changes; "results: as is")
//   Loop              count 3                              (count 0 (forever))
//   LoopUntilSuccess  count 3                              (attempts; count 0 (forever))
//   Cooldown          cooldown 2.00 s
//   RandomGate        chance 0.25                          (%g)
//   Parallel          done when all, failed when one       (kParallelSucceedOnAny: done when one;
//                                                           kParallelFailOnAll: failed when all)
//   SelectionStateMachine  transitions: 0->1 if SEES, 1->0 if LOST   (from->to if the condition's name; "transitions: none")
//   GroupScope        scope DeadBodyInvestigator, 2 users
// A StateMachine's state (any decider, config.eventTransitions) adds its
// transitions by event name: "on events OnEnemySeen->1, OnLost->2" (after "; "
// when the group configures something too); one without a name (a bt::Transition
// written by hand) by id: "0x1a2b3c4d->1".
// Every other policy, and a behavior decider, configures nothing: the text is "".
#pragma once

#include <cstddef>
#include <span>

#include "bt/core/decider.h"

namespace bt {

// Writes the text into `out`, NUL-terminated when not empty (cut when it does not
// fit), and returns its length (0 for nothing configured).
std::size_t FormatNodeConfig(const DeciderDef& d, std::span<char> out);

}  // namespace bt
