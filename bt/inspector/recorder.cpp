// bt/inspector/recorder.cpp — keyframes and deltas of every agent's block.
//
// Index
//   [SECTION] Block copies      — BlockCopy, aligned as blocks are
//   [SECTION] Recording         — Record, segments, trimming
//   [SECTION] Rebuilding        — a block at a past frame
//   [SECTION] The file          — Save, Load
//
// A frame's delta, in `Segment::deltas`: for each agent whose block changed,
// u32 agent, then its runs (u16 offset, u16 length, the bytes), then u16 0xffff;
// the frame ends with u32 0xffffffff. A run is a span of changed 8-byte words,
// trimmed at both ends to the bytes that changed.
#include "bt/inspector/recorder.h"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstring>
#include <limits>

#include "bt/core/tree.h"

namespace bt::inspector {
namespace {

constexpr std::uint32_t kEndOfFrame = 0xffffffffu;
constexpr std::uint16_t kEndOfAgent = 0xffffu;
constexpr std::size_t kMaxBlockBytes = 0xfff0;  // a run's offset and length are u16
constexpr std::size_t kDeltaChunk = 16384;      // [bytes] the deltas grow by while a frame is written
constexpr char kMagic[8] = {'B', 'T', 'R', 'E', 'C', '0', '0', '1'};

template <typename T>
void Put(std::vector<std::byte>& out, T value) {
  const auto* p = reinterpret_cast<const std::byte*>(&value);
  out.insert(out.end(), p, p + sizeof value);
}
void PutBytes(std::vector<std::byte>& out, std::span<const std::byte> bytes) {
  out.insert(out.end(), bytes.begin(), bytes.end());
}
void PutString(std::vector<std::byte>& out, const std::string& text) {
  Put(out, static_cast<std::uint32_t>(text.size()));
  PutBytes(out, std::as_bytes(std::span<const char>(text.data(), text.size())));
}

// Reads with bounds: any read past the end sets `failed` and yields zeros.
struct Reader {
  std::span<const std::byte> data;
  std::size_t at = 0;
  bool failed = false;
  template <typename T>
  T Get() {
    T value{};
    if (data.size() - at < sizeof value) {
      failed = true;
      return value;
    }
    std::memcpy(&value, data.data() + at, sizeof value);
    at += sizeof value;
    return value;
  }
  std::span<const std::byte> Bytes(std::size_t n) {
    if (data.size() - at < n) {
      failed = true;
      return {};
    }
    const auto bytes = data.subspan(at, n);
    at += n;
    return bytes;
  }
  std::string String(std::size_t limit) {
    const auto n = Get<std::uint32_t>();
    if (n > limit) failed = true;
    const auto bytes = failed ? std::span<const std::byte>{} : Bytes(n);
    return std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  }
};

// Walks one frame's delta from `at`; calls apply(agent, offset, bytes) per run.
// Returns the offset after the frame's end marker, or 0 when the delta is malformed
// (an agent or a run outside the recording's sizes).
template <typename Apply>
std::size_t WalkDelta(std::span<const std::byte> deltas, std::size_t at, std::span<const std::size_t> sizes,
                      Apply&& apply) {
  Reader in{deltas, at};
  for (;;) {
    const auto agent = in.Get<std::uint32_t>();
    if (in.failed) return 0;
    if (agent == kEndOfFrame) return in.at;
    if (agent >= sizes.size()) return 0;
    for (;;) {
      const auto offset = in.Get<std::uint16_t>();
      if (in.failed) return 0;
      if (offset == kEndOfAgent) break;
      const auto length = in.Get<std::uint16_t>();
      const auto bytes = in.Bytes(length);
      if (in.failed || std::size_t{offset} + length > sizes[agent]) return 0;
      apply(agent, offset, bytes);
    }
  }
}

static_assert(std::endian::native == std::endian::little, "a run's ends are found from the low bytes of a word");

// [bytes] an agent's delta may take at most: its number and end marker, and runs
// alternating with unchanged words, each run a header and its bytes.
// Plus a word: a run's bytes are copied a word at a time, past its end.
std::size_t AgentDeltaBound(std::size_t size) {
  return sizeof(std::uint32_t) + 2 * sizeof(std::uint16_t) + size + size / 2 + sizeof(std::uint64_t);
}

// The bytes at p as a word, zeros past n (the last word of a block not a multiple of 8).
std::uint64_t Word(const std::byte* p, std::size_t n) {
  std::uint64_t word = 0;
  if (n == sizeof word)
    std::memcpy(&word, p, sizeof word);
  else
    std::memcpy(&word, p, n);
  return word;
}

template <typename T>
std::byte* PutAt(std::byte* out, T value) {
  std::memcpy(out, &value, sizeof value);
  return out + sizeof value;
}

// Compares an agent's block with its copy at the last frame a word at a time;
// writes at `out` the agent's number, each run of changed words (trimmed to the
// bytes that changed at both ends) and the end marker, and updates the copy.
// Returns the end of what it wrote: `out` itself when nothing changed.
std::byte* WriteAgentDelta(std::byte* out, std::uint32_t agent, const std::byte* now, std::byte* was,
                           std::size_t size) {
  std::byte* const start = out;
  std::size_t at = 0;
  while (at < size) {
    const std::size_t n = std::min<std::size_t>(8, size - at);
    const std::uint64_t first = Word(now + at, n) ^ Word(was + at, n);
    if (first == 0) {
      at += n;
      continue;
    }
    std::uint64_t last = first;
    std::size_t lastAt = at, next = at + n;
    while (next < size) {
      const std::size_t m = std::min<std::size_t>(8, size - next);
      const std::uint64_t changed = Word(now + next, m) ^ Word(was + next, m);
      if (changed == 0) break;
      last = changed;
      lastAt = next;
      next += m;
    }
    const std::size_t from = at + static_cast<std::size_t>(std::countr_zero(first)) / 8;
    const std::size_t to = lastAt + 8 - static_cast<std::size_t>(std::countl_zero(last)) / 8;
    if (out == start) out = PutAt(out, agent);
    out = PutAt(out, static_cast<std::uint16_t>(from));
    out = PutAt(out, static_cast<std::uint16_t>(to - from));
    // Whole words while they lie within the block (the bytes past `to` are
    // overwritten by what follows), the tail byte by byte.
    std::size_t k = from;
    for (; k < to && k + 8 <= size; k += 8) std::memcpy(out + (k - from), now + k, 8);
    for (; k < to; ++k) out[k - from] = now[k];
    out += to - from;
    k = at;
    for (; k + 8 <= next; k += 8) std::memcpy(was + k, now + k, 8);
    for (; k < next; ++k) was[k] = now[k];
    at = next;
  }
  if (out != start) out = PutAt(out, kEndOfAgent);
  return out;
}

}  // namespace

// =============================================================== [SECTION] Block copies

void BlockCopy::Assign(std::span<const std::byte> bytes) {
  chunks_.resize((bytes.size() + sizeof(Chunk) - 1) / sizeof(Chunk));
  size_ = bytes.size();
  if (size_ != 0) std::memcpy(chunks_.data(), bytes.data(), size_);
}
std::span<const std::byte> BlockCopy::Bytes() const {
  return {reinterpret_cast<const std::byte*>(chunks_.data()), size_};
}
std::span<std::byte> BlockCopy::Bytes() { return {reinterpret_cast<std::byte*>(chunks_.data()), size_}; }

// =============================================================== [SECTION] Recording

Recorder::Recorder(RecorderOptions options) : options_(options) {
  if (options_.keyframeEvery < 1) options_.keyframeEvery = 1;
  names_.push_back("-");
  nameDeciders_.push_back(nullptr);
}

std::size_t Recorder::Segment::Bytes() const {
  std::size_t bytes = sizeof(Segment) + key.size() + deltas.size() + times.size() * sizeof(double) +
                      deltaStarts.size() * sizeof(std::uint32_t);
  for (const WhyText& why : whys) bytes += sizeof why + why.text.size();
  return bytes;
}

bool Recorder::SameAgents(const Agents& agents) const {
  if (agents.Count() != agents_.size()) return false;
  for (std::size_t i = 0; i < agents_.size(); ++i)
    if (agents.Block(i).size() != agents_[i].size || &agents.Root(i) != roots_[agents_[i].root].root) return false;
  return true;
}

void Recorder::Restart(const Agents& agents) {
  segments_.clear();
  transitions_.clear();
  roots_.clear();
  names_.assign(1, "-");
  nameDeciders_.assign(1, nullptr);
  bytesHeld_ = 0;
  agents_.assign(agents.Count(), AgentInfo{});
  std::size_t offset = 0;
  for (std::size_t i = 0; i < agents_.size(); ++i) {
    AgentInfo& info = agents_[i];
    agents.Name(i, info.name);
    const DeciderDef& root = agents.Root(i);
    auto known = std::find_if(roots_.begin(), roots_.end(), [&](const RootInfo& r) { return r.root == &root; });
    if (known == roots_.end()) {
      RootInfo r{&root, root.name ? root.name : "(unnamed)", 0};
      if (InitializeTreeData(root) && root.data) r.stamp = root.data->tree.stamp;
      roots_.push_back(std::move(r));
      known = roots_.end() - 1;
    }
    info.root = static_cast<std::uint32_t>(known - roots_.begin());
    info.offset = offset;
    info.size = std::min(agents.Block(i).size(), kMaxBlockBytes);
    offset += info.size;
  }
  last_.assign(offset, std::byte{0});
  running_.Reset(agents_.size());
  frameDeltaBound_ = sizeof(kEndOfFrame);
  for (const AgentInfo& info : agents_) frameDeltaBound_ += AgentDeltaBound(info.size);
}

std::uint32_t Recorder::NameIndex(const DeciderDef* decider) {
  for (std::size_t i = 0; i < nameDeciders_.size(); ++i)
    if (nameDeciders_[i] == decider) return static_cast<std::uint32_t>(i);
  nameDeciders_.push_back(decider);
  names_.push_back(decider->name ? decider->name : "(unnamed)");
  return static_cast<std::uint32_t>(names_.size() - 1);
}

void Recorder::StartSegment(std::int64_t frame, double time) {
  Segment segment;
  segment.firstFrame = frame;
  segment.times.push_back(time);
  segment.key = last_;
  // A segment ends when its deltas outgrow its key, at most a frame's bound later.
  segment.deltas.reserve(last_.size() + frameDeltaBound_ + kDeltaChunk);
  bytesHeld_ += segment.Bytes();
  segments_.push_back(std::move(segment));
}

void Recorder::NoteRunning(std::size_t agent, const DeciderDef& root, std::span<const std::byte> block,
                           std::int64_t frame) {
  const DeciderDef* running = running_.Update(agent, root, block);
  AgentInfo& info = agents_[agent];
  if (nameDeciders_[info.running] == running) return;
  const std::uint32_t to = running ? NameIndex(running) : 0;
  transitions_.push_back({frame, static_cast<std::uint32_t>(agent), info.running, to});
  info.running = to;
}

void Recorder::Record(const Agents& agents, std::int64_t frame, double time) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!segments_.empty() && frame <= LastFrame()) return;
  const bool restart = segments_.empty() || !SameAgents(agents);
  if (restart) Restart(agents);
  const bool gap = !segments_.empty() && frame != LastFrame() + 1;
  Segment* segment = segments_.empty() ? nullptr : &segments_.back();
  const bool newKey = restart || gap || static_cast<int>(segment->times.size()) >= options_.keyframeEvery ||
                      segment->deltas.size() > segment->key.size();
  std::vector<std::byte>* deltas = newKey ? nullptr : &segment->deltas;
  const std::size_t deltasBefore = deltas ? deltas->size() : 0;
  if (deltas) segment->deltaStarts.push_back(static_cast<std::uint32_t>(deltasBefore));
  // The agents' runs are written through a pointer into room made a chunk at a
  // time (zeroed by resize, so only about what is used), within the capacity
  // StartSegment reserved: no insert per run, no reallocation.
  std::size_t used = deltasBefore;
  for (std::size_t i = 0; i < agents_.size(); ++i) {
    const AgentInfo& info = agents_[i];
    const std::span<const std::byte> block = agents.Block(i);
    std::byte* was = last_.data() + info.offset;
    if (deltas) {
      const std::size_t bound = AgentDeltaBound(info.size);
      if (deltas->size() - used < bound) deltas->resize(used + bound + kDeltaChunk);
      std::byte* const out = deltas->data() + used;
      std::byte* const end = WriteAgentDelta(out, static_cast<std::uint32_t>(i), block.data(), was, info.size);
      if (end == out) continue;
      used += static_cast<std::size_t>(end - out);
    } else {
      if (std::memcmp(block.data(), was, info.size) == 0) continue;
      std::memcpy(was, block.data(), info.size);
    }
    NoteRunning(i, agents.Root(i), block, frame);
  }
  if (deltas) deltas->resize(used);
  if (deltas) {
    Put(*deltas, kEndOfFrame);
    segment->times.push_back(time);
    bytesHeld_ += deltas->size() - deltasBefore + sizeof(double) + sizeof(std::uint32_t);
  } else {
    StartSegment(frame, time);
  }
  Trim();
}

