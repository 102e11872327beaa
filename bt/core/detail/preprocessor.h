// bt/core/detail/preprocessor.h — the little preprocessor iteration the macros need:
// a FOR_EACH over a variadic list, and a test for a parenthesized argument.
//
// Written with __VA_OPT__ rather than taken from Boost.Preprocessor, whose
// variadic lists stop at 64 elements (BOOST_PP_LIMIT_VARIADIC): a group of 65
// children must reach bt's own static_assert, not a preprocessor error. A
// FOR_EACH re-scans its list once per element through nested EXPANDs (4^4
// scans and their own), so it takes up to 342 elements, five times
// bt::kMaxGroupChildren.
#pragma once
// A system header to the compilers, so that an error in a tree's definition
// is not followed by a note for each of the hundreds of nested expansions a
// FOR_EACH makes (g++ prints them all): only the user's macros are traced.
// tests/package/header_hygiene.sh defines BT_DETAIL_WARN_IN_MACROS to hold the macro
// bodies to its strict flags all the same.
#ifndef BT_DETAIL_WARN_IN_MACROS
#pragma GCC system_header
#endif

#define BT_DETAIL_CAT(A, B) BT_DETAIL_CAT_I(A, B)
#define BT_DETAIL_CAT_I(A, B) A##B

// 1 if X is parenthesized, as in (ns::CHILD) or an option's (KIND, ...), else 0.
#define BT_DETAIL_IS_PAREN(X) BT_DETAIL_SECOND(BT_DETAIL_IS_PAREN_PROBE X, 0, ~)
#define BT_DETAIL_IS_PAREN_PROBE(...) ~, 1
#define BT_DETAIL_SECOND(...) BT_DETAIL_SECOND_I(__VA_ARGS__)
#define BT_DETAIL_SECOND_I(A, B, ...) B

// Removes one level of parentheses: BT_DETAIL_UNPAREN (a, b) is a, b.
#define BT_DETAIL_UNPAREN(...) __VA_ARGS__

// M(CTX, X) for each X of the list, in order. M may itself use
// BT_DETAIL_FOR_EACH_INNER (a second copy, since a macro cannot expand inside itself).
#define BT_DETAIL_FOR_EACH(M, CTX, ...) __VA_OPT__(BT_DETAIL_EXPAND(BT_DETAIL_FOR_EACH_STEP(M, CTX, __VA_ARGS__)))
#define BT_DETAIL_FOR_EACH_STEP(M, CTX, X, ...) \
  M(CTX, X) __VA_OPT__(BT_DETAIL_FOR_EACH_AGAIN BT_DETAIL_EMPTY_PARENS(M, CTX, __VA_ARGS__))
#define BT_DETAIL_FOR_EACH_AGAIN() BT_DETAIL_FOR_EACH_STEP
#define BT_DETAIL_EMPTY_PARENS ()
#define BT_DETAIL_EXPAND(...) BT_DETAIL_EXPAND4(BT_DETAIL_EXPAND4(BT_DETAIL_EXPAND4(BT_DETAIL_EXPAND4(__VA_ARGS__))))
#define BT_DETAIL_EXPAND4(...) BT_DETAIL_EXPAND3(BT_DETAIL_EXPAND3(BT_DETAIL_EXPAND3(BT_DETAIL_EXPAND3(__VA_ARGS__))))
#define BT_DETAIL_EXPAND3(...) BT_DETAIL_EXPAND2(BT_DETAIL_EXPAND2(BT_DETAIL_EXPAND2(BT_DETAIL_EXPAND2(__VA_ARGS__))))
#define BT_DETAIL_EXPAND2(...) BT_DETAIL_EXPAND1(BT_DETAIL_EXPAND1(BT_DETAIL_EXPAND1(BT_DETAIL_EXPAND1(__VA_ARGS__))))
#define BT_DETAIL_EXPAND1(...) __VA_ARGS__

#define BT_DETAIL_FOR_EACH_INNER(M, CTX, ...) \
  __VA_OPT__(BT_DETAIL_EXPAND_INNER(BT_DETAIL_FOR_EACH_INNER_STEP(M, CTX, __VA_ARGS__)))
#define BT_DETAIL_FOR_EACH_INNER_STEP(M, CTX, X, ...) \
  M(CTX, X) __VA_OPT__(BT_DETAIL_FOR_EACH_INNER_AGAIN BT_DETAIL_EMPTY_PARENS(M, CTX, __VA_ARGS__))
#define BT_DETAIL_FOR_EACH_INNER_AGAIN() BT_DETAIL_FOR_EACH_INNER_STEP
#define BT_DETAIL_EXPAND_INNER(...) \
  BT_DETAIL_EXPAND_INNER4(BT_DETAIL_EXPAND_INNER4(BT_DETAIL_EXPAND_INNER4(BT_DETAIL_EXPAND_INNER4(__VA_ARGS__))))
#define BT_DETAIL_EXPAND_INNER4(...) \
  BT_DETAIL_EXPAND_INNER3(BT_DETAIL_EXPAND_INNER3(BT_DETAIL_EXPAND_INNER3(BT_DETAIL_EXPAND_INNER3(__VA_ARGS__))))
#define BT_DETAIL_EXPAND_INNER3(...) \
  BT_DETAIL_EXPAND_INNER2(BT_DETAIL_EXPAND_INNER2(BT_DETAIL_EXPAND_INNER2(BT_DETAIL_EXPAND_INNER2(__VA_ARGS__))))
#define BT_DETAIL_EXPAND_INNER2(...) \
  BT_DETAIL_EXPAND_INNER1(BT_DETAIL_EXPAND_INNER1(BT_DETAIL_EXPAND_INNER1(BT_DETAIL_EXPAND_INNER1(__VA_ARGS__))))
#define BT_DETAIL_EXPAND_INNER1(...) __VA_ARGS__
