// bt/loaders/dragengine/dragengine.cpp — reading <behaviorTree> XML (pugixml) into rules,
// then the rules onto a TreeSpec (see dragengine.h for the mapping).
//
// Index
//   [SECTION] Rules            — what the XML reads into, and the files it comes from
//   [SECTION] Reader           — the XML read into rules; the first problem ends the load
//   [SECTION] To a spec        — the rules written onto a TreeSpec
//   [SECTION] Finding deciders — a built tree's decider by name or by id
//   [SECTION] Entry points     — parse, load, and a rule's id saved and restored
//
// Reading follows the engine's loader (its LoadBehaviorTree script): the first problem
// stops the load, so it is thrown as a LoadFailure inside this file and becomes
// the one error of the result.
#include "bt/loaders/dragengine/dragengine.h"

#include <pugixml.hpp>

#include <algorithm>
#include <deque>
#include <memory>
#include <map>
#include <exception>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "bt/core/classic.h"
#include "bt/core/config.h"
#include "bt/data/registry.h"
#include "bt/engine/resume_at.h"
#include "bt/engine/why.h"
#include "bt/loaders/line_index.h"
#include "bt/loaders/xml_places.h"
#include "bt/loaders/source_files.h"
#include "bt/loaders/unique_names.h"

namespace bt::loaders {
namespace {

using bt::data::ArgSpec;
using bt::data::NodeSpec;
using bt::data::SourceLocation;

// =============================================================== [SECTION] Rules
enum class RuleKind { Action, Sequence, Choice, Success, Failure, Running, Yield, Subtree };
enum class ConditionMode { AllTrue, AnyTrue, AnyFalse, AllFalse };

// Longest action name a generated node name includes [bytes]: with the file,
// place and helper suffixes it stays within bt::data::kMaxNameBytes.
constexpr std::size_t kMaxRunNameBytes = 64;

struct LoadFailure {
  SourceLocation where;
  std::string message;
};

struct Condition {
  std::string name;
  SourceLocation where;
};

struct Rule {
  RuleKind kind = RuleKind::Action;
  std::string tag;
  std::string id;  // empty: none
  SourceLocation where;
  std::string action;
  std::vector<std::pair<std::string, std::string>> params;  // a name given again replaces its value
  std::vector<Condition> conditions;
  ConditionMode mode = ConditionMode::AllTrue;
  bool loop = false;
  bool doNotFail = false;
  std::vector<Rule> children;
};

// One XML file of the load: its text kept for line numbers.
struct XmlFile {
  std::string_view path;
  std::string_view text;
  LineIndex lines{std::string_view()};
  pugi::xml_document document;
};

SourceLocation At(const XmlFile& file, std::ptrdiff_t offset) {
  const LineColumn at = file.lines.At(static_cast<std::size_t>(std::max<std::ptrdiff_t>(offset, 0)));
  return {at.line, at.column, file.path};
}

std::string Place(const SourceLocation& where) {
  return std::string(where.file) + ":" + std::to_string(where.line) + ":" + std::to_string(where.column);
}

std::string Trimmed(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  const std::size_t last = text.find_last_not_of(" \t\r\n");
  return std::string(text.substr(first, last - first + 1));
}

bool IsRuleTag(std::string_view tag, RuleKind& kind) {
  static const std::pair<std::string_view, RuleKind> kTags[] = {
      {"action", RuleKind::Action},   {"sequence", RuleKind::Sequence}, {"choice", RuleKind::Choice},
      {"success", RuleKind::Success}, {"failure", RuleKind::Failure},   {"running", RuleKind::Running},
      {"yield", RuleKind::Yield},     {"subtree", RuleKind::Subtree},   {"subTree", RuleKind::Subtree}};
  for (const auto& [name, k] : kTags)
    if (tag == name) return kind = k, true;
  return false;
}

// =============================================================== [SECTION] Reader
class Reader {
 public:
  explicit Reader(const LoadOptions& options) : files_(options) {}

  // `path` kept where the spec's places may point at it.
  std::string_view Keep(const std::string& path) { return kept_.emplace_back(path); }

