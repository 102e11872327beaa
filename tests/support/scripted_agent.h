// tests/support/scripted_agent.h — the scripted agent of the differential
// tests: the compiled tick against the interpreter, in the test
// (tests/engine/compiled_tick_test.cpp) and in its fuzzer
// (tests/fuzz/compiled_fuzzer.cpp).
//
// Two agents follow one script, one ticked by each tick; every callback records
// what the engine told it (an Event) and answers from the script, so two agents
// given the same calls in the same order answer alike, and any difference in
// the calls, their order or what they were told shows in the two records.
// Memory structs (Tracked) report their construction and destruction, and
// check that the engine hands over the struct it built.
//
// The callbacks are templates over the agent A, which derives from AgentBase
// and provides the script's answers:
//   float ScriptDecide();  bt::Result ScriptTick();  bt::Result ScriptGroupTick();
//   bool ScriptActivate(bool oftenFails);  std::uint32_t ScriptRandom();
// and may hide AgentBase's hooks with its own (the fuzzer's re-entrant calls,
// its model of the active behaviors, its checks). The test draws its answers
// from a seeded generator, the fuzzer from its input.
//
// SCRIPTED_AGENT_CALLBACKS(A) names, in the namespace it is written in, every
// callback for A as the trees write them (Decide, TickMem<M>, DecideBare<NAME>,
// Tracked<NAME, EXTRA>, ...).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "bt/bt.h"

namespace scripted {

enum class Ev : std::uint8_t {
  Decide,
  Activate,
  Tick,
  Deactivate,
  Construct,
  Destroy,
  Random,
  Inner,  // a call into the engine from inside a callback (the fuzzer's)
  Heard,  // an onEvent
};

// One call the engine made, with what it was told. Floats are kept as bits, so a
// NaN compares equal to itself and any difference shows.
struct Event {
  Ev kind = Ev::Decide;
  const char* decider = nullptr;   // null when the function is not told
  const char* behavior = nullptr;  // or the memory struct's behavior
  std::uint32_t value = 0;         // what it answered (float bits, bool, Result), a serial, a status
  std::uint64_t time = 0;          // double bits
  std::uint32_t dt = 0;
  std::uint32_t activeTime = 0;
  std::uint32_t behaviorFlags = 0;
  std::uint32_t decisionFlags = 0;
  std::uint32_t stimuliFlags = 0;
  std::int32_t pickId = -2;  // the DBlock seen (a Decide: before it wrote); -2: none
  std::uint32_t pickScore = 0;
  std::uint32_t memTicks = 0;  // the memory struct: ticks so far
  bool hasContext = false;
  bool ok = true;  // the memory struct handed over was constructed and not destroyed
  bool operator==(const Event&) const = default;
};

inline std::uint32_t Bits(float f) { return std::bit_cast<std::uint32_t>(f); }
inline std::uint64_t Bits(double d) { return std::bit_cast<std::uint64_t>(d); }

// What a Decide fills for its behavior. Plain, without padding: its bytes are copied.
struct Pick {
  std::int32_t id = -1;
  float score = 0;
};
// The id a decider's Decide writes into its Pick.
inline std::int32_t PickId(const bt::DeciderDef* d) {
  std::uint32_t h = 7;
  for (const char* c = d->name; *c; ++c) h = h * 31 + static_cast<unsigned char>(*c);
  return static_cast<std::int32_t>(h & 0x7FFFFFFF);
}

// A plain memory struct (zeroed by the engine, no destructor): its Tick counts in it.
struct Plain {
  std::int32_t ticks;
  float sum;
};

inline Event FromContext(Ev kind, const bt::Context& c) {
  Event e;
  e.kind = kind;
  e.hasContext = true;
  e.decider = c.decider ? c.decider->name : nullptr;
  e.behavior = c.decider && c.decider->behavior ? c.decider->behavior->name : nullptr;
  e.time = Bits(c.time);
  e.dt = Bits(c.dt);
  e.activeTime = Bits(c.activeTime);
  e.behaviorFlags = c.behaviorFlags;
  e.decisionFlags = c.decisionFlags;
  e.stimuliFlags = c.stimuliFlags;
  if (const Pick* pick = c.DBlock<Pick>()) {
    e.pickId = pick->id;
    e.pickScore = Bits(pick->score);
  }
  return e;
}

inline Event FromDecide(const bt::DecideContext& c) {
  Event e;
  e.kind = Ev::Decide;
  e.hasContext = true;
  e.decider = c.decider ? c.decider->name : nullptr;
  e.time = Bits(c.time);
  e.dt = Bits(c.dt);
  e.decisionFlags = c.decisionFlags;
  e.stimuliFlags = c.stimuliFlags;
  return e;
}

inline Event Bare(Ev kind, const char* name, std::uint32_t value) {
  Event e;
  e.kind = kind;
  e.behavior = name;
  e.value = value;
  return e;
}

// What every scripted agent records, and the hooks an agent may hide with its own.
struct AgentBase {
  std::vector<Event> events;
  std::uint32_t nextSerial = 1;
  int live = 0;  // memory structs constructed and not destroyed
  int constructs = 0;
  int destroys = 0;
  std::uint64_t memTicks = 0;  // ticks of behaviors with a memory struct

