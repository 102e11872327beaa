// bt/crowd.cpp — the crowd's schedule: which agents are due in a frame.
//
// Each agent has a segment, one per (interval class, phase): an agent of class
// c and phase p is due on the frames where frame % 2^c == p. The agents' slots
// are kept in one array, grouped by segment and, within it, split into those
// not due and those due (two buckets). A segment falling due makes all of its
// agents due (one bucket boundary moves); ticking one moves the boundary past
// it. So a frame walks only the due slots, and moving an agent to another
// segment is one swap per bucket between the two.
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

Crowd::Crowd(std::size_t agents) : slots_(agents), position_(agents) {
  for (std::size_t i = 0; i < agents; ++i) {
    slots_[i] = {std::numeric_limits<double>::quiet_NaN(), -std::numeric_limits<double>::infinity(),
                 static_cast<std::uint32_t>(i), 0};
    position_[i] = static_cast<std::uint32_t>(i);
  }
  // Every agent at interval 1, not due: bucket 0 holds them all.
  for (int b = 1; b <= kBuckets; ++b) bucketStart_[b] = agents;
}

std::size_t Crowd::CountAtInterval(int interval) const {
  if (interval < 1 || interval > kCrowdMaxInterval || !std::has_single_bit(static_cast<unsigned>(interval))) return 0;
  const int c = ClassOfInterval(interval);
  return bucketStart_[2 * SegmentOf(c, static_cast<std::uint64_t>(interval))] - bucketStart_[2 * SegmentOf(c, 0)];
}

int Crowd::LeastFilledPhase(int intervalClass) const {
  int best = 0;
  for (int p = 1; p < (1 << intervalClass); ++p)
    if (Members(SegmentOf(intervalClass, static_cast<std::uint64_t>(p))) <
        Members(SegmentOf(intervalClass, static_cast<std::uint64_t>(best))))
      best = p;
  return best;
}

int Crowd::BucketOf(std::size_t agent) const {
  const int s = SlotOf(agent).segment;
  if (s == kAbsent) return kAbsentBucket;
  return position_[agent] >= bucketStart_[2 * s + 1] ? 2 * s + 1 : 2 * s;
}

void Crowd::Swap(std::uint32_t a, std::uint32_t b) {
  std::swap(slots_[a], slots_[b]);
  position_[slots_[a].agent] = a;
  position_[slots_[b].agent] = b;
}

void Crowd::MoveTo(std::size_t agent, int target) {
  int b = BucketOf(agent);
  for (int s = std::min(b, target) / 2; s <= std::max(b, target) / 2; ++s) unsorted_[s] = true;
  for (; b < target; ++b) Swap(position_[agent], static_cast<std::uint32_t>(--bucketStart_[b + 1]));  // to b + 1's front
  for (; b > target; --b) Swap(position_[agent], static_cast<std::uint32_t>(bucketStart_[b]++));      // to b - 1's back
  slots_[position_[agent]].segment = static_cast<std::uint8_t>(target / 2);
}

void Crowd::SortBucket(int bucket) {
  Slot* first = slots_.data() + bucketStart_[bucket];
  Slot* last = slots_.data() + bucketStart_[bucket + 1];
  const auto byAgent = [](const Slot& a, const Slot& b) { return a.agent < b.agent; };
  if (std::is_sorted(first, last, byAgent)) return;
  std::sort(first, last, byAgent);
  for (std::size_t p = bucketStart_[bucket]; p < bucketStart_[bucket + 1]; ++p)
    position_[slots_[p].agent] = static_cast<std::uint32_t>(p);
}

void Crowd::SetInterval(std::size_t agent, int interval) {
  if (agent >= Size() || SlotOf(agent).segment == kAbsent) return;
  const int c = ClassOfInterval(interval);
  if (ClassOfSegment(SlotOf(agent).segment) == c) return;  // keeps its phase
  MoveTo(agent, 2 * SegmentOf(c, static_cast<std::uint64_t>(LeastFilledPhase(c))));
}

int Crowd::Interval(std::size_t agent) const {
  if (agent >= Size() || SlotOf(agent).segment == kAbsent) return 0;
  return 1 << ClassOfSegment(SlotOf(agent).segment);
}

void Crowd::Leave(std::size_t agent) {
  if (agent < Size()) MoveTo(agent, kAbsentBucket);
}

