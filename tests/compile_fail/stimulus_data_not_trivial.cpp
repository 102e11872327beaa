// Stimulus data that owns memory: it could not be saved with the agent by copying bytes.
// expect: bt: stimulus data must be trivially copyable
#include <string>
#include "bt/bt.h"
struct Shout {
  std::string words;
};
void Hear(bt::Stimuli& stimuli) { stimuli.Add(3, 1.0f, Shout{}); }
