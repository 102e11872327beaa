// bt/loaders/unvanquished.h — Unvanquished bot trees (.bt files, seed 001).
//
// ParseUnvanquished reads a .bt text into a bt::data::TreeSpec, mapping each
// node onto the engine's classic kinds as /work/shared/semantics.md runs them:
//   selector { ... }      GroupPolicy::Selector (re-evaluates from the first child)
//   fallback { ... }      GroupPolicy::Fallback (resumes at the running child)
//   sequence { ... }      GroupPolicy::Sequence
//   concurrent { ... }    GroupPolicy::Concurrent (at most 20 children)
//   action NAME[(args)]   a behavior calling the registered action NAME
//   condition EXPR        a behavior deciding on EXPR and Done at once ("Succeed")
//   condition EXPR { n }  a Decorator deciding on EXPR around n
//   decorator invert | return(S) | mapStatus(F, S, R) { n }   a Decorator
//   decorator timer(MS) { n }                                  a Cooldown of MS/1000 s
// Conditions are re-checked at every tick (kRecheckEveryTick) and compiled by the
// builder in Dialect::Unvanquished. An argument written as a name is a Symbol:
// a constant the game registers (E_GOAL); STATUS_FAILURE, STATUS_SUCCESS and
// STATUS_RUNNING are known to the decorators. Not yet read: the preprocessor
// (#define, #include), `behavior NAME` includes, selectClass and spawnAs — each
// is an error saying so.
//
// The registry must hold "Succeed" (bt::data::RegisterBuiltinBehaviors): a
// condition without a child runs it. Groups without children are refused by
// the builder.
//
// Nodes are named "KIND@LINE:COLUMN" ("sequence@3:5"). Every malformed text gives
// errors "file:line:column: message", never a crash.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "bt/data/tree_builder.h"
#include "bt/data/tree_spec.h"
#include "bt/loaders/load_options.h"

namespace bt::loaders {

// Most children of a concurrent node (the engine's limit).
inline constexpr std::size_t kMaxUnvanquishedConcurrentChildren = 20;
// Deepest nesting of nodes the parser accepts (it recurses once per level).
inline constexpr int kMaxUnvanquishedDepth = 200;

struct UnvanquishedParse {
  bt::data::TreeSpec spec;                // complete only when there are no errors
  std::vector<bt::data::BuildError> errors;

  bool Ok() const { return errors.empty(); }
};

// The spec of `text`, a .bt file's contents; `file` names it in errors.
UnvanquishedParse ParseUnvanquished(std::string_view text, std::string file);

// Parses and builds: the parse's errors, or the build's (bt/data/tree_builder.h).
bt::data::BuildResult LoadUnvanquished(std::string_view text, std::string file, const bt::data::Registry& registry,
                                       const bt::data::BuildOptions& options = {});

// Loads the file at `path` (LoadOptions says where its includes are found) and builds it.
bt::data::BuildResult LoadUnvanquishedFile(const std::string& path, const bt::data::Registry& registry,
                                           const LoadOptions& options = {});

}  // namespace bt::loaders
