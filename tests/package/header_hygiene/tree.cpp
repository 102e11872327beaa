// tests/package/header_hygiene/tree.cpp — compiled by tests/package/header_hygiene.sh after an
// include of every public header, with -Wconversion -Wshadow -Wpedantic and
// -Werror. Templates and macros only warn when used, so this instantiates what
// a user instantiates: every kind of definition macro, both ticks, the checks,
// the debug readers. Compiled only (-c), never linked or run.
#include <cstddef>
#include <cstdint>
#include <span>

namespace hygiene {

struct Creature {
  int hunger = 0;
  float energy = 1;
};
struct Agent : Creature {};

struct Walk {
  int steps;
};
struct Target {
  int index = -1;
};

float IsHungry(const Creature& c) { return c.hunger >= 5 ? 1.0f : 0.0f; }
float Spot(const Creature& c, Target& target, const bt::DecideContext&) {
  target.index = c.hunger;
  return 0.5f;
}
bt::Result Eat(Creature& c) { return --c.hunger > 0 ? bt::Result::Running : bt::Result::Done; }
void StartWalk(Creature&, Walk& walk, const bt::Context&) { walk.steps = 0; }
bt::Result WalkTick(Creature& c, Walk& walk, const bt::Context& context) {
  c.hunger += context.DBlock<Target>() != nullptr ? 1 : 0;
  return ++walk.steps < 3 ? bt::Result::Running : bt::Result::Done;
}

BT_DEFINE_BEHAVIOR__TICK(EAT_B, Eat);
BT_DEFINE_BEHAVIOR__MEMORY(WALK_B, Walk, StartWalk, WalkTick, nullptr);

std::uint32_t Roll(Creature& c) { return static_cast<std::uint32_t>(c.hunger) * 2654435761u; }

// One group of each policy, each way of giving a group its parts.
BT_DECLARE_DECIDER(EAT);
BT_DECLARE_DECIDER(WALK);
BT_DECLARE_DECIDER(IDLE);
BT_DECLARE_DECIDER(MOVE);
BT_DECLARE_DECIDER(CHANCE);
BT_DECLARE_DECIDER(ROUNDS);
BT_DECLARE_DECIDER(BEST);
BT_DECLARE_DECIDER(A1);
BT_DECLARE_DECIDER(A2);
BT_DECLARE_DECIDER(B1);
BT_DECLARE_DECIDER(B2);
BT_DECLARE_DECIDER(C1);
BT_DECLARE_DECIDER(C2);
BT_DEFINE_DECIDER_GROUP(ROOT, PrioritizedList, nullptr, EAT, MOVE, CHANCE, ROUNDS, BEST, IDLE);
BT_DEFINE_DECIDER_GROUP__BEHAVIOR(MOVE, Sequential, 0, nullptr, EAT_B, WALK);
BT_DEFINE_DECIDER_GROUP__RANDOM(CHANCE, Random, bt::kCallDecideOnRedecide, IsHungry, Roll, A1, A2);
BT_DEFINE_DECIDER_GROUP__RANDOM(ROUNDS, Shuffle, 0, nullptr, Roll, B1, B2);
BT_DEFINE_DECIDER_GROUP__PRE(BEST, Scored, 0, nullptr, bt::Preconditions{}.Every(3), C1, C2);
BT_DEFINE_DECIDER_BEHAVIOR(EAT, EAT_B, IsHungry);
BT_DEFINE_DECIDER_BEHAVIOR__DBLOCK(WALK, WALK_B, Spot, Target);
BT_DEFINE_DECIDER_BEHAVIOR(IDLE, EAT_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(A1, EAT_B, IsHungry);
BT_DEFINE_DECIDER_BEHAVIOR(A2, WALK_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(B1, EAT_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(B2, EAT_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(C1, EAT_B, IsHungry);
BT_DEFINE_DECIDER_BEHAVIOR(C2, WALK_B, IsHungry);

// The named-option form, every option, children defined after the group.
BT_DEFINE_GROUP(NAMED_ROOT, Random, BT_CHILDREN(NAMED_WALK, (IDLE)), BT_DECIDE(IsHungry), BT_RANDOM(Roll),
                BT_FLAGS(bt::kCallDecideOnRedecide), BT_PRE(bt::Preconditions{}.Every(2)), BT_GROUP_BEHAVIOR(EAT_B),
                BT_BEHAVIOR_FLAGS(1u), BT_PARAMS(bt::NumberParam("n", 1)), BT_DEBUG_NAME("named root"));
BT_DEFINE_DECIDER(NAMED_WALK, WALK_B, BT_DBLOCK(Target), BT_DECIDE(Spot), BT_PARAMS(bt::TextParam("to", "home")));
BT_CHECK_TREE(NAMED_ROOT);

BT_CHECK_TREE(ROOT);
BT_CHECK_TREE_MEMORY(ROOT, sizeof(bt::MemoryFor<ROOT>));

// The same tree declaring per-agent variables.
constexpr bt::VariableDecl kVariables[] = {{"Hungry", bt::VariableType::Bool, 0}, {"Steps", bt::VariableType::Number, 2}};
BT_DEFINE_DECIDER_ROOT__VARIABLES(ROOT_WITH_VARIABLES, ROOT, kVariables);
BT_CHECK_TREE(ROOT_WITH_VARIABLES);

}  // namespace hygiene

BT_AGENT_BASE(hygiene::Agent, hygiene::Creature);

// Not called: it only has to compile, warning-free.
int HygieneUse() {
  using namespace hygiene;
  Agent agent;
  bt::MemoryFor<ROOT> memory{};
  const bt::TickResult interpreted = bt::TickBehaviorTree(ROOT, agent, memory, 0.0, 1 / 30.0f);
  const bt::TickResult compiled = bt::TickBehaviorTreeCompiled<ROOT>(agent, memory, 1 / 30.0, 1 / 30.0f);
  char text[512];
  const std::size_t printed = bt::DebugPrintState(ROOT, memory.Span(), 0.1, text, {.wholeTree = true});
  const std::size_t dot = bt::WriteTreeDot(ROOT, memory.Span(), std::span<char>(text));
  bt::StopBehaviorTree(ROOT, agent, memory, 0.2);
  bt::MemoryFor<ROOT_WITH_VARIABLES> withVariables{};
  const bt::TickResult ticked = bt::TickBehaviorTreeCompiled<ROOT_WITH_VARIABLES>(agent, withVariables, 0.0, 0.1f);
  const bt::SignalVariable signals[] = {{"OnFood", bt::FindVariable(ROOT_WITH_VARIABLES, "Hungry"), 0}};
  const int set = bt::ApplySignal(ROOT_WITH_VARIABLES, signals, withVariables.Span(), "OnFood");
  return static_cast<int>(printed + dot) + (interpreted.status == compiled.status ? 1 : 0) +
         (ticked.status == bt::Status::Running ? set : 0);
}
