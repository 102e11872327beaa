// bt/mpi/checkpoint.cpp — a sharded crowd's checkpoints: one file per rank, then a manifest.
//
// base/frame-NNNNNNNNNNNN/rank-R: a header (magic, format, rank, ranks, frame,
// global agents, the game's bytes per agent, record bytes, count, the header's
// checksum), then the rank's agents as records (bt/mpi/sharded_crowd.h) by id.
// base/frame-NNNNNNNNNNNN/manifest, written last by rank 0 when every rank's
// file is whole: a checkpoint without one was cut short and is never restored.
#include <unistd.h>

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <vector>

#include "bt/mpi/sharded_crowd.h"

namespace bt {
namespace {

constexpr char kMagic[8] = {'b', 't', 's', 'h', 'a', 'r', 'd', '\0'};
constexpr std::uint32_t kFormat = 1;
constexpr std::size_t kHeaderBytes = 72;
constexpr char kManifestFirstLine[] = "bt sharded crowd checkpoint 1";

struct FileHeader {
  std::uint32_t rank = 0, ranks = 0;
  std::uint64_t frame = 0, globalAgents = 0, agentBytes = 0, recordBytes = 0, count = 0;
};

void Put32(std::byte* p, std::uint32_t v) { std::memcpy(p, &v, 4); }
void Put64(std::byte* p, std::uint64_t v) { std::memcpy(p, &v, 8); }
std::uint32_t Get32(const std::byte* p) {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}
std::uint64_t Get64(const std::byte* p) {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}

// The header's checksum: a record's, over its first 64 bytes taken as a record whose id is 0.
std::uint64_t HeaderChecksum(const std::byte* header) {
  std::byte copy[kHeaderBytes - 8 + 16] = {};
  std::memcpy(copy + 16, header, kHeaderBytes - 8);
  return ShardRecordChecksum(copy);
}

void WriteHeader(const FileHeader& h, std::byte* out) {
  std::memset(out, 0, kHeaderBytes);
  std::memcpy(out, kMagic, 8);
  Put32(out + 8, kFormat);
  Put32(out + 12, h.rank);
  Put32(out + 16, h.ranks);
  Put64(out + 24, h.frame);
  Put64(out + 32, h.globalAgents);
  Put64(out + 40, h.agentBytes);
  Put64(out + 48, h.recordBytes);
  Put64(out + 56, h.count);
  Put64(out + 64, HeaderChecksum(out));
}

std::string FrameDirectory(const std::string& base, std::uint64_t frame) {
  char name[32];
  std::snprintf(name, sizeof name, "frame-%012" PRIu64, frame);
  return base + "/" + name;
}

std::string RankFile(const std::string& directory, std::uint64_t rank) {
  return directory + "/rank-" + std::to_string(rank);
}

// Writes `bytes` to path (through path.tmp, renamed when synced).
bool WriteFileAtomically(const std::string& path, const void* bytes, std::size_t size) {
  const std::string temporary = path + ".tmp";
  std::FILE* f = std::fopen(temporary.c_str(), "wb");
  if (f == nullptr) return false;
  bool ok = std::fwrite(bytes, 1, size, f) == size && std::fflush(f) == 0 && ::fsync(fileno(f)) == 0;
  ok = std::fclose(f) == 0 && ok;
  return ok && std::rename(temporary.c_str(), path.c_str()) == 0;
}

bool ReadFile(const std::string& path, std::vector<std::byte>& out) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return false;
  out.clear();
  std::byte chunk[65536];
  std::size_t n;
  while ((n = std::fread(chunk, 1, sizeof chunk, f)) > 0) out.insert(out.end(), chunk, chunk + n);
  const bool ok = std::ferror(f) == 0;
  std::fclose(f);
  return ok;
}

struct Manifest {
  std::uint64_t frame = 0, ranks = 0, agents = 0;
};

bool ReadManifest(const std::string& directory, Manifest& m) {
  std::FILE* f = std::fopen((directory + "/manifest").c_str(), "r");
  if (f == nullptr) return false;
  char first[64] = "";
  const bool ok = std::fgets(first, sizeof first, f) != nullptr &&
                  std::strncmp(first, kManifestFirstLine, sizeof kManifestFirstLine - 1) == 0 &&
                  std::fscanf(f, "frame %" SCNu64 " ranks %" SCNu64 " agents %" SCNu64, &m.frame, &m.ranks, &m.agents) == 3 &&
                  m.ranks > 0 && m.ranks < (1u << 20);
  std::fclose(f);
  return ok;
}

}  // namespace

