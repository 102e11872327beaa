// Stimulus data larger than a stimulus holds.
// expect: bt: stimulus data is larger than BT_STIMULUS_DATA_BYTES
#include "bt/bt.h"
struct Report {
  char bytes[bt::kStimulusDataBytes + 1];
};
void Hear(bt::Stimuli& stimuli) { stimuli.Add(3, 1.0f, Report{}); }
