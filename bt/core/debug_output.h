// bt/core/debug_output.h — debug output from inside the tick (Spore S11).
//
// Levels, each adding to the ones before it:
//   0 nothing
//   1 behavior activations                          (only on transitions)
//   2 + deactivations and interruptions             (only on transitions)
//   3 + tree start and finish, behavior ticks       (every tick)
//   4 + visiting and continuing deciders, redecides (every tick)
//   5 + every precondition, Decide result, choice   (every tick)
// A line reads "BTDBO(<level>) <agent> @ <time>: <one space per depth><message>".
// Lines go to a hook; the default hook (bt/core/default_debug_output.h, a library
// of its own: libbt_spdlog.a unless the build drops spdlog, and then stderr)
// writes to the spdlog logger named "bt", which users may route to any sink. Formatting needs no allocation; spdlog may
// allocate. The default hook never throws and never crashes, whatever the
// program does to spdlog's registry (drop_all, shutdown, registering "bt" on
// another thread):
// - the logger "bt" is looked up for every line, so one registered (or
//   replaced) at any time gets the lines;
// - missing, it is created and registered: a clone of spdlog's default logger,
//   or, when there is none (after spdlog::drop_all or spdlog::shutdown), a
//   logger on stderr with spdlog's default pattern
//   ("[2024-05-01 12:00:00.000] [bt] [info] BTDBO(1) ...");
// - when another thread registers "bt" first, that logger gets the line;
// - when spdlog fails anyway (it throws, e.g. out of memory), the line goes to
//   stderr as it is, followed by a newline.
// Deciders and behaviors print as Spore S11's NAME/id pairs, "GROWL/0x2c20c22",
// the id being bt::NameId(name) (bt/core/name_id.h). A name that is null (a loader
// may leave names out) is printed "(unnamed)", its id 0.
//
// Building with BT_DEBUG_OUTPUT=0 compiles every hook point out of the tick.
#pragma once

#include <atomic>
#include <cstdint>

#include "bt/core/config.h"
#include "bt/core/kinds.h"

namespace bt {

struct DeciderDef;

// One line, with what it is about, for a hook that masks more finely than the
// level and agent filter (Spore S11's DebugOutputCurrent* variables).
struct DebugLine {
  int level;  // 1-5
  const void* agent;
  double time;  // [seconds] of the tick
  int depth;    // in the tree, root 0
  // Both strings live only during the hook's call; copy what you keep.
  const char* message;  // without prefix
  const char* text;     // the whole line: "BTDBO(1) 0x... @ 106.017: <depth spaces><message>"
  const DeciderDef* tree = nullptr;  // the root of the tree being ticked; null when none is
};

using DebugOutputFn = void (*)(const DebugLine& line, void* user);

struct DebugOutputSettings {
  int level = 0;                   // 0-5
  const void* agent = nullptr;     // only this agent; null: every agent
  DebugOutputFn output = nullptr;  // null: the default hook (the spdlog logger "bt", or stderr)
  void* user = nullptr;            // handed to output
};

// Sets what the tick reports. Settings may be changed from any thread, also
// while others tick: they are published as one snapshot, and each line is
// emitted with one consistent snapshot, so a hook is only ever called with its
// own `user` and for lines its own level and agent filter want. SetDebugOutput
// does not wait for lines already being emitted: a line that started before it
// may still reach the previous hook (with the previous user pointer), so keep
// what `user` points to alive until the ticks running meanwhile are done.
void SetDebugOutput(const DebugOutputSettings& settings);
// The current settings, as one consistent snapshot.
DebugOutputSettings GetDebugOutput();

namespace detail {

// The filter of the hot check, also part of the snapshot SetDebugOutput
// publishes; DebugEmit checks a line again against a consistent snapshot.
extern std::atomic<int> gDebugOutputLevel;
extern std::atomic<const void*> gDebugOutputAgent;

// Relaxed loads: as cheap as plain ones, and a stale answer only costs a line
// that DebugEmit drops (or one missed while the settings change).
[[gnu::always_inline]] inline bool DebugWanted(int level, const void* agent) {
  if (gDebugOutputLevel.load(std::memory_order_relaxed) < level) return false;
  const void* only = gDebugOutputAgent.load(std::memory_order_relaxed);
  return only == nullptr || only == agent;
}

// Seconds from a float activation time to a tick's time, in float like the
// block keeps them, so a decider activated this tick shows 0, not -0.000.
inline double DebugSeconds(double time, float since) { return static_cast<float>(time) - since; }

// Formats and sends one line; printf-style, except that a null string (%s) is
// printed "(unnamed)". Drops the line if the settings no longer want it.
void DebugEmit(int level, const void* agent, const DeciderDef* tree, double time, int depth, const char* format, ...)
    __attribute__((format(printf, 6, 7)));

}  // namespace detail
}  // namespace bt

#if BT_DEBUG_OUTPUT
#define BT_DEBUG_OUT(t, level, depth, ...)                                     \
  do {                                                                         \
    if (::bt::detail::DebugWanted(level, (t).agent))                           \
      ::bt::detail::DebugEmit(level, (t).agent, (t).root, (t).time, depth, __VA_ARGS__); \
  } while (0)
#else
// Nothing of the facility is left in the tick: no branch, no argument evaluated.
#define BT_DEBUG_OUT(t, level, depth, ...) \
  do {                                     \
  } while (0)
#endif
// Transitions read the same; the name says at a glance which lines levels 1-2 show.
#define BT_DEBUG_OUT_TRANSITION BT_DEBUG_OUT