CheckpointResult ShardedCrowd::WriteCheckpoint(const std::string& base) {
  CheckpointResult result;
  result.frame = frame_;
  result.directory = FrameDirectory(base, frame_);
  std::error_code error;
  std::filesystem::create_directories(result.directory, error);  // every rank: whoever comes first makes it
  // This rank's agents by id: its file does not depend on its slots.
  std::vector<std::pair<std::uint64_t, std::uint32_t>> byId;
  byId.reserve(used_.size());
  for (const std::uint32_t slot : used_) byId.emplace_back(idOf_[slot], slot);
  std::sort(byId.begin(), byId.end());
  std::vector<std::byte> file(kHeaderBytes + byId.size() * recordBytes_);
  bool ok = ok_ && !error;
  for (std::size_t k = 0; ok && k < byId.size(); ++k)
    ok = WriteRecord(byId[k].second, file.data() + kHeaderBytes + k * recordBytes_, false);
  FileHeader header;
  header.rank = static_cast<std::uint32_t>(Rank());
  header.ranks = static_cast<std::uint32_t>(Ranks());
  header.frame = frame_;
  header.globalAgents = config_.globalAgents;
  header.agentBytes = config_.agentBytes;
  header.recordBytes = recordBytes_;
  header.count = byId.size();
  WriteHeader(header, file.data());
  if (ok && !WriteFileAtomically(RankFile(result.directory, header.rank), file.data(), file.size())) {
    Fail("rank %d: cannot write %s", Rank(), RankFile(result.directory, header.rank).c_str());
    ok = false;
  }
  // Every rank's file is whole before the manifest says so.
  std::uint64_t sums[2] = {ok ? 0u : 1u, byId.size()};
  if (!transport_->SumAll(sums, 2)) sums[0] = 1;
  if (sums[0] == 0 && Rank() == 0) {
    char manifest[160];
    const int n = std::snprintf(manifest, sizeof manifest, "%s\nframe %" PRIu64 "\nranks %d\nagents %" PRIu64 "\n",
                                kManifestFirstLine, frame_, Ranks(), sums[1]);
    if (!WriteFileAtomically(result.directory + "/manifest", manifest, static_cast<std::size_t>(n))) {
      Fail("rank 0: cannot write %s/manifest", result.directory.c_str());
      sums[0] = 1;
    }
  }
  std::uint64_t failed = Rank() == 0 ? sums[0] : 0;
  if (!transport_->SumAll(&failed, 1)) failed = 1;
  if (sums[0] != 0 && ok) Fail("rank %d: another rank could not write its part of %s", Rank(), result.directory.c_str());
  result.ok = failed == 0 && sums[0] == 0;
  result.agents = byId.size();
  return result;
}

