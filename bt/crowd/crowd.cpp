// bt/crowd/crowd.cpp — the crowd's schedule: which agents are due in a frame.
//
// Each agent has a segment, one per (interval class, phase): an agent of class
// c and phase p is due on the frames where frame % 2^c == p. The agents'
// indices are kept in one array, grouped by segment and, within it, split into
// those not due and those due (two buckets). A segment falling due makes all
// of its agents due (one bucket boundary moves); ticking one moves the
// boundary past it. So a frame walks only the due agents, and moving an agent
// to another segment is one swap per bucket between the two. What the frame
// reads of each due agent besides (its last tick time) is kept by agent, so
// that at full rate both streams run in the order of the game's arrays.
#include "bt/crowd/crowd.h"

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
    : order_(agents),
      position_(agents),
      lastTime_(agents, std::numeric_limits<double>::quiet_NaN()),
      wakeTime_(agents, -std::numeric_limits<double>::infinity()),
      segment_(agents, 0),
      newClass_(agents, kNotPending),
      displaced_(agents, 0),
      pending_(agents) {
  for (std::size_t i = 0; i < agents; ++i) {
    order_[i] = static_cast<std::uint32_t>(i);
    position_[i] = static_cast<std::uint32_t>(i);
  }
  // Every agent at interval 1, not due: segment 0's waiting bucket holds them all, never ticked.
  for (int b = WaitBucket(0) + 1; b <= kBuckets; ++b) bucketStart_[b] = agents;
  members_[0] = agents;
  uniform_[0] = true;
  segmentTime_[0] = std::numeric_limits<double>::quiet_NaN();
}

std::size_t Crowd::CountAtInterval(int interval) const {
  if (interval < 1 || interval > kCrowdMaxInterval || !std::has_single_bit(static_cast<unsigned>(interval))) return 0;
  return members_[ClassOfInterval(interval)];
}

int Crowd::LeastFilledPhase(int intervalClass) const {
  int best = 0;
  for (int p = 1; p < (1 << intervalClass); ++p)
    if (Members(SegmentOf(intervalClass, static_cast<std::uint64_t>(p))) <
        Members(SegmentOf(intervalClass, static_cast<std::uint64_t>(best))))
      best = p;
  return best;
}

int Crowd::ClassOf(std::size_t agent) const {
  if (newClass_[agent] < kNoChange) return newClass_[agent];
  return segment_[agent] == kAbsent ? -1 : ClassOfSegment(segment_[agent]);
}

int Crowd::BucketOf(std::size_t agent) const {
  const int s = segment_[agent];
  if (s == kAbsent) return kAbsentBucket;
  return position_[agent] >= bucketStart_[DueBucket(s)] ? DueBucket(s) : WaitBucket(s);
}

void Crowd::Swap(std::uint32_t a, std::uint32_t b) {
  std::swap(order_[a], order_[b]);
  displaced_[order_[a]] = displaced_[order_[b]] = 1;
  position_[order_[a]] = a;
  position_[order_[b]] = b;
}

double Crowd::LastTime(std::size_t agent) const {
  const int s = segment_[agent];
  return s != kAbsent && uniform_[s] ? segmentTime_[s] : lastTime_[agent];
}

void Crowd::Disperse(int segment) {
  if (!uniform_[segment]) return;
  for (std::size_t p = bucketStart_[WaitBucket(segment)]; p < bucketStart_[DueBucket(segment) + 1]; ++p)
    lastTime_[order_[p]] = segmentTime_[segment];
  uniform_[segment] = false;
}

void Crowd::SetLastTime(std::size_t agent, double time) {
  const int s = segment_[agent];
  if (s != kAbsent && Members(s) == 1) {  // alone: uniform with itself
    uniform_[s] = true;
    segmentTime_[s] = time;
    return;
  }
  // Bit for bit: a time that differs in any way (a NaN's payload, a zero's sign) is the agent's own.
  if (s != kAbsent && uniform_[s]) {
    if (std::bit_cast<std::uint64_t>(segmentTime_[s]) == std::bit_cast<std::uint64_t>(time)) return;
    Disperse(s);
  }
  lastTime_[agent] = time;
}

