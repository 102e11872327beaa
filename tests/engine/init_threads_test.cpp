// tests/engine/init_threads_test.cpp — InitializeTreeData (or the first tick, which calls
// it) from several threads at once, on trees that share deciders. The verdicts
// must be those of some order of the calls, and no thread may write what another
// reads: `make tsan` runs these tests ([threads]) under ThreadSanitizer.
//
// Catch2's assertions are not thread-safe: the threads only record outcomes, the
// test checks them after joining.
#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "bt/bt.h"

namespace threads {

struct Walker {
  int ticks = 0;
};

bt::Result CountTick(void* agent, void*, const bt::Context&) {
  ++static_cast<Walker*>(agent)->ticks;
  return bt::Result::Running;
}
float Reject(void*, void*, const bt::DecideContext&) { return 0; }

constexpr bt::BehaviorDef WALK_B{.name = "WALK_B", .tick = &CountTick, .memory = {.name = "Steps", .size = 8, .align = 4}};

// Runs f0 and f1 on two threads released together (a spin on an atomic), so the
// two calls overlap as often as the scheduler allows.
template <class F0, class F1>
void RunTogether(F0&& f0, F1&& f1) {
  std::atomic<int> arrived{0};
  auto start = [&arrived](auto& f) {
    arrived.fetch_add(1);
    while (arrived.load() < 2) std::this_thread::yield();
    f();
  };
  std::thread first([&] { start(f0); });
  std::thread second([&] { start(f1); });
  first.join();
  second.join();
}

// One timed decider in two trees that number their timers differently: FIRST
// gives TIMED timer 0, SECOND (which meets EARLY first) timer 1. The decider keeps
// one index, so only one of the trees can have it.
struct TimerTrees {
  bt::DeciderData timedData{}, earlyData{}, firstData{}, secondData{};
  bt::DeciderDef timed{.name = "TIMED", .kind = bt::DeciderKind::Behavior, .behavior = &WALK_B,
                       .preconditions = bt::Preconditions{}.Every(1), .data = &timedData};
  bt::DeciderDef early{.name = "EARLY", .kind = bt::DeciderKind::Behavior, .behavior = &WALK_B, .decide = &Reject,
                       .preconditions = bt::Preconditions{}.Every(2), .data = &earlyData};
  const bt::DeciderDef* firstChildren[1] = {&timed};
  const bt::DeciderDef* secondChildren[2] = {&early, &timed};
  bt::DeciderDef first{.name = "FIRST", .kind = bt::DeciderKind::Group, .children = firstChildren, .childCount = 1,
                       .data = &firstData};
  bt::DeciderDef second{.name = "SECOND", .kind = bt::DeciderKind::Group, .children = secondChildren,
                        .childCount = 2, .data = &secondData};
};

// What one thread saw of its tree.
struct Outcome {
  bool accepted = false;
  bt::TreeError error;
  bt::TickResult tick;
};

// Initializes `root` the way `viaTick` says: InitializeTreeData, or a first tick.
void Start(const bt::DeciderDef& root, bool viaTick, Outcome& out) {
  if (!viaTick) {
    out.accepted = bt::InitializeTreeData(root, &out.error);
    return;
  }
  Walker walker;
  bt::Memory<256> memory{};
  out.tick = bt::TickBehaviorTree(root, walker, memory, 0.0, 0.1f);
  out.accepted = out.tick.status == bt::Status::Running;
  (void)bt::InitializeTreeData(root, &out.error);  // the verdict is kept: this only reads it
  if (out.accepted) bt::StopBehaviorTree(root, &walker, memory.Span(), 0.0);
}

}  // namespace threads

using namespace threads;

TEST_CASE("Two trees sharing a timed decider, started at once: exactly one is accepted", "[threads][initialize]") {
  const std::string expected =
      "bt: decider TIMED: a decider with a timer precondition used by two trees: give each tree its own decider";
  int bothAccepted = 0, bothRejected = 0, wrongVerdict = 0, firstWon = 0, secondWon = 0;
  for (int rep = 0; rep < 400; ++rep) {
    const bool viaTick = rep % 4 >= 2;     // InitializeTreeData, or the first tick
    const bool firstOnThread0 = rep % 2;   // which tree the first-released thread starts
    auto trees = std::make_unique<TimerTrees>();
    Outcome first, second;
    auto startFirst = [&] { Start(trees->first, viaTick, first); };
    auto startSecond = [&] { Start(trees->second, viaTick, second); };
    if (firstOnThread0) RunTogether(startFirst, startSecond);
    else RunTogether(startSecond, startFirst);

    if (first.accepted && second.accepted) ++bothAccepted;
    if (!first.accepted && !second.accepted) ++bothRejected;
    if (first.accepted == second.accepted) continue;
    const Outcome& loser = first.accepted ? second : first;
    const bt::DeciderDef& loserRoot = first.accepted ? trees->second : trees->first;
    const bool exact = loser.error.problem == bt::TreeProblem::TimerSharedAcrossTrees &&
                       loser.error.decider == &trees->timed && loser.error.message == expected &&
                       (!viaTick || (loser.tick.status == bt::Status::InvalidTree && loser.tick.decider == &trees->timed));
    if (!exact) ++wrongVerdict;
    // The winner numbers TIMED's timer, and its verdict holds.
    if (trees->timed.data->timerIndex != (first.accepted ? 0 : 1)) ++wrongVerdict;
    if (bt::InitializeTreeData(loserRoot)) ++wrongVerdict;
    ++(first.accepted ? firstWon : secondWon);
  }
  CHECK(bothAccepted == 0);
  CHECK(bothRejected == 0);
  CHECK(wrongVerdict == 0);
  CHECK(firstWon + secondWon == 400);
}