void Recorder::RecordWhy(std::int64_t frame, std::size_t agent, std::string text) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (segments_.empty() || frame != LastFrame() || agent >= agents_.size()) return;
  bytesHeld_ += sizeof(WhyText) + text.size();
  segments_.back().whys.push_back({frame, static_cast<std::uint32_t>(agent), std::move(text)});
  Trim();
}

void Recorder::Trim() {
  while (segments_.size() > 1 && bytesHeld_ > options_.memoryBytes) {
    bytesHeld_ -= std::min(bytesHeld_, segments_.front().Bytes());
    segments_.pop_front();
  }
  const std::int64_t first = FirstFrame();
  while (!transitions_.empty() && transitions_.front().frame < first) transitions_.pop_front();
}

// =============================================================== [SECTION] Rebuilding

std::int64_t Recorder::FirstFrame() const { return segments_.empty() ? 0 : segments_.front().firstFrame; }
std::int64_t Recorder::LastFrame() const {
  if (segments_.empty()) return -1;
  const Segment& last = segments_.back();
  return last.firstFrame + static_cast<std::int64_t>(last.times.size()) - 1;
}

const DeciderDef* Recorder::AgentRoot(std::size_t agent) const {
  return agent < agents_.size() ? roots_[agents_[agent].root].root : nullptr;
}

