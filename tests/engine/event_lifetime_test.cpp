// tests/engine/event_lifetime_test.cpp — what an event's delivery may reach
// (bt/engine/events.h): deliveries nest boundedly, and no onEvent handler runs on a
// behavior whose memory is not yet, or no longer, constructed, whichever
// callback sends the event (a memory constructor or destructor, a Deactivate,
// the debug output hook), in both ticks. Under ASan a handler told too early or
// too late reads the std::string of a destroyed sibling: heap-use-after-free.
#include <catch2/catch.hpp>
#include <cstring>
#include <string>
#include <vector>

#include "bt/bt.h"
#include "bt/engine/compiled_tick.h"
#include "bt/engine/resume_at.h"

using bt::Result;
using bt::Status;

namespace lifetime {

using Block = bt::Memory<1024>;

struct Agent {
  int id = 0;
};

// The block events are sent to, and what was sent and heard, in order.
struct World {
  const bt::DeciderDef* root = nullptr;
  Agent* agent = nullptr;
  Block* memory = nullptr;
  double time = 0;
  std::vector<std::string> log;
};
World gWorld;

void SendToOwnBlock(const char* from) {
  const Status status = bt::SendEvent(*gWorld.root, *gWorld.agent, *gWorld.memory, "Ping", gWorld.time);
  gWorld.log.push_back(std::string("sent from ") + from + ": " + bt::StatusName(status));
}

// A member built before the behavior's text and destroyed after it: it sends
// when the text is not constructed yet, or no longer.
enum class SendAt { Nowhere, Construction, Destruction };
SendAt gSendAt = SendAt::Nowhere;
struct Announcer {
  Announcer() {
    if (gSendAt == SendAt::Construction) SendToOwnBlock("a constructor");
  }
  ~Announcer() {
    if (gSendAt == SendAt::Destruction) SendToOwnBlock("a destructor");
  }
  Announcer(const Announcer&) = delete;
  Announcer& operator=(const Announcer&) = delete;
};
// Texts too long for a small-string buffer: on the heap, freed by the
// destructor. The constructors are the structs' own, so nothing zeroes the
// bytes before the members are made.
struct FirstMemory {
  FirstMemory() {}
  Announcer announcer;
  std::string text = "FIRST's text, longer than a small string holds";
};
struct NextMemory {
  NextMemory() {}
  Announcer announcer;
  std::string text = "NEXT's text, longer than a small string holds";
};

template <class Memory>
void Hear(void*, void* memory, const bt::EventContext& context) {
  gWorld.log.push_back(std::string(context.decider->name) + " hears: " + static_cast<Memory*>(memory)->text);
}
// FIRST runs until the test says it is done.
Result gFirstResult = Result::Running;
Result FirstTick(void*, void*, const bt::Context&) { return gFirstResult; }
bool gSendFromDeactivate = false;
void MaySendDeactivate(void*, void*, const bt::Context&) {
  if (gSendFromDeactivate) SendToOwnBlock("a Deactivate");
}

// FIRST runs until it is done, then NEXT runs on: the switch from one to the
// other is in the same slot (in a group that keeps one child active).
constexpr bt::BehaviorDef FIRST_B{.name = "FIRST_B",
                                  .tick = FirstTick,
                                  .deactivate = MaySendDeactivate,
                                  .memory = bt::BlockTypeOf<FirstMemory>("lifetime::FirstMemory"),
                                  .onEvent = Hear<FirstMemory>};
constexpr bt::BehaviorDef NEXT_B{.name = "NEXT_B",
                                 .deactivate = MaySendDeactivate,
                                 .memory = bt::BlockTypeOf<NextMemory>("lifetime::NextMemory"),
                                 .onEvent = Hear<NextMemory>};
BT_DEFINE_DECIDER_BEHAVIOR(FIRST, FIRST_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(NEXT, NEXT_B, nullptr);
BT_DEFINE_GROUP(SPORE_STEPS, Sequential, BT_CHILDREN(FIRST, NEXT));
BT_DEFINE_GROUP(CLASSIC_STEPS, Sequence, BT_CHILDREN(FIRST, NEXT));
// Side by side in a Parallel, each in a region of its own: NEXT runs beside FIRST.
BT_DEFINE_GROUP(SIDE_BY_SIDE, Parallel, BT_CHILDREN(NEXT, FIRST));

enum class Engine { Reference, Compiled };
const char* EngineName(Engine engine) { return engine == Engine::Reference ? "reference" : "compiled"; }

template <const bt::DeciderDef& Root>
Status TickWith(Engine engine, double time) {
  gWorld.time = time;
  return engine == Engine::Reference
             ? bt::TickBehaviorTree(Root, *gWorld.agent, *gWorld.memory, time, 0.1f).status
             : bt::TickBehaviorTreeCompiled<Root>(*gWorld.agent, *gWorld.memory, time, 0.1f).status;
}

void Stop(double time) {
  gWorld.time = time;
  bt::StopBehaviorTree(*gWorld.root, *gWorld.agent, *gWorld.memory, time);
}

// Sends an event from the debug output hook (Spore S11's level 4) as each new
// decider is visited: between its group choosing it and its first Activate.
void SendWhenVisitingNew(const bt::DebugLine& line, void*) {
  if (std::strncmp(line.message, "visiting new", 12) == 0) SendToOwnBlock("the debug hook");
}

// ---------------------------------------------------------------- deliveries nesting
// An agent whose onEvent forwards the event to the next agent's block.
struct Relay {
  int id = 0;
  Block memory{};
  Relay* next = nullptr;
};
std::vector<std::string> gRelayed;
void Forward(void* agent, void*, const bt::EventContext& context);
constexpr bt::BehaviorDef RELAY_B{.name = "RELAY_B", .onEvent = Forward};
BT_DEFINE_DECIDER_BEHAVIOR(RELAY, RELAY_B, nullptr);
void Forward(void* agent, void*, const bt::EventContext& context) {
  Relay& relay = *static_cast<Relay*>(agent);
  gRelayed.push_back(std::to_string(relay.id) + " hears");
  const Status status = bt::SendEvent(RELAY, *relay.next, relay.next->memory, "Ping", context.time);
  gRelayed.push_back(std::to_string(relay.id) + " forwards: " + bt::StatusName(status));
}

}  // namespace lifetime

using namespace lifetime;

TEST_CASE("Deliveries to a block whose delivery is under way are refused, however far out", "[events][lifetime]") {
  // Two agents whose handlers forward every event to each other: A's delivery
  // is under way, under B's, when B forwards back to A.
  Relay a{1}, b{2};
  a.next = &b;
  b.next = &a;
  REQUIRE(bt::TickBehaviorTree(RELAY, a, a.memory, 0, 0).status == Status::Running);
  REQUIRE(bt::TickBehaviorTree(RELAY, b, b.memory, 0, 0).status == Status::Running);
  gRelayed.clear();
  CHECK(bt::SendEvent(RELAY, a, a.memory, "Ping", 0) == Status::Running);
  CHECK(gRelayed == std::vector<std::string>{"1 hears", "2 hears", "2 forwards: Reentered", "1 forwards: Running"});
  // Both blocks are free again: the game's next event goes round once more.
  gRelayed.clear();
  CHECK(bt::SendEvent(RELAY, b, b.memory, "Ping", 0) == Status::Running);
  CHECK(gRelayed == std::vector<std::string>{"2 hears", "1 hears", "1 forwards: Reentered", "2 forwards: Running"});
}

TEST_CASE("Deliveries nest at most kMaxNestedTicks deep, as ticks do", "[events][lifetime]") {
  // A ring of agents longer than the bound, each forwarding to the next.
  constexpr int kAgents = bt::kMaxNestedTicks + 4;
  std::vector<Relay> ring(kAgents);
  for (int i = 0; i < kAgents; ++i) {
    ring[i].id = i;
    ring[i].next = &ring[(i + 1) % kAgents];
    REQUIRE(bt::TickBehaviorTree(RELAY, ring[i], ring[i].memory, 0, 0).status == Status::Running);
  }
  gRelayed.clear();
  CHECK(bt::SendEvent(RELAY, ring[0], ring[0].memory, "Ping", 0) == Status::Running);
  // The game's delivery and kMaxNestedTicks - 1 more nested in it; the next is refused.
  std::vector<std::string> expected;
  for (int i = 0; i < bt::kMaxNestedTicks; ++i) expected.push_back(std::to_string(i) + " hears");
  expected.push_back(std::to_string(bt::kMaxNestedTicks - 1) + " forwards: Reentered");
  for (int i = bt::kMaxNestedTicks - 1; i-- > 0;) expected.push_back(std::to_string(i) + " forwards: Running");
  CHECK(gRelayed == expected);
}

// Each tree is started by a first tick (the reference tick's, whichever is
// called: the compiled tick takes over active roots), and FIRST is done at the
// second, which the compiled tick runs itself.
template <const bt::DeciderDef& Root>
void StartThenFinishFirst(Engine engine, Block& memory, Agent& agent, SendAt sendAt) {
  gWorld = {&Root, &agent, &memory, 0, {}};
  gSendAt = SendAt::Nowhere;
  gFirstResult = Result::Running;
  REQUIRE(TickWith<Root>(engine, 0) == Status::Running);
  REQUIRE(gWorld.log.empty());
  gSendAt = sendAt;
  gFirstResult = Result::Done;
  CHECK(TickWith<Root>(engine, 1) == Status::Running);
}

TEST_CASE("An event sent while a behavior's memory is constructed does not reach it", "[events][lifetime]") {
  for (const Engine engine : {Engine::Reference, Engine::Compiled}) {
    CAPTURE(EngineName(engine));
    Agent agent;
    Block spore{}, classic{};
    // NEXT's memory is made where FIRST's was: it is not told while it is made.
    StartThenFinishFirst<SPORE_STEPS>(engine, spore, agent, SendAt::Construction);
    CHECK(gWorld.log == std::vector<std::string>{"sent from a constructor: Running"});
    Stop(2);
    StartThenFinishFirst<CLASSIC_STEPS>(engine, classic, agent, SendAt::Construction);
    CHECK(gWorld.log == std::vector<std::string>{"sent from a constructor: Running"});
    Stop(2);
    gSendAt = SendAt::Nowhere;
  }
}

TEST_CASE("An event sent while ResumeAt makes a behavior's memory does not reach it", "[events][lifetime]") {
  Agent agent;
  Block memory{};
  gWorld = {&CLASSIC_STEPS, &agent, &memory, 0, {}};
  gSendAt = SendAt::Nowhere;
  gFirstResult = Result::Running;
  REQUIRE(TickWith<CLASSIC_STEPS>(Engine::Reference, 0) == Status::Running);  // FIRST runs
  // Resumed at NEXT: FIRST stops, and NEXT's memory is made where FIRST's was, before NEXT is on the path.
  gSendAt = SendAt::Construction;
  gWorld.time = 1;
  const bt::TickResult resumed = bt::ResumeAt(CLASSIC_STEPS, agent, memory.Span(), 1, NEXT);
  gSendAt = SendAt::Nowhere;
  CHECK(resumed.status == Status::Running);
  CHECK(resumed.decider == &NEXT);
  CHECK(gWorld.log == std::vector<std::string>{"sent from a constructor: Running"});
  Stop(2);
}

TEST_CASE("An event sent while a behavior is deactivated or its memory destroyed does not reach it",
          "[events][lifetime]") {
  for (const Engine engine : {Engine::Reference, Engine::Compiled}) {
    CAPTURE(EngineName(engine));
    Agent agent;
    Block spore{}, classic{}, side{};
    // FIRST's memory is destroyed, then NEXT's at the Stop (when nothing is active any more).
    StartThenFinishFirst<SPORE_STEPS>(engine, spore, agent, SendAt::Destruction);
    CHECK(gWorld.log == std::vector<std::string>{"sent from a destructor: Running"});
    gWorld.log.clear();
    Stop(2);
    CHECK(gWorld.log == std::vector<std::string>{"sent from a destructor: NoBehavior"});
    StartThenFinishFirst<CLASSIC_STEPS>(engine, classic, agent, SendAt::Destruction);
    CHECK(gWorld.log == std::vector<std::string>{"sent from a destructor: Running"});
    gWorld.log.clear();
    Stop(2);
    CHECK(gWorld.log == std::vector<std::string>{"sent from a destructor: NoBehavior"});
    gSendAt = SendAt::Nowhere;
    // FIRST, done, leaves the path before its Deactivate: NEXT, beside it, hears.
    gSendFromDeactivate = true;
    StartThenFinishFirst<SIDE_BY_SIDE>(engine, side, agent, SendAt::Nowhere);
    CHECK(gWorld.log == std::vector<std::string>{"NEXT hears: NEXT's text, longer than a small string holds",
                                                 "sent from a Deactivate: Running"});
    gWorld.log.clear();
    Stop(2);
    CHECK(gWorld.log == std::vector<std::string>{"sent from a Deactivate: NoBehavior"});
    gSendFromDeactivate = false;
  }
}

TEST_CASE("An event sent from the debug output hook reaches a new behavior only once its memory is made",
          "[events][lifetime][debug]") {
  // A traced tick is the reference tick's, whichever is called.
  const bt::DebugOutputSettings saved = bt::GetDebugOutput();
  for (const bt::DeciderDef* root : {&SPORE_STEPS, &CLASSIC_STEPS}) {
    CAPTURE(root->name);
    Agent agent;
    Block memory{};
    gWorld = {root, &agent, &memory, 0, {}};
    gFirstResult = Result::Running;
    REQUIRE(bt::TickBehaviorTree(*root, agent, memory, 0, 0.1f).status == Status::Running);
    bt::SetDebugOutput({4, nullptr, SendWhenVisitingNew, nullptr});
    gFirstResult = Result::Done;
    gWorld.time = 1;
    const Status status = bt::TickBehaviorTree(*root, agent, memory, 1, 0.1f).status;
    bt::SetDebugOutput(saved);
    CHECK(status == Status::Running);
    // NEXT, visited between its group choosing it and its Activate, is made already.
    CHECK(gWorld.log == std::vector<std::string>{"NEXT hears: NEXT's text, longer than a small string holds",
                                                 "sent from the debug hook: Running"});
    Stop(2);
  }
  bt::SetDebugOutput(saved);
}
