// bt/core/config.cpp — the limits libbt is built with (bt/core/config.h), as link-time
// symbols: every file of a program that includes bt refers to the ones of its own
// values, so a program built with other limits than its libbt does not link.
#include "bt/core/config.h"

namespace bt::limits {

#define BT_DETAIL_LIMIT_DEFINITION(LIMIT) \
  template <>                             \
  void rebuild_libbt_with_the_same_##LIMIT<(LIMIT)>() {}
BT_DETAIL_LIMIT_DEFINITION(BT_MAX_BEHAVIOR_MEMORY_BYTES)
BT_DETAIL_LIMIT_DEFINITION(BT_MAX_DBLOCK_BYTES)
BT_DETAIL_LIMIT_DEFINITION(BT_MAX_STIMULI)
BT_DETAIL_LIMIT_DEFINITION(BT_STIMULUS_DATA_BYTES)
BT_DETAIL_LIMIT_DEFINITION(BT_DEBUG_OUTPUT)
#undef BT_DETAIL_LIMIT_DEFINITION

}  // namespace bt::limits
