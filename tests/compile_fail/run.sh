#!/bin/sh
# Negative-compile tests: each file here must fail to compile, the compiler's
# first error line must contain the text of its `// expect: ...` line (one
# problem reads as one clear error, first), and the whole output the text of each
# `// expect-also: ...` line (e.g. the culprit's name, in the error's context);
# with an `// expect-errors: N` line, the output has exactly N errors; with an
# `// expect-lines: N` line, it is at most N lines long (the error is not drowned
# in notes).
# Run with g++ and with clang++ (make compile-fail, make compile-fail-clang).
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
  elif printf '%s\n' "$output" | grep -m 1 -F 'error:' | grep -qF -- "$expect"; then
    missing=$(sed -n 's|^// expect-also: ||p' "$file" | while IFS= read -r also; do
      printf '%s' "$output" | grep -qF -- "$also" || printf '%s\n' "$also"
    done)
    want=$(sed -n 's|^// expect-errors: ||p' "$file" | head -n 1)
    errors=$(printf '%s\n' "$output" | grep -c 'error:')
    most=$(sed -n 's|^// expect-lines: ||p' "$file" | head -n 1)
    lines=$(printf '%s\n' "$output" | wc -l)
    if [ -n "$want" ] && [ "$errors" -ne "$want" ]; then
      printf 'FAIL %s: %s errors, not %s\n' "$file" "$errors" "$want"
      printf '%s\n' "$output" | grep 'error:'
      failed=$((failed + 1))
    elif [ -n "$most" ] && [ "$lines" -gt "$most" ]; then
      printf 'FAIL %s: %s lines of output, more than %s\n' "$file" "$lines" "$most"
      printf '%s\n' "$output" | head -n 20
      failed=$((failed + 1))
    elif [ -z "$missing" ]; then
      passed=$((passed + 1))
    else
      printf 'FAIL %s: failed, but without: %s\n' "$file" "$missing"
      failed=$((failed + 1))
    fi
  else
    echo "FAIL $file: the first error is not the expected one: $expect"
    printf '%s\n' "$output" | grep -m 5 'error:'
    failed=$((failed + 1))
  fi
done
echo "compile-fail: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
