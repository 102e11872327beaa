// bt/data/expression.cpp — running a compiled Expression (see expression.h);
// compiling one is bt/data/expression_compile.cpp.
#include "bt/data/expression.h"

#include <cstdio>

#include "bt/data/expression_code.h"

namespace bt::data {

using detail::ExpressionInstruction;
using detail::ExpressionOp;

const char* detail::ExpressionOpName(ExpressionOp op) {
  switch (op) {
#define BT_DETAIL_EXPRESSION_OP_NAME(name, word) \
  case ExpressionOp::name:                       \
    return word;
    BT_DETAIL_EXPRESSION_OPS(BT_DETAIL_EXPRESSION_OP_NAME)
#undef BT_DETAIL_EXPRESSION_OP_NAME
  }
  return "?";
}

Expression::Expression() = default;
Expression::Expression(Expression&&) noexcept = default;
Expression& Expression::operator=(Expression&&) noexcept = default;
Expression::~Expression() = default;

namespace {
double Truth(bool b) { return b ? 1.0 : 0.0; }
}  // namespace

// The compiler guarantees a well-formed program: jumps go forward within it,
// the stack never exceeds stack_size_ (<= kMaxExpressionStack) nor underflows,
// and exactly one value is left at the end.
double Expression::Evaluate(void* agent, const bt::VariableBlock* variables) const noexcept {
  double stack[kMaxExpressionStack];
  int top = -1;  // index of the top value
  const ExpressionInstruction* code = code_.get();
  int pc = 0;
  while (pc < instruction_count_) {
    const ExpressionInstruction& in = code[pc++];
    switch (in.op) {
      case ExpressionOp::PushNumber:
        stack[++top] = in.number;
        break;
      case ExpressionOp::PushVariable:
        stack[++top] = variables != nullptr ? variables->Get(in.index) : 0.0;
        break;
      case ExpressionOp::PushVariableBool:
        stack[++top] = Truth(variables != nullptr && variables->GetBool(in.index));
        break;
      case ExpressionOp::EqualIntegers: {
        const std::int64_t a = variables != nullptr ? variables->GetInteger(in.index) : 0;
        const std::int64_t b = in.count < 0 ? in.integer : variables != nullptr ? variables->GetInteger(in.count) : 0;
        stack[++top] = Truth(a == b);
        break;
      }
      case ExpressionOp::Call:
        stack[++top] = in.function(agent, std::span<const bt::Param>(params_.get() + in.index,
                                                                     static_cast<std::size_t>(in.count)));
        break;
      case ExpressionOp::Not:
        stack[top] = Truth(stack[top] == 0.0);
        break;
      case ExpressionOp::ToBool:
        stack[top] = Truth(stack[top] != 0.0);
        break;
#define BT_DETAIL_EXPRESSION_BINARY(op, expression) \
  case ExpressionOp::op: {                          \
    const double b = stack[top--];                  \
    const double a = stack[top];                    \
    stack[top] = Truth(expression);                 \
    break;                                          \
  }
        BT_DETAIL_EXPRESSION_BINARY(Less, a < b)
        BT_DETAIL_EXPRESSION_BINARY(LessEqual, a <= b)
        BT_DETAIL_EXPRESSION_BINARY(Greater, a > b)
        BT_DETAIL_EXPRESSION_BINARY(GreaterEqual, a >= b)
        BT_DETAIL_EXPRESSION_BINARY(Equal, a == b)
        BT_DETAIL_EXPRESSION_BINARY(NotEqual, a != b)
        BT_DETAIL_EXPRESSION_BINARY(Xor, (a != 0.0) != (b != 0.0))
#undef BT_DETAIL_EXPRESSION_BINARY
      case ExpressionOp::JumpIfFalseOrPop:
        if (stack[top] == 0.0) {
          stack[top] = 0.0;
          pc = in.index;
        } else {
          --top;
        }
        break;
      case ExpressionOp::JumpIfTrueOrPop:
        if (stack[top] != 0.0) {
          stack[top] = 1.0;
          pc = in.index;
        } else {
          --top;
        }
        break;
    }
  }
  return top >= 0 ? stack[top] : 0.0;
}

std::string Expression::Disassemble() const {
  std::string text;
  char line[96];
  for (int i = 0; i < instruction_count_; ++i) {
    const ExpressionInstruction& in = code_[static_cast<std::size_t>(i)];
    text += std::to_string(i) + ": " + detail::ExpressionOpName(in.op);
    switch (in.op) {
      case ExpressionOp::PushNumber:
        std::snprintf(line, sizeof line, " %.17g", in.number);
        if (in.name != nullptr) text += std::string(" ") + in.name + " =";
        text += line;
        break;
      case ExpressionOp::PushVariable:
      case ExpressionOp::PushVariableBool:
        text += " " + std::to_string(in.index) + " " + in.name;
        break;
      case ExpressionOp::EqualIntegers:
        // "equal-integers 2 Target == 5 LastSeen", or "... == 1 Crouch", or "... == 42"
        text += " " + std::to_string(in.index) + " " + in.name;
        break;
      case ExpressionOp::Call:
        text += std::string(" ") + in.name + "(";
        for (int p = 0; p < in.count; ++p) {
          const bt::Param& param = params_[static_cast<std::size_t>(in.index + p)];
          if (p > 0) text += ", ";
          if (param.type == bt::ParamType::Text) {
            text += std::string("\"") + param.text + "\"";
          } else {
            std::snprintf(line, sizeof line, "%.17g", param.number);
            if (param.type == bt::ParamType::Symbol) text += std::string(param.text) + " = ";
            text += line;
          }
        }
        text += ")";
        break;
      case ExpressionOp::JumpIfFalseOrPop:
      case ExpressionOp::JumpIfTrueOrPop:
        text += " " + std::to_string(in.index);
        break;
      default:
        break;
    }
    text += "\n";
  }
  return text;
}

std::string FormatExpressionError(const ExpressionError& error) {
  std::string text = "column " + std::to_string(error.column) + ": " + error.message;
  if (error.openingColumn > 0) text += " at column " + std::to_string(error.openingColumn);
  return text;
}

}  // namespace bt::data
