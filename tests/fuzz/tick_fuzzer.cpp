// tests/fuzz/tick_fuzzer.cpp — libFuzzer harness over the tick.
//
// Each input is read the way a data loader reads a file: it builds a tree at run
// time (arrays of bt::DeciderDef, bt::BehaviorDef and bt::DeciderData filled by
// hand, sometimes with one defect InitializeTreeData must name), then scripts a
// run of up to 64 calls: what each Decide returns (0, negative, NaN, infinite),
// what each Activate and Tick answers, the flags and times of each tick (some of
// them bad), and damage to the agent's block. The harness may allocate; the tick
// may not, and nothing here lets it.
//
// Checked in code after every call, aborting on a breach (libFuzzer then saves the
// input): every Activate is paired with exactly one Deactivate, and the behaviors
// active are exactly those on bt::ActivePath; every memory struct is constructed
// once, never over one still alive, and destroyed once, after its Deactivate, and
// those alive are exactly the structs of the deciders on the active path; the
// active path starts at the root, each decider a child of the one before, ending
// at a behavior decider when Running; a tick handles no more ended children than
// its redecide limit allows (each ended child below the root costs one masked
// redecide) and activates no more than that bounds; a bad call returns its status
// and changes nothing; a tree is ticked only if accepted.
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <vector>

#include "bt/bt.h"
#include "bt/debug_output.h"

