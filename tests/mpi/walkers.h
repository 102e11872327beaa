// tests/mpi/walkers.h — the agents of the sharded crowd's tests: the crowd's
// walkers (tests/support/walker_tree.h), who cross between regions of the world;
// and the game's rules of a frame, the same in a one-process run and a sharded
// one: each is a function of the agent's id, the frame and the agent's own
// state, never of which rank holds it.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#include "bt/bt.h"
#include "tests/support/walker_tree.h"

namespace walkers {

// The game's random numbers: a hash of the id, the frame and a purpose, so no rank count changes them.
inline std::uint64_t Hash(std::uint64_t a, std::uint64_t b, std::uint64_t c) {
  std::uint64_t h = a * 0x9e3779b97f4a7c15ull ^ (b + 0x632be59bd9b4e019ull) * 0xbf58476d1ce4e5b9ull ^ c * 0x94d049bb133111ebull;
  h ^= h >> 31;
  h *= 0xd6e8feb86659fd93ull;
  return h ^ (h >> 32);
}

constexpr double kFrameDt = 1.0 / 30.0;
constexpr int kRegions = 12;  // divides among 1, 2, 3 and 4 ranks
constexpr int kIntervals[] = {1, 2, 4, 8, 16};

inline int OwnerOf(int region, int ranks) { return region * ranks / kRegions; }

// The stimuli of agent `id` at a frame: busy in some windows of 40 frames.
inline std::uint32_t StimuliAt(std::uint64_t id, std::uint64_t frame) {
  return Hash(id, frame / 40, 5) % 3 == 0 ? kBusy : 0;
}

inline Walker NewWalker(std::uint64_t id) {
  Walker w;
  w.rng = static_cast<std::uint32_t>(id * 2654435761u) | 1u;
  w.hunger = static_cast<float>(id % 5);
  w.region = static_cast<std::int32_t>(Hash(id, 0, 9) % kRegions);
  return w;
}
inline int FirstInterval(std::uint64_t id) { return kIntervals[Hash(id, 0, 7) % 5]; }

// Whether the walker crosses to another region after frame `frame`, and where: 2% a frame, more when afraid.
inline bool Cross(Walker& w, std::uint64_t id, std::uint64_t frame) {
  if (Hash(id, frame, 4) % 1000 >= (w.fear > 1 ? 60u : 20u)) return false;
  w.region = static_cast<std::int32_t>((static_cast<std::uint64_t>(w.region) + 1 + Hash(id, frame, 6) % (kRegions - 1)) %
                                       kRegions);
  ++w.crossings;
  return true;
}

// The frame's interval changes (k of them: id, interval) and random wakes, in this order.
constexpr int kIntervalChanges = 200;
constexpr int kRandomWakes = 100;
inline std::uint64_t IntervalChangeId(std::uint64_t frame, int k, std::uint64_t agents) { return Hash(frame, k, 1) % agents; }
inline int IntervalChange(std::uint64_t frame, int k) { return kIntervals[Hash(frame, k, 2) % 5]; }
inline std::uint64_t RandomWakeId(std::uint64_t frame, int k, std::uint64_t agents) { return Hash(frame, k, 3) % agents; }

}  // namespace walkers
