// bt/data/expression_compile.cpp — compiling a condition's text into an
// Expression (see expression.h for the dialects' rules).
//
// Index
//   [SECTION] The compiler state   — the program being emitted, names, errors
//   [SECTION] Shared rules         — nesting guard, binary operator tails, parentheses
//   [SECTION] Unvanquished grammar — the .bt dialect
//   [SECTION] Cry grammar          — CryEngine selection trees, Lumberyard MBT
//   [SECTION] Error messages       — one per rule that must match
//   [SECTION] Actions              — what each matched rule emits
//   [SECTION] CompileExpression    — the entry point
//
// The grammars are PEGTL (tao-pegtl-dev): each rule is a type, and the actions
// emit stack-machine code as the rules match, in source order, so there is no
// syntax tree and no second pass:
//  - an operand pushes its value; a binary operator's code follows its right
//    operand, so a left-associative chain emits as it goes, and a
//    right-associative one (Unvanquished's comparisons) recurses into the
//    right operand first: `1 < 2 < 3` emits 1 2 3 less less;
//  - `&&`/`and` and `||`/`or` emit a forward jump after their left operand (patched
//    once the right operand is emitted), which is how they short-circuit.
// Once a rule has committed (an operator, an open parenthesis, a function name
// with `(`), what must follow is wrapped in pegtl::must, whose failure raises
// the rule's message; so no rule backtracks over code it emitted.
// Recursion in the parser (parentheses, `!`, right-associative chains) passes
// through `nested`, which counts it against kMaxExpressionDepth.
#include <tao/pegtl.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstring>
#include <map>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "bt/data/closest_names.h"
#include "bt/data/expression.h"
#include "bt/data/expression_code.h"

namespace bt::data {

using detail::ExpressionInstruction;
using detail::ExpressionOp;

// Builds an Expression from the compiler's vectors: one exact-size array each,
// then the names' offsets turned into pointers into the owned text.
struct ExpressionBuilder {
  static Expression Make(Dialect dialect, std::size_t source_size, const std::string& strings,
                         const std::vector<ExpressionInstruction>& code, const std::vector<std::size_t>& code_names,
                         const std::vector<bt::Param>& params, const std::vector<std::size_t>& param_texts,
                         int stack_size);
};

namespace {

namespace pg = tao::pegtl;
constexpr std::size_t kNoName = static_cast<std::size_t>(-1);


// =============================================================== [SECTION] The compiler state

struct CompileFailure {
  std::size_t offset;
  std::string message;
  std::size_t opening = kNoName;  // the unclosed '(' the message names
};

class Compiler {
 public:
  Compiler(std::string_view text, Dialect dialect, const ExpressionNames& names)
      : text_(text), dialect_(dialect), names_(names), strings_(text) {
    strings_.push_back('\0');
  }

  std::size_t Offset(const char* at) const { return static_cast<std::size_t>(at - text_.data()); }
  std::string_view Text() const { return text_; }
  // Where the last token of the expression ends (for CompileExpressionPrefix).
  std::size_t End() const { return end_; }
  void MarkEnd(const char* at) { end_ = std::max(end_, Offset(at)); }
  // Where the last comment or string began, for "unterminated" errors.
  void MarkOpening(std::size_t offset) { opening_ = offset; }
  std::size_t Opening() const { return opening_; }

  [[noreturn]] void Fail(std::size_t offset, std::string message, std::size_t opening = kNoName) const {
    throw CompileFailure{offset, std::move(message), opening};
  }

  // ---- emitting
  void Emit(ExpressionOp op, std::size_t offset, double number = 0, std::int32_t index = 0,
            std::size_t name = kNoName) {
    ExpressionInstruction in;
    in.op = op;
    in.number = number;
    in.index = index;
    if (dialect_ == Dialect::Cry) Track(op);
    code_.push_back(in);
    code_names_.push_back(name);
    stack_ += StackEffect(op);
    if (stack_ > stack_size_) stack_size_ = stack_;
    // Unreachable within kMaxExpressionDepth (see kMaxExpressionStack); kept so
    // that a grammar change can never let Evaluate overflow its stack.
    if (stack_size_ > kMaxExpressionStack)
      Fail(offset, "the expression needs more than " + std::to_string(kMaxExpressionStack) +
                       " values at once; split it");
  }
  void EmitNumber(double value, std::size_t offset, std::string_view constant = {}) {
    Emit(ExpressionOp::PushNumber, offset, value, 0, constant.empty() ? kNoName : AddString(constant));
  }
  // The jump of a short-circuit operator, patched by EndShortCircuit.
  void BeginShortCircuit(ExpressionOp jump, std::size_t offset) {
    pending_jumps_.push_back(code_.size());
    Emit(jump, offset);
  }
  void EndShortCircuit(std::size_t offset) {
    Emit(ExpressionOp::ToBool, offset);
    code_[pending_jumps_.back()].index = static_cast<std::int32_t>(code_.size());
    pending_jumps_.pop_back();
  }

  // ---- parentheses and nesting
  void OpenParen(std::size_t offset) { open_parens_.push_back(offset); }
  void CloseParen() { open_parens_.pop_back(); }
  std::size_t InnermostOpenParen() const { return open_parens_.empty() ? 0 : open_parens_.back(); }
  int& Nesting() { return nesting_; }
  // The last operator read: a missing operand is reported there, where the
  // writer left it (the operand may be looked for lines further on).
  void MarkOperator(std::size_t offset) { operator_ = offset; }
  std::size_t LastOperator() const { return operator_; }

