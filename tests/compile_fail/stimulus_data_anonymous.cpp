// Stimulus data of a type in an anonymous namespace: another file's type may be
// spelled alike, and the store keeps the data under its type's name.
// expect: bt: stimulus data is saved by its type's name, which must mean one type in the whole program
#include "bt/bt.h"
namespace {
struct Hit {
  float damage;
};
}  // namespace
void Hurt(bt::Stimuli& stimuli) { stimuli.Add(0, 1.0f, Hit{2}); }
