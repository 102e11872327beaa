// bt/core/detail/options.h — the named options of BT_DEFINE_GROUP and BT_DEFINE_DECIDER.
//
// Each option kind is a struct holding its default. An option the user gives,
// BT_DECIDE(Fn) say, becomes a struct of the same members naming its kind as
// btKind; Options<given...> picks, for each kind, the one given or the kind
// itself. The members start with bt so that they hide none of the user's names
// in the option's own expression (a base class would: a function called Decide). The options are collected as types,
// not designated initializers of a template struct, since clang-14 has no class template argument deduction for
// aggregates.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

#include "bt/core/decider.h"

namespace bt::detail {

// ---------------------------------------------------------------- children
// A group's children, counted and taken by address in the language rather than
// the preprocessor: the list is built once, so a misspelt child is one error.
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
                "BT_DEFINE_DECIDER(DECIDER, BEHAVIOR, options...) and list the decider");
  static constexpr bool kReported = true;
};

template <std::size_t N>
struct ChildList {
  std::array<const DeciderDef*, N> pointers;
  const BehaviorDef* behavior = &kNotADeciderBehavior;  // the first child that is a behavior, if any
};

// A behavior that BT_CHILDREN declared as a decider: the conflicting declaration
// has reported it, so the list takes the stand-in without reporting it again.
struct ReportedBehavior {};
constexpr const DeciderDef& Declared(const DeciderDef& child) { return child; }
constexpr ReportedBehavior Declared(const BehaviorDef&) { return {}; }

template <class... D>
consteval ChildList<sizeof...(D)> MakeChildList(const D&... children) {
  ChildList<sizeof...(D)> list{};
  std::size_t i = 0;
  (
      [&] {
        if constexpr (std::is_same_v<D, BehaviorDef>) {
          if (list.behavior == &kNotADeciderBehavior) list.behavior = &children;
          list.pointers[i++] = &kNotADecider;
        } else if constexpr (std::is_same_v<D, ReportedBehavior>) {
          list.pointers[i++] = &kNotADecider;
        } else {
          list.pointers[i++] = &children;  // a child must be a bt::DeciderDef
        }
      }(),
      ...);
  (void)i;
  return list;
}
// The same after a leading marker, for a list the preprocessor writes with a comma before each child.
struct ChildrenFollow {};
template <class... D>
consteval ChildList<sizeof...(D)> MakeChildList(ChildrenFollow, const D&... children) {
  return MakeChildList(children...);
}

// ---------------------------------------------------------------- option kinds
namespace opt {
struct Decide {  // BT_DECIDE(fn)
  using btKind = Decide;
  static constexpr std::nullptr_t btValue = nullptr;
};
struct Flags {  // BT_FLAGS(bt::DeciderFlags)
  using btKind = Flags;
  static constexpr std::uint32_t btValue = kNoDeciderFlags;
};
struct BehaviorFlags {  // BT_BEHAVIOR_FLAGS(bits handed to the behavior)
  using btKind = BehaviorFlags;
  static constexpr std::uint32_t btValue = 0;
};
struct Pre {  // BT_PRE(bt::Preconditions)
  using btKind = Pre;
  static constexpr Preconditions btValue{};
};
struct DBlock {  // BT_DBLOCK(T)
  using btKind = DBlock;
  using btType = void;
  static constexpr const char* btName = "void";
};
struct Params {  // BT_PARAMS(bt::Param...)
  using btKind = Params;
  static constexpr std::array<Param, 0> btValue{};
};
struct DebugName {  // BT_DEBUG_NAME("text"); none: the decider's own name
  using btKind = DebugName;
  static constexpr const char* btValue = nullptr;
};
struct Variables {  // BT_VARIABLES(array of bt::VariableDecl): the root of a tree only
  using btKind = Variables;
  static constexpr std::span<const VariableDecl> btValue{};
};
// Groups only.
struct Children {  // BT_CHILDREN(child...)
  using btKind = Children;
  static constexpr ChildList<0> btValue{};
};
struct GroupBehavior {  // BT_GROUP_BEHAVIOR(behavior)
  using btKind = GroupBehavior;
  static constexpr const BehaviorDef* btValue = nullptr;
};
struct Random {  // BT_RANDOM(fn)
  using btKind = Random;
  static constexpr std::nullptr_t btValue = nullptr;
};
// Classic groups only, each a field of DeciderDef::config (bt/core/classic.h), given
// only to a group whose policy reads it (ReadsConfig).
struct Results {  // BT_RESULTS(bt::ResultMap, or its three results)
  using btKind = Results;
  static constexpr ConfigField btField = ConfigField::Results;
  static constexpr ResultMap btValue = NodeConfig{}.results;
};
struct Count {  // BT_COUNT(n)
  using btKind = Count;
  static constexpr ConfigField btField = ConfigField::Count;
  static constexpr std::uint32_t btValue = NodeConfig{}.count;
};
struct Seconds {  // BT_SECONDS(s)
  using btKind = Seconds;
  static constexpr ConfigField btField = ConfigField::Seconds;
  static constexpr float btValue = NodeConfig{}.seconds;
};
struct Chance {  // BT_CHANCE(p)
  using btKind = Chance;
  static constexpr ConfigField btField = ConfigField::Chance;
  static constexpr float btValue = NodeConfig{}.chance;
};
struct Transitions {  // BT_TRANSITIONS(bt::SelectionTransition...)
  using btKind = Transitions;
  static constexpr ConfigField btField = ConfigField::Transitions;
  static constexpr std::array<SelectionTransition, 0> btValue{};
};
struct Scope {  // BT_SCOPE(name, allowed users, finder)
  using btKind = Scope;
  static constexpr ConfigField btField = ConfigField::Scope;
  static constexpr const char* btName = NodeConfig{}.scopeName;
  static constexpr std::uint32_t btAllowed = NodeConfig{}.allowedUsers;
  static constexpr ScopeFinder btFinder = NodeConfig{}.findScope;
};
// Any decider, a StateMachine's state: config.eventTransitions.
struct EventTransitions {  // BT_EVENT_TRANSITIONS(bt::Transition...)
  using btKind = EventTransitions;
  static constexpr std::array<Transition, 0> btValue{};
};
}  // namespace opt

