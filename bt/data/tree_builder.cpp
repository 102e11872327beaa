// bt/data/tree_builder.cpp — BuildTree: from a TreeSpec to a BuiltTree.
//
// Index
//   [SECTION] Errors and bindings — what the build reports
//   [SECTION] Condition names     — what a condition expression's names resolve to
//   [SECTION] Plan                — the spec checked and resolved against the registry
//   [SECTION] Arena               — the plan written into one allocation
//   [SECTION] BuildTree           — the steps in order, then InitializeTreeData
//
// Nothing is allocated for the tree until the whole spec has been checked; then
// its exact size is known and it is allocated once.
#include "bt/data/tree_builder.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <deque>
#include <cstring>
#include <new>
#include <optional>
#include <span>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "bt/data/closest_names.h"
#include "bt/data/expression_condition.h"
#include "bt/data/stubs.h"
#include "bt/engine/builtin_behaviors.h"
#include "bt/core/name_id.h"
#include "bt/core/tree.h"

namespace bt::data {

const char* ParamTypeName(ParamType type) {
  switch (type) {
    case ParamType::Number: return "number";
    case ParamType::Bool: return "bool";
    case ParamType::Text: return "text";
    case ParamType::Symbol: return "symbol";
    case ParamType::Expression: return "expression";
  }
  return "unknown type";
}

std::string BuildResult::ErrorText() const {
  std::string text;
  for (const BuildError& error : errors) text += error.message + "\n";
  return text;
}

const DeciderDef* BuiltTree::Find(std::string_view name) const {
  for (const DeciderDef& d : Deciders())
    if (name == d.name) return &d;
  return nullptr;
}

BuiltTree::~BuiltTree() {
  for (std::size_t i = 0; i < expressionCount_; ++i) expressions_[i].~Expression();
}

SourceLocation ConditionSpec::PlaceOf(int column) const {
  const std::size_t offset = std::min(static_cast<std::size_t>(std::max(column, 1) - 1), text.size());
  if (!pieces.empty()) {
    auto piece = std::upper_bound(pieces.begin(), pieces.end(), offset,
                                  [](std::size_t at, const ConditionPiece& p) { return at < p.offset; });
    if (piece != pieces.begin()) --piece;
    SourceLocation at = piece->where;
    if (at.line > 0) at.column += static_cast<std::uint32_t>(offset - std::min(offset, piece->offset));
    return at;
  }
  SourceLocation at = where;
  const std::string_view before = std::string_view(text).substr(0, offset);
  const std::size_t newline = before.rfind('\n');
  if (newline == std::string_view::npos) {
    at.column += static_cast<std::uint32_t>(offset);
  } else {
    at.line += static_cast<std::uint32_t>(std::count(before.begin(), before.end(), '\n'));
    at.column = static_cast<std::uint32_t>(offset - newline);
  }
  return at;
}

std::string ConditionSpec::PlacedMessage(const ExpressionError& error) const {
  if (error.openingColumn <= 0) return error.message;
  const SourceLocation opening = PlaceOf(error.openingColumn);
  std::string message = error.message + " at ";
  if (opening.file != PlaceOf(error.column).file && !opening.file.empty()) message += std::string(opening.file) + ":";
  return message + "line " + std::to_string(opening.line) + ", column " + std::to_string(opening.column);
}

BuiltTree::Location BuiltTree::LocationOf(const DeciderDef& decider) const {
  const std::span<const DeciderDef> all = Deciders();
  for (std::size_t i = 0; i < all.size(); ++i)
    if (&all[i] == &decider) return locations_[i];
  return {};
}

namespace {

// A number parameter accepts a constant's value too: a symbol is a named number.
bool Accepts(ParamType want, ParamType given) {
  return want == given || (want == ParamType::Number && given == ParamType::Symbol);
}

std::string Quoted(std::string_view name) { return "'" + std::string(name) + "'"; }

// =============================================================== [SECTION] Errors and bindings

class Report {
 public:
  Report(const TreeSpec& spec, BuildResult& result) : spec_(spec), result_(result) {}

  std::string_view FileOf(const SourceLocation& at) const { return at.file.empty() ? spec_.file : at.file; }

  // Where errors without a place of their own are placed (the node being checked).
  void SetFallback(const SourceLocation& at) { fallback_ = at; }

  // "file:line:column: decider NODE: message" (the parts known).
  void Error(SourceLocation at, std::string_view node, const std::string& message) {
    if (at.line == 0) at = fallback_;
    if (result_.errors.size() >= kMaxBuildErrors) {
      ++dropped_;
      return;
    }
    BuildError error;
    error.file = std::string(FileOf(at).empty() ? std::string_view("(data)") : FileOf(at));
    error.line = at.line;
    error.column = at.column;
    error.node = std::string(node);
    error.message = error.file;
    if (at.line > 0) {
      error.message += ":" + std::to_string(at.line);
      if (at.column > 0) error.message += ":" + std::to_string(at.column);
    }
    error.message += ": ";
    if (!node.empty()) error.message += "decider " + std::string(node) + ": ";
    error.message += message;
    result_.errors.push_back(std::move(error));
  }
  bool Failed() const { return !result_.errors.empty(); }
  std::size_t ErrorCount() const { return result_.errors.size() + dropped_; }
  void Finish() {
    if (dropped_ > 0)
      result_.errors.push_back({"... and " + std::to_string(dropped_) + " more errors", {}, 0, 0, {}});
  }

  // `name` is copied: a condition's names are the compiler's, gone after the call.
  void Bind(BindingKind kind, std::string_view name, std::size_t arity, bool stubbed, SourceLocation at) {
    if (!bound_[static_cast<std::size_t>(kind)].emplace(name).second) return;
    if (at.line == 0) at = fallback_;
    result_.bindings.push_back({kind, std::string(name), arity, stubbed, std::string(FileOf(at)), at.line, at.column});
  }

 private:
  const TreeSpec& spec_;
  BuildResult& result_;
  std::size_t dropped_ = 0;
  SourceLocation fallback_;
  std::unordered_set<std::string> bound_[static_cast<std::size_t>(BindingKind::Constant) + 1];  // by kind
};

// =============================================================== [SECTION] Condition names

// The registry's names for one condition (RegistryNames), each value function and
// constant it uses reported as a binding; in stub mode an unknown function (or a
// bare unknown name) is a stub returning 0, and an unknown constant argument is 0.
// The agent type the value functions take becomes the decider's.
class ConditionNames final : public ExpressionNames {
 public:
  ConditionNames(const Registry& registry, std::span<const VariableDecl> variables, const BuildOptions& options,
                 Report& report, const ConditionSpec& condition)
      : registry_(registry), names_(registry, variables), options_(options), report_(report), condition_(condition) {}

  void NameAt(std::size_t offset) const override { at_ = offset; }