CheckpointResult ShardedCrowd::RestoreCheckpoint(const std::string& directory, ShardPlacement placement, void* context) {
  CheckpointResult result;
  result.directory = directory;
  bool ok = ok_ && used_.empty();
  if (ok_ && !used_.empty()) Fail("rank %d: a checkpoint restores into an empty sharded crowd only", Rank());
  Manifest manifest;
  if (ok && !ReadManifest(directory, manifest)) {
    Fail("rank %d: %s has no whole manifest: not a checkpoint, or one cut short", Rank(), directory.c_str());
    ok = false;
  }
  std::vector<bool> seen(ok ? config_.globalAgents : 0);
  std::vector<std::byte> file;
  std::uint64_t total = 0;
  for (std::uint64_t r = 0; ok && r < manifest.ranks; ++r) {
    const std::string path = RankFile(directory, r);
    if (!ReadFile(path, file)) {
      Fail("rank %d: the checkpoint's file of rank %" PRIu64 " (%s) cannot be read", Rank(), r, path.c_str());
      ok = false;
      break;
    }
    const std::byte* h = file.data();
    const char* wrong = nullptr;
    if (file.size() < kHeaderBytes || std::memcmp(h, kMagic, 8) != 0) wrong = "it is not a bt checkpoint's file";
    else if (Get32(h + 8) != kFormat) wrong = "it is of another format version";
    else if (Get64(h + 64) != HeaderChecksum(h)) wrong = "its header is damaged";
    else if (Get32(h + 12) != r || Get32(h + 16) != manifest.ranks || Get64(h + 24) != manifest.frame)
      wrong = "it belongs to another checkpoint (its rank, ranks or frame differ from the manifest)";
    else if (Get64(h + 32) != config_.globalAgents || Get64(h + 40) != config_.agentBytes || Get64(h + 48) != recordBytes_)
      wrong = "it is another program's (its global agents, game bytes per agent or record size differ from this one's)";
    else if (file.size() != kHeaderBytes + Get64(h + 56) * recordBytes_) wrong = "its length is not its records'";
    if (wrong != nullptr) {
      Fail("rank %d refuses the checkpoint's file of rank %" PRIu64 ": %s", Rank(), r, wrong);
      ok = false;
      break;
    }
    const std::uint64_t count = Get64(h + 56);
    for (std::uint64_t k = 0; ok && k < count; ++k) {
      const std::span<const std::byte> record(file.data() + kHeaderBytes + k * recordBytes_, recordBytes_);
      const std::uint64_t id = Get64(record.data());
      // Checked by every rank, not only the one it joins: all refuse the same checkpoint.
      if (Get64(record.data() + 8) != ShardRecordChecksum(record) || id >= config_.globalAgents || seen[id]) {
        Fail("rank %d refuses agent %" PRIu64 " from the checkpoint's file of rank %" PRIu64 " (its record %" PRIu64 "): %s",
             Rank(), id, r, k,
             Get64(record.data() + 8) != ShardRecordChecksum(record) ? "its bytes are damaged (their checksum differs)"
             : id >= config_.globalAgents                          ? "the id is beyond the global agents"
                                                                   : "the id is in the checkpoint twice");
        ok = false;
        break;
      }
      seen[id] = true;
      ++total;
      const int to = placement(id, record.subspan(16, config_.agentBytes), Ranks(), context);
      if (to == Rank()) {
        if (!JoinRecord(record, static_cast<int>(r), "the checkpoint's file of rank")) ok = false;
        else ++result.agents;
      }
    }
  }
  if (ok && total != manifest.agents) {
    Fail("rank %d: the checkpoint's files hold %" PRIu64 " agents, its manifest %" PRIu64 ": refused", Rank(), total,
         manifest.agents);
    ok = false;
  }
  std::uint64_t failed = ok ? 0 : 1;
  if (!transport_->SumAll(&failed, 1)) failed = 1;
  if (failed != 0) {
    if (ok) Fail("rank %d: another rank refused the checkpoint %s", Rank(), directory.c_str());
    Clear();
    result.agents = 0;
    return result;
  }
  frame_ = manifest.frame;
  result.frame = manifest.frame;
  result.ok = true;
  return result;
}

std::string ShardedCrowd::LatestCheckpoint(const std::string& base) {
  std::string best;
  std::uint64_t bestFrame = 0;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(base, error)) {
    Manifest m;
    if (!entry.is_directory() || !ReadManifest(entry.path().string(), m)) continue;
    if (best.empty() || m.frame > bestFrame) best = entry.path().string(), bestFrame = m.frame;
  }
  return best;
}

}  // namespace bt
