// tools/bt_dot.cpp — the tree of Figure 1 of the Spore document as a picture.
//
// Ticks one agent into the state S01 walks through (ROOT > EAT > EAT_FOOD
// active) and writes the tree as Graphviz DOT with that active path
// highlighted, or as SVG through `dot`; --print shows the same agent's
// DebugPrintState instead. Programs with their own trees call
// bt::WriteTreeDot / bt::WriteTreeSvg (bt/debug/dot.h) the same way.
//
//   build/tools/bt_dot > figure1.dot
//   build/tools/bt_dot --svg tools/pictures/figure1.svg
//   build/tools/bt_dot --print [--whole]
//   build/tools/bt_dot --classic [--svg FILE | --print [--whole]]
// --classic shows a tree of classic kinds (bt/core/classic.h) instead: a Parallel whose
// patrol (a Sequence with a Loop) and guard (a Cooldown over an inverting
// Decorator) run side by side, both highlighted.
#include <cstdio>
#include <cstring>

#include "bt/bt.h"
#include "bt/debug/dot.h"
#include "bt/debug/print.h"
#include "demo/figure1/tree.h"

namespace {

// Accepts in the deciders it is told to, by name.
struct Agent {
  const char* accepting[4] = {};
};

float Decide(Agent& agent, const bt::DecideContext& context) {
  for (const char* name : agent.accepting)
    if (name != nullptr && std::strcmp(name, context.decider->name) == 0) return 1.0f;
  return 0.0f;
}

bt::Result Run(Agent&) { return bt::Result::Running; }

BT_DEFINE_BEHAVIOR__TICK(FLEE_B, Run);
BT_DEFINE_BEHAVIOR__TICK(YELL_B, Run);
BT_DEFINE_BEHAVIOR__TICK(FIGHT_B, Run);
BT_DEFINE_BEHAVIOR__TICK(PATROL_B, Run);
BT_DEFINE_BEHAVIOR__TICK(FIND_FOOD_B, Run);
BT_DEFINE_BEHAVIOR__TICK(EAT_FOOD_B, Run);
BT_DEFINE_BEHAVIOR__TICK(FLIP_B, Run);
BT_DEFINE_BEHAVIOR__TICK(ROLL_B, Run);
BT_DEFINE_BEHAVIOR__TICK(DANCE_B, Run);
BT_DEFINE_BEHAVIOR__TICK(REST_B, Run);

// Every decider with a Decide asks Decide; the tree of demo/figure1/tree.h.
struct Figure1 : Figure1EveryDecide<Decide> {
  FIGURE1_BEHAVIORS(FLEE_B, YELL_B, FIGHT_B, PATROL_B, FIND_FOOD_B, EAT_FOOD_B, FLIP_B, ROLL_B, DANCE_B, REST_B);
  static constexpr bt::DeciderFlags playFlags = bt::kNoDeciderFlags;
  static constexpr auto playRandom = nullptr;
};
FIGURE1_DEFINE(Figure1);

// The classic tree: its configuration is plain data in the definitions.
BT_DEFINE_BEHAVIOR__TICK(WALK_B, Run);
BT_DEFINE_BEHAVIOR__TICK(LOOK_B, Run);
BT_DEFINE_DECIDER_BEHAVIOR(STEP, PATROL_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(WALK, WALK_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(LOOK, LOOK_B, nullptr);
bt::DeciderData loopData, patrolData, invertData, coolData, classicData;
const bt::DeciderDef* const loopChildren[] = {&WALK};
const bt::DeciderDef LOOP{.name = "LOOP", .kind = bt::DeciderKind::Group, .policy = bt::GroupPolicy::Loop,
                          .children = loopChildren, .childCount = 1, .data = &loopData, .config = {.count = 3}};
const bt::DeciderDef* const patrolChildren[] = {&LOOP, &STEP};
const bt::DeciderDef PATROL_SEQ{.name = "PATROL_SEQ", .kind = bt::DeciderKind::Group,
                                .policy = bt::GroupPolicy::Sequence, .children = patrolChildren, .childCount = 2,
                                .data = &patrolData};
const bt::DeciderDef* const invertChildren[] = {&LOOK};
const bt::DeciderDef NOT_SEEN{.name = "NOT_SEEN", .kind = bt::DeciderKind::Group,
                              .policy = bt::GroupPolicy::Decorator, .children = invertChildren, .childCount = 1,
                              .data = &invertData, .config = {.results = bt::kInvertResult}};
const bt::DeciderDef* const coolChildren[] = {&NOT_SEEN};
const bt::DeciderDef LOOKOUT{.name = "LOOKOUT", .kind = bt::DeciderKind::Group, .policy = bt::GroupPolicy::Cooldown,
                             .children = coolChildren, .childCount = 1, .data = &coolData, .config = {.seconds = 5}};
const bt::DeciderDef* const classicChildren[] = {&PATROL_SEQ, &LOOKOUT};
const bt::DeciderDef CLASSIC{.name = "CLASSIC", .kind = bt::DeciderKind::Group, .policy = bt::GroupPolicy::Parallel,
                             .children = classicChildren, .childCount = 2, .data = &classicData};

int Usage() {
  std::fprintf(stderr, "usage: bt_dot [--classic] [--svg FILE | --print [--whole]]\n");
  return 2;
}

// Writes the picture (or with `print`, the DebugPrintState text at `time`) of
// root with the agent's block. The classic tree is ticked once here, from 0.
int Show(const bt::DeciderDef& root, const char* svgPath, bool print, bool whole,
         std::span<const std::byte> memory = {}, double time = 0) {
  static bt::Memory<1024> classicMemory{};
  if (memory.empty()) {
    Agent agent;
    const bt::TickResult result = bt::TickBehaviorTree(root, agent, classicMemory, 0.0, 0.1f);
    if (result.status != bt::Status::Running) {
      std::fprintf(stderr, "bt_dot: the tree did not run: %s\n", bt::StatusName(result.status));
      return 1;
    }
    memory = classicMemory.Span();
  }
  if (print) {
    char text[4096];
    bt::DebugPrintState(root, memory, time, text, {.wholeTree = whole});
    std::fputs(text, stdout);
    return 0;
  }
  if (svgPath != nullptr) {
    if (bt::WriteTreeSvg(root, memory, svgPath)) return 0;
    std::fprintf(stderr, "bt_dot: could not write %s through dot\n", svgPath);
    return 1;
  }
  return bt::WriteTreeDot(root, memory, stdout) ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  const char* svgPath = nullptr;
  bool print = false, whole = false, classic = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--svg") == 0 && i + 1 < argc)
      svgPath = argv[++i];
    else if (std::strcmp(argv[i], "--print") == 0)
      print = true;
    else if (std::strcmp(argv[i], "--whole") == 0)
      whole = true;
    else if (std::strcmp(argv[i], "--classic") == 0)
      classic = true;
    else
      return Usage();
  }

  if (classic) return Show(CLASSIC, svgPath, print, whole);
  // Idle from time 0; at 20 the agent gets hungry, finds no food to look for
  // and eats; shown at 34.32, as in S11's example.
  Agent agent;
  bt::MemoryFor<ROOT> memory{};
  if (const bt::TickResult idle = bt::TickBehaviorTree(ROOT, agent, memory, 0.0, 0.0f); !bt::IsOk(idle.status)) {
    std::fprintf(stderr, "bt_dot: the example tick was refused: %s\n", bt::StatusName(idle.status));
    return 1;
  }
  agent.accepting[0] = "EAT";
  agent.accepting[1] = "EAT_FOOD";
  const bt::TickResult result = bt::TickBehaviorTree(ROOT, agent, memory, 20.0, 0.1f);
  if (result.status != bt::Status::Running) {
    std::fprintf(stderr, "bt_dot: the tree did not run: %s\n", bt::StatusName(result.status));
    return 1;
  }

  return Show(ROOT, svgPath, print, whole, memory.Span(), 34.32);
}
