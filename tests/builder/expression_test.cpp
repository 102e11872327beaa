// tests/builder/expression_test.cpp — the condition language (bt/data/expression.h):
// each dialect's precedence and associativity, short-circuit evaluation, names,
// every error with its column, the nesting limits, and the "closest names" of
// an unknown name.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "bt/data/closest_names.h"
#include "bt/data/expression.h"
#include "tests/support/expression_names.h"

namespace {

using bt::data::CompileExpression;
using bt::data::CompileExpressionPrefix;
using bt::data::Dialect;
using bt::data::Expression;
using bt::data::ExpressionError;

// The agent the test functions see: they log their calls.
struct Agent {
  std::vector<std::string> calls;
  double health = 0.5;
};
Agent& Of(void* agent) { return *static_cast<Agent*>(agent); }

double One(void* agent, std::span<const bt::Param>) {
  Of(agent).calls.push_back("one");
  return 1;
}
double Zero(void* agent, std::span<const bt::Param>) {
  Of(agent).calls.push_back("zero");
  return 0;
}
double Health(void* agent, std::span<const bt::Param>) { return Of(agent).health; }
double DistanceTo(void*, std::span<const bt::Param> args) { return args[0].number * 10; }
double Echo(void*, std::span<const bt::Param> args) { return args[0].number; }
double IsSymbol(void*, std::span<const bt::Param> args) { return args[0].type == bt::ParamType::Symbol; }
double TextLength(void*, std::span<const bt::Param> args) {
  return args[0].type == bt::ParamType::Text ? static_cast<double>(std::string(args[0].text).size()) : -1;
}
double Add(void*, std::span<const bt::Param> args) { return args[0].number + args[1].number; }

const bt_test::TableNames& Names() {
  static const bt_test::TableNames names = [] {
    bt_test::TableNames n;
    n.variables = {"Alert", "Hidden", "Food", "Fool", "Target.Visible", "Count"};
    n.constants = {{"E_GOAL", 3}, {"E_H_REACTOR", 17}, {"WP_BLASTER", 2}, {"TEAM_ALIENS", 1}};
    n.functions = {{"one", 0, One},         {"zero", 0, Zero},         {"health", 0, Health},
                   {"distanceTo", 1, DistanceTo}, {"echo", 1, Echo},  {"isSymbol", 1, IsSymbol},
                   {"textLength", 1, TextLength}, {"add", 2, Add}};
    return n;
  }();
  return names;
}

Expression Compile(const std::string& text, Dialect dialect) {
  ExpressionError error;
  std::optional<Expression> e = CompileExpression(text, dialect, Names(), &error);
  INFO(text << " -> " << bt::data::FormatExpressionError(error));
  REQUIRE(e.has_value());
  return std::move(*e);
}

double Value(const std::string& text, Dialect dialect = Dialect::Unvanquished,
             const bt::VariableBlock* variables = nullptr) {
  Agent agent;
  return Compile(text, dialect).Evaluate(&agent, variables);
}

// "column N: message" of a text that must not compile.
std::string ErrorOf(const std::string& text, Dialect dialect = Dialect::Unvanquished) {
  ExpressionError error;
  const std::optional<Expression> e = CompileExpression(text, dialect, Names(), &error);
  INFO(text);
  REQUIRE_FALSE(e.has_value());
  return bt::data::FormatExpressionError(error);
}

struct Case {
  const char* text;
  double value;
};

void CheckValues(std::initializer_list<Case> cases, Dialect dialect, const bt::VariableBlock* variables = nullptr) {
  for (const Case& c : cases) {
    INFO(c.text);
    CHECK(Value(c.text, dialect, variables) == c.value);
  }
}

}  // namespace

// ------------------------------------------------------------------ Unvanquished

