// tests/support/expression_names.h — a fixed table of names for compiling expressions
// in tests and in the expression fuzzer (the registry will be the real
// ExpressionNames), and a variables region built in a plain buffer.
#pragma once

#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "bt/data/expression.h"
#include "bt/core/variables.h"

namespace bt_test {

struct TableNames : bt::data::ExpressionNames {
  struct Function {
    std::string name;
    int arity;
    bt::data::ValueFn function;
  };
  std::vector<std::string> variables;
  std::vector<std::pair<std::string, double>> constants;
  std::vector<Function> functions;
  // The variables' declarations, for typed ones (none: every variable a boolean).
  std::vector<bt::VariableDecl> declarations;

  const bt::VariableDecl* VariableDeclaration(int index) const override {
    return index >= 0 && static_cast<std::size_t>(index) < declarations.size()
               ? &declarations[static_cast<std::size_t>(index)]
               : nullptr;
  }
  int FindVariable(std::string_view name) const override {
    for (std::size_t i = 0; i < variables.size(); ++i)
      if (variables[i] == name) return static_cast<int>(i);
    return -1;
  }
  bool FindConstant(std::string_view name, double& value) const override {
    for (const auto& [constant, v] : constants)
      if (constant == name) return (value = v), true;
    return false;
  }
  bt::data::ValueFn FindFunction(std::string_view name, int arity, std::string& error) const override {
    for (const Function& f : functions) {
      if (f.name != name) continue;
      if (f.arity == arity) return f.function;
      error = "'" + f.name + "' takes " + std::to_string(f.arity) + (f.arity == 1 ? " argument" : " arguments") +
              ", not " + std::to_string(arity);
      return nullptr;
    }
    return nullptr;
  }
  std::vector<std::string> VariableNames() const override { return variables; }
  std::vector<std::string> ConstantNames() const override {
    std::vector<std::string> names;
    for (const auto& c : constants) names.push_back(c.first);
    return names;
  }
  std::vector<std::string> FunctionNames() const override {
    std::vector<std::string> names;
    for (const Function& f : functions) names.push_back(f.name);
    return names;
  }
};

// A bt::VariableBlock region as an agent's block holds it: the 16-byte header
// (changes, count, types, reserved) then one double per variable. Written
// directly, so tests need only VariableBlock's reading side.
class TestVariables {
 public:
  TestVariables(std::initializer_list<double> values) {
    const std::uint32_t header[4] = {0, static_cast<std::uint32_t>(values.size()), 0, 0};
    std::memcpy(bytes_, header, sizeof header);
    int i = 0;
    for (double v : values) Set(i++, v);
  }
  void Set(int index, double value) {
    std::memcpy(bytes_ + sizeof(bt::VariableBlock) + sizeof(double) * static_cast<std::size_t>(index), &value,
                sizeof value);
  }
  const bt::VariableBlock* Block() const { return reinterpret_cast<const bt::VariableBlock*>(bytes_); }

 private:
  static constexpr std::size_t kMaxVariables = 16;
  alignas(8) unsigned char bytes_[sizeof(bt::VariableBlock) + sizeof(double) * kMaxVariables] = {};
};

}  // namespace bt_test
