// bt/data/expression.h — the condition language every importer shares.
//
// A data tree's conditions are text: Unvanquished's `condition goalType ==
// ET_BUILDABLE && inAttackRange(E_GOAL)`, an MBT `IfCondition condition="Alert
// and !Hidden"`, a selection tree's `condition="AwareOfEnemy"`. CompileExpression
// turns such a text, in one dialect, into an Expression: a flat program (no tree
// of nodes) whose names were all resolved at compile time through an
// ExpressionNames, and which a tick evaluates without allocating, throwing or
// recursing. Every bad text is an ExpressionError with its column (a missing
// operand's is its operator's).
//
// The dialects, as their engines run them (where a format's published guide and
// its engine differ, bt follows the engine; the guides state neither
// associativity nor the Cry grammar; each format's page, bt/loaders/*/README.md):
//  - Unvanquished (the game's bot parser): `! < <= > >= == != && ||`, tightest
//    first, each on its own level; chains of one level associate to the right
//    (`1 < 2 < 3` is `1 < (2 < 3)`); `!` applies to the next operand; operands are
//    numbers (no unary minus), parentheses, named constants of the game
//    (E_GOAL, WP_BLASTER) and calls of the game's functions with literal
//    arguments (numbers, a leading `-` allowed, strings, named constants); a
//    0-argument function may omit its parentheses; the node keywords of a .bt
//    file (`action`, `condition`, `selector`...) name no function, so an
//    operator ending a line never takes the next line's node as its operand.
//    `//` and `/* */` comments
//    count as spaces, as in the botlib lexer. Values are doubles; a comparison,
//    `!`, `&&` and `||` give 1 or 0; `&&` and `||` short-circuit: an operand not
//    needed is not evaluated, so its function is not called.
//  - Cry (CryEngine selection trees, Lumberyard MBT): identifiers are declared
//    boolean variables (an unknown one is an error); `true`, `false`, `and`,
//    `or`, `xor` in any case (the engine's lexer compares them with _stricmp);
//    parentheses; prefix `!` on one value (so `!!a` is
//    an error); `==` and `!=` between two operands, tighter than the logic
//    operators, one per operand pair (`a == b == c` is an error); `and`, `or`,
//    `xor` at one level, left-associative (`true or false and false` is false).
//    Identifiers are `[A-Za-z_][A-Za-z0-9_.]*`, as the engine's lexer reads them.
//    Where the engine silently ignores text after a complete condition, this is
//    an error.
//    bt's typed variables (bt/core/variables.h; the engines declare booleans
//    only) extend it: an int32, int64 or enum variable is no condition itself but
//    one side of `==` or `!=`, against a variable of its kind (int32 and int64
//    mix), a whole number (`Target == 0`, a leading `-` allowed) or, for an enum,
//    one of its names (`Stance == Crouch`), compared exactly; a float vector is
//    not compared. Any other use is an error at the operand, naming both types.
//
// Limits: nesting (parentheses, `!`, each further operand of an Unvanquished
// comparison chain, which nests to the right) at most kMaxExpressionDepth; the
// program's value stack at most kMaxExpressionStack; the text at most
// kMaxExpressionText characters. Beyond them the compile fails, it never
// overflows.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bt/core/param.h"
#include "bt/core/variables.h"

