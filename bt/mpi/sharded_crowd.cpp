// bt/mpi/sharded_crowd.cpp — a rank's slots, the interval rule by id, records, and the exchange.
#include "bt/mpi/sharded_crowd.h"

#include <algorithm>
#include <chrono>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <new>

#include "bt/core/config.h"
#include "bt/core/tree.h"
#include "bt/crowd/migration.h"

namespace bt {
namespace {

constexpr std::size_t kRecordHead = 16;  // u64 id, u64 checksum
constexpr std::size_t kSlotAlign = 64;   // a cache line: slots never share one across the start of the arrays

std::uint64_t NanosecondsSince(std::chrono::steady_clock::time_point start) {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count());
}

std::size_t RoundUp(std::size_t n, std::size_t to) { return (n + to - 1) / to * to; }

std::byte* AllocateAligned(std::size_t bytes) {
  return static_cast<std::byte*>(::operator new[](bytes == 0 ? 1 : bytes, std::align_val_t{kSlotAlign}, std::nothrow));
}

std::uint64_t ReadU64(const std::byte* p) {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}
void WriteU64(std::byte* p, std::uint64_t v) { std::memcpy(p, &v, 8); }

int NormalizedInterval(int interval) {
  const int clamped = std::clamp(interval, 1, kCrowdMaxInterval);
  return 1 << (std::bit_width(static_cast<unsigned>(clamped)) - 1);
}

}  // namespace

std::uint64_t ShardRecordChecksum(std::span<const std::byte> record) {
  // A multiply-rotate over 8-byte words: any one damaged byte, and most more, changes it.
  std::uint64_t h = 0x9e3779b97f4a7c15ull ^ record.size();
  const auto mix = [&h](std::uint64_t word) {
    h = (h ^ word) * 0xff51afd7ed558ccdull;
    h = (h << 29) | (h >> 35);
  };
  if (record.size() >= 8) mix(ReadU64(record.data()));  // the id
  std::size_t i = kRecordHead;
  for (; i + 8 <= record.size(); i += 8) mix(ReadU64(record.data() + i));
  for (; i < record.size(); ++i) mix(static_cast<std::uint64_t>(record[i]) | 0x100);
  return h ^ (h >> 31);
}

void SetIntervalById(Crowd& crowd, std::size_t agent, std::uint64_t id, int interval, std::uint64_t frame) {
  CrowdAgentState state = crowd.State(agent);
  if (state.interval == 0) return;
  const int n = NormalizedInterval(interval);
  if (n == state.interval) return;  // it keeps its phase
  state.interval = n;
  state.dueIn = static_cast<int>((id - frame) & static_cast<std::uint64_t>(n - 1));
  crowd.Join(agent, state);
}

void ShardedCrowd::AlignedFree::operator()(std::byte* p) const { ::operator delete[](p, std::align_val_t{kSlotAlign}); }

ShardedCrowd::ShardedCrowd(const DeciderDef& root, ShardTransport& transport, const ShardedCrowdConfig& config)
    : root_(&root), transport_(&transport), config_(config), crowd_(config.capacity) {
  migrantBytes_ = MigrantBytesFor(root);
  blockBytes_ = MemoryBytesFor(root);
  if (migrantBytes_ == 0) {
    Fail("the tree is refused by InitializeTreeData");
    return;
  }
  if (config.capacity >= kNoSlot || config.globalAgents >= (std::uint64_t{1} << 40)) {
    Fail("a capacity of %zu or %llu global agents is beyond the sharded crowd's limits", config.capacity,
         static_cast<unsigned long long>(config.globalAgents));
    return;
  }
  blockStride_ = RoundUp(blockBytes_, kMaxAlignment);
  agentStride_ = RoundUp(std::max<std::size_t>(config.agentBytes, 1), kMaxAlignment);
  agentPadded_ = RoundUp(config.agentBytes, 8);
  recordBytes_ = kRecordHead + agentPadded_ + RoundUp(migrantBytes_, 8);
  agents_.reset(AllocateAligned(config.capacity * agentStride_));
  blocks_.reset(AllocateAligned(config.capacity * blockStride_));
  if (agents_ == nullptr || blocks_ == nullptr) {
    Fail("no memory for %zu slots", config.capacity);
    return;
  }
  std::memset(agents_.get(), 0, config.capacity * agentStride_);
  std::memset(blocks_.get(), 0, config.capacity * blockStride_);
  idOf_.assign(config.capacity, 0);
  slotOf_.assign(config.globalAgents, kNoSlot);
  used_.reserve(config.capacity);
  usedAt_.assign(config.capacity, kNoSlot);
  free_.reserve(config.capacity);
  for (std::size_t s = config.capacity; s-- > 0;) {
    free_.push_back(static_cast<std::uint32_t>(s));  // the lowest slot on top
    crowd_.Leave(s);
  }
  sendTo_.assign(config.capacity, -1);
  outgoing_.reserve(config.capacity);
  counts_.assign(4 * static_cast<std::size_t>(transport.Ranks()), 0);
  ok_ = true;
}

