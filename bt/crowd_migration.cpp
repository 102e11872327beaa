// bt/crowd_migration.cpp — migrants: a crowd state header, then the saved block.
#include "bt/crowd_migration.h"

#include <cstdint>
#include <cstring>

#include "bt/tree.h"

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

}  // namespace

std::size_t MigrantBytesFor(const DeciderDef& root) {
  const std::size_t block = MemoryBytesFor(root);
  return block == 0 ? 0 : kMigrantHeaderBytes + block;
}

SaveResult Emigrate(const DeciderDef& root, Crowd& crowd, std::size_t agent, std::span<const std::byte> block,
                    std::span<std::byte> out) noexcept {
  const CrowdAgentState state = crowd.State(agent);
  if (state.interval == 0) return {Status::BadSave, 0};
  // A short `out` leaves SaveMemory less than the block's bytes: its own MemoryTooSmall.
  const std::size_t header = out.size() < kMigrantHeaderBytes ? out.size() : kMigrantHeaderBytes;
  const SaveResult saved = SaveMemory(root, block, out.subspan(header));
  if (saved.status != Status::Done) return saved;
  WriteHeader(state, out.data());
  crowd.Leave(agent);
  return {Status::Done, kMigrantHeaderBytes + saved.bytes};
}

Status Immigrate(const DeciderDef& root, Crowd& crowd, std::size_t agent, std::span<const std::byte> migrant,
                 std::span<std::byte> block) noexcept {
  if (agent >= crowd.Size()) return Status::BadSave;
  // A migrant too short for its header is BadSave from RestoreMemory, as a save of the wrong length.
  const std::size_t header = migrant.size() < kMigrantHeaderBytes ? 0 : kMigrantHeaderBytes;
  const Status restored = RestoreMemory(root, migrant.subspan(header), block);
  if (restored != Status::Done) return restored;
  crowd.Join(agent, ReadHeader(migrant.data()));
  return Status::Done;
}

}  // namespace bt
