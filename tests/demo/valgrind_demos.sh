#!/bin/sh
# tests/demo/valgrind_demos.sh — every demo binary under valgrind memcheck, without
# interaction; any memory error or leak makes it fail. Ends with one plain line
# "valgrind: N passed, M failed".
# usage: sh tests/demo/valgrind_demos.sh build/demo/...
passed=0
failed=0
for demo in "$@"; do
  args=""
  # The creatures sandbox runs a bounded, non-interactive session when told so.
  case $(basename "$demo") in creatures) args="--seed 4 --ticks 300 --every 100" ;; esac
  log=$(mktemp) || exit 1
  # shellcheck disable=SC2086  # args is a word list on purpose
  if valgrind --tool=memcheck --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect \
      --track-origins=yes --log-file="$log" "$demo" $args >/dev/null 2>&1 </dev/null; then
    passed=$((passed + 1))
    echo "valgrind: $demo: $(grep -m 1 'ERROR SUMMARY' "$log" | sed 's/^==[0-9]*== //')"
  else
    failed=$((failed + 1))
    echo "valgrind: FAILED: $demo"
    grep -E 'ERROR SUMMARY|Invalid|uninitialised|definitely|indirectly' "$log" | head -n 20
  fi
  rm -f "$log"
done
echo "valgrind: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