  int FindVariable(std::string_view name) const override { return names_.FindVariable(name); }
  const VariableDecl* VariableDeclaration(int index) const override { return names_.VariableDeclaration(index); }
  bool FindConstant(std::string_view name, double& value) const override {
    if (!names_.FindConstant(name, value)) return false;
    report_.Bind(BindingKind::Constant, name, 0, false, Place());
    return true;
  }
  bool FindArgumentConstant(std::string_view name, double& value) const override {
    if (FindConstant(name, value)) return true;
    if (!options_.stubUnknownNames) return false;
    value = 0;
    report_.Bind(BindingKind::Constant, name, 0, true, Place());
    return true;
  }
  ValueFn FindFunction(std::string_view name, int arity, std::string& error) const override {
    const ValueEntry* entry = registry_.FindValue(name);
    if (entry == nullptr) {
      if (!options_.stubUnknownNames) return nullptr;
      report_.Bind(BindingKind::Value, name, static_cast<std::size_t>(arity), true, Place());
      return StubValue();
    }
    const ValueFn value = names_.FindFunction(name, arity, error);
    if (value == nullptr) return nullptr;
    report_.Bind(BindingKind::Value, name, static_cast<std::size_t>(arity), false, Place());
    if (entry->agentType != kNoType) {
      if (agentType_ == kNoType) {
        agentType_ = entry->agentType;
        agentFunction_ = entry->name;
      } else if (!(agentType_ == entry->agentType) && conflict_.empty()) {
        conflict_ = "value functions " + Quoted(agentFunction_) + " and " + Quoted(entry->name) +
                    " take different agent types: use one";
      }
    }
    return value;
  }
  std::vector<std::string> VariableNames() const override { return names_.VariableNames(); }
  std::vector<std::string> ConstantNames() const override { return names_.ConstantNames(); }
  std::vector<std::string> FunctionNames() const override { return names_.FunctionNames(); }

  TypeTag AgentType() const { return agentType_; }
  const std::string& Conflict() const { return conflict_; }

 private:
  const Registry& registry_;
  RegistryNames names_;
  const BuildOptions& options_;
  Report& report_;
  const ConditionSpec& condition_;
  // Where the name being asked starts in the text; set while compiling, hence mutable.
  mutable std::size_t at_ = 0;
  SourceLocation Place() const { return condition_.Placed() ? condition_.PlaceOf(static_cast<int>(at_) + 1) : SourceLocation{}; }
  // What the functions found so far take; set while compiling, hence mutable.
  mutable TypeTag agentType_ = kNoType;
  mutable std::string agentFunction_;
  mutable std::string conflict_;
};

// =============================================================== [SECTION] Plan

struct PlanParam {
  std::string_view name;  // empty: positional
  ParamType type;
  double number;
  std::string_view text;
  bool hasText;
  int program = -1;  // a condition: its index in Plan::conditions
};

struct PlanBehavior {
  std::string_view name;
  BehaviorDef def;  // its strings are replaced by the arena's copies
  std::string_view memoryName;
};

struct PlanNode {
  int behavior = -1;
  DecideFn decide = nullptr;
  BlockType dblock{};
  std::string_view dblockName;
  RandomFn random = nullptr;
  TypeTag agentType = kNoType;
  std::size_t paramBegin = 0, paramCount = 0;
  std::size_t childBegin = 0, childCount = 0;
  std::size_t eventBegin = 0, eventCount = 0;          // in Plan::eventTransitions (a StateMachine's state)
  std::size_t selectionBegin = 0, selectionCount = 0;  // in Plan::selection (a SelectionStateMachine)
};

// A SelectionStateMachine's transition; its condition is Plan::conditionNodes[condition].
struct PlanSelection {
  std::uint8_t from = 0;
  std::uint8_t to = 0;
  std::size_t condition = 0;
};

struct Plan {
  std::vector<PlanNode> nodes;
  std::vector<int> children;  // node indices, each group's in a run
  std::vector<SourceLocation> childWhere;  // where each was written
  std::vector<PlanParam> params;
  std::vector<PlanBehavior> behaviors;
  std::vector<Expression> conditions;  // compiled; moved into the arena
  std::vector<Transition> eventTransitions;
  std::vector<PlanSelection> selection;
  // The selection transitions' conditions, each a decider of its own outside the
  // spec's nodes (a deque: the plan's views point into their strings).
  std::deque<NodeSpec> conditionSpecs;
  std::vector<PlanNode> conditionNodes;
  std::size_t root = 0;
};

class Planner {
 public:
  Planner(const TreeSpec& spec, const Registry& registry, const BuildOptions& options, Report& report)
      : spec_(spec), registry_(registry), options_(options), report_(report) {}

  bool Run(Plan& plan) {
    if (spec_.nodes.empty()) return report_.Error({}, {}, "no nodes: a tree needs at least its root"), false;
    // Placed at the first node past the limit: a loader writes nodes in the file's order.
    if (spec_.nodes.size() > kMaxSpecNodes)
      return report_.Error(spec_.nodes[kMaxSpecNodes].where, {}, TooManyNodesMessage()), false;
    plan_ = &plan;
    // The declarations conditions type their variables by; their enums point into
    // enums_ and enumNames_, sized first so that no pointer moves.
    enums_.reserve(spec_.variables.size());
    enumNames_.reserve(spec_.variables.size());
    for (const VariableSpec& v : spec_.variables) {
      VariableDecl& decl = variables_.emplace_back(VariableDecl{v.name.c_str(), v.type, v.initial});
      decl.initialInteger = v.initialInteger;
      decl.floatCount = v.floatCount;
      if (v.type != VariableType::Enum) continue;
      std::vector<const char*>& names = enumNames_.emplace_back();
      for (const std::string& name : v.enumNames) names.push_back(name.c_str());
      decl.enumType = &enums_.emplace_back(
          VariableEnum{v.enumName.c_str(), names.data(), static_cast<std::uint16_t>(std::min<std::size_t>(names.size(), 0xFFFF))});
    }
    IndexNames();
    ResolveRoot();
    plan.nodes.resize(spec_.nodes.size());
    for (std::size_t i = 0; i < spec_.nodes.size(); ++i) {
      report_.SetFallback(spec_.nodes[i].where);
      ResolveNode(spec_.nodes[i], plan.nodes[i]);
    }
    report_.SetFallback({});
    ResolveEventTransitions();
    report_.SetFallback({});
    if (!report_.Failed()) CheckCycles();
    CheckVariables();
    return !report_.Failed();
  }

 private:
  // ---------------------------------------------------------- names
  bool CheckName(std::string_view name, const SourceLocation& at, std::string_view node, const char* what) {
    if (name.empty()) return report_.Error(at, node, std::string(what) + " without a name"), false;
    if (name.size() > kMaxNameBytes)
      return report_.Error(at, node, std::string(what) + " name of " + std::to_string(name.size()) +
                                         " bytes, more than bt::data::kMaxNameBytes (" +
                                         std::to_string(kMaxNameBytes) + ")"),
             false;
    if (name.find('\0') != std::string_view::npos)
      return report_.Error(at, node, std::string(what) + " name with a NUL character"), false;
    return true;
  }

  void IndexNames() {
    for (std::size_t i = 0; i < spec_.nodes.size(); ++i) {
      const NodeSpec& node = spec_.nodes[i];
      if (!CheckName(node.name, node.where, {}, "a node")) continue;
      const auto [at, added] = index_.emplace(node.name, i);
      if (!added) {
        const SourceLocation& first = spec_.nodes[at->second].where;
        report_.Error(node.where, node.name,
                      "defined twice (first at " + std::string(report_.FileOf(first)) + ":" +
                          std::to_string(first.line) + ":" + std::to_string(first.column) + ")");
      }
    }
  }

