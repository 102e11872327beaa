// tests/fuzz/tick_fuzzer.cpp — libFuzzer harness over the tick.
//
// Each input is read the way a data loader reads a file: it builds a tree at run
// time (arrays of bt::DeciderDef, bt::BehaviorDef and bt::DeciderData filled by
// hand, sometimes with one defect InitializeTreeData must name; functions typed
// for the harness's agent or not), and sometimes a second tree sharing some of its
// deciders, with an agent of its own. Then it scripts a run of up to 64 calls:
// what each Decide returns (0, negative, NaN, infinite), what each Activate and
// Tick answers, the flags and times of each tick (negative, up to 1e15 s and
// beyond, some bad), the agent type handed over, and damage to the agent's block:
// a group naming a child it lacks or none, a bad shuffle order, an active child
// swapped for another in range, random bytes in the header, slots and timers.
// Inputs whose first byte is 0xA0 or more mix classic groups (bt/core/classic.h:
// every policy from Sequence to RandomGate, their flags and NodeConfig) with
// Spore ones, and may give the root a NodeConfig that must be refused
// (BadNodeConfig, DecoratorChildren). A decider below a Parallel may be active
// in several places at once: activity is modeled per decider and memory address,
// the path per place (group base + ChildBase). Findings not yet fixed narrow
// what is made or checked (kRunningNamesAnActiveBehavior, kSideBySideStartsClean,
// kLostChildSetsForgotten): each names its test in tests/engine/fuzz_findings_test.cpp.
// Blocks are exactly MemoryBytesFor on the heap, so ASan sees a small overflow.
// Events: every callback point (Decide, Activate, Tick, Deactivate, onEvent, a
// memory struct's construction and destruction, the debug output and refusal
// hooks) may send one, as the script says, to its own agent's block or to the
// other tree's agent's; an onEvent must find its behavior's memory constructed,
// not yet Deactivated nor destroyed.
// Some inputs also probe a Random or Scored group's choice over extreme weights,
// and some tick other agents of the trees from a few threads at once. The harness
// may allocate; the tick may not, and nothing here lets it.
//
// Checked in code after every call, aborting on a breach (libFuzzer then saves the
// input): every Activate is paired with exactly one Deactivate, and the behaviors
// active are exactly those on bt::ActivePath; every memory struct is constructed
// once, never over one still alive, and destroyed once, after its Deactivate, and
// those alive are exactly the structs of the deciders on the active path; the
// active path starts at the root, each decider a child of the one before, ending
// at a behavior decider when Running; a tick handles no more ended children than
// its redecide limit allows (each ended child below the root costs one masked
// redecide) and activates no more than that bounds; a Decide is called only when
// its preconditions pass, its timer's among them; activeTime is exact; a bad call
// returns its status and changes nothing; a tree is ticked only if accepted, a
// typed one only with its agent type. Once random bytes or a swapped child went
// into a block, what is in it is no longer the harness's to model: until it is
// wiped, the status must be a defined one, CorruptMemory must name a group of the
// path the block names, no lower than the first that does not fit, with only the
// Deactivates above it called, and nothing may be undefined behavior.
//
// Index
//   [SECTION] memory structs
//   [SECTION] the trees and the agents
//   [SECTION] building a tree
//   [SECTION] what the harness knows of a tree
//   [SECTION] one agent's block
//   [SECTION] threads
//   [SECTION] a Random or Scored group's choice
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <thread>
#include <vector>

#include "bt/bt.h"
#include "bt/core/debug_output.h"
#include "tests/fuzz/damaged_times.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

// =============================================================== [SECTION] memory structs
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

struct Agent;
// The agent whose tick runs on this thread: memory structs report to it.
thread_local Agent* gAgent = nullptr;

void CheckNoLiveOverlap(const void* at, std::size_t size);
template <class T>
void ConstructTracked(void* at);
void DestroyTracked(void* at);

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

void ConstructUntracked(void* at);

