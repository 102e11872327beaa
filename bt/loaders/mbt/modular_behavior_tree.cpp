// bt/loaders/mbt/modular_behavior_tree.cpp — MBT XML (pugixml) onto a TreeSpec (see
// the header for the mapping).
//
// Index
//   [SECTION] Basics       — failures, the loader's own node names, element lists
//   [SECTION] Reader       — declarations, attributes, names and nodes onto a TreeSpec
//   [SECTION] Entry points — parse, registry, load
//
// pugixml gives each element's offset (of its name); lines and columns are
// counted here. It does not place attributes, so the few whose place matters
// (conditions, whose faults the builder places inside the text) are found by a
// scan of the element's start tag. The first mistake ends the read: a later one
// often follows from it.
#include "bt/loaders/mbt/modular_behavior_tree.h"
#include "bt/loaders/node_name_limit.h"

#include <pugixml.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstring>
#include <map>
#include <optional>
#include <utility>

#include "bt/engine/builtin_behaviors.h"
#include "bt/core/classic.h"
#include "bt/data/closest_names.h"
#include "bt/data/node_logs.h"
#include "bt/engine/events.h"
#include "bt/loaders/equal_no_case.h"
#include "bt/loaders/line_index.h"
#include "bt/loaders/source_files.h"
#include "bt/loaders/xml_places.h"
#include "bt/core/timestamps.h"
#include "bt/core/variables.h"
#include "bt/loaders/typed_variables.h"

namespace bt::loaders {
namespace {

using bt::data::ArgSpec;
using bt::data::NodeSpec;
using bt::data::SourceLocation;

// =============================================================== [SECTION] Basics
struct LoadFailure {
  SourceLocation where;
  std::string message;
};

// Every node type the loader builds itself, for "closest" suggestions.
constexpr std::string_view kCoreNodes[] = {
    "Sequence", "Selector", "Parallel", "Loop", "LoopUntilSuccess", "Priority", "StateMachine", "SendEvent",
    "SendTransitionEvent", "IfCondition", "AssertCondition", "MonitorCondition", "RandomGate", "Timeout", "Wait",
    "WaitForEvent", "IfTime", "AssertTime", "WaitUntilTime", "Fail", "SuppressFailure", "Log", "Halt", "Breakpoint",
    "Graft", "GroupScope", "LuaGate", "ExecuteLua", "AssertLua", "LuaWrapper", "LuaBehavior"};

constexpr std::string_view kLogAttributes[] = {"_startLog", "_successLog", "_failureLog"};

std::string Quoted(std::string_view text) { return "'" + std::string(text) + "'"; }

std::vector<pugi::xml_node> Elements(pugi::xml_node parent) {
  std::vector<pugi::xml_node> elements;
  for (pugi::xml_node child : parent.children())
    if (child.type() == pugi::node_element) elements.push_back(child);
  return elements;
}

// =============================================================== [SECTION] Reader
class Reader {
 public:
  Reader(std::string_view text, const std::string& file, const bt::data::Registry& registry,
         const LoadOptions& options, ModularBehaviorTreeParse& out)
      : text_(text), file_(file), registry_(registry), options_(options), out_(out), spec_(out.spec), lines_(text) {}

  SourceLocation At(std::size_t offset) const {
    const LineColumn at = lines_.At(offset);
    return {at.line, at.column, {}};
  }
  // An element's place: its '<'.
  SourceLocation NodeAt(pugi::xml_node element) const {
    const std::ptrdiff_t offset = element.offset_debug();
    return At(offset > 0 ? static_cast<std::size_t>(offset - 1) : 0);
  }

  [[noreturn]] static void Fail(SourceLocation where, std::string message) {
    throw LoadFailure{where, std::move(message)};
  }

  void ReadFile(const pugi::xml_document& document) {
    const pugi::xml_node top = document.document_element();
    if (!top) Fail(At(0), "expected a <BehaviorTree> element");
    if (std::string_view(top.name()) != "BehaviorTree")
      Fail(NodeAt(top), "expected <BehaviorTree> as the root element, found <" + std::string(top.name()) + ">");
    CountNames(top);
    pugi::xml_node root;
    std::map<std::string, SourceLocation, std::less<>> seen;
    for (pugi::xml_node section : Elements(top)) {
      const std::string_view name = section.name();
      constexpr std::string_view kSections[] = {"Variables", "SignalVariables", "Timestamps", "Events",
                                                "MetaExtensions", "Root"};
      if (std::find(std::begin(kSections), std::end(kSections), name) == std::end(kSections))
        Fail(NodeAt(section), "unknown element <" + std::string(name) +
                                  "> in <BehaviorTree> (expected Variables, SignalVariables, Timestamps, Events, "
                                  "MetaExtensions or Root)" + bt::data::ClosestNamesSuffix(name, std::span(kSections)));
      if (const auto [at, added] = seen.emplace(name, NodeAt(section)); !added)
        Fail(NodeAt(section), "a second <" + std::string(name) + "> (the first is at line " +
                                  std::to_string(at->second.line) + ")");
      if (name == "Variables") ReadVariables(section);
      else if (name == "Timestamps") ReadTimestamps(section);
      else if (name == "Root") root = section;
    }
    // Signals name variables, which may be declared after them.
    if (pugi::xml_node signals = top.child("SignalVariables")) ReadSignals(signals);
    CheckExclusiveTo();
    if (!root) Fail(NodeAt(top), "<BehaviorTree> has no <Root>");
    const std::vector<pugi::xml_node> nodes = Elements(root);
    if (nodes.size() != 1)
      Fail(nodes.size() > 1 ? NodeAt(nodes[1]) : NodeAt(root),
           "<Root> holds exactly one node, given " + (nodes.empty() ? std::string("none") : std::to_string(nodes.size())));
    spec_.root = Add(nodes[0], 1);
    bt::data::AttachNodeLogs(spec_, logged_);  // the names it adds contain '.': never a node's own
  }