  // For the closest names of an error only.
  std::vector<std::string> NodeNames() const {
    std::vector<std::string> names;
    for (const NodeSpec& node : spec_.nodes) names.push_back(node.name);
    return names;
  }

  int FindNode(std::string_view name) const {
    const auto found = index_.find(name);
    return found == index_.end() ? -1 : static_cast<int>(found->second);
  }

  void ResolveRoot() {
    if (spec_.root.empty()) return;
    const int root = FindNode(spec_.root);
    // A root whose own name was refused (IndexNames) has its error already.
    const bool refused = std::any_of(spec_.nodes.begin(), spec_.nodes.end(),
                                     [&](const NodeSpec& node) { return node.name == spec_.root; });
    if (root < 0 && !refused)
      report_.Error({}, {}, "unknown root node " + Quoted(spec_.root) + ClosestNamesSuffix(spec_.root, NodeNames()));
    else
      plan_->root = static_cast<std::size_t>(root);
  }

  // ---------------------------------------------------------- arguments
  // Checks one argument and appends it to the plan's parameters.
  void AddParam(const ArgSpec& arg, std::string_view node) {
    if (!arg.name.empty() && !CheckName(arg.name, arg.where, node, "a parameter")) return;
    PlanParam param{arg.name, arg.type, arg.number, {}, false};
    switch (arg.type) {
      case ParamType::Number: break;
      case ParamType::Bool: param.number = arg.number != 0 ? 1.0 : 0.0; break;
      case ParamType::Text:
      case ParamType::Expression:
        if (arg.text.size() > kMaxTextBytes)
          return report_.Error(arg.where, node,
                               "a " + std::string(ParamTypeName(arg.type)) + " parameter of " +
                                   std::to_string(arg.text.size()) + " bytes, more than bt::data::kMaxTextBytes (" +
                                   std::to_string(kMaxTextBytes) + ")");
        if (arg.text.find('\0') != std::string::npos)
          return report_.Error(arg.where, node, "a text parameter with a NUL character");
        param.text = arg.text;
        param.hasText = true;
        break;
      case ParamType::Symbol: {
        if (!CheckName(arg.text, arg.where, node, "a constant")) return;
        param.text = arg.text;
        param.hasText = true;
        if (const ConstantEntry* constant = registry_.FindConstant(arg.text)) {
          param.number = constant->value;
          report_.Bind(BindingKind::Constant, arg.text, 0, false, arg.where);
        } else if (options_.stubUnknownNames) {
          param.number = 0;
          report_.Bind(BindingKind::Constant, arg.text, 0, true, arg.where);
        } else {
          const auto names = registry_.Names(BindingKind::Constant);
          return report_.Error(arg.where, node, "unknown constant " + Quoted(arg.text) + ClosestNamesSuffix(arg.text, names));
        }
        break;
      }
      default:
        return report_.Error(arg.where, node,
                             "a parameter of unknown type " + std::to_string(static_cast<int>(arg.type)));
    }
    plan_->params.push_back(param);
  }

  static std::size_t Positional(const CallSpec& call) {
    return static_cast<std::size_t>(
        std::count_if(call.args.begin(), call.args.end(), [](const ArgSpec& a) { return a.name.empty(); }));
  }

  // The call's positional arguments against a registered signature whose last
  // `optional` params may be left out.
  void CheckSignature(const CallSpec& call, const Signature& want, const char* what, std::string_view node,
                      std::size_t optional = 0) {
    const std::size_t given = Positional(call);
    if (given > want.size() || given + optional < want.size()) {
      const std::string counts = optional == 0 ? std::to_string(want.size())
                                               : std::to_string(want.size() - optional) + " to " +
                                                     std::to_string(want.size());
      report_.Error(call.where, node,
                    std::string(what) + " " + Quoted(call.name) + " takes " + counts +
                        (want.size() == 1 && optional == 0 ? " argument" : " arguments") + ", given " +
                        std::to_string(given));
      return;
    }
    std::size_t i = 0;
    for (const ArgSpec& arg : call.args) {
      if (!arg.name.empty()) continue;
      if (!Accepts(want[i], arg.type))
        report_.Error(arg.where.line > 0 ? arg.where : call.where, node,
                      std::string(what) + " " + Quoted(call.name) + " argument " + std::to_string(i + 1) +
                          ": expected " + ParamTypeName(want[i]) + ", given " + ParamTypeName(arg.type));
      ++i;
    }
  }

  // ---------------------------------------------------------- calls
  int ResolveAction(const CallSpec& call, std::string_view node) {
    if (!CheckName(call.name, call.where, node, "an action")) return -1;
    const ActionEntry* entry = registry_.FindAction(call.name);
    if (entry == nullptr && !options_.stubUnknownNames) {
      const auto names = registry_.Names(BindingKind::Action);
      report_.Error(call.where, node, "unknown action " + Quoted(call.name) + ClosestNamesSuffix(call.name, names));
      return -1;
    }
    if (entry != nullptr) CheckSignature(call, entry->params, "action", node, entry->optionalParams);
    report_.Bind(BindingKind::Action, call.name, Positional(call), entry == nullptr, call.where);
    const auto [at, added] = behaviorIndex_.emplace(call.name, static_cast<int>(plan_->behaviors.size()));
    if (added) {
      PlanBehavior behavior{call.name, entry != nullptr ? entry->behavior : StubBehavior(nullptr, options_.stubTick), {}};
      if (entry != nullptr && entry->behavior.memory.size != 0) behavior.memoryName = entry->cpp.memory;
      plan_->behaviors.push_back(behavior);
    }
    return at->second;
  }

  void ResolveDecide(const CallSpec& call, std::string_view node, PlanNode& out) {
    if (!CheckName(call.name, call.where, node, "a condition")) return;
    const DecideEntry* entry = registry_.FindDecide(call.name);
    if (entry == nullptr) {
      if (!options_.stubUnknownNames) {
        const auto names = registry_.Names(BindingKind::Decide);
        return report_.Error(call.where, node,
                             "unknown condition or Decide " + Quoted(call.name) + ClosestNamesSuffix(call.name, names));
      }
      report_.Bind(BindingKind::Condition, call.name, Positional(call), true, call.where);
      out.decide = StubDecide(options_.stubConditionAccepts);
      return;
    }
    CheckSignature(call, entry->params, BindingKindName(entry->kind), node);
    report_.Bind(entry->kind, call.name, Positional(call), false, call.where);
    out.decide = entry->decide;
    out.dblock = entry->dblock;
    if (entry->dblock.size != 0) out.dblockName = entry->cpp.memory;
    out.agentType = entry->agentType;
  }

  // Where an expression error lies: inside the text when the loader said where it
  // was written, else the node's place and the column in the text.
  void ConditionError(const NodeSpec& node, const ExpressionError& error) {
    const ConditionSpec& condition = node.condition;
    if (!condition.Placed())
      return report_.Error(node.where, node.name, "condition: " + FormatExpressionError(error));
    report_.Error(condition.PlaceOf(error.column), node.name, "condition: " + condition.PlacedMessage(error));
  }

