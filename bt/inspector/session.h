// bt/inspector/session.h — what the game's thread and the server's share.
//
// The game's thread writes copies into it in Inspector::Frame; the server's
// threads read those copies and write the pages' wishes (which agents to
// watch, pause, step, a breakpoint). Everything is under `mutex` but
// `attention`, the one flag Frame reads when no page is open.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "bt/core/decider.h"
#include "bt/engine/why.h"
#include "bt/inspector/recorder.h"

namespace bt::inspector {

using Clock = std::chrono::steady_clock;

// The limits every request is held to.
struct RequestLimits {
  std::size_t targetBytes = 2048;   // the request line's path and query
  std::size_t bodyBytes = 4096;
  int perSecond = 400;              // over all pages; more are answered 429; 0: no limit
  std::size_t watched = 8;          // agents the pages may watch at once
  std::size_t listPage = 500;       // agents per /api/agents answer
  int transitionsShown = 60;
};

// One watched agent's state, copied by the game's thread at the last frame.
struct WatchedCopy {
  std::size_t agent = 0;
  Clock::time_point askedAt;        // by a page; unwatched when no page asks for a while
  bool copied = false;              // the game's thread has copied it at least once
  const DeciderDef* root = nullptr;
  BlockCopy block;
  bool hasWhy = false;
  std::unique_ptr<WhyRecord> why = std::make_unique<WhyRecord>();
  std::string describe;
};

struct LiveTransition {
  std::int64_t frame = 0;
  std::size_t agent = 0;
  const DeciderDef* from = nullptr;
  const DeciderDef* to = nullptr;
};

struct Breakpoint {
  bool set = false;
  std::string decider;   // pause when an agent enters the decider of this name
  std::int64_t agent = -1;  // -1: any agent
};

struct Session {
  std::mutex mutex;
  std::atomic<bool> attention{false};  // a page asked something, or the recorder runs: Frame has work
  bool offline = false;                // serving a loaded recording; no game
  bool control = false;                // the game lets pages pause, step and break
  RequestLimits limits;
  // What the game's thread copied at its last frame.
  std::int64_t frame = -1;
  double time = 0;
  std::vector<std::string> names;   // every agent's, read when the count changes
  std::vector<WatchedCopy> watched;
  std::deque<LiveTransition> transitions;  // the recent ones, all agents, while pages are open
  // The pages' control; the game's thread applies it.
  bool paused = false;
  int steps = 0;                    // frames to run before pausing again
  Breakpoint breakpoint;
  std::string pauseReason;
  Clock::time_point lastRequest;
  // The recorder, when the game runs one (or a loaded recording offline).
  Recorder* recorder = nullptr;
  // Draws a tree as SVG (Graphviz); null: pictures unavailable (the fuzzer).
  std::string (*drawSvg)(const DeciderDef& root) = nullptr;
  std::map<const DeciderDef*, std::string> svgCache;
  // The rate limit: requests in the current second.
  Clock::time_point rateWindow;
  int rateCount = 0;
};

}  // namespace bt::inspector