  // The rules of the file's <behaviorTree>, exactly one for the main file.
  // A subtree file's rules take `parentId` for their ids starting with '.' (the
  // subtree runs them as a sequence: the nearest enclosing one).
  std::vector<Rule> ReadFile(std::string_view path, std::string_view text, const std::string& idPrefix,
                             const std::string& parentId, int depth, bool subtree) {
    XmlFile& file = xml_.emplace_back();
    file.path = path;
    file.text = text;
    file.lines = LineIndex(text);
    const pugi::xml_parse_result parsed =
        file.document.load_buffer(text.data(), text.size(), pugi::parse_default, pugi::encoding_auto);
    if (!parsed) {
      std::size_t offset = 0;
      std::string message = XmlParseErrorMessage(text, parsed, file.lines, &offset);
      throw LoadFailure{At(file, static_cast<std::ptrdiff_t>(offset)), std::move(message)};
    }
    const pugi::xml_node root = file.document.document_element();
    if (root.empty()) throw LoadFailure{At(file, 0), "no <behaviorTree> element"};
    if (std::string_view(root.name()) != "behaviorTree")
      throw LoadFailure{Where(file, root), "unknown tag <" + std::string(root.name()) + ">: expected <behaviorTree>"};
    for (pugi::xml_node other = root.next_sibling(); other; other = other.next_sibling())
      if (other.type() == pugi::node_element)
        throw LoadFailure{Where(file, other), "a second top-level element <" + std::string(other.name()) + ">"};
    stack_.emplace_back(path);
    std::vector<Rule> rules;
    for (pugi::xml_node element : root.children()) {
      if (element.type() != pugi::node_element) continue;
      RuleKind kind;
      if (!IsRuleTag(element.name(), kind))
        throw LoadFailure{Where(file, element), "unknown tag <" + std::string(element.name()) + "> in <behaviorTree>"};
      if (!subtree && !rules.empty())
        throw LoadFailure{Where(file, element), "a second rule in <behaviorTree> (the first at " +
                                                    Place(rules.front().where) + "): it holds exactly one"};
      rules.push_back(ReadRule(file, element, kind, idPrefix, parentId, depth));
    }
    if (!subtree && rules.empty()) throw LoadFailure{Where(file, root), "<behaviorTree> holds no rule"};
    stack_.pop_back();
    return rules;
  }

 private:
  // pugixml places an element at its name: the place is its '<', one before.
  SourceLocation Where(const XmlFile& file, pugi::xml_node node) const { return At(file, node.offset_debug() - 1); }

  bool Flag(const XmlFile& file, pugi::xml_node element, const char* name) {
    const pugi::xml_attribute attribute = element.attribute(name);
    if (!attribute) return false;
    const std::string_view value = attribute.value();
    if (value == "true") return true;
    if (value == "false") return false;
    throw LoadFailure{Where(file, element), "<" + std::string(element.name()) + "> " + name + "=\"" +
                                                std::string(value) + "\": expected true or false"};
  }

  std::string RuleId(const XmlFile& file, pugi::xml_node element, const std::string& idPrefix,
                     const std::string& parentId) {
    const pugi::xml_attribute attribute = element.attribute("id");
    if (!attribute) return {};
    const std::string_view written = attribute.value();
    const SourceLocation where = Where(file, element);
    if (written.empty()) throw LoadFailure{where, "an empty id"};
    const std::string id = (written.front() == '.' ? parentId : idPrefix) + std::string(written);
    // Room for the helper nodes' suffixes (":doNotFail") within a node name's bound.
    if (id.size() > kMaxDragengineIdBytes)
      throw LoadFailure{where, "an id of " + std::to_string(id.size()) + " bytes (prefixes included), more than " +
                                   std::to_string(kMaxDragengineIdBytes)};
    const auto [at, added] = ids_.emplace(id, where);
    if (!added) throw LoadFailure{where, "duplicate rule id '" + id + "' (first at " + Place(at->second) + ")"};
    return id;
  }