const Recorder::Segment* Recorder::SegmentOf(std::int64_t frame) const {
  for (const Segment& segment : segments_)
    if (frame >= segment.firstFrame && frame - segment.firstFrame < static_cast<std::int64_t>(segment.times.size()))
      return &segment;
  return nullptr;
}

bool Recorder::TimeOf(std::int64_t frame, double* time) const {
  const Segment* segment = SegmentOf(frame);
  if (!segment) return false;
  *time = segment->times[static_cast<std::size_t>(frame - segment->firstFrame)];
  return true;
}

bool Recorder::Rebuild(std::int64_t frame, std::size_t agent, BlockCopy& out) const {
  const Segment* segment = SegmentOf(frame);
  if (!segment || agent >= agents_.size()) return false;
  const AgentInfo& info = agents_[agent];
  out.Assign(std::span<const std::byte>(segment->key).subspan(info.offset, info.size));
  std::vector<std::size_t> sizes(agents_.size());
  for (std::size_t i = 0; i < agents_.size(); ++i) sizes[i] = agents_[i].size;
  const auto steps = static_cast<std::size_t>(frame - segment->firstFrame);
  std::span<std::byte> block = out.Bytes();
  for (std::size_t f = 0; f < steps; ++f) {
    const std::size_t end = WalkDelta(segment->deltas, segment->deltaStarts[f], sizes,
                                      [&](std::uint32_t who, std::uint16_t offset, std::span<const std::byte> bytes) {
                                        if (who == agent) std::memcpy(block.data() + offset, bytes.data(), bytes.size());
                                      });
    if (end == 0) return false;  // Load validated every delta; only a damaged recorder gets here
  }
  return true;
}

