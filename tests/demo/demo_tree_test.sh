#!/bin/sh
# tests/demo/demo_tree_test.sh — the creatures sandbox running a tree from an
# Unvanquished .bt file (--tree), without interaction for a fixed seed:
#   - bots/defend.bt: its exact output (transitions at their ticks, overlays)
#     is demo_tree_defend_expected.txt;
#   - hot reload: the file rewritten mid-run (--rewrite TICK:FILE, the file's
#     text replaced as an editor saves it; the demo notices by polling its
#     modification time) — a changed threshold keeps the layout (the creatures go
#     on: the overlay's times run on), a file with an error keeps the old tree and
#     says why, another tree restarts the creatures (times from 0) — exactly
#     demo_tree_reload_expected.txt;
#   - files that do not load are refused at start with their error.
# usage: sh tests/demo/demo_tree_test.sh path/to/creatures   (from the repository root)
demo=${1:?usage: demo_tree_test.sh path/to/creatures}
case $demo in /*) ;; *) demo=$(pwd)/$demo ;; esac
here=$(cd "$(dirname "$0")" && pwd)
bots=$(pwd)/demo/creatures/bots
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
passed=0
failed=0
check() {  # check WHAT COMMAND...: counts the command's success
  what=$1
  shift
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "demo tree: FAILED: $what"; fi
}

"$demo" --tree bots/defend.bt --seed 4 --ticks 300 --every 150 >"$dir/defend.txt" </dev/null
check "bots/defend.bt runs 300 ticks and exits 0" test $? -eq 0
check "bots/defend.bt prints exactly demo_tree_defend_expected.txt" diff -u "$here/demo_tree_defend_expected.txt" "$dir/defend.txt"

# The reload runs work on a copy, in its own folder, so the names printed are short and fixed.
sed 's/energy < 60/energy < 40/' "$bots/defend.bt" >"$dir/threshold.bt"
sed 's/action patrol/action patrl/' "$bots/defend.bt" >"$dir/misspelt.bt"
cp "$bots/forage.bt" "$dir/forage.bt"
check "the threshold edit keeps every node in its place" \
  test "$(wc -c <"$dir/threshold.bt")" = "$(wc -c <"$bots/defend.bt")"
{
  echo "== the file edited at tick 60 (same layout), misspelt at 100, replaced by forage.bt at 140"
  cp "$bots/defend.bt" "$dir/tree.bt"
  (cd "$dir" && "$demo" --tree tree.bt --seed 4 --ticks 200 --every 100 --rewrite 60:threshold.bt \
    --rewrite 100:misspelt.bt --rewrite 140:forage.bt </dev/null)
  echo "== creature c right after the same-layout reload at tick 60"
  cp "$bots/defend.bt" "$dir/tree.bt"
  (cd "$dir" && "$demo" --tree tree.bt --seed 4 --ticks 61 --every 61 --creature c --rewrite 60:threshold.bt </dev/null)
  echo "== creature c right after forage.bt replaced the tree at tick 60"
  cp "$bots/defend.bt" "$dir/tree.bt"
  (cd "$dir" && "$demo" --tree tree.bt --seed 4 --ticks 61 --every 61 --creature c --rewrite 60:forage.bt </dev/null)
  echo "== a file that does not load is refused at the start"
  (cd "$dir" && "$demo" --tree misspelt.bt --ticks 1 2>&1 </dev/null; echo "exit $?")
  (cd "$dir" && "$demo" --tree missing.bt --ticks 1 2>&1 </dev/null; echo "exit $?")
} >"$dir/reload.txt" 2>&1
check "the reload runs print exactly demo_tree_reload_expected.txt" \
  diff -u "$here/demo_tree_reload_expected.txt" "$dir/reload.txt"

check "--rewrite needs --tree" sh -c "! '$demo' --rewrite 1:x.bt --ticks 1 >/dev/null 2>&1"
check "--tree is refused in crowd mode" sh -c "! '$demo' --tree bots/defend.bt --crowd 10 --ticks 1 >/dev/null 2>&1"

echo "demo tree: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
