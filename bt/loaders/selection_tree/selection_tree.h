// bt/loaders/selection_tree/selection_tree.h — CryEngine 3.4 Behavior Selection Trees (XML),
// as Lumberyard's SelectionTree classes run them (bt/loaders/selection_tree/README.md).
//
// Files hold `<SelectionTrees>` (trees), one `<SelectionTree name>` or `<Blocks>`.
// A tree holds `<Variables>`, `<SignalVariables>`, `<LeafTranslations>`, its own
// `<Blocks>` (seen before the global ones) and exactly one root node. `<Ref name>`
// anywhere stands for the children of the block of that name. Tags compare
// without case, as the engine's _stricmp; names and attributes with case.
//
// The tree is a bt tree whose leaves are registered behaviors:
//   <Priority name>        a PrioritizedList; its children carry `condition`
//                          (default true), read again every tick
//                          (kRecheckEveryTick), its groups delegating their Decide
//                          (kDelegateDecideToChildren): the first child whose
//                          condition holds AND whose subtree yields a leaf wins
//   <StateMachine name>    a SelectionStateMachine whose children are its states'
//     <State name>           nodes (each State holds exactly one node) and whose
//       <Transition state condition/>   transitions are the States' Transitions
//   <Leaf name>            a behavior decider running the ACTION named by the
//                          leaf's translation (LeafTranslations) or else its name
//   <Sequence>             refused: the engine parses it, but its evaluation reads
//                          states a Sequence never has (it crashes there)
// The tick selects a leaf and runs its action while it stays selected (Spore
// hysteresis); a variable change (the game's, or a signal's) re-selects at the
// next tick. The engine evaluates its tree only when a variable changed; bt
// evaluates every tick, which selects the same leaf: conditions read only the
// variables, and a state machine's evaluation from the state it reached reaches it
// again. Conditions are bt::data::Dialect::Cry over the declared Bool variables.
// A `condition` on a root node or on a State's node is ignored, as the engine does.
//
// Deciders are named "NAME@LINE" ("Combat@12"; "NAME@FILE:LINE" for a node written
// in another file than the tree, a block's), with "#2", "#3"... for the further
// copies of a block referenced more than once. Errors are "file:line:column:
// message", the file as found; malformed input never crashes.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bt/data/registry.h"
#include "bt/data/tree_builder.h"
#include "bt/core/decider.h"
#include "bt/loaders/load_options.h"
#include "bt/loaders/signal_table.h"

namespace bt::loaders {

// Deepest nesting of nodes and Refs the loader follows (it recurses once per level).
inline constexpr int kMaxSelectionTreeDepth = 100;

struct SelectionTreeLoad {
  bt::data::BuildResult build;  // the tree, or errors "file:line:column: message"
  std::string treeName;         // the tree built (LoadOptions::treeName, or the first)
  SignalTable signals;          // its SignalVariables

  bool Ok() const { return build.Ok(); }
};

// `text`, the contents of the file `file`: its trees and blocks, and the blocks of the
// `<Blocks>` files beside `file` and in each folder of options.searchPath (read only
// when a Ref names a block the text lacks, and only from the disk: listing a folder
// needs it). options.treeName picks the tree; empty: the first.
SelectionTreeLoad LoadSelectionTree(std::string_view text, std::string file, const bt::data::Registry& registry,
                                    const LoadOptions& options = {});

// The files at `paths`, read through options.read, loaded together as the engine
// loads its folder: every tree and block of every file, then Refs resolved.
SelectionTreeLoad LoadSelectionTreeFiles(const std::vector<std::string>& paths, const bt::data::Registry& registry,
                                         const LoadOptions& options = {});

// Every .xml file under `folder` (its subfolders too, as the engine scans), in
// name order, loaded as LoadSelectionTreeFiles does.
SelectionTreeLoad LoadSelectionTreeDirectory(const std::string& folder, const bt::data::Registry& registry,
                                             const LoadOptions& options = {});

// A file (as LoadSelectionTree) or a folder (as LoadSelectionTreeDirectory).
SelectionTreeLoad LoadSelectionTreeAt(const std::string& path, const bt::data::Registry& registry,
                                      const LoadOptions& options = {});

// LoadSelectionTreeAt's tree alone: the entry bt/loaders/load_tree_file.h dispatches to.
bt::data::BuildResult LoadSelectionTreeFile(const std::string& path, const bt::data::Registry& registry,
                                            const LoadOptions& options = {});

// The agent's selected leaf, for the game to map to its behavior: the name of the
// action its running leaf runs (the leaf's translated name), or null when no leaf
// runs (a block never ticked, or a tree that selected nothing). Reads the block only.
const char* SelectedLeaf(const bt::DeciderDef& root, std::span<const std::byte> memory);

}  // namespace bt::loaders