  // <parameter>, <condition> or <conditionMode>; false for any other tag.
  bool ReadCommon(const XmlFile& file, pugi::xml_node element, Rule& rule, bool& modeGiven) {
    const std::string_view tag = element.name();
    const SourceLocation where = Where(file, element);
    if (tag == "parameter") {
      const pugi::xml_attribute name = element.attribute("name");
      if (!name || *name.value() == '\0') throw LoadFailure{where, "<parameter> without a name"};
      std::string value = element.child_value();
      for (auto& [key, old] : rule.params)
        if (key == name.value()) return old = std::move(value), true;
      rule.params.emplace_back(name.value(), std::move(value));
      return true;
    }
    if (tag == "condition") {
      std::string name = Trimmed(element.child_value());
      if (name.empty()) throw LoadFailure{where, "<condition> without a name"};
      rule.conditions.push_back({std::move(name), where});
      return true;
    }
    if (tag == "conditionMode") {
      if (modeGiven) throw LoadFailure{where, "<conditionMode> given twice"};
      modeGiven = true;
      const std::string value = Trimmed(element.child_value());
      static const std::pair<std::string_view, ConditionMode> kModes[] = {{"allTrue", ConditionMode::AllTrue},
                                                                          {"anyTrue", ConditionMode::AnyTrue},
                                                                          {"anyFalse", ConditionMode::AnyFalse},
                                                                          {"allFalse", ConditionMode::AllFalse}};
      for (const auto& [name, mode] : kModes)
        if (value == name) return rule.mode = mode, true;
      throw LoadFailure{where, "invalid conditionMode '" + value + "': expected allTrue, anyTrue, anyFalse or allFalse"};
    }
    return false;
  }

  Rule ReadRule(const XmlFile& file, pugi::xml_node element, RuleKind kind, const std::string& idPrefix,
                std::string parentId, int depth) {
    Rule rule;
    rule.kind = kind;
    rule.tag = element.name();
    rule.where = Where(file, element);
    if (depth >= kMaxDragengineDepth)
      throw LoadFailure{rule.where, "rules nested deeper than " + std::to_string(kMaxDragengineDepth) + " levels"};
    // Each rule becomes a node at least: well past the builder's bound (which the
    // writer reports, at its node), stop reading, or subtree files that name each
    // other twice at each level would be read an exponential number of times.
    if (++rulesRead_ > 2 * bt::data::kMaxSpecNodes) throw LoadFailure{rule.where, bt::data::TooManyNodesMessage()};
    rule.id = RuleId(file, element, idPrefix, parentId);
    if (kind == RuleKind::Action) {
      const pugi::xml_attribute name = element.attribute("name");
      if (!name || *name.value() == '\0') throw LoadFailure{rule.where, "<action> without a name"};
      rule.action = name.value();
    }
    if (kind == RuleKind::Action || kind == RuleKind::Sequence || kind == RuleKind::Choice ||
        kind == RuleKind::Subtree)
      rule.doNotFail = Flag(file, element, "doNotFail");
    if (kind == RuleKind::Sequence || kind == RuleKind::Choice || kind == RuleKind::Subtree)
      rule.loop = Flag(file, element, "loop");
    if (kind == RuleKind::Subtree) return ReadSubtree(file, element, std::move(rule), idPrefix, parentId, depth);
    if ((kind == RuleKind::Sequence || kind == RuleKind::Choice) && !rule.id.empty()) parentId = rule.id;
    bool modeGiven = false;
    for (pugi::xml_node child : element.children()) {
      if (child.type() != pugi::node_element) continue;
      RuleKind childKind;
      const bool composite = kind == RuleKind::Sequence || kind == RuleKind::Choice;
      if (composite && IsRuleTag(child.name(), childKind)) {
        rule.children.push_back(ReadRule(file, child, childKind, idPrefix, parentId, depth + 1));
        continue;
      }
      if (!ReadCommon(file, child, rule, modeGiven))
        throw LoadFailure{Where(file, child),
                          "unknown tag <" + std::string(child.name()) + "> in <" + rule.tag + ">"};
    }
    return rule;
  }

  // A sequence of the subtree file's rules; the element's own children are not read.
  Rule ReadSubtree(const XmlFile& file, pugi::xml_node element, Rule rule, const std::string& idPrefix,
                   const std::string& parentId, int depth) {
    const std::string name = Trimmed(element.child_value());
    if (name.empty()) throw LoadFailure{rule.where, "<" + rule.tag + "> without a file"};
    const SourceFile* found = files_.Open(name, file.path);
    if (found == nullptr) throw LoadFailure{rule.where, "subtree file '" + name + "' not found"};
    if (std::find(stack_.begin(), stack_.end(), found->path) != stack_.end()) {
      std::string chain;
      for (const std::string& path : stack_) chain += path + " -> ";
      throw LoadFailure{rule.where, "subtree recursion: " + chain + found->path};
    }
    rule.children = ReadFile(found->path, found->text, rule.id.empty() ? idPrefix : rule.id + ".",
                             rule.id.empty() ? parentId : rule.id, depth + 1, true);
    return rule;
  }