void Crowd::MoveTo(std::size_t agent, int target) {
  const double last = LastTime(agent);
  int b = BucketOf(agent);
  displaced_[agent] = 1;
  for (int f = SortFlagOf(std::min(b, target)); f <= SortFlagOf(std::max(b, target)); ++f) unsorted_[f] = true;
  // Across a run of empty buckets the agent stays where it is and only their
  // boundaries move, by one each: a leaver crosses every bucket down to the
  // absent one (first), a joiner back, and most of them are empty.
  // The boundaries never decrease, so such a run is found by a binary search.
  std::size_t* const starts = bucketStart_;
  for (; b < target; ++b) {  // to b + 1's front
    const auto to = static_cast<std::uint32_t>(--starts[b + 1]);
    if (to != position_[agent]) Swap(position_[agent], to);
    // The empty buckets after b + 1 (their boundaries one past the agent) let it pass.
    std::size_t* const run = starts + b + 2;
    std::size_t* const end = std::upper_bound(run, starts + target + 1, std::size_t{to} + 1);
    std::fill(run, end, std::size_t{to});
    b += static_cast<int>(end - run);
  }
  for (; b > target; --b) {  // to b - 1's back
    const auto to = static_cast<std::uint32_t>(starts[b]++);
    if (to != position_[agent]) Swap(position_[agent], to);
    // The empty buckets before b - 1 (their boundaries at the agent) let it pass.
    std::size_t* const run = std::lower_bound(starts + target + 1, starts + b, std::size_t{to});
    std::fill(run, starts + b, std::size_t{to} + 1);
    b = static_cast<int>(run - starts);
  }
  segment_[agent] = target == kAbsentBucket ? kAbsent : static_cast<std::uint8_t>((target - 1) / 2);
  SetLastTime(agent, last);
}

void Crowd::SortBucket(int bucket) {
  std::uint32_t* first = order_.data() + bucketStart_[bucket];
  std::uint32_t* last = order_.data() + bucketStart_[bucket + 1];
  if (std::is_sorted(first, last)) return;
  // Moves leave a bucket nearly in order: an agent moved into a leaver's place,
  // joiners at the front. The agents moves displaced, and any other out of
  // place, are taken out into pending_ (free while Plan runs: DealPhases has
  // emptied it), sorted, and merged back from the end: linear in the bucket
  // where a whole sort is n log n. Going by the marks, not only by the
  // neighbours, a run of joiners at the front cannot make the agents after
  // it look out of place.
  std::uint32_t* const extracted = pending_.data();
  std::uint32_t* out = extracted;
  std::uint32_t* kept = first;  // the kept agents, in order, at the bucket's front
  for (std::uint32_t* p = first; p != last; ++p) {
    const std::uint32_t agent = *p;
    if (displaced_[agent]) {
      displaced_[agent] = 0;
      *out++ = agent;
      continue;
    }
    if (kept != first && agent < kept[-1]) {
      // Out of order: the last kept is the one out of place (too large, moved
      // in) when the agent fits between it and the one before (if any: a
      // joiner lands at the bucket's front), as does the next; else the agent
      // is. Either way what is kept stays in order.
      if ((kept - first < 2 || kept[-2] < agent) && (p + 1 == last || p[1] > agent)) {
        *out++ = *--kept;
        *kept++ = agent;
      } else {
        *out++ = agent;
      }
      continue;
    }
    *kept++ = agent;
  }
  std::sort(extracted, out);
  for (std::uint32_t* to = last; out != extracted;) *--to = kept != first && kept[-1] > out[-1] ? *--kept : *--out;
  for (std::size_t p = bucketStart_[bucket]; p < bucketStart_[bucket + 1]; ++p)
    position_[order_[p]] = static_cast<std::uint32_t>(p);
}

void Crowd::CancelNewClass(std::size_t agent) {
  if (newClass_[agent] != kNotPending) newClass_[agent] = kNoChange;
}