TEST_CASE("CompileExpression: Unvanquished precedence, one level per operator", "[expression]") {
  // Each text has one value with the stated grouping and another with the opposite one.
  CheckValues({
                  {"!0 < 2", 1},         // (!0) < 2, not !(0 < 2)
                  {"3 < 2 <= 0", 1},     // (3 < 2) <= 0, not 3 < (2 <= 0)
                  {"2 <= 2 > 0", 1},     // (2 <= 2) > 0, not 2 <= (2 > 0)
                  {"0 > 1 >= 0", 1},     // (0 > 1) >= 0
                  {"2 >= 0 == 2", 0},    // (2 >= 0) == 2
                  {"2 == 2 != 2", 1},    // (2 == 2) != 2
                  {"0 && 0 != 1", 0},    // 0 && (0 != 1)
                  {"1 || 1 && 0", 1},    // 1 || (1 && 0)
                  {"(1 || 1) && 0", 0},  // parentheses first
                  {"0 == 1 < 2", 0},     // 0 == (1 < 2)
              },
              Dialect::Unvanquished);
}

TEST_CASE("CompileExpression: Unvanquished chains associate to the right", "[expression]") {
  CheckValues({
                  {"1 < 2 < 3", 0},    // 1 < (2 < 3); left would be 1
                  {"(1 < 2) < 3", 1},  //
                  {"3 <= 2 <= 1", 0},  // 3 <= (2 <= 1); left would be 1
                  {"3 > 2 > 1", 1},    // 3 > (2 > 1); left would be 0
                  {"1 >= 1 >= 2", 1},  // 1 >= (1 >= 2); left would be 0
                  {"2 == 2 == 1", 0},  // 2 == (2 == 1); left would be 1
                  {"2 != 2 != 0", 1},  // 2 != (2 != 0); left would be 0
                  {"!!2", 1},
                  {"!!!2", 0},
              },
              Dialect::Unvanquished);
  const Expression e = Compile("1 < 2 < 3", Dialect::Unvanquished);
  CHECK(e.Disassemble() == "0: number 1\n1: number 2\n2: number 3\n3: less\n4: less\n");
  CHECK(e.StackSize() == 3);
  CHECK(e.InstructionCount() == 5);
}

TEST_CASE("CompileExpression: Unvanquished values are doubles; operators give 1 or 0", "[expression]") {
  CheckValues({{"2.5", 2.5},
               {".5", 0.5},
               {"1e2", 100},
               {"0x1F", 31},
               {"7 && 3", 1},
               {"0 || 7", 1},
               {"0 || 0", 0},
               {"!7", 0},
               {"1.5 < 1.25", 0},
               {"1.25 <= 1.25", 1}},
              Dialect::Unvanquished);
}

TEST_CASE("Expression::Evaluate: && and || short-circuit: an operand not needed is not called", "[expression]") {
  struct Run {
    const char* text;
    double value;
    std::vector<std::string> calls;
  };
  const std::vector<Run> runs = {
      {"zero && one", 0, {"zero"}},
      {"one && zero", 0, {"one", "zero"}},
      {"one || zero", 1, {"one"}},
      {"zero || one", 1, {"zero", "one"}},
      {"zero && (one || one)", 0, {"zero"}},
      {"zero && one || one", 1, {"zero", "one"}},
      {"one || zero && zero", 1, {"one"}},
      {"zero && one && one", 0, {"zero"}},
      {"one() == 1 || zero()", 1, {"one"}},
  };
  for (const Run& run : runs) {
    INFO(run.text);
    Agent agent;
    CHECK(Compile(run.text, Dialect::Unvanquished).Evaluate(&agent, nullptr) == run.value);
    CHECK(agent.calls == run.calls);
  }
}

TEST_CASE("CompileExpression: Unvanquished functions, arguments and constants", "[expression]") {
  CheckValues({
                  {"distanceTo(E_GOAL) < 40", 1},  // 30 < 40
                  {"echo(-3)", -3},
                  {"echo(- 3)", -3},
                  {"echo(-E_GOAL)", -3},
                  {"echo(1.5e1)", 15},
                  {"echo(0x1F)", 31},
                  {"isSymbol(E_GOAL)", 1},
                  {"isSymbol(3)", 0},
                  {"textLength(\"head\")", 4},
                  {"textLength(\"a\\\"b\")", 3},
                  {"textLength(\"\")", 0},
                  {"add(1, 2) == 3", 1},
                  {"add ( 1 ,2 )", 3},
                  {"one", 1},  // a 0-argument function may omit its parentheses
                  {"one()", 1},
                  {"health", 0.5},
                  {"E_H_REACTOR == 17", 1},
                  {"E_GOAL", 3},
                  {"one /* a comment */ && // another\n one", 1},
              },
              Dialect::Unvanquished);
  CHECK(Compile("add(E_GOAL, -2.5) != textLength(\"x\")", Dialect::Unvanquished).Disassemble() ==
        "0: call add(E_GOAL = 3, -2.5)\n1: call textLength(\"x\")\n2: not-equal\n");
  CHECK(Compile("E_GOAL == one", Dialect::Unvanquished).Disassemble() ==
        "0: number E_GOAL = 3\n1: call one()\n2: equal\n");
}

