// bt/core/refusal.h — reporting the calls bt refuses (a Status that says the input
// was wrong, not what the tree decided).
//
// Every refusal of a tick, StopBehaviorTree, ResetMemory, SaveMemory,
// RestoreMemory or Immigrate's header check is reported twice, so none goes unnoticed:
// - a debug output line at level 1 (bt/core/debug_output.h), for the agent, saying
//   what is wrong and what to do:
//   "BTDBO(1) 0x... @ 1.000: refused: MemoryTooSmall: the block has 32 bytes,
//    the tree needs 48 (use bt::MemoryFor<ROOT> or bt::MemoryBytesFor)"
//   (a Stop's reads "stop refused: ...", likewise reset, save and restore);
//   compiled out with BT_DEBUG_OUTPUT=0;
// - the refusal hook, when one is set (opt-in: tests and tools refuse on
//   purpose, so no default asserts). A game may set one that asserts in its
//   debug builds, or counts.
#pragma once

#include <cstddef>

#include "bt/core/kinds.h"

namespace bt {

struct DeciderDef;

struct Refusal {
  Status status;
  const char* operation;  // "tick", "stop", "reset", "save", "restore" or "immigrate"
  const DeciderDef* root;
  const DeciderDef* decider;  // what the Status names (the culprit of an InvalidTree), or null
  const void* agent;          // null for save and restore
  double time;                // [seconds] of the call; 0 for save and restore
  const char* message;        // "MemoryTooSmall: the block has ...": lives only during the call
};

using RefusalHookFn = void (*)(const Refusal& refusal, void* user);

// Sets the hook every refusal is handed to (null: none, the default). Called
// from whichever thread refused, inside the refused call: it must not throw
// (the ticks are noexcept). Set it before ticking from several threads: the
// function and `user` are two stores, and a refusal racing a change could
// pair one with the other.
void SetRefusalHook(RefusalHookFn fn, void* user = nullptr);

namespace detail {
// What a refused call was given, for the message.
struct RefusalFacts {
  Status status;
  const char* operation;
  const DeciderDef* root;
  const DeciderDef* decider;
  const void* agent;
  double time;
  float dt;
  const std::byte* block;  // the block the call was given
  std::size_t blockBytes;
  const std::byte* other;  // restore: the saved bytes; save: the output buffer
  std::size_t otherBytes;
  const char* detail = nullptr;  // what the message says after the status, when the call worded it itself
};
// Formats the message and hands it to the debug output and the hook, if either
// wants it. Out of line, so the ticks carry none of it (nor, with
// BT_DEBUG_OUTPUT=0, any reference to the debug output facility).
void ReportRefusal(const RefusalFacts& facts) noexcept;
}  // namespace detail

}  // namespace bt
