// tests/builder/write_cpp/trees.cpp — the trees of the round trip to C++ (see the header).
#include "trees.h"

#include <map>
#include <string>

namespace writecpp {

float Spot(test::TraceAgent& agent, Target& target, const bt::DecideContext& context) {
  target.x = static_cast<int>(agent.events.size()) + 40;
  return test::TraceDecide(agent, context);
}

bt::Result Chase(test::TraceAgent& agent, const Target& target, const bt::Context& context) {
  std::string params;
  for (const bt::Param& p : context.Params())
    params += " " + std::string(p.name ? p.name : "_") + "=" + (p.text ? p.text : std::to_string(p.number));
  agent.events.push_back("chase " + std::to_string(target.x) + params);
  return test::TraceTick(agent, context);
}

std::uint32_t Dice(test::TraceAgent& agent) {
  return static_cast<std::uint32_t>(agent.events.size()) * 2654435761u;
}

namespace {
double Value(test::TraceAgent& agent, const char* name, std::span<const bt::Param> args) {
  std::string call = std::string("value ") + name + "(";
  double number = 0;
  for (const bt::Param& p : args) {
    call += (&p != args.data() ? ", " : "") + (p.text ? std::string(p.text) + "=" : std::string()) + std::to_string(p.number);
    number += p.number;
  }
  agent.events.push_back(call + ")");
  return agent.decide[name] + number;
}
}  // namespace

double Health(test::TraceAgent& agent, std::span<const bt::Param> args) { return Value(agent, "health", args); }
double DistanceTo(test::TraceAgent& agent, std::span<const bt::Param> args) {
  return Value(agent, "distanceTo", args);
}

void RegisterFunctions(bt::data::Registry& registry) {
  for (const char* name : {"FLEE_B", "YELL_B", "FIGHT_B", "GUARDING", "WAIT_B", "LIVE-B", "FLIP_B", "ROLL", "REST_B"})
    BT_REGISTER_ACTION(registry, name, void, test::TraceActivate, test::TraceTick, test::TraceDeactivate);
  BT_REGISTER_ACTION__TICK(registry, "CHASE_B", writecpp::Chase).Params({bt::ParamType::Number, bt::ParamType::Text});
  BT_REGISTER_ACTION(registry, "AIM_B", void, test::TraceActivate, test::TraceTick, test::TraceDeactivate)
      .Params({bt::ParamType::Number, bt::ParamType::Text});
  BT_REGISTER_DECIDE(registry, "Trace", test::TraceDecide);
  BT_REGISTER_DECIDE(registry, "Seen", test::TraceDecide);
  BT_REGISTER_DECIDE__DBLOCK(registry, "Spot", writecpp::Target, writecpp::Spot);
  BT_REGISTER_RANDOM(registry, "Dice", writecpp::Dice);
  BT_REGISTER_VALUE(registry, "health", writecpp::Health);
  BT_REGISTER_VALUE(registry, "distanceTo", writecpp::DistanceTo).Params({bt::ParamType::Text, bt::ParamType::Number});
  registry.AddConstant("E_RANGE", E_RANGE, {"", "", "", "", "writecpp::E_RANGE"});
}

void RegisterFileFunctions(bt::data::Registry& registry) {
  RegisterFunctions(registry);
  bt::data::RegisterBuiltinBehaviors(registry);
}

bt::Scope* FindScope(void* agent, const char*) {
  // One scope per agent: the round trip's agents run alike, each in a scope of its own.
  static std::map<const void*, bt::Scope> scopes;
  return &scopes[agent];
}

bt::data::TreeSpec FeaturesSpec() {
  using bt::GroupPolicy;
  using bt::data::ArgSpec;
  bt::data::TreeSpec spec{.file = "features.bt"};
  spec.Group("ROOT", GroupPolicy::PrioritizedList, {"GUARD", "9 lives", "PLAY", "REST"}).Decide("Trace");
  bt::data::NodeSpec& guard = spec.Group("GUARD", GroupPolicy::PrioritizedList, {"CHASE", "WAIT"});
  guard.Decide("Trace").Flags(bt::kCallDecideOnRedecide).action.name = "GUARDING";
  spec.Behavior("CHASE", "CHASE_B", {ArgSpec::Number(2.5), ArgSpec::Text("a \"quoted\"\nline")})
      .Decide("Spot")
      .params = {ArgSpec::Symbol("E_RANGE").Named("range"), ArgSpec::Bool(true).Named("loud"),
                 ArgSpec::Number(0.1).Named("rate")};
  bt::data::NodeSpec& wait = spec.Behavior("WAIT", "WAIT_B").Decide("Trace");
  wait.preconditions = bt::Preconditions{}.Every(0.25f).DecisionAllSet(0x2u);
  wait.behaviorFlags = 5;
  spec.Behavior("9 lives", "LIVE-B").Decide("Trace").preconditions = bt::Preconditions{}.StimuliAnySet(0x1u);
  spec.Group("PLAY", GroupPolicy::Random, {"FLIP", "ROLL"}).Decide("Trace").Flags(bt::kCallDecideOnRedecide).Random("Dice");
  spec.Behavior("FLIP", "FLIP_B").Decide("Trace");
  spec.Behavior("ROLL", "ROLL").Decide("Trace");  // an action named as its decider
  spec.Behavior("REST", "REST_B");
  spec.variables = {{"Alert", bt::VariableType::Bool, 1, {}}, {"Steps", bt::VariableType::Number, 3, {}}};
  std::uint32_t line = 1;
  for (bt::data::NodeSpec& node : spec.nodes) node.At(line++, 3);
  return spec;
}

bt::data::TreeSpec ClassicSpec() {
  using bt::GroupPolicy;
  bt::data::TreeSpec spec{.file = "classic.bt"};
  spec.Group("K_ROOT", GroupPolicy::Fallback, {"K_GUARD", "K_RETRY", "K_IDLE"});
  // A guard: a condition, then move and aim side by side; its own Decide checked before each step.
  spec.Group("K_GUARD", GroupPolicy::Sequence, {"K_SEES", "K_ACT"}).Decide("Trace").Flags(bt::kCallDecideOnRedecide);
  spec.Behavior("K_SEES", "YELL_B").Decide("Trace");
  spec.Group("K_ACT", GroupPolicy::Parallel, {"K_MOVE", "K_AIM"}).Flags(bt::kParallelSucceedOnAny);
  spec.Behavior("K_MOVE", "WAIT_B");
  spec.Behavior("K_AIM", "FIGHT_B").Decide("Trace").Flags(bt::kRecheckEveryTick);
  // Three tries, then a quarter of a second's rest after a failure.
  spec.Group("K_RETRY", GroupPolicy::Cooldown, {"K_TRIES"}).Seconds(0.25f);
  spec.Group("K_TRIES", GroupPolicy::LoopUntilSuccess, {"K_FLIP"}).Count(3);
  // No Decide: a try that rejects would leave the loop Running with no behavior
  // ticked, a tick whose TickResult::decider the engine does not set yet (#14).
  spec.Behavior("K_FLIP", "FLIP_B");
  spec.Group("K_IDLE", GroupPolicy::Selector, {"K_CALM", "K_BOTH"});
  spec.Group("K_CALM", GroupPolicy::Decorator, {"K_FLEE"}).Results(bt::kInvertResult);
  spec.Behavior("K_FLEE", "FLEE_B").Decide("Trace");
  spec.Group("K_BOTH", GroupPolicy::Concurrent, {"K_LOOPS", "K_SPORE"});
  spec.Group("K_LOOPS", GroupPolicy::Loop, {"K_MAYBE"}).Count(2);
  spec.Group("K_MAYBE", GroupPolicy::RandomGate, {"K_REST"}).Chance(0.5f);
  spec.Behavior("K_REST", "REST_B");
  // A Spore group inside a classic one, a classic one inside it.
  spec.Group("K_SPORE", GroupPolicy::PrioritizedList, {"K_SAFE", "K_ROLL"});
  spec.Group("K_SAFE", GroupPolicy::Decorator, {"K_LIVE"}).Decide("Trace").Results(bt::kSuppressFailure);
  spec.Behavior("K_LIVE", "LIVE-B");
  spec.Behavior("K_ROLL", "ROLL");
  std::uint32_t line = 1;
  for (bt::data::NodeSpec& node : spec.nodes) node.At(line++, 3);
  return spec;
}

bt::data::TreeSpec ConditionsSpec() {
  using bt::data::Dialect;
  bt::data::TreeSpec spec{.file = "conditions.bt"};
  spec.Group("C_ROOT", bt::GroupPolicy::PrioritizedList, {"C_FLEE", "C_ATTACK", "C_ALERT", "C_IDLE"}).At(1, 1);
  spec.Behavior("C_FLEE", "FLEE_B")
      .At(2, 3)
      .Condition("health < 30 && !(distanceTo(\"nest\", -E_RANGE) <= 5)", Dialect::Unvanquished, {2, 20});
  spec.Behavior("C_ATTACK", "FIGHT_B")
      .At(3, 3)
      .Condition("health >= 30 || distanceTo(\"enemy\", 2) > 10 && health != E_RANGE || 1 < 2 < 3 == 0",
                 Dialect::Unvanquished, {3, 20});
  spec.Behavior("C_ALERT", "YELL_B")
      .At(4, 3)
      .Condition("Alert and !Hidden or Alert xor (Hidden == true)", Dialect::Cry, {4, 20});
  spec.Behavior("C_IDLE", "REST_B").At(5, 3);
  spec.variables = {{"Alert", bt::VariableType::Bool, 0, {}},
                    {"Hidden", bt::VariableType::Bool, 1, {}},
                    {"Ammo", bt::VariableType::Number, 2, {}}};
  return spec;
}

bt::data::TreeSpec MachineSpec() {
  using bt::GroupPolicy;
  bt::data::TreeSpec spec{.file = "machine.xml"};
  // An MBT Priority: the alarm case while it holds, else the state machine.
  spec.Group("M_ROOT", GroupPolicy::Priority, {"M_ALARM", "M_MACHINE"});
  spec.Behavior("M_ALARM", "YELL_B").Decide("Trace");
  spec.Group("M_MACHINE", GroupPolicy::StateMachine, {"M_IDLE", "M_COMBAT", "M_FLEE"});
  spec.Group("M_IDLE", GroupPolicy::Decorator, {"M_REST"}).OnEvent("OnSeen", "M_COMBAT");
  spec.Behavior("M_REST", "REST_B");
  spec.Group("M_COMBAT", GroupPolicy::Sequence, {"M_FIGHT", "M_CHASE"})
      .OnEvent("OnLost", "M_IDLE")
      .OnEvent("OnHurt", "M_FLEE")
      .OnEvent("OnSeen", "M_COMBAT");  // restarts the state
  spec.Behavior("M_FIGHT", "FIGHT_B").Decide("Trace");
  spec.Behavior("M_CHASE", "WAIT_B");
  spec.Behavior("M_FLEE", "FLEE_B").OnEvent("OnLost", "M_IDLE");  // a leaf as a state
  spec.variables = {{"Alert", bt::VariableType::Bool, 0, {}}, {"Hidden", bt::VariableType::Bool, 0, {}}};
  // Signals set variables as the events arrive (MBT <SignalVariables>): the Priority re-picks.
  spec.variables[0].signals = {{"OnSeen", 1}, {"OnLost", 0}};
  spec.variables[1].signals = {{"OnHurt", 1}};
  spec.Timestamp("Seen", "OnSeen", "Lost");
  spec.Timestamp("Lost", "OnLost", "Seen");
  std::uint32_t line = 1;
  for (bt::data::NodeSpec& node : spec.nodes) node.At(line++, 3);
  return spec;
}

}  // namespace writecpp
