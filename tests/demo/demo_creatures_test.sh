#!/bin/sh
# tests/demo/demo_creatures_test.sh — runs the creatures sandbox without interaction
# for a fixed seed and checks its output: the transitions in
# demo_creatures_expected.txt at their ticks, the same text for the same seed,
# the overlays, and a bounded run when stdout is not a terminal.
# usage: sh tests/demo/demo_creatures_test.sh path/to/creatures
demo=${1:?usage: demo_creatures_test.sh path/to/creatures}
expected=$(dirname "$0")/demo_creatures_expected.txt
out=$(mktemp) || exit 1
trap 'rm -f "$out.why" "$out.nowhy" "$out" "$out.again" "$out.other" "$out.piped" "$out.csv" "$out.dot" "$out.crowd" "$out.budget" "$out.heat" "$out.screen"' EXIT
passed=0
failed=0
check() {  # check WHAT COMMAND...: counts the command's success
  what=$1
  shift
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "demo: FAILED: $what"; fi
}

check "runs 300 ticks for seed 4 and exits 0" "$demo" --seed 4 --ticks 300 --every 100 --timeline "$out.csv" >"$out" </dev/null
while IFS= read -r line; do
  case $line in '#'* | '') continue ;; esac
  check "prints: $line" grep -Fxq -e "$line" "$out"
done <"$expected"

"$demo" --seed 4 --ticks 300 --every 100 >"$out.again" </dev/null
check "the same seed prints the same text" cmp -s "$out" "$out.again"
"$demo" --seed 5 --ticks 300 --every 100 >"$out.other" </dev/null
check "another seed prints other transitions" test -n "$(cmp "$out" "$out.other" 2>&1)"
check "prints the selected creature's overlay every 100 ticks" test "$(grep -c '^creature a at' "$out")" = 3
check "the overlay is DebugPrintState's active path" grep -q '^\*0:ROOT/0x1e4ede85 (kGroup' "$out"
check "the timeline has a row per creature per tick" test "$(wc -l <"$out.csv")" = $((1 + 6 * 300))
check "the timeline rows read tick,agent,behavior" grep -qx '0,c,REST' "$out.csv"
"$demo" --seed 4 --ticks 300 --timeline - 2>/dev/null </dev/null | cmp -s - "$out.csv"
check "--timeline - puts the same CSV alone on stdout, for a pipe into bt_timeline" test $? -eq 0

"$demo" --seed 4 --ticks 132 --every 0 --dot "$out.dot" >/dev/null </dev/null
check "--dot writes the tree with the selected creature's path (GUARD_FIGHT at tick 131)" \
  grep -q '"GUARD" -> "GUARD_FIGHT" \[label="1", color=' "$out.dot"

# --why C: after the last tick, creature C's why-record (bt::FormatWhy), the run itself unchanged.
"$demo" --seed 4 --ticks 300 --every 0 --why c >"$out.why" </dev/null
"$demo" --seed 4 --ticks 300 --every 0 >"$out.nowhy" </dev/null
check "--why changes nothing before its record" \
  test "$(sed '/^why creature/,$d' "$out.why")" = "$(cat "$out.nowhy")"
check "--why c prints c's last tick's decisions and its last transitions" \
  test "$(sed -n '/^why creature/,$p' "$out.why")" = "why creature c did what it did at tick 299:
why @ 9.967, ROOT: Running in REST
  ROOT (PrioritizedList): active child 4 IDLE
    child 0 FLEE: Decide 0, rejects
    child 1 GUARD: Decide 0, rejects
    child 2 FIGHT: Decide 0, rejects
    child 3 EAT: Decide 0, rejects
  ROOT continues child 4 IDLE
    IDLE (PrioritizedList): active child 1 REST
      child 0 PLAY: Decide 0, rejects
    IDLE continues child 1 REST
last transitions (8 of 40):
  @ 8.500 ROOT: GUARD -> IDLE (failed)
  @ 8.667 ROOT: IDLE -> GUARD (interrupted)
  @ 8.733 GUARD: GUARD_PATROL -> GUARD_YELL (interrupted)
  @ 8.867 GUARD: GUARD_YELL -> GUARD_FIGHT (done)
  @ 8.967 ROOT: GUARD -> IDLE (failed)
  @ 9.200 PLAY: ROLL -> DANCE (done)
  @ 9.433 PLAY: DANCE -> ROLL (done)
  @ 9.667 IDLE: PLAY -> REST (failed)"
