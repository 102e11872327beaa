// tools/mpi/creatures_mpi.cpp — the creatures workload (tools/bench/creatures.h,
// its tree on the compiled tick) on a map split into vertical strips, one per
// MPI rank, each rank's creatures a bt::ShardedCrowd (bt/mpi/sharded_crowd.h).
// Creatures walk east or west at their own speeds, wrapping round the map; one
// that walks out of its rank's strip leaves for the next rank's at the frame's
// exchange, mid-behavior.
//
//   mpirun -n 2 creatures_mpi --demo [--agents N] [--frames F]
//       per frame: the migrations each way, their bytes, and what the frame
//       cost each rank (ticks, the game's step, the exchange)
//   mpirun -n R creatures_mpi --bench [--agents N] [--frames F] [--crossing P]
//       one line: agent-ticks per second over all ranks, ns per agent-tick,
//       migrations per frame, bytes and ns per migrant, allocations per
//       frame after the warm-up (every allocation of the process, MPI's too)
//
// Speeds are drawn so that a fraction P (default 0.01) of the creatures
// crosses a strip's edge each frame on 2 ranks; every figure is wall-clock
// time on whatever else the machine runs.
#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "bt/mpi/mpi_transport.h"
#include "bt/mpi/sharded_crowd.h"
#include "tools/bench/alloc_count.h"
#include "tools/bench/bt_creatures.h"

namespace {

constexpr float kMapWidth = 1000;

struct Walker {
  bench::Creature creature;
  float x = 0;
  float speed = 0;  // [map units a frame], + east, - west
  std::uint32_t ticks = 0;
};

int StripOf(float x, int ranks) { return std::min(ranks - 1, static_cast<int>(x * static_cast<float>(ranks) / kMapWidth)); }

// The frame's game step after the trees: walk, wrap round, and leave for the strip walked into.
std::size_t Walk(bt::ShardedCrowd& shard) {
  std::size_t leaving = 0;
  for (const std::uint32_t slot : shard.Slots()) {
    Walker& w = shard.AgentAt<Walker>(slot);
    w.x += w.speed;
    if (w.x < 0) w.x += kMapWidth;
    if (w.x >= kMapWidth) w.x -= kMapWidth;
    const int strip = StripOf(w.x, shard.Ranks());
    if (strip != shard.Rank()) shard.Send(slot, strip), ++leaving;
  }
  return leaving;
}

struct Options {
  bool demo = false;
  std::uint64_t agents = 100000;
  std::uint64_t frames = 300;
  double crossing = 0.01;
};

}  // namespace