 private:
  // ------------------------------------------------------------ declarations
  // MBT's booleans, and bt's typed variables (bt/loaders/typed_variables.h): a
  // `type` attribute, and `<Enum name values/>` among the variables, before or
  // after those that take it.
  void ReadVariables(pugi::xml_node section) {
    for (pugi::xml_node e : Elements(section)) {
      if (std::string_view(e.name()) != "Enum") continue;
      const std::string name = Required(e, "name");
      std::vector<std::string> names;
      if (const std::string error = ReadEnumNames(Required(e, "values"), names); !error.empty())
        Fail(NodeAt(e), "Enum " + Quoted(name) + ": " + error);
      if (!enums_.emplace(name, std::move(names)).second) Fail(NodeAt(e), "Enum " + Quoted(name) + " declared twice");
    }
    for (pugi::xml_node v : Elements(section)) {
      if (std::string_view(v.name()) == "Enum") continue;
      Expect(v, "Variable", "Variables");
      const std::string name = Required(v, "name");
      Declare(v, name);
      bt::data::VariableSpec& out = spec_.variables.emplace_back();
      out.name = name;
      out.type = VariableType::Bool;
      out.where = NodeAt(v);
      const std::string_view type = v.attribute("type").value();
      if (IsBoolType(type)) {
        out.initial = v.attribute("default") ? Bool(v, "default") : false;
      } else if (const std::string error = TypeVariable(type, v.attribute("default") ? v.attribute("default").value() : nullptr,
                                                       enums_, registry_, out);
                 !error.empty()) {
        Fail(NodeAt(v), error);
      }
      variables_.push_back(name);
    }
  }
  void ReadTimestamps(pugi::xml_node section) {
    for (pugi::xml_node t : Elements(section)) {
      Expect(t, "Timestamp", "Timestamps");
      const std::string name = Required(t, "name");
      Declare(t, name);
      spec_.Timestamp(name, Required(t, "setOnEvent"), t.attribute("exclusiveTo").value(), NodeAt(t));
      timestamps_.push_back(name);
    }
  }
  void CheckExclusiveTo() const {
    for (const bt::data::VariableSpec& v : spec_.variables) {
      if (v.exclusiveTo.empty()) continue;
      if (std::find(timestamps_.begin(), timestamps_.end(), v.exclusiveTo) == timestamps_.end())
        Fail(v.where, "Timestamp " + Quoted(v.name) + " is exclusiveTo " + Quoted(v.exclusiveTo) +
                          ", which is not a declared timestamp" +
                          bt::data::ClosestNamesSuffix(v.exclusiveTo, timestamps_));
    }
  }
  void ReadSignals(pugi::xml_node section) {
    for (pugi::xml_node s : Elements(section)) {
      Expect(s, "Signal", "SignalVariables");
      MbtSignalSpec signal{Required(s, "name"), Required(s, "variable"), 0.0, NodeAt(s)};
      if (std::find(variables_.begin(), variables_.end(), signal.variable) == variables_.end())
        Fail(NodeAt(s), "Signal " + Quoted(signal.signal) + " sets unknown variable " + Quoted(signal.variable) +
                            bt::data::ClosestNamesSuffix(signal.variable, variables_));
      const std::string value = Required(s, "value");
      for (const bt::data::VariableSpec& v : out_.spec.variables) {
        if (v.name != signal.variable) continue;
        if (v.type == VariableType::Bool) {
          signal.value = Bool(s, "value") ? 1.0 : 0.0;
        } else if (const std::string error = TypedSignalValue(v, value, signal.value); !error.empty()) {
          Fail(NodeAt(s), "Signal " + Quoted(signal.signal) + ": " + error);
        }
      }
      // Declared with the variable, so the tree's SendEvent nodes set it too (bt/engine/events.h).
      for (bt::data::VariableSpec& v : out_.spec.variables)
        if (v.name == signal.variable) v.signals.push_back({signal.signal, signal.value});
      out_.signals.push_back(std::move(signal));
    }
  }
  void Declare(pugi::xml_node element, const std::string& name) {
    if (const auto [at, added] = declared_.emplace(name, NodeAt(element)); !added)
      Fail(NodeAt(element), Quoted(name) + " declared twice (first at line " + std::to_string(at->second.line) + ")");
  }
  void Expect(pugi::xml_node element, std::string_view want, std::string_view section) const {
    if (element.name() != want)
      Fail(NodeAt(element), "unknown element <" + std::string(element.name()) + "> in <" + std::string(section) +
                                "> (expected <" + std::string(want) + ">)");
  }