  // ---- Unvanquished calls and constants
  void BeginCall(std::string_view name, std::size_t offset) {
    call_name_ = name;
    call_offset_ = offset;
    call_has_parens_ = false;
    call_first_param_ = params_.size();
    negate_next_ = false;
  }
  void CallHasParens() { call_has_parens_ = true; }
  std::string_view CallName() const { return call_name_; }
  std::size_t CallArgumentCount() const { return params_.size() - call_first_param_; }
  void NegateNextArgument() { negate_next_ = true; }
  void AddNumberArgument(double value) {
    bt::Param p;
    p.type = bt::ParamType::Number;
    p.number = TakeSign(value);
    AddParam(p, kNoName);
  }
  void AddConstantArgument(std::string_view name, std::size_t offset) {
    double value = 0;
    names_.NameAt(offset);
    if (!names_.FindArgumentConstant(name, value))
      Fail(offset, "unknown constant '" + std::string(name) + "'" + ClosestNamesSuffix(name, names_.ConstantNames()));
    bt::Param p;
    p.type = bt::ParamType::Symbol;
    p.number = TakeSign(value);
    AddParam(p, AddString(name));
  }
  void AddStringArgument(std::string_view value) {
    bt::Param p;
    p.type = bt::ParamType::Text;
    AddParam(p, AddString(value));
  }
  // A name with or without arguments: a constant, or a call.
  void EndCall() {
    const std::string name(call_name_);
    const int arity = static_cast<int>(CallArgumentCount());
    double value = 0;
    names_.NameAt(call_offset_);
    if (names_.FindConstant(name, value)) {
      if (call_has_parens_) Fail(call_offset_, "'" + name + "' is a constant, not a function");
      EmitNumber(value, call_offset_, name);
      return;
    }
    std::string error;
    const ValueFn function = names_.FindFunction(name, arity, error);
    if (function == nullptr) {
      if (!error.empty()) Fail(call_offset_, error);
      if (call_has_parens_)
        Fail(call_offset_, "unknown function '" + name + "'" + ClosestNamesSuffix(name, names_.FunctionNames()));
      std::vector<std::string> candidates = names_.FunctionNames();
      for (std::string& constant : names_.ConstantNames()) candidates.push_back(std::move(constant));
      Fail(call_offset_, "unknown function or constant '" + name + "'" + ClosestNamesSuffix(name, candidates));
    }
    Emit(ExpressionOp::Call, call_offset_, 0, static_cast<std::int32_t>(call_first_param_), AddString(name));
    code_.back().count = arity;
    code_.back().function = function;
  }

  // ---- Cry variables
  void PushVariable(std::string_view name, std::size_t offset) {
    names_.NameAt(offset);
    const int index = names_.FindVariable(name);
    if (index < 0) {
      // A name of a typed variable's enum stands for its value, resolved against
      // the other side of its `==` (two enums may share a name).
      const bt::VariableEnum* owner = EnumWithName(name);
      // Right after `enumVariable ==`, any name is taken for one of its enum's, so
      // that a misspelt one is reported as such, with the enum's closest names.
      if (owner == nullptr && !operands_.empty() && operands_.back().typed && operands_.back().variable >= 0 &&
          operands_.back().type == bt::VariableType::Enum && operator_ > operands_.back().offset &&
          operator_ + 1 < text_.size() && text_[operator_ + 1] == '=')
        owner = operands_.back().enumType;
      if (owner != nullptr) {
        Emit(ExpressionOp::PushNumber, offset);
        Operand& o = operands_.back();
        o = Operand{true, bt::VariableType::Enum, owner, -1, true, std::string(name), 0, offset};
        return;
      }
      Fail(offset, "unknown variable '" + std::string(name) + "'" + ClosestNamesSuffix(name, names_.VariableNames()));
    }
    const bt::VariableDecl* decl = names_.VariableDeclaration(index);
    Emit(ExpressionOp::PushVariableBool, offset, 0, index, AddString(name));
    if (decl != nullptr && IsTyped(decl->type)) {
      operands_.back() = Operand{true, decl->type, decl->enumType, index, false, std::string(name), 0, offset};
      floatCount_[index] = decl->floatCount;
    }
  }
  // A whole number, which only an integer variable is compared with (`Target == 0`).
  void PushInteger(std::string_view digits, std::size_t offset) {
    std::int64_t value = 0;
    const auto result = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (result.ec != std::errc() || result.ptr != digits.data() + digits.size())
      Fail(offset, "number out of range: " + std::string(digits));
    Emit(ExpressionOp::PushNumber, offset);
    operands_.back() = Operand{true, bt::VariableType::Int64, nullptr, -1, false, std::string(digits), value, offset};
  }
  // Cry's `==` and `!=`: booleans as the engine compares them; typed operands
  // exactly, as one instruction, when their types agree.
  void Compare(ExpressionOp op, std::size_t offset) {
    const Operand b = operands_.back();
    const Operand a = operands_[operands_.size() - 2];
    if ((!a.typed && !b.typed) || !names_.ChecksTypes()) return Emit(op, offset);
    const char* spelling = op == ExpressionOp::Equal ? "==" : "!=";
    for (const Operand* o : {&a, &b})
      if (o->type == bt::VariableType::Floats)
        Fail(o->offset, "'" + o->text + "' is a " + TypeText(*o) + " variable: a condition does not compare vectors");
    const bool integers = IsInteger(a) && IsInteger(b);
    const bool enums = a.type == bt::VariableType::Enum && b.type == bt::VariableType::Enum && a.typed && b.typed;
    if (!(integers || enums) || (a.variable < 0 && b.variable < 0))
      Fail(offset, "'" + std::string(spelling) + "' compares " + Describe(a) + " with " + Describe(b) +
                       (a.variable < 0 && b.variable < 0 && (integers || enums) ? ": one side must be a variable"
                                                                                  : ": compare values of one type"));
    const Operand& variable = a.variable >= 0 ? a : b;
    const Operand& other = a.variable >= 0 ? b : a;
    std::int64_t literal = other.integer;
    std::string name = variable.text + " == ";
    if (enums && other.enumName) {
      literal = -1;
      for (int n = 0; n < variable.enumType->count; ++n)
        if (other.text == variable.enumType->names[n]) literal = n;
      if (literal < 0) {
        std::vector<std::string> candidates(variable.enumType->names, variable.enumType->names + variable.enumType->count);
        Fail(other.offset, "'" + other.text + "' is not a name of enum " + EnumName(variable.enumType) +
                               ClosestNamesSuffix(other.text, candidates));
      }
      name += std::to_string(literal) + " " + other.text;
    } else if (enums && !SameEnum(variable.enumType, other.enumType)) {
      Fail(offset, "'" + std::string(spelling) + "' compares " + Describe(a) + " with " + Describe(b) +
                       ": compare values of one type");
    } else {
      name += other.variable >= 0 ? std::to_string(other.variable) + " " + other.text : other.text;
    }
    // Both operands are single pushes (a typed value is never a compound): replace them.
    for (int i = 0; i < 2; ++i) {
      code_.pop_back();
      code_names_.pop_back();
      operands_.pop_back();
    }
    stack_ -= 2;
    Emit(ExpressionOp::EqualIntegers, offset, 0, variable.variable, AddString(name));
    code_.back().count = other.variable;
    code_.back().integer = literal;
    if (op == ExpressionOp::NotEqual) Emit(ExpressionOp::Not, offset);
  }
  // What a Cry condition reads last must be a boolean.
  void RequireBoolean(std::size_t back = 0) const {
    if (dialect_ != Dialect::Cry || !names_.ChecksTypes()) return;
    const Operand& o = operands_[operands_.size() - 1 - back];
    if (!o.typed) return;
    if (o.enumName)
      Fail(o.offset, "'" + o.text + "' is a name of enum " + EnumName(o.enumType) +
                         ", not a boolean: compare a variable of that enum with it");
    if (o.variable < 0) Fail(o.offset, o.text + " is a number, not a boolean: compare an integer variable with it");
    if (o.type == bt::VariableType::Floats)
      Fail(o.offset, "'" + o.text + "' is a " + TypeText(o) + " variable: a condition does not read vectors");
    Fail(o.offset, "'" + o.text + "' is " + Article(TypeText(o)) + " variable, not a boolean: compare it with '==' or '!='");
  }
  Expression Finish() const {
    return ExpressionBuilder::Make(dialect_, text_.size(), strings_, code_, code_names_, params_, param_texts_,
                                   stack_size_);
  }

