// tests/engine/kinds/scope_test.cpp — GroupScope: MBT `GroupScope name allowedConcurrentUsers`
// (bt/engine/kinds/group_scope.cpp, bt/engine/scope.h), tick by tick and across threads.
#include <catch2/catch.hpp>

#include <atomic>
#include <cstring>
#include <map>
#include <thread>
#include <vector>

#include "bt/bt.h"
#include "bt/data/registry.h"
#include "bt/data/tree_builder.h"
#include "tests/support/trace_agent.h"

namespace scope_test {

using test::Events;
using test::TraceAgent;

// The game's side: a squad owns its scopes; each agent belongs to a squad.
struct Squad {
  bt::Scope investigators;
};
std::map<const void*, Squad*> squadOf;  // written before the threads start, then only read

bt::Scope* FindScope(void* agent, const char* name) {
  const auto found = squadOf.find(agent);
  if (found == squadOf.end() || std::strcmp(name, "DeadBodyInvestigator") != 0) return nullptr;
  return &found->second->investigators;
}

TEST_TRACE_BEHAVIOR(INVESTIGATE_B);
TEST_TRACE_BEHAVIOR(WANDER_B);

// <Selector> <GroupScope name="DeadBodyInvestigator" allowedConcurrentUsers="1"> ... </GroupScope> <Wander/> </Selector>
// (an Unvanquished-style selector: every tick from the first child).
BT_DEFINE_GROUP(ROOT, Selector, BT_CHILDREN(GUARD, WANDER));
extern const bt::DeciderDef INVESTIGATE;
constexpr const bt::DeciderDef* kGuardChild[] = {&INVESTIGATE};
constinit bt::DeciderData guardData{};
constexpr bt::DeciderDef GUARD{
    .name = "GUARD",
    .kind = bt::DeciderKind::Group,
    .policy = bt::GroupPolicy::GroupScope,
    .children = kGuardChild,
    .childCount = 1,
    .data = &guardData,
    .config = {.scopeName = "DeadBodyInvestigator", .allowedUsers = 1, .findScope = FindScope}};
BT_DEFINE_DECIDER(INVESTIGATE, INVESTIGATE_B);
BT_DEFINE_DECIDER(WANDER, WANDER_B);

struct Agent {
  TraceAgent trace;
  bt::Memory<256> memory{};
  explicit Agent(Squad& squad) {
    REQUIRE(bt::MemoryBytesFor(ROOT) <= sizeof memory);
    squadOf[&trace] = &squad;
  }
  ~Agent() { squadOf.erase(&trace); }
  test::Ticked Tick(double time) { return test::Tick(ROOT, trace, memory, time); }
};

TEST_CASE("GroupScope: one agent inside, the other fails until the place is free", "[select][scope]") {
  Squad squad;
  Agent a(squad), b(squad);
  auto ticked = a.Tick(0.0);
  CHECK(ticked.result.decider == &INVESTIGATE);
  CHECK(ticked.events == Events{"activate INVESTIGATE_B", "tick INVESTIGATE_B"});
  CHECK(squad.investigators.Users() == 1);

  // Full: b's GroupScope fails without starting its child; b wanders.
  ticked = b.Tick(0.0);
  CHECK(ticked.result.decider == &WANDER);
  CHECK(ticked.events == Events{"activate WANDER_B", "tick WANDER_B"});
  ticked = b.Tick(0.1);
  CHECK(ticked.events == Events{"tick WANDER_B"});
  CHECK(squad.investigators.Users() == 1);

  // a's child is done: the GroupScope is done, deactivated, and leaves the scope.
  a.trace.tick["INVESTIGATE_B"] = bt::Result::Done;
  ticked = a.Tick(0.1);
  CHECK(ticked.result.status == bt::Status::Done);
  CHECK(ticked.events == Events{"tick INVESTIGATE_B", "deactivate INVESTIGATE_B"});
  CHECK(squad.investigators.Users() == 0);

  // b gets the place; its selector interrupts WANDER.
  ticked = b.Tick(0.2);
  CHECK(ticked.result.decider == &INVESTIGATE);
  CHECK(ticked.events == Events{"activate INVESTIGATE_B", "tick INVESTIGATE_B", "deactivate WANDER_B"});
  CHECK(squad.investigators.Users() == 1);

  // a, again at its root, is refused.
  a.trace.tick.clear();
  ticked = a.Tick(0.2);
  CHECK(ticked.result.decider == &WANDER);
  CHECK(ticked.events == Events{"activate WANDER_B", "tick WANDER_B"});

  // StopBehaviorTree deactivates b's path and frees the place.
  bt::StopBehaviorTree(ROOT, b.trace, b.memory, 0.3);
  CHECK(b.trace.Take() == Events{"deactivate INVESTIGATE_B"});
  CHECK(squad.investigators.Users() == 0);
  ticked = a.Tick(0.3);
  CHECK(ticked.events == Events{"activate INVESTIGATE_B", "tick INVESTIGATE_B", "deactivate WANDER_B"});
  CHECK(squad.investigators.Users() == 1);

  // A failing child fails the GroupScope, which leaves.
  a.trace.tick["INVESTIGATE_B"] = bt::Result::Failed;
  ticked = a.Tick(0.4);
  CHECK(ticked.events == Events{"tick INVESTIGATE_B", "deactivate INVESTIGATE_B", "activate WANDER_B", "tick WANDER_B"});
  CHECK(squad.investigators.Users() == 0);
}

TEST_CASE("GroupScope: an agent whose game has no such scope fails", "[select][scope]") {
  TraceAgent loner;  // in no squad
  bt::Memory<256> memory{};
  auto ticked = test::Tick(ROOT, loner, memory, 0.0);
  CHECK(ticked.result.decider == &WANDER);
  CHECK(ticked.events == Events{"activate WANDER_B", "tick WANDER_B"});
}

TEST_CASE("GroupScope: a saved block holds its place; RejoinScopes takes it back in fresh scopes", "[select][scope]") {
  Squad squad;
  Agent a(squad);
  (void)a.Tick(0.0);
  REQUIRE(squad.investigators.Users() == 1);
  std::vector<std::byte> saved(bt::MemoryBytesFor(ROOT));
  REQUIRE(bt::SaveMemory(ROOT, a.memory.Span(), saved).status == bt::Status::Done);

  // The game saves its scopes beside the blocks: restoring both keeps the count.
  const std::uint32_t savedUsers = squad.investigators.Users();
  bt::StopBehaviorTree(ROOT, a.trace, a.memory, 0.1);  // the level is torn down
  CHECK(squad.investigators.Users() == 0);
  squad.investigators.Reset(savedUsers);
  REQUIRE(bt::RestoreMemory(ROOT, saved, a.memory.Span()) == bt::Status::Done);
  a.trace.Take();
  auto ticked = a.Tick(0.2);
  CHECK(ticked.events == Events{"tick INVESTIGATE_B"});
  bt::StopBehaviorTree(ROOT, a.trace, a.memory, 0.3);
  CHECK(squad.investigators.Users() == 0);

  // Scopes started afresh: RejoinScopes gives the restored block its place back,
  // so another agent is refused and the place is freed when the block stops.
  Squad fresh;
  Agent c(fresh), d(fresh);
  REQUIRE(bt::RestoreMemory(ROOT, saved, c.memory.Span()) == bt::Status::Done);
  CHECK(bt::RejoinScopes(ROOT, &c.trace, c.memory.Span()) == 1);
  CHECK(fresh.investigators.Users() == 1);
  ticked = d.Tick(0.4);
  CHECK(ticked.result.decider == &WANDER);
  bt::StopBehaviorTree(ROOT, c.trace, c.memory, 0.5);
  CHECK(c.trace.Take() == Events{"deactivate INVESTIGATE_B"});
  CHECK(fresh.investigators.Users() == 0);
  // A block not inside the scope holds nothing.
  CHECK(bt::RejoinScopes(ROOT, &d.trace, d.memory.Span()) == 0);
}

// An alarm of higher priority interrupts the GroupScope, which leaves the scope.
TEST_TRACE_BEHAVIOR(ALARM_B);
BT_DEFINE_GROUP(ALARMED_ROOT, PrioritizedList, BT_CHILDREN(ALARM, GUARD_AGAIN));
BT_DEFINE_DECIDER(ALARM, ALARM_B, BT_DECIDE(test::TraceDecide));
constinit bt::DeciderData guardAgainData{};
constexpr bt::DeciderDef GUARD_AGAIN{
    .name = "GUARD_AGAIN",
    .kind = bt::DeciderKind::Group,
    .policy = bt::GroupPolicy::GroupScope,
    .children = kGuardChild,
    .childCount = 1,
    .data = &guardAgainData,
    .config = {.scopeName = "DeadBodyInvestigator", .allowedUsers = 2, .findScope = FindScope}};

TEST_CASE("GroupScope: interrupted, it leaves after its child's Deactivate", "[select][scope]") {
  Squad squad;
  TraceAgent agent;
  squadOf[&agent] = &squad;
  bt::Memory<256> memory{};
  auto ticked = test::Tick(ALARMED_ROOT, agent, memory, 0.0);
  CHECK(ticked.events == Events{"decide ALARM", "activate INVESTIGATE_B", "tick INVESTIGATE_B"});
  CHECK(squad.investigators.Users() == 1);
  agent.decide["ALARM"] = 1;
  ticked = test::Tick(ALARMED_ROOT, agent, memory, 0.1);
  CHECK(ticked.events == Events{"decide ALARM", "deactivate INVESTIGATE_B", "activate ALARM_B", "tick ALARM_B"});
  CHECK(squad.investigators.Users() == 0);
  squadOf.erase(&agent);
}

// Crowds ticked on several threads share a scope: never more than allowed inside,
// and the count right once every agent stopped.
std::atomic<int> inside{0};
std::atomic<int> mostInside{0};
bool EnterRoom(TraceAgent&) {
  const int now = ++inside;
  for (int most = mostInside.load(); now > most && !mostInside.compare_exchange_weak(most, now);) {
  }
  return true;
}
bt::Result Search(TraceAgent&, const bt::Context& context) {
  return context.activeTime > 0.25f ? bt::Result::Done : bt::Result::Running;
}
void LeaveRoom(TraceAgent&) { --inside; }
BT_DEFINE_BEHAVIOR(ROOM_B, EnterRoom, Search, LeaveRoom);
BT_DEFINE_GROUP(CROWD_ROOT, Selector, BT_CHILDREN(ROOM_SCOPE, IDLE));
extern const bt::DeciderDef ROOM;
constexpr const bt::DeciderDef* kRoomChild[] = {&ROOM};
constinit bt::DeciderData roomScopeData{};
constexpr bt::DeciderDef ROOM_SCOPE{
    .name = "ROOM_SCOPE",
    .kind = bt::DeciderKind::Group,
    .policy = bt::GroupPolicy::GroupScope,
    .children = kRoomChild,
    .childCount = 1,
    .data = &roomScopeData,
    .config = {.scopeName = "DeadBodyInvestigator", .allowedUsers = 3, .findScope = FindScope}};
BT_DEFINE_DECIDER(ROOM, ROOM_B);
bt::Result Idle(TraceAgent&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__TICK(IDLE_B, Idle);
BT_DEFINE_DECIDER(IDLE, IDLE_B);

TEST_CASE("GroupScope: agents on several threads never exceed the limit", "[select][scope]") {
  Squad squad;
  constexpr int kThreads = 2, kAgentsPerThread = 6, kTicks = 300;
  std::vector<TraceAgent> agents(kThreads * kAgentsPerThread);
  std::vector<bt::Memory<256>> memories(agents.size());
  REQUIRE(bt::MemoryBytesFor(CROWD_ROOT) <= sizeof(bt::Memory<256>));
  for (TraceAgent& agent : agents) squadOf[&agent] = &squad;
  std::atomic<int> bad{0};
  std::vector<std::thread> threads;
  for (int k = 0; k < kThreads; ++k)
    threads.emplace_back([&, k] {
      for (int tick = 0; tick < kTicks; ++tick)
        for (int i = k * kAgentsPerThread; i < (k + 1) * kAgentsPerThread; ++i)
          if (!bt::IsOk(bt::TickBehaviorTree(CROWD_ROOT, agents[i], memories[i], tick * 0.1, 0.1f).status)) ++bad;
    });
  for (std::thread& thread : threads) thread.join();
  CHECK(bad == 0);
  CHECK(mostInside == 3);
  CHECK(squad.investigators.Users() == static_cast<std::uint32_t>(inside.load()));
  for (std::size_t i = 0; i < agents.size(); ++i) bt::StopBehaviorTree(CROWD_ROOT, agents[i], memories[i], 100.0);
  CHECK(inside == 0);
  CHECK(squad.investigators.Users() == 0);
  for (TraceAgent& agent : agents) squadOf.erase(&agent);
}

constinit bt::DeciderData namelessData{};
constexpr bt::DeciderDef NAMELESS{.name = "NAMELESS",
                                  .kind = bt::DeciderKind::Group,
                                  .policy = bt::GroupPolicy::GroupScope,
                                  .children = kGuardChild,
                                  .childCount = 1,
                                  .data = &namelessData,
                                  .config = {.findScope = FindScope}};

TEST_CASE("GroupScope: a scope without a name is refused", "[select][scope]") {
  bt::TreeError error;
  CHECK_FALSE(bt::InitializeTreeData(NAMELESS, &error));
  CHECK(error.problem == bt::TreeProblem::BadScope);
  CHECK(std::string(error.message) ==
        "bt: decider NAMELESS: a GroupScope without config.scopeName or config.findScope: name the scope and how the "
        "game finds it");
}

// A block inside a GroupScope holds a place in the scope of that name: a tree
// whose scope has another name is another tree to its blocks (a hot reload
// starts them over, a save is refused), or a block would leave a scope it never entered.
TEST_CASE("GroupScope: the scope's name is part of the tree's stamp", "[select][scope]") {
  bt::data::Registry registry;
  BT_REGISTER_ACTION(registry, "Look", void, test::TraceActivate, test::TraceTick, test::TraceDeactivate);
  bt::data::BuildOptions options;
  options.findScope = FindScope;
  const auto stampOf = [&](const char* scope, std::uint32_t allowed) {
    bt::data::TreeSpec spec{.file = "scope.xml"};
    spec.Group("G", bt::GroupPolicy::GroupScope, {"L"}).Scope(scope, allowed);
    spec.Behavior("L", "Look");
    const bt::data::BuildResult built = bt::data::BuildTree(spec, registry, options);
    INFO(built.ErrorText());
    REQUIRE(built.Ok());
    REQUIRE(bt::InitializeTreeData(built.tree->Root()));
    return built.tree->Stamp();
  };
  CHECK(stampOf("DeadBodyInvestigator", 1) == stampOf("DeadBodyInvestigator", 1));
  CHECK(stampOf("DeadBodyInvestigator", 1) == stampOf("DeadBodyInvestigator", 3));  // the limit is the scope's business
  CHECK(stampOf("DeadBodyInvestigator", 1) != stampOf("Lookout", 1));
}

}  // namespace scope_test
