// tests/mpi/shard_run.cpp — the walkers' world (tests/mpi/walkers.h) run in one
// process on a plain bt::Crowd (--reference), or sharded over MPI ranks
// (bt/mpi/sharded_crowd.h) with checkpoints, restarts and a rank killed on
// purpose; each run writes every agent's calls digest, game state, crowd state
// and block, one line per agent by id, for tests/mpi/mpi_test.sh to compare.
//
//   shard_run --reference OUT [--agents N] [--frames F]
//   mpirun -n R shard_run OUT [--agents N] [--frames F] [--checkpoint-every K --checkpoints DIR]
//                             [--restore DIR|latest] [--die-at FRAME --die-rank RANK] [--local]
//   shard_run --damage FILE OFFSET     flips a byte of a checkpoint file (the refusal test)
//   shard_run --foreign FILE           gives a checkpoint file's first agent another tree's stamp, checksum kept whole
//
// OUT gets ".rank-R" appended in a sharded run. Exit 0 when the run was whole.
#include <signal.h>

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "bt/bt.h"
#include "bt/crowd/crowd.h"
#include "bt/crowd/migration.h"
#include "bt/mpi/mpi_transport.h"
#include "bt/mpi/sharded_crowd.h"
#include "tests/mpi/walkers.h"

using walkers::Record;
using walkers::Walker;

