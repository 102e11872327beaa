// bt/loaders/unvanquished.cpp — the .bt grammar (PEGTL), its syntax tree, and
// the mapping of that tree onto a TreeSpec (see unvanquished.h).
//
// Each node starts with its keyword; once the keyword matched, the rest sits in
// pegtl::must (if_must), so nothing backtracks over a node already pushed and
// every failure raises the rule's message. A condition's expression is read by
// the shared condition compiler (CompileExpressionPrefix), which says where it
// ends: there is no second expression grammar. The builder compiles it again,
// against the registry, from the text and place recorded here.
#include "bt/loaders/unvanquished.h"

#include <tao/pegtl.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <memory>
#include <optional>
#include <utility>

#include "bt/classic.h"
#include "bt/data/expression.h"
#include "bt/loaders/source_files.h"

namespace bt::loaders {
namespace {

namespace pg = tao::pegtl;
using bt::data::ArgSpec;
using bt::data::SourceLocation;

enum class NodeKind { Selector, Fallback, Sequence, Concurrent, Action, Condition, Decorator };

const char* KindName(NodeKind kind) {
  switch (kind) {
    case NodeKind::Selector: return "selector";
    case NodeKind::Fallback: return "fallback";
    case NodeKind::Sequence: return "sequence";
    case NodeKind::Concurrent: return "concurrent";
    case NodeKind::Action: return "action";
    case NodeKind::Condition: return "condition";
    case NodeKind::Decorator: return "decorator";
  }
  return "?";
}

struct SyntaxNode {
  NodeKind kind = NodeKind::Action;
  std::size_t offset = 0;  // of its keyword
  std::string name;        // action or decorator
  std::size_t nameOffset = 0;
  std::vector<ArgSpec> args;
  std::vector<std::size_t> argOffsets;
  std::string condition;
  std::size_t conditionOffset = 0;
  std::vector<std::unique_ptr<SyntaxNode>> children;
};

struct LoadFailure {
  std::size_t offset;
  std::string message;
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
  std::size_t opening = 0;  // of the last comment or string opened
  int depth = 0;

  std::size_t Offset(const char* at) const { return static_cast<std::size_t>(at - text.data()); }
  [[noreturn]] static void Fail(std::size_t offset, std::string message) {
    throw LoadFailure{offset, std::move(message)};
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
    if (node->kind == NodeKind::Concurrent && node->children.size() > kMaxUnvanquishedConcurrentChildren)
      Fail(node->offset, "a concurrent node has " + std::to_string(node->children.size()) + " children; at most " +
                             std::to_string(kMaxUnvanquishedConcurrentChildren) + " are allowed");
    if (open.empty()) root = std::move(node);
    else
      open.back()->children.push_back(std::move(node));
  }
};

// =============================================================== grammar
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
struct kw_unsupported : pg::sor<kw<'b', 'e', 'h', 'a', 'v', 'i', 'o', 'r'>,
                                kw<'s', 'e', 'l', 'e', 'c', 't', 'c', 'l', 'a', 's', 's'>,
                                kw<'s', 'p', 'a', 'w', 'n', 'a', 's'>> {};

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
      State::Fail(offset + static_cast<std::size_t>(error.column - 1), "condition: " + error.message);
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

struct unsupported : kw_unsupported {};
struct directive : pg::one<'#'> {};
struct unknown_keyword : pg::identifier {};

struct node_body : pg::sor<group_node, action_node, condition_node, decorator_node, unsupported, directive,
                           unknown_keyword> {};

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
struct file : pg::seq<ws, pg::must<root_node>, ws, pg::must<end_of_file>> {};

}  // namespace grammar

// =============================================================== error messages
constexpr const char* kExpectedNode =
    "expected a node (selector, fallback, sequence, concurrent, action, condition or decorator)";

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
template <>
struct Message<grammar::close_brace> {
  static std::string Text(const State&, std::size_t&) { return "expected a node or '}'"; }
};
template <>
struct Message<grammar::close_one_child> {
  static std::string Text(const State& s, std::size_t&) {
    return std::string("expected '}': a ") + KindName(s.open.back()->kind) + " holds exactly one node";
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
    State::Fail(offset, std::move(message));
  }
};

// =============================================================== actions
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

struct close_node {
  template <class ActionInput>
  static void apply(const ActionInput&, State& s) { s.Close(); }
};
template <> struct action<grammar::group_node> : close_node {};
template <> struct action<grammar::action_node> : close_node {};
template <> struct action<grammar::condition_node> : close_node {};
template <> struct action<grammar::decorator_node> : close_node {};

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
struct action<grammar::unsupported> {
  template <class ActionInput>
  static void apply(const ActionInput& in, State& s) {
    State::Fail(s.Offset(in.begin()), "'" + in.string() + "' is not supported yet");
  }
};
template <>
struct action<grammar::directive> {
  template <class ActionInput>
  static void apply(const ActionInput& in, State& s) {
    State::Fail(s.Offset(in.begin()), "preprocessor directives (#define, #include) are not supported yet");
  }
};
template <>
struct action<grammar::unknown_keyword> {
  template <class ActionInput>
  static void apply(const ActionInput& in, State& s) {
    State::Fail(s.Offset(in.begin()), "unknown keyword '" + in.string() + "': " + kExpectedNode);
  }
};

// =============================================================== the spec
struct SpecWriter {
  std::string_view text;
  bt::data::TreeSpec& spec;

