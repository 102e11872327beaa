// A decider written by hand without its DeciderData, below a macro-defined group.
// expect: bt: a decider or child pointer is null, or a decider has no DeciderData
#include "bt/bt.h"
BT_DEFINE_BEHAVIOR__TICK(WORK_B, nullptr);
constexpr bt::DeciderDef WORK{.name = "WORK", .kind = bt::DeciderKind::Behavior, .behavior = &WORK_B};
BT_DEFINE_DECIDER_GROUP(ROOT, PrioritizedList, nullptr, WORK);
BT_CHECK_TREE(ROOT);
