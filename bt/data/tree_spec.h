// bt/data/tree_spec.h — a tree as a loader describes it, before it is built.
//
// A loader (of Unvanquished .bt, MBT or selection-tree XML, or a tool's own
// format) reads its file into a TreeSpec: named nodes, each with where it was
// written, the names of the functions it calls and their arguments as written,
// and its children by name. bt/data/tree_builder.h checks every name against the
// registry and builds the tree; nothing here is checked yet.
//
//   bt::data::TreeSpec spec{.file = "guard.bt"};
//   spec.Group("ROOT", bt::GroupPolicy::PrioritizedList, {"FLEE", "IDLE"});
//   spec.Behavior("FLEE", "Flee").Decide("TooWeak");
//   spec.Behavior("IDLE", "Idle");
//   spec.Behavior("ATTACK", "Shoot").Condition("health > 30 && inRange(E_GOAL)", bt::data::Dialect::Unvanquished);
//   spec.Group("KNOCK", bt::GroupPolicy::LoopUntilSuccess, {"OPEN_DOOR"}).Count(3);
//   spec.Group("MACHINE", bt::GroupPolicy::StateMachine, {"IDLE", "COMBAT"});
//   spec.Group("IDLE", bt::GroupPolicy::Decorator, {"IDLE_TREE"}).OnEvent("OnEnemySeen", "COMBAT");
//   spec.Group("ALERT", bt::GroupPolicy::SelectionStateMachine, {"SEARCH", "ATTACK"})
//       .Transition("SEARCH", "ATTACK", {"Sees", bt::data::Dialect::Cry});
//   spec.Group("INVESTIGATE", bt::GroupPolicy::GroupScope, {"LOOK"}).Scope("DeadBodyInvestigator", 2);
//   spec.Timestamp("EnemySeen", "OnEnemySeen", "EnemyLost");
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "bt/core/classic.h"
#include "bt/data/expression.h"
#include "bt/core/kinds.h"
#include "bt/core/param.h"
#include "bt/core/preconditions.h"
#include "bt/core/timestamps.h"
#include "bt/core/variables.h"

namespace bt::data {

// Where something was written. Lines and columns count from 1; 0 means unknown.
struct SourceLocation {
  std::uint32_t line = 0;
  std::uint32_t column = 0;
  // The file, when not the spec's (an included file); the loader keeps the text
  // alive until the build returns.
  std::string_view file = {};
};

// One argument of a call, or one named parameter of a node, as written.
struct ArgSpec {
  std::string name;  // empty: positional
  ParamType type = ParamType::Number;
  double number = 0;  // Number, Bool (0 or 1)
  // Text: the string. Symbol: the name of a registered constant, whose value the
  // builder looks up. Expression: its source (stored as written).
  std::string text;
  SourceLocation where;

  static ArgSpec Number(double value, SourceLocation at = {}) { return {{}, ParamType::Number, value, {}, at}; }
  static ArgSpec Bool(bool value, SourceLocation at = {}) { return {{}, ParamType::Bool, value ? 1.0 : 0.0, {}, at}; }
  static ArgSpec Text(std::string value, SourceLocation at = {}) { return {{}, ParamType::Text, 0, std::move(value), at}; }
  static ArgSpec Symbol(std::string constant, SourceLocation at = {}) {
    return {{}, ParamType::Symbol, 0, std::move(constant), at};
  }
  ArgSpec& Named(std::string parameterName) { name = std::move(parameterName); return *this; }
};

// A call of a registered function: `Shoot(10, "head")`. An empty name: no call.
struct CallSpec {
  std::string name = {};
  std::vector<ArgSpec> args = {};
  SourceLocation where = {};

  bool Empty() const { return name.empty(); }
};

// A child, by the name of the node it refers to: two groups naming one node share it.
struct ChildSpec {
  std::string name = {};
  SourceLocation where = {};
};

// Where a run of a condition's text was written: its bytes from `offset` on, one
// column each, stand from `where` on (until the next piece).
struct ConditionPiece {
  std::size_t offset = 0;
  SourceLocation where = {};
};

// A condition written as an expression (bt/data/expression.h): the decider
// accepts (1.0) when it is true. The builder compiles it against the registry's
// value functions and constants and the tree's declared variables. An empty text: none.
struct ConditionSpec {
  std::string text = {};
  Dialect dialect = Dialect::Unvanquished;
  // Where the text starts in the file: errors then give the absolute place of the
  // fault (a newline in the text moves to the next line). Unknown (line 0): errors
  // give the node's place and the column in the text.
  SourceLocation where = {};
  // When the text is not the file's bytes as they stand from `where` (an XML
  // attribute's entities and line ends, a macro's expansion, text a loader
  // added): where each run of it was written, by increasing offset, the first
  // at 0. Errors are then placed by these, not by `where`.
  std::vector<ConditionPiece> pieces = {};