  std::vector<std::size_t> lineStarts;  // offset of each line's first byte

  SpecWriter(std::string_view source, bt::data::TreeSpec& into) : text(source), spec(into) {
    lineStarts.push_back(0);
    for (std::size_t i = 0; i < text.size(); ++i)
      if (text[i] == '\n') lineStarts.push_back(i + 1);
  }
  SourceLocation At(std::size_t offset) const {
    const auto line = std::upper_bound(lineStarts.begin(), lineStarts.end(), offset) - 1;
    return {static_cast<std::uint32_t>(line - lineStarts.begin() + 1), static_cast<std::uint32_t>(offset - *line + 1),
            {}};
  }
  std::string Name(const SyntaxNode& node) const {
    const SourceLocation where = At(node.offset);
    return std::string(KindName(node.kind)) + "@" + std::to_string(where.line) + ":" + std::to_string(where.column);
  }
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
    for (const Known& k : kKnown) {
      if (node.name.size() == std::string_view(k.name).size() &&
          std::equal(node.name.begin(), node.name.end(), k.name,
                     [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) ==
                                                 std::tolower(static_cast<unsigned char>(b)); }))
        known = &k;
    }
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
      if (node.args[0].type != ParamType::Number || node.args[0].number < 0)
        State::Fail(node.argOffsets[0], "expected a time in milliseconds (a number >= 0)");
      out.policy = GroupPolicy::Cooldown;
      out.Seconds(static_cast<float>(node.args[0].number / 1000.0));
    }
  }
  // Adds `node` and its subtree; returns its name.
  std::string Add(const SyntaxNode& node) {
    const std::string name = Name(node);
    std::vector<std::string> children;
    for (const auto& child : node.children) children.push_back(Add(*child));
    const SourceLocation where = At(node.offset);
    bt::data::NodeSpec* out = nullptr;
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
        break;
      }
      case NodeKind::Action: {
        std::vector<ArgSpec> args = node.args;
        for (std::size_t i = 0; i < args.size(); ++i) args[i].where = At(node.argOffsets[i]);
        out = &spec.Behavior(name, node.name, std::move(args));
        out->action.where = At(node.nameOffset);
        break;
      }
      case NodeKind::Condition:
        // Without a child: SUCCESS when true, a leaf Done at once.
        out = children.empty() ? &spec.Behavior(name, "Succeed") : &spec.Group(name, GroupPolicy::Decorator, {});
        out->Condition(node.condition, bt::data::Dialect::Unvanquished, At(node.conditionOffset));
        out->Flags(kRecheckEveryTick);
        break;
      case NodeKind::Decorator:
        out = &spec.Group(name, GroupPolicy::Decorator, {});
        Decorate(node, *out);
        break;
    }
    out->where = where;
    for (std::size_t i = 0; i < children.size(); ++i)
      out->children.push_back({children[i], At(node.children[i]->offset)});
    return name;
  }
};

bt::data::BuildError ErrorAt(const std::string& file, SourceLocation where, const std::string& message) {
  return {file + ":" + std::to_string(where.line) + ":" + std::to_string(where.column) + ": " + message, file,
          where.line, where.column, {}};
}

}  // namespace

UnvanquishedParse ParseUnvanquished(std::string_view text, std::string file) {
  UnvanquishedParse result;
  result.spec.file = file;
  State state;
  state.text = text;
  SpecWriter writer(text, result.spec);
  try {
    pg::memory_input<pg::tracking_mode::lazy> input(text.data(), text.data() + text.size(), file);
    pg::parse<grammar::file, action, control>(input, state);
    result.spec.root = writer.Add(*state.root);
  } catch (const LoadFailure& failure) {
    result.spec = bt::data::TreeSpec{.file = file};
    result.errors.push_back(ErrorAt(file, writer.At(failure.offset), failure.message));
  }
  return result;
}

bt::data::BuildResult LoadUnvanquished(std::string_view text, std::string file, const bt::data::Registry& registry,
                                       const bt::data::BuildOptions& options) {
  UnvanquishedParse parsed = ParseUnvanquished(text, std::move(file));
  if (!parsed.Ok()) {
    bt::data::BuildResult failed;
    failed.errors = std::move(parsed.errors);
    return failed;
  }
  return bt::data::BuildTree(parsed.spec, registry, options);
}

bt::data::BuildResult LoadUnvanquishedFile(const std::string& path, const bt::data::Registry& registry,
                                           const LoadOptions& options) {
  SourceFiles files(options);
  const SourceFile* file = files.Open(path);
  if (file == nullptr) {
    bt::data::BuildResult failed;
    failed.errors.push_back({path + ": cannot read the file", path, 0, 0, {}});
    return failed;
  }
  return LoadUnvanquished(file->text, file->path, registry, options.build);
}

}  // namespace bt::loaders
