// bt/data/write_cpp.cpp — WriteTreeAsCpp (see write_cpp.h).
//
// Index
//   [SECTION] Literals    — numbers, strings, flags and preconditions as C++
//   [SECTION] Expressions — a compiled condition as a C++ expression
//   [SECTION] Writer      — the tree walked, its functions found, the file written
#include "bt/data/write_cpp.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <string_view>
#include <vector>

#include "bt/data/expression.h"
#include "bt/data/expression_code.h"
#include "bt/data/expression_condition.h"
#include "bt/data/stubs.h"

namespace bt::data {

std::string CppWriteResult::ErrorText() const {
  std::string text;
  for (const std::string& error : errors) text += error + "\n";
  return text;
}

namespace {

// The C++ enumerator of a variable type ("Int64").
const char* TypeEnumerator(VariableType type) {
  switch (type) {
    case VariableType::Bool: return "Bool";
    case VariableType::Number: return "Number";
    case VariableType::Int32: return "Int32";
    case VariableType::Int64: return "Int64";
    case VariableType::Enum: return "Enum";
    case VariableType::Floats: return "Floats";
  }
  return "Bool";
}

// =============================================================== [SECTION] Literals

constexpr std::array<std::string_view, 92> kKeywords = {
    "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch",
    "char", "char8_t", "char16_t", "char32_t", "class", "compl", "concept", "const", "consteval", "constexpr",
    "constinit", "const_cast", "continue", "co_await", "co_return", "co_yield", "decltype", "default", "delete",
    "do", "double", "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false", "float", "for",
    "friend", "goto", "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq",
    "nullptr", "operator", "or", "or_eq", "private", "protected", "public", "register", "reinterpret_cast",
    "requires", "return", "short", "signed", "sizeof", "static", "static_assert", "static_cast", "struct",
    "switch", "template", "this", "thread_local", "throw", "true", "try", "typedef", "typeid", "typename", "union",
    "unsigned", "using", "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq"};

bool IsIdentifierChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// A C string literal: quotes, backslashes and every byte outside printable ASCII escaped.
std::string Quote(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (byte < 0x20 || byte >= 0x7f) {
      char octal[5];
      std::snprintf(octal, sizeof octal, "\\%03o", static_cast<unsigned>(byte));
      out += octal;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string QuoteOrNull(const char* text) { return text != nullptr ? Quote(text) : "nullptr"; }

// The shortest %g spelling that reads back as `value`, always a floating literal.
std::string FloatingLiteral(double value, bool asFloat) {
  if (std::isnan(value)) return asFloat ? "std::numeric_limits<float>::quiet_NaN()" : "std::numeric_limits<double>::quiet_NaN()";
  if (std::isinf(value)) {
    const std::string inf = asFloat ? "std::numeric_limits<float>::infinity()" : "std::numeric_limits<double>::infinity()";
    return value < 0 ? "-" + inf : inf;
  }
  char text[40];
  for (int precision = asFloat ? 6 : 15; precision <= 17; ++precision) {
    std::snprintf(text, sizeof text, "%.*g", precision, value);
    const bool exact = asFloat ? std::strtof(text, nullptr) == static_cast<float>(value) : std::strtod(text, nullptr) == value;
    if (exact) break;
  }
  std::string out = text;
  if (out.find_first_of(".e") == std::string::npos) out += ".0";
  return asFloat ? out + "f" : out;
}

std::string Hex(std::uint32_t bits) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%Xu", bits);
  return text;
}

// `bt::kCallDecideOnRedecide | bt::kDelegateDecideToChildren`, unknown bits in hex.
std::string FlagsLiteral(std::uint32_t flags) {
  std::string out;
  std::uint32_t unknown = 0;
  for (int bit = 0; bit < 32; ++bit) {
    const std::uint32_t one = 1u << bit;
    if ((flags & one) == 0) continue;
    if (const char* name = DeciderFlagName(one)) {
      out += (out.empty() ? "bt::k" : " | bt::k");
      out += name;
    } else {
      unknown |= one;
    }
  }
  if (unknown != 0) out += (out.empty() ? "" : " | ") + Hex(unknown);
  return out;
}

std::string PreconditionsLiteral(const Preconditions& pre) {
  std::string out = "bt::Preconditions{}";
  if (pre.timerSeconds > 0) out += ".Every(" + FloatingLiteral(pre.timerSeconds, true) + ")";
  const auto check = [&out](const char* prefix, const FlagCheck& c) {
    const std::pair<const char*, std::uint32_t> parts[] = {
        {"AnySet", c.anySet}, {"AllSet", c.allSet}, {"AnyClear", c.anyClear}, {"AllClear", c.allClear}};
    for (const auto& [what, bits] : parts)
      if (bits != 0) out += std::string(".") + prefix + what + "(" + Hex(bits) + ")";
  };
  check("Decision", pre.decision);
  check("Stimuli", pre.stimuli);
  return out;
}

// `bt::Result::Done`; a value that is no Result (which InitializeTreeData refuses) as a cast.
std::string ResultLiteral(Result result) {
  const unsigned value = static_cast<unsigned>(result);
  if (value < 3) return std::string("bt::Result::") + ResultName(result);
  return "static_cast<bt::Result>(" + std::to_string(value) + ")";
}

// =============================================================== [SECTION] Expressions

// A value of the program as C++: a bool expression or a double one.
struct CppValue {
  std::string text;
  bool isBool = false;
};

std::string AsDouble(const CppValue& v) { return v.isBool ? "(" + v.text + " ? 1.0 : 0.0)" : v.text; }
std::string AsBool(const CppValue& v) { return v.isBool ? v.text : "(" + v.text + " != 0.0)"; }

}  // namespace

// =============================================================== [SECTION] Writer

class CppTreeWriter {
 public:
  CppTreeWriter(const Registry& registry, const CppWriteOptions& options, const BuiltTree* built)
      : registry_(registry), options_(options), built_(built) {}

