// bt/data/expression_condition.h — a decider whose condition is an expression.
//
// A data tree's `condition goalType == ET_BUILDABLE && inAttackRange(E_GOAL)`
// is a decider parameter of type bt::ParamType::Expression whose `program` is
// the compiled bt::data::Expression (bt/data/expression.h), and whose Decide is
// ExpressionCondition: it accepts (1.0) when the expression is true, rejects
// (0.0) when false. The Expression outlives the tree that points at it.
// bt/data/write_cpp.h writes such a decider out as a C++ Decide computing the
// same value.
#pragma once

#include <span>

#include "bt/core/decider.h"

namespace bt::data {

// The decider's condition: its first Expression parameter with a compiled
// program, or null when it has none.
const Param* ConditionParam(std::span<const Param> params);

// The Decide of such a decider; with no condition parameter it rejects.
float ExpressionCondition(void* agent, void* dblock, const DecideContext& context);

}  // namespace bt::data
