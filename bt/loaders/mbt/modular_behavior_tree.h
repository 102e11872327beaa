// bt/loaders/mbt/modular_behavior_tree.h — Lumberyard / CryEngine Modular Behavior
// Tree XML (a <BehaviorTree> file), as Lumberyard's AI system runs it
// (bt/loaders/mbt/README.md).
//
// The file: <BehaviorTree> holding, in any order, <Variables> (<Variable name
// default/>: booleans), <SignalVariables> (<Signal name variable value/>),
// <Timestamps> (<Timestamp name setOnEvent exclusiveTo/>), <Events> and
// <MetaExtensions> (read by no engine: skipped), and <Root> with exactly one node.
// Unknown attributes are ignored, as the engine does (files carry typos such as
// `exlusiveTo`); an unknown element is an error.
//
// Each node becomes classic kinds of bt (bt/core/classic.h) and built-in leaves
// (bt/engine/builtin_behaviors.h, bt/engine/events.h, bt/core/timestamps.h):
//
//   MBT node                                   bt
//   Sequence                                   Sequence
//   Selector                                   Fallback
//   Parallel failureMode successMode           Parallel (+kParallelFailOnAll, +kParallelSucceedOnAny); <= 32 children
//   Loop count                                 Loop, Count(count) (0: forever)
//   LoopUntilSuccess attemptCount              LoopUntilSuccess, Count(attemptCount) (0: forever)
//   Priority / Case condition                  Priority of Decorators, each with the Cry condition
//                                              (none, or empty: true, the default case)
//   StateMachine / State name                  StateMachine of Decorators (the states), each over its
//     Transitions/Transition to onEvent        <BehaviorTree> node, with OnEvent(onEvent, to)
//   IfCondition condition                      Decorator with the Cry condition (a gate read on entry)
//   AssertCondition condition                  Succeed with the Cry condition
//   MonitorCondition condition                 Decorator kInvertResult over Halt with !(condition),
//                                              kRecheckEveryTick
//   RandomGate opensWithChance                 RandomGate, Chance
//   SuppressFailure                            Decorator kSuppressFailure
//   IfTime since isMoreThan|isLessThan orNeverBeenSet   Decorator with the Decide bt::IfTime
//   AssertTime (same attributes)               bt::kAssertTime
//   WaitUntilTime since ... succeedIfNeverBeenSet      bt::kWaitUntilTime
//   SendEvent name / SendTransitionEvent name  bt::kSendEvent / bt::kSendTransitionEvent
//   WaitForEvent name result                   bt::kWaitForEvent
//   Wait duration variation, Timeout duration, Fail, Halt, Log message, Breakpoint   the built-in leaves
//   GroupScope name allowedConcurrentUsers     GroupScope, Scope(name, users) (BuildOptions::findScope)
//   Graft                                      the game's action "Graft" (its graft manager)
//   LuaGate code                               Decorator whose Decide is the condition "LuaGate" (param code)
//   ExecuteLua code / AssertLua code           the actions "ExecuteLua" / "AssertLua" (param code)
//   LuaWrapper onEnter onExit                  Decorator whose group behavior is the action "LuaWrapper"
//   LuaBehavior name                           the action "LuaBehavior" (Text param name)
//   any other element                          the game's action of that name (Move, Shoot, Animate...)
//
// Attributes default, clamp and refuse as the engine's readers do: the rules,
// attribute by attribute, are bt/loaders/mbt/README.md's.
//
// _startLog, _successLog and _failureLog on any node wrap it in Log leaves
// (bt/data/node_logs.h). Conditions are Dialect::Cry over the declared
// variables: an unknown variable is an error at its place in the attribute.
//
// Game nodes: the game registers each as an action whose attributes it reads by
// name, typed with SignatureSetter::Named (`.Named({{"to", ParamType::Text,
// true}})`): each declared attribute becomes a named parameter of that type
// (a value that is not one is an error; a required one missing too); undeclared
// attributes are ignored. In stub mode an unknown element is a stub action with
// every attribute as a Text parameter.
//
// Lua code is compiled once, here, through LoadOptions::scripts (chunk name
// "file:line"); the node carries the handle as a Number parameter. Without a
// script engine a Lua node is an error, or in stub mode a stub keeping its code
// as Text.
//
// The core nodes are MBT's own: the loader builds against the game's registry
// with them added (ModularBehaviorTreeRegistry), whatever the game registered
// under their names.
//
// Names: a node's decider is "Type@LINE" ("Sequence@12"), a state's "NAME@LINE"
// ("Combat@7"); where two such names would meet on one line, each gets its column
// ("Wait@3:12"). DebugPrintState then shows each node's type and line.
//
// Lifecycle: MBT treats a root that ends (Success or Failure) as an error that
// stops the tree. bt reports it from TickBehaviorTree: Status::Done when the
// root succeeded, Status::NoBehavior when it failed (nothing active). A game
// running MBT trees stops ticking that agent there (bt_import --run prints "-"
// for each later tick); ticking on would start the root again.
//
// Events reach only the running path (bt::SendEvent); the signal variables are
// a table apart: call ModularBehaviorTree::signals.Apply (bt/loaders/signal_table.h)
// beside SendEvent.
//
// Errors: "file:line:column: message", every malformed input (malformed XML
// included), never a crash or an exception.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bt/data/registry.h"
#include "bt/data/tree_builder.h"
#include "bt/loaders/load_options.h"
#include "bt/loaders/signal_table.h"