TEST_CASE("CompileExpression: every Unvanquished error, with its column", "[expression]") {
  struct Bad {
    const char* text;
    const char* error;
  };
  const std::vector<Bad> bad = {
      {"", "column 1: expected an expression"},
      {"   ", "column 4: expected an expression"},
      {")", "column 1: expected an expression"},
      {"-1", "column 1: expected an expression"},  // no unary minus
      {"one && ", "column 5: expected an operand after '&&'"},
      {"one ||", "column 5: expected an operand after '||'"},
      {"1 < ", "column 3: expected an operand after '<'"},
      {"1 <= )", "column 3: expected an operand after '<='"},
      {"1 > ", "column 3: expected an operand after '>'"},
      {"1 >= ", "column 3: expected an operand after '>='"},
      {"1 == ", "column 3: expected an operand after '=='"},
      {"1 != ", "column 3: expected an operand after '!='"},
      {"!", "column 1: expected an operand after '!'"},
      {"!= 1", "column 1: expected an expression"},
      {"(1", "column 3: expected ')' to close the '(' at column 1"},
      {"(1 < (2)", "column 9: expected ')' to close the '(' at column 1"},
      {"()", "column 2: expected an expression after '('"},
      {"1 2", "column 3: unexpected '2'"},
      {"1 = 2", "column 3: unexpected '='"},
      {"1 & 2", "column 3: unexpected '&'"},
      {"one !", "column 5: unexpected '!'"},
      {"1 and 2", "column 3: unexpected 'and'"},
      {"onee", "column 1: unknown function or constant 'onee' (closest: 'one')"},
      {"1 < E_GAOL", "column 5: unknown function or constant 'E_GAOL' (closest: 'E_GOAL')"},
      {"distanceTo(E_GAOL)", "column 12: unknown constant 'E_GAOL' (closest: 'E_GOAL')"},
      {"ech(1)", "column 1: unknown function 'ech' (closest: 'echo')"},
      {"nothing(1)", "column 1: unknown function 'nothing'"},
      {"E_GOAL(1)", "column 1: 'E_GOAL' is a constant, not a function"},
      {"distanceTo", "column 1: 'distanceTo' takes 1 argument, not 0"},
      {"1 && add(1)", "column 6: 'add' takes 2 arguments, not 1"},
      {"one(1)", "column 1: 'one' takes 0 arguments, not 1"},
      {"echo(", "column 6: expected an argument or ')' in the call of 'echo'"},
      {"echo(+1)", "column 6: expected an argument or ')' in the call of 'echo'"},
      {"echo(1", "column 7: expected ',' or ')' after an argument of 'echo'"},
      {"echo(1 2)", "column 8: expected ',' or ')' after an argument of 'echo'"},
      {"add(1,)", "column 7: expected an argument after ','"},
      {"echo(-)", "column 7: expected a number or a constant after '-'"},
      {"echo(-\"x\")", "column 7: expected a number or a constant after '-'"},
      {"textLength(\"ab", "column 12: unterminated string"},
      {"one /* x", "column 5: unterminated comment"},
      {"1e999", "column 1: number out of range: 1e999"},
      {"1 < \x01", "column 3: expected an operand after '<'"},
      {"1 \x7f", "column 3: unexpected '\\x7f'"},
      // An operator's missing operand is reported at the operator, wherever the
      // text goes on; a .bt node keyword is never an operand.
      {"one &&\n\n  ", "column 5: expected an operand after '&&'"},
      {"one < action", "column 5: expected an operand after '<'"},
      {"one < Condition", "column 5: expected an operand after '<'"},
      {"selector", "column 1: expected an expression"},
      {"actions < one", "column 1: unknown function or constant 'actions'"},
  };
  for (const Bad& b : bad) CHECK(ErrorOf(b.text) == b.error);
}

