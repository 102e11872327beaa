// BT_AGENT_BASE naming a class that is not a base of the agent.
// expect: bt: BT_AGENT_BASE(Dog, Cat): each must be a public, unambiguous base class of Dog
#include "bt/bt.h"
struct Cat {};
struct Animal {};
struct Dog : Animal {};
BT_AGENT_BASE(Dog, Cat);
