// bt/data/stubs.h — what stub mode binds unknown names to (bt/data/tree_builder.h).
//
// A stub takes any agent (even null) and does nothing but answer: an action's
// Tick returns the result the build asked for, a condition or Decide rejects
// (or accepts), a value function returns 0. While a StubRecording is alive on a thread, the stubs ticked on
// that thread record each call in it, in the words of the test agents:
// "decide D" (D the decider), "activate B", "tick B", "deactivate B" (B the action).
#pragma once

#include <string>
#include <vector>

#include "bt/core/behavior.h"
#include "bt/core/classic.h"
#include "bt/data/expression.h"
#include "bt/core/decider.h"

namespace bt::data {

class StubRecording {
 public:
  StubRecording();   // records this thread's stub calls, until destroyed
  ~StubRecording();  // the recording installed before it records again
  StubRecording(const StubRecording&) = delete;
  StubRecording& operator=(const StubRecording&) = delete;

  // The calls since the last Take, then forgets them.
  std::vector<std::string> Take();

 private:
  friend void RecordStubCall(const char* what, const char* name);
  std::vector<std::string> events_;
  StubRecording* previous_;
};

// The stub behavior called `name` (its name is not copied), whose Tick returns `tick`.
BehaviorDef StubBehavior(const char* name, Result tick);
// A condition or Decide stub: 0 (rejects) or 1 (accepts).
DecideFn StubDecide(bool accepts);
// A value function stub of expressions: returns 0, whatever its arguments (not recorded).
ValueFn StubValue();
// A GroupScope's scope finder stub: finds no scope (the GroupScope fails).
ScopeFinder StubScopeFinder();

}  // namespace bt::data
