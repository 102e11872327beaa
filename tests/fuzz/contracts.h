// tests/fuzz/contracts.h — the engine contracts of the hardening that the fuzzers
// check beyond what the engine promised before it.
//
// Each is on by default. Building with -D<NAME>=0 (`make FUZZ_DEFS=...`) fuzzes an
// engine that does not keep it yet, with every other check still on.
#pragma once

// A user function that ticks its own agent's block gets Status::Reentered with
// nothing changed; one that stops it makes the outer tick end with Status::Stopped,
// everything deactivated. (Ticking another agent's block is checked either way.)
#ifndef BT_FUZZ_REENTRANCY_CONTRACT
#define BT_FUZZ_REENTRANCY_CONTRACT 1
#endif

// Any finite time with |time| <= 1e15 s is accepted, beyond it BadTime; activeTime,
// timer preconditions and "earlier than the last tick" are exact to well under a
// millisecond at Unix times (the block keeps a double epoch).
#ifndef BT_FUZZ_TIME_CONTRACT
#define BT_FUZZ_TIME_CONTRACT 1
#endif

// Random groups sum weights in double: among +inf weights the choice is uniform,
// and huge finite weights (3e38 each) are chosen in proportion.
#ifndef BT_FUZZ_RANDOM_CONTRACT
#define BT_FUZZ_RANDOM_CONTRACT 1
#endif

// Any damage to a block gives both ticks the same Status and the same Deactivates,
// an interior "none" active child (0xFF) met by the Deactivates of an interruption
// included.
#ifndef BT_FUZZ_DAMAGE_CONTRACT
#define BT_FUZZ_DAMAGE_CONTRACT 1
#endif

namespace bt_fuzz {
// The largest |time| a tick accepts, under the time contract.
inline constexpr double kMaxTime = 1e15;
}  // namespace bt_fuzz
