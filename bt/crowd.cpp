// bt/crowd.cpp — the crowd's schedule: which agents are due in a frame.
//
// order_ holds every agent once, grouped in segments, one per (interval class,
// phase) and one for the agents that left; an agent of class c and phase p is
// due on the frames where frame % 2^c == p. A frame's due agents are thus up to
// eight contiguous runs of order_, and moving an agent between segments is a
// few swaps at segment boundaries, so nothing allocates after construction.
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

Crowd::Crowd(std::size_t agents) : schedule_(agents), order_(agents), position_(agents) {
  for (std::size_t i = 0; i < agents; ++i) {
    schedule_[i] = {std::numeric_limits<double>::quiet_NaN(), 0, 0};
    order_[i] = static_cast<std::uint32_t>(i);
    position_[i] = static_cast<std::uint32_t>(i);
  }
  // Every agent in segment 0 (interval 1); the others, the absent one included, empty.
  begin_[0] = 0;
  for (int s = 1; s <= kSegments + 1; ++s) begin_[s] = static_cast<std::uint32_t>(agents);
}

std::size_t Crowd::CountAtInterval(int interval) const {
  if (interval < 1 || interval > kCrowdMaxInterval || !std::has_single_bit(static_cast<unsigned>(interval))) return 0;
  const int c = ClassOfInterval(interval);
  return begin_[SegmentOf(c, static_cast<std::uint64_t>(interval))] - begin_[SegmentOf(c, 0)];
}

int Crowd::LeastFilledPhase(int intervalClass) const {
  int best = 0;
  std::uint32_t bestSize = std::numeric_limits<std::uint32_t>::max();
  for (int p = 0; p < (1 << intervalClass); ++p) {
    const int s = SegmentOf(intervalClass, static_cast<std::uint64_t>(p));
    const std::uint32_t size = begin_[s + 1] - begin_[s];
    if (size < bestSize) best = p, bestSize = size;
  }
  return best;
}

void Crowd::MoveTo(std::size_t agent, int target) {
  const int from = static_cast<int>(schedule_[agent].segment);
  if (from == target) return;
  // The swaps below may reorder the oldest due segment, part of which was run:
  // it is visited again from its start, and lastCall skips those already ticked.
  headDone_ = 0;
  std::uint32_t pos = position_[agent];
  const auto swapTo = [&](std::uint32_t to) {
    const std::uint32_t other = order_[to];
    order_[pos] = other;
    position_[other] = pos;
    order_[to] = static_cast<std::uint32_t>(agent);
    position_[agent] = to;
    pos = to;
  };
  // Across each boundary in the way: trade places with the agent at the segment's
  // edge, then move the boundary past it.
  if (from < target) {
    for (int s = from; s < target; ++s) {
      swapTo(begin_[s + 1] - 1);
      --begin_[s + 1];
    }
  } else {
    for (int s = from; s > target; --s) {
      swapTo(begin_[s]);
      ++begin_[s];
    }
  }
  schedule_[agent].segment = static_cast<std::uint32_t>(target);
}

void Crowd::SetInterval(std::size_t agent, int interval) {
  if (agent >= Size() || schedule_[agent].segment == kAbsent) return;
  const int c = ClassOfInterval(interval);
  if (ClassOfSegment(static_cast<int>(schedule_[agent].segment)) == c) return;  // keeps its phase
  MoveTo(agent, SegmentOf(c, static_cast<std::uint64_t>(LeastFilledPhase(c))));
}

int Crowd::Interval(std::size_t agent) const {
  if (agent >= Size() || schedule_[agent].segment == kAbsent) return 0;
  return 1 << ClassOfSegment(static_cast<int>(schedule_[agent].segment));
}

void Crowd::Leave(std::size_t agent) {
  if (agent < Size()) MoveTo(agent, kAbsent);
}

void Crowd::Join(std::size_t agent, const CrowdAgentState& state) {
  if (agent >= Size()) return;
  const int c = ClassOfInterval(state.interval);
  const std::uint64_t phase = (frame_ + static_cast<std::uint64_t>(state.dueIn)) & ((1u << c) - 1);
  MoveTo(agent, SegmentOf(c, phase));
  schedule_[agent].lastTime = state.lastTickTime;
  schedule_[agent].lastCall = 0;
}

CrowdAgentState Crowd::State(std::size_t agent) const {
  CrowdAgentState state;
  if (agent >= Size()) return state;
  const Schedule& schedule = schedule_[agent];
  state.lastTickTime = schedule.lastTime;
  if (schedule.segment == kAbsent) return state;
  const int c = ClassOfSegment(static_cast<int>(schedule.segment));
  state.interval = 1 << c;
  const std::uint64_t phase = schedule.segment - ((1u << c) - 1);
  state.dueIn = static_cast<int>((phase - frame_) & ((1u << c) - 1));
  return state;
}

std::size_t Crowd::Plan(std::size_t budget) {
  ++call_;
  for (int c = 0; c < kCrowdIntervalClasses; ++c) {
    const int s = SegmentOf(c, frame_ & ((1u << c) - 1));
    if (queued_[s] || begin_[s + 1] == begin_[s]) continue;
    const int at = (queueHead_ + queueSize_++) % kSegments;
    queue_[at] = static_cast<std::uint32_t>(s);
    queueDue_[at] = call_;
    queued_[s] = true;
  }
  ++frame_;
  spanCount_ = 0;
  std::size_t left = budget;
  for (int i = 0; i < queueSize_ && left > 0; ++i) {
    const int at = (queueHead_ + i) % kSegments;
    const std::uint32_t s = queue_[at];
    const std::uint32_t from = std::min(begin_[s] + (i == 0 ? headDone_ : 0u), begin_[s + 1]);
    const std::uint32_t length = static_cast<std::uint32_t>(std::min<std::size_t>(begin_[s + 1] - from, left));
    if (length == 0) continue;
    spans_[spanCount_++] = {from, length, queueDue_[at]};
    left -= length;
  }
  return budget - left;
}

std::size_t Crowd::Finish(std::size_t run) {
  while (queueSize_ > 0) {
    const std::uint32_t s = queue_[queueHead_];
    const std::uint32_t size = begin_[s + 1] - begin_[s];
    const std::uint32_t remaining = size > headDone_ ? size - headDone_ : 0;
    if (run < remaining) {
      headDone_ += static_cast<std::uint32_t>(run);
      break;
    }
    run -= remaining;
    queued_[s] = false;
    queueHead_ = (queueHead_ + 1) % kSegments;
    --queueSize_;
    headDone_ = 0;
  }
  std::size_t deferred = 0;
  for (int i = 0; i < queueSize_; ++i) {
    const std::uint32_t s = queue_[(queueHead_ + i) % kSegments];
    deferred += begin_[s + 1] - begin_[s] - (i == 0 ? std::min(headDone_, begin_[s + 1] - begin_[s]) : 0u);
  }
  return deferred;
}

}  // namespace bt