void ShardedCrowd::Fail(const char* format, ...) {
  std::va_list args;
  va_start(args, format);
  std::vsnprintf(error_, sizeof error_, format, args);
  va_end(args);
}

void ShardedCrowd::Occupy(std::uint32_t slot, std::uint64_t id) {
  idOf_[slot] = id;
  slotOf_[id] = slot;
  usedAt_[slot] = static_cast<std::uint32_t>(used_.size());
  used_.push_back(slot);
}

void ShardedCrowd::Release(std::uint32_t slot) {
  slotOf_[idOf_[slot]] = kNoSlot;
  const std::uint32_t at = usedAt_[slot], last = used_.back();
  used_[at] = last;
  usedAt_[last] = at;
  used_.pop_back();
  usedAt_[slot] = kNoSlot;
  sendTo_[slot] = -1;
  free_.push_back(slot);
}

void ShardedCrowd::Clear() {
  while (!used_.empty()) {
    const std::uint32_t slot = used_.back();
    crowd_.Leave(slot);
    Release(slot);
  }
  outgoing_.clear();
}

Status ShardedCrowd::Add(std::uint64_t id, std::span<const std::byte> agent, int interval) {
  if (!ok_ || id >= config_.globalAgents || slotOf_[id] != kNoSlot || free_.empty() ||
      agent.size() != config_.agentBytes)
    return Status::BadSave;
  const std::uint32_t slot = free_.back();
  free_.pop_back();
  std::memcpy(AgentBytes(slot).data(), agent.data(), agent.size());
  std::memset(Block(slot).data(), 0, blockBytes_);  // a fresh block: never ticked
  const int n = NormalizedInterval(interval);
  CrowdAgentState state;
  state.interval = n;
  state.dueIn = static_cast<int>((id - frame_) & static_cast<std::uint64_t>(n - 1));
  crowd_.Join(slot, state);
  Occupy(slot, id);
  return Status::Done;
}

void ShardedCrowd::SetInterval(std::uint64_t id, int interval) {
  if (const std::uint32_t slot = SlotOf(id); slot != kNoSlot) SetIntervalById(crowd_, slot, id, interval, frame_);
}

void ShardedCrowd::Wake(std::uint64_t id) {
  if (const std::uint32_t slot = SlotOf(id); slot != kNoSlot) crowd_.Wake(slot);
}

void ShardedCrowd::Reserve(std::size_t migrants) {
  if (sendBuffer_.size() < migrants * recordBytes_) sendBuffer_.resize(migrants * recordBytes_);
  if (receiveBuffer_.size() < migrants * recordBytes_) receiveBuffer_.resize(migrants * recordBytes_);
  if (arrivals_.capacity() < migrants) arrivals_.reserve(migrants);
}