bt::BlockType MemoryBlock(int kind) {
  switch (kind) {
    case kSmall: return TrackedBlock<Tracked<16, 4>>("Small", true);
    case kAligned16: return TrackedBlock<Tracked<64, 16>>("Aligned16", true);
    case kNoDestroy: {
      bt::BlockType block = TrackedBlock<Tracked<24, 8>>("NoDestroy", false);
      block.construct = &ConstructUntracked;  // not counted as live: nothing will say it was destroyed
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

// =============================================================== [SECTION] the trees and the agents

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

// The definitions of an input: the main tree's deciders, and after them the root
// of a second tree made of some of them. Read-only once built: agents on several
// threads share them.
struct Harness {
  int n = 0;                 // deciders of the main tree's array
  bool hasSecond = false;    // deciders[n] is the second tree's root
  std::unique_ptr<bt::DeciderDef[]> deciders;
  std::unique_ptr<bt::DeciderData[]> data;
  std::vector<std::vector<const bt::DeciderDef*>> children;
  std::vector<bt::BehaviorDef> behaviors;  // sized once, never grown after pointers are taken
  std::vector<BehaviorInfo> behaviorInfo;
  std::vector<char> names;

  int Count() const { return n + (hasSecond ? 1 : 0); }
  int IndexOf(const bt::DeciderDef* d) const {
    FUZZ_CHECK(d != nullptr);
    const long i = d - deciders.get();
    FUZZ_CHECK(i >= 0 && i < Count());
    return static_cast<int>(i);
  }
  const BehaviorInfo& InfoOf(const bt::BehaviorDef* b) const {
    const long j = b - behaviors.data();
    FUZZ_CHECK(j >= 0 && j < static_cast<long>(behaviors.size()));
    return behaviorInfo[j];
  }
};

// What the engine is handed as the agent: one per block, with what the harness
// knows of that block.
struct Agent {
  const Harness* h = nullptr;
  Script script;
  // The paired behaviors active: a decider under a group whose children run side
  // by side (bt/core/classic.h) may be active in several places at once, each with
  // memory of its own, so an activity is a decider at a memory address.
  struct Activity {
    int decider;
    std::uintptr_t memory;
    double activatedAt;
    bool operator<(const Activity& o) const { return decider != o.decider ? decider < o.decider : memory < o.memory; }
  };
  std::vector<Activity> active;
  Activity* Find(int i, const void* memory) {
    for (Activity& x : active)
      if (x.decider == i && x.memory == reinterpret_cast<std::uintptr_t>(memory)) return &x;
    return nullptr;
  }
  // Per decider.
  std::vector<bool> timerModeled;    // every call of its Decide restarts its timer
  std::vector<double> lastRestart;   // when its timer was restarted; -inf: never
  std::vector<LiveStruct> live;
  double epoch = 0;      // the time of the block's first tick since it was fresh
  int ticksSinceFresh = 0;  // ticks since then: each may rebase the block (bt/core/memory.h)
  bool lenient = false;  // the block is damaged beyond what the harness models
  // The tick in progress.
  double time = 0;
  float dt = 0;
  std::uint32_t decisionFlags = 0;
  std::uint32_t stimuliFlags = 0;
  long calls = 0;        // user functions called, ever
  int activations = 0;   // Activates in the tick in progress
  int ends = 0;          // Activates that failed and Ticks that ended, in the tick in progress
  std::vector<int> deactivated;  // deciders whose Deactivate the tick in progress called, in order
  // Where events for this agent go (its Run's block), and another agent, whose
  // block a callback of this one's may send to as well.
  const bt::DeciderDef* root = nullptr;
  std::span<std::byte> block;
  bt::TypeTag type = bt::kNoType;
  Agent* partner = nullptr;

  Agent(const Harness& harness, std::vector<std::uint8_t> bytes) : h(&harness) {
    script.bytes = std::move(bytes);
    const int count = harness.Count();
    timerModeled.assign(count, false);
    lastRestart.assign(count, -HUGE_VAL);
  }
};

// Sets gAgent for one call into the engine.
struct InTick {
  Agent* saved;
  explicit InTick(Agent& a) : saved(gAgent) { gAgent = &a; }
  ~InTick() { gAgent = saved; }
  InTick(const InTick&) = delete;
  InTick& operator=(const InTick&) = delete;
};

constexpr bt::TypeTag kAgentTag = bt::TypeTagOf<Agent>();
constexpr bt::TypeTag kWrongTag = bt::TypeTagOf<int>();

// Every callback point may send an event, as the script says: to its own
// agent's block (during its tick, its Stop or a delivery to it), or to the
// partner's. Whatever it reaches checks the memory it is handed (FuzzOnEvent);
// the status is one SendEvent may return.
void MaySendEvent(Agent* a) {
  if (a == nullptr || a->root == nullptr) return;
  const std::uint8_t byte = a->script.Byte();
  Agent* to = byte % 8 == 0 ? a : byte % 8 == 1 ? a->partner : nullptr;
  if (to == nullptr || to->root == nullptr) return;
  const bt::Status status = bt::SendEvent(*to->root, to, to->type, to->block, bt::EventId(0xE7E47u + byte), a->time);
  FUZZ_CHECK(status == bt::Status::Running || status == bt::Status::NoBehavior || status == bt::Status::Reentered ||
             status == bt::Status::BadTime || status == bt::Status::MemoryFromOtherTree);
}

void CheckNoLiveOverlap(const void* at, std::size_t size) {
  const auto begin = reinterpret_cast<std::uintptr_t>(at);
  for (const LiveStruct& live : gAgent->live)
    if (begin < live.at + live.size && live.at < begin + size) {
      std::fprintf(stderr, "tick_fuzzer: a struct constructed at %p over one alive at %p\n", at,
                   reinterpret_cast<void*>(live.at));
      FUZZ_CHECK(!"constructed over a struct still alive");
    }
}

template <class T>
void ConstructTracked(void* at) {
  if (!gAgent->lenient) CheckNoLiveOverlap(at, sizeof(T));
  ::new (at) T{};
  if (!gAgent->lenient) gAgent->live.push_back({reinterpret_cast<std::uintptr_t>(at), sizeof(T)});
  MaySendEvent(gAgent);
}

void ConstructUntracked(void* at) {
  if (!gAgent->lenient) CheckNoLiveOverlap(at, sizeof(Tracked<24, 8>));
  ::new (at) Tracked<24, 8>{};
  MaySendEvent(gAgent);
}

// BT_FUZZ_TRACE=1 when replaying one input: the tree, each call and the engine's
// level-5 debug output on stderr, to turn a finding into a regression test.
const bool gTrace = std::getenv("BT_FUZZ_TRACE") != nullptr;

float DecideValue(std::uint8_t b) {
  static constexpr float kValues[16] = {0, 1, -1, kNaN, 0.25f, 3, kInf, -kInf, 1e-40f, 1e30f, -0.0f, 0.5f, 1, 1, 0, 2};
  return kValues[b % 16];
}

// What exact means for times, t1 and t2 among them: well under a millisecond,
// plus what float loses at the offsets a block may keep (from its epoch, under
// the time contract; from 0 before it), plus half a float step of such an
// offset at each rebase since (a time kept far behind the epoch, as an old
// activation's, is rounded again each time the epoch moves).
double TimeTolerance(const Agent& a, double t1, double t2, double span) {
  const double far = std::fabs(t1 - a.epoch) + std::fabs(t2 - a.epoch);
  return 1e-4 + std::fabs(span) * 1e-6 + far * 0x1p-23 + far * 0x1p-24 * a.ticksSinceFresh;
}

void CheckContext(const Agent& a, const bt::Context& c) {
  FUZZ_CHECK(c.time == a.time && (c.dt == a.dt || std::isnan(a.dt)));
  FUZZ_CHECK(c.decisionFlags == a.decisionFlags && c.stimuliFlags == a.stimuliFlags);
  FUZZ_CHECK(c.behaviorFlags == c.decider->behaviorFlags);
}

// activeTime, against the time of the Activate.
void CheckActiveTime(const Agent& a, double activatedAt, const bt::Context& c) {
  const double expected = c.time - activatedAt;
  if (!(std::fabs(static_cast<double>(c.activeTime) - expected) <=
        TimeTolerance(a, c.time, activatedAt, expected))) {
    std::fprintf(stderr, "activeTime %.9g at %.17g, activated at %.17g: expected %.9g\n",
                 static_cast<double>(c.activeTime), c.time, activatedAt, expected);
    FUZZ_CHECK(!"activeTime exact");
  }
}

TrackedHead* HeadOf(const Agent& a, const bt::BehaviorDef* b, void* memory) {
  return HasHead(a.h->InfoOf(b).memoryKind) ? static_cast<TrackedHead*>(memory) : nullptr;
}

float FuzzDecide(void* agent, void* dblock, const bt::DecideContext& c) {
  Agent& a = *static_cast<Agent*>(agent);
  const Harness& h = *a.h;
  const int i = h.IndexOf(c.decider);
  const bt::DeciderDef& d = h.deciders[i];
  ++a.calls;
  FUZZ_CHECK(c.time == a.time && c.decisionFlags == a.decisionFlags && c.stimuliFlags == a.stimuliFlags);
  // A Decide runs only when its preconditions pass.
  FUZZ_CHECK(d.preconditions.decision.Passes(c.decisionFlags) && d.preconditions.stimuli.Passes(c.stimuliFlags));
  if (d.preconditions.timerSeconds > 0 && !a.lenient) {
    // Whatever the block keeps: where every call restarts the timer, no call comes
    // before the timer's period is over since the one before.
    if (a.timerModeled[i] && a.lastRestart[i] != -HUGE_VAL) {
      const double since = c.time - a.lastRestart[i];
      const double period = d.preconditions.timerSeconds;
      if (since < period - TimeTolerance(a, c.time, a.lastRestart[i], period)) {
        std::fprintf(stderr, "timer of %s (%g s) restarted at %.17g, Decide called at %.17g\n", d.name, period,
                     a.lastRestart[i], c.time);
        FUZZ_CHECK(!"timer exact");
      }
    }
    if (a.timerModeled[i]) a.lastRestart[i] = c.time;
  }
  MaySendEvent(&a);
  const float value = DecideValue(a.script.Byte());
  if (gTrace) std::fprintf(stderr, "  decide %s at %.17g -> %g\n", d.name, c.time, static_cast<double>(value));
  if (d.dblock.size != 0) {
    const auto* bytes = static_cast<const unsigned char*>(dblock);
    for (int k = 0; k < d.dblock.size; ++k) FUZZ_CHECK(bytes[k] == 0);  // handed over zeroed
    FUZZ_CHECK(reinterpret_cast<std::uintptr_t>(dblock) % d.dblock.align == 0);
    *static_cast<DBlockStamp*>(dblock) = {static_cast<std::uint32_t>(i) + 1, value > 0 ? 1u : 0u};
  }
  return value;
}

std::uint32_t FuzzRandom(void* agent) {
  Script& s = static_cast<Agent*>(agent)->script;
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
  Agent& a = *static_cast<Agent*>(agent);
  const Harness& h = *a.h;
  const int i = h.IndexOf(c.decider);
  const bt::BehaviorDef* b = c.decider->behavior;
  ++a.calls;
  ++a.activations;
  CheckContext(a, c);
  if (!a.lenient) {
    FUZZ_CHECK(c.activeTime == 0);
    CheckDBlock(h, i, c);
    if (h.InfoOf(b).paired) {
      // Never activated twice without a Deactivate, and never where another is active.
      for (const Agent::Activity& x : a.active) FUZZ_CHECK(x.memory != reinterpret_cast<std::uintptr_t>(memory));
      a.active.push_back({i, reinterpret_cast<std::uintptr_t>(memory), c.time});
    }
    if (TrackedHead* head = HeadOf(a, b, memory)) {
      FUZZ_CHECK(head->magic == kMagic && head->life == Life::Constructed);  // constructed just before
      head->life = Life::Activated;
      head->owner = i;
    } else if (h.InfoOf(b).memoryKind == kZeroed) {
      const auto* bytes = static_cast<const unsigned char*>(memory);
      for (int k = 0; k < b->memory.size; ++k) FUZZ_CHECK(bytes[k] == 0);
    }
  }
  MaySendEvent(&a);
  const bool activated = a.script.Byte() % 8 != 0;
  if (!activated) ++a.ends;
  return activated;
}

bt::Result FuzzTick(void* agent, void* memory, const bt::Context& c) {
  Agent& a = *static_cast<Agent*>(agent);
  const Harness& h = *a.h;
  const int i = h.IndexOf(c.decider);
  const bt::BehaviorDef* b = c.decider->behavior;
  ++a.calls;
  CheckContext(a, c);
  if (!a.lenient) {
    if (h.InfoOf(b).paired) {
      const Agent::Activity* x = a.Find(i, memory);
      FUZZ_CHECK(x != nullptr);  // only an active behavior is ticked
      CheckActiveTime(a, x->activatedAt, c);
    }
    if (TrackedHead* head = HeadOf(a, b, memory)) {
      FUZZ_CHECK(head->magic == kMagic);
      FUZZ_CHECK(head->life == Life::Activated || (b->activate == nullptr && head->life == Life::Constructed));
      FUZZ_CHECK(head->owner == i || head->owner == -1);
      head->owner = i;
    }
  }
  MaySendEvent(&a);
  const std::uint8_t byte = a.script.Byte();
  if (byte % 8 >= 5) ++a.ends;
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
  Agent& a = *static_cast<Agent*>(agent);
  ++a.calls;
  MaySendEvent(&a);
  if (a.script.Byte() % 8 != 5) return bt::Result::Running;
  ++a.ends;
  return bt::Result::Done;
}

void FuzzDeactivate(void* agent, void* memory, const bt::Context& c) {
  Agent& a = *static_cast<Agent*>(agent);
  const Harness& h = *a.h;
  const int i = h.IndexOf(c.decider);
  const bt::BehaviorDef* b = c.decider->behavior;
  ++a.calls;
  a.deactivated.push_back(i);
  CheckContext(a, c);
  MaySendEvent(&a);  // the behavior is off the path already: it is not told
  if (a.lenient) return;
  CheckDBlock(h, i, c);
  if (h.InfoOf(b).paired) {
    Agent::Activity* x = a.Find(i, memory);
    FUZZ_CHECK(x != nullptr);  // exactly one Deactivate per Activate
    CheckActiveTime(a, x->activatedAt, c);
    a.active.erase(a.active.begin() + (x - a.active.data()));
  }
  if (TrackedHead* head = HeadOf(a, b, memory)) {
    FUZZ_CHECK(head->magic == kMagic);
    FUZZ_CHECK(head->life == Life::Activated || (b->activate == nullptr && head->life == Life::Constructed));
    FUZZ_CHECK(head->owner == i || head->owner == -1);
    head->life = Life::Deactivated;
    head->owner = i;
  }
}

void DestroyTracked(void* at) {
  Agent& a = *gAgent;
  MaySendEvent(&a);  // not told to the struct being destroyed (FuzzOnEvent)
  if (a.lenient) return;  // perhaps never constructed: not the harness's to check
  auto* head = static_cast<TrackedHead*>(at);
  FUZZ_CHECK(head->magic == kMagic);  // constructed, and not destroyed yet
  const auto live = std::find_if(a.live.begin(), a.live.end(),
                                 [at](const LiveStruct& l) { return l.at == reinterpret_cast<std::uintptr_t>(at); });
  FUZZ_CHECK(live != a.live.end());  // destroyed once, where it was constructed
  a.live.erase(live);
  if (head->owner >= 0) {
    const bt::BehaviorDef* b = a.h->deciders[head->owner].behavior;
    if (b->deactivate) FUZZ_CHECK(head->life == Life::Deactivated);  // destroyed after its Deactivate
  }
  head->magic = 0;
  head->life = Life::Destroyed;
}

// An event reaches only a behavior on the active path, whose memory is
// constructed and not yet destroyed (nor Deactivated): from its construction,
// before its Activate, to its Deactivate. It is not a call the model counts.
void FuzzOnEvent(void* agent, void* memory, const bt::EventContext& c) {
  Agent& a = *static_cast<Agent*>(agent);
  const Harness& h = *a.h;
  const int i = h.IndexOf(c.decider);
  const bt::BehaviorDef* b = c.decider->behavior;
  FUZZ_CHECK(b != nullptr && b->onEvent == &FuzzOnEvent);
  if (!a.lenient) {
    if (TrackedHead* head = HeadOf(a, b, memory)) {
      FUZZ_CHECK(head->magic == kMagic);  // constructed, not destroyed
      FUZZ_CHECK(head->life == Life::Constructed || head->life == Life::Activated);  // not deactivated
      FUZZ_CHECK(head->owner == i || head->owner == -1);
      if (head->life == Life::Activated && h.InfoOf(b).paired) FUZZ_CHECK(a.Find(i, memory) != nullptr);
    }
    if (Destroyed(h.InfoOf(b).memoryKind)) {
      const auto at = reinterpret_cast<std::uintptr_t>(memory);
      FUZZ_CHECK(std::any_of(a.live.begin(), a.live.end(), [at](const LiveStruct& l) { return l.at == at; }));
    }
  }
  MaySendEvent(&a);
}

// The debug output hook and the refusal hook send events too, as the agent of
// the call under way on this thread.
void QuietOutput(const bt::DebugLine& line, void* user) {
  *static_cast<std::size_t*>(user) += std::strlen(line.text);
  MaySendEvent(gAgent);
}

void RefusalSends(const bt::Refusal&, void*) { MaySendEvent(gAgent); }

void TraceOutput(const bt::DebugLine& line, void*) { std::fprintf(stderr, "%s\n", line.text); }

// BT_FUZZ_STATS=1: how often each status came back, printed at exit, to see
// that the inputs reach every outcome.
std::atomic<int> gStatusCount[32] = {};
const bool gStats = [] {
  if (std::getenv("BT_FUZZ_STATS") == nullptr) return false;
  std::atexit([] {
    for (int s = 0; s < 32; ++s)
      if (gStatusCount[s]) std::fprintf(stderr, "status %s: %d\n", bt::StatusName(static_cast<bt::Status>(s)), gStatusCount[s].load());
  });
  return true;
}();
void Count(bt::Status status) {
  if (gStats) ++gStatusCount[static_cast<int>(status) & 31];
}

void TraceTree(const Harness& h) {
  for (int i = 0; i < h.Count(); ++i) {
    const bt::DeciderDef& d = h.deciders[i];
    std::fprintf(stderr, "%s: kind %d policy %d flags %u decide %d timer %g dblock %u typed %d behavior %s:",
                 d.name, static_cast<int>(d.kind), static_cast<int>(d.policy), d.flags, d.decide != nullptr,
                 static_cast<double>(d.preconditions.timerSeconds), d.dblock.size, d.agentType != bt::kNoType,
                 d.behavior ? d.behavior->name : "-");
    for (int c = 0; c < d.childCount && d.children; ++c)
      std::fprintf(stderr, " %s", d.children[c] ? d.children[c]->name : "null");
    std::fprintf(stderr, "\n");
  }
}

// =============================================================== [SECTION] building a tree

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
  kMixedAgentTypes,
  kDuplicateChild,
  kDefects
};

struct Expected {
  bt::TreeProblem problem = bt::TreeProblem::None;
  int culprit = 0;
};

// Finding ("a Selector started anew has no child active"): a Selector or a
// Concurrent started anew keeps whatever its ChildSet's bytes held (a sibling's
// memory, bits lost below damage, random bytes), and so does a Parallel whose
// group behavior ends on entry; their Deactivate then follows every bit, past
// their children too (heap overflow). Until fixed, no Selector or Concurrent is
// made (a Parallel instead), and a Parallel has no group behavior.
constexpr bool kSideBySideStartsClean = true;

// Classic groups (bt/core/classic.h): a byte of policy and flags, a byte of NodeConfig.
// Every config here is valid; a bad one is planted only at the root (PlantBadConfig).
void MakeClassic(bt::DeciderDef& d, std::vector<const bt::DeciderDef*>& children, std::uint8_t kind,
                 std::uint8_t config) {
  d.policy = static_cast<bt::GroupPolicy>(static_cast<unsigned>(bt::GroupPolicy::Sequence) + kind % 10);
  if (!kSideBySideStartsClean && bt::HasSideBySideChildren(d.policy)) {
    d.policy = bt::GroupPolicy::Parallel;
    d.behavior = nullptr;
  }
  static const std::uint32_t kFlags[4] = {bt::kRecheckEveryTick, bt::kLoopChildren, bt::kParallelSucceedOnAny,
                                          bt::kParallelFailOnAll};
  for (int k = 0; k < 4; ++k)
    if ((kind >> (4 + k)) & 1) d.flags |= kFlags[k];
  if (bt::IsDecoratorPolicy(d.policy)) children.resize(1);  // one child, or DecoratorChildren
  static const bt::Result kResults[3] = {bt::Result::Running, bt::Result::Done, bt::Result::Failed};
  d.config.results = {kResults[config % 3], kResults[config / 3 % 3], kResults[config / 9 % 3]};
  d.config.count = config % 5;
  static const float kSeconds[4] = {0, 0.05f, 0.5f, 2.5f};
  d.config.seconds = kSeconds[(config >> 3) & 3];
  static const float kChances[4] = {1, 0.5f, 0, 0.999f};
  d.config.chance = kChances[(config >> 5) & 3];
  if (d.policy == bt::GroupPolicy::Cooldown) d.preconditions.timerSeconds = 0;  // its timer is its own
}

// A config the root's policy must refuse, or a one-child policy with two children.
bt::TreeProblem PlantBadConfig(Harness& h, std::uint8_t detail) {
  bt::DeciderDef& root = h.deciders[0];
  static constexpr float kBadFloats[4] = {kNaN, -0.25f, kInf, 1e31f};
  const float bad = kBadFloats[detail & 3];
  switch ((detail >> 2) % 5) {
    case 0:
      root.policy = bt::GroupPolicy::RandomGate;
      root.config.chance = (detail & 3) == 3 ? 1.0001f : bad;
      break;
    case 1:
      root.policy = bt::GroupPolicy::Cooldown;
      root.config.seconds = bad;
      break;
    case 2:  // a Cooldown's timer is its own: no timer precondition beside it
      root.policy = bt::GroupPolicy::Cooldown;
      root.preconditions.timerSeconds = 0.5f;
      break;
    case 3:
      root.policy = bt::GroupPolicy::Decorator;
      (detail & 0x40 ? root.config.results.running : root.config.results.failed) =
          static_cast<bt::Result>(3 + (detail >> 5));
      break;
    default: {
      if (h.n < 3) return bt::TreeProblem::None;
      static const bt::GroupPolicy kOneChild[5] = {bt::GroupPolicy::Decorator, bt::GroupPolicy::Loop,
                                                   bt::GroupPolicy::LoopUntilSuccess, bt::GroupPolicy::Cooldown,
                                                   bt::GroupPolicy::RandomGate};
      root.policy = kOneChild[(detail >> 5) % 5];
      h.children[0].push_back(&h.deciders[2]);
      root.children = h.children[0].data();
      root.childCount = 2;
      return bt::TreeProblem::DecoratorChildren;
    }
  }
  return bt::TreeProblem::BadNodeConfig;
}

Expected BuildTree(Harness& h, FuzzedDataProvider& in, bt::BehaviorDef& huge) {
  const std::uint8_t defectByte = in.ConsumeIntegral<std::uint8_t>();
  const int defect = defectByte < 48 ? 1 + defectByte % (kDefects - 1) : kNoDefect;
  // Classic groups among the Spore ones: two bytes more per group.
  const bool classic = defectByte >= 0xA0;
  h.n = defect == kTooDeep ? bt::kMaxTreeDepth + 2 : in.ConsumeIntegralInRange(1, 24);
  const int numBehaviors = in.ConsumeIntegralInRange(1, 6);
  const int n = h.n;
  // One decider more: the root of a second tree, perhaps.
  h.deciders.reset(new bt::DeciderDef[n + 1]);
  h.data.reset(new bt::DeciderData[n + 1]);
  h.children.assign(n + 1, {});
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
    const std::uint8_t more = in.ConsumeIntegral<std::uint8_t>();
    if (b.tick && more < 32) {
      b.tick = &FuzzTickNoContext;
      b.tickTakesContext = false;
    }
    if (more & 0x80) b.agentType = kAgentTag;  // its functions take the harness's Agent
    if (!(more & 0x40)) b.onEvent = &FuzzOnEvent;
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
      // Children only further down the array: a DAG (shared children), never a
      // cycle; each listed once (a group listing one twice is refused as DuplicateChild).
      for (int k = 0; k < count; ++k) {
        const bt::DeciderDef* child = &h.deciders[i + 1 + in.ConsumeIntegral<std::uint8_t>() % (n - i - 1)];
        if (std::find(h.children[i].begin(), h.children[i].end(), child) == h.children[i].end())
          h.children[i].push_back(child);
      }
      d.children = h.children[i].data();
      d.childCount = static_cast<std::uint16_t>(h.children[i].size());
      d.flags = options & 3;  // CallDecideOnRedecide, DelegateDecideToChildren
      if (options & 4) d.behavior = &h.behaviors[(options >> 3) % numBehaviors];  // a group behavior
      if (options & 0x80) d.random = &FuzzRandom;
      if (classic) {
        const std::uint8_t kind = in.ConsumeIntegral<std::uint8_t>();
        const std::uint8_t config = in.ConsumeIntegral<std::uint8_t>();
        if (kind >= 0x20 || (kind & 1)) MakeClassic(d, h.children[i], kind, config);
        d.childCount = static_cast<std::uint16_t>(h.children[i].size());
      }
    } else {
      d.kind = bt::DeciderKind::Behavior;
      d.behavior = &h.behaviors[(shape >> 1) % numBehaviors];
      d.flags = options & 3;  // meaningless on a behavior decider: must be harmless
      if (classic && (options & 8)) d.flags |= bt::kRecheckEveryTick;
    }
    d.behaviorFlags = in.ConsumeIntegral<std::uint8_t>();
    const std::uint8_t pre = in.ConsumeIntegral<std::uint8_t>();
    if ((options & 0x40) == 0) d.decide = &FuzzDecide;
    if (d.kind != bt::DeciderKind::Group || d.policy != bt::GroupPolicy::Cooldown)  // its timer is its own
      d.preconditions.timerSeconds = kTimers[pre & 7];
    // Flag checks on the low four bits, so ticks pass and fail them.
    if (pre & 0x08) d.preconditions.decision.anySet = 1u << ((pre >> 4) & 3);
    if (pre & 0x10) d.preconditions.decision.allClear = 1u << ((pre >> 5) & 3);
    if (pre & 0x20) d.preconditions.stimuli.allSet = 1u << ((pre >> 6) & 3);
    if (pre & 0x40) d.preconditions.stimuli.anyClear = 3u << ((pre >> 2) & 1);
    if (pre & 0x80) d.agentType = kAgentTag;  // its Decide and random source take the harness's Agent
    static const std::uint16_t kDBlockSizes[4] = {0, 8, 16, bt::kMaxDBlockBytes};
    static const std::uint16_t kDBlockAligns[4] = {4, 4, 8, 16};
    const std::uint8_t db = (options >> 4) & 3;
    if (db != 0 && d.behavior != nullptr) {  // a DBlock with no behavior to read it is refused (DBlockUnread)
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
    root.dblock = {};  // no group behavior to read it
    h.children[0].assign(1, n > 1 ? &h.deciders[1] : &root);
    root.children = h.children[0].data();
    root.childCount = 1;
  };
  const std::uint8_t detail = in.ConsumeIntegral<std::uint8_t>();
  if (classic && detail < 0x50 && n > 1) {
    makeGroup();
    expected.problem = PlantBadConfig(h, detail);
  }
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
      root.policy = static_cast<bt::GroupPolicy>(bt::kGroupPolicyCount + detail % (256 - bt::kGroupPolicyCount));
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
    case kDuplicateChild:
      // Checked on the group itself, before its children: even a child that is the root.
      makeGroup();
      h.children[0].push_back(h.children[0][0]);
      root.children = h.children[0].data();
      root.childCount = 2;
      expected.problem = bt::TreeProblem::DuplicateChild;
      break;
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
    case kMixedAgentTypes:
      // The root takes one agent type and the first decider below it another; or,
      // alone, the root's behavior one and its Decide another.
      if (n > 1) {
        makeGroup();
        root.agentType = kAgentTag;
        h.deciders[1].agentType = kWrongTag;
        expected.culprit = 1;
      } else {
        root.agentType = kWrongTag;
        h.behaviors[root.behavior - h.behaviors.data()].agentType = kAgentTag;
      }
      expected.problem = bt::TreeProblem::MixedAgentTypes;
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

// =============================================================== [SECTION] what the harness knows of a tree

// Evaluations of one evaluation of each decider, through groups that delegate
// their Decide to their children: an upper bound of the Decides it costs. Any
// tree, however broken (null children and cycles count nothing).
std::vector<double> DelegationCosts(const Harness& h) {
  std::vector<double> cost(h.Count(), -1);
  std::vector<bool> onStack(h.Count(), false);
  auto visit = [&](auto& self, const bt::DeciderDef* d) -> double {
    const long i = d - h.deciders.get();
    if (d == nullptr || i < 0 || i >= h.Count() || onStack[i]) return 0;
    if (cost[i] >= 0) return cost[i];
    onStack[i] = true;
    double c = 1;
    if (d->kind == bt::DeciderKind::Group && (d->flags & bt::kDelegateDecideToChildren) && d->children)
      for (int k = 0; k < d->childCount && c < 1e12; ++k) c += self(self, d->children[k]);
    onStack[i] = false;
    return cost[i] = c;
  };
  for (int i = 0; i < h.Count(); ++i) visit(visit, &h.deciders[i]);
  return cost;
}

// A tree InitializeTreeData may reject for delegating too deep: only with a
// decider that would cost more Decides than the limit.
void CheckDelegationProblem(const Harness& h, const bt::TreeError& error) {
  FUZZ_CHECK(error.problem == bt::TreeProblem::DelegationTooCostly);
  FUZZ_CHECK(DelegationCosts(h)[h.IndexOf(error.decider)] > bt::kMaxDelegatedDecides);
}

// What a valid tree from deciders[root] is, as the harness sees it.
struct TreeFacts {
  std::vector<int> order;       // the deciders, depth first, children in order, each once, in post-order
  std::vector<int> timerIndex;  // per decider: its timer, numbered in that order; -1 none or not in the tree
  std::vector<bool> probed;     // a child of a group delegating its Decide (called to probe, timer kept)
  bt::TypeTag agentType = bt::kNoType;
  bool classic = false;         // a classic group is in it (bt/core/classic.h)
  double places = 1;            // the places deciders can be active at once: the root-to-decider paths
};

TreeFacts FactsOf(const Harness& h, int root) {
  TreeFacts f;
  f.timerIndex.assign(h.Count(), -1);
  f.probed.assign(h.Count(), false);
  std::vector<bool> seen(h.Count(), false);
  auto visit = [&](auto& self, int i) -> void {
    if (seen[i]) return;
    seen[i] = true;
    const bt::DeciderDef& d = h.deciders[i];
    for (int k = 0; k < d.childCount; ++k) {
      const int child = h.IndexOf(d.children[k]);
      if (d.flags & bt::kDelegateDecideToChildren) f.probed[child] = true;
      self(self, child);
    }
    f.order.push_back(i);
  };
  visit(visit, root);
  int timers = 0;
  std::vector<double> paths(h.Count(), 0);
  paths[root] = 1;
  for (auto it = f.order.rbegin(); it != f.order.rend(); ++it) {  // parents before children
    const bt::DeciderDef& d = h.deciders[*it];
    for (int k = 0; k < d.childCount; ++k) paths[h.IndexOf(d.children[k])] += paths[*it];
  }
  f.places = 0;
  for (int i : f.order) {
    const bt::DeciderDef& d = h.deciders[i];
    f.places += paths[i];
    const bool classicGroup = d.kind == bt::DeciderKind::Group && bt::IsClassicPolicy(d.policy);
    f.classic |= classicGroup;
    // A Cooldown keeps its child's last failure in a timer of its own.
    if (d.preconditions.timerSeconds > 0 || (classicGroup && d.policy == bt::GroupPolicy::Cooldown))
      f.timerIndex[i] = timers++;
    if (d.agentType != bt::kNoType || (d.behavior && d.behavior->agentType != bt::kNoType)) f.agentType = kAgentTag;
  }
  return f;
}

// Which timers an agent of this tree can follow from its Decides alone.
void ModelTimers(Agent& a, const TreeFacts& f) {
  for (int i : f.order) {
    const bt::DeciderDef& d = a.h->deciders[i];
    // Decides called again without their timer checked, which restart it.
    const bool redecidesWithoutTimer =
        (d.kind == bt::DeciderKind::Group && (d.flags & bt::kCallDecideOnRedecide)) || (d.flags & bt::kRecheckEveryTick);
    a.timerModeled[i] = d.preconditions.timerSeconds > 0 && d.decide != nullptr && !redecidesWithoutTimer &&
                        !f.probed[i];
  }
}

// The second tree: a group of some of the main tree's deciders, the main root among them perhaps.
void BuildSecond(Harness& h, FuzzedDataProvider& in, std::uint8_t config) {
  const int n = h.n;
  bt::DeciderDef& root = h.deciders[n];
  root.name = "R2";
  root.kind = bt::DeciderKind::Group;
  root.policy = static_cast<bt::GroupPolicy>((config >> 5) % 5);
  // Each at most once: a group listing a child twice is refused (DuplicateChild).
  for (int k = 1 + in.ConsumeIntegral<std::uint8_t>() % 4; k > 0; --k) {
    const bt::DeciderDef* child = &h.deciders[in.ConsumeIntegral<std::uint8_t>() % n];
    if (std::find(h.children[n].begin(), h.children[n].end(), child) == h.children[n].end())
      h.children[n].push_back(child);
  }
  root.children = h.children[n].data();
  root.childCount = static_cast<std::uint16_t>(h.children[n].size());
  root.data = &h.data[n];
  h.hasSecond = true;
}

// =============================================================== [SECTION] one agent's block

// Finding (tests/engine/fuzz_findings_test.cpp, "a Running tick with no behavior active
// names no inactive decider"): a classic group Running with no behavior active
// below it makes the tick report a decider no longer active, or one never
// written this tick. Checked once the engine is fixed.
constexpr bool kRunningNamesAnActiveBehavior = true;
// Finding ("a Selector or Concurrent started again forgets the children lost
// below damage"): the ChildSet of a side-by-side group below a corrupt group
// keeps its bits, and the group's next start deactivates or ticks children it
// never activated. Until fixed, a block that lost such a group is not modeled.
constexpr bool kLostChildSetsForgotten = true;

bool Refused(bt::Status s) {
  return s == bt::Status::InvalidTree || s == bt::Status::NullAgent || s == bt::Status::MemoryTooSmall ||
         s == bt::Status::MemoryMisaligned ||
         s == bt::Status::BadTime || s == bt::Status::MemoryFromOtherTree || s == bt::Status::AgentTypeMismatch;
}

struct FreeBlock {
  void operator()(std::byte* p) const { std::free(p); }
};

// A path as the block names it, from the root down to a behavior or to the first
// group whose active child or shuffle order does not fit it (`culprit`).
struct Walk {
  const bt::DeciderDef* path[bt::kMaxTreeDepth] = {};
  int count = 0;
  int culprit = -1;
};

struct Run {
  Agent& a;
  const bt::DeciderDef& root;
  std::unique_ptr<std::byte, FreeBlock> storage;
  std::byte* block;  // exactly MemoryBytesFor(root), aligned to kMaxAlignment
  std::size_t bytes;
  int depth;
  bt::TypeTag treeType;
  double lastTime = -HUGE_VAL;  // of the last tick the block accepted; -inf: none since it was fresh
  bool headerDamaged = false;   // random bytes went into its header since it was wiped

  bool classic;   // classic groups in the tree (TreeFacts)
  double places;  // where deciders may be active at once, at most

  Run(Agent& agent, const bt::DeciderDef& r, const TreeFacts& facts)
      : a(agent), root(r), treeType(facts.agentType), classic(facts.classic), places(facts.places) {
    bytes = bt::MemoryBytesFor(root);
    FUZZ_CHECK(bytes >= sizeof(bt::MemoryHeader) && bytes % bt::kMaxAlignment == 0);
    storage.reset(static_cast<std::byte*>(std::aligned_alloc(bt::kMaxAlignment, bytes)));
    block = storage.get();
    std::memset(block, 0, bytes);
    depth = root.data->tree.depth;
    agent.root = &root;
    agent.block = Span();
    agent.type = treeType;
  }

  std::span<std::byte> Span() const { return {block, bytes}; }
  bool Fresh() const { return reinterpret_cast<const bt::MemoryHeader*>(block)->treeStamp == 0; }
  // A decider active at `base` (bt/core/memory.h: the children of a Selector, Parallel
  // or Concurrent lie side by side, child i at its group's base + ChildBase).
  struct Place {
    const bt::DeciderDef* d;
    std::uint32_t base;
  };
  std::byte* SlotAt(const Place& p) const { return block + sizeof(bt::MemoryHeader) + p.base + p.d->data->slotOffset; }
  // Where the engine keeps a behavior's memory: its slot, then memoryOffset.
  std::uintptr_t MemoryOf(const Place& p) const {
    return reinterpret_cast<std::uintptr_t>(SlotAt(p) + p.d->data->memoryOffset);
  }
  bt::SlotHeader& SlotOf(const Place& p) const { return *reinterpret_cast<bt::SlotHeader*>(SlotAt(p)); }
  // Forgets the activities and structs of places[from..): below a corrupt group, never deactivated nor destroyed.
  void WriteOff(const std::vector<Place>& places, std::size_t from) const {
    for (std::size_t j = from; j < places.size(); ++j) {
      const bt::BehaviorDef* b = places[j].d->behavior;
      if (b == nullptr) continue;
      const std::uintptr_t at = MemoryOf(places[j]);
      if (a.h->InfoOf(b).paired) {
        Agent::Activity* x = a.Find(a.h->IndexOf(places[j].d), reinterpret_cast<const void*>(at));
        FUZZ_CHECK(x != nullptr);
        a.active.erase(a.active.begin() + (x - a.active.data()));
      }
      if (!Destroyed(a.h->InfoOf(b).memoryKind)) continue;
      const auto live = std::find_if(a.live.begin(), a.live.end(), [at](const LiveStruct& l) { return l.at == at; });
      FUZZ_CHECK(live != a.live.end());
      a.live.erase(live);
    }
  }

  // What the block says, not the engine: the deciders it names active, parents
  // first and children in order (as bt::ActivePath lists them), following only
  // children their group has, no deeper than kMaxTreeDepth.
  std::vector<Place> Places() const {
    std::vector<Place> out;
    if (bt::ActivePath(root, Span(), {}) == 0) return out;  // inactive, or not this tree's
    auto visit = [&](auto& self, const Place& p, int level) -> void {
      out.push_back(p);
      const bt::DeciderDef& g = *p.d;
      if (g.kind != bt::DeciderKind::Group || level + 1 >= bt::kMaxTreeDepth) return;
      if (bt::HasSideBySideChildren(g.policy)) {
        bt::ChildSet set;
        std::memcpy(&set, SlotAt(p) + sizeof(bt::SlotHeader), sizeof set);
        for (int i = 0; i < g.childCount && i < 64; ++i)
          if ((set.active >> i) & 1u) self(self, Place{g.children[i], p.base + bt::detail::ChildBase(g, i)}, level + 1);
      } else if (SlotOf(p).activeChild < g.childCount) {
        self(self, Place{g.children[SlotOf(p).activeChild], p.base}, level + 1);
      }
    };
    visit(visit, Place{&root, 0}, 0);
    return out;
  }
  // The top of the path, down to the first group whose children lie side by
  // side: a chain there, each group's one active child after it, all at base 0.
  static std::size_t ChainLength(const std::vector<Place>& places) {
    std::size_t k = 0;
    while (k < places.size() && !(places[k].d->kind == bt::DeciderKind::Group &&
                                  bt::HasSideBySideChildren(places[k].d->policy)))
      ++k;
    return k;
  }

  // What the block says, not the engine: the named path and where it stops
  // fitting (trees of Spore groups only: a classic group's slot has rules of its own).
  Walk WalkBlock() const {
    Walk w;
    if (bt::ActivePath(root, Span(), {}) == 0) return w;  // inactive, or not this tree's
    for (const bt::DeciderDef* d = &root; w.count < bt::kMaxTreeDepth;) {
      w.path[w.count++] = d;
      if (d->kind != bt::DeciderKind::Group) break;
      const bt::SlotHeader& slot = SlotOf({d, 0});
      const auto* order = reinterpret_cast<const std::uint8_t*>(&slot + 1);
      bool fits = slot.activeChild < d->childCount;
      for (int k = 0; d->policy == bt::GroupPolicy::Shuffle && k < d->childCount; ++k) fits &= order[k] < d->childCount;
      if (!fits) {
        w.culprit = w.count - 1;
        break;
      }
      d = d->children[slot.activeChild];
    }
    return w;
  }

  // The active path as bt::ActivePath lists it: the places the block names, in order.
  std::vector<Place> Path() const {
    const std::vector<Place> places = Places();
    std::vector<const bt::DeciderDef*> path(places.size() + 1);
    const int count = bt::ActivePath(root, Span(), path);
    if (gTrace) {
      std::fprintf(stderr, "path:");
      for (const Place& p : places) std::fprintf(stderr, " %s@%u", p.d->name, p.base);
      std::fprintf(stderr, "\n");
    }
    FUZZ_CHECK(count == static_cast<int>(places.size()));
    for (int k = 0; k < count; ++k) FUZZ_CHECK(path[k] == places[k].d);
    if (!a.lenient) {
      // A healthy block: every bit of a ChildSet is a child, every Spore group
      // names a child; without classic groups the path is one chain from the root.
      for (const Place& p : places) {
        if (p.d->kind != bt::DeciderKind::Group) continue;
        if (bt::HasSideBySideChildren(p.d->policy)) {
          bt::ChildSet set;
          std::memcpy(&set, SlotAt(p) + sizeof(bt::SlotHeader), sizeof set);
          FUZZ_CHECK((set.active & ~bt::detail::AllChildren(*p.d)) == 0 && (set.active & set.done) == 0);
        } else if (!bt::IsClassicPolicy(p.d->policy)) {
          FUZZ_CHECK(SlotOf(p).activeChild < p.d->childCount);
        }
      }
      if (!classic) FUZZ_CHECK(count <= depth);
    }
    return places;
  }

  // After every call: the paired behaviors active, and the memory structs alive,
  // are exactly those of the places on the active path.
  void CheckActiveSet(bt::Status status, const bt::DeciderDef* reported) const {
    const std::vector<Place> path = Path();
    const int count = static_cast<int>(path.size());
    if (status == bt::Status::Running) {
      FUZZ_CHECK(count > 0);
      // Classic groups may run with no behavior active below them (a Parallel
      // whose children all ended, a Loop between two runs of its child).
      if (!classic) FUZZ_CHECK(path[count - 1].d->kind == bt::DeciderKind::Behavior && reported == path[count - 1].d);
      else if (kRunningNamesAnActiveBehavior && reported != nullptr) {
        bool onPath = false;
        for (const Place& p : path) onPath |= p.d == reported;
        FUZZ_CHECK(onPath && reported->kind == bt::DeciderKind::Behavior);
      }
    } else if (!Refused(status) && !(a.lenient && headerDamaged)) {
      FUZZ_CHECK(count == 0);  // Done, NoBehavior and the errors of a tick leave nothing active
    }
    if (a.lenient) return;
    const Harness& h = *a.h;
    std::vector<Agent::Activity> expectedActive;
    std::vector<std::uintptr_t> expected;  // where the structs alive must be
    for (const Place& p : path) {
      const bt::BehaviorDef* b = p.d->behavior;
      if (b == nullptr) continue;
      if (h.InfoOf(b).paired) expectedActive.push_back({h.IndexOf(p.d), MemoryOf(p), 0});
      if (Destroyed(h.InfoOf(b).memoryKind)) expected.push_back(MemoryOf(p));
    }
    std::vector<Agent::Activity> active = a.active;
    std::sort(active.begin(), active.end());
    std::sort(expectedActive.begin(), expectedActive.end());
    FUZZ_CHECK(active.size() == expectedActive.size());
    for (std::size_t k = 0; k < active.size(); ++k)
      FUZZ_CHECK(active[k].decider == expectedActive[k].decider && active[k].memory == expectedActive[k].memory);
    std::vector<std::uintptr_t> alive;
    for (const LiveStruct& l : a.live) alive.push_back(l.at);
    std::sort(expected.begin(), expected.end());
    std::sort(alive.begin(), alive.end());
    FUZZ_CHECK(alive == expected);
  }

  // The harness stops modeling the block: what was active is written off.
  void EnterLenient() {
    a.lenient = true;
    a.live.clear();
    a.active.clear();
  }
  // Zeros, for a new agent: modeled again from scratch.
  void Wipe(std::uint32_t seed) {
    std::memset(block, 0, bytes);
    if (seed != 0) bt::SeedMemory(Span(), seed);
    lastTime = -HUGE_VAL;
    headerDamaged = false;
    a.lenient = false;
    a.live.clear();
    a.active.clear();
  }
};

// A tick of run's block; `type`: the agent type handed over (kAgentTag: the typed overload).
bt::TickResult TickRun(Run& run, double time, float dt, std::uint32_t decisionFlags, std::uint32_t stimuliFlags,
                       const bt::TickOptions& options, bt::TypeTag type) {
  Agent& a = run.a;
  const double epoch = a.epoch;
  const int ticksSinceFresh = a.ticksSinceFresh;
  if (run.Fresh()) {  // the engine starts it, if it accepts the tick: timers never ran
    a.epoch = time;
    a.ticksSinceFresh = 0;
    a.lastRestart.assign(a.lastRestart.size(), -HUGE_VAL);
  }
  ++a.ticksSinceFresh;
  a.time = time;
  a.dt = dt;
  a.decisionFlags = decisionFlags;
  a.stimuliFlags = stimuliFlags;
  a.activations = 0;
  a.ends = 0;
  a.deactivated.clear();
  bt::TickResult result;
  {
    InTick in(a);
    if (type == kAgentTag)
      result = bt::TickBehaviorTree(run.root, &a, run.Span(), time, dt, decisionFlags, stimuliFlags, options);
    else
      result = bt::TickBehaviorTree(run.root, static_cast<void*>(&a), type, run.Span(), time, dt, decisionFlags,
                                    stimuliFlags, options);
  }
  const int redecides = options.redecideLimit > 0 ? options.redecideLimit : 0;
  if (!run.classic) {
    // The redecide limit holds: every Activate that fails and every Tick that ends
    // makes the group above redecide, once, except at the root, which ends the
    // tick. So at most `redecides` of them, plus the root's or the one the limit
    // stopped at; nothing is called after it but Deactivates.
    FUZZ_CHECK(a.ends <= redecides + 1);
    FUZZ_CHECK(a.activations <= (1 + run.depth + redecides) * run.depth);
  } else {
    // A classic group goes on after a child ends, at no cost, but reaches each
    // child once a tick, twice in a Loop (its child ran over and is started
    // again); only a loop back to the first child (and a Spore redecide)
    // counts against the limit. So each place ends and is activated at most
    // twice for each redecide allowed, and once more.
    const double bound = 2 * (redecides + 1) * run.places;
    FUZZ_CHECK(a.ends <= bound && a.activations <= bound);
  }
  FUZZ_CHECK(std::strcmp(bt::StatusName(result.status), "?") != 0);  // a status there is
  // A decider there is (see kRunningNamesAnActiveBehavior for the one exception).
  if (result.decider != nullptr && !(run.classic && result.status == bt::Status::Running && !kRunningNamesAnActiveBehavior))
    a.h->IndexOf(result.decider);
  if (!Refused(result.status)) run.lastTime = time;
  else a.epoch = epoch, a.ticksSinceFresh = ticksSinceFresh;
  Count(result.status);
  return result;
}

// StopBehaviorTree: what its Deactivates are told is the time, no dt, no flags.
void StopRun(Run& run, double time) {
  Agent& a = run.a;
  a.time = time;
  a.dt = 0;
  a.decisionFlags = a.stimuliFlags = 0;
  a.deactivated.clear();
  InTick in(a);
  bt::StopBehaviorTree(run.root, &a, run.Span(), time);
}

// A tick of a block the harness no longer models, `walk` taken just before it:
// damage the walk found is reported, and damage is reported only on the path,
// naming a group, no lower than the walk's; then nothing was activated, and the
// Deactivates were those of the path from the root to that group, deepest first
// (the tick finds damage where its walk meets it: what lies above was called).
void CheckDamagedTick(const Run& run, const Walk& walk, const std::vector<Run::Place>& before,
                      const std::vector<std::byte>& blockBefore, double time, const bt::TickResult& result,
                      long callsBefore) {
  if (run.headerDamaged || before.empty()) return;  // the header is not the tick's own
  if (walk.culprit >= 0 && !run.classic) FUZZ_CHECK(result.status == bt::Status::CorruptMemory);
  if (result.status != bt::Status::CorruptMemory) return;
  // A damaged time the walk does not model names the decider whose time it is (a
  // behavior, or one asked off the path) and deactivates the whole path, wherever
  // the walk would have met the damage it models: only that nothing is left active
  // is checked then.
  if (bt_fuzz::MayFindDamagedTime(blockBefore, run.root, time)) {
    FUZZ_CHECK(result.decider != nullptr);
    FUZZ_CHECK(bt::ActivePath(run.root, run.Span(), {}) == 0);
    return;
  }
  if (run.classic) {
    // Which classic slot fits is the engine's rule (ClassicSlotFits), not modeled
    // here: damage reported names a group the block named, and nothing is left active.
    bool named = false;
    for (const Run::Place& p : before) named |= p.d == result.decider;
    FUZZ_CHECK(named && result.decider->kind == bt::DeciderKind::Group);
    FUZZ_CHECK(bt::ActivePath(run.root, run.Span(), {}) == 0);
    return;
  }
  int at = -1;
  for (int k = 0; k < walk.count; ++k)
    if (walk.path[k] == result.decider) at = k;
  FUZZ_CHECK(at >= 0 && (walk.culprit < 0 || at <= walk.culprit));
  FUZZ_CHECK(result.decider->kind == bt::DeciderKind::Group);
  std::vector<int> expected;
  for (int k = at; k >= 0; --k)
    if (walk.path[k]->behavior && walk.path[k]->behavior->deactivate) expected.push_back(run.a.h->IndexOf(walk.path[k]));
  FUZZ_CHECK(run.a.deactivated == expected);
  FUZZ_CHECK(run.a.activations == 0);
  FUZZ_CHECK(run.a.calls - callsBefore >= static_cast<long>(expected.size()));
  FUZZ_CHECK(bt::ActivePath(run.root, run.Span(), {}) == 0);
}

// An ordinary tick at `time`; the agent type handed over as arg says.
void OrdinaryTick(Run& run, double time, float dt, std::uint32_t decisionFlags, std::uint32_t stimuliFlags,
                  std::uint8_t arg, const bt::TickOptions& options) {
  const int call = (arg >> 3) % 4;  // 0, 1: untyped; 2: typed; 3: another type
  const bt::TypeTag type = call == 2 ? kAgentTag : call == 3 ? kWrongTag : bt::kNoType;
  const std::vector<std::byte> before(run.block, run.block + run.bytes);
  const long callsBefore = run.a.calls;
  const Walk walk = run.a.lenient && !run.classic ? run.WalkBlock() : Walk{};
  const std::vector<Run::Place> placesBefore = run.a.lenient ? run.Places() : std::vector<Run::Place>{};
  const bt::TickResult result = TickRun(run, time, dt, decisionFlags, stimuliFlags, options, type);
  if (type == kWrongTag && run.treeType != bt::kNoType) {  // refused, whatever the block holds
    FUZZ_CHECK(result.status == bt::Status::AgentTypeMismatch && run.a.calls == callsBefore &&
               std::memcmp(before.data(), run.block, run.bytes) == 0);
    return;
  }
  if (run.a.lenient) {
    CheckDamagedTick(run, walk, placesBefore, before, time, result, callsBefore);
  } else {
    FUZZ_CHECK(result.status == bt::Status::Running || result.status == bt::Status::Done ||
               result.status == bt::Status::NoBehavior || result.status == bt::Status::RedecideLimit);
  }
  if (result.status == bt::Status::RedecideLimit)
    FUZZ_CHECK(result.decider && result.decider->kind == bt::DeciderKind::Group);
  if (result.status == bt::Status::Done || result.status == bt::Status::NoBehavior)
    FUZZ_CHECK(result.decider == nullptr);
  run.CheckActiveSet(result.status, result.decider);
}

// The end of an agent: every Activate gets its Deactivate, every struct its destructor.
void FinalStop(Run& run, double time) {
  StopRun(run, time);
  if (run.a.lenient && run.headerDamaged) return;
  run.CheckActiveSet(bt::Status::NoBehavior, nullptr);
  if (run.a.lenient) return;
  FUZZ_CHECK(run.a.active.empty());
  FUZZ_CHECK(run.a.live.empty());
}

std::uint32_t Flags(std::uint8_t b) { return b & 0x0F; }

// A tree that is not the fuzzed one, for "a block used with another tree".
constinit bt::DeciderData gOtherData{};
constexpr bt::BehaviorDef OTHER_B{.name = "OTHER_B"};
constexpr bt::DeciderDef OTHER{.name = "OTHER", .behavior = &OTHER_B, .data = &gOtherData};

// =============================================================== [SECTION] threads
// Agents of the same trees ticked from several threads at once: each owns its
// block and its script, the trees are shared and only read.
void ThreadRun(const Harness& h, const bt::DeciderDef& root, const TreeFacts& facts, const std::vector<std::uint8_t>& script,
               int k) {
  std::vector<std::uint8_t> mine(script);
  std::rotate(mine.begin(), mine.begin() + (mine.empty() ? 0 : (13 * k) % mine.size()), mine.end());
  Agent a(h, mine);
  ModelTimers(a, facts);
  Run run(a, root, facts);
  static const float kSteps[8] = {0, 1.0f / 60, 0.1f, 0.5f, 1, 3, 10, 1e-7f};
  double now = 1.7e9 + k;
  for (int step = 0; step < 24; ++step) {
    const std::uint8_t b = a.script.Byte();
    if (b % 8 == 7) {
      StopRun(run, now);
      run.CheckActiveSet(bt::Status::NoBehavior, nullptr);
      continue;
    }
    now += kSteps[(b >> 3) % 8];
    bt::TickOptions options;
    if (b >= 0xE0) options.redecideLimit = b % 4;
    OrdinaryTick(run, now, kSteps[(b >> 3) % 8], b & 3, (b >> 2) & 3, b, options);
  }
  FinalStop(run, now);
}

// =============================================================== [SECTION] a Random or Scored group's choice
struct ProbeAgent {
  const bt::DeciderDef* children;
  float weights[8];
};
float ProbeDecide(void* agent, void*, const bt::DecideContext& c) {
  const auto& p = *static_cast<const ProbeAgent*>(agent);
  return p.weights[c.decider - p.children];
}

// A group of 1 to 8 behavior deciders whose Decides give fixed weights, chosen
// from afresh many times: Random picks only among the weights > 0 (never a zero,
// negative or NaN one), only among the +inf ones if there are any and then each
// of them, and else each weight of a fair share; Scored picks the first highest.
void Probe(const std::vector<std::uint8_t>& bytes) {
  static constexpr float kWeights[16] = {kInf, 3e38f, 1e-40f, 1e-30f, kNaN, -1, 0, -kInf,
                                         1, 0.5f, std::numeric_limits<float>::min(), std::numeric_limits<float>::denorm_min(),
                                         3e38f, 1e30f, 2, kInf};
  static const char* const kNames[8] = {"P0", "P1", "P2", "P3", "P4", "P5", "P6", "P7"};
  static constexpr bt::BehaviorDef kProbeB{.name = "PROBE_B"};
  const int count = 1 + bytes[0] % 8;
  const bool scored = bytes[0] & 8;
  bt::DeciderDef children[8];
  bt::DeciderData data[9];
  const bt::DeciderDef* pointers[8];
  ProbeAgent agent{children, {}};
  for (int i = 0; i < count; ++i) {
    agent.weights[i] = kWeights[bytes[1 + i] % 16];
    children[i] = bt::DeciderDef{.name = kNames[i], .behavior = &kProbeB, .decide = &ProbeDecide, .data = &data[i]};
    pointers[i] = &children[i];
  }
  const bt::DeciderDef root{.name = "PROBE", .kind = bt::DeciderKind::Group,
                            .policy = scored ? bt::GroupPolicy::Scored : bt::GroupPolicy::Random, .children = pointers,
                            .childCount = static_cast<std::uint16_t>(count), .data = &data[8]};
  FUZZ_CHECK(bt::InitializeTreeData(root));
  const std::size_t size = bt::MemoryBytesFor(root);
  std::unique_ptr<std::byte, FreeBlock> block(static_cast<std::byte*>(std::aligned_alloc(bt::kMaxAlignment, size)));
  std::memset(block.get(), 0, size);
  const std::span<std::byte> memory(block.get(), size);
  bt::SeedMemory(memory, bytes[9] | bytes[10] << 8);

  int chosen[8] = {};
  const int trials = scored ? 1 : 256;
  for (int t = 0; t < trials; ++t) {
    const bt::TickResult r = bt::TickBehaviorTree(root, static_cast<void*>(&agent), bt::kNoType, memory, t, 0, 0, 0, {});
    if (r.status == bt::Status::Running) ++chosen[r.decider - children];
    else FUZZ_CHECK(r.status == bt::Status::NoBehavior && r.decider == nullptr);
    bt::StopBehaviorTree(root, &agent, memory, t);
  }
  int nones = trials;
  for (int i = 0; i < count; ++i) nones -= chosen[i];
  bool infinite = false;
  double total = 0;
  int best = -1;
  for (int i = 0; i < count; ++i) {
    const float w = agent.weights[i];
    if (w > 0) total += w;
    infinite |= w == kInf;
    if (w > 0 && (best < 0 || w > agent.weights[best])) best = i;
  }
  if (gTrace) {
    for (int i = 0; i < count; ++i)
      std::fprintf(stderr, "probe %s: weight %g chosen %d\n", kNames[i], static_cast<double>(agent.weights[i]), chosen[i]);
  }
  FUZZ_CHECK(nones == (best < 0 ? trials : 0));  // nothing only when no weight is above 0
  for (int i = 0; i < count; ++i) {
    const float w = agent.weights[i];
    if (!(w > 0)) FUZZ_CHECK(chosen[i] == 0);  // zero, negative, NaN: never
    if (scored) {
      FUZZ_CHECK(chosen[i] == (i == best ? 1 : 0));
      continue;
    }
    // Summed in double: among +inf weights, uniformly; else in proportion, 3e38 ones
    // included. Missing one of at least an eighth in 256 draws: under 1e-14.
    if (infinite) FUZZ_CHECK((w == kInf) == (chosen[i] > 0));
    else if (w / total >= 1.0 / 8) FUZZ_CHECK(chosen[i] > 0);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* input, std::size_t size) {
  FuzzedDataProvider in(input, size);
  Harness h;
  bt::BehaviorDef huge{.name = "HUGE", .memory = bt::BlockType{.name = "Huge", .size = bt::kMaxBehaviorMemoryBytes + 1, .align = 4}};
  const Expected expected = BuildTree(h, in, huge);
  // bit 0: a second tree; bits 1-2: threads; bits 3-4: a probe; bits 5-7: the second tree's policy.
  const std::uint8_t config = in.ConsumeIntegral<std::uint8_t>();
  if (expected.problem == bt::TreeProblem::None && h.n >= 2 && (config & 1)) BuildSecond(h, in, config);
  std::vector<std::uint8_t> probe;
  if ((config & 0x18) == 0x18) {
    probe = in.ConsumeBytes<std::uint8_t>(11);
    probe.resize(11);  // zeros where the input ran out
  }
  const std::vector<std::uint8_t> script = in.ConsumeBytes<std::uint8_t>(in.ConsumeIntegralInRange(0, 255));
  const bt::DeciderDef& root = h.deciders[0];
  if (gTrace) TraceTree(h);
  if (!probe.empty()) Probe(probe);

  // Deciders are accepted by InitializeTreeData only, and a rejected tree is never ticked.
  Agent agent(h, script);
  bt::TreeError error;
  const bool valid = bt::InitializeTreeData(root, &error);
  if (expected.problem != bt::TreeProblem::None) {
    // Met before the defect the harness planted: fine (one the harness predicts is checked exactly below).
    if (error.problem == bt::TreeProblem::DelegationTooCostly && expected.problem != error.problem) {
      CheckDelegationProblem(h, error);
      return 0;
    }
    FUZZ_CHECK(!valid && error.problem == expected.problem);
    FUZZ_CHECK(error.decider == &h.deciders[expected.culprit]);
    FUZZ_CHECK(std::strstr(error.message, h.deciders[expected.culprit].name) != nullptr);
    alignas(bt::kMaxAlignment) std::byte memory[4096] = {};
    const bt::TickResult result =
        bt::TickBehaviorTree(root, static_cast<void*>(&agent), bt::kNoType, memory, 0.0, 0.1f, 0, 0, {});
    FUZZ_CHECK(result.status == bt::Status::InvalidTree && agent.calls == 0);
    Count(result.status);
    if (root.data != nullptr) FUZZ_CHECK(result.decider == &h.deciders[expected.culprit]);
    bt::StopBehaviorTree(root, &agent, memory, 0.0);
    FUZZ_CHECK(agent.calls == 0);
    return 0;
  }
  if (!valid) {
    CheckDelegationProblem(h, error);
    return 0;
  }
  FUZZ_CHECK(error.problem == bt::TreeProblem::None);
  const TreeFacts facts = FactsOf(h, 0);
  FUZZ_CHECK(root.data->tree.agentType == facts.agentType);
  ModelTimers(agent, facts);
  if (gTrace) {
    const bt::TreeData& tree = root.data->tree;
    std::fprintf(stderr, "block %u bytes, timers at %u (%u), depth %u\n", tree.memoryBytes, tree.timersOffset,
                 tree.numTimers, tree.depth);
    for (int i = 0; i < h.n; ++i)
      std::fprintf(stderr, "%s: slot %u dblock +%u memory +%u timer %d\n", h.deciders[i].name, h.data[i].slotOffset,
                   h.data[i].dblockOffset, h.data[i].memoryOffset, h.data[i].timerIndex);
  }

  // The second tree shares deciders with the first: it is accepted unless one of
  // them has a timer numbered otherwise in it (or it delegates too deep).
  const bt::DeciderDef* const root2 = h.hasSecond ? &h.deciders[h.n] : nullptr;
  bool secondValid = false;
  TreeFacts facts2;
  std::unique_ptr<Agent> agent2;
  std::unique_ptr<Run> run2;
  if (root2 != nullptr) {
    facts2 = FactsOf(h, h.n);
    int conflict = -1;
    for (int i : facts2.order)
      if (conflict < 0 && facts2.timerIndex[i] >= 0 && facts.timerIndex[i] >= 0 &&
          facts2.timerIndex[i] != facts.timerIndex[i])
        conflict = i;
    bt::TreeError error2;
    secondValid = bt::InitializeTreeData(*root2, &error2);
    if (gTrace) std::fprintf(stderr, "second tree: %s\n", secondValid ? "valid" : error2.message);
    if (!secondValid && error2.problem == bt::TreeProblem::DelegationTooCostly) {
      CheckDelegationProblem(h, error2);
    } else if (conflict >= 0) {
      FUZZ_CHECK(!secondValid && error2.problem == bt::TreeProblem::TimerSharedAcrossTrees &&
                 error2.decider == &h.deciders[conflict]);
    } else {
      FUZZ_CHECK(secondValid);
      FUZZ_CHECK(root2->data->tree.agentType == facts2.agentType);
    }
    std::vector<std::uint8_t> script2(script);
    std::reverse(script2.begin(), script2.end());
    agent2 = std::make_unique<Agent>(h, script2);
    if (secondValid) {
      ModelTimers(*agent2, facts2);
      run2 = std::make_unique<Run>(*agent2, *root2, facts2);
    }
  }

  Run run(agent, root, facts);
  const std::size_t bytes = run.bytes;
  if (run2) agent.partner = agent2.get(), agent2->partner = &agent;
  bt::SetRefusalHook(&RefusalSends);
  std::size_t debugChars = 0;

  static const double kStarts[8] = {0, -50, 1e6, 3.5, 1.7e9, 1e12, -bt::kMaxTickTime, bt::kMaxTickTime - 1e3};
  static const float kSteps[8] = {0, 1.0f / 60, 0.1f, 0.5f, 1, 3, 10, 1e-7f};
  static const double kJumps[8] = {1e3, 1e6, 1e9, 1e12, 1e14, 5e14, 86400, 2 * bt::kMaxTickTime};
  double now = kStarts[in.ConsumeIntegral<std::uint8_t>() % 8];

  for (int step = 0; step < 64 && in.remaining_bytes() > 0; ++step) {
    const std::uint8_t op = in.ConsumeIntegral<std::uint8_t>();
    const std::uint8_t arg = in.ConsumeIntegral<std::uint8_t>();
    const std::uint8_t flags = in.ConsumeIntegral<std::uint8_t>();
    const std::uint8_t limitByte = in.ConsumeIntegral<std::uint8_t>();

    // Debug output at any level, to a sink that reads every line.
    // Level 3 prints the Running decider, which a classic tree may not have
    // written (kRunningNamesAnActiveBehavior): up to level 2 for those until fixed.
    const int debugLevel = (op >> 4) >= 10 ? (op >> 4) - 10 : 0;
    bt::SetDebugOutput({(facts.classic || facts2.classic) && !kRunningNamesAnActiveBehavior ? std::min(debugLevel, 2) : debugLevel, nullptr,
                        &QuietOutput, &debugChars});
    if (gTrace) {
      bt::SetDebugOutput({5, nullptr, &TraceOutput, nullptr});
      std::fprintf(stderr, "-- step %d: op %d arg %d flags 0x%02x limit byte %d, now %.17g%s\n", step, op % 16, arg,
                   flags, limitByte, now, agent.lenient ? " (lenient)" : "");
    }

    bt::TickOptions options;
    if (limitByte & 0x80) options.redecideLimit = static_cast<int>(limitByte & 0x7F) - 4;  // down to -4
    const float dt = kSteps[arg % 8];
    const std::uint32_t decisionFlags = Flags(flags);
    const std::uint32_t stimuliFlags = Flags(flags >> 4);
    const std::vector<std::byte> before(run.block, run.block + bytes);
    const long callsBefore = agent.calls;
    auto unchanged = [&] {
      return agent.calls == callsBefore && std::memcmp(before.data(), run.block, bytes) == 0;
    };
    // Time moves on by dt, or jumps ahead, but stays within what a tick accepts.
    auto advance = [&] {
      if ((limitByte & 0xF0) == 0x70) now = std::min(now + kJumps[limitByte & 7], bt::kMaxTickTime);
      else if (std::fabs(now + dt) <= bt::kMaxTickTime) now += dt;
    };

    switch (op % 16) {
      default: {  // an ordinary tick
        advance();
        OrdinaryTick(run, now, dt, decisionFlags, stimuliFlags, arg, options);
        break;
      }
      case 8: {  // the second tree's agent
        if (root2 == nullptr) {
          advance();
          OrdinaryTick(run, now, dt, decisionFlags, stimuliFlags, arg, options);
        } else if (!secondValid) {  // never ticked
          alignas(bt::kMaxAlignment) std::byte memory[64] = {};
          const bt::TickResult result =
              bt::TickBehaviorTree(*root2, static_cast<void*>(agent2.get()), bt::kNoType, memory, now, dt, 0, 0, {});
          FUZZ_CHECK(result.status == bt::Status::InvalidTree && agent2->calls == 0);
        } else if (arg & 0x40) {
          StopRun(*run2, now);
          run2->CheckActiveSet(bt::Status::NoBehavior, nullptr);
        } else {
          advance();
          OrdinaryTick(*run2, now, dt, decisionFlags, stimuliFlags, arg, options);
        }
        break;
      }
      case 9: {  // random bytes in the header, the slots, or anywhere
        const std::size_t timersAt = root.data->tree.timersOffset;
        const std::size_t limit = (arg & 0x10) ? sizeof(bt::MemoryHeader) : (arg & 0x20) ? bytes : timersAt;
        for (int j = 1 + arg % 4; j > 0; --j) {
          const std::size_t at = in.ConsumeIntegral<std::uint16_t>() % limit;
          run.block[at] = static_cast<std::byte>(in.ConsumeIntegral<std::uint8_t>());
          run.headerDamaged |= at < sizeof(bt::MemoryHeader);
        }
        run.EnterLenient();
        if (arg & 0x40) {
          StopRun(run, now);
          run.CheckActiveSet(bt::Status::NoBehavior, nullptr);
        } else {
          advance();
          OrdinaryTick(run, now, dt, decisionFlags, stimuliFlags, arg, options);
        }
        break;
      }
      case 10: {  // a bad dt: nothing happens
        static const float kBadDt[4] = {kNaN, -0.1f, kInf, -kInf};
        const bt::TickResult result = TickRun(run, now, kBadDt[arg % 4], decisionFlags, stimuliFlags, options, kAgentTag);
        // A damaged header may name another tree, which is refused first.
        if (run.headerDamaged) FUZZ_CHECK(result.status == bt::Status::BadTime || result.status == bt::Status::MemoryFromOtherTree);
        else FUZZ_CHECK(result.status == bt::Status::BadTime && result.decider == &root);
        FUZZ_CHECK(unchanged());
        break;
      }
      case 11: {  // a bad time, beyond the range, or one before the block's last tick
        static const double kBadTime[4] = {std::nan(""), HUGE_VAL, -HUGE_VAL, 1e39};
        double time = kBadTime[arg % 4];
        const bool back = arg & 4;
        if (back) {
          if (run.lastTime == -HUGE_VAL) break;  // a block never ticked has no past
          const double far = std::fabs(run.lastTime - agent.epoch);
          // Earlier by more than the block can fail to see.
          time = run.lastTime - (1.0 + arg + far * 0x1p-20);
        } else if (arg & 8) {
          static const double kBeyond[8] = {1e15 + 0.25, 2e15, 1e16, 1e20, -1e15 - 0.25, 3.4e38, -1e30, 1e300};
          time = kBeyond[(arg >> 4) % 8];
        }
        const bt::TickResult result = TickRun(run, time, dt, 0, 0, {}, kAgentTag);
        if (back && run.headerDamaged) break;  // the time it keeps may be anything
        if (run.headerDamaged) FUZZ_CHECK(result.status == bt::Status::BadTime || result.status == bt::Status::MemoryFromOtherTree);
        else FUZZ_CHECK(result.status == bt::Status::BadTime && result.decider == &root);
        FUZZ_CHECK(unchanged());
        break;
      }
      case 12: {  // a call that must be refused before the block is touched
        bt::TickResult result;
        // A tree whose functions take no agent runs with a null one (Spore S01).
        const bool takesAgent = bt::InitializeTreeData(root) && root.data->tree.agentType != bt::kNoType;
        switch (arg % 4) {
          case 0:
            if (!takesAgent) break;
            result = bt::TickBehaviorTree(root, static_cast<void*>(nullptr), bt::kNoType, run.Span(), now, dt, 0, 0, {});
            FUZZ_CHECK(result.status == bt::Status::NullAgent);
            break;
          case 1:
            result = bt::TickBehaviorTree(root, &agent, run.Span().first(bytes - 1 - arg / 4 % 8), now, dt);
            FUZZ_CHECK(result.status == bt::Status::MemoryTooSmall);
            break;
          case 2: {  // long enough, misaligned: a copy of the block, shifted
            std::vector<std::byte> shifted(bytes + bt::kMaxAlignment);
            auto* at = reinterpret_cast<std::byte*>(
                (reinterpret_cast<std::uintptr_t>(shifted.data()) + bt::kMaxAlignment - 1) / bt::kMaxAlignment *
                bt::kMaxAlignment);
            at += 1 + arg / 4 % (bt::kMaxAlignment - 1);
            std::memcpy(at, run.block, bytes);
            result = bt::TickBehaviorTree(root, &agent, std::span<std::byte>(at, bytes), now, dt);
            FUZZ_CHECK(result.status == bt::Status::MemoryMisaligned);
            FUZZ_CHECK(std::memcmp(at, run.block, bytes) == 0);
            break;
          }
          case 3: {
            const auto& header = *reinterpret_cast<const bt::MemoryHeader*>(run.block);
            if (header.treeStamp == 0 || !bt::InitializeTreeData(OTHER) ||
                header.treeStamp == OTHER.data->tree.stamp || bytes < bt::MemoryBytesFor(OTHER))
              break;
            result = bt::TickBehaviorTree(OTHER, &agent, run.Span(), now, dt);
            FUZZ_CHECK(result.status == bt::Status::MemoryFromOtherTree);
            bt::StopBehaviorTree(OTHER, &agent, run.Span(), now);
            break;
          }
        }
        FUZZ_CHECK(unchanged());
        if (takesAgent) bt::StopBehaviorTree(root, nullptr, run.Span(), now);
        FUZZ_CHECK(unchanged());
        break;
      }
      case 13: {  // the agent leaves: everything active is deactivated
        StopRun(run, now);
        run.CheckActiveSet(bt::Status::NoBehavior, nullptr);
        if ((arg & 1) || agent.lenient) run.Wipe(arg);  // and its block is wiped for a new agent
        break;
      }
      case 14: {  // the block is damaged: a group on the path names a child it lacks, or none
        if (agent.lenient) {
          advance();
          OrdinaryTick(run, now, dt, decisionFlags, stimuliFlags, arg, options);
          break;
        }
        // Above any group whose children lie side by side the path is a chain at
        // base 0; a one-child classic group may name none (no damage to it).
        const std::vector<Run::Place> path = run.Path();
        const std::size_t chain = Run::ChainLength(path);
        std::vector<std::size_t> groups;
        for (std::size_t k = 0; k < chain; ++k)
          if (path[k].d->kind == bt::DeciderKind::Group && run.SlotOf(path[k]).activeChild != bt::kNoChild &&
              !bt::IsDecoratorPolicy(path[k].d->policy))
            groups.push_back(k);
        if (groups.empty()) break;
        const std::size_t k = groups[arg % groups.size()];
        const bt::DeciderDef& bad = *path[k].d;
        const int childCount = bad.childCount;
        // A classic group may name no child (kNoChild: it starts afresh), so it is given a child it lacks.
        const bool classic = bt::IsClassicPolicy(bad.policy);
        const std::uint8_t wrong =
            static_cast<std::uint8_t>(childCount + flags % ((classic ? 255 : 256) - childCount));
        if (bad.policy == bt::GroupPolicy::Shuffle && (limitByte & 1)) {
          auto* order = reinterpret_cast<std::uint8_t*>(&run.SlotOf(path[k])) + sizeof(bt::SlotHeader);
          order[limitByte % childCount] = wrong;
        } else {
          run.SlotOf(path[k]).activeChild = (limitByte & 4) && !classic ? bt::kNoChild : wrong;  // an interior "none" too
        }
        // The corrupt group and those above are deactivated, deepest first; below it
        // nothing is called. The harness writes those off as lost. A Stop checks
        // the path before it calls anything; a tick finds the damage where its
        // walk meets it, after what lies above (hysteresis Decides, group
        // behaviors' Ticks), and activates nothing.
        const long callsBeforeTick = agent.calls;
        const bool stopped = (limitByte & 2) != 0;
        if (stopped) {
          StopRun(run, now);
        } else {
          advance();
          const bt::TickResult result = TickRun(run, now, dt, decisionFlags, stimuliFlags, options, bt::kNoType);
          FUZZ_CHECK(result.status == bt::Status::CorruptMemory && result.decider == &bad);
          FUZZ_CHECK(agent.activations == 0);
        }
        std::vector<int> deactivations;
        for (std::size_t j = k + 1; j-- > 0;)
          if (path[j].d->behavior && path[j].d->behavior->deactivate) deactivations.push_back(h.IndexOf(path[j].d));
        FUZZ_CHECK(agent.deactivated == deactivations);
        if (stopped) FUZZ_CHECK(agent.calls - callsBeforeTick == static_cast<long>(deactivations.size()));
        FUZZ_CHECK(bt::ActivePath(root, run.Span(), {}) == 0);
        run.WriteOff(path, k + 1);
        run.CheckActiveSet(bt::Status::NoBehavior, nullptr);
        bool lostChildSet = false;
        for (std::size_t j = k + 1; j < path.size(); ++j)
          lostChildSet |= path[j].d->kind == bt::DeciderKind::Group && bt::HasSideBySideChildren(path[j].d->policy);
        if (lostChildSet && !kLostChildSetsForgotten) run.EnterLenient();
        break;
      }
      case 15: {  // an active child swapped for another the group has: the slots below are not its
        const std::vector<Run::Place> path = run.Places();
        const std::size_t chain = Run::ChainLength(path);
        std::vector<std::size_t> groups;
        for (std::size_t k = 0; k < chain && k + 1 < path.size(); ++k)
          if (path[k].d->childCount >= 2) groups.push_back(k);
        if (!groups.empty()) {
          const Run::Place& at = path[groups[arg % groups.size()]];
          const bt::DeciderDef& g = *at.d;
          const int from = run.SlotOf(at).activeChild;
          run.SlotOf(at).activeChild = static_cast<std::uint8_t>((from + 1 + flags % (g.childCount - 1)) % g.childCount);
          run.EnterLenient();
        }
        advance();
        OrdinaryTick(run, now, dt, decisionFlags, stimuliFlags, arg, options);
        break;
      }
    }
  }
  bt::SetDebugOutput({});

  // Other agents of the trees, from two or three threads at once (debug output
  // stays off: its settings are not for changing while others tick).
  if ((config & 6) == 6) {
    std::vector<std::thread> threads;
    const int count = 2 + (config >> 7);
    for (int k = 0; k < count; ++k) {
      const bool second = secondValid && k % 2 == 1;
      threads.emplace_back(ThreadRun, std::cref(h), std::cref(second ? *root2 : root), std::cref(second ? facts2 : facts),
                           std::cref(script), k);
    }
    for (std::thread& t : threads) t.join();
  }

  // The end of the run: every Activate gets its Deactivate, every struct its destructor.
  FinalStop(run, now);
  if (run2) FinalStop(*run2, now);
  return 0;
}