namespace bt::loaders {

// Most children of a Parallel (the engine's limit: a 32-bit mask of children).
inline constexpr std::size_t kMaxMbtParallelChildren = 32;
// Most times a Loop repeats, or a LoopUntilSuccess tries (the engine keeps a byte:
// larger counts wrap around there, so bt refuses them).
inline constexpr std::uint32_t kMaxMbtLoopCount = 255;
// Deepest nesting of elements the loader follows (it recurses once per level).
inline constexpr int kMaxMbtDepth = 100;

// A <Signal name variable value/>, as written.
struct MbtSignalSpec {
  std::string signal;
  std::string variable;
  double value = 0;  // a Bool's 0 or 1; a typed variable's value (an enum's name's place)
  bt::data::SourceLocation where = {};
};

struct ModularBehaviorTreeParse {
  bt::data::TreeSpec spec;  // complete only when there are no errors
  std::vector<MbtSignalSpec> signals;
  std::vector<bt::data::BuildError> errors;

  bool Ok() const { return errors.empty(); }
};

// The spec of `text`, a <BehaviorTree> file's contents; `file` names it in errors.
// `registry` says which game nodes exist (and their named parameters); its
// stub mode (options.build) makes unknown ones stubs; options.scripts compiles Lua.
ModularBehaviorTreeParse ParseModularBehaviorTree(std::string_view text, std::string file,
                                                  const bt::data::Registry& registry, const LoadOptions& options = {});

// The game's registry with MBT's core leaves and Decides under their MBT names:
// the built-in leaves (bt::data::RegisterBuiltinBehaviors), WaitForEvent,
// SendEvent, SendTransitionEvent, AssertTime, WaitUntilTime, and the Decide IfTime.
bt::data::Registry ModularBehaviorTreeRegistry(const bt::data::Registry& game);

struct ModularBehaviorTree {
  bt::data::BuildResult build;
  SignalTable signals;  // its <SignalVariables>; empty when the build failed
};

// Parses and builds `text` (the text entry, for tests and the fuzzer).
ModularBehaviorTree LoadModularBehaviorTree(std::string_view text, std::string file, const bt::data::Registry& registry,
                                            const LoadOptions& options = {});

// Loads the file at `path` and builds it, with its signals table.
ModularBehaviorTree LoadModularBehaviorTreeWithSignals(const std::string& path, const bt::data::Registry& registry,
                                                       const LoadOptions& options = {});

// Loads the file at `path` and builds it (LoadTreeFile's entry).
bt::data::BuildResult LoadModularBehaviorTreeFile(const std::string& path, const bt::data::Registry& registry,
                                                  const LoadOptions& options = {});

}  // namespace bt::loaders
