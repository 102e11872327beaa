// tools/bench/classic_handwritten.cpp — the classic tree (classic.md) as plain code.
//
// It makes the decisions bt's classic rules make (bt/engine/kinds/classic.cpp), so the
// two call the same actions on every agent at every tick (tests/tools/classic_bench_test.cpp):
// - ROOT tries its children in order every tick; a re-checked condition is the
//   same test whether its branch starts or runs on; FIGHT's is read on entry only;
// - the first branch that does not fail gives the result; the branch that ran
//   before and is not reached is dropped (an interrupted action applies nothing);
// - an action that ends hands over in the same tick: a sequence starts its next
//   child, the fallback its next after a failure, ALARM ends (deactivating LOOK
//   when YELL is done first), DANCES starts its second dance, IDLE starts over.
// A branch that starts always runs on after its first tick (its first actions
// last longer than one tick), so the branches share the counters.
#include "tools/bench/classic_handwritten.h"

#include "tools/bench/classic.h"

namespace bench::classic {
namespace {

enum Branch : std::uint8_t { kNoBranch, kFleeBranch, kGuardBranch, kFightBranch, kEatBranch, kIdleBranch };
enum AlarmBits : std::uint8_t { kYellRuns = 1, kLookRuns = 2 };

// An action, from its first tick when start.
Outcome Step(Action a, Creature& c, std::uint8_t& ticks, bool start) {
  if (start) ticks = 0;
  return Act(a, c, ticks);
}

// ALARM: YELL (if it has not yelled) and LOOK side by side; done when one is done.
Outcome Alarm(Creature& c, HandState& s, bool start) {
  if (start) {
    s.alarm = c.yelled ? kLookRuns : kYellRuns | kLookRuns;
    s.ticks = s.lookTicks = 0;
  }
  bool done = false;
  if (s.alarm & kYellRuns) {
    const Outcome r = Act(kYell, c, s.ticks);
    if (r != Outcome::Running) s.alarm &= ~kYellRuns;
    done = r == Outcome::Done;
  }
  if (s.alarm & kLookRuns) {
    const Outcome r = Act(kLook, c, s.lookTicks);
    if (r != Outcome::Running) s.alarm &= ~kLookRuns;
    done = done || r == Outcome::Done;
  }
  if (done) return Outcome::Done;
  return s.alarm != 0 ? Outcome::Running : Outcome::Failed;
}

// GUARD: ALARM, then PATROL.
Outcome Guard(Creature& c, HandState& s, bool start) {
  if (start) s.step = 0;
  if (s.step == 0) {
    const Outcome r = Alarm(c, s, start);
    if (r != Outcome::Done) return r;
    s.step = 1;
    start = true;
  }
  return Step(kPatrol, c, s.ticks, start);
}

// GET_FOOD: the first of HAVE_FOOD (food seen), HUNT (energy > 30), FORAGE that does not fail.
Outcome GetFood(Creature& c, HandState& s, bool start) {
  constexpr Action kChildren[] = {kHaveFood, kHunt, kForage};
  int i = start ? 0 : s.food;
  for (;;) {
    const bool accepts = !start || (i == 0 ? c.food_seen : i == 1 ? c.energy > 30 : true);
    if (accepts) {
      s.food = static_cast<std::uint8_t>(i);
      const Outcome r = Step(kChildren[i], c, s.ticks, start);
      if (r != Outcome::Failed) return r;
    }
    if (++i == 3) return Outcome::Failed;
    start = true;
  }
}

// EAT: GET_FOOD, then EAT_FOOD.
Outcome Eat(Creature& c, HandState& s, bool start) {
  if (start) s.step = 0;
  if (s.step == 0) {
    const Outcome r = GetFood(c, s, start);
    if (r != Outcome::Done) return r;
    s.step = 1;
    start = true;
  }
  return Step(kEatFood, c, s.ticks, start);
}

// PLAY: DANCES (two dances while energy > 50, read at every tick), whose failure is a success.
Outcome Play(Creature& c, HandState& s, bool start) {
  if (!(c.energy > 50)) return Outcome::Done;  // DANCES fails: rejected, or no longer accepted
  if (start) s.dances = 0;
  Outcome r = Step(kDance, c, s.ticks, start);
  if (r == Outcome::Done && ++s.dances < 2) r = Step(kDance, c, s.ticks, true);  // it ran over: again at once
  return r == Outcome::Failed ? Outcome::Done : r;
}

// IDLE: PLAY, then REST, then PLAY again.
Outcome Idle(Creature& c, HandState& s, bool start) {
  if (start) s.step = 0;
  for (;;) {
    const Outcome r = s.step == 0 ? Play(c, s, start) : Step(kRest, c, s.ticks, start);
    if (r != Outcome::Done) return r;
    s.step ^= 1;
    start = true;
  }
}

// One branch of ROOT: started unless it runs; true when it gave ROOT's result.
template <Outcome (*Run)(Creature&, HandState&, bool)>
bool TryBranch(Creature& c, HandState& s, Branch b) {
  const bool start = s.branch != b;
  const Outcome r = Run(c, s, start);
  if (r == Outcome::Running) {
    s.branch = b;
    return true;
  }
  // Done: ROOT is done, whatever ran before is dropped. Failed: ROOT goes on,
  // and the branch that ran before, if another, still runs.
  if (r == Outcome::Done || !start) s.branch = kNoBranch;
  return r == Outcome::Done;
}

Outcome Flee(Creature& c, HandState& s, bool start) { return Step(kFlee, c, s.ticks, start); }
Outcome Fight(Creature& c, HandState& s, bool start) { return Step(kFight, c, s.ticks, start); }

void Decide(Creature& c, HandState& s) {
  if (c.threat && c.energy < 60) {
    if (TryBranch<Flee>(c, s, kFleeBranch)) return;
  } else if (s.branch == kFleeBranch) {
    s.branch = kNoBranch;  // its re-checked condition fails
  }
  if (c.nest_threat && !c.threat) {
    if (TryBranch<Guard>(c, s, kGuardBranch)) return;
  } else if (s.branch == kGuardBranch) {
    s.branch = kNoBranch;
  }
  if (s.branch == kFightBranch || c.threat)
    if (TryBranch<Fight>(c, s, kFightBranch)) return;
  if (c.hunger > 70) {
    if (TryBranch<Eat>(c, s, kEatBranch)) return;
  } else if (s.branch == kEatBranch) {
    s.branch = kNoBranch;
  }
  TryBranch<Idle>(c, s, kIdleBranch);
}

}  // namespace

void HandTick(Creature* creatures, HandState* state, std::size_t n, int t) {
  for (std::size_t i = 0; i < n; ++i) {
    WorldStep(creatures[i], t);
    Decide(creatures[i], state[i]);
  }
}

}  // namespace bench::classic