  SourceFiles files_;
  std::deque<XmlFile> xml_;
  std::vector<std::string> stack_;  // the files being read, outermost first
  std::size_t rulesRead_ = 0;
  std::map<std::string, SourceLocation> ids_;
  std::deque<std::string> kept_;
};

// =============================================================== [SECTION] To a spec
class SpecWriter {
 public:
  SpecWriter(bt::data::TreeSpec& spec, std::string_view mainFile) : spec_(spec), mainFile_(mainFile) {}

  // The rule's nodes; the name of its outermost one.
  std::string Write(const Rule& rule) {
    const std::string name = Unique(rule.id.empty() ? GeneratedName(rule) : rule.id);
    std::string top = WriteRule(rule, name);
    if (rule.doNotFail) {
      const std::string wrapper = Unique(name + ":doNotFail");
      Group(wrapper, bt::GroupPolicy::Decorator, {top}, rule.where).Results(bt::kSuppressFailure);
      top = wrapper;
    }
    // The rule's outermost node is the rule the engine runs: its runs are counted (bt/core/classic.h).
    spec_.nodes[indexOf_.at(top)].flags |= bt::kCountsRuleRuns;
    return top;
  }

 private:
  std::string GeneratedName(const Rule& rule) const {
    const std::string file = rule.where.file == mainFile_ ? "" : std::string(rule.where.file) + ":";
    // An action by what it runs too, for the debug lines and the why: "action reload@15:5"
    // (a name too long for the builder's limit is left out: the place still names it).
    const bool named = rule.kind == RuleKind::Action && rule.action.size() <= kMaxRunNameBytes;
    return rule.tag + (named ? " " + rule.action : "") + "@" + file + std::to_string(rule.where.line) + ":" +
           std::to_string(rule.where.column);
  }
  std::string Unique(const std::string& name) { return names_.Take(name); }
  static bool SimpleGate(const Rule& rule) {
    return rule.conditions.size() == 1 &&
           (rule.mode == ConditionMode::AllTrue || rule.mode == ConditionMode::AnyTrue);
  }
  void AddParams(NodeSpec& node, const Rule& rule) {
    for (const auto& [key, value] : rule.params) node.params.push_back(ArgSpec::Text(value, rule.where).Named(key));
  }
  // A gate is written once per place it is asked (children x conditions): the
  // spec stops at the node past the builder's limit rather than grow without end.
  void Count(const SourceLocation& where) const {
    if (spec_.nodes.size() >= bt::data::kMaxSpecNodes) throw LoadFailure{where, bt::data::TooManyNodesMessage()};
  }
  NodeSpec& Group(const std::string& name, bt::GroupPolicy policy, const std::vector<std::string>& children,
                  const SourceLocation& where) {
    Count(where);
    indexOf_[name] = spec_.nodes.size();
    NodeSpec& node = spec_.Group(name, policy, {});
    for (const std::string& child : children) node.children.push_back({child, where});
    node.where = where;
    return node;
  }
  NodeSpec& Leaf(const std::string& name, const std::string& action, const SourceLocation& where) {
    Count(where);
    indexOf_[name] = spec_.nodes.size();
    NodeSpec& node = spec_.Behavior(name, action);
    node.where = where;
    node.action.where = where;
    return node;
  }
  // The rule's own Decide: none, or its one condition.
  void Decide(NodeSpec& node, const Rule& rule) {
    if (!SimpleGate(rule)) return;
    node.decide = {rule.conditions.front().name, {}, rule.conditions.front().where};
  }

  // New nodes asking the rule's conditions in its mode (for a gate that is not
  // simple): one set per place, as a group lists a child once.
  std::string Gate(const Rule& rule, const std::string& name) {
    const bool negated = rule.mode == ConditionMode::AnyFalse || rule.mode == ConditionMode::AllFalse;
    std::vector<std::string> asks;
    for (const Condition& condition : rule.conditions) {
      const std::string ask = Unique(name + ":if " + condition.name);
      NodeSpec& node = Leaf(ask, "Succeed", condition.where);
      node.decide = {condition.name, {}, condition.where};
      AddParams(node, rule);
      if (!negated) {
        asks.push_back(ask);
        continue;
      }
      const std::string unless = Unique(name + ":unless " + condition.name);
      Group(unless, bt::GroupPolicy::Decorator, {ask}, condition.where).Results(bt::kInvertResult);
      asks.push_back(unless);
    }
    if (asks.size() == 1) return asks.front();
    const bool all = rule.mode == ConditionMode::AllTrue || rule.mode == ConditionMode::AllFalse;
    const std::string gate = Unique(name + ":conditions");
    Group(gate, all ? bt::GroupPolicy::Sequence : bt::GroupPolicy::Fallback, asks, rule.where);
    return gate;
  }

