// bt/mpi/sharded_crowd.h — one rank's part of a crowd sharded over processes
// (MPI ranks, perhaps on many hosts): its agents, their blocks and the game's
// own per-agent state, the agents that cross to another rank once a frame in
// one collective exchange, and checkpoints of the whole sharded crowd.
//
// - Agents have global ids 0..globalAgents-1, stable for their lives: a rank
//   holds its agents in slots (0..capacity-1) of its own, and the game reaches
//   an agent by its slot in a tick and by its id in between (SlotOf).
// - The game's state of an agent is `agentBytes` of plain data (trivially
//   copyable; AgentAt<Agent>(slot)), migrated and checkpointed as its bytes;
//   its block is the tree's, migrated as a migrant (bt/crowd/migration.h).
// - Exact on any number of ranks: each agent's calls depend only on its own
//   data and its crowd state, which migrate whole. What would depend on which
//   agents share a rank is defined by the id instead: an interval's phase (an
//   agent at interval n is due at the frames f with f % n == id % n), and the
//   order in which arrivals join (by id). There is no frame budget: a budget
//   per rank would defer different agents on different rank counts.
// - Exchange: the game marks agents with Send(slot, rank) during a frame;
//   Exchange() packs them (by destination, then id), makes one ExchangeCounts
//   and one ExchangeBytes, and joins the arrivals. Every arrival is checked
//   (its bytes' checksum, its id, the migrant's header and tree stamp, the
//   game's own check) and a refused one never joins, its reason in LastError().
// - Nothing allocates in a frame once the exchange buffers have grown to the
//   largest frame's migrants (Reserve sets them ahead).
//
// A record (one agent, in an exchange or a checkpoint): u64 id, u64 checksum of
// the rest, the game's bytes, the migrant, each padded to 8 bytes, in this
// machine's byte order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "bt/crowd/crowd.h"
#include "bt/crowd/ticks.h"
#include "bt/mpi/transport.h"

namespace bt {

inline constexpr std::uint32_t kNoSlot = 0xFFFFFFFFu;

struct ShardedCrowdConfig {
  std::uint64_t globalAgents = 0;  // ids 0..globalAgents-1 over all ranks
  std::size_t capacity = 0;        // agents this rank may hold at once
  std::size_t agentBytes = 0;      // the game's state of an agent (sizeof its struct)
  // Whether the game's bytes of an arriving agent are sound: null if so, else why not.
  const char* (*checkAgent)(std::span<const std::byte> agent, void* context) = nullptr;
  void* checkContext = nullptr;
};

struct ExchangeResult {
  bool ok = false;  // false: the transport failed, or an arrival was refused (LastError)
  std::size_t sent = 0, received = 0, refused = 0;
  std::size_t bytesSent = 0;
  // Where the exchange's time went [ns, steady clock]: writing the leavers'
  // records, MPI's two collectives (a wait for the slowest rank included), joining the arrivals.
  std::uint64_t packNanoseconds = 0, transportNanoseconds = 0, joinNanoseconds = 0;
};

// Which rank an agent of a checkpoint joins at a restore (any rank count).
using ShardPlacement = int (*)(std::uint64_t id, std::span<const std::byte> agent, int ranks, void* context);

struct CheckpointResult {
  bool ok = false;
  std::uint64_t frame = 0;       // of the checkpoint
  std::size_t agents = 0;        // written or joined on this rank
  std::string directory;         // the checkpoint's folder
};

// The agent's crowd state with a new interval whose phase is the id's: due at the
// frames f (counted from the first) where f % interval == id % interval. Applied to
// `crowd` through Join; the one rule a one-process run uses to match a sharded one.
void SetIntervalById(Crowd& crowd, std::size_t agent, std::uint64_t id, int interval, std::uint64_t frame);

class ShardedCrowd {
 public:
  // Allocates here (slots, the id map of 4 bytes per global agent, the crowd).
  // Ok() is false for a bad tree or config (LastError says which).
  ShardedCrowd(const DeciderDef& root, ShardTransport& transport, const ShardedCrowdConfig& config);
  ShardedCrowd(const ShardedCrowd&) = delete;
  ShardedCrowd& operator=(const ShardedCrowd&) = delete;

  bool Ok() const { return ok_; }
  const char* LastError() const { return error_; }
  int Rank() const { return transport_->Rank(); }
  int Ranks() const { return transport_->Ranks(); }
  std::uint64_t Frame() const { return frame_; }  // frames ticked: the number of the next
  std::size_t Size() const { return used_.size(); }
  std::size_t Capacity() const { return config_.capacity; }
  std::size_t RecordBytes() const { return recordBytes_; }

