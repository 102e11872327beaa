// bt/data/builtin_registry.cpp — RegisterBuiltinBehaviors (see bt/data/registry.h).
#include "bt/builtin_behaviors.h"
#include "bt/data/registry.h"

namespace bt::data {

void RegisterBuiltinBehaviors(Registry& registry) {
  for (const BehaviorDef* leaf : builtin::All())
    registry.AddBehavior(leaf->name, *leaf, {leaf->memory.size != 0 ? leaf->memory.name : "void", "", "", "", ""});
}

}  // namespace bt::data
