// bt/detail/macros.h — the machinery behind the public BT_DEFINE_* macros.
//
// Each public macro expands to one of the two __FULL macros below. They emit
// static_asserts that name the decider or behavior being defined, then a
// constexpr aggregate (so the tree is constant-initialized by construction,
// with no dynamic initializer), plus the mutable DeciderData that
// InitializeTreeData fills.
#pragma once

#include <array>
#include <cstddef>
#include <type_traits>

#include "bt/config.h"
#include "bt/decider.h"
#include "bt/detail/thunks.h"

namespace bt::detail {

template <class T>
constexpr bool FitsBehaviorMemory() {
  if constexpr (std::is_void_v<T>) return true;
  else return sizeof(T) <= kMaxBehaviorMemoryBytes;
}
template <class T>
constexpr bool FitsDBlock() {
  if constexpr (std::is_void_v<T>) return true;
  else return sizeof(T) <= kMaxDBlockBytes;
}
template <class T>
constexpr bool IsPlainDBlock() {
  if constexpr (std::is_void_v<T>) return true;
  else return std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>;
}
template <class T>
constexpr bool HasSupportedAlignment() {
  if constexpr (std::is_void_v<T>) return true;
  else return alignof(T) <= kMaxAlignment;
}

// A group's children, counted and taken by address in the language rather than
// the preprocessor, whose variadic macros stop at 64 arguments: a group with more
// must reach its static_assert, not a preprocessor error. The list is built once,
// so a misspelt or undeclared child is one error.
//
// A behavior listed as a child, where a decider is needed, is recorded rather
// than refused by the conversion: the group's static_assert names it (in
// BehaviorIsNotADecider<BEHAVIOR>), and its place holds a valid stand-in, so that the
// tree adds no errors of its own.
inline constexpr BehaviorDef kNotADeciderBehavior{.name = "a behavior listed as a child"};
inline constinit DeciderData kNotADeciderData{};
inline constexpr DeciderDef kNotADecider{.name = "a behavior listed as a child",
                                         .kind = DeciderKind::Behavior,
                                         .behavior = &kNotADeciderBehavior,
                                         .data = &kNotADeciderData};

template <const BehaviorDef& Behavior>
struct BehaviorIsNotADecider {
  static_assert(&Behavior == &kNotADeciderBehavior,
                "bt: a behavior listed as a child of a group, which takes deciders: wrap it in "
                "BT_DEFINE_DECIDER_BEHAVIOR(DECIDER, BEHAVIOR, DECIDE) and list the decider");
  static constexpr bool kReported = true;
};

template <std::size_t N>
struct ChildList {
  std::array<const DeciderDef*, N> pointers;
  const BehaviorDef* behavior = &kNotADeciderBehavior;  // the first child that is a behavior, if any
};

template <class... D>
consteval ChildList<sizeof...(D)> MakeChildList(const D&... children) {
  ChildList<sizeof...(D)> list{};
  std::size_t i = 0;
  (
      [&] {
        if constexpr (std::is_same_v<D, BehaviorDef>) {
          if (list.behavior == &kNotADeciderBehavior) list.behavior = &children;
          list.pointers[i++] = &kNotADecider;
        } else {
          list.pointers[i++] = &children;  // a child must be a bt::DeciderDef
        }
      }(),
      ...);
  (void)i;
  return list;
}

}  // namespace bt::detail

// The pointer type of a function argument (a function name, or nullptr).
#define BT_DETAIL_FN_TYPE(F) ::std::decay_t<decltype(F)>