// ------------------------------------------------------------------ Cry

TEST_CASE("CompileExpression: Cry and, or, xor share one level, left to right", "[expression]") {
  CheckValues({
                  {"true or false and false", 0},   // (true or false) and false
                  {"false and false or true", 1},   // (false and false) or true
                  {"true or true xor true", 0},     // (true or true) xor true
                  {"false and true xor true", 1},   // (false and true) xor true
                  {"true xor true and false", 0},   // (true xor true) and false
                  {"true or (false and false)", 1}, // parentheses first
                  {"false == false and false", 0},  // (false == false) and false: == is tighter
                  {"true or false == false", 1},    // true or (false == false)
                  {"true != false", 1},
                  {"!false", 1},
                  {"!(true and false)", 1},
              },
              Dialect::Cry);
  CHECK(Compile("!Alert == Hidden", Dialect::Cry).Disassemble() ==
        "0: variable-bool 0 Alert\n1: not\n2: variable-bool 1 Hidden\n3: equal\n");
}

TEST_CASE("CompileExpression: Cry keywords in any case; variables by name", "[expression]") {
  bt_test::TestVariables variables = {1, 0, 0, 0, 1, 5};  // Alert, Hidden, Food, Fool, Target.Visible, Count
  CheckValues({
                  {"TRUE Or FaLsE", 1},
                  {"True XOR true", 0},
                  {"Alert AND !Hidden", 1},
                  {"Alert and Hidden", 0},
                  {"Target.Visible", 1},
                  {"Count == true", 1},  // a boolean: any non-zero value is true
                  {"Hidden xor Alert", 1},
                  {"(Alert)and(Alert)", 1},
              },
              Dialect::Cry, variables.Block());
  variables.Set(0, 0);
  CheckValues({{"Alert", 0}, {"!Alert", 1}}, Dialect::Cry, variables.Block());
  // Without a variables region every variable reads false.
  CheckValues({{"Alert", 0}, {"!Alert", 1}}, Dialect::Cry, nullptr);
}

TEST_CASE("Expression::Evaluate: Cry and/or short-circuit over jumps", "[expression]") {
  const Expression e = Compile("Alert and Hidden or Food", Dialect::Cry);
  CHECK(e.Disassemble() ==
        "0: variable-bool 0 Alert\n1: jump-if-false 4\n2: variable-bool 1 Hidden\n3: to-bool\n"
        "4: jump-if-true 7\n5: variable-bool 2 Food\n6: to-bool\n");
  CHECK(e.StackSize() == 1);
}

TEST_CASE("CompileExpression: every Cry error, with its column", "[expression]") {
  struct Bad {
    const char* text;
    const char* error;
  };
  const std::vector<Bad> bad = {
      {"", "column 1: expected an expression"},
      {"1", "column 1: 1 is a number, not a boolean: compare an integer variable with it"},  // bt's typed extension
      {"and", "column 1: expected an expression"},
      {"Alert and", "column 7: expected an operand after 'and'"},
      {"Alert OR ", "column 7: expected an operand after 'or'"},
      {"Alert Xor", "column 7: expected an operand after 'xor'"},
      {"Alert and and", "column 7: expected an operand after 'and'"},
      {"true == ", "column 6: expected an operand after '=='"},
      {"true != or", "column 6: expected an operand after '!='"},
      {"Foo", "column 1: unknown variable 'Foo' (closest: 'Food', 'Fool')"},
      {"Alert or alert", "column 10: unknown variable 'alert' (closest: 'Alert')"},
      {"Nothing", "column 1: unknown variable 'Nothing'"},
      {"!!Alert", "column 1: expected a variable, true, false or '(' after '!'"},
      {"!", "column 1: expected a variable, true, false or '(' after '!'"},
      {"Alert == Hidden == Alert", "column 17: unexpected '=='"},
      {"Alert = Hidden", "column 7: unexpected '='"},
      {"Alert && Hidden", "column 7: unexpected '&&'"},
      {"Alert Hidden", "column 7: unexpected 'Hidden'"},
      {"(Alert", "column 7: expected ')' to close the '(' at column 1"},
      {"()", "column 2: expected an expression after '('"},
      {"Alert )", "column 7: unexpected ')'"},
      {"Alert // comment", "column 7: unexpected '/'"},  // Cry has no comments
  };
  for (const Bad& b : bad) CHECK(ErrorOf(b.text, Dialect::Cry) == b.error);
}

