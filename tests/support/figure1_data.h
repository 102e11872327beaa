// tests/support/figure1_data.h — the Figure 1 tree (tests/support/figure1_tree.h) as data: the
// registry of the trace functions under the behavior names of its macro twin,
// and the spec a loader of "figure1.bt" would give the builder.
#pragma once

#include "bt/data/registry.h"
#include "bt/data/tree_spec.h"
#include "tests/support/trace_agent.h"

namespace figure1 {

// FLEE_B ... REST_B as actions of the trace functions, and TraceDecide as "Trace".
void RegisterTraceFunctions(bt::data::Registry& registry);

// The tree of tests/support/figure1_tree.cpp, node for node, written at line i+1 of "figure1.bt".
bt::data::TreeSpec Figure1Spec();

}  // namespace figure1
