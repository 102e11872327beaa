// bt/mpi/mpi_transport.h — a sharded crowd's collectives on Open MPI.
//
// This header does not include <mpi.h> (a game's build need not find it to
// include bt's headers): a communicator other than MPI_COMM_WORLD is given by
// its Fortran handle, MPI_Comm_c2f(comm), the standard's language-neutral form.
// Link libbt_mpi.a and MPI (mpicxx --showme:link).
#pragma once

#include <cstdint>
#include <vector>

#include "bt/mpi/transport.h"

namespace bt {

class MpiTransport final : public ShardTransport {
 public:
  MpiTransport();  // MPI_COMM_WORLD; MPI must be initialized (MpiSession)
  explicit MpiTransport(int fortranCommunicator);
  int Rank() const override { return rank_; }
  int Ranks() const override { return ranks_; }
  // One MPI_Alltoall.
  bool ExchangeCounts(const std::uint64_t* counts, std::uint64_t* received) override;
  // One MPI_Alltoallv; a count or offset beyond MPI's int (2 GiB) ends the job (MPI_Abort).
  bool ExchangeBytes(const std::byte* send, const std::uint64_t* counts, const std::uint64_t* offsets, std::byte* receive,
                     const std::uint64_t* receivedCounts, const std::uint64_t* receivedOffsets) override;
  // One MPI_Allreduce.
  bool SumAll(std::uint64_t* values, int count) override;

 private:
  int communicator_ = 0;  // Fortran handle
  int rank_ = 0, ranks_ = 1;
  std::vector<int> sizes_;  // MPI's int counts and displacements, 4 x Ranks(), allocated once
};

// MPI_Init_thread (MPI_THREAD_FUNNELED) unless MPI is already initialized, and
// MPI_Finalize at the end if it initialized it: for a program that uses MPI
// only through bt.
class MpiSession {
 public:
  MpiSession(int* argc, char*** argv);
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;

 private:
  bool initialized_ = false;
};

// Wall-clock seconds (MPI_Wtime).
double MpiSeconds();

}  // namespace bt
