// bt/debug_output.h — debug output from inside the tick (Spore S11).
//
// Levels: 0 none; 1-2 only on transitions (1 activations, 2 deactivations and
// interruptions); 3-5 every tick (3 the tick and its behaviors, 4 redecides,
// 5 every precondition and Decide result). Lines go to a hook; the default hook
// writes to the spdlog logger named "bt", which users may route to any sink.
//
// Building with BT_DEBUG_OUTPUT=0 compiles every hook point out of the tick.
#pragma once

#include <atomic>
#include <cstdint>

#include "bt/config.h"

namespace bt {

struct DebugLine {
  int level;             // 1-5
  const void* agent;
  double time;           // [seconds] of the tick
  int depth;             // in the tree, root 0
  const char* message;   // without prefix
  const char* text;      // the whole line: "BTDBO(1) 0x... @ 106.017: <depth spaces><message>"
};

using DebugOutputFn = void (*)(const DebugLine& line, void* user);

struct DebugOutputSettings {
  int level = 0;                   // 0-5
  const void* agent = nullptr;     // only this agent; null: every agent
  DebugOutputFn output = nullptr;  // null: the spdlog logger "bt"
  void* user = nullptr;            // handed to output
};

// Sets what the tick reports. Not synchronized with ticks on other threads: set
// it between frames.
void SetDebugOutput(const DebugOutputSettings& settings);
DebugOutputSettings GetDebugOutput();

namespace detail {

extern int gDebugOutputLevel;
extern const void* gDebugOutputAgent;

inline bool DebugWanted(int level, const void* agent) {
  return gDebugOutputLevel >= level && (gDebugOutputAgent == nullptr || gDebugOutputAgent == agent);
}

// Formats and sends one line; printf-style.
void DebugEmit(int level, const void* agent, double time, int depth, const char* format, ...)
    __attribute__((format(printf, 5, 6)));

}  // namespace detail
}  // namespace bt

#if BT_DEBUG_OUTPUT
#define BT_DEBUG_OUT(t, level, depth, ...)                                                           \
  do {                                                                                               \
    if (::bt::detail::DebugWanted(level, (t).agent))                                                 \
      ::bt::detail::DebugEmit(level, (t).agent, (t).time, depth, __VA_ARGS__);                       \
  } while (0)
#else
#define BT_DEBUG_OUT(t, level, depth, ...) \
  do {                                     \
  } while (0)
#endif
// Transitions read the same; the name says at a glance which lines levels 1-2 show.
#define BT_DEBUG_OUT_TRANSITION BT_DEBUG_OUT
#define BT_DEBUG_BEGIN_TICK(t)                                                                                    \
  do {                                                                                                            \
    BT_DEBUG_OUT(t, 3, 0, "**************** starting tree %s for %p ****************", (t).root->name, (t).agent); \
    BT_DEBUG_OUT(t, 3, 0, "dt: %f, DecisionFlags: 0x%08x, StimuliFlags: 0x%08x", static_cast<double>((t).dt),      \
                 (t).decisionFlags, (t).stimuliFlags);                                                            \
  } while (0)
#define BT_DEBUG_END_TICK(t) BT_DEBUG_OUT(t, 3, 0, "**************** finished tree %s ****************", (t).root->name)
