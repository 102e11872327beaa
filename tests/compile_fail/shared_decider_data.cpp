// Two deciders written by hand sharing one DeciderData, as a loader gets by
// copying a DeciderDef to make a variant.
// expect: bt: two deciders share one DeciderData: give each decider its own (a copied DeciderDef needs a new data)
// expect-also: TreeProblemAt<bt::TreeProblem::SharedDeciderData, VARIANT>
#include "bt/bt.h"
BT_DEFINE_BEHAVIOR__TICK(WORK_B, nullptr);
constinit bt::DeciderData gShared{};
constexpr bt::DeciderDef ORIGINAL{.name = "ORIGINAL", .kind = bt::DeciderKind::Behavior, .behavior = &WORK_B,
                                  .data = &gShared};
constexpr bt::DeciderDef VARIANT{.name = "VARIANT", .kind = bt::DeciderKind::Behavior, .behavior = &WORK_B,
                                 .behaviorFlags = 1, .data = &gShared};
BT_DEFINE_DECIDER_GROUP(ROOT, PrioritizedList, nullptr, ORIGINAL, VARIANT);
BT_CHECK_TREE(ROOT);