  CppWriteResult Write(const DeciderDef& root) {
    root_ = &root;
    Walk(root);
    NameEverything(root);
    std::string behaviors, conditions, deciders, transitionConditions;
    for (const BehaviorDef* b : behaviors_) behaviors += BehaviorText(*b);
    for (const DeciderDef* d : transitionConditions_) {
      if (d->decide == &ExpressionCondition) conditions += ConditionText(*d);
      transitionConditions += DeciderText(*d);
    }
    for (const DeciderDef* d : deciders_) {
      if (d->decide == &ExpressionCondition) conditions += ConditionText(*d);
      deciders += DeciderText(*d);
    }
    std::string variables;
    if (root.variableCount > 0) {
      // The signals that set each variable, an array of their own before the declarations.
      std::string signalArrays;
      std::vector<std::string> signalsIds(static_cast<std::size_t>(root.variableCount));
      for (int i = 0; i < root.variableCount; ++i) {
        const VariableDecl& v = root.variables[i];
        if (v.signals == nullptr || v.signalCount == 0) continue;
        std::string& id = signalsIds[static_cast<std::size_t>(i)];
        id = Unique(variablesId_ + "_Signals" + std::to_string(i));
        signalArrays += "\nconstexpr bt::VariableSignal " + id + "[] = {";
        for (std::uint16_t k = 0; k < v.signalCount; ++k)
          signalArrays += std::string(k == 0 ? "" : ", ") + "{" + QuoteOrNull(v.signals[k].signal) + ", " +
                          Number(v.signals[k].value) + "}";
        signalArrays += "};\n";
      }
      // A typed variable's enum and initial floats, arrays of their own too.
      std::vector<std::string> typedParts(static_cast<std::size_t>(root.variableCount));
      for (int i = 0; i < root.variableCount; ++i) {
        const VariableDecl& v = root.variables[i];
        std::string& parts = typedParts[static_cast<std::size_t>(i)];
        if (v.type == VariableType::Enum && v.enumType != nullptr) {
          const std::string id = Unique(variablesId_ + "_Enum" + std::to_string(i));
          signalArrays += "\nconstexpr const char* " + id + "_Names[] = {";
          for (int n = 0; n < v.enumType->count; ++n) signalArrays += (n > 0 ? ", " : "") + Quote(v.enumType->names[n]);
          signalArrays += "};\nconstexpr bt::VariableEnum " + id + "{" + QuoteOrNull(v.enumType->name) + ", " + id +
                          "_Names, " + std::to_string(v.enumType->count) + "};\n";
          parts = ", .enumType = &" + id;
        }
        if (v.type == VariableType::Floats) {
          parts = ", .floatCount = " + std::to_string(v.floatCount);
          if (v.initialFloats != nullptr) {
            const std::string id = Unique(variablesId_ + "_Floats" + std::to_string(i));
            signalArrays += "\nconstexpr float " + id + "[] = {";
            for (int f = 0; f < v.floatCount; ++f)
              signalArrays += (f > 0 ? ", " : "") + Number(static_cast<double>(v.initialFloats[f]));
            signalArrays += "};\n";
            parts += ", .initialFloats = " + id;
          }
        }
      }
      variables += signalArrays;
      variables += "\nconstexpr bt::VariableDecl " + variablesId_ + "[] = {\n";
      for (int i = 0; i < root.variableCount; ++i) {
        const VariableDecl& v = root.variables[i];
        if (v.type != VariableType::Bool && v.type != VariableType::Number) {  // typed: by field name
          const std::string& id = signalsIds[static_cast<std::size_t>(i)];
          variables += "    {.name = " + QuoteOrNull(v.name) + ", .type = bt::VariableType::" + TypeEnumerator(v.type) +
                       (id.empty() ? std::string() : ", .signals = " + id + ", .signalCount = " + std::to_string(v.signalCount)) +
                       (v.type != VariableType::Floats ? ", .initialInteger = " + std::to_string(v.initialInteger) : std::string()) +
                       typedParts[static_cast<std::size_t>(i)] + "},\n";
        } else if (const std::string& id = signalsIds[static_cast<std::size_t>(i)]; !id.empty())  // set by signals
          variables += "    {" + QuoteOrNull(v.name) + ", bt::VariableType::" +
                       (v.type == VariableType::Bool ? "Bool" : "Number") + ", " + Number(v.initial) + ", " +
                       QuoteOrNull(v.setOnEvent) + ", " + QuoteOrNull(v.exclusiveTo) + ", " + id + ", " +
                       std::to_string(v.signalCount) + "},\n";
        else if (v.setOnEvent != nullptr)  // a timestamp
          variables += "    bt::TimestampVariable(" + QuoteOrNull(v.name) + ", " + Quote(v.setOnEvent) +
                       (v.exclusiveTo != nullptr ? ", " + Quote(v.exclusiveTo) : std::string()) + "),\n";
        else
          variables += "    {" + QuoteOrNull(v.name) + ", bt::VariableType::" +
                       (v.type == VariableType::Bool ? "Bool" : "Number") + ", " + Number(v.initial) + "},\n";
      }
      variables += "};\n";
    }
    CppWriteResult result;
    result.errors = std::move(errors_);
    if (!result.Ok()) return result;

    std::string& out = result.text;
    out += "// Generated by bt::data::WriteTreeAsCpp";
    if (built_ != nullptr && built_->LocationOf(root).file[0] != '\0')
      out += std::string(" from ") + built_->LocationOf(root).file;
    out += ": edit the data, not this file.\n";
    out += "#include \"bt/bt.h\"\n";
    if (usesLimits_) out += "#include <limits>\n";
    if (!conditions.empty()) out += "#include <span>\n";
    for (const std::string& include : options_.includes) out += "#include \"" + include + "\"\n";
    out += "\n";
    if (!options_.nameSpace.empty()) out += "namespace " + options_.nameSpace + " {\n\n";
    out += behaviors + "\n";
    if (!conditions.empty()) out += conditions;
    out += transitionConditions;  // before the machines that name them
    if (!variables.empty()) out += variables.substr(1) + "\n";  // before the root that names them
    out += deciders;
    out += "BT_CHECK_TREE(" + ids_[&root] + ");\n";
    if (!options_.nameSpace.empty()) out += "\n}  // namespace " + options_.nameSpace + "\n";
    return result;
  }

