// bt/data/expression_condition.cpp — see expression_condition.h.
#include "bt/data/expression_condition.h"

#include "bt/data/expression.h"

namespace bt::data {

const Param* ConditionParam(std::span<const Param> params) {
  for (const Param& param : params)
    if (param.type == ParamType::Expression && param.program != nullptr) return &param;
  return nullptr;
}

float ExpressionCondition(void* agent, void* /*dblock*/, const DecideContext& context) {
  const Param* condition = ConditionParam(context.Params());
  if (condition == nullptr) return 0.0f;
  return static_cast<const Expression*>(condition->program)->IsTrue(agent, context.variables) ? 1.0f : 0.0f;
}

}  // namespace bt::data