check "--why's last transition is c's last in the run (tick 290 = 9.667 s)" grep -qx '  290 c ROLL -> REST' "$out.why"
check "--why refuses a creature that is not there" sh -c "! '$demo' --why z >/dev/null 2>&1"

# Without --ticks and with stdout piped (as in CI) it runs a bounded number of ticks and exits.
check "piped without --ticks: a bounded run that exits 0" "$demo" >"$out.piped" </dev/null
check "piped without --ticks: 300 ticks" grep -q '^creatures: seed 1, 6 creatures, 2 threats, 300 ticks' "$out.piped"
check "a bad option is refused" sh -c "! '$demo' --bogus >/dev/null 2>&1"

# Crowd mode: the same seed gives the same crowd (the timings aside).
check "--crowd runs and exits 0" "$demo" --crowd 2000 --ticks 60 --seed 4 --every 30 >"$out.crowd" </dev/null
check "--crowd prints the LOD histogram of the first frame" \
  grep -q '^     0 .* 1425         0 .*  1:849 2:1151 4:0 8:0$' "$out.crowd"
check "--crowd prints a sleeping column: none of its creatures sleeps (its tree asks Decides at every tick)" sh -c \
  "grep -q '^ frame  trees_ms    ticked  deferred  sleeping  world_ms' '$out.crowd' &&
   grep -q '^     0 .* 1425         0         0 ' '$out.crowd' &&
   test \"\$(awk '\$NF ~ /^8:/ && \$5 == 0' '$out.crowd' | wc -l)\" = 3"
check "--crowd prints what the crowd runs at the end" grep -qx \
  'running at the end (creatures per behavior decider): DANCE 149 EAT_FOOD 6 FIND_FOOD 819 FLIP 168 REST 680 ROLL 178' "$out.crowd"
# The heat map: the last frame's map is the one the end's counts describe, cell by cell.
"$demo" --crowd 2000 --ticks 60 --seed 4 --every 30 --heatmap 40 >"$out.heat" </dev/null
check "--crowd --heatmap draws each printed frame's map, 40 cells wide and 10 rows, with its legend" \
  test "$(grep -c '^  |' "$out.heat")" = 33
check "--crowd --heatmap: the first frame's first row and the legend" sh -c \
  "grep -qx '  |BEEEEAEBABABCACEBBCDAAACEAACADBADBABBABB' '$out.heat' &&
   grep -qx '  |A DANCE  B FLIP  C REST  D FIND_FOOD  E ROLL' '$out.heat'"
check "--crowd --heatmap: the last frame's row through the nest is REST" grep -qx \
  '  |BEBDDDCCCCCCCCDCCCDCCCCDCCCCCCCCCDDDDCEE' "$out.heat"
"$demo" --crowd 2000 --ticks 60 --seed 4 --every 30 --budget 300 >"$out.budget" </dev/null
check "--crowd --budget ticks at most the budget a frame and defers the rest" \
  test "$(grep -c '^ *[0-9]* *[0-9.]* *300 *[0-9]* ' "$out.budget")" = 3

# The interactive view on a terminal (script(1) gives it one, 120x50), fed keys:
# 'h' puts the heat map under the creatures, its legend on the map's bottom edge.
interact() {  # interact KEYS OUT: KEYS a second apart, then q
  (for key in $1; do sleep 1; printf %s "$key"; done; sleep 1; printf q) |
    TERM=xterm script -qfc "stty cols 120 rows 50; '$demo' --seed 4" "$2" >/dev/null 2>&1
}
interact "" "$out.screen"
check "the interactive view lists the heat map's key" grep -aq 'h heat map  +/- speed' "$out.screen"
check "the interactive view has no heat map until asked" sh -c "! grep -aq 'heat map:' '$out.screen'"
interact "h" "$out.screen"
check "'h' draws the heat map's legend in the interactive view" grep -aq 'heat map:' "$out.screen"

echo "demo: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
