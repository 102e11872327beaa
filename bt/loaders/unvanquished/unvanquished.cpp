// bt/loaders/unvanquished/unvanquished.cpp — the .bt grammar (PEGTL), its syntax tree, and
// the mapping of that tree onto a TreeSpec (see unvanquished.h).
//
// Index
//   [SECTION] Syntax tree    — node kinds, syntax nodes, the parse's state
//   [SECTION] Grammar        — the .bt grammar as PEGTL rules
//   [SECTION] Error messages — one per rule that must match
//   [SECTION] Actions        — what each matched rule adds to the syntax tree
//   [SECTION] The spec       — a file's syntax tree written into a spec, included files loaded once
//   [SECTION] Entry points   — parse, build, load; a bot and its files
//
// Each file is preprocessed first (preprocessor.h); the grammar
// reads the result, and every offset in it goes back to its file and place
// through PreprocessedText::places. Each node starts with its keyword; once the
// keyword matched, the rest sits in pegtl::must (if_must), so nothing backtracks
// over a node already pushed and every failure raises the rule's message. A
// condition's expression is read by the shared condition compiler
// (CompileExpressionPrefix), which says where it ends: there is no second
// expression grammar. The builder compiles it again, against the registry, from
// the text and place recorded here. `behavior NAME` is resolved while the spec
// is written (Loader::Include), so the chain of files being written is known.
#include "bt/loaders/unvanquished/unvanquished.h"

#include <tao/pegtl.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "bt/core/classic.h"
#include "bt/data/expression.h"
#include "bt/data/registry.h"
#include "bt/loaders/equal_no_case.h"
#include "bt/loaders/line_index.h"
#include "bt/loaders/source_files.h"
#include "bt/loaders/unique_names.h"
#include "bt/loaders/unvanquished/preprocessor.h"

namespace bt::loaders {
namespace {

namespace pg = tao::pegtl;
using bt::data::ArgSpec;
using bt::data::SourceLocation;

// =============================================================== [SECTION] Syntax tree
enum class NodeKind { Selector, Fallback, Sequence, Concurrent, Action, Condition, Decorator, Include, Spawn, SelectClass };

const char* KindName(NodeKind kind) {
  switch (kind) {
    case NodeKind::Selector: return "selector";
    case NodeKind::Fallback: return "fallback";
    case NodeKind::Sequence: return "sequence";
    case NodeKind::Concurrent: return "concurrent";
    case NodeKind::Action: return "action";
    case NodeKind::Condition: return "condition";
    case NodeKind::Decorator: return "decorator";
    case NodeKind::Include: return "behavior";
    case NodeKind::Spawn: return "spawnAs";
    case NodeKind::SelectClass: return "selectClass";
  }
  return "?";
}

struct SyntaxNode {
  NodeKind kind = NodeKind::Action;
  std::size_t offset = 0;  // of its keyword
  std::string name;        // action, decorator or included behavior
  std::size_t nameOffset = 0;
  std::vector<ArgSpec> args;
  std::vector<std::size_t> argOffsets;
  std::string condition;
  std::size_t conditionOffset = 0;
  std::vector<std::unique_ptr<SyntaxNode>> children;
};

constexpr std::size_t kNoOffset = static_cast<std::size_t>(-1);
// Longest action or decorator name a node's name includes [bytes]: with the
// file, place and "#N" it stays within bt::data::kMaxNameBytes.
constexpr std::size_t kMaxRunNameBytes = 64;

struct LoadFailure {
  std::size_t offset;
  std::string message;
  std::size_t opening = kNoOffset;  // the '(' or '{' left unclosed that the message ends naming
};

// Any name where an expression's names are asked: only the syntax matters here
// (the builder resolves the names), so every name is a function or a constant.
struct AnyNames final : bt::data::ExpressionNames {
  static double Zero(void*, std::span<const bt::Param>) { return 0; }
  bool FindArgumentConstant(std::string_view, double& value) const override { return value = 0, true; }
  bt::data::ValueFn FindFunction(std::string_view, int, std::string&) const override { return &Zero; }
};

struct State {
  std::string_view text;
  std::vector<std::unique_ptr<SyntaxNode>> open;  // the nodes being read, innermost last
  std::unique_ptr<SyntaxNode> root;
  std::unique_ptr<SyntaxNode> selectClass;  // the block before the root, if any
  std::size_t opening = 0;  // of the last comment or string opened
  std::vector<std::size_t> braces;  // of each '{' not yet closed, innermost last
  int depth = 0;