  std::string WriteRule(const Rule& rule, const std::string& name) {
    switch (rule.kind) {
      case RuleKind::Action: return WriteLeaf(rule, name, rule.action);
      case RuleKind::Success: return WriteLeaf(rule, name, "Succeed");
      case RuleKind::Running: return WriteLeaf(rule, name, "Halt");
      case RuleKind::Yield: return WriteLeaf(rule, name, "Yield");
      case RuleKind::Failure: {  // fails whatever its conditions say, without asking them
        AddParams(Leaf(name, "Fail", rule.where), rule);
        return name;
      }
      case RuleKind::Sequence:
      case RuleKind::Choice:
      case RuleKind::Subtree: return WriteList(rule, name);
    }
    return name;
  }

  // A leaf run at every step while it is the current rule: its conditions asked each time.
  std::string WriteLeaf(const Rule& rule, const std::string& name, const std::string& action) {
    NodeSpec& leaf = Leaf(name, action, rule.where);
    AddParams(leaf, rule);
    if (rule.conditions.empty()) return name;
    if (SimpleGate(rule)) {
      Decide(leaf, rule);
      leaf.flags |= bt::kRecheckEveryTick;
      return name;
    }
    const std::string gate = Gate(rule, name);
    const std::string checked = Unique(name + ":checked");
    Group(checked, bt::GroupPolicy::Concurrent, {gate, name}, rule.where);
    return checked;
  }

  std::string WriteList(const Rule& rule, const std::string& name) {
    // Subtree elements' conditions are not read (the engine ignores them).
    Rule own = rule;
    if (rule.kind == RuleKind::Subtree) own.conditions.clear();
    if (own.children.empty()) {  // fails at once, its conditions not asked
      AddParams(Leaf(name, own.doNotFail ? "Succeed" : "Fail", own.where), own);
      return name;
    }
    std::vector<std::string> children;
    for (const Rule& child : own.children) children.push_back(Write(child));
    const bool choice = own.kind == RuleKind::Choice;
    if (own.conditions.empty() || SimpleGate(own)) {
      NodeSpec& group = Group(name, choice ? bt::GroupPolicy::Fallback : bt::GroupPolicy::Sequence, children, own.where);
      Decide(group, own);
      if (!own.conditions.empty()) group.flags |= bt::kCallDecideOnRedecide;
      if (own.loop) group.flags |= bt::kLoopChildren;
      AddParams(group, own);
      return name;
    }
    // What follows the gate on entry, and what a loop runs again.
    std::vector<std::string> body;
    if (!choice) {
      for (const std::string& child : children) {
        body.push_back(child);
        body.push_back(Gate(own, name));
      }
    } else {
      std::string next = children.back();
      for (std::size_t i = children.size() - 1; i-- > 0;) {
        const std::string then = Unique(name + ":then " + std::to_string(i + 1));
        Group(then, bt::GroupPolicy::Sequence, {Gate(own, name), next}, own.where);
        const std::string from = Unique(name + ":from " + std::to_string(i));
        Group(from, bt::GroupPolicy::Fallback, {children[i], then}, own.where);
        next = from;
      }
      body.push_back(next);
      if (own.loop) body.push_back(Gate(own, name));
    }
    std::vector<std::string> top{Gate(own, name)};
    if (own.loop) {
      const std::string loop = Unique(name + ":loop");
      Group(loop, bt::GroupPolicy::Sequence, body, own.where).Flags(bt::kLoopChildren);
      top.push_back(loop);
    } else if (!choice) {
      top.insert(top.end(), body.begin(), body.end());
    } else {
      top.push_back(body.front());
    }
    AddParams(Group(name, bt::GroupPolicy::Sequence, top, own.where), own);
    return name;
  }

