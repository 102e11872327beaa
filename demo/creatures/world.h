// demo/creatures/world.h — the sandbox's small 2-D world: a grid with food, one
// nest, roaming threats, and the creatures whose trees decide what they do.
//
// The world is plain data and integer arithmetic, drawn from one xorshift
// generator, so a seed gives the same run on every machine. StepWorld moves
// everything that is not a creature and refreshes what each creature senses;
// the creatures themselves only move through their behaviors.
#pragma once

#include <cstdint>
#include <vector>

#include "bt/core/memory.h"

namespace creatures {

struct Point {
  int x = 0;
  int y = 0;
  bool operator==(const Point&) const = default;
};

// Chessboard distance: a step moves one cell in any of 8 directions.
int Distance(Point a, Point b);
Point StepToward(Point from, Point to);

// xorshift32: tiny, and the same sequence everywhere.
std::uint32_t NextRandom(std::uint32_t& state);

struct Food {
  Point at;
  int bites = 0;  // 0: eaten up, the slot is free
};

struct Threat {
  Point at;
  Point goal;         // where it wanders to
  int health = 0;     // hits a creature must land to drive it off
  int returnsIn = 0;  // [ticks] while driven off; 0: in the world
  int boredIn = 0;    // [ticks] until it gives up on the nest and wanders elsewhere
  bool InWorld() const { return returnsIn == 0; }
};

// [bytes] of a creature's tree state, with room to spare; CheckTree (tree.h) verifies the
// tree fits, and the plain-text run prints what it needs.
inline constexpr std::size_t kMindBytes = 128;

struct World;

struct Creature {
  char name = '?';  // the letter the view draws
  Point at;
  int hunger = 0;  // 0..100; the tree's EAT accepts above 70
  int energy = 0;  // 0..100; PLAY needs more than 50, FLEE happens below 60
  // What StepWorld senses before the tree decides.
  int nearestThreat = -1;         // index into World::threats within sight, or -1
  bool nestThreat = false;        // a threat near the nest while we are near it, or an alarm
  bool atFood = false;            // standing on food
  bool yelled = false;            // has called for help in this fight at the nest
  bool tired = false;             // ran low on energy and has not slept since: no playing until rested
  char pose = 0;                  // what a behavior shows instead of the letter; 0: the letter
  std::uint32_t rng = 1;          // the creature's own random draws (PLAY picks from it)
  World* world = nullptr;         // behaviors act on the world through their creature
  bt::Memory<kMindBytes> mind{};  // the whole state of its tree: plain bytes, no pointers

  bool SeesThreat() const { return nearestThreat >= 0; }
};

struct WorldConfig {
  int width = 60;
  int height = 22;
  int creatures = 6;
  int threats = 2;
  int maxFood = 8;
  std::uint32_t seed = 1;
};

inline constexpr int kSight = 6;         // [cells] a creature sees threats this far
inline constexpr int kNestRange = 8;     // [cells] a threat this close to the nest threatens it
inline constexpr int kHomeRange = 10;    // [cells] creatures this close to the nest guard it
inline constexpr int kThreatHealth = 5;  // hits to drive a threat off
inline constexpr int kAlarmTicks = 60;   // a yell for help calls creatures near the nest for this long
inline constexpr int kTiredEnergy = 50;  // at or below: tired until REST is done

struct World {
  World() = default;
  World(const World&) = delete;  // creatures point back at their world
  World& operator=(const World&) = delete;

  int width = 0;
  int height = 0;
  Point nest;
  int tick = 0;
  int alarmTicks = 0;  // [ticks] left of the last yell for help
  std::uint32_t rng = 1;
  std::vector<Food> food;
  std::vector<Threat> threats;
  std::vector<Creature> creatures;

  bool Inside(Point p) const { return p.x >= 0 && p.y >= 0 && p.x < width && p.y < height; }
  Point RandomPoint();
  int FoodAt(Point p) const;  // index of uneaten food there, or -1
};

void ResetWorld(World& world, const WorldConfig& config);

// Once per tick, before the trees decide: needs rise, threats move and bite,
// food grows, and every creature's senses are refreshed.
void StepWorld(World& world);

// Refreshes one creature's senses (also after its behavior moved it).
void Sense(World& world, Creature& creature);

}  // namespace creatures
