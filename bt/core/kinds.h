// bt/core/kinds.h — the enums of bt and their names, generated from bt/core/kinds.def.
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
#define BT_GROUP_POLICY(name, description) name,
#include "bt/core/kinds.def"
};

// How many group policies there are: a value at or past it is no policy.
inline constexpr unsigned kGroupPolicyCount = 0
#define BT_GROUP_POLICY(name, description) +1
#include "bt/core/kinds.def"
    ;

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
