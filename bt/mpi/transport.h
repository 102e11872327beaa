// bt/mpi/transport.h — the collectives a sharded crowd needs from its ranks.
//
// A ShardedCrowd (bt/mpi/sharded_crowd.h) talks to the other ranks only
// through this interface: MpiTransport (bt/mpi/mpi_transport.h) runs it on Open
// MPI, LocalTransport on one process without MPI. Every call is collective:
// each rank makes it, in the same order, with its own data. None allocates.
#pragma once

#include <cstddef>
#include <cstdint>

namespace bt {

class ShardTransport {
 public:
  virtual ~ShardTransport() = default;
  virtual int Rank() const = 0;
  virtual int Ranks() const = 0;
  // counts[r] goes to rank r; received[r] is what rank r sent here. Ranks() values each.
  virtual bool ExchangeCounts(const std::uint64_t* counts, std::uint64_t* received) = 0;
  // The bytes send[offsets[r], offsets[r] + counts[r]) go to rank r; rank r's
  // arrive at receive + receivedOffsets[r], receivedCounts[r] long (as ExchangeCounts told).
  virtual bool ExchangeBytes(const std::byte* send, const std::uint64_t* counts, const std::uint64_t* offsets,
                             std::byte* receive, const std::uint64_t* receivedCounts,
                             const std::uint64_t* receivedOffsets) = 0;
  // values[0..count) summed over the ranks, in place on every rank.
  virtual bool SumAll(std::uint64_t* values, int count) = 0;
};

// One rank, no MPI: a single-process game, and the tests and fuzzers of the
// sharded crowd's own parts. Sends to itself arrive as they left.
class LocalTransport final : public ShardTransport {
 public:
  int Rank() const override { return 0; }
  int Ranks() const override { return 1; }
  bool ExchangeCounts(const std::uint64_t* counts, std::uint64_t* received) override;
  bool ExchangeBytes(const std::byte* send, const std::uint64_t* counts, const std::uint64_t* offsets, std::byte* receive,
                     const std::uint64_t* receivedCounts, const std::uint64_t* receivedOffsets) override;
  bool SumAll(std::uint64_t*, int) override { return true; }
};

}  // namespace bt