 private:
  static int StackEffect(ExpressionOp op) {
    switch (op) {
      case ExpressionOp::PushNumber:
      case ExpressionOp::PushVariable:
      case ExpressionOp::PushVariableBool:
      case ExpressionOp::EqualIntegers:
      case ExpressionOp::Call:
        return 1;
      case ExpressionOp::Not:
      case ExpressionOp::ToBool:
        return 0;
      default:
        return -1;  // binary operators; a jump's fall-through pops its operand
    }
  }
  // ---- Cry types: what each value on the stack is
  struct Operand {
    bool typed = false;  // false: a boolean (or a number read as one, as the engine reads its variables)
    bt::VariableType type = bt::VariableType::Bool;  // Int32, Int64 (also a whole number), Enum, Floats
    const bt::VariableEnum* enumType = nullptr;       // an enum variable's, or the first enum holding a name
    int variable = -1;                               // -1: a literal
    bool enumName = false;                           // a name of an enum
    std::string text;                                // the variable's name, or the literal as written
    std::int64_t integer = 0;                        // a whole number's value
    std::size_t offset = 0;
  };
  static bool IsTyped(bt::VariableType type) {
    return type != bt::VariableType::Bool && type != bt::VariableType::Number;
  }
  static bool IsInteger(const Operand& o) {
    return o.typed && (o.type == bt::VariableType::Int32 || o.type == bt::VariableType::Int64);
  }
  static bool SameEnum(const bt::VariableEnum* a, const bt::VariableEnum* b) {
    return a == b || (a != nullptr && b != nullptr && a->name != nullptr && b->name != nullptr &&
                      std::strcmp(a->name, b->name) == 0);
  }
  static std::string EnumName(const bt::VariableEnum* e) { return e != nullptr && e->name != nullptr ? e->name : "?"; }
  static std::string Article(const std::string& word) {
    return (std::strchr("aeiou", word[0]) != nullptr ? "an " : "a ") + word;
  }
  // "int64", "float3", "Stance" (an enum variable's type), "bool".
  std::string TypeText(const Operand& o) const {
    if (!o.typed) return "bool";
    if (o.type == bt::VariableType::Enum) return "enum " + EnumName(o.enumType);
    if (o.type == bt::VariableType::Floats)
      return "float" + std::to_string(o.variable >= 0 ? floatCount_.at(o.variable) : 0);
    return bt::VariableTypeName(o.type);
  }
  // "int64 'Target'", "the number 42", "the name 'Crouch'", "a boolean".
  std::string Describe(const Operand& o) const {
    if (!o.typed) return o.variable >= 0 ? "bool '" + o.text + "'" : "a boolean";
    if (o.enumName) return "the name '" + o.text + "'";
    if (o.variable < 0) return "the number " + o.text;
    return TypeText(o) + " '" + o.text + "'";
  }
  const bt::VariableEnum* EnumWithName(std::string_view name) const {
    for (int i = 0;; ++i) {
      const bt::VariableDecl* decl = names_.VariableDeclaration(i);
      if (decl == nullptr) return nullptr;
      if (decl->type != bt::VariableType::Enum || decl->enumType == nullptr) continue;
      for (int n = 0; n < decl->enumType->count; ++n)
        if (name == decl->enumType->names[n]) return decl->enumType;
    }
  }
  // The operands an instruction reads and the one it leaves (Cry only).
  void Track(ExpressionOp op) {
    switch (op) {
      case ExpressionOp::PushNumber:
      case ExpressionOp::PushVariable:
      case ExpressionOp::PushVariableBool:
      case ExpressionOp::EqualIntegers:
      case ExpressionOp::Call:
        operands_.push_back(Operand{});
        return;
      case ExpressionOp::Not:
      case ExpressionOp::ToBool:
        RequireBoolean();
        return;
      case ExpressionOp::JumpIfFalseOrPop:
      case ExpressionOp::JumpIfTrueOrPop:
        RequireBoolean();
        operands_.pop_back();  // the right operand's value takes its place
        return;
      default:  // binary: Equal and NotEqual of booleans, Xor
        if (op == ExpressionOp::Xor) {
          RequireBoolean(1);
          RequireBoolean();
        }
        operands_.pop_back();
        operands_.back() = Operand{};
        return;
    }
  }
  std::size_t AddString(std::string_view s) {
    const std::size_t at = strings_.size();
    strings_.append(s);
    strings_.push_back('\0');
    return at;
  }
  void AddParam(const bt::Param& p, std::size_t text) {
    params_.push_back(p);
    param_texts_.push_back(text);
  }
  double TakeSign(double value) {
    const bool negate = negate_next_;
    negate_next_ = false;
    return negate ? -value : value;
  }