  std::size_t Offset(const char* at) const { return static_cast<std::size_t>(at - text.data()); }
  [[noreturn]] static void Fail(std::size_t offset, std::string message, std::size_t opening = kNoOffset) {
    throw LoadFailure{offset, std::move(message), opening};
  }
  void Push(NodeKind kind, std::size_t offset) {
    open.push_back(std::make_unique<SyntaxNode>());
    open.back()->kind = kind;
    open.back()->offset = offset;
  }
  // The innermost node is complete: it becomes its parent's last child (or the root).
  void Close() {
    std::unique_ptr<SyntaxNode> node = std::move(open.back());
    open.pop_back();
    // Every group's children are one list of at most 20 (ReadNodeList, MAX_NODE_LIST).
    const bool group = node->kind == NodeKind::Selector || node->kind == NodeKind::Fallback ||
                       node->kind == NodeKind::Sequence || node->kind == NodeKind::Concurrent;
    if (group && node->children.size() > kMaxUnvanquishedChildren)
      Fail(node->offset, std::string("a ") + KindName(node->kind) + " node has " +
                             std::to_string(node->children.size()) + " children; at most " +
                             std::to_string(kMaxUnvanquishedChildren) + " are allowed");
    if (!open.empty()) open.back()->children.push_back(std::move(node));
    else if (node->kind == NodeKind::SelectClass) selectClass = std::move(node);
    else
      root = std::move(node);
  }
  bool InSelectClass() const { return !open.empty() && open.front()->kind == NodeKind::SelectClass; }
};

// =============================================================== [SECTION] Grammar
namespace grammar {

struct line_comment : pg::seq<pg::two<'/'>, pg::until<pg::eolf>> {};
struct comment_open : pg::string<'/', '*'> {};
struct comment_body : pg::until<pg::string<'*', '/'>> {};
struct block_comment : pg::if_must<comment_open, comment_body> {};
struct ws : pg::star<pg::sor<pg::space, line_comment, block_comment>> {};

template <char... C>
struct kw : pg::seq<pg::istring<C...>, pg::not_at<pg::identifier_other>> {};
struct kw_selector : kw<'s', 'e', 'l', 'e', 'c', 't', 'o', 'r'> {};
struct kw_fallback : kw<'f', 'a', 'l', 'l', 'b', 'a', 'c', 'k'> {};
struct kw_sequence : kw<'s', 'e', 'q', 'u', 'e', 'n', 'c', 'e'> {};
struct kw_concurrent : kw<'c', 'o', 'n', 'c', 'u', 'r', 'r', 'e', 'n', 't'> {};
struct kw_action : kw<'a', 'c', 't', 'i', 'o', 'n'> {};
struct kw_condition : kw<'c', 'o', 'n', 'd', 'i', 't', 'i', 'o', 'n'> {};
struct kw_decorator : kw<'d', 'e', 'c', 'o', 'r', 'a', 't', 'o', 'r'> {};
struct kw_behavior : kw<'b', 'e', 'h', 'a', 'v', 'i', 'o', 'r'> {};
struct kw_selectclass : kw<'s', 'e', 'l', 'e', 'c', 't', 'c', 'l', 'a', 's', 's'> {};
struct kw_spawnas : kw<'s', 'p', 'a', 'w', 'n', 'a', 's'> {};

struct number : pg::seq<pg::opt<pg::one<'-'>>,
                        pg::sor<pg::seq<pg::plus<pg::digit>, pg::opt<pg::one<'.'>, pg::star<pg::digit>>>,
                                pg::seq<pg::one<'.'>, pg::plus<pg::digit>>>> {};
struct string_open : pg::one<'"'> {};
struct string_body : pg::until<pg::one<'"'>> {};
struct string_literal : pg::if_must<string_open, string_body> {};
struct symbol : pg::identifier {};
struct argument : pg::sor<number, string_literal, symbol> {};
struct argument_after_comma : argument {};
struct arguments_close : pg::one<')'> {};
struct arguments : pg::if_must<pg::one<'('>, ws,
                               pg::opt<argument, ws, pg::star<pg::one<','>, ws, pg::must<argument_after_comma>, ws>>,
                               arguments_close> {};

// A node (node_body, counted against kMaxUnvanquishedDepth: the parser recurses
// per level); one type per place, for the place's error message.
template <int Place>
struct counted_node;
using node = counted_node<0>;        // in a group: may be absent (then '}')
using child_node = counted_node<1>;  // where exactly one must stand
using root_node = counted_node<2>;
struct open_brace : pg::one<'{'> {};
struct close_brace : pg::one<'}'> {};
struct close_one_child : pg::one<'}'> {};

struct group_keyword : pg::sor<kw_selector, kw_fallback, kw_sequence, kw_concurrent> {};
struct group_node : pg::if_must<group_keyword, ws, open_brace, ws, pg::star<node, ws>, close_brace> {};

struct action_name : pg::identifier {};
struct action_node : pg::if_must<kw_action, ws, action_name, pg::opt<ws, arguments>> {};

// The expression, as far as the shared condition compiler reads it.
struct condition_expression {
  using rule_t = condition_expression;
  using subs_t = pg::empty_list;
  template <pg::apply_mode, pg::rewind_mode, template <typename...> class, template <typename...> class,
            class ParseInput>
  static bool match(ParseInput& in, State& s) {
    const std::string_view rest(in.current(), in.size(0));
    const std::size_t offset = s.Offset(in.current());
    std::size_t length = 0;
    bt::data::ExpressionError error;
    if (!bt::data::CompileExpressionPrefix(rest, bt::data::Dialect::Unvanquished, AnyNames{}, &length, &error))
      State::Fail(offset + static_cast<std::size_t>(error.column - 1), "condition: " + error.message,
                  error.openingColumn > 0 ? offset + static_cast<std::size_t>(error.openingColumn - 1) : kNoOffset);
    s.open.back()->condition.assign(rest.substr(0, length));
    s.open.back()->conditionOffset = offset;
    in.bump(length);
    return true;
  }
};
struct condition_child : pg::if_must<open_brace, ws, child_node, ws, close_one_child> {};
struct condition_node : pg::if_must<kw_condition, ws, condition_expression, pg::opt<ws, condition_child>> {};

struct decorator_name : pg::identifier {};
struct decorator_node : pg::if_must<kw_decorator, ws, decorator_name, ws, pg::opt<arguments, ws>, open_brace, ws,
                                    child_node, ws, close_one_child> {};

// `behavior NAME`: NAME.bt's root, loaded once and shared.
struct behavior_name : pg::identifier {};
struct include_node : pg::if_must<kw_behavior, ws, behavior_name> {};

// `spawnAs N` (in selectClass): the class or weapon to spawn with.
struct spawn_argument : pg::sor<number, symbol> {};
struct spawn_node : pg::if_must<kw_spawnas, ws, spawn_argument> {};

struct misplaced_selectclass : kw_selectclass {};
struct directive : pg::one<'#'> {};
struct unknown_keyword : pg::identifier {};

struct node_body : pg::sor<group_node, action_node, condition_node, decorator_node, include_node, spawn_node,
                           misplaced_selectclass, directive, unknown_keyword> {};

template <int Place>
struct counted_node {
  using rule_t = counted_node;
  using subs_t = pg::type_list<node_body>;
  template <pg::apply_mode A, pg::rewind_mode M, template <typename...> class Action,
            template <typename...> class Control, class ParseInput>
  static bool match(ParseInput& in, State& s) {
    if (s.depth >= kMaxUnvanquishedDepth)
      State::Fail(s.Offset(in.current()),
                  "nodes nested deeper than " + std::to_string(kMaxUnvanquishedDepth) + " levels");
    ++s.depth;
    const bool matched = Control<node_body>::template match<A, M, Action, Control>(in, s);
    --s.depth;
    return matched;
  }
};

struct end_of_file : pg::eof {};
// The optional block choosing the class to spawn as, then the root.
struct selectclass_block : pg::if_must<kw_selectclass, ws, open_brace, ws, child_node, ws, close_one_child> {};
struct file : pg::seq<ws, pg::opt<selectclass_block, ws>, pg::must<root_node>, ws, pg::must<end_of_file>> {};

}  // namespace grammar

// =============================================================== [SECTION] Error messages
constexpr const char* kExpectedNode =
    "expected a node (selector, fallback, sequence, concurrent, action, condition, decorator or behavior)";

template <class Rule>
struct Message {
  static std::string Text(const State&, std::size_t&) { return "syntax error"; }
};
template <>
struct Message<grammar::comment_body> {
  static std::string Text(const State& s, std::size_t& offset) { return offset = s.opening, "unterminated comment"; }
};
template <>
struct Message<grammar::string_body> {
  static std::string Text(const State& s, std::size_t& offset) { return offset = s.opening, "unterminated string"; }
};
template <>
struct Message<grammar::root_node> {
  static std::string Text(const State&, std::size_t&) { return kExpectedNode; }
};
template <>
struct Message<grammar::child_node> {
  static std::string Text(const State&, std::size_t&) { return kExpectedNode; }
};
template <>
struct Message<grammar::end_of_file> {
  static std::string Text(const State&, std::size_t&) {
    return "expected the end of the file: a file holds exactly one root node";
  }
};
template <>
struct Message<grammar::open_brace> {
  static std::string Text(const State&, std::size_t&) { return "expected '{'"; }
};
// The '{' a '}' would close is named by the loader, in its file's line and column.
template <>
struct Message<grammar::close_brace> {
  static std::string Text(const State&, std::size_t&) { return "expected a node or '}' to close the '{'"; }
};
template <>
struct Message<grammar::close_one_child> {
  static std::string Text(const State& s, std::size_t&) {
    return std::string("a ") + KindName(s.open.back()->kind) + " holds exactly one node: expected '}' to close its '{'";
  }
};
template <>
struct Message<grammar::action_name> {
  static std::string Text(const State&, std::size_t&) { return "expected an action name after 'action'"; }
};
template <>
struct Message<grammar::decorator_name> {
  static std::string Text(const State&, std::size_t&) {
    return "expected a decorator name (invert, return, mapStatus or timer) after 'decorator'";
  }
};
template <>
struct Message<grammar::behavior_name> {
  static std::string Text(const State&, std::size_t&) { return "expected a behavior name after 'behavior'"; }
};
template <>
struct Message<grammar::spawn_argument> {
  static std::string Text(const State&, std::size_t&) {
    return "expected a class or weapon after 'spawnAs' (a number or a name such as PCL_ALIEN_LEVEL0)";
  }
};
template <>
struct Message<grammar::argument_after_comma> {
  static std::string Text(const State&, std::size_t&) {
    return "expected an argument (a number, a string or a name) after ','";
  }
};
template <>
struct Message<grammar::arguments_close> {
  static std::string Text(const State&, std::size_t&) { return "expected an argument or ')'"; }
};
template <>
struct Message<grammar::condition_expression> {
  static std::string Text(const State&, std::size_t&) { return "expected a condition"; }
};

template <class Rule>
struct control : pg::normal<Rule> {
  template <class ParseInput>
  [[noreturn]] static void raise(const ParseInput& in, State& s) {
    std::size_t offset = s.Offset(in.current());
    std::string message = Message<Rule>::Text(s, offset);
    constexpr bool closing = std::is_same_v<Rule, grammar::close_brace> || std::is_same_v<Rule, grammar::close_one_child>;
    if constexpr (closing) State::Fail(offset, std::move(message), s.braces.back());
    State::Fail(offset, std::move(message));
  }
};

// =============================================================== [SECTION] Actions
template <class Rule>
struct action : pg::nothing<Rule> {};

template <NodeKind Kind>
struct push_node {
  template <class ActionInput>
  static void apply(const ActionInput& in, State& s) { s.Push(Kind, s.Offset(in.begin())); }
};
template <> struct action<grammar::kw_selector> : push_node<NodeKind::Selector> {};
template <> struct action<grammar::kw_fallback> : push_node<NodeKind::Fallback> {};
template <> struct action<grammar::kw_sequence> : push_node<NodeKind::Sequence> {};
template <> struct action<grammar::kw_concurrent> : push_node<NodeKind::Concurrent> {};
template <> struct action<grammar::kw_action> : push_node<NodeKind::Action> {};
template <> struct action<grammar::kw_condition> : push_node<NodeKind::Condition> {};
template <> struct action<grammar::kw_decorator> : push_node<NodeKind::Decorator> {};
template <> struct action<grammar::kw_behavior> : push_node<NodeKind::Include> {};
template <> struct action<grammar::kw_selectclass> : push_node<NodeKind::SelectClass> {};
template <>
struct action<grammar::kw_spawnas> {
  template <class ActionInput>
  static void apply(const ActionInput& in, State& s) {
    if (!s.InSelectClass()) State::Fail(s.Offset(in.begin()), "'spawnAs' is only allowed inside selectClass");
    s.Push(NodeKind::Spawn, s.Offset(in.begin()));
  }
};

struct close_node {
  template <class ActionInput>
  static void apply(const ActionInput&, State& s) { s.Close(); }
};
template <> struct action<grammar::group_node> : close_node {};
template <> struct action<grammar::action_node> : close_node {};
template <> struct action<grammar::condition_node> : close_node {};
template <> struct action<grammar::decorator_node> : close_node {};
template <> struct action<grammar::include_node> : close_node {};
template <> struct action<grammar::spawn_node> : close_node {};
template <> struct action<grammar::selectclass_block> : close_node {};

template <>
struct action<grammar::open_brace> {
  template <class ActionInput>
  static void apply(const ActionInput& in, State& s) { s.braces.push_back(s.Offset(in.begin())); }
};
struct close_brace_action {
  template <class ActionInput>
  static void apply(const ActionInput&, State& s) { s.braces.pop_back(); }
};
template <> struct action<grammar::close_brace> : close_brace_action {};
template <> struct action<grammar::close_one_child> : close_brace_action {};

struct record_opening {
  template <class ActionInput>
  static void apply(const ActionInput& in, State& s) { s.opening = s.Offset(in.begin()); }
};
template <> struct action<grammar::comment_open> : record_opening {};
template <> struct action<grammar::string_open> : record_opening {};

struct record_name {
  template <class ActionInput>
  static void apply(const ActionInput& in, State& s) {
    s.open.back()->name = in.string();
    s.open.back()->nameOffset = s.Offset(in.begin());
  }
};
template <> struct action<grammar::action_name> : record_name {};
template <> struct action<grammar::decorator_name> : record_name {};
template <> struct action<grammar::behavior_name> : record_name {};

template <>
struct action<grammar::number> {
  template <class ActionInput>
  static void apply(const ActionInput& in, State& s) {
    const std::string digits = in.string();
    double value = 0;
    // from_chars takes no '-' before '.5': read the magnitude and negate.
    const bool negative = digits.front() == '-';
    const char* first = digits.data() + (negative ? 1 : 0);
    const auto [end, ec] = std::from_chars(first, digits.data() + digits.size(), value);
    if (ec != std::errc() || end != digits.data() + digits.size())
      State::Fail(s.Offset(in.begin()), "number out of range: " + digits);
    s.open.back()->args.push_back(ArgSpec::Number(negative ? -value : value));
    s.open.back()->argOffsets.push_back(s.Offset(in.begin()));
  }
};
template <>
struct action<grammar::string_literal> {
  template <class ActionInput>
  static void apply(const ActionInput& in, State& s) {
    const std::string quoted = in.string();
    s.open.back()->args.push_back(ArgSpec::Text(quoted.substr(1, quoted.size() - 2)));
    s.open.back()->argOffsets.push_back(s.Offset(in.begin()));
  }
};
template <>
struct action<grammar::symbol> {
  template <class ActionInput>
  static void apply(const ActionInput& in, State& s) {
    s.open.back()->args.push_back(ArgSpec::Symbol(in.string()));
    s.open.back()->argOffsets.push_back(s.Offset(in.begin()));
  }
};
template <>
struct action<grammar::misplaced_selectclass> {
  template <class ActionInput>
  static void apply(const ActionInput& in, State& s) {
    State::Fail(s.Offset(in.begin()), "'selectClass' is only allowed before the root node");
  }
};
template <>
struct action<grammar::directive> {
  template <class ActionInput>
  static void apply(const ActionInput& in, State& s) {
    State::Fail(s.Offset(in.begin()), "a preprocessor directive must start a line");
  }
};
template <>
struct action<grammar::unknown_keyword> {
  template <class ActionInput>
  static void apply(const ActionInput& in, State& s) {
    State::Fail(s.Offset(in.begin()), "unknown keyword '" + in.string() + "': " + kExpectedNode);
  }
};

// =============================================================== [SECTION] The spec

// A fault already placed in its file (an included one, perhaps).
struct PlacedFailure {
  SourcePlace at;
  std::string message;
  std::optional<SourcePlace> opening = {};  // the '(' or '{' the message ends naming
};

class Loader;

// Writes one file's syntax tree into a spec.
struct SpecWriter {
  Loader& loader;
  const PreprocessedText& source;
  bt::data::TreeSpec& spec;
  int baseDepth;  // of the file's root in the whole tree (an included file sits under its includer)

