// bt/crowd/migration.h — an agent leaving one crowd and joining another, in
// this process or another (a game server handing agents to another machine),
// mid-behavior.
//
// A migrant is the agent's crowd state (when it last ticked, its interval,
// when it is next due and until when it sleeps) followed by its block as SaveMemory writes it, which carries the
// tree's stamp: a migrant restored into another tree, or another version of
// this one, is refused. The bytes are in this machine's byte order. The game
// sends its own agent data (position, health...) alongside.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "bt/crowd/crowd.h"
#include "bt/engine/save.h"

namespace bt {

inline constexpr std::size_t kMigrantHeaderBytes = 24;  // double lastTickTime, int32 interval, int32 dueIn, double wakeTime

// Bytes of a migrant of this tree (0 if the tree is bad).
[[nodiscard]] std::size_t MigrantBytesFor(const DeciderDef& root);

// Writes the agent's migrant to the start of `out` and takes it out of the
// crowd. Refused, nothing written and the agent stays, as SaveMemory refuses
// (an `out` smaller than MigrantBytesFor(root) is MemoryTooSmall), or BadSave
// for an agent that is not a member. `bytes` counts the whole migrant.
SaveResult Emigrate(const DeciderDef& root, Crowd& crowd, std::size_t agent, std::span<const std::byte> block,
                    std::span<std::byte> out) noexcept;

// Writes the agent's migrant to the start of `out` as Emigrate does, but the
// agent stays in the crowd: a checkpoint's copy of it. Refused as Emigrate.
SaveResult SaveMigrant(const DeciderDef& root, const Crowd& crowd, std::size_t agent, std::span<const std::byte> block,
                       std::span<std::byte> out) noexcept;

// A field of a migrant's header, as Immigrate names the one it refuses.
enum class MigrantField : std::uint8_t {
  None,          // no field is damaged
  LastTickTime,  // not NaN (never ticked) nor a time the tick accepts
  Interval,      // not a power of two in [1, kCrowdMaxInterval]
  DueIn,         // not in [0, interval)
  WakeTime,      // not -inf (awake), +inf (until woken) nor a time the tick accepts
};
// "wakeTime", ...: the field's name as the header comment above spells it.
const char* MigrantFieldName(MigrantField field);

struct ImmigrateResult {
  Status status;
  MigrantField field = MigrantField::None;  // BadMigrant: the header's first damaged field
};

// Makes `agent` a member with the migrant's state and restores the migrant's
// block into `block`; returns Done. The header is read before the block is
// written, so `block` may be the very buffer the migrant arrived in (at its
// start or at its block). Refused, the crowd and `block` unchanged:
// - BadMigrant, naming the field, for a header no crowd writes: a time that is
//   neither a time the tick accepts (|time| <= kMaxTickTime) nor the field's
//   infinity or NaN, an interval that is not a power of two up to
//   kCrowdMaxInterval, a dueIn outside [0, interval) (the refusal's message,
//   bt/core/refusal.h, gives the value);
// - as RestoreMemory refuses (a migrant of the wrong length is BadSave);
// - BadSave for an agent index beyond the crowd.
[[nodiscard]] ImmigrateResult Immigrate(const DeciderDef& root, Crowd& crowd, std::size_t agent,
                                        std::span<const std::byte> migrant, std::span<std::byte> block) noexcept;

}  // namespace bt
