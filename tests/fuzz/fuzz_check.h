// tests/fuzz/fuzz_check.h — the invariant check of the simple fuzz targets: a
// broken invariant prints the target, the line and the condition (tests/fuzz/run.sh
// greps "invariant broken"), then aborts, which libFuzzer reports as a finding.
#pragma once

#include <cstdio>
#include <cstdlib>

namespace bt_fuzz {
[[noreturn]] inline void Broken(const char* file, int line, const char* what) {
  std::fprintf(stderr, "%s: invariant broken (line %d): %s\n", file, line, what);
  std::abort();
}
}  // namespace bt_fuzz

#define FUZZ_CHECK(condition)                                           \
  do {                                                                  \
    if (!(condition)) ::bt_fuzz::Broken(__FILE__, __LINE__, #condition); \
  } while (0)
