#!/bin/sh
# A program built with other limits (bt/core/config.h) than its libbt must not link,
# and the linker's error must say which limit to rebuild libbt with; the same
# values link and run. The program is the first demo, linked against the
# libbt.a given (built with the default limits), with each limit changed in
# turn, by each compiler given. Ends with "limits-link: N passed, M failed".
#   usage: sh tests/package/limits_link_test.sh "LIBBT HOOKLIB" CXX...
lib=$1
shift
libs="$(pkg-config --libs spdlog 2>/dev/null || echo -lspdlog -lfmt) -pthread"
cflags="-std=c++20 -I. $(pkg-config --cflags spdlog 2>/dev/null)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }
for cxx in "$@"; do
  name=$(basename "$cxx")
  if $cxx $cflags demo/t01_first_tree.cpp $lib $libs -o "$work/same" >"$work/log" 2>&1 && "$work/same" >/dev/null; then
    pass
  else
    cat "$work/log"; fail "$name: a program with libbt's own limits does not link and run"
  fi
  for limit in BT_MAX_BEHAVIOR_MEMORY_BYTES=512 BT_MAX_DBLOCK_BYTES=64 BT_MAX_STIMULI=16 BT_STIMULUS_DATA_BYTES=32 \
               BT_DEBUG_OUTPUT=0; do
    want="undefined reference to \`void bt::limits::rebuild_libbt_with_the_same_${limit%=*}<${limit#*=}>()'"
    if $cxx $cflags -D"$limit" demo/t01_first_tree.cpp $lib $libs -o "$work/other" >"$work/log" 2>&1; then
      fail "$name: a program built with -D$limit linked against a libbt built without it"
    elif grep -qF "$want" "$work/log"; then
      pass
    else
      cat "$work/log"; fail "$name: -D$limit failed to link, but without: $want"
    fi
  done
done
echo "limits-link: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