 private:
  // Pre-order from the root (a group, then its children in order), each decider
  // once; behaviors in the order deciders first run them.
  void Walk(const DeciderDef& root) {
    std::vector<const DeciderDef*> stack{&root};
    std::set<const DeciderDef*> seen;
    std::set<const BehaviorDef*> seenBehaviors;
    while (!stack.empty()) {
      const DeciderDef* d = stack.back();
      stack.pop_back();
      if (!seen.insert(d).second) continue;
      deciders_.push_back(d);
      if (d->behavior != nullptr && seenBehaviors.insert(d->behavior).second) behaviors_.push_back(d->behavior);
      if (d->kind == DeciderKind::Group && d->policy == GroupPolicy::SelectionStateMachine)
        for (int k = 0; k < d->config.transitionCount; ++k) {
          const DeciderDef* condition = d->config.transitions[k].condition;
          if (condition != nullptr && seen.insert(condition).second) transitionConditions_.push_back(condition);
        }
      for (int i = d->childCount - 1; i >= 0; --i) stack.push_back(d->children[i]);
    }
  }

  std::string Unique(std::string_view name) {
    const std::string base = CppIdentifier(name);
    std::string id = base;
    for (int n = 2; taken_.count(id) != 0; ++n) id = base + "_" + std::to_string(n);
    taken_.insert(id);
    return id;
  }