  // Compiles the node's condition; its program becomes the last parameter, and
  // ExpressionCondition the Decide.
  void ResolveCondition(const NodeSpec& node, PlanNode& out) {
    const ConditionSpec& condition = node.condition;
    const SourceLocation& at = condition.where.line > 0 ? condition.where : node.where;
    if (!node.decide.Empty())
      return report_.Error(at, node.name,
                           "both a condition and " + Quoted(node.decide.name) +
                               ": a decider has one Decide (register the test as a value function and use it in the condition)");
    if (condition.dialect != Dialect::Unvanquished && condition.dialect != Dialect::Cry)
      return report_.Error(at, node.name, "condition of unknown dialect " + std::to_string(static_cast<int>(condition.dialect)));
    if (condition.text.size() > kMaxTextBytes)
      return report_.Error(at, node.name,
                           "a condition of " + std::to_string(condition.text.size()) +
                               " bytes, more than bt::data::kMaxTextBytes (" + std::to_string(kMaxTextBytes) + ")");
    if (condition.text.find('\0') != std::string::npos)
      return report_.Error(at, node.name, "a condition with a NUL character");
    ConditionNames names(registry_, variables_, options_, report_, condition);
    ExpressionError error;
    std::optional<Expression> compiled = CompileExpression(condition.text, condition.dialect, names, &error);
    if (!compiled) return ConditionError(node, error);
    if (!names.Conflict().empty()) return report_.Error(at, node.name, "condition: " + names.Conflict());
    out.decide = &ExpressionCondition;
    out.agentType = names.AgentType();
    plan_->params.push_back({"condition", ParamType::Expression, 0, condition.text, true,
                             static_cast<int>(plan_->conditions.size())});
    plan_->conditions.push_back(std::move(*compiled));
  }

  void ResolveRandom(const NodeSpec& spec, PlanNode& out) {
    const CallSpec& call = spec.random;
    const std::string_view node = spec.name;
    if (!CheckName(call.name, call.where, node, "a random source")) return;
    if (!call.args.empty())
      report_.Error(call.where, node, "random source " + Quoted(call.name) + " takes no arguments");
    const RandomEntry* entry = registry_.FindRandom(call.name);
    if (entry == nullptr) {
      if (!options_.stubUnknownNames) {
        const auto names = registry_.Names(BindingKind::Random);
        return report_.Error(call.where, node,
                             "unknown random source " + Quoted(call.name) + ClosestNamesSuffix(call.name, names));
      }
      report_.Bind(BindingKind::Random, call.name, 0, true, call.where);  // the block's own RNG stands in
      return;
    }
    report_.Bind(BindingKind::Random, call.name, 0, false, call.where);
    if (out.agentType != kNoType && entry->agentType != kNoType && !(out.agentType == entry->agentType))
      return report_.Error(call.where, node,
                           (spec.condition.Empty() ? "condition " + Quoted(spec.decide.name)
                                                                     : std::string("the condition's value functions")) +
                               " and random source " +
                               Quoted(call.name) + " take different agent types: use one");
    out.random = entry->random;
    if (out.agentType == kNoType) out.agentType = entry->agentType;
  }

  void ResolveNode(const NodeSpec& node, PlanNode& out) {
    const std::string_view name = node.name;
    const std::size_t errorsBefore = report_.ErrorCount();
    if (node.kind != DeciderKind::Behavior && node.kind != DeciderKind::Group)
      report_.Error(node.where, name, "unknown decider kind " + std::to_string(static_cast<int>(node.kind)));
    if (!node.action.Empty()) out.behavior = ResolveAction(node.action, name);
    if (!node.decide.Empty()) ResolveDecide(node.decide, name, out);
    if (!node.random.Empty()) ResolveRandom(node, out);

    // One parameter list: the positional arguments of the call that has them, then every named one.
    if (Positional(node.action) > 0 && Positional(node.decide) > 0)
      report_.Error(node.decide.where, name,
                    "both action " + Quoted(node.action.name) + " and " + Quoted(node.decide.name) +
                        " take positional arguments, and a decider has one parameter list: name one call's arguments");
    out.paramBegin = plan_->params.size();
    for (const CallSpec* call : {&node.action, &node.decide})
      for (const ArgSpec& arg : call->args)
        if (arg.name.empty()) AddParam(arg, name);
    for (const CallSpec* call : {&node.action, &node.decide})
      for (const ArgSpec& arg : call->args)
        if (!arg.name.empty()) AddParam(arg, name);
    for (const ArgSpec& arg : node.params) AddParam(arg, name);
    if (!node.condition.Empty()) ResolveCondition(node, out);
    out.paramCount = plan_->params.size() - out.paramBegin;
    if (out.paramCount > 0xFFFF)
      report_.Error(node.where, name, std::to_string(out.paramCount) + " parameters, more than 65535");
    if (out.paramCount > 1) {
      paramNames_.clear();
      for (std::size_t i = out.paramBegin; i < plan_->params.size(); ++i)
        if (!plan_->params[i].name.empty() && !paramNames_.insert(plan_->params[i].name).second)
          report_.Error(node.where, name, "parameter " + Quoted(plan_->params[i].name) + " given twice");
    }

    CheckConfig(node);
    // Once the call itself is right: one mistake (a positional argument), one error.
    if (out.behavior >= 0 && report_.ErrorCount() == errorsBefore) CheckBuiltin(node, out);

    out.childBegin = plan_->children.size();
    for (const ChildSpec& child : node.children) {
      const int index = FindNode(child.name);
      if (index < 0) {
        report_.Error(child.where, name, "unknown child " + Quoted(child.name) + ClosestNamesSuffix(child.name, NodeNames()));
        continue;
      }
      plan_->children.push_back(index);
      plan_->childWhere.push_back(child.where);
    }
    out.childCount = plan_->children.size() - out.childBegin;
    if (out.childCount > 0xFFFF)
      report_.Error(node.where, name, std::to_string(out.childCount) + " children, more than 65535");
    ResolveSelectionTransitions(node, out);
  }

  // A built-in leaf's parameters as the leaf reads them (bt::CheckBuiltinParams):
  // a bad Wait duration is an error here rather than a leaf failing at run time.
  void CheckBuiltin(const NodeSpec& node, const PlanNode& out) {
    std::vector<std::string> names;  // NUL-terminated copies for the Params
    names.reserve(out.paramCount);
    std::vector<Param> params;
    for (std::size_t i = out.paramBegin; i < out.paramBegin + out.paramCount; ++i) {
      const PlanParam& p = plan_->params[i];
      names.emplace_back(p.name);
      params.push_back({p.name.empty() ? nullptr : names.back().c_str(), p.type, p.number, nullptr, nullptr});
    }
    std::vector<std::string> texts;  // after the names: params point into both, neither grows again
    texts.reserve(out.paramCount);
    for (std::size_t i = 0; i < params.size(); ++i) {
      const PlanParam& p = plan_->params[out.paramBegin + i];
      if (p.hasText) params[i].text = texts.emplace_back(p.text).c_str();
    }
    const BuiltinParamError error = CheckBuiltinParams(plan_->behaviors[static_cast<std::size_t>(out.behavior)].def, params);
    if (error)
      report_.Error(node.action.where, node.name,
                    std::string("built-in ") + error.behavior + ": parameter " + Quoted(error.parameter) + " " +
                        error.problem);
  }

  // The names of g's children (its states), for errors.
  std::vector<std::string> ChildNames(const PlanNode& g) const {
    std::vector<std::string> names;
    for (std::size_t k = 0; k < g.childCount; ++k)
      names.push_back(spec_.nodes[static_cast<std::size_t>(plan_->children[g.childBegin + k])].name);
    return names;
  }