namespace threads {
// Two trees sharing a subtree, SHARED over STEP, whose layout is the same in both
// (a decider's slot depends only on its own subtree): both are accepted, and the
// second to be initialized must not write STEP's or SHARED's layout again while a
// tick of the first may be reading it.
struct SharingTrees {
  bt::DeciderData stepData{}, sharedData{}, guardData{}, aData{}, bData{};
  bt::DeciderDef step{.name = "STEP", .kind = bt::DeciderKind::Behavior, .behavior = &WALK_B, .data = &stepData};
  const bt::DeciderDef* sharedChildren[1] = {&step};
  bt::DeciderDef shared{.name = "SHARED", .kind = bt::DeciderKind::Group, .children = sharedChildren,
                        .childCount = 1, .data = &sharedData};
  bt::DeciderDef guard{.name = "GUARD", .kind = bt::DeciderKind::Behavior, .behavior = &WALK_B, .decide = &Reject,
                       .data = &guardData};
  const bt::DeciderDef* aChildren[1] = {&shared};
  const bt::DeciderDef* bChildren[2] = {&guard, &shared};
  bt::DeciderDef a{.name = "TREE_A", .kind = bt::DeciderKind::Group, .children = aChildren, .childCount = 1,
                   .data = &aData};
  bt::DeciderDef b{.name = "TREE_B", .kind = bt::DeciderKind::Group, .children = bChildren, .childCount = 2,
                   .data = &bData};
};

// Ticks `root` `ticks` times on a fresh agent; counts the ticks that did not run STEP.
int TickMany(const bt::DeciderDef& root, const bt::DeciderDef& step, int ticks) {
  Walker walker;
  bt::Memory<256> memory{};
  int wrong = 0;
  for (int i = 0; i < ticks; ++i) {
    const bt::TickResult result = bt::TickBehaviorTree(root, walker, memory, i * 0.1, 0.1f);
    if (result.status != bt::Status::Running || result.decider != &step) ++wrong;
  }
  if (walker.ticks != ticks) ++wrong;
  bt::StopBehaviorTree(root, &walker, memory.Span(), ticks * 0.1);
  return wrong;
}
}  // namespace threads

TEST_CASE("Two trees sharing deciders, first ticked from two threads at once: both run", "[threads][initialize]") {
  int wrong = 0;
  for (int rep = 0; rep < 200; ++rep) {
    auto trees = std::make_unique<SharingTrees>();
    int wrongA = 0, wrongB = 0;
    auto tickA = [&] { wrongA = TickMany(trees->a, trees->step, 20); };
    auto tickB = [&] { wrongB = TickMany(trees->b, trees->step, 20); };
    if (rep % 2) RunTogether(tickA, tickB);
    else RunTogether(tickB, tickA);
    wrong += wrongA + wrongB;
  }
  CHECK(wrong == 0);
}

TEST_CASE("A tree initialized while another that shares its deciders ticks", "[threads][initialize]") {
  // TREE_A ticks on one thread while fresh trees over the same SHARED subtree are
  // initialized on another: they only read SHARED's and STEP's layout.
  auto trees = std::make_unique<SharingTrees>();
  REQUIRE(bt::InitializeTreeData(trees->a));
  constexpr int kOthers = 200;
  std::vector<std::unique_ptr<SharingTrees>> others;
  for (int i = 0; i < kOthers; ++i) others.push_back(std::make_unique<SharingTrees>());
  std::vector<bt::DeciderData> rootData(kOthers);
  std::vector<bt::DeciderDef> roots(kOthers);
  for (int i = 0; i < kOthers; ++i) {
    // Each over TREE_A's own SHARED, with a guard of its own.
    others[i]->bChildren[1] = &trees->shared;
    roots[i] = {.name = "OTHER", .kind = bt::DeciderKind::Group, .children = others[i]->bChildren, .childCount = 2,
                .data = &rootData[i]};
  }
  int wrongTicks = 0, refused = 0;
  RunTogether([&] { wrongTicks = TickMany(trees->a, trees->step, 2000); },
              [&] {
                for (const bt::DeciderDef& root : roots) refused += !bt::InitializeTreeData(root);
              });
  CHECK(wrongTicks == 0);
  CHECK(refused == 0);
  CHECK(roots[0].data->tree.stamp != trees->a.data->tree.stamp);
}

TEST_CASE("One tree initialized from four threads at once: one analysis, one verdict", "[threads][initialize]") {
  int disagreements = 0;
  for (int rep = 0; rep < 50; ++rep) {
    auto trees = std::make_unique<SharingTrees>();
    bool accepted[4] = {};
    std::atomic<int> arrived{0};
    std::vector<std::thread> threads;
    for (bool& verdict : accepted)
      threads.emplace_back([&arrived, &verdict, &trees] {
        arrived.fetch_add(1);
        while (arrived.load() < 4) std::this_thread::yield();
        verdict = bt::InitializeTreeData(trees->b);
      });
    for (std::thread& thread : threads) thread.join();
    for (bool verdict : accepted) disagreements += !verdict;
  }
  CHECK(disagreements == 0);
}
