// bt/core/thunks.h — adapters from the user's typed functions to the engine's
// type-erased pointers.
//
// Users write `Result Tick(Creature&, FleeMem&, const bt::Context&)`; the engine
// calls `Result (*)(void*, void*, const Context&)`. A thunk instantiated per
// function casts back. The Is*Fn traits let the macros reject a wrong signature
// with a static_assert naming the decider or behavior, before any thunk is built.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <tuple>
#include <utility>
#include <type_traits>

#include "bt/core/behavior.h"
#include "bt/core/context.h"
#include "bt/core/decider.h"

namespace bt::detail {

template <class F>
struct FnTraits {
  static constexpr bool kIsFunction = false;
  static constexpr std::size_t kArity = 0;
};
template <class R, class... A>
struct FnTraits<R (*)(A...)> {
  static constexpr bool kIsFunction = true;
  static constexpr std::size_t kArity = sizeof...(A);
  using Return = R;
  template <std::size_t I>
  using Arg = std::tuple_element_t<I, std::tuple<A...>>;
};
template <class R, class... A>
struct FnTraits<R (*)(A...) noexcept> : FnTraits<R (*)(A...)> {};

template <class F, std::size_t I>
using ArgOf = typename FnTraits<F>::template Arg<I>;

template <class T>
inline constexpr bool kIsNull = std::is_same_v<T, std::nullptr_t>;

// The agent parameter: a non-const or const lvalue reference to a class type.
template <class F>
constexpr bool TakesAgentFirst() {
  if constexpr (!FnTraits<F>::kIsFunction || FnTraits<F>::kArity == 0) {
    return false;
  } else {
    using A = ArgOf<F, 0>;
    return std::is_lvalue_reference_v<A> && std::is_class_v<std::remove_cvref_t<A>>;
  }
}

template <class F>
using AgentOf = std::remove_reference_t<ArgOf<F, 0>>;

template <auto F>
constexpr TypeTag AgentTagOf() {
  if constexpr (kIsNull<decltype(F)> || !TakesAgentFirst<decltype(F)>()) {  // a wrong one has its static_assert
    return kNoType;
  } else {
    return TypeTagOf<AgentOf<decltype(F)>>();
  }
}

template <class T, class Want>
inline constexpr bool kIsRefTo = std::is_lvalue_reference_v<T> && std::is_same_v<std::remove_reference_t<T>, Want>;

// ---------------------------------------------------------------- behaviors
// Shapes accepted, Mem being the behavior's memory struct (absent when it has
// none) and DBlock any other class, taken by const reference: the DBlock its
// decider's Decide filled (the tree's checks make the decider's of that type):
//   (Agent&[, Mem&][, const DBlock&][, const Context&])
// What each parameter after the agent is; a shape lists them in this order.
enum class BehaviorParam { kMemory, kDBlock, kContext, kBad };

template <class P, class Mem>
constexpr BehaviorParam BehaviorParamOf() {
  using T = std::remove_cvref_t<P>;
  if constexpr (kIsRefTo<P, const Context>) return BehaviorParam::kContext;
  else if constexpr (!std::is_void_v<Mem> && kIsRefTo<P, Mem>) return BehaviorParam::kMemory;
  else if constexpr (kIsRefTo<P, const T> && std::is_class_v<T> && !std::is_same_v<T, Context> &&
                     !std::is_same_v<T, DecideContext> && !std::is_same_v<T, std::remove_cv_t<Mem>>)
    return BehaviorParam::kDBlock;
  else return BehaviorParam::kBad;
}

template <class F, class Mem>
constexpr bool TakesBehaviorArgs() {
  if constexpr (!TakesAgentFirst<F>()) {
    return false;
  } else {
    return []<std::size_t... I>(std::index_sequence<I...>) {
      const BehaviorParam params[] = {BehaviorParam::kMemory, BehaviorParamOf<ArgOf<F, I + 1>, Mem>()...};
      for (std::size_t i = 1; i < sizeof params / sizeof params[0]; ++i)  // each once, in order; [0] a sentinel
        if (params[i] == BehaviorParam::kBad || (i > 1 && params[i] <= params[i - 1])) return false;
      return true;
    }(std::make_index_sequence<FnTraits<F>::kArity - 1>{});
  }
}

template <class F, class Mem, class... Returns>
constexpr bool IsBehaviorFn() {
  if constexpr (kIsNull<F>) return true;
  else if constexpr (!TakesBehaviorArgs<F, Mem>()) return false;
  else return (std::is_same_v<typename FnTraits<F>::Return, Returns> || ...);
}

// Whether F, refused for a behavior defined without a memory struct, takes one:
// (Agent&, T&[, ...]), T a non-const class other than Context. The macros then
// point to BT_DEFINE_BEHAVIOR__MEMORY rather than at the signature.
template <class F>
constexpr bool TakesMemoryStruct() {
  if constexpr (!TakesAgentFirst<F>() || FnTraits<F>::kArity < 2 || FnTraits<F>::kArity > 4) {
    return false;
  } else {
    using B = ArgOf<F, 1>;
    return std::is_lvalue_reference_v<B> && std::is_class_v<std::remove_reference_t<B>> &&
           !std::is_const_v<std::remove_reference_t<B>> && !std::is_same_v<std::remove_cvref_t<B>, Context>;
  }
}

template <class F, class Mem>
inline constexpr bool kIsActivateFn = IsBehaviorFn<F, Mem, bool, void>();
template <class F, class Mem>
inline constexpr bool kIsTickFn = IsBehaviorFn<F, Mem, Result, bool>();
template <class F, class Mem>
inline constexpr bool kIsDeactivateFn = IsBehaviorFn<F, Mem, void>();

// The argument for a parameter P after the agent. A DBlock is never null here:
// the tree's checks gave the decider one of P's type (TreeProblem::DBlockMismatch).
template <class P, class Mem>
decltype(auto) BehaviorArg(void* memory, const Context& context) {
  constexpr BehaviorParam param = BehaviorParamOf<P, Mem>();
  if constexpr (param == BehaviorParam::kContext) return (context);
  else if constexpr (param == BehaviorParam::kMemory) return *static_cast<Mem*>(memory);
  else return *static_cast<const std::remove_cvref_t<P>*>(context.dblock);
}

template <auto F, class Mem>
decltype(auto) CallBehaviorFn(void* agent, void* memory, const Context& context) {
  using Fn = decltype(F);
  auto& a = *static_cast<AgentOf<Fn>*>(agent);
  return [&]<std::size_t... I>(std::index_sequence<I...>) -> decltype(auto) {
    return F(a, BehaviorArg<ArgOf<Fn, I + 1>, Mem>(memory, context)...);
  }(std::make_index_sequence<FnTraits<Fn>::kArity - 1>{});
}

// The DBlock type a behavior function takes, or void.
template <class... P>
struct FirstDBlock {
  using Type = void;
};
template <class P, class... Rest>
struct FirstDBlock<P, Rest...> {
  using Type = std::conditional_t<BehaviorParamOf<P, void>() == BehaviorParam::kDBlock, std::remove_cvref_t<P>,
                                  typename FirstDBlock<Rest...>::Type>;
};
template <class F>
struct DBlockParamOf {
  using Type = void;
};
template <class R, class Agent, class... A>
struct DBlockParamOf<R (*)(Agent, A...)> : FirstDBlock<A...> {};
template <class R, class Agent, class... A>
struct DBlockParamOf<R (*)(Agent, A...) noexcept> : FirstDBlock<A...> {};

// Whether F takes the Context itself (and so may read any DBlock with Context::DBlock<T>()).
template <auto F>
constexpr bool TakesContextParam() {
  using Fn = decltype(F);
  if constexpr (kIsNull<Fn> || !FnTraits<Fn>::kIsFunction || FnTraits<Fn>::kArity < 2) return false;
  else return kIsRefTo<ArgOf<Fn, FnTraits<Fn>::kArity - 1>, const Context>;  // always last
}

// Whether F's thunk reads the Context: F takes it, or takes a DBlock, which the
// thunk finds in it. Only then must the tick build one.
template <auto F>
constexpr bool TakesContext() {
  return TakesContextParam<F>() || !std::is_void_v<typename DBlockParamOf<decltype(F)>::Type>;
}

// What a behavior records of the DBlock its functions take (BehaviorDef::dblock):
// none, or the one type they agree on (`agree` false: two different types).
template <auto Activate, auto Tick, auto Deactivate>
struct BehaviorDBlock {
  using A = typename DBlockParamOf<decltype(Activate)>::Type;
  using T = typename DBlockParamOf<decltype(Tick)>::Type;
  using D = typename DBlockParamOf<decltype(Deactivate)>::Type;
  using Type = std::conditional_t<!std::is_void_v<A>, A, std::conditional_t<!std::is_void_v<T>, T, D>>;
  static constexpr bool agree = (std::is_void_v<A> || std::is_same_v<A, Type>) &&
                                (std::is_void_v<T> || std::is_same_v<T, Type>) &&
                                (std::is_void_v<D> || std::is_same_v<D, Type>);
  static constexpr BlockType block = BlockTypeOf<Type>(TypeName<Type>::text.data());
  static constexpr bool takesContext =
      TakesContextParam<Activate>() || TakesContextParam<Tick>() || TakesContextParam<Deactivate>();
};

template <auto F, class Mem>
bool ActivateThunk(void* agent, void* memory, const Context& context) {
  if constexpr (std::is_void_v<typename FnTraits<decltype(F)>::Return>) {
    CallBehaviorFn<F, Mem>(agent, memory, context);
    return true;
  } else {
    return CallBehaviorFn<F, Mem>(agent, memory, context);
  }
}

template <auto F, class Mem>
Result TickThunk(void* agent, void* memory, const Context& context) {
  if constexpr (std::is_same_v<typename FnTraits<decltype(F)>::Return, bool>) {
    return CallBehaviorFn<F, Mem>(agent, memory, context) ? Result::Running : Result::Failed;
  } else {
    return CallBehaviorFn<F, Mem>(agent, memory, context);
  }
}

template <auto F, class Mem>
void DeactivateThunk(void* agent, void* memory, const Context& context) {
  CallBehaviorFn<F, Mem>(agent, memory, context);
}

template <auto F, class Mem>
constexpr ActivateFn MakeActivate() {
  if constexpr (kIsNull<decltype(F)> || !kIsActivateFn<decltype(F), Mem>) return nullptr;
  else return &ActivateThunk<F, Mem>;
}
template <auto F, class Mem>
constexpr TickFn MakeTick() {
  if constexpr (kIsNull<decltype(F)> || !kIsTickFn<decltype(F), Mem>) return nullptr;
  else return &TickThunk<F, Mem>;
}
template <auto F, class Mem>
constexpr DeactivateFn MakeDeactivate() {
  if constexpr (kIsNull<decltype(F)> || !kIsDeactivateFn<decltype(F), Mem>) return nullptr;
  else return &DeactivateThunk<F, Mem>;
}

// ---------------------------------------------------------------- deciders
// Decide shapes: (Agent&)  (Agent&, const DecideContext&)  (Agent&, DBlock&, const DecideContext&),
// returning a float (or anything arithmetic: true is 1.0); or a bt::DecideFn
// itself, taken as is, for any agent: a built-in Decide (bt::IfTime).
template <class F>
inline constexpr bool kIsRawDecideFn = std::is_same_v<F, DecideFn>;

template <class F, class DBlock>
constexpr bool IsDecideFn() {
  if constexpr (kIsNull<F> || kIsRawDecideFn<F>) {
    return true;
  } else if constexpr (!TakesAgentFirst<F>()) {
    return false;
  } else {
    constexpr std::size_t n = FnTraits<F>::kArity;
    constexpr bool returnsNumber = std::is_arithmetic_v<typename FnTraits<F>::Return>;
    if constexpr (n == 1) return returnsNumber;
    else if constexpr (n == 2) return returnsNumber && kIsRefTo<ArgOf<F, 1>, const DecideContext>;
    else if constexpr (n == 3 && !std::is_void_v<DBlock>)
      return returnsNumber && kIsRefTo<ArgOf<F, 1>, DBlock> && kIsRefTo<ArgOf<F, 2>, const DecideContext>;
    else return false;
  }
}

template <auto F, class DBlock>
float DecideThunk(void* agent, void* dblock, const DecideContext& context) {
  using Fn = decltype(F);
  auto& a = *static_cast<AgentOf<Fn>*>(agent);
  if constexpr (FnTraits<Fn>::kArity == 1) return static_cast<float>(F(a));
  else if constexpr (FnTraits<Fn>::kArity == 2) return static_cast<float>(F(a, context));
  else return static_cast<float>(F(a, *static_cast<DBlock*>(dblock), context));
}

template <auto F, class DBlock>
constexpr DecideFn MakeDecide() {
  if constexpr (kIsNull<decltype(F)> || !IsDecideFn<decltype(F), DBlock>()) return nullptr;
  else if constexpr (kIsRawDecideFn<decltype(F)>) return F;
  else return &DecideThunk<F, DBlock>;
}

// Random source: std::uint32_t (Agent&), e.g. the agent's own RNG.
template <class F>
constexpr bool IsRandomFn() {
  if constexpr (kIsNull<F>) return true;
  else if constexpr (!TakesAgentFirst<F>() || FnTraits<F>::kArity != 1) return false;
  else return std::is_same_v<typename FnTraits<F>::Return, std::uint32_t>;
}

template <auto F>
std::uint32_t RandomThunk(void* agent) {
  return F(*static_cast<AgentOf<decltype(F)>*>(agent));
}

template <auto F>
constexpr RandomFn MakeRandom() {
  if constexpr (kIsNull<decltype(F)> || !IsRandomFn<decltype(F)>()) return nullptr;
  else return &RandomThunk<F>;
}

// The one agent type of several functions (nulls ignored), or null if none.
constexpr TypeTag CommonAgentTag(std::initializer_list<TypeTag> tags) {
  TypeTag common = kNoType;
  for (TypeTag t : tags)
    if (t != kNoType && common == kNoType) common = t;
  return common;
}
constexpr bool AgentTagsAgree(std::initializer_list<TypeTag> tags) {
  const TypeTag common = CommonAgentTag(tags);
  for (TypeTag t : tags)
    if (t != kNoType && t != common) return false;
  return true;
}

// A behavior's definition from its typed functions: the one recipe of the
// BT_DEFINE_BEHAVIOR* macros and of the registry of trees from data
// (bt/data/registry.h), so both get the same thunks. Mem may be void.
template <auto Activate, auto Tick, auto Deactivate, class Mem>
constexpr BehaviorDef MakeBehaviorDef(const char* name, const char* memoryName) {
  return BehaviorDef{
      .name = name,
      .activate = MakeActivate<Activate, Mem>(),
      .tick = MakeTick<Tick, Mem>(),
      .deactivate = MakeDeactivate<Deactivate, Mem>(),
      .memory = BlockTypeOf<Mem>(memoryName),
      .agentType = CommonAgentTag({AgentTagOf<Activate>(), AgentTagOf<Tick>(), AgentTagOf<Deactivate>()}),
      .tickTakesContext = TakesContext<Tick>(),
      .dblock = BehaviorDBlock<Activate, Tick, Deactivate>::block,
      .takesContext = BehaviorDBlock<Activate, Tick, Deactivate>::takesContext,
  };
}

}  // namespace bt::detail
