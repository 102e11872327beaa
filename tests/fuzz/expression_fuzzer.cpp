// tests/fuzz/expression_fuzzer.cpp — libFuzzer harness over the condition
// language (bt/data/expression.h).
//
// An input is one mode byte, then the text. Mode bit 0 picks the dialect (0
// Unvanquished, 1 Cry), bit 1 compiles with CompileExpressionPrefix instead of
// CompileExpression, bits 2-7 are the values of the first six variables. The
// names are a fixed table (variables, typed ones too, constants, functions of 0 to 2 arguments
// that read every argument, so ASan sees a bad Param). Checked: a failure has a
// column within the text (or just past it) and a message; a success evaluates
// (twice, the same value; 0 or 1 in Cry) with a stack within its bound and keeps
// its own copy of the text; a prefix that compiles ends within the text, and the
// text up to there compiles whole to the same program.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "bt/data/expression.h"
#include "tests/support/expression_names.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

double SumOfArguments(void*, std::span<const bt::Param> args) {
  double sum = 0;
  for (const bt::Param& p : args) {
    sum += p.number;
    if (p.text != nullptr) sum += static_cast<double>(std::strlen(p.text));
  }
  return sum;
}
double Agent(void* agent, std::span<const bt::Param>) { return *static_cast<const double*>(agent); }

const bt_test::TableNames& Names() {
  static const bt_test::TableNames names = [] {
    bt_test::TableNames n;
    // The first six booleans; then typed ones (bt/core/variables.h), which the
    // region below does not hold: read, they are out of range.
    n.variables = {"a", "b", "Alert", "Hidden", "x.y", "_z", "id", "n", "st", "pos"};
    static constexpr const char* kStances[] = {"Idle", "Crouch", "Alert"};
    static constexpr bt::VariableEnum kStance{"Stance", kStances, 3};
    for (int i = 0; i < 6; ++i) n.declarations.push_back({.name = n.variables[static_cast<std::size_t>(i)].c_str()});
    n.declarations.push_back({.name = "id", .type = bt::VariableType::Int64});
    n.declarations.push_back({.name = "n", .type = bt::VariableType::Int32});
    n.declarations.push_back({.name = "st", .type = bt::VariableType::Enum, .enumType = &kStance});
    n.declarations.push_back({.name = "pos", .type = bt::VariableType::Floats, .floatCount = 3});
    n.constants = {{"E_GOAL", 3}, {"E_ENEMY", -1}, {"WP_BLASTER", 2.5}, {"HUGE", 1e308}};
    n.functions = {{"f", 0, SumOfArguments}, {"g", 1, SumOfArguments}, {"h", 2, SumOfArguments},
                   {"agent", 0, Agent}};
    return n;
  }();
  return names;
}

bool Same(double x, double y) { return x == y || (std::isnan(x) && std::isnan(y)); }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t mode = data[0];
  const auto dialect = (mode & 1) != 0 ? bt::data::Dialect::Cry : bt::data::Dialect::Unvanquished;
  const bool prefix = (mode & 2) != 0;
  // The text in a buffer of its exact size: ASan flags a read one past it.
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);

  bt::data::ExpressionError error;
  std::size_t length = 0;
  std::optional<bt::data::Expression> e =
      prefix ? bt::data::CompileExpressionPrefix(text, dialect, Names(), &length, &error)
             : bt::data::CompileExpression(text, dialect, Names(), &error);
  if (!e) {
    FUZZ_CHECK(error.column >= 1 && static_cast<std::size_t>(error.column) <= text.size() + 1);
    FUZZ_CHECK(!error.message.empty());
    return 0;
  }
  FUZZ_CHECK(e->Source() == text);
  FUZZ_CHECK(e->Source().data() != text.data());
  FUZZ_CHECK(e->StackSize() >= 1 && e->StackSize() <= bt::data::kMaxExpressionStack);
  FUZZ_CHECK(e->InstructionCount() >= 1);

  bt_test::TestVariables variables = {0, 0, 0, 0, 0, 0};
  for (int i = 0; i < 6; ++i) variables.Set(i, (mode >> (2 + i)) & 1);
  double agent = 0.25;
  const double value = e->Evaluate(&agent, variables.Block());
  FUZZ_CHECK(Same(value, e->Evaluate(&agent, variables.Block())));
  FUZZ_CHECK(e->IsTrue(&agent, variables.Block()) == (value != 0.0));
  if (dialect == bt::data::Dialect::Cry) FUZZ_CHECK(value == 0.0 || value == 1.0);
  (void)e->Evaluate(&agent, nullptr);
  FUZZ_CHECK(!e->Disassemble().empty());

  if (prefix) {
    FUZZ_CHECK(length >= 1 && length <= text.size());
    const std::optional<bt::data::Expression> whole =
        bt::data::CompileExpression(text.substr(0, length), dialect, Names(), nullptr);
    FUZZ_CHECK(whole.has_value());
    FUZZ_CHECK(whole->Disassemble() == e->Disassemble());
  }
  return 0;
}