const std::string* Recorder::WhyAt(std::int64_t frame, std::size_t agent) const {
  const Segment* segment = SegmentOf(frame);
  if (!segment) return nullptr;
  for (const WhyText& why : segment->whys)
    if (why.frame == frame && why.agent == agent) return &why.text;
  return nullptr;
}

// =============================================================== [SECTION] The file

bool Recorder::Save(const char* path, std::string* error) const {
  std::vector<std::byte> out;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    PutBytes(out, std::as_bytes(std::span<const char>(kMagic, sizeof kMagic)));
    Put(out, static_cast<std::uint32_t>(roots_.size()));
    for (const RootInfo& root : roots_) {
      PutString(out, root.name);
      Put(out, root.stamp);
    }
    Put(out, static_cast<std::uint32_t>(names_.size() - 1));
    for (std::size_t i = 1; i < names_.size(); ++i) PutString(out, names_[i]);
    Put(out, static_cast<std::uint32_t>(agents_.size()));
    for (const AgentInfo& agent : agents_) {
      PutString(out, agent.name);
      Put(out, agent.root);
      Put(out, static_cast<std::uint32_t>(agent.size));
    }
    Put(out, static_cast<std::uint32_t>(transitions_.size()));
    for (const RecordedTransition& t : transitions_) {
      Put(out, t.frame);
      Put(out, t.agent);
      Put(out, t.from);
      Put(out, t.to);
    }
    Put(out, static_cast<std::uint32_t>(segments_.size()));
    for (const Segment& segment : segments_) {
      Put(out, segment.firstFrame);
      Put(out, static_cast<std::uint32_t>(segment.times.size()));
      for (double time : segment.times) Put(out, time);
      PutBytes(out, segment.key);
      Put(out, static_cast<std::uint64_t>(segment.deltas.size()));
      PutBytes(out, segment.deltas);
      Put(out, static_cast<std::uint32_t>(segment.whys.size()));
      for (const WhyText& why : segment.whys) {
        Put(out, why.frame);
        Put(out, why.agent);
        PutString(out, why.text);
      }
    }
  }
  std::FILE* file = std::fopen(path, "wb");
  if (!file) {
    if (error) *error = std::string("cannot write ") + path;
    return false;
  }
  const bool written = std::fwrite(out.data(), 1, out.size(), file) == out.size();
  if (std::fclose(file) != 0 || !written) {
    if (error) *error = std::string("cannot write ") + path;
    return false;
  }
  return true;
}

