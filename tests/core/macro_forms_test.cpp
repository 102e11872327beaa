// tests/core/macro_forms_test.cpp — BT_DEFINE_DECIDER and BT_DEFINE_GROUP: options by
// name in any order, children declared by BT_CHILDREN (a tree reads top-down,
// with no BT_DECLARE_DECIDER), constant parameters read back by the functions,
// and the positional macros defining exactly what the named form does.
#include <catch2/catch.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "bt/bt.h"
#include "bt/engine/compiled_tick.h"

namespace forms {

struct Guard {
  float noise = 0;
  std::uint32_t roll = 0;
  std::vector<std::string> log;
};
struct Target {
  float distance = -1;
};

std::string Text(double number) { return std::to_string(static_cast<int>(number)); }

// Accepts a noise within its decider's "range" parameter, and notes where it was.
float HearsNoise(Guard& guard, Target& target, const bt::DecideContext& context) {
  const bt::Param* range = bt::FindParam(context.Params(), "range");
  guard.log.push_back("decide " + std::string(context.decider->name) + " range " + Text(range->number));
  target.distance = guard.noise;
  return guard.noise > 0 && guard.noise <= range->number ? 1.0f : 0.0f;
}
bt::Result Chase(Guard& guard, const bt::Context& context) {
  const bt::Param* shout = bt::FindParam(context.Params(), "shout");
  const bt::Param* loud = bt::FindParam(context.Params(), "loud");
  guard.log.push_back("chase: " + std::string(shout->text) + (loud->number != 0 ? "!" : "") + " at " +
                      Text(context.DBlock<Target>()->distance) + ", behavior flags " +
                      std::to_string(context.behaviorFlags));
  return bt::Result::Running;
}
bt::Result Idle(Guard& guard, const bt::Context& context) {
  guard.log.push_back("idle, " + std::to_string(context.Params().size()) + " parameters");
  return bt::Result::Running;
}
bt::Result Look(Guard& guard) {
  guard.log.push_back("look");
  return bt::Result::Running;
}
std::uint32_t Roll(Guard& guard) { return guard.roll; }

}  // namespace forms

// A decider of another namespace, listed qualified and in parentheses.
namespace forms_common {
BT_DEFINE_BEHAVIOR__TICK(IDLE_B, forms::Idle);
BT_DEFINE_DECIDER(IDLE, IDLE_B);
}  // namespace forms_common