namespace {

using walkers::WALKER_ROOT;

// Another tree, for a foreign stamp.
bt::Result IdleTick(Walker&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__TICK(OTHER_IDLE_B, IdleTick);
BT_DEFINE_DECIDER(OTHER_IDLE, OTHER_IDLE_B);
BT_DEFINE_GROUP(OTHER_ROOT, PrioritizedList, BT_CHILDREN(OTHER_IDLE));

// ---------------------------------------------------------------- the run
struct Options {
  std::string out;
  std::uint64_t agents = 10000;
  std::uint64_t frames = 1000;
  std::uint64_t checkpointEvery = 0;
  std::string checkpoints;
  std::string restore;
  std::int64_t dieAt = -1;
  int dieRank = 0;
  bool reference = false, local = false;
};

// The agent's line: id, its calls and their digest, its game state, its crowd state, its block.
void WriteAgent(std::FILE* f, std::uint64_t id, const Walker& w, const bt::CrowdAgentState& s,
                std::span<const std::byte> block) {
  std::fprintf(f, "%010" PRIu64 " calls %u hash %016" PRIx64 " rng %08x hunger %a fear %a region %d crossings %u", id,
               w.calls, w.hash, w.rng, static_cast<double>(w.hunger), static_cast<double>(w.fear), w.region, w.crossings);
  std::fprintf(f, " interval %d dueIn %d last %a wake %a block ", s.interval, s.dueIn, s.lastTickTime, s.wakeTime);
  for (const std::byte b : block) std::fprintf(f, "%02x", static_cast<unsigned>(b));
  std::fputc('\n', f);
}

// The frame's rules before the tick, over `setInterval(id, n)`, `wake(id)` and the agents here.
template <class SetInterval, class Wake, class ForEachHere>
void BeforeTick(std::uint64_t frame, std::uint64_t agents, SetInterval setInterval, Wake wake, ForEachHere forEachHere) {
  for (int k = 0; k < walkers::kIntervalChanges; ++k)
    setInterval(walkers::IntervalChangeId(frame, k, agents), walkers::IntervalChange(frame, k));
  if (frame > 0)
    forEachHere([&](std::uint64_t id) {
      if (walkers::StimuliAt(id, frame) != walkers::StimuliAt(id, frame - 1)) wake(id);
    });
  for (int k = 0; k < walkers::kRandomWakes; ++k) wake(walkers::RandomWakeId(frame, k, agents));
}

int RunReference(const Options& o) {
  std::vector<Walker> walkerOf(o.agents);
  std::vector<bt::MemoryFor<WALKER_ROOT>> blocks(o.agents);
  bt::Crowd crowd(o.agents);
  for (std::uint64_t id = 0; id < o.agents; ++id) {
    walkerOf[id] = walkers::NewWalker(id);
    bt::SetIntervalById(crowd, id, id, walkers::FirstInterval(id), 0);
  }
  const bt::CrowdMembers<Walker> members = bt::ContiguousMembers(walkerOf.data(), blocks.data());
  for (std::uint64_t frame = 0; frame < o.frames; ++frame) {
    BeforeTick(
        frame, o.agents, [&](std::uint64_t id, int n) { bt::SetIntervalById(crowd, id, id, n, frame); },
        [&](std::uint64_t id) { crowd.Wake(id); },
        [&](auto body) {
          for (std::uint64_t id = 0; id < o.agents; ++id) body(id);
        });
    const double time = static_cast<double>(frame) * walkers::kFrameDt;
    const bt::CrowdTickResult r = crowd.Tick(
        time, static_cast<float>(walkers::kFrameDt),
        [&](std::size_t id, double t, float dt, double& wake) {
          return bt::TickBehaviorTreeCompiled<WALKER_ROOT>(members.AgentAt(id), members.BlockAt(id), t, dt, 0,
                                                          walkers::StimuliAt(id, frame), bt::TickOptions{.wakeTime = &wake});
        });
    if (r.refused != 0) {
      std::fprintf(stderr, "reference: %zu ticks refused at frame %" PRIu64 "\n", r.refused, frame);
      return 1;
    }
    for (std::uint64_t id = 0; id < o.agents; ++id) walkers::Cross(walkerOf[id], id, frame);
  }
  std::FILE* f = std::fopen(o.out.c_str(), "w");
  if (f == nullptr) return 1;
  for (std::uint64_t id = 0; id < o.agents; ++id) WriteAgent(f, id, walkerOf[id], crowd.State(id), blocks[id].Span());
  return std::fclose(f) == 0 ? 0 : 1;
}

int Placement(std::uint64_t, std::span<const std::byte> agent, int ranks, void*) {
  Walker w;
  std::memcpy(&w, agent.data(), sizeof w);
  return walkers::OwnerOf(w.region, ranks);
}

const char* CheckWalker(std::span<const std::byte> agent, void*) {
  Walker w;
  std::memcpy(&w, agent.data(), sizeof w);
  return w.region >= 0 && w.region < walkers::kRegions ? nullptr : "a region outside the world";
}

int RunSharded(const Options& o, bt::ShardTransport& transport) {
  bt::ShardedCrowdConfig config;
  config.globalAgents = o.agents;
  config.capacity = o.agents;  // a rank may come to hold every agent
  config.agentBytes = sizeof(Walker);
  config.checkAgent = CheckWalker;
  bt::ShardedCrowd shard(WALKER_ROOT, transport, config);
  const int rank = shard.Rank(), ranks = shard.Ranks();
  if (!shard.Ok()) {
    std::fprintf(stderr, "%s\n", shard.LastError());
    return 1;
  }
  if (o.restore.empty()) {
    for (std::uint64_t id = 0; id < o.agents; ++id) {
      const Walker w = walkers::NewWalker(id);
      if (walkers::OwnerOf(w.region, ranks) == rank)
        if (shard.Add(id, std::as_bytes(std::span(&w, 1)), walkers::FirstInterval(id)) != bt::Status::Done) return 1;
    }
  } else {
    const std::string directory = o.restore == "latest" ? bt::ShardedCrowd::LatestCheckpoint(o.checkpoints) : o.restore;
    const bt::CheckpointResult restored = shard.RestoreCheckpoint(directory, Placement);
    if (!restored.ok) {
      std::fprintf(stderr, "%s\n", shard.LastError());
      return 3;
    }
    if (rank == 0) std::printf("restored %s at frame %" PRIu64 " on %d ranks\n", directory.c_str(), restored.frame, ranks);
  }
  shard.Reserve(o.agents / 16);
  std::size_t migrations = 0;
  for (std::uint64_t frame = shard.Frame(); frame < o.frames; frame = shard.Frame()) {
    BeforeTick(
        frame, o.agents, [&](std::uint64_t id, int n) { shard.SetInterval(id, n); }, [&](std::uint64_t id) { shard.Wake(id); },
        [&](auto body) {
          for (const std::uint32_t slot : shard.Slots()) body(shard.IdOf(slot));
        });
    const double time = static_cast<double>(frame) * walkers::kFrameDt;
    const bt::CrowdMembers<Walker> members = shard.Members<Walker>();
    const bt::CrowdTickResult r =
        shard.Tick(time, static_cast<float>(walkers::kFrameDt), [&](std::size_t slot, double t, float dt, double& wake) {
          return bt::TickBehaviorTreeCompiled<WALKER_ROOT>(members.AgentAt(slot), members.BlockAt(slot), t, dt, 0,
                                                          walkers::StimuliAt(shard.IdOf(slot), frame),
                                                          bt::TickOptions{.wakeTime = &wake});
        });
    if (r.refused != 0) {
      std::fprintf(stderr, "rank %d: %zu ticks refused at frame %" PRIu64 "\n", rank, r.refused, frame);
      return 1;
    }
    for (const std::uint32_t slot : shard.Slots()) {
      Walker& w = shard.AgentAt<Walker>(slot);
      if (walkers::Cross(w, shard.IdOf(slot), frame)) shard.Send(slot, walkers::OwnerOf(w.region, ranks));
    }
    const bt::ExchangeResult moved = shard.Exchange();
    if (!moved.ok) {
      std::fprintf(stderr, "%s\n", shard.LastError());
      return 1;
    }
    migrations += moved.sent;
    if (o.checkpointEvery > 0 && shard.Frame() % o.checkpointEvery == 0) {
      const bt::CheckpointResult written = shard.WriteCheckpoint(o.checkpoints);
      if (!written.ok) {
        std::fprintf(stderr, "%s\n", shard.LastError());
        return 1;
      }
    }
    // The fault test: this rank dies as a lost host would, without a word to the others.
    if (o.dieAt >= 0 && shard.Frame() == static_cast<std::uint64_t>(o.dieAt) && rank == o.dieRank) raise(SIGKILL);
  }
  std::vector<std::pair<std::uint64_t, std::uint32_t>> byId;
  for (const std::uint32_t slot : shard.Slots()) byId.emplace_back(shard.IdOf(slot), slot);
  std::sort(byId.begin(), byId.end());
  const std::string path = o.out + ".rank-" + std::to_string(rank);
  std::FILE* f = std::fopen(path.c_str(), "w");
  if (f == nullptr) return 1;
  for (const auto& [id, slot] : byId) WriteAgent(f, id, shard.AgentAt<Walker>(slot), shard.State(slot), shard.Block(slot));
  if (std::fclose(f) != 0) return 1;
  std::uint64_t sums[1] = {migrations};
  transport.SumAll(sums, 1);
  if (rank == 0) std::printf("%d ranks: %" PRIu64 " migrations\n", ranks, sums[0]);
  return 0;
}

// Flips one byte of a file (the damage test).
int Damage(const char* path, long offset) {
  std::FILE* f = std::fopen(path, "r+b");
  if (f == nullptr || std::fseek(f, offset, SEEK_SET) != 0) return 1;
  const int c = std::fgetc(f);
  if (c == EOF || std::fseek(f, offset, SEEK_SET) != 0) return 1;
  std::fputc(c ^ 0x5a, f);
  return std::fclose(f) == 0 ? 0 : 1;
}

// Gives the first record of a checkpoint file a block of another tree, its checksum made whole again:
// the bytes are sound, and foreign.
int Foreign(const char* path, std::size_t recordBytes) {
  std::FILE* f = std::fopen(path, "r+b");
  if (f == nullptr) return 1;
  std::vector<std::byte> record(recordBytes);
  constexpr long kHeader = 72;
  if (std::fseek(f, kHeader, SEEK_SET) != 0 || std::fread(record.data(), 1, recordBytes, f) != recordBytes) return 1;
  // The block begins after the id, checksum, walker (padded) and the migrant's header; its tree stamp first.
  bt::MemoryFor<OTHER_ROOT> other;
  if (!bt::InitializeTreeData(OTHER_ROOT)) return 1;
  Walker w;
  if (!bt::IsOk(bt::TickBehaviorTree(OTHER_ROOT, w, other.Span(), 0.0, 0.0f).status)) return 1;
  const std::size_t blockAt = 16 + (sizeof(Walker) + 7) / 8 * 8 + bt::kMigrantHeaderBytes;
  std::memcpy(record.data() + blockAt, other.bytes, 4);  // the tree stamp
  const std::uint64_t sum = bt::ShardRecordChecksum(record);
  std::memcpy(record.data() + 8, &sum, 8);
  if (std::fseek(f, kHeader, SEEK_SET) != 0 || std::fwrite(record.data(), 1, recordBytes, f) != recordBytes) return 1;
  return std::fclose(f) == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (!bt::InitializeTreeData(WALKER_ROOT)) return 1;
  if (argc == 4 && std::strcmp(argv[1], "--damage") == 0) return Damage(argv[2], std::atol(argv[3]));
  if (argc == 3 && std::strcmp(argv[1], "--foreign") == 0) {
    bt::LocalTransport local;
    bt::ShardedCrowdConfig config;
    config.agentBytes = sizeof(Walker);
    return Foreign(argv[2], bt::ShardedCrowd(WALKER_ROOT, local, config).RecordBytes());
  }
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const char* next = i + 1 < argc ? argv[i + 1] : "";
    if (a == "--reference") o.reference = true, o.out = next, ++i;
    else if (a == "--local") o.local = true;
    else if (a == "--agents") o.agents = std::strtoull(next, nullptr, 10), ++i;
    else if (a == "--frames") o.frames = std::strtoull(next, nullptr, 10), ++i;
    else if (a == "--checkpoint-every") o.checkpointEvery = std::strtoull(next, nullptr, 10), ++i;
    else if (a == "--checkpoints") o.checkpoints = next, ++i;
    else if (a == "--restore") o.restore = next, ++i;
    else if (a == "--die-at") o.dieAt = std::atoll(next), ++i;
    else if (a == "--die-rank") o.dieRank = std::atoi(next), ++i;
    else if (a.rfind("--", 0) != 0) o.out = a;
    else {
      std::fprintf(stderr, "shard_run: unknown option %s\n", a.c_str());
      return 2;
    }
  }
  if (o.out.empty()) return 2;
  if (o.reference) return RunReference(o);
  if (o.local) {
    bt::LocalTransport local;
    return RunSharded(o, local);
  }
  bt::MpiSession session(&argc, &argv);
  bt::MpiTransport transport;
  return RunSharded(o, transport);
}
