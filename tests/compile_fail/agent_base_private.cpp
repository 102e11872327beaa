// BT_AGENT_BASE naming a private base: the ticks could not convert the agent to it.
// expect: bt: BT_AGENT_BASE(Dragon, Creature): each must be a public, unambiguous base class of Dragon
#include "bt/bt.h"
struct Creature {};
class Dragon : Creature {};
BT_AGENT_BASE(Dragon, Creature);
