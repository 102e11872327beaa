// A group's random source that returns float instead of std::uint32_t.
// expect: bt: the random source of group DICE must be std::uint32_t (Agent&), or nullptr
#include "bt/bt.h"
struct Agent {};
float Roll(Agent&) { return 0.5f; }
BT_DEFINE_BEHAVIOR__TICK(FACE_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(ONE, FACE_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(TWO, FACE_B, nullptr);
BT_DEFINE_DECIDER_GROUP__RANDOM(DICE, Random, 0, nullptr, Roll, ONE, TWO);