void ShardedCrowd::Send(std::size_t slot, int rank) {
  if (slot >= config_.capacity || usedAt_[slot] == kNoSlot || rank < 0 || rank >= Ranks()) return;
  if (sendTo_[slot] < 0) outgoing_.push_back({idOf_[slot], static_cast<std::uint32_t>(slot), 0});
  sendTo_[slot] = rank;
}

bool ShardedCrowd::WriteRecord(std::uint32_t slot, std::byte* out, bool leave) {
  std::memset(out, 0, recordBytes_);  // the padding too: a record's bytes are all defined
  WriteU64(out, idOf_[slot]);
  std::memcpy(out + kRecordHead, AgentBytes(slot).data(), config_.agentBytes);
  const std::span<std::byte> migrant(out + kRecordHead + agentPadded_, migrantBytes_);
  const SaveResult saved = leave ? Emigrate(*root_, crowd_, slot, Block(slot), migrant)
                                 : SaveMigrant(*root_, crowd_, slot, Block(slot), migrant);
  if (saved.status != Status::Done) {
    Fail("rank %d, agent %llu: its block cannot be saved (%s)", Rank(), static_cast<unsigned long long>(idOf_[slot]),
         StatusName(saved.status));
    return false;
  }
  WriteU64(out + 8, ShardRecordChecksum({out, recordBytes_}));
  return true;
}

ExchangeResult ShardedCrowd::Exchange() {
  ExchangeResult result;
  auto phase = std::chrono::steady_clock::now();
  const std::size_t ranks = static_cast<std::size_t>(Ranks());
  std::uint64_t* sentCounts = counts_.data();
  std::uint64_t* sentOffsets = sentCounts + ranks;
  std::uint64_t* receivedCounts = sentOffsets + ranks;
  std::uint64_t* receivedOffsets = receivedCounts + ranks;
  std::fill(counts_.begin(), counts_.end(), 0);
  bool ok = ok_;
  // The marked agents by destination, then id: the bytes of a frame do not depend on slots.
  for (Outgoing& o : outgoing_) o.rank = sendTo_[o.slot];
  std::sort(outgoing_.begin(), outgoing_.end(),
            [](const Outgoing& a, const Outgoing& b) { return a.rank != b.rank ? a.rank < b.rank : a.id < b.id; });
  std::size_t leaving = 0;
  for (const Outgoing& o : outgoing_) leaving += o.rank != Rank();
  if (sendBuffer_.size() < leaving * recordBytes_) sendBuffer_.resize(leaving * recordBytes_);
  std::size_t written = 0;
  for (const Outgoing& o : outgoing_) {
    if (o.rank == Rank()) {
      sendTo_[o.slot] = -1;
      continue;
    }
    if (!WriteRecord(o.slot, sendBuffer_.data() + written, true)) {
      sendTo_[o.slot] = -1;  // it stays
      ok = false;
      continue;
    }
    Release(o.slot);
    written += recordBytes_;
    sentCounts[o.rank] += recordBytes_;
    ++result.sent;
  }
  outgoing_.clear();
  result.bytesSent = written;
  for (std::size_t r = 1; r < ranks; ++r) sentOffsets[r] = sentOffsets[r - 1] + sentCounts[r - 1];
  result.packNanoseconds = NanosecondsSince(phase);
  phase = std::chrono::steady_clock::now();
  if (!transport_->ExchangeCounts(sentCounts, receivedCounts)) {
    Fail("rank %d: the exchange of counts failed", Rank());
    return result;
  }
  std::uint64_t total = 0;
  for (std::size_t r = 0; r < ranks; ++r) {
    receivedOffsets[r] = total;
    total += receivedCounts[r];
  }
  if (receiveBuffer_.size() < total) receiveBuffer_.resize(total);
  if (!transport_->ExchangeBytes(sendBuffer_.data(), sentCounts, sentOffsets, receiveBuffer_.data(), receivedCounts,
                                 receivedOffsets)) {
    Fail("rank %d: the exchange of migrants failed", Rank());
    return result;
  }
  result.transportNanoseconds = NanosecondsSince(phase);
  phase = std::chrono::steady_clock::now();
  // The arrivals join by id, whichever ranks they came from.
  arrivals_.clear();
  if (arrivals_.capacity() < total / recordBytes_) arrivals_.reserve(total / recordBytes_);
  for (std::size_t r = 0; r < ranks; ++r) {
    if (receivedCounts[r] % recordBytes_ != 0) {
      Fail("rank %d: rank %zu sent %llu bytes, not whole records of %zu: refused", Rank(), r,
           static_cast<unsigned long long>(receivedCounts[r]), recordBytes_);
      ok = false;
      result.refused += receivedCounts[r] / recordBytes_ + 1;
      continue;
    }
    for (std::uint64_t at = 0; at < receivedCounts[r]; at += recordBytes_) {
      const std::byte* record = receiveBuffer_.data() + receivedOffsets[r] + at;
      arrivals_.push_back({ReadU64(record), record, static_cast<int>(r)});
    }
  }
  std::sort(arrivals_.begin(), arrivals_.end(), [](const Arrival& a, const Arrival& b) { return a.id < b.id; });
  for (const Arrival& a : arrivals_) {
    if (JoinRecord({a.record, recordBytes_}, a.from, "rank")) ++result.received;
    else ok = false, ++result.refused;
  }
  result.joinNanoseconds = NanosecondsSince(phase);
  result.ok = ok;
  return result;
}