  // The root first (the tree is what the game names), then the other deciders,
  // then behaviors, then the rest.
  void NameEverything(const DeciderDef& root) {
    ids_[&root] = Unique(!options_.treeName.empty() ? options_.treeName : root.name != nullptr ? root.name : "DECIDER");
    for (const DeciderDef* d : deciders_)
      if (d != &root) ids_[d] = Unique(d->name != nullptr ? d->name : "DECIDER");
    for (const DeciderDef* d : transitionConditions_) ids_[d] = Unique(d->name != nullptr ? d->name : "CONDITION");
    for (const BehaviorDef* b : behaviors_) {
      const ActionEntry* ready = ReadyMade(*b);
      behaviorIds_[b] = ready != nullptr ? ready->cpp.function : Unique(b->name != nullptr ? b->name : "BEHAVIOR");
    }
    for (const DeciderDef* d : transitionConditions_)
      if (d->decide == &ExpressionCondition) conditionIds_[d] = Unique(ids_[d] + "_Condition");
    for (const DeciderDef* d : deciders_)
      if (d->decide == &ExpressionCondition) conditionIds_[d] = Unique(ids_[d] + "_Condition");
    if (root.variableCount > 0) variablesId_ = Unique(ids_[&root] + "_Variables");
  }

  void Error(std::string message) { errors_.push_back(std::move(message)); }
  std::string Where(const DeciderDef& d) const { return "decider '" + std::string(d.name ? d.name : "") + "'"; }

  // ---------------------------------------------------------- behaviors
  // The registered entry of a ready-made behavior (Registry::AddBehavior, e.g. a
  // built-in leaf), whose cpp.function names its definition: referred to, never defined.
  const ActionEntry* ReadyMade(const BehaviorDef& b) const {
    const ActionEntry* entry = b.name != nullptr ? registry_.FindAction(b.name) : nullptr;
    if (entry == nullptr || entry->cpp.function.empty() || entry->behavior.activate != b.activate ||
        entry->behavior.tick != b.tick || entry->behavior.deactivate != b.deactivate)
      return nullptr;
    return entry;
  }

  std::string BehaviorText(const BehaviorDef& b) {
    if (ReadyMade(b) != nullptr) return {};
    const ActionEntry* entry = b.name != nullptr ? registry_.FindAction(b.name) : nullptr;
    if (entry == nullptr || entry->behavior.activate != b.activate || entry->behavior.tick != b.tick ||
        entry->behavior.deactivate != b.deactivate) {
      Error("action '" + std::string(b.name ? b.name : "") + "' is " +
            (entry == nullptr ? "not registered (a stub?)" : "not the registered one (a stub?)") +
            ": there is no C++ function to call");
      return {};
    }
    const CppSpelling& cpp = entry->cpp;
    const std::string& id = behaviorIds_[&b];
    const std::string functions = cpp.activate + ", " + cpp.tick + ", " + cpp.deactivate + ");\n";
    if (id != b.name) return "BT_DEFINE_BEHAVIOR__FULL(" + id + ", " + Quote(b.name) + ", " + cpp.memory + ", " + functions;
    if (cpp.memory != "void") return "BT_DEFINE_BEHAVIOR__MEMORY(" + id + ", " + cpp.memory + ", " + functions;
    return "BT_DEFINE_BEHAVIOR(" + id + ", " + functions;
  }

