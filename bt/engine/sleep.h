// bt/engine/sleep.h — sleeping agents: a tick a crowd may skip because it would do nothing.
//
// An agent sleeps when its tick, had it been called, would call no game code
// and change nothing that a later tick reads: then skipping it is exact, and a
// crowd (bt/crowd/crowd.h) skips it until the time it could wake. The tick decides
// this at its end, by one rule (WakeTime below), from the block and the tree:
// - the running behavior asked, from its Tick (Context::SleepUntil,
//   SleepUntilWoken, SleepUntilActiveTime), or it has no Tick at all (Halt);
// - nothing else on the active path acts per tick: no group behavior, no
//   condition re-checked (kRecheckEveryTick), no classic group, only Spore
//   policies; and at each PrioritizedList no child above the active one would
//   be asked: each is rejected by its flag preconditions under this tick's
//   decision and stimuli flags, or by its timer, which wakes the agent when it
//   could open;
// - nothing records the tick: no why-record, no debug output for the agent, no
//   running path (a tree that keeps one notes it at every tick);
// - the block's epoch would not move (a tick kRebaseSeconds after it rebases it).
// When in doubt the agent stays awake: it is then simply ticked.
//
// What a skipped tick does not do: write the block's last tick time
// (MemoryHeader::lastTime), which the next real tick overwrites. Everything
// else in the block is as ticking would have left it.
//
// The game's part: a sleeping agent is asleep under the flags and the agent
// state it was ticked with. Anything that could change what its tick does
// (other flags, a stimulus, an event sent to it, a variable a Decide reads,
// debug output turned on for it) must come with Crowd::Wake(agent).
#pragma once

#include <cmath>

namespace bt {

// A time a little before `time`, so that a comparison of times rounded as the
// tick rounds them (time minus the block's epoch, in double) is still before
// it: `time` less 2^-40 of its magnitude (about a millisecond for Unix time).
inline double SleepTimeBefore(double time) { return time - (std::fabs(time) + 1.0) * 0x1p-40; }

namespace detail {
struct TickState;
// At the end of a tick that returned Running, for a caller that asked
// (TickOptions::wakeTime): writes the time before which its next ticks may be
// skipped (the rules above); writes nothing when they may not.
void NoteWakeTime(const TickState& t, double& wakeTime);
}  // namespace detail

}  // namespace bt
