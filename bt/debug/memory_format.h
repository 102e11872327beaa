// bt/debug/memory_format.h — text for the contents of behavior memory structs and
// DBlocks, which DebugPrintState (bt/debug/print.h) shows under each active
// decider that has one.
//
// The engine knows these types only by size; a formatter per type says what
// their fields mean, snprintf-style:
//
//   int FormatFlee(const FleeMem& m, char* out, std::size_t size) {
//     return std::snprintf(out, size, "steps %d from (%d,%d)", m.steps, m.x, m.y);
//   }
//   bt::SetMemoryFormatter<FleeMem>(&FormatFlee);  // once, at start-up
//
// Formatters live in a small fixed table (kMaxMemoryFormatters types), so
// setting one allocates nothing, and the tick never looks at it. Threads:
// SetMemoryFormatter may be called from any thread at any time, also while
// others print; a print sees, per type, either the old formatter or the new one.
// A formatter must not set formatters itself.
#pragma once

#include <cstddef>

#include "bt/core/block_type.h"

namespace bt {

// Formats a value into out[0, size), always NUL-terminated when size > 0, and
// returns what std::snprintf returns. Only its first line is shown.
template <class T>
using MemoryFormatter = int (*)(const T& value, char* out, std::size_t size);

// Types that can have a formatter at once.
inline constexpr int kMaxMemoryFormatters = 32;

namespace detail {

using ErasedFormatter = void (*)();
using FormatInvoker = int (*)(ErasedFormatter format, const void* value, char* out, std::size_t size);

template <class T>
int InvokeFormatter(ErasedFormatter format, const void* value, char* out, std::size_t size) {
  return reinterpret_cast<MemoryFormatter<T>>(format)(*static_cast<const T*>(value), out, size);
}

bool SetMemoryFormatter(TypeTag type, ErasedFormatter format, FormatInvoker invoke);

}  // namespace detail

// Sets (or, with nullptr, removes) the formatter of T's memory structs and
// DBlocks. Returns false when the table is full (a new type beyond
// kMaxMemoryFormatters); replacing or removing one always succeeds.
template <class T>
bool SetMemoryFormatter(MemoryFormatter<T> format) {
  return detail::SetMemoryFormatter(TypeTagOf<T>(), reinterpret_cast<detail::ErasedFormatter>(format),
                                    &detail::InvokeFormatter<T>);
}

// Writes the text of `value`, a block of `type`, into out[0, size) with its
// type's formatter. Returns false, writing nothing, when the type has none.
bool FormatMemory(TypeTag type, const void* value, char* out, std::size_t size);

}  // namespace bt