namespace bt::data {

enum class Dialect : std::uint8_t { Unvanquished, Cry };

inline constexpr int kMaxExpressionDepth = 32;
// The most values any text within kMaxExpressionDepth holds at once (Cry's
// `a xor b == (...)` holds two per parenthesis level; Unvanquished holds one per
// nested comparison), so Evaluate's fixed stack always suffices.
inline constexpr int kMaxExpressionStack = 2 * (kMaxExpressionDepth + 1) + 1;
inline constexpr std::size_t kMaxExpressionText = std::size_t{1} << 20;

// A game function callable from an expression: the agent as the tree's functions
// take it, and the call's literal arguments (Number, Text, or Symbol for a named
// constant, whose `number` is its value).
using ValueFn = double (*)(void* agent, std::span<const bt::Param> args);

// How identifiers resolve, asked at compile time only.
struct ExpressionNames {
  virtual ~ExpressionNames() = default;
  // The variable's index in the agent's bt::VariableBlock, or -1 (Cry).
  virtual int FindVariable(std::string_view /*name*/) const { return -1; }
  // The declaration of variable `index` (its type), or null past the last: a
  // reader that gives none has boolean variables only.
  virtual const bt::VariableDecl* VariableDeclaration(int /*index*/) const { return nullptr; }
  // False for a reader checking syntax alone (every name a variable of any
  // type): then no operand is refused for its type.
  virtual bool ChecksTypes() const { return true; }
  // A named constant of the game (Unvanquished's E_GOAL, WP_BLASTER...).
  virtual bool FindConstant(std::string_view /*name*/, double& /*value*/) const { return false; }
  // A name given as a call's argument, where only a constant may stand
  // (`inAttackRange(E_GOAL)`); FindConstant unless overridden (a builder in stub
  // mode answers for unknown names here, and leaves a bare unknown name a function).
  virtual bool FindArgumentConstant(std::string_view name, double& value) const { return FindConstant(name, value); }
  // The function `name` called with `arity` arguments (Unvanquished), or null.
  // Null with `error` set says why (a known function with another arity: "'distanceTo'
  // takes 1 argument"); null with `error` left empty means the name is unknown, and
  // the compiler says so, listing the closest of FunctionNames().
  virtual ValueFn FindFunction(std::string_view /*name*/, int /*arity*/, std::string& /*error*/) const {
    return nullptr;
  }
  // Where the name the next Find call asks about starts in the text (its byte
  // offset), for a reader that records where names are used.
  virtual void NameAt(std::size_t /*offset*/) const {}
  // Every name the Find functions know, for the "closest names" of an error.
  virtual std::vector<std::string> VariableNames() const { return {}; }
  virtual std::vector<std::string> ConstantNames() const { return {}; }
  virtual std::vector<std::string> FunctionNames() const { return {}; }
};

// A compile failure: where and why. `column` is 1-based: the byte offset in the
// text plus one (a loader maps it to its file's line and column).
struct ExpressionError {
  int column = 0;
  std::string message;
  // For "expected ')' to close the '('": that '(' (1-based like `column`; 0 for
  // none). The message leaves its place to the reader, who says it in its file's
  // terms (FormatExpressionError: " at column N").
  int openingColumn = 0;
};

namespace detail {
struct ExpressionInstruction;  // bt/data/expression_code.h
}

// A compiled expression: a flat stack program with its constant arguments and
// the source text, all owned (allocated once, at compile time). Movable, not
// copyable; immutable, so one Expression serves every agent and thread.
class Expression {
 public:
  Expression(Expression&&) noexcept;
  Expression& operator=(Expression&&) noexcept;
  Expression(const Expression&) = delete;
  Expression& operator=(const Expression&) = delete;
  ~Expression();

  // The value, for this agent and its variables (null: every variable reads 0).
  // Allocates nothing, throws nothing, recurses nowhere.
  double Evaluate(void* agent, const bt::VariableBlock* variables) const noexcept;
  // Evaluate() != 0 (a NaN counts as true).
  bool IsTrue(void* agent, const bt::VariableBlock* variables) const noexcept {
    return Evaluate(agent, variables) != 0.0;
  }

  std::string_view Source() const { return source_; }
  Dialect SourceDialect() const { return dialect_; }
  // Value-stack slots Evaluate needs [at most kMaxExpressionStack].
  int StackSize() const { return stack_size_; }
  int InstructionCount() const { return instruction_count_; }
  // The program, one instruction per line ("2: less"), for tools and tests.
  std::string Disassemble() const;
  // The program itself and its calls' arguments (each Call's `count` from its
  // `index`), for tools that translate it (bt/data/write_cpp.cpp).
  const detail::ExpressionInstruction* Instructions() const { return code_.get(); }
  const bt::Param* CallArguments() const { return params_.get(); }

 private:
  friend struct ExpressionBuilder;  // bt/data/expression_compile.cpp
  Expression();

  std::unique_ptr<detail::ExpressionInstruction[]> code_;
  std::unique_ptr<bt::Param[]> params_;  // the calls' arguments, each call's in a row
  std::unique_ptr<char[]> text_;         // the source, then every name and string, NUL-terminated
  std::string_view source_;
  int instruction_count_ = 0;
  int stack_size_ = 0;
  Dialect dialect_ = Dialect::Unvanquished;
};

// Compiles the whole of `text`. On failure returns nullopt and fills *error (if
// not null).
std::optional<Expression> CompileExpression(std::string_view text, Dialect dialect, const ExpressionNames& names,
                                            ExpressionError* error);

// Compiles the longest expression at the start of `text` and sets *length to
// where it ends (after its last token; spaces and comments after it are not
// counted). For a loader whose syntax puts the expression before other text, as
// Unvanquished's `condition EXPR { child }` does: the expression ends where no
// operator follows.
std::optional<Expression> CompileExpressionPrefix(std::string_view text, Dialect dialect,
                                                  const ExpressionNames& names, std::size_t* length,
                                                  ExpressionError* error);

// "column 7: expected an operand after '&&'"; "column 9: expected ')' to close
// the '(' at column 3".
std::string FormatExpressionError(const ExpressionError& error);

}  // namespace bt::data
