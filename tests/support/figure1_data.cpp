// tests/support/figure1_data.cpp — the Figure 1 tree as data (see the header).
#include "tests/support/figure1_data.h"

namespace figure1 {

void RegisterTraceFunctions(bt::data::Registry& registry) {
  for (const char* name : {"FLEE_B", "YELL_B", "FIGHT_B", "PATROL_B", "FIND_FOOD_B", "EAT_FOOD_B", "FLIP_B", "ROLL_B",
                           "DANCE_B", "REST_B"})
    BT_REGISTER_ACTION(registry, name, void, test::TraceActivate, test::TraceTick, test::TraceDeactivate);
  BT_REGISTER_DECIDE(registry, "Trace", test::TraceDecide);
}

bt::data::TreeSpec Figure1Spec() {
  using bt::GroupPolicy;
  bt::data::TreeSpec spec{.file = "figure1.bt"};
  spec.Group("ROOT", GroupPolicy::PrioritizedList, {"FLEE", "GUARD", "FIGHT", "EAT", "IDLE"});
  spec.Behavior("FLEE", "FLEE_B").Decide("Trace");
  spec.Group("GUARD", GroupPolicy::PrioritizedList, {"GUARD_YELL", "GUARD_FIGHT", "GUARD_PATROL"})
      .Flags(bt::kCallDecideOnRedecide)
      .Decide("Trace");
  spec.Behavior("GUARD_YELL", "YELL_B").Decide("Trace");
  spec.Behavior("GUARD_FIGHT", "FIGHT_B").Decide("Trace");
  spec.Behavior("GUARD_PATROL", "PATROL_B").Decide("Trace");
  spec.Behavior("FIGHT", "FIGHT_B").Decide("Trace");
  spec.Group("EAT", GroupPolicy::PrioritizedList, {"FIND_FOOD", "EAT_FOOD"})
      .Flags(bt::kCallDecideOnRedecide)
      .Decide("Trace");
  spec.Behavior("FIND_FOOD", "FIND_FOOD_B").Decide("Trace");
  spec.Behavior("EAT_FOOD", "EAT_FOOD_B").Decide("Trace");
  spec.Group("IDLE", GroupPolicy::PrioritizedList, {"PLAY", "REST"});
  spec.Group("PLAY", GroupPolicy::Random, {"FLIP", "ROLL", "DANCE"}).Decide("Trace");
  spec.Behavior("FLIP", "FLIP_B").Decide("Trace");
  spec.Behavior("ROLL", "ROLL_B").Decide("Trace");
  spec.Behavior("DANCE", "DANCE_B").Decide("Trace");
  spec.Behavior("REST", "REST_B");
  std::uint32_t line = 1;
  for (bt::data::NodeSpec& node : spec.nodes) {
    node.At(line++, 1);
    node.action.where = {node.where.line, 8, {}};
    node.decide.where = {node.where.line, 20, {}};
  }
  return spec;
}

}  // namespace figure1