  // ---------------------------------------------------------- functions
  const DecideEntry* FindDecide(const DeciderDef& d) {
    for (std::string_view name : registry_.Names(BindingKind::Decide)) {
      const DecideEntry* entry = registry_.FindDecide(name);
      if (entry->decide == d.decide && entry->dblock.size == d.dblock.size) return entry;
    }
    const bool stub = d.decide == StubDecide(true) || d.decide == StubDecide(false);
    Error(Where(d) + ": its condition " + (stub ? "is a stub" : "is not registered") +
          ": there is no C++ function to call");
    return nullptr;
  }

  const RandomEntry* FindRandom(const DeciderDef& d) {
    for (std::string_view name : registry_.Names(BindingKind::Random)) {
      const RandomEntry* entry = registry_.FindRandom(name);
      if (entry->random == d.random) return entry;
    }
    Error(Where(d) + ": its random source is not registered: there is no C++ function to call");
    return nullptr;
  }

  // The constant's C++ value, negated when the parameter holds its negation.
  std::string ConstantValue(const DeciderDef& d, const Param& p) {
    const ConstantEntry* entry = p.text != nullptr ? registry_.FindConstant(p.text) : nullptr;
    if (entry == nullptr) {
      Error(Where(d) + ": constant '" + std::string(p.text ? p.text : "") + "' is not registered (a stub?)");
      return {};
    }
    const std::string value = "static_cast<double>(" + entry->cpp.function + ")";
    if (p.number == entry->value) return value;
    if (p.number == -entry->value) return "-" + value;
    Error(Where(d) + ": constant '" + entry->name + "' holds another value than the registered one");
    return {};
  }

  std::string ParamText(const DeciderDef& d, const Param& p) {
    const std::string name = QuoteOrNull(p.name);
    switch (p.type) {
      case ParamType::Number: return "bt::NumberParam(" + name + ", " + Number(p.number) + ")";
      case ParamType::Bool: return "bt::BoolParam(" + name + ", " + (p.number != 0 ? "true" : "false") + ")";
      case ParamType::Text: return "bt::TextParam(" + name + ", " + QuoteOrNull(p.text) + ")";
      case ParamType::Symbol:
        return "bt::SymbolParam(" + name + ", " + QuoteOrNull(p.text) + ", " + ConstantValue(d, p) + ")";
      case ParamType::Expression:
        // Kept for debug output and functions reading the source; the compiled
        // condition is the Decide written for it.
        if (p.program != nullptr && &p != ConditionParam(d.Params()))
          Error(Where(d) + ": a compiled expression parameter other than its condition cannot be written as C++");
        return "bt::Param{" + name + ", bt::ParamType::Expression, 0.0, " + QuoteOrNull(p.text) + ", nullptr}";
    }
    Error(Where(d) + ": a parameter of unknown type");
    return {};
  }

  std::string Number(double value) {
    if (!std::isfinite(value)) usesLimits_ = true;
    return FloatingLiteral(value, false);
  }

  // ---------------------------------------------------------- conditions
  std::string ConditionText(const DeciderDef& d) {
    const Param* param = ConditionParam(d.Params());
    if (param == nullptr) {
      Error(Where(d) + ": its condition is an expression, but it has no compiled expression parameter");
      return {};
    }
    const auto& expression = *static_cast<const Expression*>(param->program);
    if (options_.agentType.empty()) {
      Error(Where(d) + ": its condition is an expression: give CppWriteOptions::agentType, the agent its functions take");
      return {};
    }
    std::string arrays;
    const std::string value = ExpressionText(d, expression, arrays);
    std::string out = "// " + ids_[&d] + "'s condition: ";
    for (const char c : expression.Source()) out += c == '\n' ? std::string("\n// ") : std::string(1, c);
    out += "\n";
    out += "float " + conditionIds_[&d] + "([[maybe_unused]] " + options_.agentType +
           "& agent, [[maybe_unused]] const bt::DecideContext& ctx) {\n";
    out += arrays;
    out += "  return " + value + " ? 1.0f : 0.0f;\n}\n\n";
    return out;
  }