  // First thing in every Decide, Activate, Tick and Deactivate.
  void Enter() {}
  // At a memory struct's construction (before its fields are set) and
  // destruction (after they are cleared), and after an onEvent.
  void AtMemoryEdge() {}
  // A behavior told its decider is activated, ticked, deactivated.
  void OnActivate(const bt::Context&) {}
  void OnTick(const bt::Context&) {}
  void OnDeactivate(const bt::Context&) {}
  // The DBlock a behavior is handed.
  void CheckPick(const bt::Context&) {}
  // What must hold always; and what must hold on a block not damaged on purpose.
  void Expect(bool, const char*) {}
  void ExpectUndamaged(bool, const char*) {}
};

// The agent whose tick runs: memory structs report to it. Set by Current.
template <class A>
inline thread_local A* gCurrent = nullptr;
template <class A>
struct Current {
  A* saved;
  explicit Current(A& a) : saved(gCurrent<A>) { gCurrent<A> = &a; }
  ~Current() { gCurrent<A> = saved; }
  Current(const Current&) = delete;
  Current& operator=(const Current&) = delete;
};

// A behavior memory struct with a non-trivial constructor and destructor that
// report to the agent; Name is its behavior's name (so a Destroy reads like its
// Deactivate), Extra and Align vary its size and alignment.
template <class A, const char* Name, std::size_t Extra, std::size_t Align = 4>
struct alignas(Align) Tracked {
  static constexpr std::uint32_t kMagic = 0x7EC0DE00u + Extra;
  static constexpr const char* kName = Name;
  std::uint32_t magic;
  std::uint32_t serial;
  std::uint32_t ticks;
  std::uint8_t extra[Extra];

