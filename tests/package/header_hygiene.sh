#!/bin/sh
# Header hygiene: one translation unit that includes every public header
# (every header under bt/, found here so a new header is checked without
# editing this script) and then tests/package/header_hygiene/tree.cpp, which uses the
# macros and both ticks, must compile without a single warning under flags
# stricter than the library's own, with each compiler given. Users compile our
# headers with their flags, so a warning here is an error in their build.
# Usage: header_hygiene.sh COMPILER... ; ends with "header-hygiene: N passed, M failed".
flags="-std=c++20 -I. -DBT_DETAIL_WARN_IN_MACROS -Wall -Wextra -Wpedantic -Wconversion -Wshadow -Werror -O2 -c -o /dev/null"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tu="$work/all_headers.cpp"
for header in $(find bt -name '*.h' | sort); do echo "#include \"$header\""; done > "$tu"
echo '#include "tests/package/header_hygiene/tree.cpp"' >> "$tu"
passed=0
failed=0
for compiler in "$@"; do
  # -x c++: the TU is read from a path outside the tree, as any user's file.
  if output=$($compiler $flags -x c++ "$tu" 2>&1) && [ -z "$output" ]; then
    passed=$((passed + 1))
  else
    echo "FAIL $compiler: the public headers are not clean under $flags"
    printf '%s\n' "$output" | grep -m 20 'warning\|error'
    failed=$((failed + 1))
  fi
done
echo "header-hygiene: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
