// bad_defs.h
#define PAIR(a, b a b
