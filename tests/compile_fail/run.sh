#!/bin/sh
# Negative-compile tests: each file here must fail to compile, and the compiler's
# output must contain the text of its `// expect: ...` line, and of each
# `// expect-also: ...` line (e.g. the culprit's name, in the error's context).
compile=$1
dir=$(dirname "$0")
passed=0
failed=0
for file in "$dir"/*.cpp; do
  expect=$(sed -n 's|^// expect: ||p' "$file" | head -n 1)
  if [ -z "$expect" ]; then
    echo "FAIL $file: no '// expect:' line"; failed=$((failed + 1)); continue
  fi
  if output=$($compile "$file" 2>&1); then
    echo "FAIL $file: compiled, but should have failed with: $expect"; failed=$((failed + 1))
  elif printf '%s' "$output" | grep -qF -- "$expect"; then
    missing=$(sed -n 's|^// expect-also: ||p' "$file" | while IFS= read -r also; do
      printf '%s' "$output" | grep -qF -- "$also" || printf '%s\n' "$also"
    done)
    if [ -z "$missing" ]; then
      passed=$((passed + 1))
    else
      printf 'FAIL %s: failed, but without: %s\n' "$file" "$missing"
      failed=$((failed + 1))
    fi
  else
    echo "FAIL $file: failed without the expected message: $expect"
    printf '%s\n' "$output" | grep -m 5 error
    failed=$((failed + 1))
  fi
done
echo "compile-fail: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