  // ------------------------------------------------------------ attributes
  std::string Required(pugi::xml_node element, const char* attribute) const {
    const pugi::xml_attribute a = element.attribute(attribute);
    if (!a) Fail(NodeAt(element), std::string(element.name()) + ": missing required attribute " + Quoted(attribute));
    return a.value();
  }
  // A required attribute the engine refuses empty too (a name, an event).
  std::string RequiredNotEmpty(pugi::xml_node element, const char* attribute) const {
    std::string value = Required(element, attribute);
    if (value.empty()) Fail(NodeAt(element), std::string(element.name()) + ": attribute " + Quoted(attribute) + " is empty");
    return value;
  }
  [[noreturn]] void BadValue(pugi::xml_node element, const char* attribute, const char* expected) const {
    Fail(NodeAt(element), std::string(element.name()) + ": attribute " + Quoted(attribute) + " must be " + expected +
                              ", given " + Quoted(element.attribute(attribute).value()));
  }
  // MBT reads booleans as "true"/"false" (any case) or 1/0.
  bool Bool(pugi::xml_node element, const char* attribute) const {
    const std::string_view value = element.attribute(attribute).value();
    if (EqualNoCase(value, "true") || value == "1") return true;
    if (EqualNoCase(value, "false") || value == "0") return false;
    BadValue(element, attribute, "true, false, 1 or 0");
  }
  static std::optional<double> ParseNumber(std::string_view value) {
    double number = 0;
    const bool negative = !value.empty() && value.front() == '-';
    const std::string_view digits = value.substr(negative ? 1 : 0);
    if (digits.empty() || digits.front() == '-' || digits.front() == '+') return std::nullopt;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), number);
    if (ec != std::errc() || end != digits.data() + digits.size() || !std::isfinite(number)) return std::nullopt;
    return negative ? -number : number;
  }
  double Number(pugi::xml_node element, const char* attribute, const char* expected = "a number") const {
    const std::optional<double> number = ParseNumber(element.attribute(attribute).value());
    if (!number) BadValue(element, attribute, expected);
    return *number;
  }
  // Seconds, any number (the engine reads them as floats, negative ones too), or
  // `fallback` when absent.
  double Seconds(pugi::xml_node element, const char* attribute, double fallback = 0) const {
    if (!element.attribute(attribute)) return fallback;
    return Number(element, attribute);
  }
  std::uint32_t Count(pugi::xml_node element, const char* attribute, std::uint32_t fallback, std::uint32_t least,
                      std::uint32_t most = 4294967295u) const {
    if (!element.attribute(attribute)) return fallback;
    const std::string expected = most == 4294967295u ? "a whole number >= " + std::to_string(least)
                                                     : "a whole number from " + std::to_string(least) + " to " +
                                                           std::to_string(most);
    const std::optional<double> number = ParseNumber(element.attribute(attribute).value());
    if (!number || *number < least || *number > most || std::floor(*number) != *number)
      BadValue(element, attribute, expected.c_str());
    return static_cast<std::uint32_t>(*number);
  }
  // Where each run of the element's attribute's value was written (the element's
  // place when the value cannot be found), `prefix` (text the loader puts
  // before it) placed at its start.
  std::vector<bt::data::ConditionPiece> ValuePieces(pugi::xml_node element, const char* attribute,
                                                    std::size_t prefix) const {
    const std::ptrdiff_t name = element.offset_debug();
    const std::size_t value =
        name > 0 ? XmlAttributeValueOffset(text_, static_cast<std::size_t>(name), attribute) : kNoXmlOffset;
    std::vector<bt::data::ConditionPiece> pieces = XmlValuePieces(text_, value, lines_);
    if (pieces.empty()) return {{0, NodeAt(element)}};
    for (bt::data::ConditionPiece& piece : pieces) piece.offset += prefix;
    if (prefix > 0) pieces.insert(pieces.begin(), {0, pieces.front().where});
    return pieces;
  }