bool ShardedCrowd::JoinRecord(std::span<const std::byte> record, int from, const char* how) {
  if (!ok_) return false;
  if (record.size() != recordBytes_) {
    Fail("rank %d refuses %zu bytes from %s %d: not a record of %zu", Rank(), record.size(), how, from, recordBytes_);
    return false;
  }
  const std::uint64_t id = ReadU64(record.data());
  const auto refuse = [&](const char* why, const char* detail) {
    Fail("rank %d refuses agent %llu from %s %d: %s%s", Rank(), static_cast<unsigned long long>(id), how, from, why, detail);
    return false;
  };
  if (ReadU64(record.data() + 8) != ShardRecordChecksum(record))
    return refuse("its bytes are damaged (their checksum differs; the id may be too)", "");
  if (id >= config_.globalAgents) return refuse("the id is beyond the global agents", "");
  if (slotOf_[id] != kNoSlot) return refuse("an agent of that id is already on this rank", "");
  if (free_.empty()) return refuse("this rank is full", "");
  const std::span<const std::byte> agent = record.subspan(kRecordHead, config_.agentBytes);
  if (config_.checkAgent != nullptr)
    if (const char* why = config_.checkAgent(agent, config_.checkContext)) return refuse("the game's check: ", why);
  const std::uint32_t slot = free_.back();
  const ImmigrateResult joined =
      Immigrate(*root_, crowd_, slot, record.subspan(kRecordHead + agentPadded_, migrantBytes_), Block(slot));
  if (joined.status != Status::Done) {
    char detail[96];
    std::snprintf(detail, sizeof detail, "%s%s%s", StatusName(joined.status),
                  joined.field != MigrantField::None ? ", field " : "",
                  joined.field != MigrantField::None ? MigrantFieldName(joined.field) : "");
    return refuse("its migrant is refused: ", detail);
  }
  free_.pop_back();
  std::memcpy(AgentBytes(slot).data(), agent.data(), agent.size());
  Occupy(slot, id);
  return true;
}

bool LocalTransport::ExchangeCounts(const std::uint64_t* counts, std::uint64_t* received) {
  received[0] = counts[0];
  return true;
}

bool LocalTransport::ExchangeBytes(const std::byte* send, const std::uint64_t* counts, const std::uint64_t* offsets,
                                   std::byte* receive, const std::uint64_t* receivedCounts,
                                   const std::uint64_t* receivedOffsets) {
  if (counts[0] != receivedCounts[0]) return false;
  if (counts[0] > 0) std::memmove(receive + receivedOffsets[0], send + offsets[0], counts[0]);
  return true;
}

}  // namespace bt