  bt::data::TreeSpec& spec_;
  std::string_view mainFile_;
  UniqueNames names_;
  std::unordered_map<std::string, std::size_t> indexOf_;  // each written node's index in spec_.nodes
};

// =============================================================== [SECTION] Finding deciders
// The first decider at or below d, children in order, that `matches`. A group
// already searched is not searched again: a tree whose groups share children
// (built by hand) takes its size in steps, not its number of paths.
template <class Matches>
const DeciderDef* FindDecider(const DeciderDef& d, const Matches& matches, int depth,
                              std::unordered_set<const DeciderDef*>& searched) {
  if (matches(d)) return &d;
  if (d.kind != DeciderKind::Group || depth >= kMaxTreeDepth || !searched.insert(&d).second) return nullptr;
  for (int i = 0; i < d.childCount; ++i)
    if (const DeciderDef* found = FindDecider(*d.children[i], matches, depth + 1, searched)) return found;
  return nullptr;
}

const DeciderDef* FindByName(const DeciderDef& root, std::string_view name) {
  std::unordered_set<const DeciderDef*> searched;
  return FindDecider(root, [name](const DeciderDef& d) { return d.name != nullptr && name == d.name; }, 0, searched);
}

const DeciderDef* FindById(const DeciderDef& root, std::uint32_t id) {
  std::unordered_set<const DeciderDef*> searched;
  return FindDecider(root, [id](const DeciderDef& d) { return d.data != nullptr && d.data->id == id; }, 0, searched);
}

}  // namespace

// =============================================================== [SECTION] Entry points
DragengineParse ParseDragengine(std::string_view text, const std::string& file, const LoadOptions& options) {
  DragengineParse result;
  result.spec.file = file;
  try {
    auto reader = std::make_shared<Reader>(options);
    result.sources = reader;
    const std::vector<Rule> rules = reader->ReadFile(reader->Keep(file), text, "", "", 0, false);
    SpecWriter writer(result.spec, result.spec.file);
    result.spec.root = writer.Write(rules.front());
  } catch (const LoadFailure& failure) {
    result.spec = {};
    result.errors.push_back({Place(failure.where) + ": " + failure.message, std::string(failure.where.file),
                             failure.where.line, failure.where.column, {}});
  } catch (const std::exception& e) {  // out of memory on a hostile file
    result.spec = {};
    result.errors.push_back({file + ":1:1: " + e.what(), file, 1, 1, {}});
  }
  return result;
}

bt::data::BuildResult LoadDragengine(std::string_view text, const std::string& file, const bt::data::Registry& registry,
                                     const LoadOptions& options) {
  DragengineParse parsed = ParseDragengine(text, file, options);
  bt::data::BuildResult result;
  if (!parsed.Ok()) {
    result.errors = std::move(parsed.errors);
    return result;
  }
  return bt::data::BuildTree(parsed.spec, bt::data::WithBuiltinBehaviors(registry).Get(), options.build);
}

bt::data::BuildResult LoadDragengineFile(const std::string& path, const bt::data::Registry& registry,
                                         const LoadOptions& options) {
  SourceFiles files(options);
  const SourceFile* main = files.Open(path);
  if (main == nullptr) {
    bt::data::BuildResult result;
    result.errors.push_back({path + ":1:1: cannot read the file", path, 1, 1, {}});
    return result;
  }
  return LoadDragengine(main->text, main->path, registry, options);
}

std::string DragengineCurrentRuleId(const bt::DeciderDef& root, std::span<const std::byte> memory) {
  const std::uint32_t id = bt::ActiveNodeId(root, memory);
  if (id == 0) return {};
  const DeciderDef* found = FindById(root, id);
  return found != nullptr && found->kind == DeciderKind::Behavior ? std::string(found->name) : std::string();
}

DragengineRestore RestoreDragengineRule(const bt::DeciderDef& root, void* agent, bt::TypeTag agentType,
                                        std::span<std::byte> memory, double time, std::string_view id) {
  DragengineRestore restore;
  const std::string quoted = "'" + std::string(id) + "'";
  if (id.empty()) {
    bt::StopBehaviorTree(root, agent, agentType, memory, time);
    return restore;
  }
  const DeciderDef* rule = FindByName(root, id);
  if (rule == nullptr) {
    restore.error = "no rule " + quoted + " in the tree";
    return restore;
  }
  if (rule->kind != DeciderKind::Behavior) {
    restore.error = "rule " + quoted + " is not a leaf rule: only a running leaf rule is saved as the current rule";
    return restore;
  }
  const bt::TickResult resumed = bt::ResumeAt(root, agent, agentType, memory, time, *rule);
  restore.status = resumed.status;
  if (resumed.status != bt::Status::Running)
    restore.error = "cannot resume at rule " + quoted + ": " + bt::StatusName(resumed.status) +
                    (resumed.decider != nullptr ? std::string(" at ") + resumed.decider->name : std::string());
  return restore;
}

}  // namespace bt::loaders
