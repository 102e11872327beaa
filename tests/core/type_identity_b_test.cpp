// tests/core/type_identity_b_test.cpp — file B of the two-file type identity test
// (tests/core/type_identity.h): each file's `Agent` and `Pick`, in an anonymous
// namespace, are spelled alike but are different types of different sizes. A
// tree must refuse the other file's agent, and a behavior must not be handed
// the other file's DBlock as its own; else it would run on too small a struct.
#include <catch2/catch.hpp>
#include <string>

#include "tests/core/type_identity.h"

namespace {

struct Agent {
  unsigned char bytes[64] = {};
};
// B's DBlock: 24 bytes (A's Pick is 4).
struct Pick {
  double x[3] = {};
};

// Writes at the far end of B's agent: on A's 4-byte agent, out of bounds.
bt::Result TickB(Agent& agent) {
  ++agent.bytes[63];
  return bt::Result::Running;
}

bool ReadPick(ident::Witness& witness, const bt::Context& context) {
  const Pick* pick = context.DBlock<Pick>();
  if (pick == nullptr) {
    ++witness.picksMissing;
  } else {
    ++witness.picksSeen;
    witness.pickId = static_cast<int>(pick->x[2]);  // on A's 4-byte Pick, out of bounds
  }
  return true;
}

}  // namespace

namespace ident {

BT_DEFINE_BEHAVIOR__TICK(TICK_B, TickB);
BT_DECLARE_DECIDER(RUN_B);
BT_DEFINE_DECIDER_GROUP(ROOT_B, PrioritizedList, nullptr, RUN_B);
BT_DEFINE_DECIDER_BEHAVIOR(RUN_B, TICK_B, nullptr);

bt::TickResult TickWithAgentB(const bt::DeciderDef& root, std::span<std::byte> memory) {
  Agent agent;
  return bt::TickBehaviorTree(root, agent, memory, 0.0, 0.1f);
}

BT_DEFINE_BEHAVIOR(READ_PICK_B, ReadPick, nullptr, nullptr);
// A's Decide fills A's Pick; B's behavior asks for B's Pick.
BT_DEFINE_DECIDER_GROUP(PICKS_ACROSS, PrioritizedList, nullptr, PICK_A_FOR_B);
// A's Decide fills A's Pick; A's behavior asks for A's Pick.
BT_DEFINE_DECIDER_GROUP(PICKS_WITHIN, PrioritizedList, nullptr, PICK_A_FOR_A);

}  // namespace ident

TEST_CASE("An agent type in an anonymous namespace is its own file's, whatever its spelling", "[types][identity]") {
  bt::Memory<256> memory{};
  SECTION("each file's tree runs with its own file's agent") {
    bt::Memory<256> other{};
    CHECK(ident::TickWithAgentB(ident::ROOT_B, memory.Span()).status == bt::Status::Running);
    CHECK(ident::TickWithAgentA(ident::ROOT_A, other.Span()).status == bt::Status::Running);
  }
  SECTION("A's tree refuses B's agent, and B's tree A's, calling nothing") {
    Agent agent;
    const bt::TickResult result = bt::TickBehaviorTree(ident::ROOT_A, agent, memory.Span(), 0.0, 0.1f);
    CHECK(result.status == bt::Status::AgentTypeMismatch);
    CHECK(result.decider == &ident::ROOT_A);
    bt::Memory<256> other{};
    CHECK(ident::TickWithAgentA(ident::ROOT_B, other.Span()).status == bt::Status::AgentTypeMismatch);
    CHECK(agent.bytes[63] == 0);
  }
  SECTION("the tags differ, though the spellings are the same") {
    CHECK(ident::ROOT_B.children[0]->behavior->agentType == bt::TypeTagOf<Agent>());
    CHECK_FALSE(ident::ROOT_A.children[0]->behavior->agentType == bt::TypeTagOf<Agent>());
    CHECK(std::string(ident::ROOT_A.children[0]->behavior->agentType.info->name) == bt::TypeTagOf<Agent>().info->name);
    const std::string name = bt::TypeTagOf<Agent>().info->name;
    CHECK((name == "{anonymous}::Agent" || name == "(anonymous namespace)::Agent"));
  }
}

TEST_CASE("A DBlock type in an anonymous namespace is its own file's, whatever its spelling", "[types][identity][dblock]") {
  ident::Witness witness;
  bt::Memory<256> memory{};
  SECTION("a behavior of B finds no B Pick in the block A's Decide filled") {
    CHECK(bt::TickBehaviorTree(ident::PICKS_ACROSS, witness, memory, 0.0, 0.1f).status == bt::Status::Running);
    CHECK(witness.picksMissing == 1);
    CHECK(witness.picksSeen == 0);
  }
  SECTION("a behavior of A finds A's Pick") {
    CHECK(bt::TickBehaviorTree(ident::PICKS_WITHIN, witness, memory, 0.0, 0.1f).status == bt::Status::Running);
    CHECK(witness.picksSeen == 1);
    CHECK(witness.pickId == 7);
  }
}
