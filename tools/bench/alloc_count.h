// tools/bench/alloc_count.h — counts heap allocations made by the whole process.
//
// alloc_count.cpp replaces the global operator new family and malloc's family
// (glibc), so an allocation made anywhere — bt, the standard library, a thread —
// is counted. Frees are not counted: the target is no allocation at all.
#pragma once

#include <cstdint>

namespace bench {

std::uint64_t AllocationCount();

}  // namespace bench
