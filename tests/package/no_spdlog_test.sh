#!/bin/sh
# A program that links bt without spdlog (bt/log/README.md): libbt.a with the
# stderr hook's library, compiled without spdlog's headers and linked without
# its libraries. It must run and print its debug line on stderr; neither the
# program nor libbt.a may need a spdlog or fmt symbol (nm), nor the program
# load their libraries (ldd). Without a hook's library the link fails, naming
# the hook. Ends with "no-spdlog: N passed, M failed".
#   usage: sh tests/package/no_spdlog_test.sh "CXX FLAGS" LIBBT LIBBT_STDERR
cxx=$1
libbt=$2
hook=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }

cat > "$work/main.cpp" <<'CPP'
#include "bt/bt.h"

struct Creature {};
bt::Result Wander(Creature&) { return bt::Result::Running; }
BT_DEFINE_BEHAVIOR__TICK(WANDER_B, Wander);
BT_DEFINE_DECIDER(WANDER, WANDER_B);

int main() {
  bt::DebugOutputSettings settings;
  settings.level = 1;  // activations: WANDER's, on the first tick
  bt::SetDebugOutput(settings);
  Creature creature;
  bt::MemoryFor<WANDER> memory{};
  return bt::IsOk(bt::TickBehaviorTree(WANDER, creature, memory, 0.0, 1 / 30.0f).status) ? 0 : 1;
}
CPP
if $cxx -I. "$work/main.cpp" "$libbt" "$hook" -pthread -o "$work/program" >"$work/log" 2>&1; then
  pass
else
  cat "$work/log"; fail "the program does not link against libbt.a and libbt_stderr.a without spdlog"
fi
if "$work/program" 2>"$work/stderr" >/dev/null && grep -q '^BTDBO(1) .*WANDER' "$work/stderr"; then
  pass
else
  cat "$work/stderr"; fail "the program without spdlog does not run, or prints no debug line on stderr"
fi
symbols=$(nm -C "$work/program" 2>&1 | grep -i 'spdlog\|fmt::')
[ -z "$symbols" ] && pass || { echo "$symbols" | head; fail "the program without spdlog holds spdlog or fmt symbols"; }
symbols=$(nm -C -u "$libbt" 2>&1 | grep -i 'spdlog\|fmt::')
[ -z "$symbols" ] && pass || { echo "$symbols" | head; fail "libbt.a needs spdlog or fmt symbols"; }
libraries=$(ldd "$work/program" 2>&1 | grep -i 'spdlog\|fmt')
[ -z "$libraries" ] && pass || { echo "$libraries"; fail "the program without spdlog loads spdlog or fmt"; }
if $cxx -I. "$work/main.cpp" "$libbt" -pthread -o "$work/unhooked" >"$work/log" 2>&1; then
  fail "a program linked against libbt.a without a hook's library linked"
elif grep -q 'bt::detail::DefaultDebugOutput' "$work/log"; then
  pass
else
  cat "$work/log"; fail "libbt.a without a hook's library failed to link, but not naming DefaultDebugOutput"
fi
echo "no-spdlog: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
