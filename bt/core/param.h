// bt/core/param.h — constant parameters of a decider (a data tree's `action
// Shoot(10, "head")`, an MBT attribute, a macro tree's BT_PARAMS).
//
// Parameters live in the definition, beside the decider they configure, and are
// as constant as it: every agent reads the same ones. A function reads its
// decider's through its context (ctx.Params(), ctx.Number("range")).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace bt {

enum class ParamType : std::uint8_t {
  Number,      // `number`
  Bool,        // `number` is 0 or 1
  Text,        // `text`: a string literal
  Symbol,      // `text` names a constant of the game (E_H_REACTOR, an enum value); `number` is its value
  Expression,  // `text` is the source; `program` the compiled form (bt/data/expression.h)
};

struct Param {
  const char* name = nullptr;  // null for a positional parameter
  ParamType type = ParamType::Number;
  double number = 0;
  const char* text = nullptr;
  const void* program = nullptr;

  constexpr bool Named(std::string_view want) const { return name != nullptr && want == name; }
};

// Constant-expression makers, for macro trees and tests.
constexpr Param NumberParam(const char* name, double value) { return {name, ParamType::Number, value, nullptr, nullptr}; }
constexpr Param BoolParam(const char* name, bool value) {
  return {name, ParamType::Bool, value ? 1.0 : 0.0, nullptr, nullptr};
}
constexpr Param TextParam(const char* name, const char* value) { return {name, ParamType::Text, 0, value, nullptr}; }
constexpr Param SymbolParam(const char* name, const char* symbol, double value) {
  return {name, ParamType::Symbol, value, symbol, nullptr};
}

// The parameter called `name`, or null.
constexpr const Param* FindParam(std::span<const Param> params, std::string_view name) {
  for (const Param& p : params)
    if (p.Named(name)) return &p;
  return nullptr;
}

// The parameters as debug output shows them (DebugPrintState, the DOT picture,
// the gdb printers): `range=10, "head", E_H_REACTOR, aim={x > 2}`, each as
// [name=]value: a Number as %g, a Bool true/false, a Text quoted (quotes and backslashes
// escaped), a Symbol its name, an Expression its source in braces. Written into
// `out`, NUL-terminated and cut to fit; returns the length of the whole text.
std::size_t FormatParams(std::span<const Param> params, std::span<char> out);

}  // namespace bt
