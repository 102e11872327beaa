// bt/core/default_debug_output.h — the default debug-output hook: what the tick's
// debug lines go to when no hook is set (SetDebugOutput, bt/core/debug_output.h).
//
// The core calls it and does not define it: a small library beside the core
// does (bt/log/), linked after libbt.a, so a game with its own logger links none.
// - libbt_spdlog.a (bt/log/spdlog_output.cpp), linked by default: the spdlog
//   logger "bt", as bt/core/debug_output.h describes;
// - libbt_stderr.a (bt/log/stderr_output.cpp), in its place when the build drops
//   spdlog (make BT_SPDLOG=0, cmake -DBT_SPDLOG=OFF): each line to stderr as it
//   is, followed by a newline, with the C library alone.
// A program may link its own definition instead of either.
#pragma once

#include "bt/core/debug_output.h"

namespace bt::detail {

// One line, for a program that set no hook. Never throws: the tick calls it.
void DefaultDebugOutput(const DebugLine& line) noexcept;

}  // namespace bt::detail
