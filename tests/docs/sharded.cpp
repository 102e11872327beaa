// The wrapper of bt/mpi/README.md's fragments (tests/docs/examples_test.sh
// pastes each in place of the line below): a game's creature and tree, and a
// function whose body is the fragment, over one rank's sharded crowd.
#include <cstdint>

#include "bt/bt.h"
#include "bt/mpi/sharded_crowd.h"

struct Creature {
  float x = 0, y = 0;
  int region = 0;
};
bt::Result Wander(Creature& c) {
  c.x += 0.5f;
  return bt::Result::Running;
}
BT_DEFINE_BEHAVIOR__TICK(WANDER_B, Wander);
BT_DEFINE_DECIDER(WANDER, WANDER_B);
BT_DEFINE_GROUP(ROOT, PrioritizedList, BT_CHILDREN(WANDER));
int RankOfColumn(float x, int ranks) { return x < 0 ? 0 : static_cast<int>(x / 100) % ranks; }

bool Frame(bt::ShardedCrowd& shard, std::uint64_t frame) {
// fragment
}