  bool Empty() const { return text.empty(); }
  // Whether the file's place of the text is known (by `where` or `pieces`).
  bool Placed() const { return where.line > 0 || !pieces.empty(); }
  // Where the text's byte at `column` (1-based, as ExpressionError counts) was written.
  SourceLocation PlaceOf(int column) const;
  // The error's message, a '(' it names placed in the file ("... the '(' at line
  // 3, column 9"; another file's named too).
  std::string PlacedMessage(const ExpressionError& error) const;
};

// A StateMachine state's way out (MBT `<Transition onEvent= to=/>` in its
// `<State>`): given on the state's node, by the event's name and the target
// state's name, one of the machine's children; the builder resolves it to
// bt::Transition (the state's index). A state of two machines must reach the same
// indices from both.
struct EventTransitionSpec {
  std::string event = {};
  std::string to = {};
  SourceLocation where = {};
};

// A SelectionStateMachine's transition (selection tree `<State name=FROM>
// <Transition state=TO condition=.../>`): given on the machine, by its states'
// names (its children), with a condition written as an expression or a
// registered condition or Decide (one of them). The builder makes the condition
// a decider of its own, named "MACHINE: FROM -> TO" (bt::SelectionTransition).
struct SelectionTransitionSpec {
  std::string from = {};
  std::string to = {};
  ConditionSpec condition = {};
  CallSpec decide = {};
  SourceLocation where = {};
};

struct NodeSpec {
  std::string name;  // unique in the spec; the decider's name
  SourceLocation where;
  DeciderKind kind = DeciderKind::Behavior;
  // Behavior deciders: the action they run. Groups: an optional group behavior.
  CallSpec action;
  // A registered condition or Decide; none: the decider accepts with 1.0.
  CallSpec decide;
  // Or a condition expression (not both: a decider has one Decide). Its compiled
  // program becomes the decider's last parameter, named "condition", of type
  // Expression, and bt::data::ExpressionCondition its Decide.
  ConditionSpec condition;
  // Random and Shuffle groups: a registered random source; none: the block's RNG.
  CallSpec random;
  // The decider's parameters are the positional arguments of its action or of its
  // Decide (one of the two may have them), then every named argument, then these.
  std::vector<ArgSpec> params;
  GroupPolicy policy = GroupPolicy::PrioritizedList;  // groups
  std::uint32_t flags = kNoDeciderFlags;              // DeciderFlags
  std::uint32_t behaviorFlags = 0;
  Preconditions preconditions{};
  std::vector<ChildSpec> children;  // groups, highest priority first
  // Classic groups: the numbers their policy reads (bt/core/classic.h); a field another
  // policy reads is refused, as BT_COUNT on a Sequence is by the macros.
  // Its pointers (transitions, scopeName, findScope, eventTransitions) are the
  // builder's to fill, from the fields below and BuildOptions::findScope: a spec
  // that sets them is refused.
  NodeConfig config{};
  // A state of a StateMachine: its transitions on events (any decider may be a state).
  std::vector<EventTransitionSpec> eventTransitions = {};
  // A SelectionStateMachine: its transitions, each state's tried in this order.
  std::vector<SelectionTransitionSpec> selectionTransitions = {};
  // A GroupScope: the name of the game's scope (config.allowedUsers: how many
  // agents may be inside at once); BuildOptions::findScope finds it for an agent.
  std::string scopeName = {};

