// bt/core/block_type.h — what the engine knows of the user types it handles:
// agents, behavior memory structs and DBlocks.
//
// Behavior memory structs and DBlocks are user types the engine never sees by
// name. It keeps their size, alignment, how to construct and destroy them in
// place, and whether the bytes may simply be copied (for saving, restoring and
// migrating an agent mid-behavior). Wherever it erases a type (an agent, a
// DBlock) it keeps the type's TypeTag, to check without RTTI that the type a
// function is handed is the one it takes.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <new>
#include <string_view>
#include <type_traits>

namespace bt {

// What a TypeTag points to: one object per type in the program.
struct TypeInfo {
  const char* name;  // the type's spelling, e.g. "game::Creature", for debug output
  // FNV-1a of the spelling: the same in every run and every build, for what is
  // saved (stimulus data). 0 when the spelling may name another type of another
  // file too: a type in an anonymous namespace, a local class, a lambda.
  std::uint64_t nameKey;
};

// The identity of a type: the address of its TypeInfo, detail::TypeIdentity<T>::info.
// Not a hash of the type's spelling: `{anonymous}::Agent` of two files is spelled
// alike, but the TypeInfo of a type with internal linkage has internal linkage
// too, so each file's has its own address. The objects are writable so that no
// linker folds two of them with equal contents (identical-data folding merges
// only read-only data). One program image has one TypeInfo per type; across
// shared objects built with hidden visibility a type may have one per object, and
// an agent passed across then gets Status::AgentTypeMismatch, never the wrong code.
//
// Tags are compared in constant expressions (a tree's checks at compile time)
// and at run time with ==. TypeTagOf<T>() takes incomplete types: a tree may be
// defined where its agent type is only declared.
struct TypeTag {
  const TypeInfo* info = nullptr;  // null: no type (kNoType)

