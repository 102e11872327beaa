// tests/core/type_identity_a_test.cpp — file A of the two-file type identity test
// (tests/core/type_identity.h; the test cases are in file B).
#include "tests/core/type_identity.h"

namespace {

struct Agent {
  int ticks = 0;
};
// A's DBlock: 4 bytes (B's Pick is 24).
struct Pick {
  int id = 0;
};

bt::Result TickA(Agent& agent) {
  ++agent.ticks;
  return bt::Result::Running;
}

float DecidePick(ident::Witness&, Pick& pick, const bt::DecideContext&) {
  pick.id = 7;
  return 1;
}

bool ReadPick(ident::Witness& witness, const bt::Context& context) {
  const Pick* pick = context.DBlock<Pick>();
  if (pick == nullptr) {
    ++witness.picksMissing;
  } else {
    ++witness.picksSeen;
    witness.pickId = pick->id;
  }
  return true;
}

}  // namespace

namespace ident {

BT_DEFINE_BEHAVIOR__TICK(TICK_A, TickA);
BT_DECLARE_DECIDER(RUN_A);
BT_DEFINE_DECIDER_GROUP(ROOT_A, PrioritizedList, nullptr, RUN_A);
BT_DEFINE_DECIDER_BEHAVIOR(RUN_A, TICK_A, nullptr);

BT_DEFINE_BEHAVIOR(READ_PICK_A, ReadPick, nullptr, nullptr);
BT_DEFINE_DECIDER_BEHAVIOR__DBLOCK(PICK_A_FOR_B, READ_PICK_B, DecidePick, Pick);
BT_DEFINE_DECIDER_BEHAVIOR__DBLOCK(PICK_A_FOR_A, READ_PICK_A, DecidePick, Pick);

bt::TickResult TickWithAgentA(const bt::DeciderDef& root, std::span<std::byte> memory) {
  Agent agent;
  return bt::TickBehaviorTree(root, agent, memory, 0.0, 0.1f);
}

}  // namespace ident
