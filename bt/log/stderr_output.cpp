// bt/log/stderr_output.cpp — the default debug-output hook of libbt_stderr.a, for
// builds without spdlog: each line to stderr as it is, with the C library alone.
#include <cstdio>

#include "bt/core/default_debug_output.h"

namespace bt::detail {

void DefaultDebugOutput(const DebugLine& line) noexcept { std::fprintf(stderr, "%s\n", line.text); }

}  // namespace bt::detail