void Crowd::Join(std::size_t agent, const CrowdAgentState& state) {
  if (agent >= Size()) return;
  const int c = ClassOfInterval(state.interval);
  const std::uint64_t phase = (frame_ + static_cast<std::uint64_t>(state.dueIn)) & ((1u << c) - 1);
  MoveTo(agent, 2 * SegmentOf(c, phase));
  slots_[position_[agent]].lastTime = state.lastTickTime;
  // A wake time that is not a time (NaN) wakes: when in doubt, tick.
  slots_[position_[agent]].wakeTime = std::isnan(state.wakeTime) ? -std::numeric_limits<double>::infinity() : state.wakeTime;
}

CrowdAgentState Crowd::State(std::size_t agent) const {
  CrowdAgentState state;
  if (agent >= Size()) return state;
  const Slot& slot = SlotOf(agent);
  state.lastTickTime = slot.lastTime;
  state.wakeTime = slot.wakeTime;
  if (slot.segment == kAbsent) return state;
  const int c = ClassOfSegment(slot.segment);
  state.interval = 1 << c;
  const std::uint64_t phase = slot.segment - ((1u << c) - 1);
  state.dueIn = static_cast<int>((phase - frame_) & ((1u << c) - 1));
  return state;
}

void Crowd::Wake(std::size_t agent) {
  if (agent < Size()) slots_[position_[agent]].wakeTime = -std::numeric_limits<double>::infinity();
}

void Crowd::WakeAll() {
  for (Slot& slot : slots_) slot.wakeTime = -std::numeric_limits<double>::infinity();
}

double Crowd::WakeTime(std::size_t agent) const {
  return agent < Size() ? SlotOf(agent).wakeTime : -std::numeric_limits<double>::infinity();
}

std::size_t Crowd::AwakeIn(const Slot* first, const Slot* last, double time) {
  std::size_t awake = 0;
  for (; first != last; ++first) awake += !Asleep(first->wakeTime, time);
  return awake;
}

std::size_t Crowd::Plan(std::size_t budget, double time, bool maySleep) {
  // Segments whose due a move emptied are no longer pending.
  int kept = 0;
  for (int k = 0; k < pendingCount_; ++k)
    if (Due(pendingList_[k]) > 0) pendingList_[kept++] = pendingList_[k];
  pendingCount_ = kept;
  for (int c = 0; c < kCrowdIntervalClasses; ++c) {
    const int s = SegmentOf(c, frame_ & ((1u << c) - 1));
    if (Members(s) == 0 || Due(s) > 0) continue;  // nobody, or still being ticked: the two dues merge
    bucketStart_[2 * s + 1] = bucketStart_[2 * s];
    pendingList_[pendingCount_++] = static_cast<std::uint8_t>(s);
  }
  ++frame_;
  std::size_t due = 0;
  for (int k = 0; k < pendingCount_; ++k) due += Due(pendingList_[k]);
  // Only a budget smaller than the due agents needs to know which sleep (they do not count).
  const bool whole = due <= budget;
  std::size_t count = 0, awake = 0;
  for (int k = 0; k < pendingCount_; ++k) {
    const int s = pendingList_[k];
    // In agent order, for the memory's sake; a whole segment once a move has disturbed it.
    if (unsorted_[s]) {
      SortBucket(2 * s + 1);
      unsorted_[s] = Members(s) != Due(s);
    }
    runStart_[k] = count;
    if (whole) {
      count += Due(s);
      continue;
    }
    // Up to the budget-th agent awake: the sleepers it passes are skipped.
    const Slot* run = slots_.data() + bucketStart_[2 * s + 1];
    std::size_t length = 0;
    for (; length < Due(s) && awake < budget; ++length) awake += !maySleep || !Asleep(run[length].wakeTime, time);
    count += length;
  }
  runStart_[pendingCount_] = count;
  return count;
}

std::size_t Crowd::Finish(double time, bool maySleep) {
  std::size_t deferred = 0;
  int kept = 0;
  for (int k = 0; k < pendingCount_; ++k) {
    const int s = pendingList_[k];
    bucketStart_[2 * s + 1] += runStart_[k + 1] - runStart_[k];
    if (Due(s) == 0) continue;
    const Slot* left = slots_.data() + bucketStart_[2 * s + 1];
    deferred += maySleep ? AwakeIn(left, left + Due(s), time) : Due(s);
    pendingList_[kept++] = static_cast<std::uint8_t>(s);
  }
  pendingCount_ = kept;
  return deferred;
}

}  // namespace bt
