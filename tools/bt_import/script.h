// tools/bt_import/script.h — the script of `bt_import --run`: what the world does
// and what each action returns, tick by tick (bt/loaders/README.md, "--run").
//
//   # comment
//   tick 1: time 0.5; cond enemyVisible=true; event OnEnemySeen; fight=S*2,R
//   tick 2: missing patrol
//
// Ticks are numbered 1, 2, 3... without gaps; a tick's time defaults to N * 1.0
// and never decreases; an action not named on a line returns R; the i-th call
// of NAME in the tick returns the i-th status, the last repeating. Every
// malformed line is an error "FILE:LINE: message", the first one ending the parse.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "bt/core/kinds.h"

namespace bt_import {

// Most repeats one status may ask for (`S*K`).
inline constexpr std::uint64_t kMaxStatusRepeat = 1000000000;

// `S*K`: K calls returning S.
struct StatusRun {
  bt::Result result = bt::Result::Running;
  std::uint64_t count = 1;
};

// `NAME=S*2,R`: what action NAME returns this tick, call by call.
struct ActionResults {
  std::string name;
  std::vector<StatusRun> runs;  // never empty

  // What its call number `call` (from 0) of the tick returns: the last status repeats.
  bt::Result ResultOfCall(std::uint64_t call) const;
};

// `cond NAME=VALUE`: true is 1, false 0.
struct CondSetting {
  std::string name;
  double value = 0;
};

struct ScriptTick {
  int number = 0;                    // 1, 2, 3...
  int line = 0;                      // in the script file
  double time = 0;                   // [seconds] `time T`, or number * 1.0
  std::vector<CondSetting> conds;    // in the order written
  std::vector<std::string> missing;  // actions gone from this tick on
  std::vector<std::string> events;   // delivered in this order, before the tick
  std::vector<ActionResults> actions;
};

struct ScriptParse {
  std::vector<ScriptTick> ticks;
  std::string error;  // "FILE:LINE: message"; empty when parsed

  bool Ok() const { return error.empty(); }
};

// The script `text`; `file` names it in the error.
ScriptParse ParseScript(std::string_view text, std::string_view file);

}  // namespace bt_import
