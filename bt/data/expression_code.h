// bt/data/expression_code.h — the instruction set of a compiled Expression
// (internal: written by expression_compile.cpp, run by expression.cpp).
//
// A stack machine: each instruction pops its operands and pushes its result.
// Short-circuit `&&`/`and` and `||`/`or` are forward jumps, so evaluation is one
// loop over the instructions, never a recursion.
#pragma once

#include <cstdint>

#include "bt/data/expression.h"

namespace bt::data::detail {

#define BT_DETAIL_EXPRESSION_OPS(X)                                                                \
  X(PushNumber, "number")              /* push `number` (`name`: the constant's name, or null) */ \
  X(PushVariable, "variable")          /* push variable `index` */                                \
  X(PushVariableBool, "variable-bool") /* push variable `index` as 1 or 0 (Cry's booleans) */     \
  X(Call, "call")                      /* push function(agent, params[index, index+count)) */    \
  X(EqualIntegers, "equal-integers")   /* push 1 if variable `index` == variable `count` (count  \
                                          >= 0) or == `integer` (count < 0), exactly; else 0 */  \
  X(Not, "not")                        /* x -> x == 0 */                                          \
  X(Less, "less")                      /* a b -> a < b */                                         \
  X(LessEqual, "less-equal")                                                                      \
  X(Greater, "greater")                                                                           \
  X(GreaterEqual, "greater-equal")                                                                \
  X(Equal, "equal")                                                                               \
  X(NotEqual, "not-equal")                                                                        \
  X(Xor, "xor")                        /* a b -> (a != 0) != (b != 0) */                          \
  X(ToBool, "to-bool")                 /* x -> x != 0 */                                          \
  X(JumpIfFalseOrPop, "jump-if-false") /* top false: make it 0, go to `index`; else pop it */     \
  X(JumpIfTrueOrPop, "jump-if-true")   /* top true: make it 1, go to `index`; else pop it */

enum class ExpressionOp : std::uint8_t {
#define BT_DETAIL_EXPRESSION_OP_ENUM(op, word) op,
  BT_DETAIL_EXPRESSION_OPS(BT_DETAIL_EXPRESSION_OP_ENUM)
#undef BT_DETAIL_EXPRESSION_OP_ENUM
};

const char* ExpressionOpName(ExpressionOp op);

struct ExpressionInstruction {
  ExpressionOp op = ExpressionOp::PushNumber;
  std::int32_t index = 0;  // variable index, jump target, or first parameter of a call
  std::int32_t count = 0;  // a call's parameter count; EqualIntegers: the second variable, or -1
  double number = 0;
  std::int64_t integer = 0;  // EqualIntegers: the literal compared with (an enum name's value)
  ValueFn function = nullptr;
  const char* name = nullptr;  // the variable, function or constant (EqualIntegers: both sides), for Disassemble
};

}  // namespace bt::data::detail
