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
std::vector<std::string_view> KeysOf(const Map& map) {
  std::vector<std::string_view> keys;
  keys.reserve(map.size());
  for (const auto& [name, entry] : map) keys.push_back(name);
  return keys;  // a std::map: already sorted
}
}  // namespace

std::vector<std::string_view> Registry::Names(BindingKind kind) const {
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

}  // namespace bt::data
