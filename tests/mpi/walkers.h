// tests/mpi/walkers.h — the agents of the sharded crowd's tests: walkers whose
// every call is folded into a hash (as tests/crowd's), who doze asleep, and who
// cross between regions of the world; and the game's rules of a frame, the same
// in a one-process run and a sharded one: each is a function of the agent's id,
// the frame and the agent's own state, never of which rank holds it.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#include "bt/bt.h"

namespace walkers {

struct Walker {
  std::uint32_t rng = 1;
  float hunger = 0;
  float fear = 0;
  std::uint32_t calls = 0;
  std::uint64_t hash = 0xcbf29ce484222325ull;
  std::int32_t region = 0;  // where in the world: which rank owns it follows
  std::uint32_t crossings = 0;
};

inline std::uint32_t NextRandom(Walker& w) {
  std::uint32_t x = w.rng;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  return w.rng = x;
}

template <class T>
void Fold(Walker& w, T value) {
  unsigned char bytes[sizeof(T)];
  std::memcpy(bytes, &value, sizeof(T));
  for (unsigned char b : bytes) w.hash = (w.hash ^ b) * 0x100000001b3ull;
}

inline void Record(Walker& w, int what, double time, float dt, float activeTime = 0) {
  ++w.calls;
  Fold(w, what);
  Fold(w, time);
  Fold(w, dt);
  Fold(w, activeTime);
}

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
constexpr std::uint32_t kBusy = 1;

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