// One of a behavior's functions, WHAT returning RETURNS, checked against its
// memory struct MEM: of the three static_asserts, at most one fails, saying what
// to change (BT_DEFINE_BEHAVIOR__MEMORY for a function taking a memory struct
// that the behavior was not given).
#define BT_DETAIL_BEHAVIOR_FN_CHECK(NAME, MEM, FN, TRAIT, WHAT, RETURNS)                                    \
  static_assert(::bt::detail::TRAIT<BT_DETAIL_FN_TYPE(FN), MEM> || !::std::is_void_v<MEM> ||               \
                    ::bt::detail::TakesMemoryStruct<BT_DETAIL_FN_TYPE(FN)>() ||                            \
                    ::std::is_class_v<BT_DETAIL_FN_TYPE(FN)>,                                              \
                "bt: " WHAT " of behavior " #NAME " must be " RETURNS                                       \
                " (Agent&[, const bt::Context&]), or nullptr (the behavior has no memory struct)");         \
  static_assert(::bt::detail::TRAIT<BT_DETAIL_FN_TYPE(FN), MEM> || !::std::is_void_v<MEM> ||               \
                    !::bt::detail::TakesMemoryStruct<BT_DETAIL_FN_TYPE(FN)>(),                             \
                "bt: " WHAT " of behavior " #NAME " takes a memory struct, but " #NAME " has none: define it " \
                "with BT_DEFINE_BEHAVIOR__MEMORY(" #NAME ", MEM, ACTIVATE, TICK, DEACTIVATE)");             \
  static_assert(::bt::detail::TRAIT<BT_DETAIL_FN_TYPE(FN), MEM> || ::std::is_void_v<MEM> ||                \
                    ::std::is_class_v<BT_DETAIL_FN_TYPE(FN)>,                                              \
                "bt: " WHAT " of behavior " #NAME " must be " RETURNS " (Agent&[, " #MEM                     \
                "&][, const bt::Context&]), or nullptr");                                                   \
  static_assert(::bt::detail::TRAIT<BT_DETAIL_FN_TYPE(FN), MEM> || !::std::is_class_v<BT_DETAIL_FN_TYPE(FN)>, \
                "bt: " WHAT " of behavior " #NAME " is a lambda or function object: pass a function, or a "  \
                "capture-less lambda with a leading + (+[](Agent& a) { ... })");

#define BT_DETAIL_DEFINE_BEHAVIOR(NAME, DEBUGNAME, MEM, ACTIVATE, TICK, DEACTIVATE)                               \
  static_assert(::bt::detail::FitsBehaviorMemory<MEM>(),                                                       \
                "bt: the memory struct of behavior " #NAME                                                    \
                " is larger than BT_MAX_BEHAVIOR_MEMORY_BYTES: shrink it, or define "                         \
                "BT_MAX_BEHAVIOR_MEMORY_BYTES larger for the whole program");                                 \
  static_assert(::bt::detail::HasSupportedAlignment<MEM>(),                                                    \
                "bt: the memory struct of behavior " #NAME " is aligned beyond bt::kMaxAlignment: relax its alignas"); \
  BT_DETAIL_BEHAVIOR_FN_CHECK(NAME, MEM, ACTIVATE, kIsActivateFn, "Activate", "bool or void")              \
  BT_DETAIL_BEHAVIOR_FN_CHECK(NAME, MEM, TICK, kIsTickFn, "Tick", "bt::Result or bool")                    \
  BT_DETAIL_BEHAVIOR_FN_CHECK(NAME, MEM, DEACTIVATE, kIsDeactivateFn, "Deactivate", "void")                \
  static_assert(::bt::detail::AgentTagsAgree({::bt::detail::AgentTagOf<ACTIVATE>(),                            \
                                              ::bt::detail::AgentTagOf<TICK>(),                                \
                                              ::bt::detail::AgentTagOf<DEACTIVATE>()}),                        \
                "bt: the functions of behavior " #NAME " take different agent types: use one");              \
  static_assert(::bt::detail::BehaviorDBlock<ACTIVATE, TICK, DEACTIVATE>::agree,                               \
                "bt: the functions of behavior " #NAME " take different DBlock types: use one");             \
  extern const ::bt::BehaviorDef NAME;                                                                         \
  constexpr ::bt::BehaviorDef NAME = ::bt::detail::MakeBehaviorDef<ACTIVATE, TICK, DEACTIVATE, MEM>(DEBUGNAME, #MEM)

#define BT_DETAIL_DECIDER_CHECKS(NAME, DECIDE, DBLOCK)                                                          \
  static_assert(::bt::detail::IsDecideFn<BT_DETAIL_FN_TYPE(DECIDE), DBLOCK>() || !::std::is_void_v<DBLOCK>,    \
                "bt: Decide of decider " #NAME " must be float (Agent&[, const bt::DecideContext&]), or nullptr " \
                "(a DBlock needs BT_DEFINE_DECIDER_BEHAVIOR__DBLOCK; a capture-less lambda, a leading +)");   \
  static_assert(::bt::detail::IsDecideFn<BT_DETAIL_FN_TYPE(DECIDE), DBLOCK>() || ::std::is_void_v<DBLOCK>,     \
                "bt: Decide of decider " #NAME " must be float (Agent&[, " #DBLOCK                            \
                "&], const bt::DecideContext&) or float (Agent&), or nullptr");                               \
  static_assert(::bt::detail::FitsDBlock<DBLOCK>(),                                                            \
                "bt: the DBlock of decider " #NAME " is larger than BT_MAX_DBLOCK_BYTES: shrink it, or define " \
                "BT_MAX_DBLOCK_BYTES larger for the whole program");                                          \
  static_assert(::bt::detail::IsPlainDBlock<DBLOCK>(),                                                         \
                "bt: the DBlock of decider " #NAME " must be trivially copyable and destructible");           \
  static_assert(::bt::detail::HasSupportedAlignment<DBLOCK>(),                                                 \
                "bt: the DBlock of decider " #NAME " is aligned beyond bt::kMaxAlignment: relax its alignas");

#define BT_DETAIL_DEFINE_DECIDER_BEHAVIOR(NAME, DEBUGNAME, BEHAVIOR_PTR, BEHAVIOR_FLAGS, FLAGS, DECIDE, DBLOCK, PRE) \
  BT_DETAIL_DECIDER_CHECKS(NAME, DECIDE, DBLOCK)                                                                  \
  constinit ::bt::DeciderData NAME##_btData{};                                                                    \
  extern const ::bt::DeciderDef NAME;                                                                             \
  constexpr ::bt::DeciderDef NAME {                                                                               \
    .name = DEBUGNAME, .kind = ::bt::DeciderKind::Behavior, .flags = (FLAGS), .behavior = (BEHAVIOR_PTR),          \
    .behaviorFlags = (BEHAVIOR_FLAGS), .decide = ::bt::detail::MakeDecide<DECIDE, DBLOCK>(),                      \
    .dblock = ::bt::BlockTypeOf<DBLOCK>(#DBLOCK), .preconditions = (PRE),                                         \
    .agentType = ::bt::detail::AgentTagOf<DECIDE>(), .data = &NAME##_btData                                       \
  }

#define BT_DETAIL_DEFINE_DECIDER_GROUP(NAME, DEBUGNAME, POLICY, FLAGS, DECIDE, DBLOCK, PRE, GROUP_BEHAVIOR_PTR,     \
                                       BEHAVIOR_FLAGS, RANDOM, ...)                                               \
  BT_DETAIL_DECIDER_CHECKS(NAME, DECIDE, DBLOCK)                                                                  \
  constexpr auto NAME##_btChildren = ::bt::detail::MakeChildList(__VA_ARGS__);                                    \
  static_assert(NAME##_btChildren.pointers.size() > 0,                                                            \
                "bt: group decider " #NAME " has no children: list at least one child decider");                \
  static_assert(NAME##_btChildren.pointers.size() <= ::bt::kMaxGroupChildren,                                     \
                "bt: group decider " #NAME " has more than bt::kMaxGroupChildren children: split it into nested groups"); \
  static_assert(::bt::GroupPolicy::POLICY != ::bt::GroupPolicy::Shuffle ||                                        \
                    NAME##_btChildren.pointers.size() <= ::bt::kMaxShuffleGroupChildren,                          \
                "bt: shuffle group " #NAME                                                                        \
                " has more than bt::kMaxShuffleGroupChildren children: split it into nested groups");             \
  static_assert(::bt::detail::BehaviorIsNotADecider<*NAME##_btChildren.behavior>::kReported);                      \
  static_assert(::bt::detail::IsRandomFn<BT_DETAIL_FN_TYPE(RANDOM)>(),                                                     \
                "bt: the random source of group " #NAME " must be std::uint32_t (Agent&), or nullptr");           \
  static_assert(::bt::detail::AgentTagsAgree({::bt::detail::AgentTagOf<DECIDE>(), ::bt::detail::AgentTagOf<RANDOM>()}), \
                "bt: Decide and the random source of group " #NAME " take different agent types: use one");    \
  constinit ::bt::DeciderData NAME##_btData{};                                                                    \
  extern const ::bt::DeciderDef NAME;                                                                             \
  constexpr ::bt::DeciderDef NAME {                                                                               \
    .name = DEBUGNAME, .kind = ::bt::DeciderKind::Group, .policy = ::bt::GroupPolicy::POLICY, .flags = (FLAGS),   \
    .children = NAME##_btChildren.pointers.data(),                                                                \
    .childCount = static_cast<std::uint16_t>(NAME##_btChildren.pointers.size()),                                  \
    .behavior = (GROUP_BEHAVIOR_PTR), .behaviorFlags = (BEHAVIOR_FLAGS),                                          \
    .decide = ::bt::detail::MakeDecide<DECIDE, DBLOCK>(), .dblock = ::bt::BlockTypeOf<DBLOCK>(#DBLOCK),           \
    .preconditions = (PRE), .random = ::bt::detail::MakeRandom<RANDOM>(),                                         \
    .agentType = ::bt::detail::CommonAgentTag({::bt::detail::AgentTagOf<DECIDE>(), ::bt::detail::AgentTagOf<RANDOM>()}), \
    .data = &NAME##_btData                                                                                        \
  }
