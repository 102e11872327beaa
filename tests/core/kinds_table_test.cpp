// tests/core/kinds_table_test.cpp — the property columns of the group policies' rows
// in bt/core/kinds.def: each predicate (bt/core/classic.h) says what the policy's
// row says, for every policy, and nothing for a value that is no policy.
#include <catch2/catch.hpp>

#include <cstdint>
#include <iterator>

#include "bt/core/classic.h"
#include "bt/core/kinds.h"

namespace {

using bt::ConfigField;
using bt::GroupPolicy;

// What each policy is, written out from what it does: a row of kinds.def edited
// by mistake, or a predicate that reads something else than the row, fails.
struct Expected {
  GroupPolicy policy;
  bool classic;     // ticks its children (bt/core/classic.h)
  bool oneChild;    // exactly one child
  bool sideBySide;  // children with their own memory, active together
  ConfigField reads;
};
constexpr Expected kExpected[] = {
    {GroupPolicy::PrioritizedList, false, false, false, ConfigField::None},
    {GroupPolicy::Random, false, false, false, ConfigField::None},
    {GroupPolicy::Shuffle, false, false, false, ConfigField::None},
    {GroupPolicy::Sequential, false, false, false, ConfigField::None},
    {GroupPolicy::Scored, false, false, false, ConfigField::None},
    {GroupPolicy::Sequence, true, false, false, ConfigField::None},
    {GroupPolicy::Selector, true, false, true, ConfigField::None},
    {GroupPolicy::Fallback, true, false, false, ConfigField::None},
    {GroupPolicy::Parallel, true, false, true, ConfigField::None},
    {GroupPolicy::Concurrent, true, false, true, ConfigField::None},
    {GroupPolicy::Decorator, true, true, false, ConfigField::Results},
    {GroupPolicy::Loop, true, true, false, ConfigField::Count},
    {GroupPolicy::LoopUntilSuccess, true, true, false, ConfigField::Count},
    {GroupPolicy::Cooldown, true, true, false, ConfigField::Seconds},
    {GroupPolicy::RandomGate, true, true, false, ConfigField::Chance},
    {GroupPolicy::Priority, true, false, false, ConfigField::None},
    {GroupPolicy::SelectionStateMachine, true, false, false, ConfigField::Transitions},
    {GroupPolicy::GroupScope, true, true, false, ConfigField::Scope},
    {GroupPolicy::StateMachine, true, false, false, ConfigField::None},
};

constexpr ConfigField kFields[] = {ConfigField::Results, ConfigField::Count,       ConfigField::Seconds,
                                   ConfigField::Chance,  ConfigField::Transitions, ConfigField::Scope};

}  // namespace

TEST_CASE("kinds table: every policy's predicates say what its row says", "[kinds]") {
  STATIC_REQUIRE(std::size(kExpected) == bt::kGroupPolicyCount);
  bool seen[bt::kGroupPolicyCount] = {};
  for (const Expected& e : kExpected) {
    INFO(bt::GroupPolicyName(e.policy));
    REQUIRE(static_cast<unsigned>(e.policy) < bt::kGroupPolicyCount);
    CHECK_FALSE(seen[static_cast<unsigned>(e.policy)]);  // each policy once
    seen[static_cast<unsigned>(e.policy)] = true;
    CHECK(bt::IsClassicPolicy(e.policy) == e.classic);
    CHECK(bt::IsDecoratorPolicy(e.policy) == e.oneChild);
    CHECK(bt::HasSideBySideChildren(e.policy) == e.sideBySide);
    const bt::PolicyTraits row = bt::PolicyTraitsOf(e.policy);
    CHECK((row.family == bt::PolicyFamily::Classic) == e.classic);
    CHECK(row.reads == e.reads);
    for (ConfigField field : kFields) CHECK(bt::ReadsConfig(e.policy, field) == (field == e.reads));
    CHECK_FALSE(bt::ReadsConfig(e.policy, ConfigField::None));
  }
}