bool Recorder::Load(const char* path, std::span<const DeciderDef* const> roots, std::string* error) {
  std::FILE* file = std::fopen(path, "rb");
  if (!file) {
    if (error) *error = std::string("cannot read ") + path;
    return false;
  }
  std::vector<std::byte> bytes;
  std::byte buffer[1 << 16];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, file)) > 0;) bytes.insert(bytes.end(), buffer, buffer + n);
  std::fclose(file);
  return LoadBytes(bytes, roots, error);
}

bool Recorder::LoadBytes(std::span<const std::byte> file, std::span<const DeciderDef* const> roots,
                         std::string* error) {
  constexpr std::size_t kMaxString = 1 << 20;
  auto fail = [&](const char* what) {
    if (error) *error = std::string("not a recording, or a damaged one: ") + what;
    return false;
  };
  Reader in{file};
  const auto magic = in.Bytes(sizeof kMagic);
  if (in.failed || std::memcmp(magic.data(), kMagic, sizeof kMagic) != 0) return fail("no BTREC001 header");
  // Every count is checked against the bytes left, so no count allocates more than the file could fill.
  auto count = [&](std::size_t minBytesEach) {
    const auto n = in.Get<std::uint32_t>();
    if (in.failed || n > (file.size() - in.at) / std::max<std::size_t>(minBytesEach, 1)) in.failed = true;
    return in.failed ? std::uint32_t{0} : n;
  };
  std::vector<RootInfo> newRoots(count(8));
  for (RootInfo& root : newRoots) {
    root.name = in.String(kMaxString);
    root.stamp = in.Get<std::uint32_t>();
    for (const DeciderDef* candidate : roots)
      if (candidate && candidate->name && root.name == candidate->name && InitializeTreeData(*candidate) &&
          candidate->data && candidate->data->tree.stamp == root.stamp)
        root.root = candidate;
  }
  std::vector<std::string> newNames(1, "-");
  const auto nameCount = count(4);
  for (std::uint32_t i = 0; i < nameCount && !in.failed; ++i) newNames.push_back(in.String(kMaxString));
  std::vector<AgentInfo> newAgents(count(12));
  std::vector<std::size_t> sizes(newAgents.size());
  std::size_t keyBytes = 0;
  for (std::size_t i = 0; i < newAgents.size() && !in.failed; ++i) {
    AgentInfo& agent = newAgents[i];
    agent.name = in.String(kMaxString);
    agent.root = in.Get<std::uint32_t>();
    agent.size = in.Get<std::uint32_t>();
    if (agent.root >= newRoots.size() || agent.size > kMaxBlockBytes) return fail("an agent's tree or block size");
    agent.offset = keyBytes;
    keyBytes += agent.size;
    sizes[i] = agent.size;
  }
  if (in.failed) return fail("the agents");
  std::deque<RecordedTransition> newTransitions;
  const auto transitionCount = count(20);
  for (std::uint32_t i = 0; i < transitionCount && !in.failed; ++i) {
    RecordedTransition t;
    t.frame = in.Get<std::int64_t>();
    t.agent = in.Get<std::uint32_t>();
    t.from = in.Get<std::uint32_t>();
    t.to = in.Get<std::uint32_t>();
    // In frame order, as the page's search through them expects.
    if (t.agent >= newAgents.size() || t.from >= newNames.size() || t.to >= newNames.size() ||
        (!newTransitions.empty() && t.frame < newTransitions.back().frame))
      return fail("a transition");
    newTransitions.push_back(t);
  }
  std::deque<Segment> newSegments;
  const auto segmentCount = count(16);
  std::size_t held = 0;
  for (std::uint32_t s = 0; s < segmentCount && !in.failed; ++s) {
    Segment segment;
    segment.firstFrame = in.Get<std::int64_t>();
    const auto frames = count(sizeof(double));
    constexpr std::int64_t kFrameLimit = std::int64_t{1} << 53;
    if (frames == 0 || segment.firstFrame < 0 || segment.firstFrame > kFrameLimit ||
        (!newSegments.empty() && segment.firstFrame <= newSegments.back().firstFrame +
                                                           static_cast<std::int64_t>(newSegments.back().times.size()) - 1))
      return fail("a segment's frames");
    for (std::uint32_t f = 0; f < frames; ++f) segment.times.push_back(in.Get<double>());
    const auto key = in.Bytes(keyBytes);
    segment.key.assign(key.begin(), key.end());
    const auto deltaBytes = in.Get<std::uint64_t>();
    if (in.failed || deltaBytes > file.size() - in.at) return fail("a segment's deltas");
    const auto deltas = in.Bytes(static_cast<std::size_t>(deltaBytes));
    segment.deltas.assign(deltas.begin(), deltas.end());
    std::size_t at = 0;
    for (std::uint32_t f = 1; f < frames; ++f) {
      segment.deltaStarts.push_back(static_cast<std::uint32_t>(at));
      at = WalkDelta(segment.deltas, at, sizes, [](std::uint32_t, std::uint16_t, std::span<const std::byte>) {});
      if (at == 0) return fail("a frame's delta");
    }
    if (at != segment.deltas.size()) return fail("a segment's deltas");
    const auto whyCount = count(16);
    for (std::uint32_t w = 0; w < whyCount && !in.failed; ++w) {
      WhyText why;
      why.frame = in.Get<std::int64_t>();
      why.agent = in.Get<std::uint32_t>();
      why.text = in.String(kMaxString);
      if (why.agent >= newAgents.size()) return fail("a why-record's agent");
      segment.whys.push_back(std::move(why));
    }
    held += segment.Bytes();
    newSegments.push_back(std::move(segment));
  }
  if (in.failed || in.at != file.size()) return fail(in.failed ? "it ends early" : "bytes after its end");
  std::lock_guard<std::mutex> lock(mutex_);
  roots_ = std::move(newRoots);
  names_ = std::move(newNames);
  nameDeciders_.assign(names_.size(), nullptr);
  agents_ = std::move(newAgents);
  transitions_ = std::move(newTransitions);
  segments_ = std::move(newSegments);
  bytesHeld_ = held;
  last_.clear();
  return true;
}

}  // namespace bt::inspector
