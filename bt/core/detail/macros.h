// bt/core/detail/macros.h — the machinery behind the public BT_DEFINE_* macros.
//
// Each public macro expands to BT_DETAIL_DEFINE_BEHAVIOR, _DECIDER or _GROUP
// below. They emit static_asserts that name the decider or behavior being defined, then a
// constexpr aggregate (so the tree is constant-initialized by construction,
// with no dynamic initializer), plus the mutable DeciderData that
// InitializeTreeData fills.
#pragma once
// A system header to the compilers, so that an error in a definition is traced
// to the user's BT_DEFINE_* line rather than through every macro below (g++
// would drown a behavior listed in BT_CHILDREN in notes). Its static_asserts
// are errors all the same.
// tests/package/header_hygiene.sh defines BT_DETAIL_WARN_IN_MACROS to hold the macro
// bodies to its strict flags all the same.
#ifndef BT_DETAIL_WARN_IN_MACROS
#pragma GCC system_header
#endif

#include <array>
#include <cstddef>
#include <type_traits>

#include "bt/core/config.h"
#include "bt/core/decider.h"
#include "bt/core/detail/options.h"
#include "bt/core/detail/preprocessor.h"
#include "bt/core/thunks.h"

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

// ---------------------------------------------------------------- options
// An option is a parenthesized (KIND, ID, arguments...), ID a __COUNTER__ value
// taken once, when the option's macro expands. For each option the decider's
// macro defines, at namespace scope, a struct NAME_btOption<ID> of its kind
// (bt/core/detail/options.h), then NAME_btOptions collecting them. An option given
// twice is two structs of one kind, which its kind's static_assert reports.
#define BT_DETAIL_OPTIONS(NAME, ...)                                                                  \
  BT_DETAIL_FOR_EACH(BT_DETAIL_OPTION_DEFINE, NAME, __VA_ARGS__)                                      \
  using NAME##_btOptions =                                                                            \
      ::bt::detail::OptionsOf<void BT_DETAIL_FOR_EACH(BT_DETAIL_OPTION_LISTED, NAME, __VA_ARGS__)>;   \
  BT_DETAIL_FOR_EACH(BT_DETAIL_OPTION_ONCE, NAME, (Decide, BT_DECIDE), (Flags, BT_FLAGS), (Pre, BT_PRE),        \
                     (DBlock, BT_DBLOCK), (Params, BT_PARAMS), (BehaviorFlags, BT_BEHAVIOR_FLAGS),              \
                     (DebugName, BT_DEBUG_NAME), (Children, BT_CHILDREN), (GroupBehavior, BT_GROUP_BEHAVIOR),    \
                     (Random, BT_RANDOM), (Variables, BT_VARIABLES), (Results, BT_RESULTS), (Count, BT_COUNT),    \
                     (Seconds, BT_SECONDS), (Chance, BT_CHANCE), (Transitions, BT_TRANSITIONS), (Scope, BT_SCOPE), \
                     (EventTransitions, BT_EVENT_TRANSITIONS))

