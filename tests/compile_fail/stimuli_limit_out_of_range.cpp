// More stimuli than the flags word has bits.
// expect: bt: BT_MAX_STIMULI must be 1 to 32 (one flag bit per token)
#define BT_MAX_STIMULI 33
#include "bt/bt.h"