  std::string_view text_;
  Dialect dialect_;
  const ExpressionNames& names_;

  std::vector<ExpressionInstruction> code_;
  std::vector<std::size_t> code_names_;  // offset in strings_ of each instruction's name, or kNoName
  std::vector<bt::Param> params_;
  std::vector<std::size_t> param_texts_;  // offset in strings_ of each param's text, or kNoName
  std::string strings_;                   // the source, then names and strings, each NUL-terminated
  int stack_ = 0;
  int stack_size_ = 0;

  std::vector<Operand> operands_;     // Cry: one per value on the stack
  std::map<int, int> floatCount_;     // Cry: each Floats variable read, its float count
  std::vector<std::size_t> pending_jumps_;
  std::vector<std::size_t> open_parens_;
  int nesting_ = 0;
  std::size_t end_ = 0;
  std::size_t opening_ = 0;
  std::size_t operator_ = 0;

  std::string_view call_name_;
  std::size_t call_offset_ = 0;
  std::size_t call_first_param_ = 0;
  bool call_has_parens_ = false;
  bool negate_next_ = false;
};

// =============================================================== [SECTION] Shared rules

namespace grammar {
using namespace tao::pegtl;  // NOLINT: the rules read as a grammar

// Matches Rule one level deeper; past kMaxExpressionDepth the compile fails
// instead of recursing further (a 100,000-deep text must not overflow the stack).
template <class Rule>
struct nested {
  using rule_t = nested;
  using subs_t = type_list<Rule>;
  template <apply_mode A, rewind_mode M, template <typename...> class Action, template <typename...> class Control,
            typename ParseInput>
  static bool match(ParseInput& in, Compiler& c) {
    int& nesting = c.Nesting();
    if (nesting >= kMaxExpressionDepth)
      c.Fail(c.Offset(in.current()),
             "the expression nests deeper than " + std::to_string(kMaxExpressionDepth) + " levels");
    ++nesting;
    struct Leave {
      int& nesting;
      ~Leave() { --nesting; }
    } leave{nesting};
    return Control<Rule>::template match<A, M, Action, Control>(in, c);
  }
};

// Rule under another name, so that its failure inside `must` has its own message.
template <class Tag, class Rule>
struct expect : Rule {};
struct expression_tag {};     // "expected an expression"
struct paren_body_tag {};     // "expected an expression after '('"
struct argument_after_comma_tag {};

// The right operand of Op.
template <class Op, class Rule>
struct operand_after : Rule {};
// Op where it stands before an operand (its action records its place).
template <class Op>
struct operator_token : Op {};

// Op and its right operand; the action emits Op's instruction after them. The
// nested form is for right-associative chains, which recurse.
template <class Ws, class Op, class Right>
struct binary_tail : seq<operator_token<Op>, Ws, must<operand_after<Op, Right>>> {};
template <class Ws, class Op, class Right>
struct nested_binary_tail : seq<operator_token<Op>, Ws, nested<must<operand_after<Op, Right>>>> {};

struct open_paren : one<'('> {};
struct close_paren : one<')'> {};
template <class Ws, class Expression>
struct parenthesized
    : seq<open_paren, Ws, nested<must<expect<paren_body_tag, Expression>>>, Ws, must<close_paren>> {};

// `!`, but not the first character of `!=`.
struct bang : seq<one<'!'>, not_at<one<'='>>> {
  static constexpr const char* spelling = "!";
};

struct end_of_text : eof {};

template <class Ws, class Expression>
struct whole_text : seq<Ws, must<expect<expression_tag, Expression>>, Ws, must<end_of_text>> {};
template <class Ws, class Expression>
struct text_prefix : seq<Ws, must<expect<expression_tag, Expression>>> {};

// An operator: its spelling, its instruction, and whether it short-circuits
// (then `instruction` is the jump emitted after the left operand).
template <ExpressionOp Instruction, bool ShortCircuit, char... Spelling>
struct operator_info {
  static constexpr ExpressionOp instruction = Instruction;
  static constexpr bool short_circuit = ShortCircuit;
  static constexpr char spelling[] = {Spelling..., '\0'};
};

// =============================================================== [SECTION] Unvanquished grammar

namespace unvanquished {

// Spaces and the botlib lexer's comments.
struct block_comment_end : until<string<'*', '/'>> {};
struct block_comment_open : string<'/', '*'> {};
struct block_comment : seq<block_comment_open, must<block_comment_end>> {};
struct line_comment : seq<two<'/'>, until<eolf>> {};
struct ws : star<sor<space, line_comment, block_comment>> {};

// Numbers as the botlib lexer reads them: decimal integers and fractions with
// an optional exponent, and hexadecimal integers (0x1F). Octal (a leading 0) is
// read as decimal, unlike botlib, whose files do not use it.
struct hex_number : seq<one<'0'>, one<'x', 'X'>, plus<xdigit>> {};
struct exponent : seq<one<'e', 'E'>, opt<one<'+', '-'>>, plus<digit>> {};
struct decimal_number
    : seq<sor<seq<plus<digit>, opt<one<'.'>, star<digit>>>, seq<one<'.'>, plus<digit>>>, opt<exponent>> {};
struct number : sor<hex_number, decimal_number> {};

// ---- a name: a constant, or a function call with literal arguments
struct string_body : until<one<'"'>, sor<seq<one<'\\'>, not_one<'\n', '\r'>>, not_one<'\n', '\r'>>> {};
struct string_open : one<'"'> {};
struct string_argument : seq<string_open, must<string_body>> {};
struct number_argument : number {};
struct constant_argument : identifier {};
struct minus : one<'-'> {};
struct signed_value : sor<number_argument, constant_argument> {};
struct negative_argument : seq<minus, ws, must<signed_value>> {};
struct argument : sor<string_argument, number_argument, constant_argument, negative_argument> {};
struct comma : one<','> {};
struct arguments_open : one<'('> {};
struct arguments_close : one<')'> {};
struct arguments
    : seq<arguments_open, ws,
          opt<argument, ws, star<comma, ws, must<expect<argument_after_comma_tag, argument>>, ws>>,
          must<arguments_close>> {};
struct function_name : identifier {};
struct call : seq<function_name, opt<ws, arguments>> {};

// ---- operands and operators, tightest first
struct expression;
struct number_operand : number {};
struct operand;
struct negation : seq<operator_token<bang>, ws, nested<must<operand_after<bang, operand>>>> {};
// The node keywords of a .bt file name no function of the game: an operator at
// the end of a line does not take the next line's node as its operand.
struct node_keyword
    : seq<sor<istring<'s', 'e', 'l', 'e', 'c', 't', 'o', 'r'>, istring<'f', 'a', 'l', 'l', 'b', 'a', 'c', 'k'>,
              istring<'s', 'e', 'q', 'u', 'e', 'n', 'c', 'e'>, istring<'c', 'o', 'n', 'c', 'u', 'r', 'r', 'e', 'n', 't'>,
              istring<'a', 'c', 't', 'i', 'o', 'n'>, istring<'c', 'o', 'n', 'd', 'i', 't', 'i', 'o', 'n'>,
              istring<'d', 'e', 'c', 'o', 'r', 'a', 't', 'o', 'r'>, istring<'b', 'e', 'h', 'a', 'v', 'i', 'o', 'r'>,
              istring<'s', 'e', 'l', 'e', 'c', 't', 'c', 'l', 'a', 's', 's'>, istring<'s', 'p', 'a', 'w', 'n', 'a', 's'>>,
          not_at<identifier_other>> {};
struct operand : sor<number_operand, negation, parenthesized<ws, expression>, seq<not_at<node_keyword>, call>> {};

struct op_less : seq<one<'<'>, not_at<one<'='>>>, operator_info<ExpressionOp::Less, false, '<'> {};
struct op_less_equal : string<'<', '='>, operator_info<ExpressionOp::LessEqual, false, '<', '='> {};
struct op_greater : seq<one<'>'>, not_at<one<'='>>>, operator_info<ExpressionOp::Greater, false, '>'> {};
struct op_greater_equal : string<'>', '='>, operator_info<ExpressionOp::GreaterEqual, false, '>', '='> {};
struct op_equal : string<'=', '='>, operator_info<ExpressionOp::Equal, false, '=', '='> {};
struct op_not_equal : string<'!', '='>, operator_info<ExpressionOp::NotEqual, false, '!', '='> {};
struct op_and : string<'&', '&'>, operator_info<ExpressionOp::JumpIfFalseOrPop, true, '&', '&'> {};
struct op_or : string<'|', '|'>, operator_info<ExpressionOp::JumpIfTrueOrPop, true, '|', '|'> {};

// A comparison level: right-associative, so its right operand is the level itself.
template <class Op, class Tighter>
struct comparison : seq<Tighter, opt<ws, nested_binary_tail<ws, Op, comparison<Op, Tighter>>>> {};
using less = comparison<op_less, operand>;
using less_equal = comparison<op_less_equal, less>;
using greater = comparison<op_greater, less_equal>;
using greater_equal = comparison<op_greater_equal, greater>;
using equal = comparison<op_equal, greater_equal>;
using not_equal = comparison<op_not_equal, equal>;

// `&&` and `||` associate to the right in the engine; a chain of one of them
// has the same value and calls the same functions either way (each operand is
// evaluated in order until the first that decides), so they are emitted as a
// loop rather than recursion.
template <class Op, class Tighter>
struct logic : seq<Tighter, star<ws, binary_tail<ws, Op, Tighter>>> {};
struct expression : logic<op_or, logic<op_and, not_equal>> {};

}  // namespace unvanquished

// =============================================================== [SECTION] Cry grammar

namespace cry {

struct ws : star<space> {};
// The engine's lexer: a word starts with a letter or `_` and goes on with
// letters, digits, `_` and `.`; keywords are matched without case.
struct word_char : sor<alnum, one<'_', '.'>> {};
template <class Word>
struct keyword : seq<Word, not_at<word_char>> {};
struct op_and : keyword<istring<'a', 'n', 'd'>>, operator_info<ExpressionOp::JumpIfFalseOrPop, true, 'a', 'n', 'd'> {};
struct op_or : keyword<istring<'o', 'r'>>, operator_info<ExpressionOp::JumpIfTrueOrPop, true, 'o', 'r'> {};
struct op_xor : keyword<istring<'x', 'o', 'r'>>, operator_info<ExpressionOp::Xor, false, 'x', 'o', 'r'> {};
struct true_value : keyword<istring<'t', 'r', 'u', 'e'>> {};
struct false_value : keyword<istring<'f', 'a', 'l', 's', 'e'>> {};
struct any_keyword : sor<op_and, op_or, op_xor, true_value, false_value> {};
struct variable : seq<not_at<any_keyword>, ranges<'a', 'z', 'A', 'Z', '_'>, star<word_char>> {};

// bt's extension: a whole number, the other side of an integer variable's `==`.
struct integer_value : seq<opt<one<'-'>>, plus<digit>, not_at<word_char>> {};

struct logical;
struct value : sor<parenthesized<ws, logical>, true_value, false_value, integer_value, variable> {};
// `!` applies to one value: `!!a` and `!a == b`'s `a == b` are not its operand.
struct negation : seq<operator_token<bang>, ws, must<operand_after<bang, value>>> {};
struct unary : sor<negation, value> {};

struct op_equal : string<'=', '='>, operator_info<ExpressionOp::Equal, false, '=', '='> {};
struct op_not_equal : string<'!', '='>, operator_info<ExpressionOp::NotEqual, false, '!', '='> {};
// At most one `==` or `!=` between two unary operands.
struct comparison
    : seq<unary, opt<ws, sor<binary_tail<ws, op_equal, unary>, binary_tail<ws, op_not_equal, unary>>>> {};

// `and`, `or`, `xor`: one level, left-associative.
struct logical : seq<comparison, star<ws, sor<binary_tail<ws, op_and, comparison>, binary_tail<ws, op_or, comparison>,
                                              binary_tail<ws, op_xor, comparison>>>> {};

}  // namespace cry
}  // namespace grammar

// =============================================================== [SECTION] Error messages

// What a token at `at` looks like, for "unexpected 'x'".
std::string TokenAt(std::string_view text, std::size_t at) {
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'; };
  std::size_t end = at;
  if (end < text.size() && word(text[end])) {
    while (end < text.size() && word(text[end]) && end - at < 32) ++end;
  } else if (end + 1 < text.size() && std::strchr("=!<>&|", text[end]) && std::strchr("=&|", text[end + 1])) {
    end += 2;
  } else {
    ++end;
  }
  std::string token;
  for (std::size_t i = at; i < end && i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7f) {
      token.push_back(static_cast<char>(c));
    } else {
      static const char kHex[] = "0123456789abcdef";
      token += "\\x";
      token.push_back(kHex[c >> 4]);
      token.push_back(kHex[c & 15]);
    }
  }
  return token;
}

// The message when Rule, inside pegtl::must, does not match at `offset` (which
// it may move to where the problem starts).
template <class Rule>
struct Message {
  static std::string Text(const Compiler&, std::size_t&) { return "syntax error"; }
};
template <class Rule>
struct Message<grammar::expect<grammar::expression_tag, Rule>> {
  static std::string Text(const Compiler&, std::size_t&) { return "expected an expression"; }
};
template <class Rule>
struct Message<grammar::expect<grammar::paren_body_tag, Rule>> {
  static std::string Text(const Compiler&, std::size_t&) { return "expected an expression after '('"; }
};
template <class Op, class Rule>
struct Message<grammar::operand_after<Op, Rule>> {
  static std::string Text(const Compiler& c, std::size_t& offset) {
    offset = c.LastOperator();
    return std::string("expected an operand after '") + Op::spelling + "'";
  }
};
template <>
struct Message<grammar::operand_after<grammar::bang, grammar::cry::value>> {
  static std::string Text(const Compiler& c, std::size_t& offset) {
    offset = c.LastOperator();
    return "expected a variable, true, false or '(' after '!'";
  }
};
// The '(' is named by the reader of the error, in its own terms (ExpressionError::openingColumn).
template <>
struct Message<grammar::close_paren> {
  static std::string Text(const Compiler&, std::size_t&) { return "expected ')' to close the '('"; }
};
template <>
struct Message<grammar::end_of_text> {
  static std::string Text(const Compiler& c, std::size_t& offset) {
    return "unexpected '" + TokenAt(c.Text(), offset) + "'";
  }
};
template <>
struct Message<grammar::unvanquished::block_comment_end> {
  static std::string Text(const Compiler& c, std::size_t& offset) {
    offset = c.Opening();
    return "unterminated comment";
  }
};
template <>
struct Message<grammar::unvanquished::string_body> {
  static std::string Text(const Compiler& c, std::size_t& offset) {
    offset = c.Opening();
    return "unterminated string";
  }
};
template <>
struct Message<grammar::unvanquished::signed_value> {
  static std::string Text(const Compiler&, std::size_t&) { return "expected a number or a constant after '-'"; }
};
template <class Rule>
struct Message<grammar::expect<grammar::argument_after_comma_tag, Rule>> {
  static std::string Text(const Compiler&, std::size_t&) { return "expected an argument after ','"; }
};
template <>
struct Message<grammar::unvanquished::arguments_close> {
  static std::string Text(const Compiler& c, std::size_t&) {
    const std::string name(c.CallName());
    return c.CallArgumentCount() == 0 ? "expected an argument or ')' in the call of '" + name + "'"
                                      : "expected ',' or ')' after an argument of '" + name + "'";
  }
};

template <class Rule>
struct control : pg::normal<Rule> {
  template <class ParseInput>
  [[noreturn]] static void raise(const ParseInput& in, Compiler& c) {
    std::size_t offset = c.Offset(in.current());
    std::string message = Message<Rule>::Text(c, offset);
    if constexpr (std::is_same_v<Rule, grammar::close_paren>) c.Fail(offset, std::move(message), c.InnermostOpenParen());
    c.Fail(offset, std::move(message));
  }
};

// =============================================================== [SECTION] Actions

template <class Rule>
struct action : pg::nothing<Rule> {};

double ReadNumber(const Compiler& c, std::string_view digits, std::size_t offset) {
  double value = 0;
  std::from_chars_result result;
  if (digits.size() > 2 && (digits[1] == 'x' || digits[1] == 'X')) {
    result = std::from_chars(digits.data() + 2, digits.data() + digits.size(), value, std::chars_format::hex);
  } else {
    result = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  }
  if (result.ec != std::errc() || result.ptr != digits.data() + digits.size())
    c.Fail(offset, "number out of range: " + std::string(digits));
  return value;
}

template <class ActionInput>
std::size_t Start(const ActionInput& in, const Compiler& c) {
  return c.Offset(in.begin());
}

// ---- shared
template <>
struct action<grammar::open_paren> {
  template <class ActionInput>
  static void apply(const ActionInput& in, Compiler& c) {
    c.OpenParen(Start(in, c));
  }
};
template <>
struct action<grammar::close_paren> {
  template <class ActionInput>
  static void apply(const ActionInput& in, Compiler& c) {
    c.CloseParen();
    c.MarkEnd(in.end());
  }
};

// An operator's place, for a missing operand; a short-circuit operator's jump
// comes right after its left operand.
template <class Op>
struct action<grammar::operator_token<Op>> {
  template <class ActionInput>
  static void apply(const ActionInput& in, Compiler& c) {
    c.MarkOperator(Start(in, c));
    if constexpr (!std::is_same_v<Op, grammar::bang>)
      if constexpr (Op::short_circuit) c.BeginShortCircuit(Op::instruction, Start(in, c));
  }
};

// After the right operand: the operator's instruction, or the landing of its jump.
template <class Op>
struct binary_end_action {
  template <class ActionInput>
  static void apply(const ActionInput& in, Compiler& c) {
    if constexpr (Op::short_circuit) {
      c.EndShortCircuit(Start(in, c));
    } else if constexpr (std::is_same_v<Op, grammar::cry::op_equal> || std::is_same_v<Op, grammar::cry::op_not_equal>) {
      c.Compare(Op::instruction, Start(in, c));
    } else {
      c.Emit(Op::instruction, Start(in, c));
    }
  }
};
template <class Ws, class Op, class Right>
struct action<grammar::binary_tail<Ws, Op, Right>> : binary_end_action<Op> {};
template <class Ws, class Op, class Right>
struct action<grammar::nested_binary_tail<Ws, Op, Right>> : binary_end_action<Op> {};

template <class Negation>
struct negation_action {
  template <class ActionInput>
  static void apply(const ActionInput& in, Compiler& c) {
    c.Emit(ExpressionOp::Not, Start(in, c));
  }
};
template <>
struct action<grammar::unvanquished::negation> : negation_action<grammar::unvanquished::negation> {};
template <>
struct action<grammar::cry::negation> : negation_action<grammar::cry::negation> {};

// ---- Unvanquished
template <class Rule>
struct opening_action {
  template <class ActionInput>
  static void apply(const ActionInput& in, Compiler& c) {
    c.MarkOpening(Start(in, c));
  }
};
template <>
struct action<grammar::unvanquished::block_comment_open> : opening_action<grammar::unvanquished::block_comment_open> {};
template <>
struct action<grammar::unvanquished::string_open> : opening_action<grammar::unvanquished::string_open> {};
template <>
struct action<grammar::unvanquished::number_operand> {
  template <class ActionInput>
  static void apply(const ActionInput& in, Compiler& c) {
    c.EmitNumber(ReadNumber(c, in.string_view(), Start(in, c)), Start(in, c));
    c.MarkEnd(in.end());
  }
};
template <>
struct action<grammar::unvanquished::function_name> {
  template <class ActionInput>
  static void apply(const ActionInput& in, Compiler& c) {
    c.BeginCall(in.string_view(), Start(in, c));
  }
};
template <>
struct action<grammar::unvanquished::arguments_open> {
  template <class ActionInput>
  static void apply(const ActionInput&, Compiler& c) {
    c.CallHasParens();
  }
};
template <>
struct action<grammar::unvanquished::minus> {
  template <class ActionInput>
  static void apply(const ActionInput&, Compiler& c) {
    c.NegateNextArgument();
  }
};
template <>
struct action<grammar::unvanquished::number_argument> {
  template <class ActionInput>
  static void apply(const ActionInput& in, Compiler& c) {
    c.AddNumberArgument(ReadNumber(c, in.string_view(), Start(in, c)));
  }
};
template <>
struct action<grammar::unvanquished::constant_argument> {
  template <class ActionInput>
  static void apply(const ActionInput& in, Compiler& c) {
    c.AddConstantArgument(in.string_view(), Start(in, c));
  }
};
template <>
struct action<grammar::unvanquished::string_argument> {
  // The text between the quotes, with the C escapes botlib's lexer reads.
  template <class ActionInput>
  static void apply(const ActionInput& in, Compiler& c) {
    const std::string_view quoted = in.string_view();
    std::string value;
    for (std::size_t i = 1; i + 1 < quoted.size(); ++i) {
      char ch = quoted[i];
      if (ch == '\\') {
        ch = quoted[++i];
        if (ch == 'n') ch = '\n';
        if (ch == 't') ch = '\t';
        if (ch == 'r') ch = '\r';
      }
      value.push_back(ch);
    }
    c.AddStringArgument(value);
  }
};
template <>
struct action<grammar::unvanquished::call> {
  template <class ActionInput>
  static void apply(const ActionInput& in, Compiler& c) {
    c.EndCall();
    c.MarkEnd(in.end());
  }
};

// ---- Cry
template <>
struct action<grammar::cry::true_value> {
  template <class ActionInput>
  static void apply(const ActionInput& in, Compiler& c) {
    c.EmitNumber(1.0, Start(in, c));
    c.MarkEnd(in.end());
  }
};
template <>
struct action<grammar::cry::false_value> {
  template <class ActionInput>
  static void apply(const ActionInput& in, Compiler& c) {
    c.EmitNumber(0.0, Start(in, c));
    c.MarkEnd(in.end());
  }
};
template <>
struct action<grammar::cry::integer_value> {
  template <class ActionInput>
  static void apply(const ActionInput& in, Compiler& c) {
    c.PushInteger(in.string_view(), Start(in, c));
    c.MarkEnd(in.end());
  }
};
template <>
struct action<grammar::cry::variable> {
  template <class ActionInput>
  static void apply(const ActionInput& in, Compiler& c) {
    c.PushVariable(in.string_view(), Start(in, c));
    c.MarkEnd(in.end());
  }
};

// =============================================================== [SECTION] CompileExpression

template <template <class, class> class Form>
bool Parse(Compiler& c, Dialect dialect) {
  pg::memory_input<pg::tracking_mode::lazy> input(c.Text().data(), c.Text().data() + c.Text().size(), "expression");
  if (dialect == Dialect::Cry)
    return pg::parse<Form<grammar::cry::ws, grammar::cry::logical>, action, control>(input, c);
  return pg::parse<Form<grammar::unvanquished::ws, grammar::unvanquished::expression>, action, control>(input, c);
}

template <template <class, class> class Form>
std::optional<Expression> Compile(std::string_view text, Dialect dialect, const ExpressionNames& names,
                                  std::size_t* length, ExpressionError* error) {
  Compiler compiler(text, dialect, names);
  try {
    if (text.size() > kMaxExpressionText)
      compiler.Fail(0, "the expression is longer than " + std::to_string(kMaxExpressionText) + " characters");
    // Every rule that could fail here sits inside `must`: a failure raises.
    if (!Parse<Form>(compiler, dialect)) compiler.Fail(0, "expected an expression");
    compiler.RequireBoolean();  // the condition's own value
  } catch (const CompileFailure& failure) {
    if (error != nullptr) {
      *error = ExpressionError{static_cast<int>(failure.offset + 1), failure.message};
      if (failure.opening != kNoName) error->openingColumn = static_cast<int>(failure.opening + 1);
    }
    return std::nullopt;
  }
  if (length != nullptr) *length = compiler.End();
  return compiler.Finish();
}

}  // namespace