  Tracked() {
    A& a = *gCurrent<A>;
    a.AtMemoryEdge();
    magic = kMagic;
    serial = a.nextSerial++;
    ticks = 0;
    for (std::size_t i = 0; i < Extra; ++i) extra[i] = static_cast<std::uint8_t>(serial + i);
    ++a.live;
    ++a.constructs;
    a.events.push_back(Bare(Ev::Construct, Name, serial));
  }
  Tracked(const Tracked&) = delete;
  Tracked& operator=(const Tracked&) = delete;
  ~Tracked() {
    A& a = *gCurrent<A>;
    --a.live;
    ++a.destroys;
    Event e = Bare(Ev::Destroy, Name, serial);
    e.memTicks = ticks;
    e.ok = Valid();
    a.events.push_back(e);
    a.ExpectUndamaged(e.ok, "a memory struct is destroyed once, and only one that was constructed");
    magic = 0;
    a.AtMemoryEdge();
  }
  bool Valid() const {
    if (magic != kMagic) return false;
    for (std::size_t i = 0; i < Extra; ++i)
      if (extra[i] != static_cast<std::uint8_t>(serial + i)) return false;
    return true;
  }
};

template <class M>
Event SeenBy(Event e, const M& m) {
  e.memTicks = m.ticks;
  e.ok = m.Valid();
  return e;
}

// ---------------------------------------------------------------- Decides
template <class A>
float Decide(A& a, const bt::DecideContext& c) {
  a.Enter();
  Event e = FromDecide(c);
  const float v = a.ScriptDecide();
  e.value = Bits(v);
  a.events.push_back(e);
  return v;
}
// Returns bool: accepts or rejects, no value.
template <class A>
bool DecideYes(A& a, const bt::DecideContext& c) {
  a.Enter();
  Event e = FromDecide(c);
  const bool yes = a.ScriptDecide() > 0;
  e.value = Bits(yes ? 1.0f : 0.0f);
  a.events.push_back(e);
  return yes;
}
// The (Agent&) shape: not told which decider it is.
template <class A, const char* Name>
float DecideBare(A& a) {
  a.Enter();
  const float v = a.ScriptDecide();
  Event e = Bare(Ev::Decide, nullptr, Bits(v));
  e.decider = Name;
  a.events.push_back(e);
  return v;
}
// With a DBlock: records the block as found, then fills it.
template <class A>
float DecidePick(A& a, Pick& pick, const bt::DecideContext& c) {
  a.Expect(pick.id == -1 && pick.score == 0, "a Decide is handed a fresh DBlock, whatever came before");
  a.Enter();
  Event e = FromDecide(c);
  e.pickId = pick.id;
  e.pickScore = Bits(pick.score);
  const float v = a.ScriptDecide();
  e.value = Bits(v);
  a.events.push_back(e);
  pick.id = PickId(c.decider);
  pick.score = v;
  return v;
}
// A group's own random source, drawn from the script.
template <class A>
std::uint32_t AgentRandom(A& a) {
  const std::uint32_t r = a.ScriptRandom();
  a.events.push_back(Bare(Ev::Random, nullptr, r));
  return r;
}

// ---------------------------------------------------------------- behavior functions
template <class A>
bool ActivateAs(A& a, const bt::Context& c, bool oftenFails) {
  a.Enter();
  a.OnActivate(c);
  a.CheckPick(c);
  Event e = FromContext(Ev::Activate, c);
  e.value = a.ScriptActivate(oftenFails);
  a.events.push_back(e);
  return e.value != 0;
}
template <class A>
bool Activate(A& a, const bt::Context& c) {
  return ActivateAs(a, c, false);
}
template <class A>
bool ActivateOftenFails(A& a, const bt::Context& c) {
  return ActivateAs(a, c, true);
}
template <class A>
void ActivateVoid(A& a, const bt::Context& c) {
  a.Enter();
  a.OnActivate(c);
  a.CheckPick(c);
  a.events.push_back(FromContext(Ev::Activate, c));
}
template <class A>
bt::Result TickAs(A& a, const bt::Context& c, bool group) {
  a.Enter();
  a.OnTick(c);
  a.CheckPick(c);
  Event e = FromContext(Ev::Tick, c);
  const bt::Result r = group ? a.ScriptGroupTick() : a.ScriptTick();
  e.value = static_cast<std::uint32_t>(r);
  a.events.push_back(e);
  return r;
}
template <class A>
bt::Result Tick(A& a, const bt::Context& c) {
  return TickAs(a, c, false);
}
template <class A>
bt::Result GroupTick(A& a, const bt::Context& c) {
  return TickAs(a, c, true);
}
template <class A>
bool TickBool(A& a, const bt::Context& c) {
  return TickAs(a, c, false) == bt::Result::Running;
}
template <class A>
void Deactivate(A& a, const bt::Context& c) {
  a.Enter();
  a.OnDeactivate(c);
  a.CheckPick(c);
  a.events.push_back(FromContext(Ev::Deactivate, c));
}

// Shapes without a Context: told nothing, they name themselves.
template <class A, const char* Name>
void ActivateBare(A& a) {
  a.Enter();
  a.events.push_back(Bare(Ev::Activate, Name, 1));
}
template <class A, const char* Name>
bt::Result TickBare(A& a) {
  a.Enter();
  const bt::Result r = a.ScriptTick();
  a.events.push_back(Bare(Ev::Tick, Name, static_cast<std::uint32_t>(r)));
  return r;
}
template <class A, const char* Name>
void DeactivateBare(A& a) {
  a.Enter();
  a.events.push_back(Bare(Ev::Deactivate, Name, 0));
}

// With a memory struct M.
template <class A, class M>
bool ActivateMemAs(A& a, M& m, const bt::Context& c, bool oftenFails) {
  a.Enter();
  a.ExpectUndamaged(m.Valid() && m.ticks == 0, "a behavior's memory struct is constructed just before its Activate");
  a.OnActivate(c);
  Event e = SeenBy(FromContext(Ev::Activate, c), m);
  e.value = a.ScriptActivate(oftenFails);
  a.events.push_back(e);
  return e.value != 0;
}
template <class A, class M>
bool ActivateMem(A& a, M& m, const bt::Context& c) {
  return ActivateMemAs(a, m, c, false);
}
template <class A, class M>
bool ActivateMemOftenFails(A& a, M& m, const bt::Context& c) {
  return ActivateMemAs(a, m, c, true);
}
template <class A, class M>
bt::Result TickMemAs(A& a, M& m, const bt::Context& c, bool group) {
  a.Enter();
  a.ExpectUndamaged(m.Valid(), "a behavior is ticked with its own memory struct");
  a.OnTick(c);
  ++m.ticks;
  ++a.memTicks;
  Event e = SeenBy(FromContext(Ev::Tick, c), m);
  const bt::Result r = group ? a.ScriptGroupTick() : a.ScriptTick();
  e.value = static_cast<std::uint32_t>(r);
  a.events.push_back(e);
  return r;
}
template <class A, class M>
bt::Result TickMem(A& a, M& m, const bt::Context& c) {
  return TickMemAs(a, m, c, false);
}
template <class A, class M>
bt::Result GroupTickMem(A& a, M& m, const bt::Context& c) {
  return TickMemAs(a, m, c, true);
}
template <class A, class M>
void DeactivateMem(A& a, M& m, const bt::Context& c) {
  a.Enter();
  a.ExpectUndamaged(m.Valid(), "a behavior is deactivated with its own memory struct");
  a.OnDeactivate(c);
  a.events.push_back(SeenBy(FromContext(Ev::Deactivate, c), m));
}
// The (Agent&, Mem&) shapes.
template <class A, const char* Name, class M>
bool ActivateMemBare(A& a, M& m) {
  a.Enter();
  Event e = SeenBy(Bare(Ev::Activate, Name, 0), m);
  e.value = a.ScriptActivate(false);
  a.events.push_back(e);
  return e.value != 0;
}
template <class A, const char* Name, class M>
bt::Result TickMemBare(A& a, M& m) {
  a.Enter();
  ++m.ticks;
  ++a.memTicks;
  const bt::Result r = a.ScriptTick();
  a.events.push_back(SeenBy(Bare(Ev::Tick, Name, static_cast<std::uint32_t>(r)), m));
  return r;
}
template <class A, const char* Name, class M>
void DeactivateMemBare(A& a, M& m) {
  a.Enter();
  a.events.push_back(SeenBy(Bare(Ev::Deactivate, Name, 0), m));
}
template <class A>
bt::Result TickPlain(A& a, Plain& m, const bt::Context& c) {
  a.Enter();
  ++m.ticks;
  m.sum += c.dt;
  Event e = FromContext(Ev::Tick, c);
  e.memTicks = static_cast<std::uint32_t>(m.ticks);
  e.pickScore = Bits(m.sum);
  const bt::Result r = a.ScriptTick();
  e.value = static_cast<std::uint32_t>(r);
  a.events.push_back(e);
  return r;
}

// An onEvent for a behavior with memory struct M: what it heard, and whether its
// struct was alive (made, not yet destroyed).
template <class A, class M>
void Heard(void* agent, void* memory, const bt::EventContext& c) {
  A& a = *static_cast<A*>(agent);
  const M& m = *static_cast<const M*>(memory);
  Event e = SeenBy(Bare(Ev::Heard, M::kName, c.event), m);
  e.decider = c.decider != nullptr ? c.decider->name : nullptr;
  e.time = Bits(c.time);
  a.events.push_back(e);
  a.ExpectUndamaged(e.ok, "an event reaches only a behavior whose memory struct is alive");
  a.AtMemoryEdge();
}
// A behavior that hears events: b with onEvent set.
constexpr bt::BehaviorDef Hearing(bt::BehaviorDef b, bt::EventFn onEvent) {
  b.onEvent = onEvent;
  return b;
}

}  // namespace scripted

