// A DBlock that is not plain data (it owns a string): it could not be copied
// between Decide and behavior, nor saved with the block.
// expect: bt: the DBlock of decider GREET must be trivially copyable and destructible
#include <string>
#include "bt/bt.h"
struct Agent {};
struct Words {
  std::string text;
};
float GreetDecide(Agent&, Words&, const bt::DecideContext&) { return 1; }
BT_DEFINE_BEHAVIOR__TICK(GREET_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR__DBLOCK(GREET, GREET_B, GreetDecide, Words);