  // ------------------------------------------------------------ names
  std::string BaseName(pugi::xml_node element) const {
    const std::string_view type = element.name();
    if (type == "State" && element.attribute("name")) return element.attribute("name").value();
    return std::string(type);
  }
  std::string LineName(pugi::xml_node element) const {
    return BaseName(element) + "@" + std::to_string(NodeAt(element).line);
  }
  // How many elements share each "Base@LINE": those that do get their columns.
  // Iterative: the tree may be deeper than the reader goes.
  void CountNames(pugi::xml_node top) {
    for (pugi::xml_node n = top.first_child(); n && n != top;) {
      if (n.type() == pugi::node_element) ++lineNames_[LineName(n)];
      if (n.first_child()) {
        n = n.first_child();
        continue;
      }
      while (n != top && !n.next_sibling()) n = n.parent();
      if (n != top) n = n.next_sibling();
    }
  }
  std::string NameOf(pugi::xml_node element) const {
    std::string name = LineName(element);
    if (const auto tooLong = NodeNameTooLong(name.size())) Fail(NodeAt(element), *tooLong);
    const auto count = lineNames_.find(name);
    if (count != lineNames_.end() && count->second > 1) name += ":" + std::to_string(NodeAt(element).column);
    return name;
  }

  // ------------------------------------------------------------ nodes
  NodeSpec& Node(std::size_t index) { return spec_.nodes[index]; }
  std::size_t NewNode(std::string name, SourceLocation where, DeciderKind kind, GroupPolicy policy = {}) {
    NodeSpec& node = spec_.nodes.emplace_back();
    node.name = std::move(name);
    node.where = where;
    node.kind = kind;
    node.policy = policy;
    return spec_.nodes.size() - 1;
  }
  void AddChild(std::size_t parent, pugi::xml_node child, int depth) {
    const std::string name = Add(child, depth + 1);
    Node(parent).children.push_back({name, NodeAt(child)});
  }
  // Children of a composite: at least one (and at most `most`).
  void Composite(std::size_t index, pugi::xml_node element, int depth, std::size_t most = 0) {
    const std::vector<pugi::xml_node> children = Elements(element);
    if (children.empty()) Fail(NodeAt(element), std::string(element.name()) + " needs at least one child node");
    if (most != 0 && children.size() > most)
      Fail(NodeAt(element), std::string(element.name()) + " has " + std::to_string(children.size()) +
                                " children; at most " + std::to_string(most) + " are allowed");
    for (pugi::xml_node child : children) AddChild(index, child, depth);
  }
  pugi::xml_node OnlyChild(pugi::xml_node element) const {
    const std::vector<pugi::xml_node> children = Elements(element);
    if (children.size() != 1)
      Fail(children.size() > 1 ? NodeAt(children[1]) : NodeAt(element),
           std::string(element.name()) + " holds exactly one child node, given " +
               (children.empty() ? std::string("none") : std::to_string(children.size())));
    return children[0];
  }
  void Leaf(pugi::xml_node element) const {
    const std::vector<pugi::xml_node> children = Elements(element);
    if (!children.empty())
      Fail(NodeAt(children[0]), std::string(element.name()) + " is a leaf: it holds no child nodes");
  }
  // A Case's missing or empty condition is true (the default case), as the
  // engine reads it; the other nodes refuse both.
  void Condition(std::size_t index, pugi::xml_node element, std::string prefix = {}, std::string suffix = {}) {
    const bool isCase = std::string_view(element.name()) == "Case";
    const std::string text = isCase ? element.attribute("condition").value() : Required(element, "condition");
    if (!isCase && text.find_first_not_of(" \t\r\n") == std::string::npos)
      Fail(NodeAt(element), std::string(element.name()) + ": attribute 'condition' is empty");
    std::vector<bt::data::ConditionPiece> pieces = ValuePieces(element, "condition", prefix.size());
    const SourceLocation where = pieces.front().where;
    if (!prefix.empty()) CheckSyntax(element, text);
    Node(index).Condition(prefix + text + suffix, bt::data::Dialect::Cry, where, std::move(pieces));
  }
  // The text alone, before the loader wraps it: a '(' it leaves open would
  // otherwise be closed by the wrapping, and the error name the loader's '('.
  void CheckSyntax(pugi::xml_node element, const std::string& text) const {
    struct AnyVariable final : bt::data::ExpressionNames {
      int FindVariable(std::string_view) const override { return 0; }
      bool ChecksTypes() const override { return false; }
    };
    bt::data::ExpressionError error;
    if (bt::data::CompileExpression(text, bt::data::Dialect::Cry, AnyVariable{}, &error)) return;
    const bt::data::ConditionSpec alone{text, bt::data::Dialect::Cry, {}, ValuePieces(element, "condition", 0)};
    Fail(alone.PlaceOf(error.column), std::string(element.name()) + ": condition: " + alone.PlacedMessage(error));
  }
  void Timestamp(std::size_t index, pugi::xml_node element, const char* neverSet) {
    const std::string since = RequiredNotEmpty(element, "since");
    if (std::find(timestamps_.begin(), timestamps_.end(), since) == timestamps_.end())
      Fail(NodeAt(element), std::string(element.name()) + ": unknown timestamp " + Quoted(since) +
                                bt::data::ClosestNamesSuffix(since, timestamps_));
    // isMoreThan first, as the engine reads them: with both, isLessThan is unread.
    const bool more = element.attribute("isMoreThan"), less = element.attribute("isLessThan");
    if (!more && !less)
      Fail(NodeAt(element), std::string(element.name()) + ": give one of the attributes 'isMoreThan' and 'isLessThan'");
    const char* comparison = more ? "isMoreThan" : "isLessThan";
    std::vector<ArgSpec>& params = Node(index).params;
    params.push_back(ArgSpec::Text(since, NodeAt(element)).Named("since"));
    params.push_back(ArgSpec::Number(Seconds(element, comparison), NodeAt(element)).Named(comparison));
    if (element.attribute(neverSet)) params.push_back(ArgSpec::Bool(Bool(element, neverSet), NodeAt(element)).Named(neverSet));
  }
  void Action(std::size_t index, std::string name, SourceLocation where) {
    Node(index).action = {std::move(name), {}, where};
  }
  // A named Text parameter from a required attribute (refused empty when `notEmpty`).
  void TextParam(std::size_t index, pugi::xml_node element, const char* attribute, bool notEmpty = false) {
    const std::string value = notEmpty ? RequiredNotEmpty(element, attribute) : Required(element, attribute);
    Node(index).params.push_back(ArgSpec::Text(value, NodeAt(element)).Named(attribute));
  }
  // Lua code: compiled once, its handle a Number parameter; kept as Text by a stub.
  void Script(std::size_t index, pugi::xml_node element, const char* attribute, bool required) {
    const pugi::xml_attribute a = element.attribute(attribute);
    if (required) RequiredNotEmpty(element, attribute);  // the engine refuses empty code too
    const SourceLocation where = NodeAt(element);
    if (options_.scripts == nullptr) {
      if (!options_.build.stubUnknownNames)
        Fail(where, std::string(element.name()) + " needs a script engine (LoadOptions::scripts)");
      Node(index).params.push_back(ArgSpec::Text(a.value(), where).Named(attribute));
      return;
    }
    double handle = -1;
    if (a) {
      std::string error;
      // Named by the line where the code starts (the value may begin on a later line than its element).
      const std::string chunk = file_ + ":" + std::to_string(ValuePieces(element, attribute, 0).front().where.line);
      const std::int64_t compiled = options_.scripts->Compile(a.value(), chunk, error);
      if (compiled < 0)
        Fail(where, std::string(element.name()) + ": attribute " + Quoted(attribute) + ": " +
                        (error.empty() ? std::string("the script engine refused the code") : error));
      handle = static_cast<double>(compiled);
    }
    Node(index).params.push_back(ArgSpec::Number(handle, where).Named(attribute));
  }