int main(int argc, char** argv) {
  bt::MpiSession session(&argc, &argv);
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const char* next = i + 1 < argc ? argv[i + 1] : "0";
    if (a == "--demo") o.demo = true, o.agents = 20000, o.frames = 30;
    else if (a == "--bench") o.demo = false;
    else if (a == "--agents") o.agents = std::strtoull(next, nullptr, 10), ++i;
    else if (a == "--frames") o.frames = std::strtoull(next, nullptr, 10), ++i;
    else if (a == "--crossing") o.crossing = std::atof(next), ++i;
  }
  if (!bench::BtInitialize()) return 1;
  bt::MpiTransport transport;
  bt::ShardedCrowdConfig config;
  config.globalAgents = o.agents;
  config.capacity = o.agents;
  config.agentBytes = sizeof(Walker);
  bt::ShardedCrowd shard(bench::BtRoot(), transport, config);
  if (!shard.Ok()) {
    std::fprintf(stderr, "%s\n", shard.LastError());
    return 1;
  }
  const int rank = shard.Rank(), ranks = shard.Ranks();
  // |speed| uniform in [0, 2s): s on average; 2 edges (with the wrap) each crossed by s / width of the walkers.
  const float meanSpeed = static_cast<float>(o.crossing * kMapWidth / 2);
  for (std::uint64_t id = 0; id < o.agents; ++id) {
    Walker w;
    w.creature = bench::MakeCreature(static_cast<std::uint32_t>(id));
    std::uint32_t r = static_cast<std::uint32_t>(id * 2654435761u) | 1u;
    w.x = static_cast<float>(bench::NextRandom(r) % 1000000) / 1000000.0f * kMapWidth;
    const float u = static_cast<float>(bench::NextRandom(r) % 1000000) / 1000000.0f;
    w.speed = (bench::NextRandom(r) & 1 ? 2 : -2) * meanSpeed * u;
    if (StripOf(w.x, ranks) == rank && shard.Add(id, std::as_bytes(std::span(&w, 1))) != bt::Status::Done) return 1;
  }
  shard.Reserve(static_cast<std::size_t>(static_cast<double>(o.agents) * o.crossing * 4) + 64);
  const float dt = static_cast<float>(bench::kDt);
  const auto tickOne = [&shard](std::size_t slot, double time, float frameDt) {
    Walker& w = shard.AgentAt<Walker>(slot);
    return bt::TickResult{bench::BtTickCompiledFrame(&w.creature,
                                                     reinterpret_cast<bench::BtMemory*>(shard.Block(slot).data()), 1,
                                                     static_cast<int>(w.ticks++), time, frameDt) == 0
                              ? bt::Status::Running
                              : bt::Status::CorruptMemory};
  };
  if (o.demo && rank == 0) {
    std::printf("creatures on %d ranks: %" PRIu64 " creatures on a map %g wide in %d vertical strips, %.1f%% crossing a frame\n",
                ranks, o.agents, static_cast<double>(kMapWidth), ranks, 100 * o.crossing);
    std::printf("%5s", "frame");
    for (int r = 0; r < ranks; ++r) std::printf("   rank%d:agents  out   in tick_ms step_ms exch_us", r);
    std::printf("    bytes\n");
  }
  // Per rank: ticks, migrants out and in, bytes out, the three parts' times [ns], agents after the exchange,
  // and of the exchange, bt's part (packing and joining) [ns].
  constexpr int kFields = 9;
  std::vector<std::uint64_t> totals(kFields, 0), row(static_cast<std::size_t>(kFields * ranks));
  const std::uint64_t warmup = o.demo ? 0 : std::min<std::uint64_t>(20, o.frames / 4);
  std::uint64_t allocationsAtWarm = 0;
  double start = bt::MpiSeconds();
  for (std::uint64_t frame = 0; frame < o.frames; ++frame) {
    if (frame == warmup) {
      std::uint64_t sync = 0;
      transport.SumAll(&sync, 1);
      std::fill(totals.begin(), totals.end(), 0);
      allocationsAtWarm = bench::AllocationCount();
      start = bt::MpiSeconds();
    }
    const double t0 = bt::MpiSeconds();
    const bt::CrowdTickResult ticked = shard.Tick(static_cast<double>(frame) * bench::kDt, dt, tickOne);
    const double t1 = bt::MpiSeconds();
    Walk(shard);
    const double t2 = bt::MpiSeconds();
    const bt::ExchangeResult moved = shard.Exchange();
    const double t3 = bt::MpiSeconds();
    if (!moved.ok || ticked.refused != 0) {
      std::fprintf(stderr, "rank %d: %s\n", rank, moved.ok ? "a tick was refused" : shard.LastError());
      return 1;
    }
    const std::uint64_t fields[kFields] = {ticked.ticked,
                                           moved.sent,
                                           moved.received,
                                           moved.bytesSent,
                                           static_cast<std::uint64_t>((t1 - t0) * 1e9),
                                           static_cast<std::uint64_t>((t2 - t1) * 1e9),
                                           static_cast<std::uint64_t>((t3 - t2) * 1e9),
                                           shard.Size(),
                                           moved.packNanoseconds + moved.joinNanoseconds};
    for (int k = 0; k < kFields; ++k) totals[static_cast<std::size_t>(k)] += fields[k];
    if (o.demo) {
      std::fill(row.begin(), row.end(), 0);
      std::copy(fields, fields + kFields, row.begin() + kFields * rank);
      transport.SumAll(row.data(), kFields * ranks);
      if (rank == 0) {
        std::uint64_t bytes = 0;
        std::printf("%5" PRIu64, frame);
        for (int r = 0; r < ranks; ++r) {
          const std::uint64_t* f = row.data() + kFields * r;
          bytes += f[3];
          std::printf("   %7" PRIu64 " %4" PRIu64 " %4" PRIu64 " %7.2f %7.2f %7.1f", f[7], f[1], f[2],
                      static_cast<double>(f[4]) / 1e6, static_cast<double>(f[5]) / 1e6, static_cast<double>(f[6]) / 1e3);
        }
        std::printf("  %7" PRIu64 "\n", bytes);
      }
    }
  }
  const double seconds = bt::MpiSeconds() - start;
  const std::uint64_t allocations = bench::AllocationCount() - allocationsAtWarm;
  // Over all ranks: the sums, and the slowest rank's wall time (a frame waits for it).
  std::vector<std::uint64_t> sums(totals);
  sums.push_back(allocations);
  transport.SumAll(sums.data(), static_cast<int>(sums.size()));
  // Per rank: the wall time, and the time of its own work (trees, game step, bt's part of the exchange).
  std::vector<std::uint64_t> wall(static_cast<std::size_t>(ranks), 0), work(wall);
  wall[static_cast<std::size_t>(rank)] = static_cast<std::uint64_t>(seconds * 1e9);
  work[static_cast<std::size_t>(rank)] = totals[4] + totals[5] + totals[8];
  transport.SumAll(wall.data(), ranks);
  transport.SumAll(work.data(), ranks);
  if (rank == 0) {
    const double slowest = static_cast<double>(*std::max_element(wall.begin(), wall.end())) / 1e9;
    const double busiest = static_cast<double>(*std::max_element(work.begin(), work.end())) / 1e9;
    const double frames = static_cast<double>(o.frames - warmup);
    const double ticks = static_cast<double>(sums[0]);
    const double migrants = static_cast<double>(sums[1]);
    // Wall clock: what the run took. Without MPI's part: as if the collectives
    // cost nothing and no rank waited for another (the busiest rank's own work).
    std::printf("%s %d rank%s, %" PRIu64 " creatures, %.0f frames: %.3g agent-ticks/s by the wall clock, %.3g without MPI's part; "
                "%.0f migrations a frame (%.2f%%), %.0f bytes a migrant, bt's part %.0f ns a migrant, MPI's %.0f us a frame a rank; "
                "%.2f allocations a frame\n",
                o.demo ? "demo:" : "bench-mpi:", ranks, ranks == 1 ? "" : "s", o.agents, frames, ticks / slowest,
                ticks / busiest, migrants / frames, 100 * migrants / frames / static_cast<double>(o.agents),
                migrants > 0 ? static_cast<double>(sums[3]) / migrants : 0.0,
                migrants > 0 ? static_cast<double>(sums[8]) / migrants : 0.0,
                static_cast<double>(sums[6] - sums[8]) / frames / ranks / 1e3, static_cast<double>(sums[kFields]) / frames);
  }
  return 0;
}