  SourceLocation At(std::size_t offset) const;
  std::string Name(const SyntaxNode& node) const;
  // STATUS_FAILURE=0, STATUS_SUCCESS=1, STATUS_RUNNING=2, as the game defines them.
  bt::Result Status(const SyntaxNode& node, std::size_t i) const {
    const ArgSpec& arg = node.args[i];
    const double value = arg.type == ParamType::Number ? arg.number
                         : arg.text == "STATUS_FAILURE" ? 0
                         : arg.text == "STATUS_SUCCESS" ? 1
                         : arg.text == "STATUS_RUNNING" ? 2
                                                        : -1;
    if (arg.type == ParamType::Text || (value != 0 && value != 1 && value != 2))
      State::Fail(node.argOffsets[i],
                  "expected a status (STATUS_FAILURE, STATUS_SUCCESS, STATUS_RUNNING, or 0, 1, 2)");
    return value == 0 ? bt::Result::Failed : value == 1 ? bt::Result::Done : bt::Result::Running;
  }
  void Decorate(const SyntaxNode& node, bt::data::NodeSpec& out) const {
    struct Known { const char* name; std::size_t arity; };
    static constexpr Known kKnown[] = {{"invert", 0}, {"return", 1}, {"mapStatus", 3}, {"timer", 1}};
    const Known* known = nullptr;
    for (const Known& k : kKnown)
      if (EqualNoCase(node.name, k.name)) known = &k;
    if (known == nullptr)
      State::Fail(node.nameOffset, "unknown decorator '" + node.name + "' (expected invert, return, mapStatus or timer)");
    if (node.args.size() != known->arity)
      State::Fail(node.nameOffset, "decorator '" + std::string(known->name) + "' takes " +
                                       std::to_string(known->arity) + (known->arity == 1 ? " argument, not " : " arguments, not ") +
                                       std::to_string(node.args.size()));
    const std::string_view name = known->name;
    if (name == "invert") {
      out.Results(bt::kInvertResult);
    } else if (name == "return") {
      out.Results(bt::AlwaysResult(Status(node, 0)));
    } else if (name == "mapStatus") {
      out.Results(bt::ResultMap{Status(node, 1), Status(node, 0), Status(node, 2)});
    } else {
      if (node.args[0].type != ParamType::Number)
        State::Fail(node.argOffsets[0], "expected a time in milliseconds (a number)");
      // The game adds the whole milliseconds to the time of the failure: a
      // fraction is dropped, and a time below 0 sets a deadline already past.
      out.policy = GroupPolicy::Cooldown;
      out.Seconds(static_cast<float>(std::max(0.0, std::trunc(node.args[0].number)) / 1000.0));
    }
  }
  // Where the condition's text was written: from where it starts when it is the
  // file's text as written; else (a macro in it) run by run, each within a line.
  std::vector<bt::data::ConditionPiece> ConditionPieces(const SyntaxNode& node) const {
    std::vector<bt::data::ConditionPiece> pieces;
    bool contiguous = true;
    for (std::size_t i = 0; i < node.condition.size(); ++i) {
      const SourcePlace& b = source.places[node.conditionOffset + i];
      if (i > 0) {
        const SourcePlace& a = source.places[node.conditionOffset + i - 1];
        const char before = node.condition[i - 1];
        if (a.file == b.file && a.offset + 1 == b.offset && before != '\n' && before != '\r') continue;
        if (a.file != b.file || a.offset + 1 != b.offset) contiguous = false;
      }
      pieces.push_back({i, At(node.conditionOffset + i)});
    }
    if (contiguous) pieces.clear();
    return pieces;
  }
  // Adds `node` and its subtree at `depth` (1: the file's root); returns its name.
  std::string Add(const SyntaxNode& node, int depth);
};

// Loads a bot's files: the first, and each behavior it includes, once.
class Loader {
 public:
  Loader(SourceFiles& files, const SourceFile& first) : files_(files), first_(first) {}