  // A game node: its declared attributes as typed parameters.
  void GameNode(std::size_t index, pugi::xml_node element) {
    const std::string type = element.name();
    const SourceLocation where = NodeAt(element);
    const bt::data::ActionEntry* entry = registry_.FindAction(type);
    // A game node is a leaf: an unknown element with children is a misspelt core
    // node (<Sequnce>), even where unknown names are stubbed.
    if (entry != nullptr || Elements(element).empty()) Leaf(element);
    Action(index, type, where);
    std::vector<ArgSpec>& params = Node(index).params;
    if (entry == nullptr) {
      if (!options_.build.stubUnknownNames || !Elements(element).empty()) {
        std::vector<std::string> known(std::begin(kCoreNodes), std::end(kCoreNodes));
        for (std::string& name : registry_.Names(bt::data::BindingKind::Action)) known.push_back(std::move(name));
        Fail(where, "unknown node type " + Quoted(type) + bt::data::ClosestNamesSuffix(type, known));
      }
      for (pugi::xml_attribute a : element.attributes())
        if (std::find(std::begin(kLogAttributes), std::end(kLogAttributes), a.name()) == std::end(kLogAttributes))
          params.push_back(ArgSpec::Text(a.value(), where).Named(a.name()));
      return;
    }
    for (const bt::data::NamedParam& p : entry->named) {
      const char* attribute = p.name.c_str();
      if (!element.attribute(attribute)) {
        if (p.required) Required(element, attribute);
        continue;
      }
      ArgSpec arg;
      switch (p.type) {
        case ParamType::Number: arg = ArgSpec::Number(Number(element, attribute)); break;
        case ParamType::Bool: arg = ArgSpec::Bool(Bool(element, attribute)); break;
        case ParamType::Symbol: arg = ArgSpec::Symbol(element.attribute(attribute).value()); break;
        case ParamType::Text:
        case ParamType::Expression:
          arg = ArgSpec::Text(element.attribute(attribute).value());
          arg.type = p.type;
          break;
      }
      arg.where = where;
      params.push_back(std::move(arg.Named(p.name)));
    }
  }