// Each kind at most once: KIND_AND_MACRO is (its struct in bt::detail::opt, its public macro).
#define BT_DETAIL_OPTION_ONCE(NAME, KIND_AND_MACRO) BT_DETAIL_OPTION_ONCE_I(NAME, BT_DETAIL_UNPAREN KIND_AND_MACRO)
#define BT_DETAIL_OPTION_ONCE_I(NAME, ...) BT_DETAIL_OPTION_ONCE_II(NAME, __VA_ARGS__)
#define BT_DETAIL_OPTION_ONCE_II(NAME, KIND, MACRO)                                     \
  static_assert(NAME##_btOptions::kCount<::bt::detail::opt::KIND> <= 1,                 \
                "bt: decider " #NAME " is given " #MACRO " twice: give each option at most once");

#define BT_DETAIL_OPTION_DEFINE(NAME, OPT) BT_DETAIL_CAT(BT_DETAIL_OPTION_DEFINE_, BT_DETAIL_IS_PAREN(OPT))(NAME, OPT)
#define BT_DETAIL_OPTION_DEFINE_1(NAME, OPT) BT_DETAIL_OPTION_DEFINE_KIND(NAME, BT_DETAIL_UNPAREN OPT)
#define BT_DETAIL_OPTION_DEFINE_KIND(NAME, ...) BT_DETAIL_OPTION_DEFINE_KIND_I(NAME, __VA_ARGS__)
#define BT_DETAIL_OPTION_DEFINE_KIND_I(NAME, KIND, ID, ...) \
  BT_DETAIL_DEFINE_##KIND(BT_DETAIL_CAT(NAME##_btOption, ID), __VA_ARGS__)
#define BT_DETAIL_OPTION_DEFINE_0(NAME, OPT)                                                                  \
  static_assert(::bt::detail::kNotAnOption,                                                                   \
                "bt: decider " #NAME ": '" #OPT "' is not an option; the options are BT_CHILDREN, BT_DECIDE, " \
                "BT_FLAGS, BT_PRE, BT_DBLOCK, BT_PARAMS, BT_BEHAVIOR_FLAGS, BT_GROUP_BEHAVIOR, BT_RANDOM, "    \
                "BT_DEBUG_NAME, BT_VARIABLES, BT_RESULTS, BT_COUNT, BT_SECONDS, BT_CHANCE, BT_TRANSITIONS, "   \
                "BT_SCOPE, BT_EVENT_TRANSITIONS");

#define BT_DETAIL_OPTION_LISTED(NAME, OPT) BT_DETAIL_CAT(BT_DETAIL_OPTION_LISTED_, BT_DETAIL_IS_PAREN(OPT))(NAME, OPT)
#define BT_DETAIL_OPTION_LISTED_1(NAME, OPT) BT_DETAIL_OPTION_LISTED_KIND(NAME, BT_DETAIL_UNPAREN OPT)
#define BT_DETAIL_OPTION_LISTED_KIND(NAME, ...) BT_DETAIL_OPTION_LISTED_KIND_I(NAME, __VA_ARGS__)
#define BT_DETAIL_OPTION_LISTED_KIND_I(NAME, KIND, ID, ...) , BT_DETAIL_CAT(NAME##_btOption, ID)
#define BT_DETAIL_OPTION_LISTED_0(NAME, OPT)

// A child of BT_CHILDREN, declared so that it may be defined further down or in
// another file. A parenthesized child, (ns::CHILD), is used as it is: a
// qualified name can only be declared in a namespace enclosing its own.
#define BT_DETAIL_DECLARE_CHILD(CTX, X) BT_DETAIL_CAT(BT_DETAIL_DECLARE_CHILD_, BT_DETAIL_IS_PAREN(X))(X)
#define BT_DETAIL_DECLARE_CHILD_0(X) \
  extern const ::bt::detail::ChildDecider_wrap_a_behavior_in_BT_DEFINE_DECIDER X;
#define BT_DETAIL_DECLARE_CHILD_1(X)
// A child as MakeChildList takes it: a declared one through Declared, which lets
// a behavior that conflicted with its declaration pass unreported a second time.
#define BT_DETAIL_CHILD_ARGUMENT(CTX, X) , BT_DETAIL_CAT(BT_DETAIL_CHILD_ARGUMENT_, BT_DETAIL_IS_PAREN(X))(X)
#define BT_DETAIL_CHILD_ARGUMENT_0(X) ::bt::detail::Declared(X)
#define BT_DETAIL_CHILD_ARGUMENT_1(X) X

// One struct per option, by the KIND token of its public macro (BT_OPTION_...):
// btKind names its kind in bt/core/detail/options.h, btValue (and btType, btName)
// hold what was given.
#define BT_DETAIL_DEFINE_BT_OPTION_DECIDE(S, ...) \
  struct S {                                      \
    using btKind = ::bt::detail::opt::Decide;     \
    static constexpr auto btValue = __VA_ARGS__;  \
  };
#define BT_DETAIL_DEFINE_BT_OPTION_FLAGS(S, ...)                 \
  struct S {                                                     \
    using btKind = ::bt::detail::opt::Flags;                     \
    static constexpr ::std::uint32_t btValue = (__VA_ARGS__);    \
  };
#define BT_DETAIL_DEFINE_BT_OPTION_BEHAVIOR_FLAGS(S, ...)        \
  struct S {                                                     \
    using btKind = ::bt::detail::opt::BehaviorFlags;             \
    static constexpr ::std::uint32_t btValue = (__VA_ARGS__);    \
  };
#define BT_DETAIL_DEFINE_BT_OPTION_PRE(S, ...)                    \
  struct S {                                                      \
    using btKind = ::bt::detail::opt::Pre;                        \
    static constexpr ::bt::Preconditions btValue = (__VA_ARGS__); \
  };
#define BT_DETAIL_DEFINE_BT_OPTION_DBLOCK(S, ...)        \
  struct S {                                             \
    using btKind = ::bt::detail::opt::DBlock;            \
    using btType = __VA_ARGS__;                          \
    static constexpr const char* btName = #__VA_ARGS__;  \
  };
#define BT_DETAIL_DEFINE_BT_OPTION_PARAMS(S, ...)                              \
  struct S {                                                                   \
    using btKind = ::bt::detail::opt::Params;                                  \
    static constexpr auto btValue = ::std::to_array<::bt::Param>({__VA_ARGS__}); \
  };
#define BT_DETAIL_DEFINE_BT_OPTION_DEBUG_NAME(S, ...)     \
  struct S {                                              \
    using btKind = ::bt::detail::opt::DebugName;          \
    static constexpr const char* btValue = __VA_ARGS__;   \
  };
// BT_CHILDREN declares its children, then lists them.
#define BT_DETAIL_DEFINE_BT_OPTION_CHILDREN(S, ...)                      \
  BT_DETAIL_FOR_EACH_INNER(BT_DETAIL_DECLARE_CHILD, ~, __VA_ARGS__)      \
  BT_DETAIL_DEFINE_BT_OPTION_CHILDREN_AS_GIVEN(                          \
      S, ::bt::detail::ChildrenFollow{} BT_DETAIL_FOR_EACH_INNER(BT_DETAIL_CHILD_ARGUMENT, ~, __VA_ARGS__))
#define BT_DETAIL_DEFINE_BT_OPTION_CHILDREN_AS_GIVEN(S, ...)                            \
  struct S {                                                                            \
    using btKind = ::bt::detail::opt::Children;                                         \
    static constexpr auto btValue = ::bt::detail::MakeChildList(__VA_ARGS__);           \
  };
#define BT_DETAIL_DEFINE_BT_OPTION_GROUP_BEHAVIOR(S, B) BT_DETAIL_DEFINE_BT_OPTION_GROUP_BEHAVIOR_PTR(S, &B)
#define BT_DETAIL_DEFINE_BT_OPTION_GROUP_BEHAVIOR_PTR(S, ...)                  \
  struct S {                                                                   \
    using btKind = ::bt::detail::opt::GroupBehavior;                           \
    static constexpr const ::bt::BehaviorDef* btValue = (__VA_ARGS__);         \
  };
#define BT_DETAIL_DEFINE_BT_OPTION_VARIABLES(S, ...)                            \
  struct S {                                                                    \
    using btKind = ::bt::detail::opt::Variables;                                \
    static constexpr ::std::span<const ::bt::VariableDecl> btValue{__VA_ARGS__}; \
  };
#define BT_DETAIL_DEFINE_BT_OPTION_RANDOM(S, ...) \
  struct S {                                      \
    using btKind = ::bt::detail::opt::Random;     \
    static constexpr auto btValue = __VA_ARGS__;  \
  };

// The classic groups' numbers (bt/core/classic.h NodeConfig), brace-initialized so
// that a narrowing value (BT_COUNT(-1)) is an error, not a wrapped number.
#define BT_DETAIL_DEFINE_BT_OPTION_RESULTS(S, ...)            \
  struct S {                                                  \
    using btKind = ::bt::detail::opt::Results;                \
    static constexpr ::bt::ResultMap btValue{__VA_ARGS__};    \
  };
#define BT_DETAIL_DEFINE_BT_OPTION_COUNT(S, ...)              \
  struct S {                                                  \
    using btKind = ::bt::detail::opt::Count;                  \
    static constexpr ::std::uint32_t btValue{__VA_ARGS__};    \
  };
#define BT_DETAIL_DEFINE_BT_OPTION_SECONDS(S, ...)            \
  struct S {                                                  \
    using btKind = ::bt::detail::opt::Seconds;                \
    static constexpr float btValue{__VA_ARGS__};              \
  };
#define BT_DETAIL_DEFINE_BT_OPTION_CHANCE(S, ...)             \
  struct S {                                                  \
    using btKind = ::bt::detail::opt::Chance;                 \
    static constexpr float btValue{__VA_ARGS__};              \
  };

// The kinds of MBT and the selection trees (bt/core/classic.h NodeConfig).
#define BT_DETAIL_DEFINE_BT_OPTION_TRANSITIONS(S, ...)                                            \
  struct S {                                                                                      \
    using btKind = ::bt::detail::opt::Transitions;                                                \
    static constexpr auto btValue = ::std::to_array<::bt::SelectionTransition>({__VA_ARGS__});    \
  };
#define BT_DETAIL_DEFINE_BT_OPTION_EVENT_TRANSITIONS(S, ...)                         \
  struct S {                                                                         \
    using btKind = ::bt::detail::opt::EventTransitions;                              \
    static constexpr auto btValue = ::std::to_array<::bt::Transition>({__VA_ARGS__}); \
  };
#define BT_DETAIL_DEFINE_BT_OPTION_SCOPE(S, NAME_, ALLOWED, FINDER) \
  struct S {                                                        \
    using btKind = ::bt::detail::opt::Scope;                        \
    static constexpr const char* btName = NAME_;                    \
    static constexpr ::std::uint32_t btAllowed{ALLOWED};            \
    static constexpr ::bt::ScopeFinder btFinder = FINDER;           \
  };

// A classic group's option given to a group whose policy does not read it.
#define BT_DETAIL_CONFIG_READ(NAME, POLICY, KIND, MACRO)                                                  \
  static_assert(NAME##_btOptions::Read<::bt::detail::opt::KIND>(::bt::GroupPolicy::POLICY),               \
                "bt: group " #NAME " is given " #MACRO ", which a " #POLICY " group does not read "       \
                "(bt/core/classic.h: NodeConfig, ReadsConfig)");

// Options the positional macros pass: children as given (declared by the user,
// as those macros always required), and the group behavior as a pointer.
#define BT_DETAIL_CHILDREN_AS_GIVEN(...) (BT_OPTION_CHILDREN_AS_GIVEN, __COUNTER__, __VA_ARGS__)
#define BT_DETAIL_GROUP_BEHAVIOR_PTR(...) (BT_OPTION_GROUP_BEHAVIOR_PTR, __COUNTER__, __VA_ARGS__)

// ---------------------------------------------------------------- deciders
#define BT_DETAIL_DECIDER_CHECKS(NAME, DECIDE, DBLOCK)                                                          \
  static_assert(::bt::detail::IsDecideFn<BT_DETAIL_FN_TYPE(DECIDE), DBLOCK>() || !::std::is_void_v<DBLOCK>,    \
                "bt: Decide of decider " #NAME " must be float (Agent&[, const bt::DecideContext&]), or nullptr " \
                "(a DBlock needs BT_DBLOCK(T); a capture-less lambda, a leading +)");                         \
  static_assert(::bt::detail::IsDecideFn<BT_DETAIL_FN_TYPE(DECIDE), DBLOCK>() || ::std::is_void_v<DBLOCK>,     \
                "bt: Decide of decider " #NAME " must be float (Agent&, DBlock&, const bt::DecideContext&), "  \
                "DBlock its BT_DBLOCK type, or float (Agent&[, const bt::DecideContext&]), or nullptr");       \
  static_assert(::bt::detail::FitsDBlock<DBLOCK>(),                                                            \
                "bt: the DBlock of decider " #NAME " is larger than BT_MAX_DBLOCK_BYTES: shrink it, or define " \
                "BT_MAX_DBLOCK_BYTES larger for the whole program");                                          \
  static_assert(::bt::detail::IsPlainDBlock<DBLOCK>(),                                                         \
                "bt: the DBlock of decider " #NAME " must be trivially copyable and destructible");           \
  static_assert(::bt::detail::HasSupportedAlignment<DBLOCK>(),                                                 \
                "bt: the DBlock of decider " #NAME " is aligned beyond bt::kMaxAlignment: relax its alignas");

#define BT_DETAIL_VARIABLES_CHECK(NAME)                                                          \
  static_assert(NAME##_btOptions::Variables::btValue.size() <= ::bt::kMaxVariables,              \
                "bt: decider " #NAME " declares more variables than bt::kMaxVariables (BT_MAX_VARIABLES)");
// The last fields of every decider: its variables (BT_VARIABLES), when it is a root.
#define BT_DETAIL_DECIDER_VARIABLES(O)                  \
  .variables = O::Variables::btValue.data(), \
  .variableCount = static_cast<std::uint16_t>(O::Variables::btValue.size())

// The children and parameters a DeciderDef points at are copied to namespace
// scope: g++ -fsanitize=undefined cannot compare the address of an inline static
// member (the option struct's) with null in a constant expression, and the tree
// analysis does.
#define BT_DETAIL_DECIDER_ARRAYS(NAME)                                                          \
  constexpr auto NAME##_btParams = NAME##_btOptions::Params::btValue;                           \
  constexpr auto NAME##_btTransitions = NAME##_btOptions::Transitions::btValue;                 \
  constexpr auto NAME##_btEventTransitions = NAME##_btOptions::EventTransitions::btValue;       \
  static_assert(NAME##_btEventTransitions.size() <= 255,                                        \
                "bt: decider " #NAME " is given more than 255 BT_EVENT_TRANSITIONS: split the state"); \
  static_assert(NAME##_btTransitions.size() <= 65535,                                           \
                "bt: group " #NAME " is given more than 65535 BT_TRANSITIONS");
// Its NodeConfig, pointing at those copies.
#define BT_DETAIL_DECIDER_CONFIG(NAME)                                                                       \
  .config = NAME##_btOptions::Config(::bt::detail::FirstOf(NAME##_btTransitions), NAME##_btTransitions.size(), \
                                     ::bt::detail::FirstOf(NAME##_btEventTransitions),                         \
                                     NAME##_btEventTransitions.size())

// The fields every decider takes from its options.
#define BT_DETAIL_DECIDER_FIELDS(O)                                                                          \
  .behaviorFlags = O::BehaviorFlags::btValue,                                                                    \
  .decide = ::bt::detail::MakeDecide<O::Decide::btValue, O::DBlock::btType>(),                                     \
  .dblock = ::bt::BlockTypeOf<O::DBlock::btType>(O::DBlock::btName), .preconditions = O::Pre::btValue

// A behavior decider running *BEHAVIOR_PTR.
#define BT_DETAIL_DEFINE_DECIDER(NAME, BEHAVIOR_PTR, ...)                                                    \
  BT_DETAIL_OPTIONS(NAME, __VA_ARGS__)                                                                       \
  static_assert(!NAME##_btOptions::kGroupOnlyGiven,                                                          \
                "bt: decider " #NAME " runs a behavior: BT_CHILDREN, BT_GROUP_BEHAVIOR and BT_RANDOM are for " \
                "groups (BT_DEFINE_GROUP)");                                                                 \
  static_assert(!NAME##_btOptions::kConfigGiven,                                                             \
                "bt: decider " #NAME " runs a behavior: BT_RESULTS, BT_COUNT, BT_SECONDS, BT_CHANCE, "         \
                "BT_TRANSITIONS and BT_SCOPE are for classic groups (BT_DEFINE_GROUP)");                                                         \
  BT_DETAIL_DECIDER_CHECKS(NAME, NAME##_btOptions::Decide::btValue, NAME##_btOptions::DBlock::btType)            \
  BT_DETAIL_VARIABLES_CHECK(NAME)                                                                            \
  BT_DETAIL_DECIDER_ARRAYS(NAME)                                                                             \
  constinit ::bt::DeciderData NAME##_btData{};                                                               \
  extern const ::bt::DeciderDef NAME;                                                                        \
  constexpr ::bt::DeciderDef NAME {                                                                          \
    .name = ::bt::detail::DebugNameOr(NAME##_btOptions::DebugName::btValue, #NAME),                            \
    .kind = ::bt::DeciderKind::Behavior, .flags = NAME##_btOptions::Flags::btValue, .behavior = (BEHAVIOR_PTR), \
    BT_DETAIL_DECIDER_FIELDS(NAME##_btOptions),                                                              \
    .agentType = ::bt::detail::AgentTagOf<NAME##_btOptions::Decide::btValue>(), .data = &NAME##_btData,        \
    .params = ::bt::detail::FirstOf(NAME##_btParams),                                                        \
    .paramCount = static_cast<std::uint16_t>(NAME##_btParams.size()),                \
    BT_DETAIL_DECIDER_VARIABLES(NAME##_btOptions), BT_DETAIL_DECIDER_CONFIG(NAME)    \
  }

#define BT_DETAIL_DEFINE_GROUP(NAME, POLICY, ...)                                                             \
  BT_DETAIL_OPTIONS(NAME, __VA_ARGS__)                                                                        \
  BT_DETAIL_DECIDER_CHECKS(NAME, NAME##_btOptions::Decide::btValue, NAME##_btOptions::DBlock::btType)             \
  static_assert(NAME##_btOptions::Children::btValue.pointers.size() > 0,                                        \
                "bt: group decider " #NAME " has no children: list at least one child decider (BT_CHILDREN)");            \
  static_assert(NAME##_btOptions::Children::btValue.pointers.size() <= ::bt::kMaxGroupChildren,                 \
                "bt: group decider " #NAME " has more than bt::kMaxGroupChildren children: split it into nested groups"); \
  static_assert(::bt::GroupPolicy::POLICY != ::bt::GroupPolicy::Shuffle ||                                    \
                    NAME##_btOptions::Children::btValue.pointers.size() <= ::bt::kMaxShuffleGroupChildren,      \
                "bt: shuffle group " #NAME                                                                    \
                " has more than bt::kMaxShuffleGroupChildren children: split it into nested groups");         \
  static_assert(::bt::detail::BehaviorIsNotADecider<*NAME##_btOptions::Children::btValue.behavior>::kReported);  \
  static_assert(::bt::detail::IsRandomFn<BT_DETAIL_FN_TYPE(NAME##_btOptions::Random::btValue)>(),               \
                "bt: the random source of group " #NAME " must be std::uint32_t (Agent&), or nullptr");       \
  static_assert(::bt::detail::AgentTagsAgree({::bt::detail::AgentTagOf<NAME##_btOptions::Decide::btValue>(),    \
                                              ::bt::detail::AgentTagOf<NAME##_btOptions::Random::btValue>()}),  \
                "bt: Decide and the random source of group " #NAME " take different agent types: use one");  \
  BT_DETAIL_CONFIG_READ(NAME, POLICY, Results, BT_RESULTS)                                                    \
  BT_DETAIL_CONFIG_READ(NAME, POLICY, Count, BT_COUNT)                                                        \
  BT_DETAIL_CONFIG_READ(NAME, POLICY, Seconds, BT_SECONDS)                                                    \
  BT_DETAIL_CONFIG_READ(NAME, POLICY, Chance, BT_CHANCE)                                                      \
  BT_DETAIL_CONFIG_READ(NAME, POLICY, Transitions, BT_TRANSITIONS)                                            \
  BT_DETAIL_CONFIG_READ(NAME, POLICY, Scope, BT_SCOPE)                                                        \
  BT_DETAIL_VARIABLES_CHECK(NAME)                                                                             \
  BT_DETAIL_DECIDER_ARRAYS(NAME)                                                                              \
  constexpr auto NAME##_btChildren = NAME##_btOptions::Children::btValue;                                     \
  constinit ::bt::DeciderData NAME##_btData{};                                                                \
  extern const ::bt::DeciderDef NAME;                                                                         \
  constexpr ::bt::DeciderDef NAME {                                                                           \
    .name = ::bt::detail::DebugNameOr(NAME##_btOptions::DebugName::btValue, #NAME),                             \
    .kind = ::bt::DeciderKind::Group, .policy = ::bt::GroupPolicy::POLICY, .flags = NAME##_btOptions::Flags::btValue, \
    .children = NAME##_btChildren.pointers.data(),                                                            \
    .childCount = static_cast<std::uint16_t>(NAME##_btChildren.pointers.size()),                              \
    .behavior = NAME##_btOptions::GroupBehavior::btValue, BT_DETAIL_DECIDER_FIELDS(NAME##_btOptions),     \
    .random = ::bt::detail::MakeRandom<NAME##_btOptions::Random::btValue>(),                                    \
    .agentType = ::bt::detail::CommonAgentTag({::bt::detail::AgentTagOf<NAME##_btOptions::Decide::btValue>(),   \
                                               ::bt::detail::AgentTagOf<NAME##_btOptions::Random::btValue>()}), \
    .data = &NAME##_btData, .params = ::bt::detail::FirstOf(NAME##_btParams),                               \
    .paramCount = static_cast<std::uint16_t>(NAME##_btParams.size()),                                                            \
    BT_DETAIL_DECIDER_VARIABLES(NAME##_btOptions), BT_DETAIL_DECIDER_CONFIG(NAME)                                           \
  }