namespace {

[[noreturn]] void Broken(const char* what, int line) {
  std::fprintf(stderr, "tick_fuzzer: invariant broken (line %d): %s\n", line, what);
  std::abort();
}
#define FUZZ_CHECK(condition) \
  do {                        \
    if (!(condition)) Broken(#condition, __LINE__); \
  } while (0)

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

// ---------------------------------------------------------------- memory structs
// What a behavior's memory struct goes through; the engine must walk it in order.
enum class Life : std::uint32_t { Constructed = 0xC0C0, Activated = 0xACAC, Deactivated = 0xDEDE, Destroyed = 0xDDDD };
constexpr std::uint32_t kMagic = 0x5EEDF00D;

struct TrackedHead {
  std::uint32_t magic;
  Life life;
  int owner;  // decider index, -1 until a behavior function sees it
};

template <std::size_t Size, std::size_t Align>
struct alignas(Align) Tracked {
  TrackedHead head{kMagic, Life::Constructed, -1};
  unsigned char pad[Size - sizeof(TrackedHead)] = {};
};

// The tracked structs alive (constructed, not yet destroyed), by address, for the
// types that have a destroy. Each is constructed once where no other is alive,
// and destroyed once.
struct LiveStruct {
  std::uintptr_t at;
  std::size_t size;
};
std::vector<LiveStruct> gLive;

void CheckNoLiveOverlap(const void* at, std::size_t size) {
  const auto begin = reinterpret_cast<std::uintptr_t>(at);
  for (const LiveStruct& live : gLive)
    if (begin < live.at + live.size && live.at < begin + size) {
      std::fprintf(stderr, "tick_fuzzer: a struct constructed at %p over one alive at %p\n", at,
                   reinterpret_cast<void*>(live.at));
      FUZZ_CHECK(!"constructed over a struct still alive");
    }
}

template <class T>
void ConstructTracked(void* at) {
  CheckNoLiveOverlap(at, sizeof(T));
  ::new (at) T{};
  gLive.push_back({reinterpret_cast<std::uintptr_t>(at), sizeof(T)});
}
void DestroyTracked(void* at);  // checks against the harness below

template <class T>
bt::BlockType TrackedBlock(const char* name, bool withDestroy) {
  bt::BlockType block{};
  block.name = name;
  block.size = sizeof(T);
  block.align = alignof(T);
  block.triviallyCopyable = false;
  block.type = bt::TypeTagOf<T>();
  block.construct = &ConstructTracked<T>;
  block.destroy = withDestroy ? &DestroyTracked : nullptr;
  return block;
}

// Memory variants: none, tracked of several sizes and alignments (one without a
// destroy, so only its construction shows), and zero-filled (no construct at all).
enum MemoryKind { kNoMemory, kSmall, kAligned16, kNoDestroy, kZeroed, kLargest, kMemoryKinds };

bt::BlockType MemoryBlock(int kind) {
  switch (kind) {
    case kSmall: return TrackedBlock<Tracked<16, 4>>("Small", true);
    case kAligned16: return TrackedBlock<Tracked<64, 16>>("Aligned16", true);
    case kNoDestroy: {
      bt::BlockType block = TrackedBlock<Tracked<24, 8>>("NoDestroy", false);
      // Not counted as live: nothing will ever say it was destroyed.
      block.construct = [](void* at) {
        CheckNoLiveOverlap(at, sizeof(Tracked<24, 8>));
        ::new (at) Tracked<24, 8>{};
      };
      return block;
    }
    case kZeroed: {
      bt::BlockType block{};
      block.name = "Zeroed";
      block.size = 40;
      block.align = 8;
      return block;
    }
    case kLargest: return TrackedBlock<Tracked<bt::kMaxBehaviorMemoryBytes, 8>>("Largest", true);
    default: return bt::BlockType{};
  }
}

bool HasHead(int kind) { return kind == kSmall || kind == kAligned16 || kind == kNoDestroy || kind == kLargest; }
bool Destroyed(int kind) { return kind == kSmall || kind == kAligned16 || kind == kLargest; }

// A DBlock stamped by the Decide that filled it.
struct DBlockStamp {
  std::uint32_t decider;
  std::uint32_t accepted;
};

// ---------------------------------------------------------------- the harness (the agent)

// Bytes the user functions read their answers from, in turn, round and round.
struct Script {
  std::vector<std::uint8_t> bytes;
  std::size_t next = 0;
  std::uint8_t Byte() {
    if (bytes.empty()) return 0;
    const std::uint8_t b = bytes[next];
    next = (next + 1) % bytes.size();
    return b;
  }
};

struct BehaviorInfo {
  int memoryKind = kNoMemory;
  bool paired = false;  // has both Activate and Deactivate, so its activity is visible
};

struct Harness {
  Script script;
  int n = 0;
  std::unique_ptr<bt::DeciderDef[]> deciders;
  std::unique_ptr<bt::DeciderData[]> data;
  std::vector<std::vector<const bt::DeciderDef*>> children;
  std::vector<bt::BehaviorDef> behaviors;  // sized once, never grown after pointers are taken
  std::vector<BehaviorInfo> behaviorInfo;
  std::vector<char> names;
  // Per decider.
  std::vector<bool> active;
  const float* timers = nullptr;      // the block's timer array
  std::vector<float> timersAtStart;   // as the tick in progress found them
  // The tick in progress.
  double time = 0;
  float dt = 0;
  std::uint32_t decisionFlags = 0;
  std::uint32_t stimuliFlags = 0;
  long calls = 0;        // user functions called, ever
  int activations = 0;   // Activates in the tick in progress
  int ends = 0;          // Activates that failed and Ticks that ended, in the tick in progress

  int IndexOf(const bt::DeciderDef* d) const {
    FUZZ_CHECK(d != nullptr);
    const long i = d - deciders.get();
    FUZZ_CHECK(i >= 0 && i < n);
    return static_cast<int>(i);
  }
  const BehaviorInfo& InfoOf(const bt::BehaviorDef* b) const {
    const long j = b - behaviors.data();
    FUZZ_CHECK(j >= 0 && j < static_cast<long>(behaviors.size()));
    return behaviorInfo[j];
  }
};

Harness* gHarness = nullptr;
// BT_FUZZ_TRACE=1 when replaying one input: the tree, each call and the engine's
// level-5 debug output on stderr, to turn a finding into a regression test.
const bool gTrace = std::getenv("BT_FUZZ_TRACE") != nullptr;

float DecideValue(std::uint8_t b) {
  static constexpr float kValues[16] = {0, 1, -1, kNaN, 0.25f, 3, kInf, -kInf, 1e-40f, 1e30f, -0.0f, 0.5f, 1, 1, 0, 2};
  return kValues[b % 16];
}

void CheckContext(const Harness& h, const bt::Context& c) {
  FUZZ_CHECK(c.time == h.time && (c.dt == h.dt || std::isnan(h.dt)));
  FUZZ_CHECK(c.decisionFlags == h.decisionFlags && c.stimuliFlags == h.stimuliFlags);
  FUZZ_CHECK(c.behaviorFlags == c.decider->behaviorFlags);
}

TrackedHead* HeadOf(const bt::BehaviorDef* b, void* memory) {
  return HasHead(gHarness->InfoOf(b).memoryKind) ? static_cast<TrackedHead*>(memory) : nullptr;
}

float FuzzDecide(void* agent, void* dblock, const bt::DecideContext& c) {
  Harness& h = *static_cast<Harness*>(agent);
  const int i = h.IndexOf(c.decider);
  const bt::DeciderDef& d = h.deciders[i];
  ++h.calls;
  FUZZ_CHECK(c.time == h.time && c.decisionFlags == h.decisionFlags && c.stimuliFlags == h.stimuliFlags);
  // A Decide runs only when its preconditions pass.
  FUZZ_CHECK(d.preconditions.decision.Passes(c.decisionFlags) && d.preconditions.stimuli.Passes(c.stimuliFlags));
  // Its timer allowed it when the tick began, and was restarted just before the
  // call (a group re-checked on a redecide skips its timer: not tracked).
  if (d.preconditions.timerSeconds > 0 && !(d.flags & bt::kCallDecideOnRedecide)) {
    const int timer = d.data->timerIndex;
    FUZZ_CHECK(timer >= 0 && timer < static_cast<int>(h.timersAtStart.size()));
    FUZZ_CHECK(!(c.time - static_cast<double>(h.timersAtStart[timer]) <
                 static_cast<double>(d.preconditions.timerSeconds)));
    FUZZ_CHECK(h.timers[timer] == static_cast<float>(c.time));
  }
  const float value = DecideValue(h.script.Byte());
  if (gTrace) std::fprintf(stderr, "  decide %s at %.9g -> %g\n", d.name, c.time, static_cast<double>(value));
  if (d.dblock.size != 0) {
    const auto* bytes = static_cast<const unsigned char*>(dblock);
    for (int k = 0; k < d.dblock.size; ++k) FUZZ_CHECK(bytes[k] == 0);  // handed over zeroed
    FUZZ_CHECK(reinterpret_cast<std::uintptr_t>(dblock) % d.dblock.align == 0);
    *static_cast<DBlockStamp*>(dblock) = {static_cast<std::uint32_t>(i) + 1, value > 0 ? 1u : 0u};
  }
  return value;
}

std::uint32_t FuzzRandom(void* agent) {
  Script& s = static_cast<Harness*>(agent)->script;
  return s.Byte() | s.Byte() << 8 | s.Byte() << 16 | static_cast<std::uint32_t>(s.Byte()) << 24;
}

// The DBlock a behavior is handed is the one its decider's accepting Decide filled,
// or zeros when the decider has no Decide.
void CheckDBlock(const Harness& h, int i, const bt::Context& c) {
  const bt::DeciderDef& d = h.deciders[i];
  if (d.dblock.size == 0) {
    FUZZ_CHECK(c.dblock == nullptr);
    return;
  }
  FUZZ_CHECK(c.dblock != nullptr && c.dblockType == d.dblock.type);
  FUZZ_CHECK(reinterpret_cast<std::uintptr_t>(c.dblock) % d.dblock.align == 0);
  const auto* stamp = static_cast<const DBlockStamp*>(c.dblock);
  if (d.decide) {
    FUZZ_CHECK(stamp->decider == static_cast<std::uint32_t>(i) + 1 && stamp->accepted == 1);
  } else {
    const auto* bytes = static_cast<const unsigned char*>(c.dblock);
    for (int k = 0; k < d.dblock.size; ++k) FUZZ_CHECK(bytes[k] == 0);
  }
}

bool FuzzActivate(void* agent, void* memory, const bt::Context& c) {
  Harness& h = *static_cast<Harness*>(agent);
  const int i = h.IndexOf(c.decider);
  const bt::BehaviorDef* b = c.decider->behavior;
  ++h.calls;
  ++h.activations;
  CheckContext(h, c);
  CheckDBlock(h, i, c);
  if (h.InfoOf(b).paired) {
    FUZZ_CHECK(!h.active[i]);  // never activated twice without a Deactivate
    h.active[i] = true;
  }
  if (TrackedHead* head = HeadOf(b, memory)) {
    FUZZ_CHECK(head->magic == kMagic && head->life == Life::Constructed);  // constructed just before
    head->life = Life::Activated;
    head->owner = i;
  } else if (h.InfoOf(b).memoryKind == kZeroed) {
    const auto* bytes = static_cast<const unsigned char*>(memory);
    for (int k = 0; k < b->memory.size; ++k) FUZZ_CHECK(bytes[k] == 0);
  }
  const bool activated = h.script.Byte() % 8 != 0;
  if (!activated) ++h.ends;
  return activated;
}

bt::Result FuzzTick(void* agent, void* memory, const bt::Context& c) {
  Harness& h = *static_cast<Harness*>(agent);
  const int i = h.IndexOf(c.decider);
  const bt::BehaviorDef* b = c.decider->behavior;
  ++h.calls;
  CheckContext(h, c);
  if (h.InfoOf(b).paired) FUZZ_CHECK(h.active[i]);
  if (TrackedHead* head = HeadOf(b, memory)) {
    FUZZ_CHECK(head->magic == kMagic);
    FUZZ_CHECK(head->life == Life::Activated || (b->activate == nullptr && head->life == Life::Constructed));
    FUZZ_CHECK(head->owner == i || head->owner == -1);
    head->owner = i;
  }
  const std::uint8_t byte = h.script.Byte();
  if (byte % 8 >= 5) ++h.ends;
  switch (byte % 8) {
    case 5: return bt::Result::Done;
    case 6: return bt::Result::Failed;
    case 7: return static_cast<bt::Result>(3 + byte / 8);  // not a Result: user code gone wrong
    default: return bt::Result::Running;
  }
}

// For a behavior whose Tick takes no Context (BehaviorDef::tickTakesContext false):
// it is told nothing about its decider, so it only answers.
bt::Result FuzzTickNoContext(void* agent, void*, const bt::Context&) {
  Harness& h = *static_cast<Harness*>(agent);
  ++h.calls;
  if (h.script.Byte() % 8 != 5) return bt::Result::Running;
  ++h.ends;
  return bt::Result::Done;
}

void FuzzDeactivate(void* agent, void* memory, const bt::Context& c) {
  Harness& h = *static_cast<Harness*>(agent);
  const int i = h.IndexOf(c.decider);
  const bt::BehaviorDef* b = c.decider->behavior;
  ++h.calls;
  CheckContext(h, c);
  CheckDBlock(h, i, c);
  if (h.InfoOf(b).paired) {
    FUZZ_CHECK(h.active[i]);  // exactly one Deactivate per Activate
    h.active[i] = false;
  }
  if (TrackedHead* head = HeadOf(b, memory)) {
    FUZZ_CHECK(head->magic == kMagic);
    FUZZ_CHECK(head->life == Life::Activated || (b->activate == nullptr && head->life == Life::Constructed));
    FUZZ_CHECK(head->owner == i || head->owner == -1);
    head->life = Life::Deactivated;
    head->owner = i;
  }
}

void DestroyTracked(void* at) {
  auto* head = static_cast<TrackedHead*>(at);
  FUZZ_CHECK(head->magic == kMagic);  // constructed, and not destroyed yet
  const auto live = std::find_if(gLive.begin(), gLive.end(),
                                 [at](const LiveStruct& l) { return l.at == reinterpret_cast<std::uintptr_t>(at); });
  FUZZ_CHECK(live != gLive.end());  // destroyed once, where it was constructed
  gLive.erase(live);
  if (head->owner >= 0) {
    const bt::BehaviorDef* b = gHarness->deciders[head->owner].behavior;
    if (b->deactivate) FUZZ_CHECK(head->life == Life::Deactivated);  // destroyed after its Deactivate
  }
  head->magic = 0;
  head->life = Life::Destroyed;
}

void QuietOutput(const bt::DebugLine& line, void* user) { *static_cast<std::size_t*>(user) += std::strlen(line.text); }

void TraceOutput(const bt::DebugLine& line, void*) { std::fprintf(stderr, "%s\n", line.text); }

// BT_FUZZ_STATS=1: how often each status came back, printed at exit, to see
// that the inputs reach every outcome.
int gStatusCount[32] = {};
const bool gStats = [] {
  if (std::getenv("BT_FUZZ_STATS") == nullptr) return false;
  std::atexit([] {
    for (int s = 0; s < 32; ++s)
      if (gStatusCount[s]) std::fprintf(stderr, "status %s: %d\n", bt::StatusName(static_cast<bt::Status>(s)), gStatusCount[s]);
  });
  return true;
}();
void Count(bt::Status status) {
  if (gStats) ++gStatusCount[static_cast<int>(status) & 31];
}

void TraceTree(const Harness& h) {
  for (int i = 0; i < h.n; ++i) {
    const bt::DeciderDef& d = h.deciders[i];
    std::fprintf(stderr, "%s: kind %d policy %d flags %u decide %d timer %g dblock %u behavior %s:",
                 d.name, static_cast<int>(d.kind), static_cast<int>(d.policy), d.flags, d.decide != nullptr,
                 static_cast<double>(d.preconditions.timerSeconds), d.dblock.size,
                 d.behavior ? d.behavior->name : "-");
    for (int c = 0; c < d.childCount && d.children; ++c)
      std::fprintf(stderr, " %s", d.children[c] ? d.children[c]->name : "null");
    std::fprintf(stderr, "\n");
  }
}

// ---------------------------------------------------------------- building a tree

// One defect put into the root (or, for depth, the whole tree), and what
// InitializeTreeData must say about it.
enum Defect {
  kNoDefect,
  kCycle,
  kNullChild,
  kNoChildren,
  kTooManyChildren,
  kTooManyShuffleChildren,
  kBadPolicy,
  kBadKind,
  kNoBehavior,
  kBehaviorWithChildren,
  kMemoryTooLarge,
  kDBlockTooLarge,
  kDBlockNotTrivial,
  kAlignmentTooStrict,
  kBadTimer,
  kNoData,
  kTooDeep,
  kDefects
};

struct Expected {
  bt::TreeProblem problem = bt::TreeProblem::None;
  int culprit = 0;
};

Expected BuildTree(Harness& h, FuzzedDataProvider& in, bt::BehaviorDef& huge) {
  const std::uint8_t defectByte = in.ConsumeIntegral<std::uint8_t>();
  const int defect = defectByte < 48 ? 1 + defectByte % (kDefects - 1) : kNoDefect;
  h.n = defect == kTooDeep ? bt::kMaxTreeDepth + 2 : in.ConsumeIntegralInRange(1, 24);
  const int numBehaviors = in.ConsumeIntegralInRange(1, 6);
  const int n = h.n;
  h.deciders.reset(new bt::DeciderDef[n]);
  h.data.reset(new bt::DeciderData[n]);
  h.children.assign(n, {});
  h.active.assign(n, false);
  // Names live as long as the harness: "D<i>" and "B<j>", 8 bytes each.
  h.names.assign(8 * (n + numBehaviors), 0);
  auto name = [&h](int slot, char prefix, int index) {
    char* at = h.names.data() + 8 * slot;
    std::snprintf(at, 8, "%c%d", prefix, index);
    return at;
  };

  h.behaviors.assign(numBehaviors, bt::BehaviorDef{nullptr});
  h.behaviorInfo.assign(numBehaviors, {});
  for (int j = 0; j < numBehaviors; ++j) {
    const std::uint8_t bits = in.ConsumeIntegral<std::uint8_t>();
    bt::BehaviorDef& b = h.behaviors[j];
    BehaviorInfo& info = h.behaviorInfo[j];
    b.name = name(n + j, 'B', j);
    info.paired = (bits & 3) != 0;
    b.activate = info.paired || (bits & 4) ? &FuzzActivate : nullptr;
    b.deactivate = info.paired || (bits & 8) ? &FuzzDeactivate : nullptr;
    b.tick = (bits & 16) ? nullptr : &FuzzTick;
    if (b.tick && in.ConsumeIntegral<std::uint8_t>() < 32) {
      b.tick = &FuzzTickNoContext;
      b.tickTakesContext = false;
    }
    info.memoryKind = (bits >> 5) % kMemoryKinds;
    b.memory = MemoryBlock(info.memoryKind);
  }

  static const float kTimers[8] = {0, 0, 0, 0, 0.5f, 1, 2.5f, 0.05f};
  for (int i = 0; i < n; ++i) {
    bt::DeciderDef& d = h.deciders[i];
    d.name = name(i, 'D', i);
    d.data = &h.data[i];
    const std::uint8_t shape = in.ConsumeIntegral<std::uint8_t>();
    const std::uint8_t options = in.ConsumeIntegral<std::uint8_t>();
    const bool group = i + 1 < n && (shape & 1);
    if (group) {
      d.kind = bt::DeciderKind::Group;
      d.policy = static_cast<bt::GroupPolicy>((shape >> 1) % 5);
      int count = 1 + (shape >> 4) % 6;
      if (shape >= 0xF0) count = 1 + in.ConsumeIntegral<std::uint8_t>() % bt::kMaxGroupChildren;  // wide
      if (d.policy == bt::GroupPolicy::Shuffle && count > bt::kMaxShuffleGroupChildren)
        count = bt::kMaxShuffleGroupChildren;
      // Children only further down the array: a DAG (shared children), never a cycle.
      for (int k = 0; k < count; ++k)
        h.children[i].push_back(&h.deciders[i + 1 + in.ConsumeIntegral<std::uint8_t>() % (n - i - 1)]);
      d.children = h.children[i].data();
      d.childCount = static_cast<std::uint16_t>(count);
      d.flags = options & 3;  // CallDecideOnRedecide, DelegateDecideToChildren
      if (options & 4) d.behavior = &h.behaviors[(options >> 3) % numBehaviors];  // a group behavior
      if (options & 0x80) d.random = &FuzzRandom;
    } else {
      d.kind = bt::DeciderKind::Behavior;
      d.behavior = &h.behaviors[(shape >> 1) % numBehaviors];
      d.flags = options & 3;  // meaningless on a behavior decider: must be harmless
    }
    d.behaviorFlags = in.ConsumeIntegral<std::uint8_t>();
    const std::uint8_t pre = in.ConsumeIntegral<std::uint8_t>();
    if ((options & 0x40) == 0) d.decide = &FuzzDecide;
    d.preconditions.timerSeconds = kTimers[pre & 7];
    // Flag checks on the low four bits, so ticks pass and fail them.
    if (pre & 0x08) d.preconditions.decision.anySet = 1u << ((pre >> 4) & 3);
    if (pre & 0x10) d.preconditions.decision.allClear = 1u << ((pre >> 5) & 3);
    if (pre & 0x20) d.preconditions.stimuli.allSet = 1u << ((pre >> 6) & 3);
    if (pre & 0x40) d.preconditions.stimuli.anyClear = 3u << ((pre >> 2) & 1);
    static const std::uint16_t kDBlockSizes[4] = {0, 8, 16, bt::kMaxDBlockBytes};
    static const std::uint16_t kDBlockAligns[4] = {4, 4, 8, 16};
    const std::uint8_t db = (options >> 4) & 3;
    if (db != 0) {
      d.dblock.name = "DBlockStamp";
      d.dblock.size = kDBlockSizes[db];
      d.dblock.align = kDBlockAligns[(shape >> 6) & 3];
      d.dblock.type = bt::TypeTagOf<DBlockStamp>();
    }
  }

  bt::DeciderDef& root = h.deciders[0];
  Expected expected;
  auto makeGroup = [&]() {
    root.kind = bt::DeciderKind::Group;
    root.policy = bt::GroupPolicy::PrioritizedList;
    root.behavior = nullptr;
    h.children[0].assign(1, n > 1 ? &h.deciders[1] : &root);
    root.children = h.children[0].data();
    root.childCount = 1;
  };
  const std::uint8_t detail = in.ConsumeIntegral<std::uint8_t>();
  switch (defect) {
    case kCycle:
      makeGroup();
      h.children[0][0] = &root;
      expected.problem = bt::TreeProblem::Cycle;
      break;
    case kNullChild:
      makeGroup();
      h.children[0][0] = nullptr;
      expected.problem = bt::TreeProblem::NullDecider;
      break;
    case kNoChildren:
      makeGroup();
      if (detail & 1) root.childCount = 0;
      else root.children = nullptr;
      expected.problem = bt::TreeProblem::GroupWithoutChildren;
      break;
    case kTooManyChildren:
    case kTooManyShuffleChildren: {
      makeGroup();
      const bool shuffle = defect == kTooManyShuffleChildren;
      const int limit = shuffle ? bt::kMaxShuffleGroupChildren : bt::kMaxGroupChildren;
      h.children[0].assign(limit + 1 + detail % 8, h.children[0][0]);
      root.children = h.children[0].data();
      root.childCount = static_cast<std::uint16_t>(h.children[0].size());
      if (shuffle) root.policy = bt::GroupPolicy::Shuffle;
      expected.problem = shuffle ? bt::TreeProblem::TooManyShuffleChildren : bt::TreeProblem::TooManyChildren;
      if (!shuffle && detail < 40) root.policy = bt::GroupPolicy::Shuffle;  // the wider limit is checked first
      break;
    }
    case kBadPolicy:
      makeGroup();
      root.policy = static_cast<bt::GroupPolicy>(5 + detail % 251);
      expected.problem = bt::TreeProblem::BadPolicy;
      break;
    case kBadKind:
      root.kind = static_cast<bt::DeciderKind>(2 + detail % 254);
      expected.problem = bt::TreeProblem::BadKind;
      break;
    case kNoBehavior:
      root = bt::DeciderDef{.name = root.name, .kind = bt::DeciderKind::Behavior, .data = root.data};
      expected.problem = bt::TreeProblem::BehaviorDeciderWithoutBehavior;
      break;
    case kBehaviorWithChildren:
      makeGroup();
      root.kind = bt::DeciderKind::Behavior;
      root.behavior = &h.behaviors[0];
      expected.problem = bt::TreeProblem::BehaviorDeciderWithChildren;
      break;
    case kMemoryTooLarge:
      root.behavior = &huge;  // a group behavior or the behavior
      if (root.kind == bt::DeciderKind::Group && detail & 1) root.policy = bt::GroupPolicy::Scored;
      expected.problem = bt::TreeProblem::MemoryTooLarge;
      break;
    case kDBlockTooLarge:
      root.dblock = bt::BlockType{.name = "Big", .size = static_cast<std::uint16_t>(bt::kMaxDBlockBytes + 1 + detail % 16), .align = 4};
      expected.problem = bt::TreeProblem::DBlockTooLarge;
      break;
    case kDBlockNotTrivial:
      root.dblock = bt::BlockType{.name = "Odd", .size = 8, .align = 4, .triviallyCopyable = (detail & 1) != 0};
      if (root.dblock.triviallyCopyable) root.dblock.destroy = &DestroyTracked;  // never called
      expected.problem = bt::TreeProblem::DBlockNotTrivial;
      break;
    case kAlignmentTooStrict:
      root.dblock = bt::BlockType{.name = "Strict", .size = 8, .align = bt::kMaxAlignment * 2};
      expected.problem = bt::TreeProblem::AlignmentTooStrict;
      break;
    case kBadTimer: {
      static const float kBad[4] = {kNaN, -1, kInf, 1e31f};
      root.preconditions.timerSeconds = kBad[detail % 4];
      expected.problem = bt::TreeProblem::BadPrecondition;
      break;
    }
    case kNoData:
      root.data = nullptr;
      expected.problem = bt::TreeProblem::NullDecider;
      break;
    case kTooDeep:
      // A chain one decider deeper than the limit; the first decider past it is named.
      for (int i = 0; i + 1 < n; ++i) {
        bt::DeciderDef& d = h.deciders[i];
        if (d.kind != bt::DeciderKind::Group) d = bt::DeciderDef{.name = d.name, .kind = bt::DeciderKind::Group, .data = d.data};
        h.children[i].assign(1, &h.deciders[i + 1]);
        d.children = h.children[i].data();
        d.childCount = 1;
        d.policy = bt::GroupPolicy::PrioritizedList;
      }
      // Or a DAG: the root reaches the chain's second-last decider first, at depth 1.
      if (detail & 1) {
        h.children[0] = {&h.deciders[n - 2], &h.deciders[1]};
        root.children = h.children[0].data();
        root.childCount = 2;
      }
      expected.problem = bt::TreeProblem::TooDeep;
      expected.culprit = bt::kMaxTreeDepth;
      break;
    default: break;
  }
  // Groups delegating their Decide to their children, in a DAG, may cost more
  // Decides per evaluation than bt::kMaxDelegatedDecides: InitializeTreeData then
  // names the first such decider in post-order (children in order, then the group).
  if (expected.problem == bt::TreeProblem::None) {
    std::vector<std::uint32_t> decides(n, 0);  // 0: not visited yet
    int costly = -1;
    auto visit = [&](auto& self, int i) -> void {
      const bt::DeciderDef& d = h.deciders[i];
      const bool delegates = d.kind == bt::DeciderKind::Group && (d.flags & bt::kDelegateDecideToChildren);
      std::uint32_t cost = 1;
      for (int k = 0; d.kind == bt::DeciderKind::Group && k < d.childCount; ++k) {
        const int child = static_cast<int>(d.children[k] - h.deciders.get());
        if (decides[child] == 0) self(self, child);
        if (costly >= 0) return;
        if (delegates) cost = std::min<std::uint32_t>(cost + decides[child], bt::kMaxDelegatedDecides + 1);
      }
      decides[i] = cost;
      if (cost > static_cast<std::uint32_t>(bt::kMaxDelegatedDecides)) costly = i;
    };
    visit(visit, 0);
    if (costly >= 0) expected = {bt::TreeProblem::DelegationTooCostly, costly};
  }
  return expected;
}

// ---------------------------------------------------------------- checking a block

struct Run {
  Harness& h;
  const bt::DeciderDef& root;
  std::byte* block;      // aligned to kMaxAlignment, `bytes` long, with 32 spare bytes after
  std::size_t bytes;
  float lastTime = -kInf;  // of the block, as it keeps it; -inf: never ticked
  int depth = 0;

  std::span<std::byte> Span() const { return {block, bytes}; }
  // Where the engine keeps d's behavior memory: its slot, then memoryOffset.
  std::uintptr_t MemoryOf(const bt::DeciderDef& d) const {
    return reinterpret_cast<std::uintptr_t>(block + sizeof(bt::MemoryHeader) + d.data->slotOffset +
                                            d.data->memoryOffset);
  }
  // Forgets the structs of path[from..count): below a corrupt group, never destroyed.
  void WriteOff(const bt::DeciderDef* const* path, int from, int count) const {
    for (int j = from; j < count; ++j) {
      const bt::BehaviorDef* b = path[j]->behavior;
      if (b == nullptr || !Destroyed(h.InfoOf(b).memoryKind)) continue;
      const std::uintptr_t at = MemoryOf(*path[j]);
      const auto live = std::find_if(gLive.begin(), gLive.end(), [at](const LiveStruct& l) { return l.at == at; });
      FUZZ_CHECK(live != gLive.end());
      gLive.erase(live);
    }
  }
  bt::SlotHeader& SlotOf(const bt::DeciderDef& d) const {
    return *reinterpret_cast<bt::SlotHeader*>(block + sizeof(bt::MemoryHeader) + d.data->slotOffset);
  }

  // The active path, checked link by link.
  int Path(const bt::DeciderDef* (&path)[bt::kMaxTreeDepth]) const {
    const int count = bt::ActivePath(root, Span(), path);
    if (gTrace) {
      std::fprintf(stderr, "path:");
      for (int k = 0; k < count && k < bt::kMaxTreeDepth; ++k) std::fprintf(stderr, " %s", path[k]->name);
      std::fprintf(stderr, "\n");
    }
    FUZZ_CHECK(count >= 0 && count <= depth);
    if (count > 0) FUZZ_CHECK(path[0] == &root);
    for (int k = 1; k < count; ++k) {
      const bt::DeciderDef& parent = *path[k - 1];
      FUZZ_CHECK(parent.kind == bt::DeciderKind::Group);
      bool isChild = false;
      for (int c = 0; c < parent.childCount; ++c) isChild |= parent.children[c] == path[k];
      FUZZ_CHECK(isChild);
    }
    return count;
  }

  // After every call: the paired behaviors active, and the memory structs alive,
  // are exactly those of the deciders on the active path.
  void CheckActiveSet(bt::Status status, const bt::DeciderDef* reported) const {
    const bt::DeciderDef* path[bt::kMaxTreeDepth];
    const int count = Path(path);
    if (status == bt::Status::Running) {
      FUZZ_CHECK(count > 0);
      FUZZ_CHECK(path[count - 1]->kind == bt::DeciderKind::Behavior && reported == path[count - 1]);
    } else if (status != bt::Status::InvalidTree && status != bt::Status::NullAgent &&
               status != bt::Status::MemoryTooSmall && status != bt::Status::BadTime &&
               status != bt::Status::MemoryFromOtherTree) {
      FUZZ_CHECK(count == 0);  // Done, NoBehavior and the errors of a tick leave nothing active
    }
    std::vector<bool> onPath(h.n, false);
    std::vector<std::uintptr_t> expected;  // where the structs alive must be
    for (int k = 0; k < count; ++k) {
      const int i = h.IndexOf(path[k]);
      onPath[i] = true;
      if (path[k]->behavior && Destroyed(h.InfoOf(path[k]->behavior).memoryKind)) expected.push_back(MemoryOf(*path[k]));
    }
    for (int i = 0; i < h.n; ++i) {
      const bt::BehaviorDef* b = h.deciders[i].behavior;
      if (b && h.InfoOf(b).paired) FUZZ_CHECK(h.active[i] == onPath[i]);
      else FUZZ_CHECK(!h.active[i]);
    }
    std::vector<std::uintptr_t> alive;
    for (const LiveStruct& l : gLive) alive.push_back(l.at);
    std::sort(expected.begin(), expected.end());
    std::sort(alive.begin(), alive.end());
    FUZZ_CHECK(alive == expected);
  }
};

std::uint32_t Flags(std::uint8_t b) { return b & 0x0F; }

// A tree that is not the fuzzed one, for "a block used with another tree".
constinit bt::DeciderData gOtherData{};
constexpr bt::BehaviorDef OTHER_B{.name = "OTHER_B"};
constexpr bt::DeciderDef OTHER{.name = "OTHER", .behavior = &OTHER_B, .data = &gOtherData};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* input, std::size_t size) {
  FuzzedDataProvider in(input, size);
  Harness h;
  gHarness = &h;
  gLive.clear();
  bt::BehaviorDef huge{.name = "HUGE", .memory = bt::BlockType{.name = "Huge", .size = bt::kMaxBehaviorMemoryBytes + 1, .align = 4}};
  const Expected expected = BuildTree(h, in, huge);
  h.script.bytes = in.ConsumeBytes<std::uint8_t>(in.ConsumeIntegralInRange(0, 255));
  const bt::DeciderDef& root = h.deciders[0];
  if (gTrace) TraceTree(h);

  // Deciders are accepted by InitializeTreeData only, and a rejected tree is never ticked.
  bt::TreeError error;
  const bool valid = bt::InitializeTreeData(root, &error);
  if (expected.problem != bt::TreeProblem::None) {
    FUZZ_CHECK(!valid && error.problem == expected.problem);
    FUZZ_CHECK(error.decider == &h.deciders[expected.culprit]);
    FUZZ_CHECK(std::strstr(error.message, h.deciders[expected.culprit].name) != nullptr);
    alignas(bt::kMaxAlignment) std::byte memory[4096] = {};
    const bt::TickResult result =
        bt::TickBehaviorTree(root, static_cast<void*>(&h), bt::kNoType, memory, 0.0, 0.1f, 0, 0, {});
    FUZZ_CHECK(result.status == bt::Status::InvalidTree && h.calls == 0);
    Count(result.status);
    if (root.data != nullptr) FUZZ_CHECK(result.decider == &h.deciders[expected.culprit]);
    bt::StopBehaviorTree(root, &h, memory, 0.0);
    FUZZ_CHECK(h.calls == 0);
    return 0;
  }
  FUZZ_CHECK(valid && error.problem == bt::TreeProblem::None);
  if (gTrace) {
    const bt::TreeData& tree = root.data->tree;
    std::fprintf(stderr, "block %u bytes, timers at %u (%u), depth %u\n", tree.memoryBytes, tree.timersOffset,
                 tree.numTimers, tree.depth);
    for (int i = 0; i < h.n; ++i)
      std::fprintf(stderr, "%s: slot %u dblock +%u memory +%u timer %d\n", h.deciders[i].name, h.data[i].slotOffset,
                   h.data[i].dblockOffset, h.data[i].memoryOffset, h.data[i].timerIndex);
  }

  const std::size_t bytes = bt::MemoryBytesFor(root);
  FUZZ_CHECK(bytes >= sizeof(bt::MemoryHeader) && bytes % bt::kMaxAlignment == 0);
  const std::size_t allocated = bytes + 32;
  std::unique_ptr<std::byte, decltype(&std::free)> storage(
      static_cast<std::byte*>(std::aligned_alloc(bt::kMaxAlignment, allocated)), &std::free);
  std::memset(storage.get(), 0, allocated);
  Run run{h, root, storage.get(), bytes};
  run.depth = root.data->tree.depth;
  h.timers = reinterpret_cast<const float*>(storage.get() + root.data->tree.timersOffset);
  h.timersAtStart.assign(root.data->tree.numTimers, -kInf);
  std::vector<std::byte> before(allocated);
  std::size_t debugChars = 0;

  const std::uint8_t start = in.ConsumeIntegral<std::uint8_t>();
  static const double kStarts[4] = {0, -50, 1e6, 3.5};
  double now = kStarts[start % 4];
  static const float kSteps[8] = {0, 1.0f / 60, 0.1f, 0.5f, 1, 3, 10, 1e-7f};

  for (int step = 0; step < 64 && in.remaining_bytes() > 0; ++step) {
    const std::uint8_t op = in.ConsumeIntegral<std::uint8_t>();
    const std::uint8_t arg = in.ConsumeIntegral<std::uint8_t>();
    const std::uint8_t flags = in.ConsumeIntegral<std::uint8_t>();
    const std::uint8_t limitByte = in.ConsumeIntegral<std::uint8_t>();

    // Debug output at any level, to a sink that reads every line.
    bt::SetDebugOutput({(op >> 4) >= 10 ? (op >> 4) - 10 : 0, nullptr, &QuietOutput, &debugChars});
    if (gTrace) {
      bt::SetDebugOutput({5, nullptr, &TraceOutput, nullptr});
      std::fprintf(stderr, "-- step %d: op %d arg %d flags 0x%02x limit byte %d, now %g\n", step, op % 16, arg, flags,
                   limitByte, now);
    }

    bt::TickOptions options;
    if (limitByte & 0x80) options.redecideLimit = static_cast<int>(limitByte & 0x7F) - 4;  // down to -4
    const float dt = kSteps[arg % 8];
    h.decisionFlags = Flags(flags);
    h.stimuliFlags = Flags(flags >> 4);
    std::memcpy(before.data(), storage.get(), allocated);
    const long callsBefore = h.calls;
    auto unchanged = [&] {
      return h.calls == callsBefore && std::memcmp(before.data(), storage.get(), allocated) == 0;
    };

    // A good tick, checked against the limit on what one tick may activate.
    auto tick = [&](double time, float stepDt) {
      const bool fresh = reinterpret_cast<const bt::MemoryHeader*>(storage.get())->treeStamp == 0;
      for (std::size_t k = 0; k < h.timersAtStart.size(); ++k) h.timersAtStart[k] = fresh ? -kInf : h.timers[k];
      h.time = time;
      h.dt = stepDt;
      h.activations = 0;
      h.ends = 0;
      const bt::TickResult result = bt::TickBehaviorTree(root, static_cast<void*>(&h), bt::kNoType, run.Span(),
                                                         time, stepDt, h.decisionFlags, h.stimuliFlags, options);
      const int redecides = options.redecideLimit > 0 ? options.redecideLimit : 0;
      // The redecide limit holds: every Activate that fails and every Tick that ends
      // makes the group above redecide, once, except at the root, which ends the
      // tick. So at most `redecides` of them, plus the root's or the one the limit
      // stopped at; nothing is called after it but Deactivates.
      FUZZ_CHECK(h.ends <= redecides + 1);
      FUZZ_CHECK(h.activations <= (1 + run.depth + redecides) * run.depth);
      run.lastTime = static_cast<float>(time);
      Count(result.status);
      return result;
    };

    // What a Deactivate called by StopBehaviorTree is told: no dt, no flags.
    auto stopping = [&] {
      h.time = now;
      h.dt = 0;
      h.decisionFlags = h.stimuliFlags = 0;
    };

    switch (op % 16) {
      default: {  // an ordinary tick
        now += dt;
        const bt::TickResult result = tick(now, dt);
        FUZZ_CHECK(result.status == bt::Status::Running || result.status == bt::Status::Done ||
                   result.status == bt::Status::NoBehavior || result.status == bt::Status::RedecideLimit);
        if (result.status == bt::Status::RedecideLimit) FUZZ_CHECK(result.decider && result.decider->kind == bt::DeciderKind::Group);
        if (result.status == bt::Status::Done || result.status == bt::Status::NoBehavior) FUZZ_CHECK(result.decider == nullptr);
        run.CheckActiveSet(result.status, result.decider);
        break;
      }
      case 10: {  // a bad dt: nothing happens
        static const float kBadDt[4] = {kNaN, -0.1f, kInf, -kInf};
        h.time = now;
        const bt::TickResult result =
            bt::TickBehaviorTree(root, &h, run.Span(), now, kBadDt[arg % 4], h.decisionFlags, h.stimuliFlags);
        FUZZ_CHECK(result.status == bt::Status::BadTime && result.decider == &root && unchanged());
        break;
      }
      case 11: {  // a bad time, or one before the block's last tick
        static const double kBadTime[4] = {std::nan(""), HUGE_VAL, -HUGE_VAL, 1e39};
        double time = kBadTime[arg % 4];
        if (arg & 4) {
          if (run.lastTime == -kInf) break;  // a block never ticked has no past
          time = static_cast<double>(run.lastTime) - 1.0 - arg;
        }
        const bt::TickResult result = bt::TickBehaviorTree(root, &h, run.Span(), time, dt);
        FUZZ_CHECK(result.status == bt::Status::BadTime && result.decider == &root && unchanged());
        break;
      }
      case 12: {  // a call that must be refused before the block is touched
        bt::TickResult result;
        switch (arg % 4) {
          case 0:
            result = bt::TickBehaviorTree(root, static_cast<void*>(nullptr), bt::kNoType, run.Span(), now, dt, 0, 0, {});
            FUZZ_CHECK(result.status == bt::Status::NullAgent);
            break;
          case 1:
            result = bt::TickBehaviorTree(root, &h, run.Span().first(bytes - 1 - arg / 4 % 8), now, dt);
            FUZZ_CHECK(result.status == bt::Status::MemoryTooSmall);
            break;
          case 2:
            result = bt::TickBehaviorTree(root, &h, std::span<std::byte>(storage.get() + 1 + arg / 4 % 15, bytes), now, dt);
            FUZZ_CHECK(result.status == bt::Status::MemoryTooSmall);
            break;
          case 3: {
            const auto& header = *reinterpret_cast<const bt::MemoryHeader*>(storage.get());
            if (header.treeStamp == 0 || !bt::InitializeTreeData(OTHER) ||
                header.treeStamp == OTHER.data->tree.stamp || bytes < bt::MemoryBytesFor(OTHER))
              break;
            result = bt::TickBehaviorTree(OTHER, &h, run.Span(), now, dt);
            FUZZ_CHECK(result.status == bt::Status::MemoryFromOtherTree);
            bt::StopBehaviorTree(OTHER, &h, run.Span(), now);
            break;
          }
        }
        FUZZ_CHECK(unchanged());
        bt::StopBehaviorTree(root, nullptr, run.Span(), now);
        FUZZ_CHECK(unchanged());
        break;
      }
      case 13: {  // the agent leaves: everything active is deactivated
        stopping();
        bt::StopBehaviorTree(root, &h, run.Span(), now);
        run.CheckActiveSet(bt::Status::NoBehavior, nullptr);
        if (arg & 1) {  // and its block is wiped for a new agent
          std::memset(storage.get(), 0, allocated);
          run.lastTime = -kInf;
          bt::SeedMemory(run.Span(), arg);
        }
        break;
      }
      case 14: {  // the block is damaged: a group on the path names a child it lacks, or none
        const bt::DeciderDef* path[bt::kMaxTreeDepth];
        const int count = run.Path(path);
        int groups[bt::kMaxTreeDepth];
        int numGroups = 0;
        for (int k = 0; k < count; ++k)
          if (path[k]->kind == bt::DeciderKind::Group && run.SlotOf(*path[k]).activeChild != bt::kNoChild)
            groups[numGroups++] = k;
        if (numGroups == 0) break;
        const int k = groups[arg % numGroups];
        const bt::DeciderDef& bad = *path[k];
        const int childCount = bad.childCount;
        const std::uint8_t wrong = static_cast<std::uint8_t>(childCount + flags % (256 - childCount));
        if (bad.policy == bt::GroupPolicy::Shuffle && (limitByte & 1)) {
          auto* order = reinterpret_cast<std::uint8_t*>(&run.SlotOf(bad)) + sizeof(bt::SlotHeader);
          order[limitByte % childCount] = wrong;
        } else {
          run.SlotOf(bad).activeChild = wrong;
        }
        // The corrupt group and those above are deactivated; below it nothing is
        // called. The harness writes those off as lost.
        if (limitByte & 2) {
          stopping();
          bt::StopBehaviorTree(root, &h, run.Span(), now);
        } else {
          now += dt;
          const bt::TickResult result = tick(now, dt);
          FUZZ_CHECK(result.status == bt::Status::CorruptMemory && result.decider == &bad);
        }
        FUZZ_CHECK(bt::ActivePath(root, run.Span(), path) == 0);
        for (int j = k + 1; j < count; ++j) {
          const int i = h.IndexOf(path[j]);
          const bt::BehaviorDef* b = path[j]->behavior;
          if (b && h.InfoOf(b).paired) {
            FUZZ_CHECK(h.active[i]);
            h.active[i] = false;
          }
        }
        run.WriteOff(path, k + 1, count);
        run.CheckActiveSet(bt::Status::NoBehavior, nullptr);
        break;
      }
    }
  }

  // The end of the run: every Activate gets its Deactivate, every struct its destructor.
  h.time = now;
  h.dt = 0;
  h.decisionFlags = h.stimuliFlags = 0;
  bt::StopBehaviorTree(root, &h, run.Span(), now);
  run.CheckActiveSet(bt::Status::NoBehavior, nullptr);
  for (int i = 0; i < h.n; ++i) FUZZ_CHECK(!h.active[i]);
  FUZZ_CHECK(gLive.empty());
  bt::SetDebugOutput({});
  return 0;
}