  // The slots in use, in no set order (an exchange or Add changes it).
  std::span<const std::uint32_t> Slots() const { return used_; }
  std::uint32_t SlotOf(std::uint64_t id) const { return id < slotOf_.size() ? slotOf_[id] : kNoSlot; }
  std::uint64_t IdOf(std::size_t slot) const { return idOf_[slot]; }
  std::span<std::byte> AgentBytes(std::size_t slot) { return {agents_.get() + slot * agentStride_, config_.agentBytes}; }
  std::span<std::byte> Block(std::size_t slot) { return {blocks_.get() + slot * blockStride_, blockBytes_}; }
  template <class Agent>
  Agent& AgentAt(std::size_t slot) {
    return *reinterpret_cast<Agent*>(agents_.get() + slot * agentStride_);
  }
  // The slots' agents and blocks for bt/crowd/ticks.h's ticks.
  template <class Agent>
  CrowdMembers<Agent> Members() {
    return {reinterpret_cast<Agent*>(agents_.get()), agentStride_, blocks_.get(), blockStride_, blockBytes_};
  }
  CrowdAgentState State(std::size_t slot) const { return crowd_.State(slot); }

  // A new agent on this rank (the first population): the game's bytes, a fresh
  // block, the interval by id. Done, or BadSave for an id out of range or
  // already here, a full rank, or bytes of the wrong size.
  Status Add(std::uint64_t id, std::span<const std::byte> agent, int interval = 1);
  // Ignored for an agent not on this rank (its own rank sets it).
  void SetInterval(std::uint64_t id, int interval);
  void Wake(std::uint64_t id);
  // Grows the exchange buffers for this many migrants each way (otherwise they grow as needed).
  void Reserve(std::size_t migrants);

  // One frame on this rank: tickOne(slot, time, dt[, wakeTime]) -> TickResult
  // for each agent due and awake (as Crowd::Tick, without a budget).
  template <class TickOne>
  CrowdTickResult Tick(double time, float frameDt, TickOne&& tickOne, ParallelFor parallel = {}) {
    const CrowdTickResult result =
        crowd_.Tick(time, frameDt, std::forward<TickOne>(tickOne), std::numeric_limits<std::size_t>::max(), parallel);
    ++frame_;
    return result;
  }

  // The agent leaves for `rank` at the next Exchange (the last call wins; its own rank: it stays).
  void Send(std::size_t slot, int rank);
  // Collective: the marked agents leave, the ones sent here join.
  ExchangeResult Exchange();

  // Collective: the whole sharded crowd into base/frame-NNNNNNNNNNNN/ (one
  // file per rank, then the manifest, which makes it whole: a checkpoint cut
  // short has none and is never restored). bt/mpi/checkpoint.cpp.
  CheckpointResult WriteCheckpoint(const std::string& base);
  // Collective, on an empty sharded crowd of the same tree, game state and
  // global agents, on any rank count: the checkpoint's agents join the ranks
  // `placement` gives them and the frame count continues from it. Damaged or
  // foreign bytes are refused, naming the rank whose file holds them and the
  // agent; then no rank keeps any agent.
  CheckpointResult RestoreCheckpoint(const std::string& directory, ShardPlacement placement, void* context = nullptr);
  // The folder of base's latest whole checkpoint; empty if none.
  static std::string LatestCheckpoint(const std::string& base);

  // Joins one record that arrived from rank `from` (an exchange's, a
  // checkpoint's, a fuzzer's; `how` says which in the message: "rank", "the
  // checkpoint's file of rank"); false, with LastError naming rank and agent, if refused.
  bool JoinRecord(std::span<const std::byte> record, int from, const char* how);

 private:
  struct AlignedFree {
    void operator()(std::byte* p) const;
  };
  struct Outgoing {
    std::uint64_t id;
    std::uint32_t slot;
    std::int32_t rank;
  };
  struct Arrival {
    std::uint64_t id;
    const std::byte* record;
    int from;
  };
  void Occupy(std::uint32_t slot, std::uint64_t id);
  void Release(std::uint32_t slot);
  // The agent's record into `out` (RecordBytes()); `leave`: it emigrates.
  bool WriteRecord(std::uint32_t slot, std::byte* out, bool leave);
  void Clear();
  [[gnu::format(printf, 2, 3)]] void Fail(const char* format, ...);

  const DeciderDef* root_;
  ShardTransport* transport_;
  ShardedCrowdConfig config_;
  bool ok_ = false;
  char error_[384] = "";
  std::size_t blockBytes_ = 0, blockStride_ = 0, agentStride_ = 0, agentPadded_ = 0, migrantBytes_ = 0,
              recordBytes_ = 0;
  Crowd crowd_;
  std::unique_ptr<std::byte[], AlignedFree> agents_, blocks_;
  std::vector<std::uint64_t> idOf_;    // by slot
  std::vector<std::uint32_t> slotOf_;  // by id: kNoSlot when not here
  std::vector<std::uint32_t> used_, usedAt_, free_;
  std::vector<std::int32_t> sendTo_;   // by slot: -1, or the rank it leaves for
  std::vector<Outgoing> outgoing_;
  std::vector<Arrival> arrivals_;
  std::vector<std::byte> sendBuffer_, receiveBuffer_;
  std::vector<std::uint64_t> counts_;  // 4 x Ranks(): sent, their offsets, received, their offsets
  std::uint64_t frame_ = 0;
};

// The checksum of a record's bytes after its id and checksum (and of the id):
// 64 bits, word by word.
std::uint64_t ShardRecordChecksum(std::span<const std::byte> record);

}  // namespace bt