// ------------------------------------------------------------------ limits

TEST_CASE("CompileExpression: nesting is bounded, never a stack overflow", "[expression]") {
  const int kDeep = 100000;
  const std::string deep_parens = std::string(kDeep, '(') + "1" + std::string(kDeep, ')');
  const std::string too_deep = "column 34: the expression nests deeper than 32 levels";
  CHECK(ErrorOf(deep_parens) == too_deep);
  CHECK(ErrorOf(std::string(kDeep, '(') + "true" + std::string(kDeep, ')'), Dialect::Cry) == too_deep);
  CHECK(ErrorOf(std::string(kDeep, '!') + "1") == too_deep);
  CHECK(ErrorOf(std::string(kDeep, '!') + "true", Dialect::Cry) ==
        "column 1: expected a variable, true, false or '(' after '!'");
  std::string chain = "1";
  for (int i = 0; i < kDeep; ++i) chain += "<1";
  CHECK(ErrorOf(chain) == "column 67: the expression nests deeper than 32 levels");  // after the 33rd '<'
  CHECK(ErrorOf(std::string(kDeep, '(')) == too_deep);

  // Exactly at the limit it compiles.
  CHECK(Value(std::string(32, '(') + "1" + std::string(32, ')')) == 1);
  CHECK(Value(std::string(32, '!') + "1") == 1);

  // Long chains of a left-to-right operator do not nest: they compile and run.
  std::string long_and = "one";
  for (int i = 0; i < kDeep; ++i) long_and += " && one";
  const Expression e = Compile(long_and, Dialect::Unvanquished);
  CHECK(e.StackSize() == 1);
  Agent agent;
  CHECK(e.Evaluate(&agent, nullptr) == 1);
  CHECK(agent.calls.size() == kDeep + 1);
  std::string long_xor = "true";
  for (int i = 0; i < kDeep; ++i) long_xor += " xor true";
  CHECK(Value(long_xor, Dialect::Cry) == 1);  // an odd number of trues

  CHECK(ErrorOf(std::string(bt::data::kMaxExpressionText + 1, ' ')) ==
        "column 1: the expression is longer than 1048576 characters");
}

TEST_CASE("CompileExpression: the deepest expressions the nesting limit allows fit the value stack", "[expression]") {
  // Unvanquished holds a value only as the left operand of a comparison, whose
  // right operand nests: 32 levels hold 32 values, plus the innermost.
  std::string chain = "1";
  for (int i = 0; i < bt::data::kMaxExpressionDepth; ++i) chain += " < 1";
  const Expression unvanquished = Compile(chain, Dialect::Unvanquished);
  CHECK(unvanquished.StackSize() == bt::data::kMaxExpressionDepth + 1);
  CHECK(unvanquished.Evaluate(nullptr, nullptr) == 0);  // 1 < (1 < (... (1 < 1))): 1 < 0 at every level
  // Cry holds two per parenthesis level (the left of `xor` and of `==`) without
  // nesting: 33 levels (the top one and 32 parentheses) hold 66, plus the innermost.
  std::string pairs = "true xor true == true";
  for (int i = 0; i < bt::data::kMaxExpressionDepth; ++i) pairs = "true xor true == (" + pairs + ")";
  const Expression cry = Compile(pairs, Dialect::Cry);
  CHECK(cry.StackSize() == bt::data::kMaxExpressionStack);
  CHECK(cry.StackSize() == 2 * 33 + 1);
  // Innermost: true xor (true == true) is false; then true xor (true == false) is true, and so on.
  CHECK(cry.Evaluate(nullptr, nullptr) == 0);
}

// ------------------------------------------------------------------ the Expression object

