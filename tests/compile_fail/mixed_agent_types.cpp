// A behavior whose functions take different agent types.
// expect: bt: the functions of behavior MIXED_B take different agent types
#include "bt/bt.h"
struct Cat {};
struct Dog {};
void CatActivate(Cat&) {}
bt::Result DogTick(Dog&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR(MIXED_B, CatActivate, DogTick, nullptr);