  void StateMachine(std::size_t index, pugi::xml_node element, int depth) {
    const std::vector<pugi::xml_node> states = Elements(element);
    if (states.empty()) Fail(NodeAt(element), "StateMachine needs at least one State");
    std::vector<std::string> stateNames;
    for (pugi::xml_node state : states) {
      if (std::string_view(state.name()) != "State")
        Fail(NodeAt(state), "StateMachine holds only <State> elements, given <" + std::string(state.name()) + ">");
      const std::string name = Required(state, "name");
      for (const std::string& other : stateNames)
        if (EqualNoCase(other, name)) Fail(NodeAt(state), "StateMachine: a second state named " + Quoted(name));
      stateNames.push_back(name);
    }
    if (depth + 1 > kMaxMbtDepth) Fail(NodeAt(states[0]), DeepMessage());
    for (pugi::xml_node state : states) {
      const std::size_t s = NewNode(NameOf(state), NodeAt(state), DeciderKind::Group, GroupPolicy::Decorator);
      Node(index).children.push_back({Node(s).name, NodeAt(state)});
      pugi::xml_node tree;
      for (pugi::xml_node part : Elements(state)) {
        const std::string_view what = part.name();
        if (what == "Transitions") {
          for (pugi::xml_node t : Elements(part)) {
            Expect(t, "Transition", "Transitions");
            const std::string to = RequiredNotEmpty(t, "to"), event = RequiredNotEmpty(t, "onEvent");
            const auto target = std::find_if(stateNames.begin(), stateNames.end(),
                                             [&](const std::string& n) { return EqualNoCase(n, to); });
            if (target == stateNames.end())
              Fail(NodeAt(t), "Transition to unknown state " + Quoted(to) +
                                  bt::data::ClosestNamesSuffix(to, stateNames));
            Node(s).OnEvent(event, NameOf(states[static_cast<std::size_t>(target - stateNames.begin())]), NodeAt(t));
          }
        } else if (what == "BehaviorTree") {
          if (tree) Fail(NodeAt(part), "State: a second <BehaviorTree>");
          tree = part;
        } else {
          Fail(NodeAt(part), "unknown element <" + std::string(what) +
                                 "> in <State> (expected Transitions or BehaviorTree)");
        }
      }
      if (!tree) Fail(NodeAt(state), "State " + Quoted(state.attribute("name").value()) + " has no <BehaviorTree>");
      AddChild(s, OnlyChild(tree), depth + 1);
    }
  }

  static std::string DeepMessage() { return "nodes nested deeper than " + std::to_string(kMaxMbtDepth) + " levels"; }

