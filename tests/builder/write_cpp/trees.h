// tests/builder/write_cpp/trees.h — the trees the round trip to C++ writes out
// (tests/builder/write_cpp/generate.cpp, at build time) and ticks against what it
// wrote (tests/builder/write_cpp_test.cpp): every part of a decider a data tree can
// give, on the recording TraceAgent.
#pragma once

#include <cstdint>
#include <span>

#include "bt/data/expression.h"
#include "bt/data/registry.h"
#include "bt/data/tree_spec.h"
#include "bt/engine/scope.h"
#include "tests/support/trace_agent.h"

namespace writecpp {

// A DBlock its Decide fills and its behavior reads.
struct Target {
  int x;
};
inline constexpr int E_RANGE = 12;  // a named constant of the game

float Spot(test::TraceAgent& agent, Target& target, const bt::DecideContext& context);
bt::Result Chase(test::TraceAgent& agent, const Target& target, const bt::Context& context);
std::uint32_t Dice(test::TraceAgent& agent);
// Value functions of expressions: they log "value NAME(args)" and return agent.decide[NAME] (+ a number argument).
double Health(test::TraceAgent& agent, std::span<const bt::Param> args);
double DistanceTo(test::TraceAgent& agent, std::span<const bt::Param> args);

// The trace actions, Trace, Seen, Spot, Dice, health, distanceTo and E_RANGE.
void RegisterFunctions(bt::data::Registry& registry);

// RegisterFunctions and the built-in leaves: what the tree files of
// tests/data/bt_import/*_nodes.* (every built-in node kind of each format) name.
void RegisterFileFunctions(bt::data::Registry& registry);

// The GroupScopes' scopes: one per agent.
bt::Scope* FindScope(void* agent, const char* name);

// The tree files written out by the round trip: every built-in node kind of
// each format (loaded by bt::loaders::LoadTreeFile, with FindScope).
inline constexpr const char* kNodeFiles[] = {"tests/data/bt_import/mbt_nodes.xml",
                                             "tests/data/bt_import/unvanquished_nodes.bt",
                                             "tests/data/bt_import/dragengine_nodes.xml",
                                             "tests/data/bt_import/selection_nodes.xml"};

// Groups with Decides, flags, a group behavior, a Random group with its source;
// a DBlock; parameters of every kind; preconditions; behavior flags; a shared
// behavior; names that are not C++ identifiers or that collide; variables.
bt::data::TreeSpec FeaturesSpec();

// Every classic kind (bt/core/classic.h), each group with its config (NodeSpec::Results,
// Count, Seconds, Chance) and classic flags, nested in one another and under a
// Spore group, some with Decides that gate them.
bt::data::TreeSpec ClassicSpec();

// A tree whose conditions are expressions (bt/data/expression_condition.h) in
// both dialects, with variables (Alert, Hidden: bools; Ammo: a number).
bt::data::TreeSpec ConditionsSpec();

// An MBT tree: a Priority over a StateMachine whose states (groups and a leaf)
// move on events; variables (Alert, Hidden: bools) and two timestamps.
bt::data::TreeSpec MachineSpec();

}  // namespace writecpp