namespace forms {

// A decider of a namespace inside the group's, listed qualified: BT_CHILDREN may
// declare it again there.
namespace inner {
BT_DEFINE_BEHAVIOR__TICK(LOOK_B, Look);
BT_DEFINE_DECIDER(LOOK, LOOK_B, BT_DECIDE(+[](Guard& guard) { return guard.noise < 0 ? 1.0f : 0.0f; }));
}  // namespace inner

BT_DEFINE_BEHAVIOR__TICK(CHASE_B, Chase);

// Top-down: ROOT names CHASE before it is defined, and nothing declares it by hand.
BT_DEFINE_GROUP(ROOT, PrioritizedList, BT_CHILDREN(CHASE, inner::LOOK, (forms_common::IDLE)));
BT_DEFINE_DECIDER(CHASE, CHASE_B,
                  BT_PARAMS(bt::NumberParam("range", 10), bt::TextParam("shout", "halt"), bt::BoolParam("loud", true)),
                  BT_DBLOCK(Target), BT_BEHAVIOR_FLAGS(4), BT_DECIDE(HearsNoise));

static_assert(ROOT.childCount == 3 && ROOT.children[0] == &CHASE && ROOT.children[1] == &inner::LOOK &&
              ROOT.children[2] == &forms_common::IDLE);
static_assert(CHASE.paramCount == 3 && CHASE.params[0].Named("range") && CHASE.params[0].number == 10);
static_assert(CHASE.params[2].type == bt::ParamType::Bool && ROOT.paramCount == 0 && ROOT.params == nullptr);
static_assert(std::string_view(CHASE.name) == "CHASE" && CHASE.dblock.size == sizeof(Target));

constexpr bool SameText(const char* a, const char* b) {
  return a == nullptr || b == nullptr ? a == b : std::string_view(a) == b;
}
// Every field of two definitions but their DeciderData.
constexpr bool SameDefinition(const bt::DeciderDef& a, const bt::DeciderDef& b) {
  bool same = SameText(a.name, b.name) && a.kind == b.kind && a.policy == b.policy && a.flags == b.flags &&
              a.childCount == b.childCount && a.behavior == b.behavior && a.behaviorFlags == b.behaviorFlags &&
              a.decide == b.decide && SameText(a.dblock.name, b.dblock.name) && a.dblock.size == b.dblock.size &&
              a.dblock.type == b.dblock.type && a.preconditions.timerSeconds == b.preconditions.timerSeconds &&
              a.preconditions.decision.anySet == b.preconditions.decision.anySet && a.random == b.random &&
              a.agentType == b.agentType && a.paramCount == b.paramCount && a.data != b.data;
  for (int i = 0; same && i < a.childCount; ++i) same = a.children[i] == b.children[i];
  return same;
}

// The positional macros and the named form, every option given, in another order.
BT_DEFINE_DECIDER_BEHAVIOR__FULL(OLD_CHASE, "CHASE", &CHASE_B, 4, bt::kCallDecideOnRedecide, HearsNoise, Target,
                                 bt::Preconditions{}.Every(2).DecisionAnySet(8));
BT_DEFINE_DECIDER(NEW_CHASE, CHASE_B, BT_PRE(bt::Preconditions{}.Every(2).DecisionAnySet(8)), BT_DEBUG_NAME("CHASE"),
                  BT_DECIDE(HearsNoise), BT_DBLOCK(Target), BT_FLAGS(bt::kCallDecideOnRedecide), BT_BEHAVIOR_FLAGS(4));
static_assert(SameDefinition(OLD_CHASE, NEW_CHASE) && !SameDefinition(OLD_CHASE, CHASE));

float Pick(Guard&, Target&, const bt::DecideContext&) { return 1; }
BT_DEFINE_DECIDER_GROUP__FULL(OLD_DICE, "DICE", Random, bt::kCallDecideOnRedecide, Pick, Target,
                              bt::Preconditions{}.Every(1), &CHASE_B, 2, Roll, CHASE, inner::LOOK);
BT_DEFINE_GROUP(NEW_DICE, Random, BT_RANDOM(Roll), BT_GROUP_BEHAVIOR(CHASE_B), BT_BEHAVIOR_FLAGS(2),
                BT_CHILDREN(CHASE, inner::LOOK), BT_DEBUG_NAME("DICE"), BT_DBLOCK(Target), BT_DECIDE(Pick),
                BT_PRE(bt::Preconditions{}.Every(1)), BT_FLAGS(bt::kCallDecideOnRedecide));
static_assert(SameDefinition(OLD_DICE, NEW_DICE) && NEW_DICE.random == &bt::detail::RandomThunk<Roll> &&
              NEW_DICE.behavior == &CHASE_B);

BT_DEFINE_DECIDER_GROUP__PRE(OLD_PRE, Sequential, bt::kCallDecideOnRedecide, nullptr, bt::Preconditions{}.Every(3),
                             CHASE);
BT_DEFINE_GROUP(NEW_PRE, Sequential, BT_PRE(bt::Preconditions{}.Every(3)), BT_CHILDREN(CHASE),
                BT_FLAGS(bt::kCallDecideOnRedecide), BT_DEBUG_NAME("OLD_PRE"));
static_assert(SameDefinition(OLD_PRE, NEW_PRE));

// The other positional forms, each against its named equivalent.
BT_DEFINE_DECIDER_BEHAVIOR__DBLOCK(OLD_AIM, CHASE_B, HearsNoise, Target);
BT_DEFINE_DECIDER(NEW_AIM, CHASE_B, BT_DBLOCK(Target), BT_DECIDE(HearsNoise), BT_DEBUG_NAME("OLD_AIM"));
static_assert(SameDefinition(OLD_AIM, NEW_AIM));
BT_DEFINE_DECIDER_BEHAVIOR__FLAGS(OLD_SHOUT, CHASE_B, 6, nullptr);
BT_DEFINE_DECIDER(NEW_SHOUT, CHASE_B, BT_BEHAVIOR_FLAGS(6), BT_DEBUG_NAME("OLD_SHOUT"));
static_assert(SameDefinition(OLD_SHOUT, NEW_SHOUT) && NEW_SHOUT.behaviorFlags == 6);
BT_DEFINE_DECIDER_GROUP__BEHAVIOR(OLD_WATCH, Sequential, 0, nullptr, CHASE_B, CHASE);
BT_DEFINE_GROUP(NEW_WATCH, Sequential, BT_CHILDREN(CHASE), BT_GROUP_BEHAVIOR(CHASE_B), BT_DEBUG_NAME("OLD_WATCH"));
static_assert(SameDefinition(OLD_WATCH, NEW_WATCH) && NEW_WATCH.behavior == &CHASE_B);
BT_DEFINE_DECIDER_GROUP__RANDOM(OLD_COIN, Shuffle, bt::kCallDecideOnRedecide, nullptr, Roll, CHASE, inner::LOOK);
BT_DEFINE_GROUP(NEW_COIN, Shuffle, BT_CHILDREN(CHASE, inner::LOOK), BT_RANDOM(Roll), BT_DEBUG_NAME("OLD_COIN"),
                BT_FLAGS(bt::kCallDecideOnRedecide));
static_assert(SameDefinition(OLD_COIN, NEW_COIN));

}  // namespace forms

TEST_CASE("A named-option tree reads top-down, and its functions read their decider's parameters", "[macros]") {
  REQUIRE(bt::InitializeTreeData(forms::ROOT));
  forms::Guard guard;
  bt::MemoryFor<forms::ROOT> memory{};
  const float noises[] = {0, 5, 20};
  for (int tick = 0; tick < 3; ++tick) {
    guard.noise = noises[tick];
    REQUIRE(bt::TickBehaviorTree(forms::ROOT, guard, memory, tick, 1).status == bt::Status::Running);
  }
  // Once CHASE runs, nothing above it is asked and its own Decide is not called
  // again: it chases on at the distance its Decide noted, though the noise is out of range.
  CHECK(guard.log == std::vector<std::string>{"decide CHASE range 10", "idle, 0 parameters",  //
                                              "decide CHASE range 10", "chase: halt! at 5, behavior flags 4",
                                              "chase: halt! at 5, behavior flags 4"});
}

TEST_CASE("The compiled tick hands the same parameters to the named-option tree", "[macros]") {
  forms::Guard guard;
  guard.noise = -1;
  bt::MemoryFor<forms::ROOT> memory{};
  REQUIRE(bt::TickBehaviorTreeCompiled<forms::ROOT>(guard, memory, 0, 1).status == bt::Status::Running);
  guard.noise = 3;
  REQUIRE(bt::TickBehaviorTreeCompiled<forms::ROOT>(guard, memory, 1, 1).status == bt::Status::Running);
  CHECK(guard.log == std::vector<std::string>{"decide CHASE range 10", "look",  //
                                              "decide CHASE range 10", "chase: halt! at 3, behavior flags 4"});
}