  // Adds the node `element` and its subtree; returns the name its parent lists
  // (its log wrapper's, when it has one).
  std::string Add(pugi::xml_node element, int depth) {
    if (depth > kMaxMbtDepth) Fail(NodeAt(element), DeepMessage());
    const std::string_view type = element.name();
    const SourceLocation where = NodeAt(element);
    const std::string name = NameOf(element);
    const auto group = [&](GroupPolicy policy) { return NewNode(name, where, DeciderKind::Group, policy); };
    const auto leaf = [&](const char* action) {
      Leaf(element);
      const std::size_t index = NewNode(name, where, DeciderKind::Behavior);
      Action(index, action, where);
      return index;
    };
    std::size_t index = 0;
    if (type == "Sequence" || type == "Selector") {
      index = group(type == "Sequence" ? GroupPolicy::Sequence : GroupPolicy::Fallback);
      Composite(index, element, depth);
    } else if (type == "Parallel") {
      index = group(GroupPolicy::Parallel);
      const std::string_view failure = element.attribute("failureMode").as_string("any");
      const std::string_view success = element.attribute("successMode").as_string("all");
      if (failure != "any" && failure != "all") BadValue(element, "failureMode", "any or all");
      if (success != "any" && success != "all") BadValue(element, "successMode", "all or any");
      Node(index).flags = (failure == "all" ? kParallelFailOnAll : 0u) | (success == "any" ? kParallelSucceedOnAny : 0u);
      Composite(index, element, depth, kMaxMbtParallelChildren);
    } else if (type == "Loop" || type == "LoopUntilSuccess") {
      const bool loop = type == "Loop";
      index = group(loop ? GroupPolicy::Loop : GroupPolicy::LoopUntilSuccess);
      Node(index).Count(Count(element, loop ? "count" : "attemptCount", 0, 0, kMaxMbtLoopCount));
      AddChild(index, OnlyChild(element), depth);
    } else if (type == "Priority") {
      index = group(GroupPolicy::Priority);
      for (pugi::xml_node c : Elements(element))
        if (std::string_view(c.name()) != "Case")
          Fail(NodeAt(c), "Priority holds only <Case> elements, given <" + std::string(c.name()) + ">");
      if (depth + 1 > kMaxMbtDepth) Fail(where, DeepMessage());
      for (pugi::xml_node c : Elements(element)) {
        const std::size_t k = NewNode(NameOf(c), NodeAt(c), DeciderKind::Group, GroupPolicy::Decorator);
        Node(index).children.push_back({Node(k).name, NodeAt(c)});
        Condition(k, c);
        AddChild(k, OnlyChild(c), depth + 1);
      }
      if (Node(index).children.empty()) Fail(where, "Priority needs at least one Case");
    } else if (type == "StateMachine") {
      index = group(GroupPolicy::StateMachine);
      StateMachine(index, element, depth);
    } else if (type == "Case" || type == "State") {
      Fail(where, std::string(type) + (type == "Case" ? " outside a Priority" : " outside a StateMachine"));
    } else if (type == "IfCondition") {
      index = group(GroupPolicy::Decorator);
      // The engine's deprecated equalTo="false" opens the gate when the condition is false.
      if (element.attribute("equalTo") && !Bool(element, "equalTo")) Condition(index, element, "!(", ")");
      else Condition(index, element);
      AddChild(index, OnlyChild(element), depth);
    } else if (type == "AssertCondition") {
      index = leaf(builtin::kSucceed.name);
      Condition(index, element);
    } else if (type == "MonitorCondition") {
      // Running until the condition holds (bt/engine/builtin_behaviors.h): an inverted Halt gated by its negation.
      index = group(GroupPolicy::Decorator);
      Node(index).Results(kInvertResult);
      Leaf(element);
      const std::size_t halt = NewNode(name + ".Halt", where, DeciderKind::Behavior);
      Action(halt, builtin::kHalt.name, where);
      Node(halt).flags = kRecheckEveryTick;
      Condition(halt, element, "!(", ")");
      Node(index).children.push_back({Node(halt).name, where});
    } else if (type == "RandomGate") {
      index = group(GroupPolicy::RandomGate);
      Required(element, "opensWithChance");
      // Clamped to [0, 1], as the engine does.
      const double chance = std::clamp(Number(element, "opensWithChance"), 0.0, 1.0);
      Node(index).Chance(static_cast<float>(chance));
      AddChild(index, OnlyChild(element), depth);
    } else if (type == "SuppressFailure") {
      index = group(GroupPolicy::Decorator);
      Node(index).Results(kSuppressFailure);
      AddChild(index, OnlyChild(element), depth);
    } else if (type == "IfTime") {
      index = group(GroupPolicy::Decorator);
      Node(index).Decide("IfTime");
      Timestamp(index, element, "orNeverBeenSet");
      AddChild(index, OnlyChild(element), depth);
    } else if (type == "AssertTime" || type == "WaitUntilTime") {
      const bool assert = type == "AssertTime";
      index = leaf(assert ? kAssertTime.name : kWaitUntilTime.name);
      Timestamp(index, element, assert ? "orNeverBeenSet" : "succeedIfNeverBeenSet");
    } else if (type == "SendEvent" || type == "SendTransitionEvent") {
      index = leaf(type == "SendEvent" ? kSendEvent.name : kSendTransitionEvent.name);
      TextParam(index, element, "name", true);
    } else if (type == "WaitForEvent") {
      index = leaf(kWaitForEvent.name);
      TextParam(index, element, "name", true);
      // An empty result is the default (Success), as the engine reads it.
      if (pugi::xml_attribute result = element.attribute("result"); result && *result.value() != '\0') {
        if (std::string_view(result.value()) != "Success" && std::string_view(result.value()) != "Failure")
          BadValue(element, "result", "Success or Failure");
        TextParam(index, element, "result");
      }
    } else if (type == "Wait" || type == "Timeout") {
      const bool wait = type == "Wait";
      index = leaf(wait ? builtin::kWait.name : builtin::kTimeout.name);
      Required(element, "duration");
      Node(index).params.push_back(ArgSpec::Number(Seconds(element, "duration"), where).Named("duration"));
      if (wait && element.attribute("variation"))
        Node(index).params.push_back(ArgSpec::Number(Seconds(element, "variation"), where).Named("variation"));
    } else if (type == "Fail" || type == "Halt" || type == "Breakpoint") {
      index = leaf(type == "Fail" ? builtin::kFail.name : type == "Halt" ? builtin::kHalt.name : builtin::kBreakpoint.name);
    } else if (type == "Log") {
      index = leaf(builtin::kLog.name);
      // No message logs an empty one, as the engine does.
      Node(index).params.push_back(ArgSpec::Text(element.attribute("message").value(), where).Named("message"));
    } else if (type == "GroupScope") {
      index = group(GroupPolicy::GroupScope);
      Node(index).Scope(RequiredNotEmpty(element, "name"), Count(element, "allowedConcurrentUsers", 1, 1));
      AddChild(index, OnlyChild(element), depth);
    } else if (type == "Graft") {
      index = leaf("Graft");
    } else if (type == "LuaGate") {
      index = group(GroupPolicy::Decorator);
      Node(index).Decide("LuaGate");
      Script(index, element, "code", true);
      AddChild(index, OnlyChild(element), depth);
    } else if (type == "ExecuteLua" || type == "AssertLua") {
      index = leaf(type == "ExecuteLua" ? "ExecuteLua" : "AssertLua");
      Script(index, element, "code", true);
    } else if (type == "LuaWrapper") {
      index = group(GroupPolicy::Decorator);
      Action(index, "LuaWrapper", where);
      Script(index, element, "onEnter", false);
      Script(index, element, "onExit", false);
      AddChild(index, OnlyChild(element), depth);
    } else if (type == "LuaBehavior") {
      index = leaf("LuaBehavior");
      TextParam(index, element, "name");
    } else {
      index = NewNode(name, where, DeciderKind::Behavior);
      GameNode(index, element);
    }
    return AttachLogs(element, name);
  }

