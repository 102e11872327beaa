// bt/core/names.cpp — name tables of the enums, expanded from bt/core/kinds.def.
#include "bt/core/kinds.h"

#include <iterator>

namespace bt {
namespace {

constexpr const char* kStatusNames[] = {
#define BT_STATUS(name, description) #name,
#include "bt/core/kinds.def"
};
constexpr const char* kStatusDescriptions[] = {
#define BT_STATUS(name, description) description,
#include "bt/core/kinds.def"
};
constexpr const char* kResultNames[] = {
#define BT_RESULT(name, description) #name,
#include "bt/core/kinds.def"
};
constexpr const char* kTreeProblemMessages[] = {
#define BT_TREE_PROBLEM(name, message) message,
#include "bt/core/kinds.def"
};
constexpr const char* kDeciderKindNames[] = {
#define BT_DECIDER_KIND(name, description) #name,
#include "bt/core/kinds.def"
};
constexpr const char* kGroupPolicyNames[] = {
#define BT_GROUP_POLICY(name, family, children, reads, description) #name,
#include "bt/core/kinds.def"
};

template <class Enum, std::size_t N>
const char* Lookup(const char* const (&table)[N], Enum value) {
  const auto index = static_cast<std::size_t>(value);
  return index < N ? table[index] : "?";
}

}  // namespace

const char* StatusName(Status status) { return Lookup(kStatusNames, status); }
const char* StatusDescription(Status status) { return Lookup(kStatusDescriptions, status); }
const char* ResultName(Result result) { return Lookup(kResultNames, result); }
const char* TreeProblemMessage(TreeProblem problem) { return Lookup(kTreeProblemMessages, problem); }
const char* DeciderKindName(DeciderKind kind) { return Lookup(kDeciderKindNames, kind); }
const char* GroupPolicyName(GroupPolicy policy) { return Lookup(kGroupPolicyNames, policy); }

const char* DeciderFlagName(std::uint32_t singleFlag) {
#define BT_DECIDER_FLAG(name, bit, description) \
  if (singleFlag == (1u << (bit))) return #name;
#include "bt/core/kinds.def"
  return nullptr;
}

}  // namespace bt