  // Runs the program on symbols: each instruction's value as C++ text. A jump
  // leaves its operand pending until its target, where the value then on top
  // is the right operand; jumps end innermost first.
  std::string ExpressionText(const DeciderDef& d, const Expression& expression, std::string& arrays) {
    using detail::ExpressionOp;
    struct Pending {
      int target;
      bool isAnd;
      CppValue left;
    };
    std::vector<CppValue> stack;
    std::vector<Pending> pending;
    const detail::ExpressionInstruction* code = expression.Instructions();
    const int count = expression.InstructionCount();
    int calls = 0;
    const auto pop = [&stack] {
      CppValue v = stack.back();
      stack.pop_back();
      return v;
    };
    for (int pc = 0; pc <= count; ++pc) {
      while (!pending.empty() && pending.back().target == pc && !stack.empty()) {
        const Pending jump = pending.back();
        pending.pop_back();
        const CppValue right = pop();
        if (right.isBool)
          stack.push_back({"(" + AsBool(jump.left) + (jump.isAnd ? " && " : " || ") + right.text + ")", true});
        else
          stack.push_back({"(" + AsBool(jump.left) + (jump.isAnd ? " ? " + right.text + " : 0.0)" : " ? 1.0 : " + right.text + ")"),
                           false});
      }
      if (pc == count) break;
      const detail::ExpressionInstruction& in = code[pc];
      const auto binary = [&](const char* op) {
        const CppValue b = pop(), a = pop();
        stack.push_back({"(" + AsDouble(a) + " " + op + " " + AsDouble(b) + ")", true});
      };
      switch (in.op) {
        case ExpressionOp::PushNumber: {
          // A constant by its C++ name, so the shipped game follows its value.
          const ConstantEntry* entry = in.name != nullptr ? registry_.FindConstant(in.name) : nullptr;
          const bool named = entry != nullptr && entry->value == in.number;
          if (in.name != nullptr && !named)
            Error(Where(d) + ": constant '" + in.name + "' of its condition is not registered");
          stack.push_back({named ? "static_cast<double>(" + entry->cpp.function + ")" : Number(in.number), false});
          break;
        }
        case ExpressionOp::PushVariable:
          stack.push_back({"(ctx.variables != nullptr ? ctx.variables->Get(" + std::to_string(in.index) + ") : 0.0)",
                           false});
          break;
        case ExpressionOp::PushVariableBool:
          stack.push_back({"(ctx.variables != nullptr && ctx.variables->GetBool(" + std::to_string(in.index) + "))",
                           true});
          break;
        case ExpressionOp::EqualIntegers: {
          const auto read = [](int index) {
            return "(ctx.variables != nullptr ? ctx.variables->GetInteger(" + std::to_string(index) + ") : 0)";
          };
          stack.push_back({"(" + read(in.index) + " == " +
                               (in.count >= 0 ? read(in.count) : "std::int64_t{" + std::to_string(in.integer) + "}") + ")",
                           true});
          break;
        }
        case ExpressionOp::Call: {
          const ValueEntry* entry = in.name != nullptr ? registry_.FindValue(in.name) : nullptr;
          if (entry == nullptr || entry->value != in.function) {
            Error(Where(d) + ": function '" + std::string(in.name ? in.name : "") +
                  "' of its condition is not registered");
            stack.push_back({"0.0", false});
            break;
          }
          std::string args = "std::span<const bt::Param>()";
          if (in.count > 0) {
            args = "kCall" + std::to_string(calls++);
            arrays += "  static constexpr bt::Param " + args + "[] = {";
            for (int i = 0; i < in.count; ++i)
              arrays += (i > 0 ? ", " : "") + ParamText(d, expression.CallArguments()[in.index + i]);
            arrays += "};\n";
          }
          stack.push_back({"static_cast<double>(" + entry->cpp.function + "(agent, " + args + "))", false});
          break;
        }
        case ExpressionOp::Not: {
          const CppValue v = pop();
          stack.push_back({v.isBool ? "!" + v.text : "(" + v.text + " == 0.0)", true});
          break;
        }
        case ExpressionOp::ToBool: stack.push_back({AsBool(pop()), true}); break;
        case ExpressionOp::Less: binary("<"); break;
        case ExpressionOp::LessEqual: binary("<="); break;
        case ExpressionOp::Greater: binary(">"); break;
        case ExpressionOp::GreaterEqual: binary(">="); break;
        case ExpressionOp::Equal: binary("=="); break;
        case ExpressionOp::NotEqual: binary("!="); break;
        case ExpressionOp::Xor: {
          const CppValue b = pop(), a = pop();
          stack.push_back({"(" + AsBool(a) + " != " + AsBool(b) + ")", true});
          break;
        }
        case ExpressionOp::JumpIfFalseOrPop:
        case ExpressionOp::JumpIfTrueOrPop:
          pending.push_back({in.index, in.op == ExpressionOp::JumpIfFalseOrPop, pop()});
          break;
      }
    }
    if (stack.size() != 1 || !pending.empty()) {
      Error(Where(d) + ": its condition's program is not one the compiler makes");
      return "false";
    }
    return AsBool(stack.back());
  }

