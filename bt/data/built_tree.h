// bt/data/built_tree.h — a tree built at run time (bt/data/tree_builder.h).
//
// Everything the tree is made of — its DeciderDefs and their DeciderData, child
// arrays, BehaviorDefs, parameters, variable declarations, names and source
// locations, compiled condition expressions — lies in one block allocated once, when the tree is built, and is
// never written after the build has initialized it (InitializeTreeData). So a
// BuiltTree is shared as it is by every agent and thread, like a tree of the
// BT_DEFINE_* macros, and ticked by the same TickBehaviorTree. It refers to no
// registry: only to the game's functions, which are code.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "bt/core/decider.h"

namespace bt::data {

class Expression;  // bt/data/expression.h

class BuiltTree {
 public:
  // Where a decider was written, as the loader gave it.
  struct Location {
    const char* file = "";
    std::uint32_t line = 0;
    std::uint32_t column = 0;
  };

  const DeciderDef& Root() const { return deciders_[root_]; }
  // Every node of the spec, in its order (those the root does not reach too).
  std::span<const DeciderDef> Deciders() const { return {deciders_, count_}; }
  // The node called `name`, or null.
  const DeciderDef* Find(std::string_view name) const;
  // Where `decider` was written; unknown (line 0) for a decider of another tree.
  Location LocationOf(const DeciderDef& decider) const;
  // The tree stamp a block started by this tree carries (bt/engine/initialize.cpp).
  std::uint32_t Stamp() const { return Root().data->tree.stamp; }
  // [bytes] the tree's one allocation holds.
  std::size_t ArenaBytes() const { return bytes_; }

  BuiltTree(const BuiltTree&) = delete;
  BuiltTree& operator=(const BuiltTree&) = delete;
  ~BuiltTree();  // destroys the compiled conditions the arena holds

 private:
  friend class TreeArena;
  BuiltTree() = default;

  std::unique_ptr<std::byte[]> arena_;
  std::size_t bytes_ = 0;
  DeciderDef* deciders_ = nullptr;
  Location* locations_ = nullptr;
  std::size_t count_ = 0;
  std::size_t root_ = 0;
  Expression* expressions_ = nullptr;  // the conditions' programs, in the arena
  std::size_t expressionCount_ = 0;    // constructed so far
};

}  // namespace bt::data