  friend constexpr bool operator==(TypeTag a, TypeTag b) {
    // GCC does not fold an address compare of two distinct objects, nor of an
    // object and null, in a constant expression when it may not assume that
    // objects lie away from address 0 (-fsanitize=null, part of UBSan, and
    // -fno-delete-null-pointer-checks). It does fold the compare of an object
    // with itself. So a compare it cannot fold is between two different tags.
    if (std::is_constant_evaluated()) return __builtin_constant_p(a.info == b.info) && a.info == b.info;
    return a.info == b.info;
  }
};
inline constexpr TypeTag kNoType{};

namespace detail {

template <class T>
constexpr const char* PrettyName() {
  return __PRETTY_FUNCTION__;  // "... PrettyName() [with T = ns::Agent]" (GCC), "... [T = ns::Agent]" (clang)
}

// T's spelling within PrettyName<T>(); all of it on a compiler that spells it otherwise.
template <class T>
constexpr std::string_view TypeSpelling() {
  const std::string_view pretty = PrettyName<T>();
  const std::size_t start = pretty.find("T = ");
  const std::size_t end = pretty.rfind(']');
  if (start == std::string_view::npos || end == std::string_view::npos || end < start + 4) return pretty;
  return pretty.substr(start + 4, end - (start + 4));
}

// Whether a spelling names one type in the whole program. GCC and clang spell an
// anonymous namespace, a lambda and an unnamed class so; GCC spells a local class
// "f()::Local", clang only "Local", which is then not told apart.
constexpr bool NamesOneTypeProgramWide(std::string_view s) {
  for (std::string_view marker : {"{anonymous}", "(anonymous namespace)", "<lambda", "(lambda at", "<unnamed",
                                  "(unnamed", ")::"})
    if (s.find(marker) != std::string_view::npos) return false;
  return true;
}

template <class T>
constexpr std::uint64_t NameKey() {
  constexpr std::string_view spelling = TypeSpelling<T>();
  if (!NamesOneTypeProgramWide(spelling)) return 0;
  std::uint64_t hash = 1469598103934665603ull;
  for (char c : spelling) hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  return hash != 0 ? hash : 1;
}

template <class T>
struct TypeName {
  static constexpr std::string_view spelling = TypeSpelling<T>();
  static constexpr std::array<char, spelling.size() + 1> text = [] {
    std::array<char, spelling.size() + 1> out{};
    for (std::size_t i = 0; i < spelling.size(); ++i) out[i] = spelling[i];
    return out;
  }();
};

template <class T>
struct TypeIdentity {
  static constinit inline TypeInfo info{TypeName<T>::text.data(), NameKey<T>()};
};

}  // namespace detail

template <class T>
constexpr TypeTag TypeTagOf() {
  using U = std::remove_cvref_t<T>;
  if constexpr (std::is_void_v<U>) return kNoType;
  else return TypeTag{&detail::TypeIdentity<U>::info};
}

// ---------------------------------------------------------------- derived agents
// A tree takes the agent type its functions take. The typed ticks accept an
// agent of a class derived from it once the derivation is declared, with
// BT_AGENT_BASE(HungryDragon, Creature) (bt/core/macros.h), which specializes
// AgentBase<HungryDragon>. They look for the tree's agent type among the agent's
// own type, then each declared base in order followed by that base's own declared
// bases, and pass the agent converted to the first that matches: a base need not
// lie at offset 0 of the derived object, so the pointer is converted before its
// type is erased, never reinterpreted.
template <class... Bases>
struct AgentBaseList {};
template <class Agent>
struct AgentBase {
  using Bases = AgentBaseList<>;
};

namespace detail {

template <class Agent>
using AgentBasesOf = typename AgentBase<std::remove_cv_t<Agent>>::Bases;
template <class Agent>
inline constexpr bool kHasAgentBases = !std::is_same_v<AgentBasesOf<Agent>, AgentBaseList<>>;

// Whether Agent or one of its declared bases, transitively, has the tag `want`.
template <class Agent>
constexpr bool ReachesAgentType(TypeTag want) {
  if (TypeTagOf<Agent>() == want) return true;
  return [want]<class... B>(AgentBaseList<B...>) {
    return (false || ... || ReachesAgentType<B>(want));
  }(AgentBasesOf<Agent>{});
}

// At run time: when Agent or a declared base has the tag `want`, sets `erased` to
// the agent converted to that type and returns true.
template <class Agent>
bool FindAgentAs(Agent* agent, TypeTag want, void*& erased) {
  if (TypeTagOf<Agent>() == want) {
    erased = static_cast<void*>(agent);
    return true;
  }
  return [&]<class... B>(AgentBaseList<B...>) {
    return (false || ... || FindAgentAs<B>(static_cast<B*>(agent), want, erased));
  }(AgentBasesOf<Agent>{});
}

// At compile time: the agent as the type whose TypeInfo is Want (itself when Want
// is null, a tree of any agent type), converted along the first declared path.
// Check ReachesAgentType first: without a path it is the agent itself.
template <const TypeInfo* Want, class Agent>
constexpr auto& AgentAs(Agent& agent);

template <const TypeInfo* Want, class Agent, class B, class... Rest>
constexpr auto& AgentAsViaBases(Agent& agent, AgentBaseList<B, Rest...>) {
  if constexpr (ReachesAgentType<B>(TypeTag{Want})) return AgentAs<Want>(static_cast<B&>(agent));
  else return AgentAsViaBases<Want>(agent, AgentBaseList<Rest...>{});
}
template <const TypeInfo* Want, class Agent>
constexpr auto& AgentAsViaBases(Agent& agent, AgentBaseList<>) {
  return agent;
}

template <const TypeInfo* Want, class Agent>
constexpr auto& AgentAs(Agent& agent) {
  if constexpr (TypeTag{Want} == kNoType || TypeTag{Want} == TypeTagOf<Agent>()) return agent;
  else return AgentAsViaBases<Want>(agent, AgentBasesOf<Agent>{});
}

// For BT_AGENT_BASE: each base a public, unambiguous base class of Agent.
template <class Agent, class... Bases>
constexpr bool AreAgentBases() {
  return ((std::is_class_v<Bases> && !std::is_same_v<std::remove_cv_t<Bases>, std::remove_cv_t<Agent>> &&
           std::is_base_of_v<Bases, Agent> && std::is_convertible_v<Agent*, Bases*>) && ...);
}

}  // namespace detail

// ---------------------------------------------------------------- blocks

struct BlockType {
  const char* name = nullptr;    // the C++ type's spelling, for debug output
  std::uint16_t size = 0;        // [bytes]; 0 means no block
  std::uint16_t align = 1;       // [bytes, max kMaxAlignment]
  bool triviallyCopyable = true; // the block may be saved and restored by copying bytes
  TypeTag type = kNoType;
  void (*construct)(void* at) = nullptr;  // null: zero the bytes
  void (*destroy)(void* at) = nullptr;    // null: nothing to do
};

namespace detail {

template <class T>
void ConstructBlock(void* at) {
  ::new (at) T{};
}

template <class T>
void DestroyBlock(void* at) {
  static_cast<T*>(at)->~T();
}

}  // namespace detail

// The BlockType of T; `BlockTypeOf<void>()` is "no block".
template <class T>
constexpr BlockType BlockTypeOf(const char* name) {
  if constexpr (std::is_void_v<T>) {
    return BlockType{};
  } else {
    static_assert(std::is_default_constructible_v<T>,
                  "bt: a behavior memory struct or DBlock must be default-constructible");
    BlockType block{};
    block.name = name;
    block.size = static_cast<std::uint16_t>(sizeof(T));
    block.align = static_cast<std::uint16_t>(alignof(T));
    block.triviallyCopyable = std::is_trivially_copyable_v<T>;
    block.type = TypeTagOf<T>();
    block.construct = &detail::ConstructBlock<T>;
    block.destroy = std::is_trivially_destructible_v<T> ? nullptr : &detail::DestroyBlock<T>;
    return block;
  }
}

}  // namespace bt
