// bt/core/kinds.h — the enums of bt, their names and the group policies' property
// columns, generated from bt/core/kinds.def.
#pragma once

#include <cstdint>

namespace bt {

enum class Status : std::uint8_t {
#define BT_STATUS(name, description) name,
#include "bt/core/kinds.def"
};

// A behavior's Tick result. Spore's bool Tick is Running (true) or Failed (false).
enum class Result : std::uint8_t {
#define BT_RESULT(name, description) name,
#include "bt/core/kinds.def"
};

enum class DeciderKind : std::uint8_t {
#define BT_DECIDER_KIND(name, description) name,
#include "bt/core/kinds.def"
};

enum class GroupPolicy : std::uint8_t {
#define BT_GROUP_POLICY(name, family, children, reads, description) name,
#include "bt/core/kinds.def"
};

// How many group policies there are: a value at or past it is no policy.
inline constexpr unsigned kGroupPolicyCount = 0
#define BT_GROUP_POLICY(name, family, children, reads, description) +1
#include "bt/core/kinds.def"
    ;

// The columns of a group policy's row in bt/core/kinds.def.
enum class PolicyFamily : std::uint8_t { Spore, Classic };
enum class PolicyChildren : std::uint8_t { Any, One, SideBySide };
// The fields of NodeConfig (bt/core/classic.h), each read by the policies whose
// row names it. Transitions are transitions/transitionCount; Scope is
// scopeName, allowedUsers and findScope. eventTransitions is no such field: any
// decider may be a StateMachine's state (BT_ON_EVENT).
enum class ConfigField : std::uint8_t { None, Results, Count, Seconds, Chance, Transitions, Scope };

struct PolicyTraits {
  PolicyFamily family = PolicyFamily::Spore;
  PolicyChildren children = PolicyChildren::Any;
  ConfigField reads = ConfigField::None;
};

namespace detail {
inline constexpr PolicyTraits kPolicyTraits[] = {
#define BT_GROUP_POLICY(name, family, children, reads, description) \
  {PolicyFamily::family, PolicyChildren::children, ConfigField::reads},
#include "bt/core/kinds.def"
};
}  // namespace detail

// A policy's row; a value that is no policy has the default traits.
constexpr PolicyTraits PolicyTraitsOf(GroupPolicy policy) {
  const auto index = static_cast<unsigned>(policy);
  return index < kGroupPolicyCount ? detail::kPolicyTraits[index] : PolicyTraits{};
}

// Decider flags, combined with |.
enum DeciderFlags : std::uint32_t {
  kNoDeciderFlags = 0,
#define BT_DECIDER_FLAG(name, bit, description) k##name = 1u << (bit),
#include "bt/core/kinds.def"
};

enum class TreeProblem : std::uint8_t {
#define BT_TREE_PROBLEM(name, message) name,
#include "bt/core/kinds.def"
};

const char* StatusName(Status status);
const char* StatusDescription(Status status);
const char* ResultName(Result result);
const char* TreeProblemMessage(TreeProblem problem);
const char* DeciderKindName(DeciderKind kind);
const char* GroupPolicyName(GroupPolicy policy);
// Name of one flag bit (e.g. "CallDecideOnRedecide"), or null for an unknown bit.
const char* DeciderFlagName(std::uint32_t singleFlag);

// True for the statuses that mean the tick worked as designed.
constexpr bool IsOk(Status status) {
  return status == Status::Running || status == Status::Done || status == Status::NoBehavior;
}

}  // namespace bt