TEST_CASE("kinds table: the columns agree with each other", "[kinds]") {
  for (unsigned p = 0; p < bt::kGroupPolicyCount; ++p) {
    const auto policy = static_cast<GroupPolicy>(p);
    INFO(bt::GroupPolicyName(policy));
    const bt::PolicyTraits row = bt::PolicyTraitsOf(policy);
    // Only the classic kinds have a fixed number of children, side-by-side
    // memory or a configuration: a Spore group asks its children.
    if (row.children != bt::PolicyChildren::Any || row.reads != ConfigField::None)
      CHECK(row.family == bt::PolicyFamily::Classic);
    CHECK_FALSE((bt::IsDecoratorPolicy(policy) && bt::HasSideBySideChildren(policy)));
  }
}

// (IsClassicPolicy may count it as classic: see its comment.)
TEST_CASE("kinds table: a value that is no policy has no property", "[kinds]") {
  for (unsigned value : {bt::kGroupPolicyCount, 63u, 64u, 65u, 200u, 255u}) {
    INFO(value);
    const auto policy = static_cast<GroupPolicy>(value);
    CHECK_FALSE(bt::IsDecoratorPolicy(policy));
    CHECK_FALSE(bt::HasSideBySideChildren(policy));
    for (ConfigField field : kFields) CHECK_FALSE(bt::ReadsConfig(policy, field));
    CHECK(bt::PolicyTraitsOf(policy).family == bt::PolicyFamily::Spore);
    CHECK(bt::PolicyTraitsOf(policy).children == bt::PolicyChildren::Any);
  }
}

TEST_CASE("kinds table: the predicates are constant expressions", "[kinds]") {
  // The compiled tick asks them in `if constexpr`.
  STATIC_REQUIRE(bt::IsClassicPolicy(GroupPolicy::Sequence));
  STATIC_REQUIRE_FALSE(bt::IsClassicPolicy(GroupPolicy::PrioritizedList));
  STATIC_REQUIRE(bt::HasSideBySideChildren(GroupPolicy::Parallel));
  STATIC_REQUIRE(bt::IsDecoratorPolicy(GroupPolicy::GroupScope));
  STATIC_REQUIRE(bt::ReadsConfig(GroupPolicy::Cooldown, ConfigField::Seconds));
}

TEST_CASE("kinds table: the last rows are told apart from other sets", "[kinds]") {
  // IsClassicPolicy compares while the classic rows are the last ones, and tests
  // the bit otherwise: both answer the set's bit for every policy.
  constexpr unsigned n = bt::kGroupPolicyCount;
  constexpr std::uint64_t kAll = (std::uint64_t{1} << n) - 1;
  constexpr std::uint64_t kLastThree = kAll & ~((std::uint64_t{1} << (n - 3)) - 1);
  STATIC_REQUIRE(bt::detail::IsLastRows(kAll));
  STATIC_REQUIRE(bt::detail::IsLastRows(kLastThree));
  STATIC_REQUIRE(bt::detail::IsLastRows(std::uint64_t{1} << (n - 1)));
  STATIC_REQUIRE_FALSE(bt::detail::IsLastRows(0));
  STATIC_REQUIRE_FALSE(bt::detail::IsLastRows(std::uint64_t{1}));                           // the first row only
  STATIC_REQUIRE_FALSE(bt::detail::IsLastRows(kLastThree & ~(std::uint64_t{1} << (n - 2))));  // a gap
  STATIC_REQUIRE_FALSE(bt::detail::IsLastRows(std::uint64_t{1} << (n - 2)));                // not up to the last
  for (unsigned p = 0; p < n; ++p) {
    INFO(p);
    const auto policy = static_cast<GroupPolicy>(p);
    CHECK(bt::IsClassicPolicy(policy) == bt::detail::InPolicySet(bt::detail::kClassicPolicies, policy));
  }
}