  // Chainable setters for trees written in C++ (tests, tools).
  NodeSpec& Decide(std::string decideName, std::vector<ArgSpec> args = {}) {
    decide = {std::move(decideName), std::move(args), {}};
    return *this;
  }
  NodeSpec& Condition(std::string text, Dialect dialect = Dialect::Unvanquished, SourceLocation at = {},
                      std::vector<ConditionPiece> pieces = {}) {
    condition = {std::move(text), dialect, at, std::move(pieces)};
    return *this;
  }
  NodeSpec& Random(std::string randomName) { random = {std::move(randomName), {}, {}}; return *this; }
  NodeSpec& Flags(std::uint32_t deciderFlags) { flags = deciderFlags; return *this; }
  NodeSpec& At(std::uint32_t line, std::uint32_t column) { where = {line, column, {}}; return *this; }
  // The classic groups' numbers, as BT_RESULTS, BT_COUNT, BT_SECONDS and BT_CHANCE give them.
  NodeSpec& Results(ResultMap results) { config.results = results; return *this; }
  NodeSpec& Count(std::uint32_t times) { config.count = times; return *this; }
  NodeSpec& Seconds(float delay) { config.seconds = delay; return *this; }
  NodeSpec& Chance(float probability) { config.chance = probability; return *this; }
  // The kinds of MBT and the selection trees, as BT_EVENT_TRANSITIONS, BT_TRANSITIONS and BT_SCOPE give them.
  NodeSpec& OnEvent(std::string event, std::string toState, SourceLocation at = {}) {
    eventTransitions.push_back({std::move(event), std::move(toState), at});
    return *this;
  }
  NodeSpec& Transition(std::string from, std::string to, ConditionSpec when, SourceLocation at = {}) {
    selectionTransitions.push_back({std::move(from), std::move(to), std::move(when), {}, at});
    return *this;
  }
  NodeSpec& TransitionIf(std::string from, std::string to, std::string decideName, std::vector<ArgSpec> args = {},
                         SourceLocation at = {}) {
    selectionTransitions.push_back(
        {std::move(from), std::move(to), {}, {std::move(decideName), std::move(args), at}, at});
    return *this;
  }
  NodeSpec& Scope(std::string scope, std::uint32_t allowedUsers = 1) {
    scopeName = std::move(scope);
    config.allowedUsers = allowedUsers;
    return *this;
  }
};

struct VariableSpec {
  std::string name = {};
  VariableType type = VariableType::Bool;
  double initial = 0;
  SourceLocation where = {};
  // A timestamp (bt/core/timestamps.h): set on the event named setOnEvent, clearing
  // the timestamp exclusiveTo (empty: none). Declare it with TreeSpec::Timestamp.
  std::string setOnEvent = {};
  std::string exclusiveTo = {};
  // The signals that set it (bt::VariableSignal), in the file's order.
  struct Signal {
    std::string signal;
    double value = 0;
  };
  std::vector<Signal> signals = {};
  // Typed variables (bt::VariableDecl): an Int32's, Int64's or Enum's initial
  // value (an Enum's: its name's place in enumNames); an Enum's type name and its
  // names in value order; a Floats variable's count and initial values (empty: zeros).
  std::int64_t initialInteger = 0;
  std::string enumName = {};
  std::vector<std::string> enumNames = {};
  std::uint8_t floatCount = 0;
  std::vector<float> initialFloats = {};
};

struct TreeSpec {
  std::string file = {};  // named in every error (e.g. "guard.bt")
  std::string root = {};  // the root node's name; empty: the first node
  std::vector<NodeSpec> nodes = {};
  std::vector<VariableSpec> variables = {};  // declared on the root (bt/core/variables.h)

  NodeSpec& Behavior(std::string name, std::string action, std::vector<ArgSpec> args = {}) {
    NodeSpec& node = nodes.emplace_back();
    node.name = std::move(name);
    node.kind = DeciderKind::Behavior;
    node.action = {std::move(action), std::move(args), {}};
    return node;
  }
  // A timestamp variable, as bt::TimestampVariable declares it.
  VariableSpec& Timestamp(std::string name, std::string setOnEvent, std::string exclusiveTo = {}, SourceLocation at = {}) {
    return variables.emplace_back(VariableSpec{std::move(name), VariableType::Number, kTimestampNeverSet, at,
                                               std::move(setOnEvent), std::move(exclusiveTo)});
  }
  NodeSpec& Group(std::string name, GroupPolicy policy, std::initializer_list<std::string_view> children) {
    NodeSpec& node = nodes.emplace_back();
    node.name = std::move(name);
    node.kind = DeciderKind::Group;
    node.policy = policy;
    for (std::string_view child : children) node.children.push_back({std::string(child), {}});
    return node;
  }
};

}  // namespace bt::data
