// bt/crowd.cpp — the crowd's schedule: which agents are due in a frame.
//
// Each agent has a segment, one per (interval class, phase): an agent of class
// c and phase p is due on the frames where frame % 2^c == p. A frame marks its
// due segments as being swept, from the cursor on; a segment's sweep ends when
// the cursor has gone once round and is back where it started. So a call need
// only walk the agents from the cursor, ticking those whose segment's sweep
// covers their offset; moving an agent between segments is one byte.
#include "bt/crowd.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace bt {
namespace {

int ClassOfInterval(int interval) {
  const int clamped = std::clamp(interval, 1, kCrowdMaxInterval);
  return std::bit_width(static_cast<unsigned>(clamped)) - 1;
}

int ClassOfSegment(int segment) { return std::bit_width(static_cast<unsigned>(segment + 1)) - 1; }

}  // namespace

Crowd::Crowd(std::size_t agents)
    : segment_(agents, 0),
      lastTime_(agents, std::numeric_limits<double>::quiet_NaN()),
      wake_(agents, -std::numeric_limits<double>::infinity()) {
  members_[0] = static_cast<std::uint32_t>(agents);  // every agent at interval 1
}

std::size_t Crowd::CountAtInterval(int interval) const {
  if (interval < 1 || interval > kCrowdMaxInterval || !std::has_single_bit(static_cast<unsigned>(interval))) return 0;
  const int c = ClassOfInterval(interval);
  std::size_t count = 0;
  for (int p = 0; p < interval; ++p) count += members_[SegmentOf(c, static_cast<std::uint64_t>(p))];
  return count;
}

int Crowd::LeastFilledPhase(int intervalClass) const {
  int best = 0;
  for (int p = 1; p < (1 << intervalClass); ++p)
    if (members_[SegmentOf(intervalClass, static_cast<std::uint64_t>(p))] <
        members_[SegmentOf(intervalClass, static_cast<std::uint64_t>(best))])
      best = p;
  return best;
}

void Crowd::MoveTo(std::size_t agent, int target) {
  --members_[segment_[agent]];
  ++members_[target];
  segment_[agent] = static_cast<std::uint8_t>(target);
}

void Crowd::SetInterval(std::size_t agent, int interval) {
  if (agent >= Size() || segment_[agent] == kAbsent) return;
  const int c = ClassOfInterval(interval);
  if (ClassOfSegment(segment_[agent]) == c) return;  // keeps its phase
  MoveTo(agent, SegmentOf(c, static_cast<std::uint64_t>(LeastFilledPhase(c))));
}

int Crowd::Interval(std::size_t agent) const {
  if (agent >= Size() || segment_[agent] == kAbsent) return 0;
  return 1 << ClassOfSegment(segment_[agent]);
}

void Crowd::Leave(std::size_t agent) {
  if (agent < Size()) MoveTo(agent, kAbsent);
}

void Crowd::Join(std::size_t agent, const CrowdAgentState& state) {
  if (agent >= Size()) return;
  const int c = ClassOfInterval(state.interval);
  const std::uint64_t phase = (frame_ + static_cast<std::uint64_t>(state.dueIn)) & ((1u << c) - 1);
  MoveTo(agent, SegmentOf(c, phase));
  lastTime_[agent] = state.lastTickTime;
  wake_[agent] = state.wakeTime;
}

CrowdAgentState Crowd::State(std::size_t agent) const {
  CrowdAgentState state;
  if (agent >= Size()) return state;
  state.lastTickTime = lastTime_[agent];
  state.wakeTime = wake_[agent];
  if (segment_[agent] == kAbsent) return state;
  const int c = ClassOfSegment(segment_[agent]);
  state.interval = 1 << c;
  const std::uint64_t phase = segment_[agent] - ((1u << c) - 1);
  state.dueIn = static_cast<int>((phase - frame_) & ((1u << c) - 1));
  return state;
}

void Crowd::Wake(std::size_t agent) {
  if (agent < Size()) wake_[agent] = -std::numeric_limits<double>::infinity();
}

void Crowd::WakeAll() { std::fill(wake_.begin(), wake_.end(), -std::numeric_limits<double>::infinity()); }

double Crowd::WakeTime(std::size_t agent) const {
  return agent < Size() ? wake_[agent] : -std::numeric_limits<double>::infinity();
}

bool Crowd::DueAwake(std::size_t offset, double time) const {
  const std::size_t agent = (cursor_ + offset) % Size();
  return offset < arcEnd_[segment_[agent]] && !Asleep(wake_[agent], time);
}

std::size_t Crowd::CountDue(std::size_t fromOffset, double time) const {
  std::size_t due = 0;
  for (std::size_t o = fromOffset; o < Size(); ++o) due += DueAwake(o, time);
  return due;
}

std::size_t Crowd::Plan(std::size_t budget, double time) {
  const std::size_t n = Size();
  for (int c = 0; c < kCrowdIntervalClasses; ++c) {
    const int s = SegmentOf(c, frame_ & ((1u << c) - 1));
    if (pending_[s]) continue;  // still being swept: the two dues merge
    pending_[s] = true;
    pendingList_[pendingCount_++] = static_cast<std::uint8_t>(s);
    startedAt_[s] = cursor_;
  }
  ++frame_;
  if (n == 0) return 0;
  // Where each sweep ends, as an offset from the cursor (arcEnd_ is 0 for every
  // segment not pending); and an upper bound of the due agents.
  std::size_t due = 0;
  bool wholeLaps = true;
  for (int k = 0; k < pendingCount_; ++k) {
    const int s = pendingList_[k];
    const std::size_t end = (startedAt_[s] + n - cursor_) % n;
    arcEnd_[s] = end == 0 ? n : end;
    wholeLaps = wholeLaps && end == 0;
    due += members_[s];
  }
  allDue_ = wholeLaps && due == n && due <= budget;
  if (due <= budget) return n;  // one whole lap ends every sweep
  // Up to the budget-th due agent awake (the sleeping ones it passes are skipped).
  std::size_t ticks = 0, o = 0;
  for (; o < n && ticks < budget; ++o) ticks += DueAwake(o, time);
  return o;
}

std::size_t Crowd::Finish(std::size_t swept, double time) {
  const std::size_t n = Size();
  const std::size_t deferred = swept == n ? 0 : CountDue(swept, time);
  int kept = 0;
  for (int k = 0; k < pendingCount_; ++k) {
    const int s = pendingList_[k];
    if (n == 0 || arcEnd_[s] <= swept) {
      pending_[s] = false;
      arcEnd_[s] = 0;
    } else {
      pendingList_[kept++] = static_cast<std::uint8_t>(s);
    }
  }
  pendingCount_ = kept;
  if (n != 0) cursor_ = (cursor_ + swept) % n;
  return deferred;
}

}  // namespace bt