template <class Kind, class... Given>
struct FindOption {
  using type = Kind;
};
template <class Kind, class First, class... Rest>
struct FindOption<Kind, First, Rest...> {
  using type =
      std::conditional_t<std::is_same_v<typename First::btKind, Kind>, First, typename FindOption<Kind, Rest...>::type>;
};

template <class... Given>
struct Options {
  template <class Kind>
  static constexpr int kCount = (0 + ... + int{std::is_same_v<typename Given::btKind, Kind>});

  static constexpr bool kGroupOnlyGiven = kCount<opt::Children> + kCount<opt::GroupBehavior> + kCount<opt::Random> > 0;
  static constexpr bool kConfigGiven = kCount<opt::Results> + kCount<opt::Count> + kCount<opt::Seconds> +
                                          kCount<opt::Chance> + kCount<opt::Transitions> + kCount<opt::Scope> >
                                      0;

  using Decide = typename FindOption<opt::Decide, Given...>::type;
  using Flags = typename FindOption<opt::Flags, Given...>::type;
  using BehaviorFlags = typename FindOption<opt::BehaviorFlags, Given...>::type;
  using Pre = typename FindOption<opt::Pre, Given...>::type;
  using DBlock = typename FindOption<opt::DBlock, Given...>::type;
  using Params = typename FindOption<opt::Params, Given...>::type;
  using DebugName = typename FindOption<opt::DebugName, Given...>::type;
  using Children = typename FindOption<opt::Children, Given...>::type;
  using GroupBehavior = typename FindOption<opt::GroupBehavior, Given...>::type;
  using Random = typename FindOption<opt::Random, Given...>::type;
  using Variables = typename FindOption<opt::Variables, Given...>::type;
  using Results = typename FindOption<opt::Results, Given...>::type;
  using Count = typename FindOption<opt::Count, Given...>::type;
  using Seconds = typename FindOption<opt::Seconds, Given...>::type;
  using Chance = typename FindOption<opt::Chance, Given...>::type;
  using Transitions = typename FindOption<opt::Transitions, Given...>::type;
  using Scope = typename FindOption<opt::Scope, Given...>::type;
  using EventTransitions = typename FindOption<opt::EventTransitions, Given...>::type;

  // Whether the option of this kind, if given, is one a POLICY group reads.
  template <class Kind>
  static constexpr bool Read(GroupPolicy policy) {
    return kCount<Kind> == 0 || ReadsConfig(policy, Kind::btField);
  }
  // The arrays are the macro's copies at namespace scope (see BT_DETAIL_DECIDER_ARRAYS).
  static constexpr NodeConfig Config(const SelectionTransition* transitions, std::size_t transitionCount,
                                     const Transition* eventTransitions, std::size_t eventTransitionCount) {
    return {.results = Results::btValue,
            .count = Count::btValue,
            .seconds = Seconds::btValue,
            .chance = Chance::btValue,
            .transitions = transitions,
            .transitionCount = static_cast<std::uint16_t>(transitionCount),
            .scopeName = Scope::btName,
            .allowedUsers = Scope::btAllowed,
            .findScope = Scope::btFinder,
            .eventTransitions = eventTransitions,
            .eventTransitionCount = static_cast<std::uint8_t>(eventTransitionCount)};
  }
};
// The macros list the options after a leading void, so that none is a valid list.
template <class Void, class... Given>
using OptionsOf = Options<Given...>;

// What is not an option fails a static_assert naming it.
inline constexpr bool kNotAnOption = false;

// The type BT_CHILDREN declares a group's children with: a behavior listed as a
// child conflicts with it, in an error whose one line says what to do:
// "conflicting declaration 'const bt::detail::ChildDecider_wrap_a_behavior_in_BT_DEFINE_DECIDER WANDER_B'".
using ChildDecider_wrap_a_behavior_in_BT_DEFINE_DECIDER = DeciderDef;

// Where a decider's array (parameters, transitions) starts: null when it is empty.
template <class T, std::size_t N>
constexpr const T* FirstOf(const std::array<T, N>& items) {
  if constexpr (N == 0) return nullptr;
  else return items.data();
}

constexpr const char* DebugNameOr(const char* given, const char* name) { return given != nullptr ? given : name; }

}  // namespace bt::detail
