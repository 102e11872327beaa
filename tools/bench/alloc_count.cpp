// tools/bench/alloc_count.cpp — replacements of the allocation functions that
// count every call, forwarding to glibc's own allocator (__libc_*), so operator
// new, which calls malloc, is counted once.
#include "tools/bench/alloc_count.h"

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstdlib>
#include <new>

extern "C" {
void* __libc_malloc(std::size_t size);
void* __libc_calloc(std::size_t count, std::size_t size);
void* __libc_realloc(void* p, std::size_t size);
void* __libc_memalign(std::size_t align, std::size_t size);
void __libc_free(void* p);
}

namespace bench {
namespace {
std::atomic<std::uint64_t> gAllocations{0};

void* Counted(void* p) {
  gAllocations.fetch_add(1, std::memory_order_relaxed);
  return p;
}

void* New(std::size_t size, std::size_t align, bool nothrow) {
  if (size == 0) size = 1;
  void* p = Counted(align > alignof(std::max_align_t) ? __libc_memalign(align, size) : __libc_malloc(size));
  if (p == nullptr && !nothrow) throw std::bad_alloc();
  return p;
}
}  // namespace

std::uint64_t AllocationCount() { return gAllocations.load(std::memory_order_relaxed); }

}  // namespace bench

// ---------------------------------------------------------------- malloc's family
extern "C" {
void* malloc(std::size_t size) noexcept { return bench::Counted(__libc_malloc(size)); }
void* calloc(std::size_t count, std::size_t size) noexcept { return bench::Counted(__libc_calloc(count, size)); }
void* realloc(void* p, std::size_t size) noexcept { return bench::Counted(__libc_realloc(p, size)); }
void free(void* p) noexcept { __libc_free(p); }
void* aligned_alloc(std::size_t align, std::size_t size) noexcept {
  return bench::Counted(__libc_memalign(align, size));
}
void* memalign(std::size_t align, std::size_t size) noexcept { return bench::Counted(__libc_memalign(align, size)); }
int posix_memalign(void** out, std::size_t align, std::size_t size) noexcept {
  void* p = bench::Counted(__libc_memalign(align, size));
  if (p == nullptr) return ENOMEM;
  *out = p;
  return 0;
}
}

// ---------------------------------------------------------------- operator new and delete
void* operator new(std::size_t size) { return bench::New(size, 0, false); }
void* operator new[](std::size_t size) { return bench::New(size, 0, false); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept { return bench::New(size, 0, true); }
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept { return bench::New(size, 0, true); }
void* operator new(std::size_t size, std::align_val_t align) {
  return bench::New(size, static_cast<std::size_t>(align), false);
}
void* operator new[](std::size_t size, std::align_val_t align) {
  return bench::New(size, static_cast<std::size_t>(align), false);
}
void* operator new(std::size_t size, std::align_val_t align, const std::nothrow_t&) noexcept {
  return bench::New(size, static_cast<std::size_t>(align), true);
}
void* operator new[](std::size_t size, std::align_val_t align, const std::nothrow_t&) noexcept {
  return bench::New(size, static_cast<std::size_t>(align), true);
}
void operator delete(void* p) noexcept { __libc_free(p); }
void operator delete[](void* p) noexcept { __libc_free(p); }
void operator delete(void* p, std::size_t) noexcept { __libc_free(p); }
void operator delete[](void* p, std::size_t) noexcept { __libc_free(p); }
void operator delete(void* p, std::align_val_t) noexcept { __libc_free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { __libc_free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { __libc_free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { __libc_free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { __libc_free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { __libc_free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { __libc_free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { __libc_free(p); }