  // The index of g's child called `name`, or -1.
  int ChildIndex(const PlanNode& g, std::string_view name) const {
    for (std::size_t k = 0; k < g.childCount; ++k)
      if (spec_.nodes[static_cast<std::size_t>(plan_->children[g.childBegin + k])].name == name)
        return static_cast<int>(k);
    return -1;
  }

  // A SelectionStateMachine's transitions: its states by name, each condition
  // resolved as a decider of its own ("MACHINE: FROM -> TO").
  void ResolveSelectionTransitions(const NodeSpec& node, PlanNode& out) {
    if (node.selectionTransitions.empty()) return;
    if (node.kind != DeciderKind::Group || node.policy != GroupPolicy::SelectionStateMachine)
      return report_.Error(node.where, node.name,
                           "given selection transitions, which only a SelectionStateMachine group reads");
    if (node.selectionTransitions.size() > 0xFFFF)
      return report_.Error(node.where, node.name,
                           std::to_string(node.selectionTransitions.size()) + " transitions, more than 65535");
    out.selectionBegin = plan_->selection.size();
    for (const SelectionTransitionSpec& tr : node.selectionTransitions) {
      const int from = ChildIndex(out, tr.from), to = ChildIndex(out, tr.to);
      for (const std::string* state : {&tr.from, &tr.to})
        if (ChildIndex(out, *state) < 0)
          report_.Error(tr.where, node.name,
                        "transition " + tr.from + " -> " + tr.to + ": " + Quoted(*state) + " is not one of its states" +
                            ClosestNamesSuffix(*state, ChildNames(out)));
      if (tr.condition.Empty() == tr.decide.Empty()) {
        report_.Error(tr.where, node.name,
                      "transition " + tr.from + " -> " + tr.to + ": give it one condition (an expression or a Decide)");
        continue;
      }
      NodeSpec& condition = plan_->conditionSpecs.emplace_back();
      condition.name = node.name + ": " + tr.from + " -> " + tr.to;
      condition.where = tr.where.line > 0 ? tr.where : node.where;
      condition.decide = tr.decide;
      condition.condition = tr.condition;
      PlanNode& resolved = plan_->conditionNodes.emplace_back();
      ResolveNode(condition, resolved);
      if (from < 0 || to < 0) continue;
      plan_->selection.push_back({static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to),
                                  plan_->conditionNodes.size() - 1});
    }
    out.selectionCount = plan_->selection.size() - out.selectionBegin;
  }

  // Each StateMachine's states' transitions on events, their targets found among
  // the machine's children by name. A state of two machines reaches the same
  // indices from both (its transitions are data on the state).
  void ResolveEventTransitions() {
    const std::size_t n = spec_.nodes.size();
    std::vector<std::vector<int>> targets(n);
    std::vector<int> machineOf(n, -1);
    for (std::size_t m = 0; m < n; ++m) {
      const NodeSpec& machine = spec_.nodes[m];
      if (machine.kind != DeciderKind::Group || machine.policy != GroupPolicy::StateMachine) continue;
      const PlanNode& g = plan_->nodes[m];
      for (std::size_t k = 0; k < g.childCount; ++k) {
        const std::size_t state = static_cast<std::size_t>(plan_->children[g.childBegin + k]);
        const NodeSpec& s = spec_.nodes[state];
        report_.SetFallback(s.where);
        std::vector<int> found;
        for (const EventTransitionSpec& tr : s.eventTransitions) {
          const int to = ChildIndex(g, tr.to);
          if (to < 0)
            report_.Error(tr.where, s.name,
                          "transition on " + Quoted(tr.event) + " to " + Quoted(tr.to) +
                              ", which is not a state of StateMachine " + Quoted(machine.name) +
                              ClosestNamesSuffix(tr.to, ChildNames(g)));
          found.push_back(to);
        }
        if (machineOf[state] < 0) {
          machineOf[state] = static_cast<int>(m);
          targets[state] = std::move(found);
        } else if (targets[state] != found) {
          report_.Error(s.where, s.name,
                        "a state of StateMachines " + Quoted(spec_.nodes[static_cast<std::size_t>(machineOf[state])].name) +
                            " and " + Quoted(machine.name) +
                            ", whose transitions lead to other states in each: give each machine its own state");
        }
      }
    }
    for (std::size_t i = 0; i < n; ++i) {
      const NodeSpec& s = spec_.nodes[i];
      if (s.eventTransitions.empty()) continue;
      report_.SetFallback(s.where);
      if (machineOf[i] < 0) {
        report_.Error(s.where, s.name, "given transitions on events, but no StateMachine lists it as a state");
        continue;
      }
      if (s.eventTransitions.size() > 255) {
        report_.Error(s.where, s.name, std::to_string(s.eventTransitions.size()) + " transitions, more than 255");
        continue;
      }
      PlanNode& out = plan_->nodes[i];
      out.eventBegin = plan_->eventTransitions.size();
      for (std::size_t k = 0; k < s.eventTransitions.size(); ++k) {
        const EventTransitionSpec& tr = s.eventTransitions[k];
        if (!CheckName(tr.event, tr.where, s.name, "an event")) continue;
        if (targets[i][k] >= 0)
          // The name points into the spec until the tree is written, which copies it.
          plan_->eventTransitions.push_back(
              {NameId(tr.event.c_str()), static_cast<std::uint8_t>(targets[i][k]), tr.event.c_str()});
      }
      out.eventCount = plan_->eventTransitions.size() - out.eventBegin;
    }
  }

  // The classic numbers a node gives, each only to a group whose policy reads it
  // (bt::ReadsConfig), as the macros require. Their ranges are InitializeTreeData's
  // to check (TreeProblem::BadNodeConfig), placed at the node like its other verdicts.
  void CheckConfig(const NodeSpec& node) {
    const NodeConfig& c = node.config;
    const NodeConfig defaults{};
    const bool sameResults = c.results.done == defaults.results.done && c.results.failed == defaults.results.failed &&
                             c.results.running == defaults.results.running;
    const struct {
      ConfigField field;
      const char* name;
      bool given;
    } fields[] = {{ConfigField::Results, "results", !sameResults},
                  {ConfigField::Count, "count", c.count != defaults.count},
                  {ConfigField::Seconds, "seconds", !(c.seconds == defaults.seconds)},  // NaN is given
                  {ConfigField::Chance, "chance", !(c.chance == defaults.chance)},
                  {ConfigField::Scope, "scopeName", !node.scopeName.empty() || c.allowedUsers != defaults.allowedUsers}};
    for (const auto& f : fields) {
      if (!f.given) continue;
      if (node.kind != DeciderKind::Group)
        report_.Error(node.where, node.name,
                      std::string("given config.") + f.name + ", which only classic groups read: make it a group");
      else if (static_cast<unsigned>(node.policy) < kGroupPolicyCount && !ReadsConfig(node.policy, f.field))
        report_.Error(node.where, node.name,
                      std::string("given config.") + f.name + ", which a " + GroupPolicyName(node.policy) +
                          " group does not read");
    }
    if (node.kind == DeciderKind::Group && node.policy == GroupPolicy::GroupScope) {
      if (node.scopeName.empty())
        report_.Error(node.where, node.name, "a GroupScope without a scope name: give it NodeSpec::Scope");
      if (options_.findScope == nullptr && !options_.stubUnknownNames)
        report_.Error(node.where, node.name,
                      "a GroupScope, and BuildOptions::findScope is null: give the build how the game finds its scopes");
    }
    // The pointers are the built tree's: a spec cannot point into its own memory.
    if (c.transitions != nullptr || c.transitionCount != 0)
      report_.Error(node.where, node.name, "config.transitions set by hand: give them with NodeSpec::Transition");
    if (c.eventTransitions != nullptr || c.eventTransitionCount != 0)
      report_.Error(node.where, node.name, "config.eventTransitions set by hand: give them with NodeSpec::OnEvent");
    if (c.scopeName != nullptr || c.findScope != nullptr)
      report_.Error(node.where, node.name,
                    "config.scopeName or config.findScope set by hand: give NodeSpec::Scope and BuildOptions::findScope");
  }

