// bt/inspector/recorder.h — time travel: every agent's block at every frame of
// a window, within a memory bound, rebuilt exactly.
//
// The recorder keeps segments: a keyframe (every agent's block, copied whole)
// followed by one delta per frame (for each agent whose block changed since the
// frame before, the runs of bytes that changed). A block at a past frame is the
// keyframe's copy with the deltas up to that frame applied: the very bytes the
// tick left, so DebugPrintState, the active path and the picture of that frame
// are the ones the game would have printed then. A new segment starts every
// `keyframeEvery` frames, or sooner when the deltas outgrow the keyframe; when
// the segments hold more than `memoryBytes`, the oldest is dropped whole (the
// newest always stays). It also keeps each agent's transitions (the running
// decider replaced) and, for the agents a page watched at a frame, that
// frame's why-record as text (a why-record is the tick's, not the block's, so
// it cannot be rebuilt for the others).
//
// The agents are fixed for a recording: their count, block sizes and trees are
// read at its first frame; a change of any starts the recording afresh. Frames
// must come in order; a gap starts a new segment.
//
// Save writes a recording to a file; Load reads it back and matches its trees,
// by root name and tree stamp, against the roots the program knows, so a game
// (or a tool linked with its trees) opens it with no game running. Load checks
// every field and every delta against the file's own sizes: a damaged or
// hostile file is refused with a message, never read out of bounds.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "bt/core/decider.h"
#include "bt/inspector/agents.h"
#include "bt/inspector/running.h"

namespace bt::inspector {

struct RecorderOptions {
  std::size_t memoryBytes = 64u << 20;  // the bound on what the segments hold
  int keyframeEvery = 64;               // [frames] at most between two keyframes
};

struct RecordedTransition {
  std::int64_t frame = 0;
  std::uint32_t agent = 0;
  std::uint32_t from = 0;  // index into Names(); 0 is "-", no running decider
  std::uint32_t to = 0;
};

// A block copy aligned as the tick requires of a block (kMaxAlignment), so the
// readers of bt/debug accept it.
class BlockCopy {
 public:
  void Assign(std::span<const std::byte> bytes);
  std::span<const std::byte> Bytes() const;
  std::span<std::byte> Bytes();

 private:
  struct alignas(16) Chunk {
    std::byte bytes[16];
  };
  std::vector<Chunk> chunks_;
  std::size_t size_ = 0;
};

class Recorder {
 public:
  explicit Recorder(RecorderOptions options = {});

  // The game's thread, once per frame after the frame's ticks; a frame already
  // recorded (the game paused) is not recorded again.
  void Record(const Agents& agents, std::int64_t frame, double time);
  // The why text of an agent a page watched at the last recorded frame.
  void RecordWhy(std::int64_t frame, std::size_t agent, std::string text);

  // Reading; any thread, under Lock().
  std::unique_lock<std::mutex> Lock() const { return std::unique_lock<std::mutex>(mutex_); }
  bool Empty() const { return segments_.empty(); }
  std::int64_t FirstFrame() const;
  std::int64_t LastFrame() const;
  std::size_t AgentCount() const { return agents_.size(); }
  const std::string& AgentName(std::size_t agent) const { return agents_[agent].name; }
  const DeciderDef* AgentRoot(std::size_t agent) const;
  const std::vector<std::string>& Names() const { return names_; }
  const std::deque<RecordedTransition>& Transitions() const { return transitions_; }
  std::size_t BytesHeld() const { return bytesHeld_; }
  // The time of a frame in the window; false when it is not in the window.
  bool TimeOf(std::int64_t frame, double* time) const;
  // The agent's block at a frame of the window, rebuilt; false when not in the window.
  bool Rebuild(std::int64_t frame, std::size_t agent, BlockCopy& out) const;
  // The why text recorded for the agent at that frame; null when none was.
  const std::string* WhyAt(std::int64_t frame, std::size_t agent) const;

  // Whole file; the game's thread (Save) or before serving (Load).
  bool Save(const char* path, std::string* error) const;
  bool Load(const char* path, std::span<const DeciderDef* const> roots, std::string* error);
  // Load's reader over bytes in memory (the fuzzer calls it).
  bool LoadBytes(std::span<const std::byte> file, std::span<const DeciderDef* const> roots, std::string* error);

 private:
  struct AgentInfo {
    std::string name;
    std::uint32_t root = 0;    // index into roots_
    std::size_t offset = 0;    // of its block in a keyframe
    std::size_t size = 0;
    std::uint32_t running = 0; // index into names_ of the running decider at the last frame
  };
  struct RootInfo {
    const DeciderDef* root = nullptr;  // null: a loaded recording whose tree the program lacks
    std::string name;
    std::uint32_t stamp = 0;
  };
  struct WhyText {
    std::int64_t frame = 0;
    std::uint32_t agent = 0;
    std::string text;
  };
  struct Segment {
    std::int64_t firstFrame = 0;
    std::vector<double> times;               // one per frame of the segment
    std::vector<std::byte> key;              // every agent's block at firstFrame
    std::vector<std::uint32_t> deltaStarts;  // per frame after the first: its delta's offset in `deltas`
    std::vector<std::byte> deltas;
    std::vector<WhyText> whys;
    std::size_t Bytes() const;
  };

  bool SameAgents(const Agents& agents) const;
  void Restart(const Agents& agents);
  std::uint32_t NameIndex(const DeciderDef* decider);
  void StartSegment(std::int64_t frame, double time);
  void NoteRunning(std::size_t agent, const DeciderDef& root, std::span<const std::byte> block, std::int64_t frame);
  void Trim();
  const Segment* SegmentOf(std::int64_t frame) const;

  RecorderOptions options_;
  mutable std::mutex mutex_;
  std::vector<AgentInfo> agents_;
  std::vector<RootInfo> roots_;
  std::vector<std::string> names_;  // the running deciders' names seen; [0] = "-"
  std::vector<const DeciderDef*> nameDeciders_;
  std::deque<Segment> segments_;
  std::vector<std::byte> last_;  // every agent's block at the last frame
  RunningDeciders running_;
  std::size_t frameDeltaBound_ = 0;  // [bytes] a frame's delta may take at most
  std::deque<RecordedTransition> transitions_;
  std::size_t bytesHeld_ = 0;
};

}  // namespace bt::inspector