  // ---------------------------------------------------------- deciders
  std::string DeciderText(const DeciderDef& d) {
    std::vector<std::string> options;
    const bool group = d.kind != DeciderKind::Behavior;
    if (group) {
      std::string children;
      for (int i = 0; i < d.childCount; ++i) children += (i > 0 ? ", " : "") + ids_[d.children[i]];
      options.push_back("BT_CHILDREN(" + children + ")");
      ConfigOptions(d, options);
    }
    EventTransitionOptions(d, options);
    if (d.name != nullptr && ids_[&d] != d.name) options.push_back("BT_DEBUG_NAME(" + Quote(d.name) + ")");
    if (d.decide == &ExpressionCondition) {
      options.push_back("BT_DECIDE(" + conditionIds_[&d] + ")");
    } else if (d.decide != nullptr) {
      if (const DecideEntry* entry = FindDecide(d)) {
        options.push_back("BT_DECIDE(" + entry->cpp.function + ")");
        if (entry->dblock.size != 0) options.push_back("BT_DBLOCK(" + entry->cpp.memory + ")");
      }
    }
    if (d.random != nullptr)
      if (const RandomEntry* entry = FindRandom(d)) options.push_back("BT_RANDOM(" + entry->cpp.function + ")");
    if (group && d.behavior != nullptr) options.push_back("BT_GROUP_BEHAVIOR(" + behaviorIds_[d.behavior] + ")");
    if (d.flags != kNoDeciderFlags) options.push_back("BT_FLAGS(" + FlagsLiteral(d.flags) + ")");
    if (d.behaviorFlags != 0) options.push_back("BT_BEHAVIOR_FLAGS(" + Hex(d.behaviorFlags) + ")");
    if (d.preconditions.IsSet()) options.push_back("BT_PRE(" + PreconditionsLiteral(d.preconditions) + ")");
    if (&d == root_ && d.variableCount > 0) options.push_back("BT_VARIABLES(" + variablesId_ + ")");
    if (d.paramCount > 0) {
      std::string params;
      for (const Param& p : d.Params()) params += (params.empty() ? "" : ",\n              ") + ParamText(d, p);
      options.push_back("BT_PARAMS(" + params + ")");
    }

    std::string out;
    if (built_ != nullptr) {
      const BuiltTree::Location at = built_->LocationOf(d);
      if (at.line > 0)
        out += "// " + std::string(at.file) + ":" + std::to_string(at.line) +
               (at.column > 0 ? ":" + std::to_string(at.column) : "") + "\n";
    }
    // A selection transition's condition runs no behavior (BT_DEFINE_CONDITION).
    const bool condition = !group && d.behavior == nullptr &&
                           std::find(transitionConditions_.begin(), transitionConditions_.end(), &d) !=
                               transitionConditions_.end();
    if (!group && d.behavior == nullptr && !condition) Error(Where(d) + ": a behavior decider without a behavior");
    out += group       ? "BT_DEFINE_GROUP(" + ids_[&d] + ", " + GroupPolicyName(d.policy)
           : condition ? "BT_DEFINE_CONDITION(" + ids_[&d]
                       : "BT_DEFINE_DECIDER(" + ids_[&d] + ", " + (d.behavior ? behaviorIds_[d.behavior] : "");
    for (const std::string& option : options) out += ",\n    " + option;
    return out + ");\n";
  }

