// bt/loaders/typed_variables.cpp — reading the XML formats' typed variables.
#include "bt/loaders/typed_variables.h"

#include <algorithm>
#include <charconv>
#include <climits>
#include <cmath>
#include <cstdint>
#include <limits>

#include "bt/core/variables.h"
#include "bt/data/closest_names.h"

namespace bt::loaders {

namespace {

std::string Quoted(std::string_view text) { return "'" + std::string(text) + "'"; }

bool IsNameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
}

// The words of a list separated by spaces or commas.
std::vector<std::string_view> Words(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == ',' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) ++i;
    const std::size_t start = i;
    while (i < text.size() && !(text[i] == ' ' || text[i] == ',' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) ++i;
    if (i > start) words.push_back(text.substr(start, i - start));
  }
  return words;
}

bool ParseInteger(std::string_view text, std::int64_t& value) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size() && !text.empty();
}

}  // namespace

std::string ReadEnumNames(std::string_view values, std::vector<std::string>& names) {
  for (std::string_view word : Words(values)) {
    const bool valid = (word[0] < '0' || word[0] > '9') && word[0] != '.' &&
                       std::all_of(word.begin(), word.end(), IsNameChar);
    if (!valid) return "enum name " + Quoted(word) + " is not a name (letters, digits, '_' and '.', not first a digit)";
    if (std::find(names.begin(), names.end(), word) != names.end()) return "enum name " + Quoted(word) + " given twice";
    names.emplace_back(word);
  }
  if (names.empty()) return "an enum needs at least one name";
  if (names.size() > static_cast<std::size_t>(bt::kMaxVariableEnumValues))
    return "an enum holds at most " + std::to_string(bt::kMaxVariableEnumValues) + " names";
  return {};
}

bool IsBoolType(std::string_view type) { return type.empty() || type == "bool"; }

std::string TypeVariable(std::string_view type, const char* initial, const FileEnums& enums,
                         const bt::data::Registry& registry, bt::data::VariableSpec& out) {
  const std::string what = "variable " + Quoted(out.name);
  const std::string_view text = initial != nullptr ? std::string_view(initial) : std::string_view();
  if (type == "int32" || type == "int64") {
    out.type = type == "int32" ? bt::VariableType::Int32 : bt::VariableType::Int64;
    if (initial == nullptr) return {};
    std::int64_t value = 0;
    if (!ParseInteger(text, value) ||
        (out.type == bt::VariableType::Int32 && (value < INT32_MIN || value > INT32_MAX)))
      return what + ": default must be an " + std::string(type) + ", not " + Quoted(text);
    out.initialInteger = value;
    return {};
  }
  if (type.size() > 5 && type.substr(0, 5) == "float") {
    std::int64_t count = 0;
    if (!ParseInteger(type.substr(5), count) || count < 1 || count > bt::kMaxVariableFloats)
      return what + ": type " + Quoted(type) + " is not float1 to float" + std::to_string(bt::kMaxVariableFloats);
    out.type = bt::VariableType::Floats;
    out.floatCount = static_cast<std::uint8_t>(count);
    if (initial == nullptr) return {};
    const std::vector<std::string_view> words = Words(text);
    bool valid = words.size() == static_cast<std::size_t>(count);
    for (std::size_t i = 0; valid && i < words.size(); ++i) {
      float f = 0;
      const auto [end, ec] = std::from_chars(words[i].data(), words[i].data() + words[i].size(), f);
      valid = ec == std::errc() && end == words[i].data() + words[i].size() && std::isfinite(f);
      out.initialFloats.push_back(f);
    }
    if (!valid)
      return what + ": default must be " + std::to_string(count) + " numbers (a " + std::string(type) + "), not " +
             Quoted(text);
    return {};
  }
  const std::vector<std::string>* names = nullptr;
  if (const auto found = enums.find(type); found != enums.end()) names = &found->second;
  if (names == nullptr) names = registry.FindEnum(type);
  if (names == nullptr) {
    std::vector<std::string> known = {"bool", "int32", "int64", "float3"};
    for (const auto& [name, values] : enums) known.push_back(name);
    return what + ": unknown type " + Quoted(type) +
           " (a type is bool, int32, int64, float1 to float16, or an enum's name)" +
           bt::data::ClosestNamesSuffix(type, known);
  }
  out.type = bt::VariableType::Enum;
  out.enumName = std::string(type);
  out.enumNames = *names;
  if (initial == nullptr) return {};
  const auto at = std::find(names->begin(), names->end(), text);
  if (at == names->end())
    return what + ": default " + Quoted(text) + " is not a name of enum " + Quoted(type) +
           bt::data::ClosestNamesSuffix(text, *names);
  out.initialInteger = at - names->begin();
  return {};
}

std::string TypedSignalValue(const bt::data::VariableSpec& variable, std::string_view text, double& value) {
  const std::string what = "variable " + Quoted(variable.name);
  switch (variable.type) {
    case bt::VariableType::Int32:
    case bt::VariableType::Int64: {
      std::int64_t integer = 0;
      // A signal's value is a double (bt::VariableSignal): whole numbers within 2^53 are exact.
      const std::int64_t limit = variable.type == bt::VariableType::Int32 ? std::int64_t{INT32_MAX} : std::int64_t{1} << 53;
      if (!ParseInteger(text, integer) || integer > limit || integer < -limit - (variable.type == bt::VariableType::Int32))
        return what + " is an " + bt::VariableTypeName(variable.type) + ": a signal's value must be a whole number" +
               (variable.type == bt::VariableType::Int64 ? " within 2^53" : "") + ", not " + Quoted(text);
      value = static_cast<double>(integer);
      return {};
    }
    case bt::VariableType::Enum: {
      const auto at = std::find(variable.enumNames.begin(), variable.enumNames.end(), text);
      if (at == variable.enumNames.end())
        return what + " is an enum " + Quoted(variable.enumName) + ": " + Quoted(text) + " is not one of its names" +
               bt::data::ClosestNamesSuffix(text, variable.enumNames);
      value = static_cast<double>(at - variable.enumNames.begin());
      return {};
    }
    case bt::VariableType::Floats:
      return what + " is a float vector: no signal sets it";
    default:
      return what + " is not typed";  // the loader reads booleans itself
  }
}

}  // namespace bt::loaders
