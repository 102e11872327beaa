// tests/core/type_identity.h — what tests/core/type_identity_a_test.cpp and
// tests/core/type_identity_b_test.cpp show each other. Each file defines its own
// `Agent` and `Pick` (a DBlock) in an anonymous namespace, spelled alike but of
// different sizes, with a tree for them; the trees and a tick with each file's
// agent are reachable from the other file only through these declarations.
#pragma once

#include <cstddef>
#include <span>

#include "bt/bt.h"

namespace ident {

// The agent of the trees that cross the files for their DBlocks: one named type.
struct Witness {
  int picksSeen = 0;     // Activates that found the DBlock they asked for
  int picksMissing = 0;  // ... that found none
  int pickId = 0;        // the id read from the last DBlock found
};

// File A: a tree whose functions take A's 4-byte Agent, and a tick of any tree
// with a fresh A agent.
BT_DECLARE_DECIDER(ROOT_A);
bt::TickResult TickWithAgentA(const bt::DeciderDef& root, std::span<std::byte> memory);
// A's decider whose Decide fills A's Pick {id 7} for the behavior of file B below.
BT_DECLARE_DECIDER(PICK_A_FOR_B);
// The same Decide for A's own behavior, which reads A's Pick.
BT_DECLARE_DECIDER(PICK_A_FOR_A);

// File B: the same for B's 64-byte Agent.
BT_DECLARE_DECIDER(ROOT_B);
bt::TickResult TickWithAgentB(const bt::DeciderDef& root, std::span<std::byte> memory);
// B's behavior reading B's 24-byte Pick.
BT_DECLARE_BEHAVIOR(READ_PICK_B);

}  // namespace ident