  // The classic numbers the group's policy reads, where they are not NodeConfig's
  // defaults. A field its policy does not read changes nothing, and the macros refuse it.
  void ConfigOptions(const DeciderDef& d, std::vector<std::string>& options) {
    const NodeConfig& c = d.config;
    const NodeConfig defaults{};
    if (ReadsConfig(d.policy, ConfigField::Results) &&
        !(c.results.done == defaults.results.done && c.results.failed == defaults.results.failed &&
          c.results.running == defaults.results.running))
      options.push_back("BT_RESULTS(" + ResultLiteral(c.results.done) + ", " + ResultLiteral(c.results.failed) + ", " +
                        ResultLiteral(c.results.running) + ")");
    if (ReadsConfig(d.policy, ConfigField::Count) && c.count != defaults.count)
      options.push_back("BT_COUNT(" + std::to_string(c.count) + ")");
    if (ReadsConfig(d.policy, ConfigField::Seconds) && !(c.seconds == defaults.seconds))
      options.push_back("BT_SECONDS(" + FloatNumber(c.seconds) + ")");
    if (ReadsConfig(d.policy, ConfigField::Chance) && !(c.chance == defaults.chance))
      options.push_back("BT_CHANCE(" + FloatNumber(c.chance) + ")");
    if (ReadsConfig(d.policy, ConfigField::Transitions) && c.transitionCount > 0) {
      std::string transitions;
      for (int k = 0; k < c.transitionCount; ++k) {
        const SelectionTransition& tr = c.transitions[k];
        transitions += (k > 0 ? ", {" : "{") + std::to_string(tr.from) + ", " + std::to_string(tr.to) + ", &" +
                       ids_[tr.condition] + "}";
      }
      options.push_back("BT_TRANSITIONS(" + transitions + ")");
    }
    if (ReadsConfig(d.policy, ConfigField::Scope)) {
      if (options_.scopeFinder.empty())
        Error(Where(d) + ": a GroupScope, and CppWriteOptions::scopeFinder names no function to find its scope");
      options.push_back("BT_SCOPE(" + QuoteOrNull(c.scopeName) + ", " + std::to_string(c.allowedUsers) + ", " +
                        options_.scopeFinder + ")");
    }
  }

  // A StateMachine state's transitions on events, by the events' names
  // (bt::OnEvent; by id when the tree keeps none) and the target states' indices.
  void EventTransitionOptions(const DeciderDef& d, std::vector<std::string>& options) {
    if (d.config.eventTransitionCount == 0) return;
    std::string transitions;
    for (int k = 0; k < d.config.eventTransitionCount; ++k) {
      const Transition& tr = d.config.eventTransitions[k];
      transitions += k > 0 ? ", " : "";
      if (tr.event != nullptr && NameId(tr.event) == tr.onEvent)
        transitions += "bt::OnEvent(" + QuoteOrNull(tr.event) + ", " + std::to_string(tr.to) + ")";
      else
        transitions += "{" + Hex(tr.onEvent) + ", " + std::to_string(tr.to) + "}";
    }
    options.push_back("BT_EVENT_TRANSITIONS(" + transitions + ")");
  }

  std::string FloatNumber(float value) {
    if (!std::isfinite(value)) usesLimits_ = true;
    return FloatingLiteral(value, true);
  }

  const Registry& registry_;
  const CppWriteOptions& options_;
  const BuiltTree* built_;
  std::vector<std::string> errors_;
  std::vector<const DeciderDef*> deciders_;
  std::vector<const BehaviorDef*> behaviors_;
  std::vector<const DeciderDef*> transitionConditions_;  // of the SelectionStateMachines, in the order they name them
  std::set<std::string> taken_;
  std::map<const DeciderDef*, std::string> ids_;
  std::map<const DeciderDef*, std::string> conditionIds_;
  std::map<const BehaviorDef*, std::string> behaviorIds_;
  const DeciderDef* root_ = nullptr;
  std::string variablesId_;
  bool usesLimits_ = false;
};

std::string CppIdentifier(std::string_view name) {
  std::string id;
  for (const char c : name) {
    const char keep = IsIdentifierChar(c) ? c : '_';
    if (keep == '_' && !id.empty() && id.back() == '_') continue;  // "__" is reserved
    id += keep;
  }
  if (id.empty() || id == "_") return "N";
  if (id.front() == '_' || (id.front() >= '0' && id.front() <= '9')) id.insert(id.begin(), 'N');
  for (std::string_view keyword : kKeywords)
    if (id == keyword) return id + "_";
  return id;
}

CppWriteResult WriteTreeAsCpp(const DeciderDef& root, const Registry& registry, const CppWriteOptions& options) {
  return CppTreeWriter(registry, options, nullptr).Write(root);
}

CppWriteResult WriteTreeAsCpp(const BuiltTree& tree, const Registry& registry, const CppWriteOptions& options) {
  return CppTreeWriter(registry, options, &tree).Write(tree.Root());
}

}  // namespace bt::data