// The callbacks for agent A under the names the trees use, in the current namespace.
#define SCRIPTED_AGENT_CALLBACKS(A)                                                                         \
  using ::scripted::Pick;                                                                                   \
  using ::scripted::Plain;                                                                                  \
  using ::scripted::Hearing;                                                                                \
  template <const char* Name, std::size_t Extra, std::size_t Align = 4>                                     \
  using Tracked = ::scripted::Tracked<A, Name, Extra, Align>;                                               \
  inline constexpr auto Decide = &::scripted::Decide<A>;                                                    \
  inline constexpr auto DecideYes = &::scripted::DecideYes<A>;                                              \
  template <const char* Name>                                                                               \
  inline constexpr auto DecideBare = &::scripted::DecideBare<A, Name>;                                      \
  inline constexpr auto DecidePick = &::scripted::DecidePick<A>;                                            \
  inline constexpr auto AgentRandom = &::scripted::AgentRandom<A>;                                          \
  inline constexpr auto Activate = &::scripted::Activate<A>;                                                \
  inline constexpr auto ActivateOftenFails = &::scripted::ActivateOftenFails<A>;                            \
  inline constexpr auto ActivateVoid = &::scripted::ActivateVoid<A>;                                        \
  inline constexpr auto Tick = &::scripted::Tick<A>;                                                        \
  inline constexpr auto GroupTick = &::scripted::GroupTick<A>;                                              \
  inline constexpr auto TickBool = &::scripted::TickBool<A>;                                                \
  inline constexpr auto Deactivate = &::scripted::Deactivate<A>;                                            \
  template <const char* Name>                                                                               \
  inline constexpr auto ActivateBare = &::scripted::ActivateBare<A, Name>;                                  \
  template <const char* Name>                                                                               \
  inline constexpr auto TickBare = &::scripted::TickBare<A, Name>;                                          \
  template <const char* Name>                                                                               \
  inline constexpr auto DeactivateBare = &::scripted::DeactivateBare<A, Name>;                              \
  template <class M>                                                                                        \
  inline constexpr auto ActivateMem = &::scripted::ActivateMem<A, M>;                                       \
  template <class M>                                                                                        \
  inline constexpr auto ActivateMemOftenFails = &::scripted::ActivateMemOftenFails<A, M>;                   \
  template <class M>                                                                                        \
  inline constexpr auto TickMem = &::scripted::TickMem<A, M>;                                               \
  template <class M>                                                                                        \
  inline constexpr auto GroupTickMem = &::scripted::GroupTickMem<A, M>;                                     \
  template <class M>                                                                                        \
  inline constexpr auto DeactivateMem = &::scripted::DeactivateMem<A, M>;                                   \
  template <const char* Name, class M>                                                                      \
  inline constexpr auto ActivateMemBare = &::scripted::ActivateMemBare<A, Name, M>;                         \
  template <const char* Name, class M>                                                                      \
  inline constexpr auto TickMemBare = &::scripted::TickMemBare<A, Name, M>;                                 \
  template <const char* Name, class M>                                                                      \
  inline constexpr auto DeactivateMemBare = &::scripted::DeactivateMemBare<A, Name, M>;                     \
  inline constexpr auto TickPlain = &::scripted::TickPlain<A>;                                              \
  template <class M>                                                                                        \
  inline constexpr auto Heard = &::scripted::Heard<A, M>
