// bt/crowd/tbb.h — a ParallelFor (bt/crowd/crowd.h) on oneTBB. Header-only, so only a
// program that includes it needs libtbb-dev and links -ltbb.
//
//   crowd.Tick(time, dt, tickOne, budget, bt::TbbParallelFor());
//
// Threads come from TBB's arena: run the Tick inside a tbb::task_arena to limit them.
#pragma once

#include <cstddef>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "bt/crowd/crowd.h"

namespace bt {

// Agent indices are handed out in chunks of at least `Grain`: a few microseconds
// of ticks at full rate (fewer ticks where level of detail skips agents).
template <std::size_t Grain = 256>
ParallelFor TbbParallelFor() {
  ParallelFor parallel;
  parallel.run = [](void*, std::size_t count, CrowdRangeBody body, void* context) {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, count, Grain),
                      [&](const tbb::blocked_range<std::size_t>& range) { body(context, range.begin(), range.end()); });
  };
  return parallel;
}

}  // namespace bt
