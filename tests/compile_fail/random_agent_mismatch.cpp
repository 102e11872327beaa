// A group whose Decide and random source take different agent types.
// expect: bt: Decide and the random source of group COIN take different agent types
#include <cstdint>
#include "bt/bt.h"
struct Cat {};
struct Dog {};
float CoinDecide(Cat&) { return 1; }
std::uint32_t Flip(Dog&) { return 4; }
BT_DEFINE_BEHAVIOR__TICK(SIDE_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(HEADS, SIDE_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(TAILS, SIDE_B, nullptr);
BT_DEFINE_DECIDER_GROUP__RANDOM(COIN, Random, 0, CoinDecide, Flip, HEADS, TAILS);