  // ---------------------------------------------------------- references
  // Depth-first, without recursion (a spec may chain any number of nodes): the
  // first reference back to a node on the path closes a cycle, reported where that
  // reference was written, with the cycle spelt out.
  void CheckCycles() {
    enum : std::uint8_t { kNew, kOnPath, kDone };
    std::vector<std::uint8_t> state(spec_.nodes.size(), kNew);
    struct Frame {
      std::size_t node;
      std::size_t next;  // the next child to visit
    };
    std::vector<Frame> path;
    for (std::size_t start = 0; start < spec_.nodes.size(); ++start) {
      if (state[start] != kNew) continue;
      path.push_back({start, 0});
      state[start] = kOnPath;
      while (!path.empty()) {
        Frame& top = path.back();
        const PlanNode& node = plan_->nodes[top.node];
        if (top.next == node.childCount) {
          state[top.node] = kDone;
          path.pop_back();
          continue;
        }
        const std::size_t slot = top.next++;
        const std::size_t child = static_cast<std::size_t>(plan_->children[node.childBegin + slot]);
        if (state[child] == kNew) {
          state[child] = kOnPath;
          path.push_back({child, 0});
        } else if (state[child] == kOnPath) {
          std::string cycle;
          std::size_t from = 0;
          while (path[from].node != child) ++from;
          for (std::size_t i = from; i < path.size(); ++i) cycle += spec_.nodes[path[i].node].name + " -> ";
          cycle += spec_.nodes[child].name;
          const NodeSpec& parent = spec_.nodes[top.node];
          report_.SetFallback(parent.where);
          report_.Error(plan_->childWhere[node.childBegin + slot], parent.name,
                        "child " + Quoted(spec_.nodes[child].name) + " makes a cycle: " + cycle);
          return;  // one cycle is enough to stop the build
        }
      }
    }
  }

  // A typed variable's declaration and signals, as bt::VariableDecl takes them
  // (a loader checks its file's text first, at each value's place).
  void CheckVariableType(const VariableSpec& v) {
    const std::string what = "variable " + Quoted(v.name);
    const auto integer = [&](double value, std::int64_t low, std::int64_t high) {
      return value == std::trunc(value) && value >= static_cast<double>(low) && value <= static_cast<double>(high);
    };
    switch (v.type) {
      case VariableType::Bool:
      case VariableType::Number:
        return;
      case VariableType::Int32:
        if (v.initialInteger < INT32_MIN || v.initialInteger > INT32_MAX)
          report_.Error(v.where, {}, what + ": initial value " + std::to_string(v.initialInteger) + " is not an int32");
        for (const VariableSpec::Signal& signal : v.signals)
          if (!integer(signal.value, INT32_MIN, INT32_MAX))
            report_.Error(v.where, {}, what + ": signal " + Quoted(signal.signal) + " sets a value that is not an int32");
        return;
      case VariableType::Int64:
        for (const VariableSpec::Signal& signal : v.signals)
          if (!integer(signal.value, -(std::int64_t{1} << 53), std::int64_t{1} << 53))
            report_.Error(v.where, {}, what + ": signal " + Quoted(signal.signal) + " sets a value that is not a whole number within 2^53");
        return;
      case VariableType::Enum: {
        if (v.enumNames.empty() || v.enumNames.size() > static_cast<std::size_t>(kMaxVariableEnumValues))
          report_.Error(v.where, {}, what + ": enum " + Quoted(v.enumName) + " needs 1 to " +
                                         std::to_string(kMaxVariableEnumValues) + " names");
        std::unordered_set<std::string_view> names;
        for (const std::string& name : v.enumNames)
          if (name.empty() || !names.insert(name).second)
            report_.Error(v.where, {}, what + ": enum " + Quoted(v.enumName) + " names " +
                                           (name.empty() ? "an empty name" : Quoted(name) + " twice"));
        if (v.initialInteger < 0 || static_cast<std::size_t>(v.initialInteger) >= v.enumNames.size())
          report_.Error(v.where, {}, what + ": initial value " + std::to_string(v.initialInteger) + " is not a name of enum " + Quoted(v.enumName));
        for (const VariableSpec::Signal& signal : v.signals)
          if (!integer(signal.value, 0, static_cast<std::int64_t>(v.enumNames.size()) - 1))
            report_.Error(v.where, {}, what + ": signal " + Quoted(signal.signal) + " sets a value that is not a name of enum " + Quoted(v.enumName));
        return;
      }
      case VariableType::Floats:
        if (v.floatCount < 1 || v.floatCount > kMaxVariableFloats)
          report_.Error(v.where, {}, what + ": " + std::to_string(v.floatCount) + " floats, not 1 to " + std::to_string(kMaxVariableFloats));
        if (!v.initialFloats.empty() && v.initialFloats.size() != v.floatCount)
          report_.Error(v.where, {}, what + ": " + std::to_string(v.initialFloats.size()) + " initial values for " +
                                         std::to_string(v.floatCount) + " floats");
        for (const float f : v.initialFloats)
          if (std::isnan(f)) report_.Error(v.where, {}, what + ": a NaN initial value");
        if (!v.signals.empty()) report_.Error(v.where, {}, what + ": a signal cannot set a float vector");
        return;
    }
    report_.Error(v.where, {}, what + " of unknown type");
  }

  void CheckVariables() {
    if (spec_.variables.size() > 0xFFFF)
      return report_.Error({}, {}, std::to_string(spec_.variables.size()) + " variables, more than 65535");
    std::unordered_map<std::string_view, std::size_t> seen;
    for (const VariableSpec& v : spec_.variables) {
      if (!CheckName(v.name, v.where, {}, "a variable")) continue;
      CheckVariableType(v);
      if (!seen.emplace(v.name, 0).second) report_.Error(v.where, {}, "variable " + Quoted(v.name) + " declared twice");
      if (v.signals.size() > 0xFFFF)
        report_.Error(v.where, {}, "variable " + Quoted(v.name) + " set by more than 65535 signals");
      for (const VariableSpec::Signal& signal : v.signals) {
        if (signal.signal.empty()) report_.Error(v.where, {}, "variable " + Quoted(v.name) + ": a signal without a name");
        if (std::isnan(signal.value))
          report_.Error(v.where, {}, "variable " + Quoted(v.name) + ": signal " + Quoted(signal.signal) + " sets NaN");
      }
    }
  }