  std::string AttachLogs(pugi::xml_node element, const std::string& name) {
    bt::data::NodeLogs logs{element.attribute("_startLog").value(), element.attribute("_successLog").value(),
                            element.attribute("_failureLog").value()};
    // Attached once the whole tree is read: one pass, however many nodes log.
    const std::string wrapper = !logs.failure.empty()                           ? name + "._logs"
                                : !logs.start.empty() || !logs.success.empty() ? name + "._logged"
                                                                               : name;
    if (wrapper != name) logged_.emplace_back(name, std::move(logs));
    return wrapper;
  }

  std::string_view text_;
  const std::string& file_;
  const bt::data::Registry& registry_;
  const LoadOptions& options_;
  ModularBehaviorTreeParse& out_;
  bt::data::TreeSpec& spec_;
  LineIndex lines_;
  std::vector<std::pair<std::string, bt::data::NodeLogs>> logged_;  // the nodes with logging attributes
  std::map<std::string, int, std::less<>> lineNames_;
  std::map<std::string, SourceLocation, std::less<>> declared_;
  std::vector<std::string> variables_;   // the variables, declared order
  FileEnums enums_;                      // the file's <Enum>s
  std::vector<std::string> timestamps_;  // declared order
};

// =============================================================== [SECTION] Entry points
bt::data::BuildError ErrorAt(const std::string& file, SourceLocation where, const std::string& message) {
  return {file + ":" + std::to_string(where.line) + ":" + std::to_string(where.column) + ": " + message, file,
          where.line, where.column, {}};
}

}  // namespace

ModularBehaviorTreeParse ParseModularBehaviorTree(std::string_view text, std::string file,
                                                  const bt::data::Registry& registry, const LoadOptions& options) {
  ModularBehaviorTreeParse result;
  result.spec.file = file;
  Reader reader(text, file, registry, options, result);
  pugi::xml_document document;
  const pugi::xml_parse_result parsed =
      document.load_buffer(text.data(), text.size(), pugi::parse_default, pugi::encoding_utf8);
  if (!parsed) {
    std::size_t offset = 0;
    const std::string message = XmlParseErrorMessage(text, parsed, LineIndex(text), &offset);
    result.errors.push_back(ErrorAt(file, reader.At(offset), message));
    return result;
  }
  try {
    reader.ReadFile(document);
  } catch (const LoadFailure& failure) {
    result.spec = bt::data::TreeSpec{.file = file};
    result.signals.clear();
    result.errors.push_back(ErrorAt(file, failure.where, failure.message));
  }
  return result;
}

bt::data::Registry ModularBehaviorTreeRegistry(const bt::data::Registry& game) {
  bt::data::Registry registry = game;
  bt::data::RegisterBuiltinBehaviors(registry);
  for (const BehaviorDef* leaf : {&kWaitForEvent, &kSendEvent, &kSendTransitionEvent, &kAssertTime, &kWaitUntilTime})
    registry.AddBehavior(leaf->name, *leaf,
                         {leaf->memory.size != 0 ? leaf->memory.name : "void", "", "", "", std::string("bt::k") + leaf->name});
  registry.AddDecideFunction("IfTime", &IfTime, {"void", "", "", "", "bt::IfTime"});
  return registry;
}

ModularBehaviorTree LoadModularBehaviorTree(std::string_view text, std::string file, const bt::data::Registry& registry,
                                            const LoadOptions& options) {
  ModularBehaviorTree loaded;
  ModularBehaviorTreeParse parsed = ParseModularBehaviorTree(text, std::move(file), registry, options);
  if (!parsed.Ok()) {
    loaded.build.errors = std::move(parsed.errors);
    return loaded;
  }
  loaded.build = bt::data::BuildTree(parsed.spec, ModularBehaviorTreeRegistry(registry), options.build);
  if (!loaded.build.Ok()) return loaded;
  std::vector<bt::SignalVariable> entries;
  for (const MbtSignalSpec& s : parsed.signals)
    entries.push_back({s.signal.c_str(), FindVariable(loaded.build.tree->Root(), s.variable), s.value});
  loaded.signals = SignalTable(entries);
  return loaded;
}

ModularBehaviorTree LoadModularBehaviorTreeWithSignals(const std::string& path, const bt::data::Registry& registry,
                                                       const LoadOptions& options) {
  SourceFiles files(options);
  const SourceFile* file = files.Open(path);
  if (file == nullptr) {
    ModularBehaviorTree failed;
    failed.build.errors.push_back({path + ": cannot read the file", path, 0, 0, {}});
    return failed;
  }
  return LoadModularBehaviorTree(file->text, file->path, registry, options);
}

bt::data::BuildResult LoadModularBehaviorTreeFile(const std::string& path, const bt::data::Registry& registry,
                                                  const LoadOptions& options) {
  return LoadModularBehaviorTreeWithSignals(path, registry, options).build;
}

}  // namespace bt::loaders
