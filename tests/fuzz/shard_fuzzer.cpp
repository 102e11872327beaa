// tests/fuzz/shard_fuzzer.cpp — libFuzzer harness over what a sharded crowd
// (bt/mpi/sharded_crowd.h) reads from outside: the records of an exchange and
// a checkpoint's files and manifest.
//
// Once, a small sharded crowd (one rank, bt::LocalTransport) of walkers that
// sleep and keep memory is ticked a few frames, and its records and a
// checkpoint of it are kept as sound bytes. An input then damages them: its
// first byte picks what (the records, one checkpoint file, the manifest's
// text) and whether the checksums are made whole again after (so the deeper
// checks, a migrant's header and tree stamp, and the game's check, are
// reached); the rest is (offset, xor) pairs. The damaged records are joined
// into an empty crowd, or the damaged checkpoint restored into one, and the
// joined agents are ticked, sent to themselves and checkpointed again.
// Checked: undamaged bytes are always taken whole; bytes damaged with the
// checksums left as they were are always refused; a refused restore leaves no
// agent; a taken one holds the manifest's count; nothing reads or writes out
// of bounds (ASan) and nothing joined makes a tick misbehave.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "bt/bt.h"
#include "bt/mpi/sharded_crowd.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

struct Walker {
  std::uint32_t steps = 0;
  std::int32_t region = 0;
};
struct Nap {
  double end;
};
bool NapActivate(Walker&, Nap& n, const bt::Context& c) {
  n.end = c.time + 0.1;
  return true;
}
bt::Result NapTick(Walker& w, Nap& n, const bt::Context& c) {
  ++w.steps;
  if (c.time >= n.end) return bt::Result::Done;
  c.SleepUntil(n.end);
  return bt::Result::Running;
}
bt::Result Walk(Walker& w) { return ++w.steps % 3 == 0 ? bt::Result::Done : bt::Result::Running; }
BT_DEFINE_BEHAVIOR__MEMORY(SF_NAP_B, Nap, NapActivate, NapTick, nullptr);
BT_DEFINE_BEHAVIOR__TICK(SF_WALK_B, Walk);
BT_DEFINE_DECIDER(SF_NAP, SF_NAP_B);
BT_DEFINE_DECIDER(SF_WALK, SF_WALK_B);
BT_DEFINE_GROUP(SF_ROOT, Sequential, BT_CHILDREN(SF_WALK, SF_NAP));

constexpr std::uint64_t kAgents = 12;
constexpr std::size_t kHeaderBytes = 72;  // a checkpoint file's (bt/mpi/checkpoint.cpp)

const char* CheckWalker(std::span<const std::byte> agent, void*) {
  Walker w;
  std::memcpy(&w, agent.data(), sizeof w);
  return w.region >= 0 && w.region < 4 ? nullptr : "a region outside the world";
}

bt::ShardedCrowdConfig Config() {
  bt::ShardedCrowdConfig config;
  config.globalAgents = kAgents;
  config.capacity = kAgents;
  config.agentBytes = sizeof(Walker);
  config.checkAgent = CheckWalker;
  return config;
}

int Placement(std::uint64_t, std::span<const std::byte>, int, void*) { return 0; }

bt::CrowdTickResult TickAll(bt::ShardedCrowd& shard, double time) {
  const bt::CrowdMembers<Walker> members = shard.Members<Walker>();
  return shard.Tick(time, 0.05f, bt::MakeCompiledCrowdTick<SF_ROOT>(members));
}

struct Sound {
  std::vector<std::byte> records;  // the agents' records, one after another
  std::size_t recordBytes = 0;
  std::string directory;           // a whole checkpoint
  std::vector<std::byte> rankFile;
  std::string manifest;
};

std::vector<std::byte> ReadAll(const std::string& path) {
  std::vector<std::byte> bytes;
  if (std::FILE* f = std::fopen(path.c_str(), "rb")) {
    std::byte chunk[4096];
    for (std::size_t n; (n = std::fread(chunk, 1, sizeof chunk, f)) > 0;) bytes.insert(bytes.end(), chunk, chunk + n);
    std::fclose(f);
  }
  return bytes;
}
void WriteAll(const std::string& path, const void* bytes, std::size_t size) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  FUZZ_CHECK(f != nullptr);
  FUZZ_CHECK(std::fwrite(bytes, 1, size, f) == size);
  std::fclose(f);
}

const Sound& MakeSound() {
  static const Sound sound = [] {
    Sound s;
    FUZZ_CHECK(bt::InitializeTreeData(SF_ROOT));
    bt::LocalTransport local;
    bt::ShardedCrowd shard(SF_ROOT, local, Config());
    for (std::uint64_t id = 0; id < kAgents; ++id) {
      const Walker w{0, static_cast<std::int32_t>(id % 4)};
      FUZZ_CHECK(shard.Add(id, std::as_bytes(std::span(&w, 1)), 1 << (id % 3)) == bt::Status::Done);
    }
    for (int frame = 0; frame < 7; ++frame) FUZZ_CHECK(TickAll(shard, frame * 0.05).refused == 0);
    s.recordBytes = shard.RecordBytes();
    // In memory where there is a tmpfs: a checkpoint syncs its files, which on a disk is slow.
    const std::string base = std::string(std::filesystem::is_directory("/dev/shm") ? "/dev/shm" : "/tmp") +
                             "/bt_shard_fuzzer." + std::to_string(getpid());
    std::filesystem::remove_all(base);
    static std::string removeAtExit;
    removeAtExit = base;
    std::atexit([] { std::filesystem::remove_all(removeAtExit); });
    const bt::CheckpointResult written = shard.WriteCheckpoint(base + "/sound");
    FUZZ_CHECK(written.ok);
    s.directory = written.directory;
    s.rankFile = ReadAll(s.directory + "/rank-0");
    const std::vector<std::byte> manifest = ReadAll(s.directory + "/manifest");
    s.manifest.assign(reinterpret_cast<const char*>(manifest.data()), manifest.size());
    s.records.assign(s.rankFile.begin() + kHeaderBytes, s.rankFile.end());
    return s;
  }();
  return sound;
}