Expression ExpressionBuilder::Make(Dialect dialect, std::size_t source_size, const std::string& strings,
                                   const std::vector<ExpressionInstruction>& code,
                                   const std::vector<std::size_t>& code_names, const std::vector<bt::Param>& params,
                                   const std::vector<std::size_t>& param_texts, int stack_size) {
  Expression e;
  e.dialect_ = dialect;
  e.stack_size_ = stack_size;
  e.text_ = std::make_unique<char[]>(strings.size());
  std::memcpy(e.text_.get(), strings.data(), strings.size());
  e.source_ = std::string_view(e.text_.get(), source_size);
  auto text_at = [&](std::size_t offset) { return offset == kNoName ? nullptr : e.text_.get() + offset; };
  e.instruction_count_ = static_cast<int>(code.size());
  e.code_ = std::make_unique<ExpressionInstruction[]>(code.size());
  for (std::size_t i = 0; i < code.size(); ++i) {
    e.code_[i] = code[i];
    e.code_[i].name = text_at(code_names[i]);
  }
  e.params_ = std::make_unique<bt::Param[]>(params.size());
  for (std::size_t i = 0; i < params.size(); ++i) {
    e.params_[i] = params[i];
    e.params_[i].text = text_at(param_texts[i]);
  }
  return e;
}

std::optional<Expression> CompileExpression(std::string_view text, Dialect dialect, const ExpressionNames& names,
                                            ExpressionError* error) {
  return Compile<grammar::whole_text>(text, dialect, names, nullptr, error);
}

std::optional<Expression> CompileExpressionPrefix(std::string_view text, Dialect dialect,
                                                  const ExpressionNames& names, std::size_t* length,
                                                  ExpressionError* error) {
  return Compile<grammar::text_prefix>(text, dialect, names, length, error);
}

}  // namespace bt::data
