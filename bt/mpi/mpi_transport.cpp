// bt/mpi/mpi_transport.cpp — ShardTransport over MPI's collectives.
#include "bt/mpi/mpi_transport.h"

#include <mpi.h>

#include <climits>
#include <cstdio>

namespace bt {
namespace {

MPI_Comm Comm(int fortran) { return MPI_Comm_f2c(fortran); }

bool FitsInt(std::uint64_t value) { return value <= static_cast<std::uint64_t>(INT_MAX); }

}  // namespace

MpiTransport::MpiTransport() : MpiTransport(static_cast<int>(MPI_Comm_c2f(MPI_COMM_WORLD))) {}

MpiTransport::MpiTransport(int fortranCommunicator) : communicator_(fortranCommunicator) {
  MPI_Comm_rank(Comm(communicator_), &rank_);
  MPI_Comm_size(Comm(communicator_), &ranks_);
  sizes_.assign(4 * static_cast<std::size_t>(ranks_), 0);
}

bool MpiTransport::ExchangeCounts(const std::uint64_t* counts, std::uint64_t* received) {
  return MPI_Alltoall(counts, 1, MPI_UINT64_T, received, 1, MPI_UINT64_T, Comm(communicator_)) == MPI_SUCCESS;
}

bool MpiTransport::ExchangeBytes(const std::byte* send, const std::uint64_t* counts, const std::uint64_t* offsets,
                                 std::byte* receive, const std::uint64_t* receivedCounts,
                                 const std::uint64_t* receivedOffsets) {
  const std::size_t n = static_cast<std::size_t>(ranks_);
  int* sendCounts = sizes_.data();
  int* sendOffsets = sendCounts + n;
  int* receiveCounts = sendOffsets + n;
  int* receiveOffsets = receiveCounts + n;
  bool fits = true;
  for (std::size_t r = 0; r < n; ++r) {
    fits = fits && FitsInt(counts[r]) && FitsInt(offsets[r]) && FitsInt(receivedCounts[r]) && FitsInt(receivedOffsets[r]);
    sendCounts[r] = static_cast<int>(counts[r]);
    sendOffsets[r] = static_cast<int>(offsets[r]);
    receiveCounts[r] = static_cast<int>(receivedCounts[r]);
    receiveOffsets[r] = static_cast<int>(receivedOffsets[r]);
  }
  // The other ranks already wait in this collective: the job ends, as on any MPI error.
  if (!fits) {
    std::fprintf(stderr, "bt: rank %d: a frame's migrants exceed MPI's 2 GiB per exchange\n", rank_);
    MPI_Abort(Comm(communicator_), 1);
  }
  return MPI_Alltoallv(send, sendCounts, sendOffsets, MPI_BYTE, receive, receiveCounts, receiveOffsets, MPI_BYTE,
                       Comm(communicator_)) == MPI_SUCCESS;
}

bool MpiTransport::SumAll(std::uint64_t* values, int count) {
  return MPI_Allreduce(MPI_IN_PLACE, values, count, MPI_UINT64_T, MPI_SUM, Comm(communicator_)) == MPI_SUCCESS;
}

MpiSession::MpiSession(int* argc, char*** argv) {
  int already = 0;
  MPI_Initialized(&already);
  if (already) return;
  int provided = 0;
  MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
  initialized_ = true;
}

MpiSession::~MpiSession() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (initialized_ && !finalized) MPI_Finalize();
}

double MpiSeconds() { return MPI_Wtime(); }

}  // namespace bt
