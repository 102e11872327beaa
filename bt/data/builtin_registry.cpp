// bt/data/builtin_registry.cpp — RegisterBuiltinBehaviors and WithBuiltinBehaviors (see bt/data/registry.h).
#include <string>

#include "bt/engine/builtin_behaviors.h"
#include "bt/data/registry.h"

namespace bt::data {

void RegisterBuiltinBehaviors(Registry& registry) {
  for (const BehaviorDef* leaf : builtin::All())
    // Written back as C++ by its name, bt::builtin::k<Name> (bt/data/write_cpp.h).
    registry.AddBehavior(
        leaf->name, *leaf,
        {leaf->memory.size != 0 ? leaf->memory.name : "void", "", "", "", std::string("bt::builtin::k") + leaf->name});
}

WithBuiltinBehaviors::WithBuiltinBehaviors(const Registry& game) : game_(game) {
  bool missing = false;
  for (const BehaviorDef* leaf : builtin::All()) missing = missing || game.FindAction(leaf->name) == nullptr;
  if (!missing) return;  // no copy: a game that registered them pays nothing per load
  Registry& copy = copy_.emplace(game);
  for (const BehaviorDef* leaf : builtin::All())
    if (game.FindAction(leaf->name) == nullptr)
      copy.AddBehavior(leaf->name, *leaf,
                       {leaf->memory.size != 0 ? leaf->memory.name : "void", "", "", "",
                        std::string("bt::builtin::k") + leaf->name});
}

}  // namespace bt::data
