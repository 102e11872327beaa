// More distinct deciders than a tree may have: 8 groups of 64 leaves, under a root.
// expect: bt: more distinct deciders than bt::kMaxTreeDeciders: split the tree
#include <array>
#include "bt/bt.h"
BT_DEFINE_BEHAVIOR__TICK(LEAF_B, nullptr);
constexpr int kGroups = 8;
constexpr int kLeaves = kGroups * bt::kMaxGroupChildren;
constinit bt::DeciderData gData[kLeaves + kGroups + 1]{};
constexpr std::array<bt::DeciderDef, kLeaves> kLeafDefs = [] {
  std::array<bt::DeciderDef, kLeaves> leaves{};
  for (int i = 0; i < kLeaves; ++i)
    leaves[i] = {.name = "LEAF", .kind = bt::DeciderKind::Behavior, .behavior = &LEAF_B, .data = &gData[i]};
  return leaves;
}();
constexpr auto kLeafPointers = [] {
  std::array<const bt::DeciderDef*, kLeaves> pointers{};
  for (int i = 0; i < kLeaves; ++i) pointers[i] = &kLeafDefs[i];
  return pointers;
}();
constexpr std::array<bt::DeciderDef, kGroups> kGroupDefs = [] {
  std::array<bt::DeciderDef, kGroups> groups{};
  for (int g = 0; g < kGroups; ++g)
    groups[g] = {.name = "GROUP", .kind = bt::DeciderKind::Group, .children = &kLeafPointers[g * bt::kMaxGroupChildren],
                 .childCount = bt::kMaxGroupChildren, .data = &gData[kLeaves + g]};
  return groups;
}();
constexpr auto kGroupPointers = [] {
  std::array<const bt::DeciderDef*, kGroups> pointers{};
  for (int g = 0; g < kGroups; ++g) pointers[g] = &kGroupDefs[g];
  return pointers;
}();
constexpr bt::DeciderDef ROOT{.name = "ROOT", .kind = bt::DeciderKind::Group, .children = kGroupPointers.data(),
                              .childCount = kGroups, .data = &gData[kLeaves + kGroups]};
BT_CHECK_TREE(ROOT);
