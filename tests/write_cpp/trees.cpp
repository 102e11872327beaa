// tests/write_cpp/trees.cpp — the trees of the round trip to C++ (see the header).
#include "trees.h"

#include <stdexcept>
#include <string>

#include "bt/data/expression_condition.h"

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
  BT_REGISTER_DECIDE(registry, "Trace", test::TraceDecide);
  BT_REGISTER_DECIDE__DBLOCK(registry, "Spot", writecpp::Target, writecpp::Spot);
  BT_REGISTER_RANDOM(registry, "Dice", writecpp::Dice);
  BT_REGISTER_VALUE(registry, "health", writecpp::Health);
  BT_REGISTER_VALUE(registry, "distanceTo", writecpp::DistanceTo).Params({bt::ParamType::Text, bt::ParamType::Number});
  registry.AddConstant("E_RANGE", E_RANGE, {"", "", "", "", "writecpp::E_RANGE"});
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

namespace {

// Names resolved against the registry and the tree's variables, as an importer's would be.
class RegistryNames : public bt::data::ExpressionNames {
 public:
  RegistryNames(const bt::data::Registry& registry, std::span<const bt::VariableDecl> variables)
      : registry_(registry), variables_(variables) {}
  int FindVariable(std::string_view name) const override {
    for (std::size_t i = 0; i < variables_.size(); ++i)
      if (name == variables_[i].name) return static_cast<int>(i);
    return -1;
  }
  bool FindConstant(std::string_view name, double& value) const override {
    const bt::data::ConstantEntry* entry = registry_.FindConstant(name);
    if (entry != nullptr) value = entry->value;
    return entry != nullptr;
  }
  bt::data::ValueFn FindFunction(std::string_view name, int arity, std::string& error) const override {
    const bt::data::ValueEntry* entry = registry_.FindValue(name);
    if (entry == nullptr) return nullptr;
    if (entry->params.size() != static_cast<std::size_t>(arity)) error = "wrong arity";
    return error.empty() ? entry->value : nullptr;
  }

 private:
  const bt::data::Registry& registry_;
  std::span<const bt::VariableDecl> variables_;
};

}  // namespace

ConditionTree::ConditionTree()
    : variables_{{"Alert", bt::VariableType::Bool, 0}, {"Hidden", bt::VariableType::Bool, 1},
                 {"Ammo", bt::VariableType::Number, 2}} {
  RegisterFunctions(registry_);
  const RegistryNames names(registry_, variables_);
  const struct {
    const char* decider;
    const char* action;
    bt::data::Dialect dialect;
    const char* condition;  // none: no Decide
  } nodes[] = {
      {"C_FLEE", "FLEE_B", bt::data::Dialect::Unvanquished, "health < 30 && !(distanceTo(\"nest\", -E_RANGE) <= 5)"},
      {"C_ATTACK", "FIGHT_B", bt::data::Dialect::Unvanquished,
       "health >= 30 || distanceTo(\"enemy\", 2) > 10 && health != E_RANGE || 1 < 2 < 3 == 0"},
      {"C_ALERT", "YELL_B", bt::data::Dialect::Cry, "Alert and !Hidden or Alert xor (Hidden == true)"},
      {"C_IDLE", "REST_B", bt::data::Dialect::Cry, nullptr},
  };
  deciders_[0] = {.name = "C_ROOT", .kind = bt::DeciderKind::Group, .children = children_, .childCount = 4,
                  .data = &data_[0], .variables = variables_, .variableCount = 3};
  for (int i = 0; i < 4; ++i) {
    bt::DeciderDef& d = deciders_[i + 1];
    d = {.name = nodes[i].decider, .behavior = &registry_.FindAction(nodes[i].action)->behavior, .data = &data_[i + 1]};
    children_[i] = &d;
    if (nodes[i].condition == nullptr) continue;
    bt::data::ExpressionError error;
    auto compiled = bt::data::CompileExpression(nodes[i].condition, nodes[i].dialect, names, &error);
    if (!compiled) throw std::logic_error(nodes[i].condition + (": " + bt::data::FormatExpressionError(error)));
    expressions_.push_back(std::make_unique<bt::data::Expression>(std::move(*compiled)));
    params_[i] = {"condition", bt::ParamType::Expression, 0, nodes[i].condition, expressions_.back().get()};
    d.decide = &bt::data::ExpressionCondition;
    d.params = &params_[i];
    d.paramCount = 1;
  }
  if (!bt::InitializeTreeData(Root())) throw std::logic_error("the condition tree is refused");
}

const ConditionTree& Conditions() {
  static const ConditionTree tree;
  return tree;
}

}  // namespace writecpp
