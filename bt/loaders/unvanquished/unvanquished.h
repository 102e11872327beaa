// bt/loaders/unvanquished/unvanquished.h — Unvanquished bot trees (.bt files;
// bt/loaders/unvanquished/README.md).
//
// A .bt file is first preprocessed (bt/loaders/unvanquished/preprocessor.h:
// comments, #define with and without parameters, #include...), then read into a
// bt::data::TreeSpec, each node mapped onto the engine's classic kinds as
// the game's bot code runs them:
//   selector { ... }      GroupPolicy::Selector (re-evaluates from the first child)
//   fallback { ... }      GroupPolicy::Fallback (resumes at the running child)
//   sequence { ... }      GroupPolicy::Sequence
//   concurrent { ... }    GroupPolicy::Concurrent
// (each group: at most 20 children)
//   action NAME[(args)]   a behavior calling the registered action NAME
//   condition EXPR        a behavior deciding on EXPR and Done at once ("Succeed")
//   condition EXPR { n }  a Decorator deciding on EXPR around n
//   decorator invert | return(S) | mapStatus(F, S, R) { n }   a Decorator
//   decorator timer(MS) { n }                                  a Cooldown of MS/1000 s
//   behavior NAME         the root of NAME.bt (found beside the loaded file, then
//                         along LoadOptions::searchPath, whichever file includes
//                         it: one NAME is one behavior), see below
//   selectClass { n }     before the root: a second tree, UnvanquishedParse::selectClass
//   spawnAs N             (in selectClass only) a behavior calling the game's
//                         registered action "spawnAs" with N
// Keywords are case-insensitive. Conditions are re-checked at every tick
// (kRecheckEveryTick) and compiled by the builder in Dialect::Unvanquished. An
// argument written as a name is a Symbol: a constant the game registers (E_GOAL,
// PCL_ALIEN_LEVEL0); STATUS_FAILURE, STATUS_SUCCESS and STATUS_RUNNING (0, 1, 2)
// are predefined macros (bt/loaders/unvanquished/preprocessor.h).
//
// `behavior NAME` loads NAME.bt once per load: its nodes are in the spec once,
// and every include names its root (ChildSpec by name), so the tree is a DAG.
// What sharing means for node state: a `timer`'s deadline is the decider's
// timer in the agent's block, one per decider, so it is shared by every include
// (as in Unvanquished); a group's place (the running child of a sequence or
// fallback) lies in the slot of the path it runs on, so two includes active at
// once (under a concurrent) each keep their own. A behavior that includes
// itself, directly or through others, is an error naming the chain. Each file
// has its own #defines. An included file's selectClass block is read but not
// used: the bot's class choice is the loaded file's own.
//
// A condition without a child runs "Succeed": the loader adds the built-in
// leaves the registry lacks (bt::data::WithBuiltinBehaviors), so the game need
// not register them. Groups without children are refused by the builder.
//
// Nodes are named "KIND@LINE:COLUMN" ("sequence@3:5"), an action or decorator
// with what it runs, "action reload@15:5" (for TickResult, the debug lines and
// the why), "KIND@FILE:LINE:COLUMN" in an included file; several nodes that one macro
// use wrote get "#2", "#3"... Every malformed text gives an error
// "file:line:column: message" (the file an included one when the fault is in
// it), never a crash.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "bt/data/tree_builder.h"
#include "bt/data/tree_spec.h"
#include "bt/loaders/load_options.h"

namespace bt::loaders {

// Most children of a selector, fallback, sequence or concurrent node (the engine's limit).
inline constexpr std::size_t kMaxUnvanquishedChildren = 20;
// Its earlier name, from when only concurrent nodes were checked.
inline constexpr std::size_t kMaxUnvanquishedConcurrentChildren = kMaxUnvanquishedChildren;
// Deepest nesting of nodes the parser accepts (it recurses once per level).
inline constexpr int kMaxUnvanquishedDepth = 200;

struct UnvanquishedSources;  // the text of every file a parse read

struct UnvanquishedParse {
  bt::data::TreeSpec spec;         // complete only when there are no errors
  bt::data::TreeSpec selectClass;  // the selectClass block's tree; no nodes when the file has none
  std::vector<bt::data::BuildError> errors;
  // Keeps alive the files the specs' locations name (build while you hold it).
  std::shared_ptr<const UnvanquishedSources> sources;

  bool Ok() const { return errors.empty(); }
  bool HasSelectClass() const { return !selectClass.nodes.empty(); }
};

// The specs of `text`, a .bt file's contents; `file` names it in errors, and the
// files it includes are found beside it, then along options.searchPath, and
// read through options.read.
UnvanquishedParse ParseUnvanquished(std::string_view text, std::string file, const LoadOptions& options = {});
// The same for the file at `path`.
UnvanquishedParse ParseUnvanquishedFile(const std::string& path, const LoadOptions& options = {});

// Parses and builds the behavior tree: the parse's errors, or the build's
// (bt/data/tree_builder.h). The selectClass block is parsed (its syntax errors
// are errors) but not built: LoadUnvanquishedBot builds it.
bt::data::BuildResult LoadUnvanquished(std::string_view text, std::string file, const bt::data::Registry& registry,
                                       const bt::data::BuildOptions& options = {});
bt::data::BuildResult LoadUnvanquishedText(std::string_view text, std::string file,
                                           const bt::data::Registry& registry, const LoadOptions& options);
// Loads the file at `path` (LoadOptions says where its includes are found) and builds it.
bt::data::BuildResult LoadUnvanquishedFile(const std::string& path, const bt::data::Registry& registry,
                                           const LoadOptions& options = {});

// A bot's two trees: its behavior, and the tree its selectClass block gives,
// ticked by the game before the bot spawns (its `spawnAs` leaves run the
// registered action "spawnAs", which records the class the bot spawns as).
struct UnvanquishedBot {
  bt::data::BuildResult behavior;
  bt::data::BuildResult selectClass;  // no tree and no errors when the file has no selectClass block
};
UnvanquishedBot BuildUnvanquishedBot(const UnvanquishedParse& parsed, const bt::data::Registry& registry,
                                     const bt::data::BuildOptions& options = {});
UnvanquishedBot LoadUnvanquishedBot(const std::string& path, const bt::data::Registry& registry,
                                    const LoadOptions& options = {});

}  // namespace bt::loaders