void Crowd::SetInterval(std::size_t agent, int interval) {
  if (agent >= Size()) return;
  const int from = ClassOf(agent);
  const int to = ClassOfInterval(interval);
  if (from < 0 || from == to) return;
  --members_[from];
  ++members_[to];
  if (ClassOfSegment(segment_[agent]) == to) {  // back to the class it is in: it keeps its phase
    CancelNewClass(agent);
    return;
  }
  if (newClass_[agent] == kNotPending) pending_[pendingAgents_++] = static_cast<std::uint32_t>(agent);
  newClass_[agent] = static_cast<std::uint8_t>(to);
}

int Crowd::Interval(std::size_t agent) const {
  if (agent >= Size()) return 0;
  const int c = ClassOf(agent);
  return c < 0 ? 0 : 1 << c;
}

void Crowd::Leave(std::size_t agent) {
  if (agent >= Size()) return;
  const int c = ClassOf(agent);
  if (c < 0) return;
  --members_[c];
  CancelNewClass(agent);
  MoveTo(agent, kAbsentBucket);
}

void Crowd::Join(std::size_t agent, const CrowdAgentState& state) {
  if (agent >= Size()) return;
  if (const int was = ClassOf(agent); was >= 0) --members_[was];
  CancelNewClass(agent);
  const int c = ClassOfInterval(state.interval);
  ++members_[c];
  const std::uint64_t phase = (frame_ + static_cast<std::uint64_t>(state.dueIn)) & ((1u << c) - 1);
  MoveTo(agent, WaitBucket(SegmentOf(c, phase)));
  SetLastTime(agent, state.lastTickTime);
  // A wake time that is not a time (NaN) wakes: when in doubt, tick.
  wakeTime_[agent] = std::isnan(state.wakeTime) ? -std::numeric_limits<double>::infinity() : state.wakeTime;
}

CrowdAgentState Crowd::State(std::size_t agent) const {
  CrowdAgentState state;
  if (agent >= Size()) return state;
  state.lastTickTime = LastTime(agent);
  state.wakeTime = wakeTime_[agent];
  const int c = ClassOf(agent);
  if (c < 0) return state;
  state.interval = 1 << c;
  // An agent waiting for its phase in a new class would get one of the least filled.
  const std::uint64_t phase = newClass_[agent] < kNoChange ? static_cast<std::uint64_t>(LeastFilledPhase(c))
                                                             : segment_[agent] - ((1u << c) - 1);
  state.dueIn = static_cast<int>((phase - frame_) & ((1u << c) - 1));
  return state;
}

void Crowd::Wake(std::size_t agent) {
  if (agent < Size()) wakeTime_[agent] = -std::numeric_limits<double>::infinity();
}

void Crowd::WakeAll() { std::fill(wakeTime_.begin(), wakeTime_.end(), -std::numeric_limits<double>::infinity()); }

double Crowd::WakeTime(std::size_t agent) const {
  return agent < Size() ? wakeTime_[agent] : -std::numeric_limits<double>::infinity();
}

std::size_t Crowd::AwakeIn(const std::uint32_t* first, const std::uint32_t* last, double time) const {
  std::size_t awake = 0;
  for (; first != last; ++first) awake += !Asleep(wakeTime_[*first], time);
  return awake;
}

