// Stimulus data aligned beyond what a stimulus guarantees.
// expect: bt: stimulus data may be aligned to at most 8 bytes
#include "bt/bt.h"
struct alignas(16) Wide {
  char bytes[16];
};
void Hear(bt::Stimuli& stimuli) { stimuli.Add(3, 1.0f, Wide{}); }