  const TreeSpec& spec_;
  const Registry& registry_;
  const BuildOptions& options_;
  Report& report_;
  Plan* plan_ = nullptr;
  std::unordered_map<std::string_view, std::size_t> index_;
  std::unordered_map<std::string_view, int> behaviorIndex_;
  std::unordered_set<std::string_view> paramNames_;  // of the node being resolved
  std::vector<VariableDecl> variables_;  // the spec's, as conditions see them
  std::vector<VariableEnum> enums_;
  std::vector<std::vector<const char*>> enumNames_;
};

}  // namespace

// =============================================================== [SECTION] Arena

// Sizes the tree exactly, allocates it once, and writes it (a friend of BuiltTree).
class TreeArena {
 public:
  TreeArena(const TreeSpec& spec, Plan& plan, const Report& report, const BuildOptions& options)
      : spec_(spec), plan_(plan), report_(report), options_(options) {}

  std::shared_ptr<BuiltTree> Write() {
    const std::size_t n = spec_.nodes.size();
    // The selection transitions' conditions follow the spec's nodes, outside Deciders().
    const std::size_t all = n + plan_.conditionNodes.size();
    // Pass 1: sizes. Every array holds types aligned to at most alignof(std::max_align_t).
    std::size_t bytes = 0;
    const auto place = [&bytes](std::size_t count, std::size_t size, std::size_t align) {
      bytes = (bytes + align - 1) / align * align;
      const std::size_t at = bytes;
      bytes += count * size;
      return at;
    };
    const std::size_t decidersAt = place(all, sizeof(DeciderDef), alignof(DeciderDef));
    const std::size_t dataAt = place(all, sizeof(DeciderData), alignof(DeciderData));
    const std::size_t locationsAt = place(n, sizeof(BuiltTree::Location), alignof(BuiltTree::Location));
    const std::size_t childrenAt = place(plan_.children.size(), sizeof(const DeciderDef*), alignof(const DeciderDef*));
    const std::size_t behaviorsAt = place(plan_.behaviors.size(), sizeof(BehaviorDef), alignof(BehaviorDef));
    const std::size_t paramsAt = place(plan_.params.size(), sizeof(Param), alignof(Param));
    const std::size_t variablesAt = place(spec_.variables.size(), sizeof(VariableDecl), alignof(VariableDecl));
    std::size_t signalCount = 0;
    for (const VariableSpec& v : spec_.variables) signalCount += v.signals.size();
    const std::size_t signalsAt = place(signalCount, sizeof(VariableSignal), alignof(VariableSignal));
    std::size_t enumCount = 0, enumNameCount = 0, floatCount = 0;
    for (const VariableSpec& v : spec_.variables) {
      if (v.type == VariableType::Enum) ++enumCount, enumNameCount += v.enumNames.size();
      if (v.type == VariableType::Floats) floatCount += v.initialFloats.size();
    }
    const std::size_t enumsAt = place(enumCount, sizeof(VariableEnum), alignof(VariableEnum));
    const std::size_t enumNamesAt = place(enumNameCount, sizeof(const char*), alignof(const char*));
    const std::size_t floatsAt = place(floatCount, sizeof(float), alignof(float));
    const std::size_t expressionsAt = place(plan_.conditions.size(), sizeof(Expression), alignof(Expression));
    const std::size_t eventsAt = place(plan_.eventTransitions.size(), sizeof(Transition), alignof(Transition));
    const std::size_t selectionAt =
        place(plan_.selection.size(), sizeof(SelectionTransition), alignof(SelectionTransition));
    textBytes_ = 0;
    ForEachText([this](std::string_view text) { textBytes_ += text.size() + 1; });
    const std::size_t textAt = place(textBytes_, 1, 1);

    // Pass 2: one allocation, then every part in place.
    auto tree = std::shared_ptr<BuiltTree>(new BuiltTree());
    tree->arena_.reset(new std::byte[bytes]);
    tree->bytes_ = bytes;
    std::byte* base = tree->arena_.get();
    text_ = reinterpret_cast<char*>(base + textAt);
    textUsed_ = 0;

    auto* deciders = reinterpret_cast<DeciderDef*>(base + decidersAt);
    auto* data = reinterpret_cast<DeciderData*>(base + dataAt);
    auto* locations = reinterpret_cast<BuiltTree::Location*>(base + locationsAt);
    auto* children = reinterpret_cast<const DeciderDef**>(base + childrenAt);
    auto* behaviors = reinterpret_cast<BehaviorDef*>(base + behaviorsAt);
    auto* params = reinterpret_cast<Param*>(base + paramsAt);
    auto* variables = reinterpret_cast<VariableDecl*>(base + variablesAt);
    auto* signals = reinterpret_cast<VariableSignal*>(base + signalsAt);
    auto* enums = reinterpret_cast<VariableEnum*>(base + enumsAt);
    auto* enumNames = reinterpret_cast<const char**>(base + enumNamesAt);
    auto* floats = reinterpret_cast<float*>(base + floatsAt);
    tree->expressions_ = reinterpret_cast<Expression*>(base + expressionsAt);
    auto* events = reinterpret_cast<Transition*>(base + eventsAt);
    auto* selection = reinterpret_cast<SelectionTransition*>(base + selectionAt);
    for (std::size_t i = 0; i < plan_.eventTransitions.size(); ++i) {
      new (events + i) Transition(plan_.eventTransitions[i]);
      events[i].event = Copy(plan_.eventTransitions[i].event);
    }
    for (std::size_t i = 0; i < plan_.selection.size(); ++i) {
      const PlanSelection& tr = plan_.selection[i];
      new (selection + i) SelectionTransition{tr.from, tr.to, deciders + n + tr.condition};
    }
    for (Expression& condition : plan_.conditions)
      new (tree->expressions_ + tree->expressionCount_++) Expression(std::move(condition));

    for (std::size_t i = 0; i < plan_.behaviors.size(); ++i) {
      const PlanBehavior& b = plan_.behaviors[i];
      BehaviorDef* def = new (behaviors + i) BehaviorDef(b.def);
      def->name = Copy(b.name);
      def->memory.name = b.def.memory.size != 0 ? Copy(b.memoryName) : nullptr;
    }
    for (std::size_t i = 0; i < plan_.params.size(); ++i) {
      const PlanParam& p = plan_.params[i];
      new (params + i) Param{p.name.empty() ? nullptr : Copy(p.name), p.type, p.number,
                             p.hasText ? Copy(p.text) : nullptr,
                             p.program >= 0 ? tree->expressions_ + p.program : nullptr};
    }
    for (std::size_t i = 0; i < spec_.variables.size(); ++i) {
      const VariableSpec& v = spec_.variables[i];
      VariableSignal* own = v.signals.empty() ? nullptr : signals;
      for (const VariableSpec::Signal& signal : v.signals) new (signals++) VariableSignal{Copy(signal.signal), signal.value};
      new (variables + i)
          VariableDecl{Copy(v.name), v.type, v.type == VariableType::Bool ? (v.initial != 0 ? 1.0 : 0.0) : v.initial,
                       v.setOnEvent.empty() ? nullptr : Copy(v.setOnEvent),
                       v.exclusiveTo.empty() ? nullptr : Copy(v.exclusiveTo), own,
                       static_cast<std::uint16_t>(v.signals.size())};
      variables[i].initialInteger = v.initialInteger;
      variables[i].floatCount = v.floatCount;
      if (v.type == VariableType::Enum) {
        const char** names = enumNames;
        for (const std::string& name : v.enumNames) *enumNames++ = Copy(name);
        variables[i].enumType =
            new (enums++) VariableEnum{Copy(v.enumName), names, static_cast<std::uint16_t>(v.enumNames.size())};
      }
      if (v.type == VariableType::Floats && !v.initialFloats.empty()) {
        variables[i].initialFloats = floats;
        for (const float f : v.initialFloats) *floats++ = f;
      }
    }
    for (std::size_t i = 0; i < plan_.children.size(); ++i)
      children[i] = deciders + plan_.children[i];
    const auto make = [&](const NodeSpec& spec, const PlanNode& node, DeciderData* data) {
      DeciderDef def{};
      def.name = Copy(spec.name);
      def.kind = spec.kind;
      def.policy = spec.policy;
      def.flags = spec.flags;
      def.children = node.childCount > 0 ? children + node.childBegin : nullptr;
      def.childCount = static_cast<std::uint16_t>(node.childCount);
      def.behavior = node.behavior >= 0 ? behaviors + node.behavior : nullptr;
      def.behaviorFlags = spec.behaviorFlags;
      def.decide = node.decide;
      def.dblock = node.dblock;
      def.dblock.name = node.dblock.size != 0 ? Copy(node.dblockName) : nullptr;
      def.preconditions = spec.preconditions;
      def.random = node.random;
      def.agentType = node.agentType;
      def.data = data;
      def.params = node.paramCount > 0 ? params + node.paramBegin : nullptr;
      def.paramCount = static_cast<std::uint16_t>(node.paramCount);
      def.config = spec.config;
      def.config.eventTransitions = node.eventCount > 0 ? events + node.eventBegin : nullptr;
      def.config.eventTransitionCount = static_cast<std::uint8_t>(node.eventCount);
      def.config.transitions = node.selectionCount > 0 ? selection + node.selectionBegin : nullptr;
      def.config.transitionCount = static_cast<std::uint16_t>(node.selectionCount);
      def.config.scopeName = spec.scopeName.empty() ? nullptr : Copy(spec.scopeName);
      if (spec.kind == DeciderKind::Group && spec.policy == GroupPolicy::GroupScope)
        def.config.findScope = options_.findScope != nullptr ? options_.findScope
                               : options_.stubUnknownNames ? StubScopeFinder()
                                                           : nullptr;
      return def;
    };
    for (std::size_t i = 0; i < n; ++i) {
      const NodeSpec& spec = spec_.nodes[i];
      new (data + i) DeciderData{};
      DeciderDef def = make(spec, plan_.nodes[i], data + i);
      if (i == plan_.root && !spec_.variables.empty()) {
        def.variables = variables;
        def.variableCount = static_cast<std::uint16_t>(spec_.variables.size());
      }
      new (deciders + i) DeciderDef(def);
      new (locations + i) BuiltTree::Location{File(spec.where), spec.where.line, spec.where.column};
    }
    for (std::size_t i = 0; i < plan_.conditionNodes.size(); ++i) {
      new (data + n + i) DeciderData{};
      new (deciders + n + i) DeciderDef(make(plan_.conditionSpecs[i], plan_.conditionNodes[i], data + n + i));
    }
    tree->deciders_ = deciders;
    tree->locations_ = locations;
    tree->count_ = n;
    tree->root_ = plan_.root;
    return tree;
  }