  // Writes `file`'s nodes into `spec` (its selectClass block into `selectClass`
  // when given) and returns its root's name.
  std::string Behavior(const SourceFile& file, bt::data::TreeSpec& spec, bt::data::TreeSpec* selectClass, int depth) {
    PreprocessedText source;
    PreprocessError error;
    if (!PreprocessUnvanquished(file, files_, source, error)) throw PlacedFailure{error.at, error.message};
    State state;
    state.text = source.text;
    try {
      pg::memory_input<pg::tracking_mode::lazy> input(source.text.data(), source.text.data() + source.text.size(),
                                                      file.path);
      pg::parse<grammar::file, action, control>(input, state);
      chain_.push_back(&file);
      if (selectClass != nullptr && state.selectClass != nullptr) {
        SpecWriter writer{*this, source, *selectClass, 0};
        selectClass->root = writer.Add(*state.selectClass->children.front(), 1);
      }
      SpecWriter writer{*this, source, spec, depth - 1};
      std::string root = writer.Add(*state.root, 1);
      chain_.pop_back();
      return root;
    } catch (const LoadFailure& failure) {
      auto place = [&](std::size_t offset) { return source.places[std::min(offset, source.places.size() - 1)]; };
      PlacedFailure placed{place(failure.offset), failure.message};
      if (failure.opening != kNoOffset) placed.opening = place(failure.opening);
      throw placed;
    }
  }

