// bt/data/registry.cpp — the registry's lookups (see the header).
#include "bt/data/registry.h"

namespace bt::data {

const char* BindingKindName(BindingKind kind) {
  switch (kind) {
    case BindingKind::Action: return "action";
    case BindingKind::Condition: return "condition";
    case BindingKind::Decide: return "Decide";
    case BindingKind::Random: return "random source";
    case BindingKind::Value: return "value function";
    case BindingKind::Constant: return "constant";
  }
  return "name";
}

namespace {
template <class Map>
std::vector<std::string> KeysOf(const Map& map) {
  std::vector<std::string> keys;
  keys.reserve(map.size());
  for (const auto& [name, entry] : map) keys.push_back(name);
  return keys;  // a std::map: already sorted
}
}  // namespace

std::vector<std::string> Registry::Names(BindingKind kind) const {
  switch (kind) {
    case BindingKind::Action: return KeysOf(actions_);
    case BindingKind::Condition:
    case BindingKind::Decide: return KeysOf(decides_);
    case BindingKind::Random: return KeysOf(randoms_);
    case BindingKind::Value: return KeysOf(values_);
    case BindingKind::Constant: return KeysOf(constants_);
  }
  return {};
}

int RegistryNames::FindVariable(std::string_view name) const {
  for (std::size_t i = 0; i < variables_.size(); ++i)
    if (variables_[i].name != nullptr && name == variables_[i].name) return static_cast<int>(i);
  return -1;
}

const VariableDecl* RegistryNames::VariableDeclaration(int index) const {
  return index >= 0 && static_cast<std::size_t>(index) < variables_.size() ? &variables_[static_cast<std::size_t>(index)]
                                                                         : nullptr;
}

bool RegistryNames::FindConstant(std::string_view name, double& value) const {
  const ConstantEntry* constant = registry_.FindConstant(name);
  if (constant != nullptr) value = constant->value;
  return constant != nullptr;
}

ValueFn RegistryNames::FindFunction(std::string_view name, int arity, std::string& error) const {
  const ValueEntry* entry = registry_.FindValue(name);
  if (entry == nullptr) return nullptr;  // the compiler reports it, with the closest names
  const std::size_t want = entry->params.size();
  if (arity >= 0 && static_cast<std::size_t>(arity) == want) return entry->value;
  error = "'" + entry->name + "' takes " + std::to_string(want) + (want == 1 ? " argument" : " arguments") +
          ", not " + std::to_string(arity);
  return nullptr;
}

std::vector<std::string> RegistryNames::VariableNames() const {
  std::vector<std::string> names;
  for (const VariableDecl& v : variables_)
    if (v.name != nullptr) names.emplace_back(v.name);
  return names;
}

}  // namespace bt::data
