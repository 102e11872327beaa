// tests/inspector/walkers.cpp — the walkers' tree and their tick.
#include "tests/inspector/walkers.h"

#include "bt/bt.h"

namespace walkers {
namespace {

float Tired(const Walker& w) { return w.steps % (w.pace * 3) >= w.pace * 2 ? 1.0f : 0.0f; }
float Curious(const Walker& w) { return w.steps % (w.pace + 4) == 0 ? 1.0f : 0.0f; }
bt::Result Walk(Walker& w) {
  ++w.steps;
  return bt::Result::Running;
}
bt::Result Look(Walker& w) {
  ++w.steps;
  return w.steps % 2 ? bt::Result::Running : bt::Result::Done;
}
bt::Result Rest(Walker& w) {
  ++w.steps;
  return Tired(w) > 0 ? bt::Result::Running : bt::Result::Done;
}

}  // namespace

BT_DEFINE_BEHAVIOR__TICK(WALK_B, Walk);
BT_DEFINE_BEHAVIOR__TICK(LOOK_B, Look);
BT_DEFINE_BEHAVIOR__TICK(REST_B, Rest);
BT_DEFINE_GROUP(WALK_ROOT, PrioritizedList, BT_CHILDREN(REST, BUSY));
BT_DEFINE_DECIDER(REST, REST_B, BT_DECIDE(Tired));
BT_DEFINE_GROUP(BUSY, PrioritizedList, BT_CHILDREN(LOOK, WALK));
BT_DEFINE_DECIDER(LOOK, LOOK_B, BT_DECIDE(Curious));
BT_DEFINE_DECIDER(WALK, WALK_B);

void Walkers::Tick(std::int64_t frame) {
  for (std::size_t i = 0; i < walkers_.size(); ++i) {
    bt::TickOptions options;
    options.why = &why_[i];
    (void)bt::TickBehaviorTree(WALK_ROOT, walkers_[i], minds_[i], TimeOf(frame), 1 / 30.0f, 0, 0, options);
  }
}

}  // namespace walkers