  // The root of the behavior `name`, included at `at` in the file being written, `depth` deep.
  // A name is one behavior however many files include it, found beside the bot's
  // own file, then along the search path: the game loads every NAME.bt from
  // one folder, once, and shares it.
  std::string Include(const std::string& name, SourcePlace at, bt::data::TreeSpec& spec, int depth) {
    const std::string fileName = name + ".bt";
    const SourceFile* file = files_.Open(fileName, first_.path);
    if (file == nullptr)
      throw PlacedFailure{at, "behavior '" + name + "': cannot find '" + fileName + "' (beside " + first_.path +
                                  " or along the search path)"};
    std::string path = file->path;
    for (std::size_t i = 0; i < chain_.size(); ++i) {
      if (chain_[i]->path != path) continue;
      std::string cycle;
      for (std::size_t k = i; k < chain_.size(); ++k) cycle += chain_[k]->path + " -> ";
      throw PlacedFailure{at, "recursive behavior '" + name + "': " + cycle + path};
    }
    // Loaded once per spec, its root named by every include: its nodes are shared.
    const auto key = std::make_pair(&spec, path);
    if (const auto found = loaded_.find(key); found != loaded_.end()) return found->second;
    std::string root = Behavior(*file, spec, nullptr, depth);
    loaded_.emplace(key, root);
    return root;
  }

