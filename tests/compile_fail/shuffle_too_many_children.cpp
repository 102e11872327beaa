// A shuffle group with more children than its order can hold.
// expect: bt: shuffle group DECK has more than bt::kMaxShuffleGroupChildren children
#include "bt/bt.h"
BT_DEFINE_BEHAVIOR__TICK(CARD_B, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR(CARD, CARD_B, nullptr);
BT_DEFINE_DECIDER_GROUP(DECK, Shuffle, nullptr, CARD, CARD, CARD, CARD, CARD, CARD, CARD, CARD, CARD, CARD, CARD,
                        CARD, CARD, CARD, CARD, CARD, CARD, CARD, CARD, CARD, CARD, CARD, CARD, CARD, CARD, CARD,
                        CARD, CARD, CARD, CARD, CARD, CARD, CARD);
