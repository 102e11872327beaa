// bt/block_type.h — what the engine knows of a user struct it keeps in agent memory.
//
// Behavior memory structs and DBlocks are user types the engine never sees by
// name. It keeps their size, alignment, how to construct and destroy them in
// place, and whether the bytes may simply be copied (for saving, restoring and
// migrating an agent mid-behavior).
#pragma once

#include <cstdint>
#include <new>
#include <type_traits>

namespace bt {

// A number per type, to check without RTTI that an agent or a DBlock is of the
// type a function expects; 0 means "none". A hash of the type's spelling rather
// than an address, because it is compared in constant expressions (addresses of
// inline variables are not constants under UBSan) and stays the same from run to
// run.
using TypeTag = std::uint64_t;
inline constexpr TypeTag kNoType = 0;

namespace detail {
template <class T>
constexpr TypeTag HashTypeName() {
  std::uint64_t hash = 1469598103934665603ull;  // FNV-1a over the signature naming T
  for (const char* c = __PRETTY_FUNCTION__; *c; ++c) hash = (hash ^ static_cast<unsigned char>(*c)) * 1099511628211ull;
  return hash != kNoType ? hash : 1;
}
}  // namespace detail

template <class T>
constexpr TypeTag TypeTagOf() {
  return detail::HashTypeName<std::remove_cvref_t<T>>();
}

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