  // A new node name for `spec`: `wanted`, or with "#2", "#3"... when a macro
  // wrote several nodes at one place.
  std::string UniqueName(bt::data::TreeSpec& spec, std::string wanted) { return names_[&spec].Take(wanted); }

  // Line and column of a place (counting from 1); the file named when it is not the first.
  SourceLocation Locate(SourcePlace place) {
    const LineIndex& lines = lines_.try_emplace(place.file, place.file->text).first->second;
    const LineColumn at = lines.At(place.offset);
    return {at.line, at.column, place.file == &first_ ? std::string_view() : std::string_view(place.file->path)};
  }

 private:
  SourceFiles& files_;
  const SourceFile& first_;
  std::vector<const SourceFile*> chain_;  // the behaviors being written, outermost first
  std::map<std::pair<const bt::data::TreeSpec*, std::string>, std::string> loaded_;
  std::map<const bt::data::TreeSpec*, UniqueNames> names_;
  std::map<const SourceFile*, LineIndex> lines_;
};

SourceLocation SpecWriter::At(std::size_t offset) const {
  return loader.Locate(source.places[std::min(offset, source.places.size() - 1)]);
}

std::string SpecWriter::Name(const SyntaxNode& node) const {
  const SourceLocation where = At(node.offset);
  std::string name = KindName(node.kind);
  // What it runs, for the debug lines and the why: "action reload@15:5", "decorator timer@3:1"
  // (a name too long for the builder's limit is left out: the place still names it).
  if ((node.kind == NodeKind::Action || node.kind == NodeKind::Decorator) && !node.name.empty() &&
      node.name.size() <= kMaxRunNameBytes)
    name += " " + node.name;
  name += "@";
  if (!where.file.empty()) name += std::string(where.file) + ":";
  return loader.UniqueName(spec, name + std::to_string(where.line) + ":" + std::to_string(where.column));
}

std::string SpecWriter::Add(const SyntaxNode& node, int depth) {
  if (baseDepth + depth > kMaxUnvanquishedDepth)
    State::Fail(node.offset, "nodes nested deeper than " + std::to_string(kMaxUnvanquishedDepth) + " levels");
  if (node.kind == NodeKind::Include)
    return loader.Include(node.name, source.places[node.nameOffset], spec, baseDepth + depth);
  const std::string name = Name(node);
  std::vector<std::string> children;
  for (const auto& child : node.children) {
    std::string added = Add(*child, depth + 1);
    // One behavior included twice in a group: the engine lists its node twice,
    // a bt group each decider once, so the later include is a Decorator that
    // maps nothing, around the same node.
    if (std::find(children.begin(), children.end(), added) != children.end()) {
      const std::string again = Name(*child);
      bt::data::NodeSpec& wrapper = spec.Group(again, GroupPolicy::Decorator, {});
      wrapper.where = At(child->offset);
      wrapper.children.push_back({added, At(child->offset)});
      added = again;
    }
    children.push_back(std::move(added));
  }
  bt::data::NodeSpec* out = nullptr;
  std::vector<ArgSpec> args = node.args;
  for (std::size_t i = 0; i < args.size(); ++i) args[i].where = At(node.argOffsets[i]);
  switch (node.kind) {
    case NodeKind::Selector:
    case NodeKind::Fallback:
    case NodeKind::Sequence:
    case NodeKind::Concurrent: {
      const GroupPolicy policy = node.kind == NodeKind::Selector   ? GroupPolicy::Selector
                                 : node.kind == NodeKind::Fallback ? GroupPolicy::Fallback
                                 : node.kind == NodeKind::Sequence ? GroupPolicy::Sequence
                                                                   : GroupPolicy::Concurrent;
      out = &spec.Group(name, policy, {});
      // Unvanquished's sequences and fallbacks start at their child on the bot's
      // running path, which outlives them (bt/core/running_path.h).
      if (policy == GroupPolicy::Sequence || policy == GroupPolicy::Fallback) out->Flags(kResumeOnRunningPath);
      break;
    }
    case NodeKind::Action:
      out = &spec.Behavior(name, node.name, std::move(args));
      out->action.where = At(node.nameOffset);
      break;
    case NodeKind::Spawn:
      // The game's action "spawnAs" (one argument): records the choice, SUCCESS
      // when the class can be spawned, FAILURE otherwise (BotSpawnNode).
      out = &spec.Behavior(name, "spawnAs", std::move(args));
      out->action.where = At(node.offset);
      break;
    case NodeKind::Condition:
      // Without a child: SUCCESS when true, a leaf Done at once.
      out = children.empty() ? &spec.Behavior(name, "Succeed") : &spec.Group(name, GroupPolicy::Decorator, {});
      out->Condition(node.condition, bt::data::Dialect::Unvanquished, At(node.conditionOffset), ConditionPieces(node));
      out->Flags(kRecheckEveryTick);
      break;
    case NodeKind::Decorator:
      out = &spec.Group(name, GroupPolicy::Decorator, {});
      Decorate(node, *out);
      break;
    case NodeKind::Include:
    case NodeKind::SelectClass:
      State::Fail(node.offset, "internal: not a node");  // handled above / by the loader
  }
  out->where = At(node.offset);
  for (std::size_t i = 0; i < children.size(); ++i)
    out->children.push_back({children[i], At(node.children[i]->offset)});
  return name;
}

// =============================================================== [SECTION] Entry points
bt::data::BuildError ErrorAt(const std::string& file, SourceLocation where, const std::string& message) {
  return {file + ":" + std::to_string(where.line) + ":" + std::to_string(where.column) + ": " + message, file,
          where.line, where.column, {}};
}

bt::data::BuildResult Failed(std::vector<bt::data::BuildError> errors) {
  bt::data::BuildResult failed;
  failed.errors = std::move(errors);
  return failed;
}

}  // namespace

// The text of every file one parse read: the specs' locations point into it.
struct UnvanquishedSources {
  LoadOptions options;
  SourceFile given;  // the first file, when given as text
  SourceFiles files{options};
  explicit UnvanquishedSources(LoadOptions from) : options(std::move(from)) {}
};

namespace {

UnvanquishedParse Parse(std::shared_ptr<UnvanquishedSources> sources, const SourceFile& first) {
  UnvanquishedParse result;
  result.spec.file = first.path;
  result.selectClass.file = first.path;
  Loader loader(sources->files, first);
  try {
    result.spec.root = loader.Behavior(first, result.spec, &result.selectClass, 1);
  } catch (const PlacedFailure& failure) {
    const SourceLocation where = loader.Locate(failure.at);
    result.spec = bt::data::TreeSpec{.file = first.path};
    result.selectClass = bt::data::TreeSpec{.file = first.path};
    std::string message = failure.message;
    if (failure.opening) {
      const SourceLocation opening = loader.Locate(*failure.opening);
      message += " at ";
      if (failure.opening->file != failure.at.file) message += failure.opening->file->path + ":";
      message += "line " + std::to_string(opening.line) + ", column " + std::to_string(opening.column);
    }
    result.errors.push_back(ErrorAt(failure.at.file->path, where, message));
  }
  result.sources = std::move(sources);
  return result;
}

bt::data::BuildResult Build(const UnvanquishedParse& parsed, const bt::data::TreeSpec& spec,
                            const bt::data::Registry& registry, const bt::data::BuildOptions& options) {
  if (!parsed.Ok()) return Failed(parsed.errors);
  return bt::data::BuildTree(spec, bt::data::WithBuiltinBehaviors(registry).Get(), options);
}

}  // namespace

UnvanquishedParse ParseUnvanquished(std::string_view text, std::string file, const LoadOptions& options) {
  auto sources = std::make_shared<UnvanquishedSources>(options);
  sources->given = {std::move(file), std::string(text)};
  return Parse(sources, sources->given);
}

UnvanquishedParse ParseUnvanquishedFile(const std::string& path, const LoadOptions& options) {
  auto sources = std::make_shared<UnvanquishedSources>(options);
  const SourceFile* first = sources->files.Open(path);
  if (first == nullptr) {
    UnvanquishedParse failed;
    failed.spec.file = path;
    failed.errors.push_back({path + ": cannot read the file", path, 0, 0, {}});
    return failed;
  }
  return Parse(sources, *first);
}

bt::data::BuildResult LoadUnvanquished(std::string_view text, std::string file, const bt::data::Registry& registry,
                                       const bt::data::BuildOptions& options) {
  return LoadUnvanquishedText(text, std::move(file), registry, LoadOptions{.build = options});
}

bt::data::BuildResult LoadUnvanquishedText(std::string_view text, std::string file,
                                           const bt::data::Registry& registry, const LoadOptions& options) {
  const UnvanquishedParse parsed = ParseUnvanquished(text, std::move(file), options);
  return Build(parsed, parsed.spec, registry, options.build);
}

bt::data::BuildResult LoadUnvanquishedFile(const std::string& path, const bt::data::Registry& registry,
                                           const LoadOptions& options) {
  const UnvanquishedParse parsed = ParseUnvanquishedFile(path, options);
  return Build(parsed, parsed.spec, registry, options.build);
}

UnvanquishedBot BuildUnvanquishedBot(const UnvanquishedParse& parsed, const bt::data::Registry& registry,
                                     const bt::data::BuildOptions& options) {
  UnvanquishedBot bot;
  bot.behavior = Build(parsed, parsed.spec, registry, options);
  if (parsed.Ok() && parsed.HasSelectClass()) bot.selectClass = Build(parsed, parsed.selectClass, registry, options);
  return bot;
}

UnvanquishedBot LoadUnvanquishedBot(const std::string& path, const bt::data::Registry& registry,
                                    const LoadOptions& options) {
  return BuildUnvanquishedBot(ParseUnvanquishedFile(path, options), registry, options.build);
}

}  // namespace bt::loaders