TEST_CASE("Expression: owns its text, names and arguments; moves keep them", "[expression]") {
  std::string text = "textLength(\"abc\") == 3 && isSymbol(E_GOAL)";
  std::vector<Expression> expressions;
  {
    std::optional<Expression> e = CompileExpression(text, Dialect::Unvanquished, Names(), nullptr);
    REQUIRE(e.has_value());
    expressions.push_back(std::move(*e));
  }
  for (int i = 0; i < 10; ++i)  // reallocations move the Expression
    expressions.push_back(Compile("Alert", Dialect::Cry));
  text.assign(text.size(), 'x');  // the caller's text is not referenced
  const Expression& e = expressions.front();
  CHECK(e.Source() == "textLength(\"abc\") == 3 && isSymbol(E_GOAL)");
  CHECK(e.SourceDialect() == Dialect::Unvanquished);
  Agent agent;
  CHECK(e.IsTrue(&agent, nullptr));
  CHECK(expressions.back().SourceDialect() == Dialect::Cry);
  CHECK_FALSE(expressions.back().IsTrue(&agent, nullptr));
}

TEST_CASE("CompileExpressionPrefix: the expression before a loader's next token", "[expression]") {
  std::size_t length = 99;
  ExpressionError error;
  REQUIRE(CompileExpressionPrefix("one && one { action fight }", Dialect::Unvanquished, Names(), &length, &error));
  CHECK(length == 10);
  REQUIRE(CompileExpressionPrefix("  health < 1 // low\n  action heal", Dialect::Unvanquished, Names(), &length,
                                  &error));
  CHECK(length == 12);
  REQUIRE(CompileExpressionPrefix("distanceTo(E_GOAL) > 2)", Dialect::Unvanquished, Names(), &length, &error));
  CHECK(length == 22);
  REQUIRE(CompileExpressionPrefix("(one)}", Dialect::Unvanquished, Names(), &length, &error));
  CHECK(length == 5);
  REQUIRE(CompileExpressionPrefix("Alert and !Hidden\" other=\"", Dialect::Cry, Names(), &length, &error));
  CHECK(length == 17);
  CHECK_FALSE(CompileExpressionPrefix("&& one", Dialect::Unvanquished, Names(), &length, &error));
  CHECK(bt::data::FormatExpressionError(error) == "column 1: expected an expression");
  CHECK_FALSE(CompileExpressionPrefix("one && {", Dialect::Unvanquished, Names(), &length, &error));
  CHECK(bt::data::FormatExpressionError(error) == "column 5: expected an operand after '&&'");
}

// ------------------------------------------------------------------ closest names

TEST_CASE("NameDistance: edits between two names, case ignored", "[expression][closest_names]") {
  CHECK(bt::data::NameDistance("Foo", "Food") == 1);
  CHECK(bt::data::NameDistance("Food", "Foo") == 1);
  CHECK(bt::data::NameDistance("foo", "FOO") == 0);
  CHECK(bt::data::NameDistance("kitten", "sitting") == 3);
  CHECK(bt::data::NameDistance("", "abc") == 3);
  CHECK(bt::data::NameDistance("ehco", "echo") == 2);
}

TEST_CASE("ClosestNames: the likely typos, nearest first", "[expression][closest_names]") {
  const std::vector<std::string> names = {"Fool", "Food", "Alert", "Foo", "Flood", "Food", "fOOd"};
  CHECK(bt::data::ClosestNames("Foo", names) == std::vector<std::string>{"Food", "Fool", "fOOd"});
  CHECK(bt::data::ClosestNames("Foo", names, 1) == std::vector<std::string>{"Food"});
  CHECK(bt::data::ClosestNames("Zzz", names).empty());
  CHECK(bt::data::ClosestNames("Floodgate", names).empty());  // 4 edits: more than a third of 9
  CHECK(bt::data::ClosestNames("Floodgat", names).empty());
  CHECK(bt::data::ClosestNames("Floo", names) == std::vector<std::string>{"Flood", "Foo"});
  CHECK(bt::data::ClosestNamesSuffix("Foo", names) == " (closest: 'Food', 'Fool', 'fOOd')");
  CHECK(bt::data::ClosestNamesSuffix("Zzz", names).empty());
  CHECK(bt::data::ClosestNames(std::string(100000, 'x'), names).empty());
}