void Crowd::DealPhases() {
  std::uint32_t* const first = pending_.data();
  std::uint32_t* last = first + pendingAgents_;
  pendingAgents_ = 0;
  last = std::remove_if(first, last, [this](std::uint32_t agent) {
    const bool changes = newClass_[agent] < kNoChange;
    if (!changes) newClass_[agent] = kNotPending;
    return !changes;
  });
  std::sort(first, last, [this](std::uint32_t a, std::uint32_t b) {
    return newClass_[a] != newClass_[b] ? newClass_[a] < newClass_[b] : a < b;
  });
  // Agents still counted in the segments they leave.
  std::size_t leaving[kSegments] = {};
  for (const std::uint32_t* a = first; a != last; ++a) ++leaving[segment_[*a]];
  for (std::uint32_t* group = first; group != last;) {
    const int c = newClass_[*group];
    std::uint32_t* const groupEnd = std::find_if(group, last, [&](std::uint32_t a) { return newClass_[a] != c; });
    const int phases = 1 << c;
    // The counts one-by-one least-filled joining ends with: every phase filled
    // to a level L, and the rest one more in the lowest phases at L.
    std::size_t count[kCrowdMaxInterval], give[kCrowdMaxInterval];
    for (int p = 0; p < phases; ++p) {
      const int s = SegmentOf(c, static_cast<std::uint64_t>(p));
      count[p] = Members(s) - leaving[s];
    }
    const std::size_t joining = static_cast<std::size_t>(groupEnd - group);
    const auto needed = [&](std::size_t level) {
      std::size_t sum = 0;
      for (int p = 0; p < phases; ++p) sum += level > count[p] ? level - count[p] : 0;
      return sum;
    };
    std::size_t low = *std::min_element(count, count + phases), high = low + joining;  // needed(low) <= joining
    while (low < high) {
      const std::size_t mid = low + (high - low + 1) / 2;
      if (needed(mid) <= joining) low = mid;
      else high = mid - 1;
    }
    std::size_t extra = joining - needed(low);
    for (int p = 0; p < phases; ++p) {
      give[p] = low > count[p] ? low - count[p] : 0;
      if (extra > 0 && count[p] <= low) ++give[p], --extra;
    }
    // Dealt in index order, kPhaseRun agents at a time, phase after phase.
    for (int p = 0; group != groupEnd; p = (p + 1) % phases) {
      for (std::size_t k = std::min(kPhaseRun, give[p]); k > 0; --k, --give[p], ++group) {
        --leaving[segment_[*group]];
        newClass_[*group] = kNotPending;
        MoveTo(*group, WaitBucket(SegmentOf(c, static_cast<std::uint64_t>(p))));
      }
    }
  }
}

std::size_t Crowd::Plan(std::size_t budget, double time, bool maySleep) {
  if (pendingAgents_ > 0) DealPhases();
  // Segments whose due a move emptied are no longer pending.
  int kept = 0;
  for (int k = 0; k < pendingCount_; ++k)
    if (Due(pendingList_[k]) > 0) pendingList_[kept++] = pendingList_[k];
  pendingCount_ = kept;
  for (int c = 0; c < kCrowdIntervalClasses; ++c) {
    const int s = SegmentOf(c, frame_ & ((1u << c) - 1));
    if (Members(s) == 0 || Due(s) > 0) continue;  // nobody, or still being ticked: the two dues merge
    bucketStart_[DueBucket(s)] = bucketStart_[WaitBucket(s)];
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
    if (unsorted_[SortFlagOf(DueBucket(s))]) {
      SortBucket(DueBucket(s));
      unsorted_[SortFlagOf(DueBucket(s))] = Members(s) != Due(s);
    }
    runStart_[k] = count;
    if (whole) {
      count += Due(s);
      continue;
    }
    // Up to the budget-th agent awake: the sleepers it passes are skipped.
    const std::uint32_t* run = order_.data() + bucketStart_[DueBucket(s)];
    std::size_t length = 0;
    for (; length < Due(s) && awake < budget; ++length) awake += !maySleep || !Asleep(wakeTime_[run[length]], time);
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
    const std::size_t ticked = runStart_[k + 1] - runStart_[k];
    // The call ticked (or skipped asleep) positions [first, first + ticked) at `time`.
    const std::size_t first = bucketStart_[DueBucket(s)];
    bucketStart_[DueBucket(s)] += ticked;
    if (ticked == Members(s)) {  // all at this time: uniform
      uniform_[s] = true;
      segmentTime_[s] = time;
    } else if (ticked > 0 && uniform_[s]) {  // some at this time, the rest at the segment's
      Disperse(s);
      for (std::size_t p = first; p < first + ticked; ++p) lastTime_[order_[p]] = time;
    }
    if (Due(s) == 0) continue;
    const std::uint32_t* left = order_.data() + bucketStart_[DueBucket(s)];
    deferred += maySleep ? AwakeIn(left, left + Due(s), time) : Due(s);
    pendingList_[kept++] = static_cast<std::uint8_t>(s);
  }
  pendingCount_ = kept;
  return deferred;
}

}  // namespace bt
