// bt/data/stubs.cpp — the stubs of stub mode and their recording (see the header).
#include "bt/data/stubs.h"

namespace bt::data {

void RecordStubCall(const char* what, const char* name);

namespace {

thread_local StubRecording* tRecording = nullptr;

const char* BehaviorName(const Context& context) {
  return context.decider != nullptr && context.decider->behavior != nullptr ? context.decider->behavior->name : "?";
}

bool StubActivate(void*, void*, const Context& context) {
  RecordStubCall("activate ", BehaviorName(context));
  return true;
}
template <Result kResult>
Result StubTick(void*, void*, const Context& context) {
  RecordStubCall("tick ", BehaviorName(context));
  return kResult;
}
void StubDeactivate(void*, void*, const Context& context) { RecordStubCall("deactivate ", BehaviorName(context)); }

template <bool kAccepts>
float StubDecideFn(void*, void*, const DecideContext& context) {
  RecordStubCall("decide ", context.decider != nullptr ? context.decider->name : "?");
  return kAccepts ? 1.0f : 0.0f;
}

double StubValueFn(void*, std::span<const Param>) { return 0.0; }

}  // namespace

void RecordStubCall(const char* what, const char* name) {
  if (tRecording != nullptr) tRecording->events_.push_back(std::string(what) + (name != nullptr ? name : "?"));
}

StubRecording::StubRecording() : previous_(tRecording) { tRecording = this; }
StubRecording::~StubRecording() { tRecording = previous_; }

std::vector<std::string> StubRecording::Take() {
  std::vector<std::string> taken;
  taken.swap(events_);
  return taken;
}

BehaviorDef StubBehavior(const char* name, Result tick) {
  BehaviorDef behavior{.name = name, .activate = &StubActivate, .deactivate = &StubDeactivate};
  switch (tick) {
    case Result::Done: behavior.tick = &StubTick<Result::Done>; break;
    case Result::Failed: behavior.tick = &StubTick<Result::Failed>; break;
    default: behavior.tick = &StubTick<Result::Running>; break;
  }
  return behavior;
}

DecideFn StubDecide(bool accepts) { return accepts ? &StubDecideFn<true> : &StubDecideFn<false>; }

ValueFn StubValue() { return &StubValueFn; }

ScopeFinder StubScopeFinder() {
  return [](void*, const char*) -> Scope* { return nullptr; };
}

}  // namespace bt::data
