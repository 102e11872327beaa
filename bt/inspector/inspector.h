// bt/inspector/inspector.h — a live view of any agent's mind, in a browser.
//
// A game makes one Inspector, starts it, and calls Frame once per frame on its
// own thread, after the frame's ticks. The inspector serves a page on
// http://127.0.0.1:PORT (requests.h lists what it answers) from a thread of its
// own, which never reads the game's blocks: in Frame, the game's thread copies
// what the open pages asked for (the watched agents' blocks, why-records and
// descriptions, tens of bytes to a few kilobytes each) into the session the
// server reads. With no page open and no recorder, Frame is one relaxed atomic
// load and returns.
//
// Control (pause, step, resume, breakpoints) is off unless the game enables it;
// when on, Frame's result says whether the game may run its next frame, and a
// paused game keeps calling Frame (with the same frame number) so the pages are
// served. A page gone for ten seconds resumes a paused game.
//
// With `recorderBytes`, a Recorder (recorder.h) keeps every agent's block at
// every frame of a window that fits in that many bytes; the page scrubs through
// it, and SaveRecording writes it to a file that OpenRecording serves again
// with no game running.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "bt/core/decider.h"
#include "bt/inspector/agents.h"
#include "bt/inspector/recorder.h"
#include "bt/inspector/running.h"
#include "bt/inspector/session.h"

namespace bt::inspector {

struct InspectorOptions {
  std::string host = "127.0.0.1";  // another address exposes the page beyond this machine
  int port = 0;                    // 0: any free port (Port() says which)
  bool control = false;            // pages may pause, step and set breakpoints
  std::size_t recorderBytes = 0;   // 0: no recorder
  int keyframeEvery = 64;
  RequestLimits limits;
};

class Inspector {
 public:
  explicit Inspector(InspectorOptions options = {});
  ~Inspector();
  Inspector(const Inspector&) = delete;
  Inspector& operator=(const Inspector&) = delete;

  // Binds and serves; false with a message when the address cannot be bound.
  bool Start(std::string* error);
  int Port() const { return port_; }
  void Stop();

  // The game's thread, once per frame after its ticks. Returns whether the game
  // may run its next frame: false while a page holds it paused.
  bool Frame(const Agents& agents, std::int64_t frame, double time) {
    if (!session_.attention.load(std::memory_order_relaxed)) return true;
    return FrameWithAttention(agents, frame, time);
  }

  // The recording so far to a file (the game's thread); false without a recorder.
  bool SaveRecording(const char* path, std::string* error);
  // Before Start: serve a saved recording with no game; `roots` are the trees
  // it may hold (matched by name and stamp).
  bool OpenRecording(const char* path, std::span<const DeciderDef* const> roots, std::string* error);

 private:
  struct Server;
  bool FrameWithAttention(const Agents& agents, std::int64_t frame, double time);
  void NoteFrame(const Agents& agents, std::int64_t frame);

  InspectorOptions options_;
  Session session_;
  std::unique_ptr<Recorder> recorder_;
  std::unique_ptr<Server> server_;
  int port_ = 0;
  // The game's thread's own, between frames.
  std::int64_t lastFrame_ = -1;
  RunningDeciders running_;  // per agent, at the last frame pages saw
  std::vector<std::uint8_t> inBreak_;       // per agent: the breakpoint's decider was active
  std::string breakDecider_;
};

// The tree as SVG through Graphviz's dot (bt/debug/dot.h's DOT, nothing lit);
// empty when dot is missing or fails.
std::string DrawTreeSvg(const DeciderDef& root);

}  // namespace bt::inspector
