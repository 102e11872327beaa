#!/bin/sh
# Runs a Catch2 binary and ends with one plain line "<label>: N passed, M failed"
# (test cases), which CI reads. Exits with the binary's status.
binary=$1
label=$2
out=$(mktemp)
"$binary" 2>&1 | tee "$out"
status=$?
# `tee` hides the binary's status in plain sh; recover it from Catch's own summary.
if grep -q "^All tests passed" "$out"; then
  passed=$(sed -n 's/^All tests passed (.* in \([0-9]*\) test case.*/\1/p' "$out")
  failed=0
  status=0
else
  passed=$(sed -n 's/^test cases: *[0-9]* | *\([0-9]*\) passed.*/\1/p' "$out")
  failed=$(sed -n 's/^test cases:.*| *\([0-9]*\) failed.*/\1/p' "$out")
  [ -n "$failed" ] || failed=1
  status=1
fi
rm -f "$out"
echo "$label: ${passed:-0} passed, $failed failed"
exit $status
