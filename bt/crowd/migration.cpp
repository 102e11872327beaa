// bt/crowd/migration.cpp — migrants: a crowd state header, then the saved block.
#include "bt/crowd/migration.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "bt/core/refusal.h"
#include "bt/core/tree.h"

namespace bt {
namespace {

void WriteHeader(const CrowdAgentState& state, std::byte* out) {
  const std::int32_t interval = state.interval, dueIn = state.dueIn;
  std::memcpy(out, &state.lastTickTime, 8);
  std::memcpy(out + 8, &interval, 4);
  std::memcpy(out + 12, &dueIn, 4);
  std::memcpy(out + 16, &state.wakeTime, 8);
}

CrowdAgentState ReadHeader(const std::byte* in) {
  CrowdAgentState state;
  std::int32_t interval = 0, dueIn = 0;
  std::memcpy(&state.lastTickTime, in, 8);
  std::memcpy(&interval, in + 8, 4);
  std::memcpy(&dueIn, in + 12, 4);
  std::memcpy(&state.wakeTime, in + 16, 8);
  state.interval = interval;
  state.dueIn = dueIn;
  return state;
}

// A time as the tick accepts it (TimesAcceptable): what a crowd's clock reads.
bool ClockTime(double time) { return std::fabs(time) <= kMaxTickTime; }

// The header's first field no crowd writes (Crowd::State), or None.
MigrantField DamagedField(const CrowdAgentState& state) {
  if (!std::isnan(state.lastTickTime) && !ClockTime(state.lastTickTime)) return MigrantField::LastTickTime;
  if (state.interval < 1 || state.interval > kCrowdMaxInterval ||
      !std::has_single_bit(static_cast<unsigned>(state.interval)))
    return MigrantField::Interval;
  if (state.dueIn < 0 || state.dueIn >= state.interval) return MigrantField::DueIn;
  if (!std::isinf(state.wakeTime) && !ClockTime(state.wakeTime)) return MigrantField::WakeTime;  // NaN too
  return MigrantField::None;
}

// Reports the refusal of a damaged header (bt/core/refusal.h), naming the field and its value.
[[gnu::cold]] void RefuseMigrant(const DeciderDef& root, std::span<const std::byte> migrant,
                                 std::span<const std::byte> block, const CrowdAgentState& state, MigrantField field) {
  char rule[80] = "";
  double value = 0;
  switch (field) {
    case MigrantField::LastTickTime:
      std::snprintf(rule, sizeof rule, "NaN (never ticked) or a time within +-%g s", kMaxTickTime);
      value = state.lastTickTime;
      break;
    case MigrantField::Interval:
      std::snprintf(rule, sizeof rule, "a power of two from 1 to %d", kCrowdMaxInterval);
      value = state.interval;
      break;
    case MigrantField::DueIn:
      std::snprintf(rule, sizeof rule, "from 0 to %d (its interval less 1)", state.interval - 1);
      value = state.dueIn;
      break;
    case MigrantField::WakeTime:
      std::snprintf(rule, sizeof rule, "-inf (awake), +inf (until woken) or a time within +-%g s", kMaxTickTime);
      value = state.wakeTime;
      break;
    case MigrantField::None: break;
  }
  char detail[192];
  std::snprintf(detail, sizeof detail, "the migrant's %s is %g, not %s: its header is damaged",
                MigrantFieldName(field), value, rule);
  detail::RefusalFacts facts{Status::BadMigrant, "immigrate", &root,        nullptr,        nullptr,       0, 0,
                             block.data(),       block.size(), migrant.data(), migrant.size(), detail};
  detail::ReportRefusal(facts);
}

}  // namespace

std::size_t MigrantBytesFor(const DeciderDef& root) {
  const std::size_t block = MemoryBytesFor(root);
  return block == 0 ? 0 : kMigrantHeaderBytes + block;
}

SaveResult SaveMigrant(const DeciderDef& root, const Crowd& crowd, std::size_t agent, std::span<const std::byte> block,
                       std::span<std::byte> out) noexcept {
  const CrowdAgentState state = crowd.State(agent);
  if (state.interval == 0) return {Status::BadSave, 0};
  // A short `out` leaves SaveMemory less than the block's bytes: its own MemoryTooSmall.
  const std::size_t header = out.size() < kMigrantHeaderBytes ? out.size() : kMigrantHeaderBytes;
  const SaveResult saved = SaveMemory(root, block, out.subspan(header));
  if (saved.status != Status::Done) return saved;
  WriteHeader(state, out.data());
  return {Status::Done, kMigrantHeaderBytes + saved.bytes};
}

SaveResult Emigrate(const DeciderDef& root, Crowd& crowd, std::size_t agent, std::span<const std::byte> block,
                    std::span<std::byte> out) noexcept {
  const SaveResult saved = SaveMigrant(root, crowd, agent, block, out);
  if (saved.status == Status::Done) crowd.Leave(agent);
  return saved;
}

const char* MigrantFieldName(MigrantField field) {
  switch (field) {
    case MigrantField::None: return "none";
    case MigrantField::LastTickTime: return "lastTickTime";
    case MigrantField::Interval: return "interval";
    case MigrantField::DueIn: return "dueIn";
    case MigrantField::WakeTime: return "wakeTime";
  }
  return "?";
}

ImmigrateResult Immigrate(const DeciderDef& root, Crowd& crowd, std::size_t agent, std::span<const std::byte> migrant,
                          std::span<std::byte> block) noexcept {
  if (agent >= crowd.Size()) return {Status::BadSave};
  // A migrant too short for its header is BadSave from RestoreMemory, as a save of the wrong length.
  if (migrant.size() < kMigrantHeaderBytes) return {RestoreMemory(root, migrant, block)};
  // Copied out first: restored in place, the block overwrites the header's bytes.
  const CrowdAgentState state = ReadHeader(migrant.data());
  if (const MigrantField damaged = DamagedField(state); damaged != MigrantField::None) {
    RefuseMigrant(root, migrant, block, state, damaged);
    return {Status::BadMigrant, damaged};
  }
  const Status restored = RestoreMemory(root, migrant.subspan(kMigrantHeaderBytes), block);
  if (restored != Status::Done) return {restored};
  crowd.Join(agent, state);
  return {Status::Done};
}

}  // namespace bt