 private:
  // Every string the tree keeps, in the order Write copies them (files once each).
  template <class F>
  void ForEachText(F&& f) {
    for (const PlanBehavior& b : plan_.behaviors) {
      f(b.name);
      if (b.def.memory.size != 0) f(b.memoryName);
    }
    for (const PlanParam& p : plan_.params) {
      if (!p.name.empty()) f(p.name);
      if (p.hasText) f(p.text);
    }
    for (const VariableSpec& v : spec_.variables) {
      f(v.name);
      if (!v.setOnEvent.empty()) f(v.setOnEvent);
      if (!v.exclusiveTo.empty()) f(v.exclusiveTo);
      for (const VariableSpec::Signal& signal : v.signals) f(signal.signal);
      if (v.type == VariableType::Enum) {
        f(v.enumName);
        for (const std::string& name : v.enumNames) f(name);
      }
    }
    for (const Transition& tr : plan_.eventTransitions) f(std::string_view(tr.event));
    for (std::size_t i = 0; i < plan_.conditionNodes.size(); ++i) {
      f(plan_.conditionSpecs[i].name);
      if (plan_.conditionNodes[i].dblock.size != 0) f(plan_.conditionNodes[i].dblockName);
    }
    std::unordered_map<std::string_view, int> files;
    for (std::size_t i = 0; i < spec_.nodes.size(); ++i) {
      const NodeSpec& spec = spec_.nodes[i];
      f(spec.name);
      if (!spec.scopeName.empty()) f(spec.scopeName);
      if (plan_.nodes[i].dblock.size != 0) f(plan_.nodes[i].dblockName);
      if (files.emplace(report_.FileOf(spec.where), 0).second) f(report_.FileOf(spec.where));
    }
  }

  const char* Copy(std::string_view text) {
    // Sized in pass 1 by ForEachText over the same strings; never beyond it.
    if (textUsed_ + text.size() + 1 > textBytes_) return "";
    char* at = text_ + textUsed_;
    if (!text.empty()) std::memcpy(at, text.data(), text.size());
    at[text.size()] = '\0';
    textUsed_ += text.size() + 1;
    return at;
  }

  const char* File(const SourceLocation& where) {
    const std::string_view file = report_.FileOf(where);
    const auto found = files_.find(file);
    if (found != files_.end()) return found->second;
    const char* copy = Copy(file);
    files_.emplace(file, copy);
    return copy;
  }

  const TreeSpec& spec_;
  Plan& plan_;
  const Report& report_;
  const BuildOptions& options_;
  char* text_ = nullptr;
  std::size_t textBytes_ = 0;
  std::size_t textUsed_ = 0;
  std::unordered_map<std::string_view, const char*> files_;
};

// =============================================================== [SECTION] BuildTree

std::string TooManyNodesMessage() {
  return "more than bt::data::kMaxSpecNodes (" + std::to_string(kMaxSpecNodes) + ") nodes";
}

BuildResult BuildTree(const TreeSpec& spec, const Registry& registry, const BuildOptions& options) {
  BuildResult result;
  Report report(spec, result);
  Plan plan;
  if (!Planner(spec, registry, options, report).Run(plan)) {
    report.Finish();
    return result;
  }
  std::shared_ptr<BuiltTree> tree = TreeArena(spec, plan, report, options).Write();
  // The analysis every macro tree gets; its verdict names the decider, placed here.
  TreeError error;
  if (!InitializeTreeData(tree->Root(), &error)) {
    const DeciderDef* culprit = error.decider != nullptr ? error.decider : &tree->Root();
    const BuiltTree::Location at = tree->LocationOf(*culprit);
    report.Error({at.line, at.column, at.file}, culprit->name != nullptr ? culprit->name : "",
                 TreeProblemMessage(error.problem));
    report.Finish();
    return result;
  }
  result.tree = std::move(tree);
  return result;
}

}  // namespace bt::data
