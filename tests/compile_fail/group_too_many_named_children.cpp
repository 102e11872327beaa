// BT_CHILDREN with more children than a group may have: bt's static_assert, not
// a preprocessor limit (BT_CHILDREN declares each child).
// expect: bt: group decider CROWD has more than bt::kMaxGroupChildren children
// expect-errors: 1
#include "bt/bt.h"
#define BT_TEST_8(P) P##0, P##1, P##2, P##3, P##4, P##5, P##6, P##7
BT_DEFINE_GROUP(CROWD, PrioritizedList,
                BT_CHILDREN(BT_TEST_8(A), BT_TEST_8(B), BT_TEST_8(C), BT_TEST_8(D), BT_TEST_8(E), BT_TEST_8(F),
                            BT_TEST_8(G), BT_TEST_8(H), LAST));
