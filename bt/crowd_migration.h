// bt/crowd_migration.h — an agent leaving one crowd and joining another, in
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
#include <span>

#include "bt/crowd.h"
#include "bt/save.h"

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

// Restores the migrant's block into `block` and makes `agent` a member with the
// migrant's state; returns Done. Refused, nothing changed, as RestoreMemory
// refuses (a migrant of the wrong length is BadSave), or BadSave for an agent
// index beyond the crowd.
[[nodiscard]] Status Immigrate(const DeciderDef& root, Crowd& crowd, std::size_t agent,
                               std::span<const std::byte> migrant, std::span<std::byte> block) noexcept;

}  // namespace bt