// Writes each record's checksum anew.
void MendChecksums(std::byte* records, std::size_t count, std::size_t recordBytes) {
  for (std::size_t k = 0; k < count; ++k) {
    std::byte* r = records + k * recordBytes;
    const std::uint64_t sum = bt::ShardRecordChecksum({r, recordBytes});
    std::memcpy(r + 8, &sum, 8);
  }
}

// The joined agents go on: ticked, sent to their own rank, checkpointed.
void GoOn(bt::ShardedCrowd& shard, const std::string& scratch) {
  for (int frame = 0; frame < 3; ++frame) TickAll(shard, 1.0 + frame * 0.05);  // a damaged block is refused, not run
  for (const std::uint32_t slot : shard.Slots()) shard.Send(slot, 0);
  FUZZ_CHECK(shard.Exchange().ok);
  FUZZ_CHECK(shard.WriteCheckpoint(scratch).ok);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const Sound& sound = MakeSound();
  if (size == 0) return 0;
  const std::uint8_t mode = data[0];
  const bool mend = (mode & 0x80) != 0;
  const std::string scratch = sound.directory + "/../scratch";
  std::filesystem::remove_all(scratch);
  // The pairs (offset: 2 bytes, xor: 1 byte) after the mode; a xor of 0 changes nothing.
  const auto damage = [&](std::byte* bytes, std::size_t length) {
    for (std::size_t i = 1; i + 3 <= size && length > 0; i += 3) {
      const std::size_t at = (static_cast<std::size_t>(data[i]) | static_cast<std::size_t>(data[i + 1]) << 8) % length;
      bytes[at] ^= static_cast<std::byte>(data[i + 2]);
    }
  };
  bt::LocalTransport local;
  bt::ShardedCrowd shard(SF_ROOT, local, Config());
  FUZZ_CHECK(shard.Ok());
  switch (mode % 3) {
    case 0: {  // records, as an exchange brings them
      std::vector<std::byte> records = sound.records;
      const std::size_t count = records.size() / sound.recordBytes;
      damage(records.data(), records.size());
      const bool damagedRecord = records != sound.records;
      if (mend) MendChecksums(records.data(), count, sound.recordBytes);
      std::size_t joined = 0;
      for (std::size_t k = 0; k < count; ++k)
        joined += shard.JoinRecord({records.data() + k * sound.recordBytes, sound.recordBytes}, 1, "rank");
      if (!damagedRecord) FUZZ_CHECK(joined == count);
      if (damagedRecord && !mend) FUZZ_CHECK(joined < count);
      // A record of any other length is refused.
      FUZZ_CHECK(!shard.JoinRecord({records.data(), sound.recordBytes - 1 - size % 8}, 1, "rank"));
      GoOn(shard, scratch);
      break;
    }
    case 1: {  // a rank's checkpoint file
      std::vector<std::byte> file = sound.rankFile;
      // Now and then a file cut short or run on.
      if (data[0] & 0x40) file.resize(file.size() - std::min<std::size_t>(file.size(), size));
      if (data[0] & 0x20) {
        const auto* bytes = reinterpret_cast<const std::byte*>(data);
        file.insert(file.end(), bytes, bytes + size);
      }
      damage(file.data(), file.size());
      if (mend && file.size() > kHeaderBytes)
        MendChecksums(file.data() + kHeaderBytes, (file.size() - kHeaderBytes) / sound.recordBytes, sound.recordBytes);
      const std::string directory = scratch + "/file";
      std::filesystem::create_directories(directory);
      WriteAll(directory + "/rank-0", file.data(), file.size());
      WriteAll(directory + "/manifest", sound.manifest.data(), sound.manifest.size());
      const bt::CheckpointResult restored = shard.RestoreCheckpoint(directory, Placement);
      if (file == sound.rankFile) FUZZ_CHECK(restored.ok);
      if (file.size() != sound.rankFile.size() || (file != sound.rankFile && !mend)) FUZZ_CHECK(!restored.ok);
      if (!restored.ok) FUZZ_CHECK(shard.Size() == 0 && shard.LastError()[0] != '\0');
      if (restored.ok) FUZZ_CHECK(shard.Size() == kAgents && restored.frame == 7);
      GoOn(shard, scratch + "/again");
      break;
    }
    default: {  // the manifest's text
      std::string manifest = sound.manifest;
      damage(reinterpret_cast<std::byte*>(manifest.data()), manifest.size());
      if (data[0] & 0x40) manifest.assign(reinterpret_cast<const char*>(data + 1), size - 1);
      const std::string directory = scratch + "/manifest";
      std::filesystem::create_directories(directory);
      WriteAll(directory + "/rank-0", sound.rankFile.data(), sound.rankFile.size());
      WriteAll(directory + "/manifest", manifest.data(), manifest.size());
      const bt::CheckpointResult restored = shard.RestoreCheckpoint(directory, Placement);
      if (manifest == sound.manifest) FUZZ_CHECK(restored.ok);
      if (!restored.ok) FUZZ_CHECK(shard.Size() == 0);
      if (restored.ok) FUZZ_CHECK(shard.Size() == kAgents);
      GoOn(shard, scratch + "/again");
      break;
    }
  }
  return 0;
}
