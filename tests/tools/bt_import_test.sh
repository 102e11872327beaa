#!/bin/sh
# tests/tools/bt_import_test.sh — bt_import from the command line:
# 1. every tests/data/bt_import/NAME.script run on NAME.bt or NAME.xml (options in NAME.args)
#    prints exactly NAME.expected, and exits 0 — or non-zero when the file does
#    not load (the expected output ends with "load error");
# 2. a malformed script is an error naming its line, on stderr, exit 1;
# 3. --check reports every error of several files and fails; --bindings lists the names;
# 4. --emit-cpp of every tree file that loads, of every format (the corpora, and every built-in
#    node kind of each format: tests/data/bt_import/*_nodes.*), compiles with the compiler given.
#   sh tests/tools/bt_import_test.sh BT_IMPORT "CXX FLAGS" SCRATCH_DIR
BT_IMPORT=$1
CXX=$2
SCRATCH=$3
DATA=tests/data/bt_import
mkdir -p "$SCRATCH"
failed=0
fail() { echo "bt_import: FAILED: $*"; failed=1; }

for script in $DATA/*.script; do
  name=${script%.script}
  tree="$name.bt"
  [ -f "$tree" ] || tree="$name.xml"
  args=""
  [ -f "$name.args" ] && args=$(cat "$name.args")
  # shellcheck disable=SC2086
  "$BT_IMPORT" --run "$tree" --script "$script" $args > "$SCRATCH/out.txt" 2> "$SCRATCH/err.txt"
  status=$?
  if ! diff -u "$name.expected" "$SCRATCH/out.txt"; then fail "--run $tree: output differs"; fi
  if [ "$(tail -n 1 "$name.expected")" = "load error" ]; then
    [ $status -ne 0 ] || fail "--run $tree: exit status 0 for a file that does not load"
  else
    [ $status -eq 0 ] || fail "--run $tree: exit status $status"
  fi
done

printf 'tick 1:\ntick 3: fight=S\n' > "$SCRATCH/gap.script"
"$BT_IMPORT" --run $DATA/guard.bt --script "$SCRATCH/gap.script" > "$SCRATCH/out.txt" 2> "$SCRATCH/err.txt"
status=$?
[ $status -eq 1 ] || fail "a malformed script: exit status $status, expected 1"
expected="$SCRATCH/gap.script:2: expected tick 2, found tick 3"
[ "$(cat "$SCRATCH/err.txt")" = "$expected" ] || fail "a malformed script: '$(cat "$SCRATCH/err.txt")', expected '$expected'"
[ ! -s "$SCRATCH/out.txt" ] || fail "a malformed script: the tree was run"

"$BT_IMPORT" --check $DATA/bad.bt $DATA/guard.bt tests/data/unvanquished/bad/missing_brace.bt \
  > "$SCRATCH/out.txt" 2> "$SCRATCH/err.txt"
status=$?
[ $status -eq 1 ] || fail "--check of bad files: exit status $status, expected 1"
cat > "$SCRATCH/check_err.txt" <<'END'
tests/data/bt_import/bad.bt:3:5: unknown keyword 'sequnce': expected a node (selector, fallback, sequence, concurrent, action, condition, decorator or behavior)
tests/data/unvanquished/bad/missing_brace.bt:3:1: expected a node or '}' to close the '{' at line 1, column 10
END
diff -u "$SCRATCH/check_err.txt" "$SCRATCH/err.txt" || fail "--check: errors differ"
[ "$(cat "$SCRATCH/out.txt")" = "tests/data/bt_import/guard.bt: ok (unvanquished, 4 deciders)" ] ||
  fail "--check: '$(cat "$SCRATCH/out.txt")'"

# A Lua syntax error is the file's error at its node, in --check and --print alike.
for mode in --check --print; do
  "$BT_IMPORT" $mode tests/data/mbt/bad/lua_compile_error.xml > "$SCRATCH/out.txt" 2> "$SCRATCH/err.txt"
  status=$?
  [ $status -eq 1 ] || fail "$mode of a Lua syntax error: exit status $status, expected 1"
  expected="tests/data/mbt/bad/lua_compile_error.xml:3:5: ExecuteLua: attribute 'code': \
lua_compile_error.xml:3: syntax error near 'error'"
  [ "$(cat "$SCRATCH/err.txt")" = "$expected" ] || fail "$mode of a Lua syntax error: '$(cat "$SCRATCH/err.txt")'"
  [ ! -s "$SCRATCH/out.txt" ] || fail "$mode of a Lua syntax error: printed '$(cat "$SCRATCH/out.txt")'"
done

# --run: the file's Lua errors and prints on stderr, by tick; the tick lines are unchanged.
"$BT_IMPORT" --run $DATA/luarun.xml --script $DATA/luarun.script > "$SCRATCH/out.txt" 2> "$SCRATCH/err.txt"
expected="$DATA/luarun.xml: tick 2: lua error: luarun.xml:13: attempt to call a nil value (field 'Taunt')"
[ "$(cat "$SCRATCH/err.txt")" = "$expected" ] || fail "--run luarun.xml: stderr '$(cat "$SCRATCH/err.txt")'"

"$BT_IMPORT" --bindings $DATA/build.bt > "$SCRATCH/out.txt" || fail "--bindings: exit status"
cat > "$SCRATCH/bindings.txt" <<'END'
tests/data/bt_import/build.bt (unvanquished):
  action Succeed/0 (built in)
  value function hasFunds/0
  value function underAttack/0
  action moveTo/3
  action blocked/0
  action build/0
END
diff -u "$SCRATCH/bindings.txt" "$SCRATCH/out.txt" || fail "--bindings: output differs"

# --check --names: every name the game lacks, at its first use, with the closest;
# a name the game has with another arity too. The exit status fails the check.
"$BT_IMPORT" --check --names $DATA/game.names $DATA/typos.xml $DATA/typos.bt $DATA/guard.bt \
  > "$SCRATCH/out.txt" 2> "$SCRATCH/err.txt"
status=$?
[ $status -eq 1 ] || fail "--check --names: exit status $status, expected 1"
cat > "$SCRATCH/names_err.txt" <<'END'
tests/data/bt_import/typos.xml:4:7: action 'Relaod' is not one of the game's names (closest: 'Reload')
tests/data/bt_import/typos.bt:2:15: value function 'helth' is not one of the game's names (closest: 'health')
tests/data/bt_import/typos.bt:2:41: constant 'WP_BLASTR' is not one of the game's names (closest: 'WP_BLASTER')
tests/data/bt_import/typos.bt:6:12: action 'roam' is given 0 arguments; the game's takes 1 argument
tests/data/bt_import/guard.bt:3:15: value function 'enemyVisible' is not one of the game's names
tests/data/bt_import/guard.bt:4:16: action 'fight' is not one of the game's names
tests/data/bt_import/guard.bt:6:12: action 'patrol' is not one of the game's names
END
diff -u "$SCRATCH/names_err.txt" "$SCRATCH/err.txt" || fail "--check --names: errors differ"
[ ! -s "$SCRATCH/out.txt" ] || fail "--check --names: printed '$(cat "$SCRATCH/out.txt")'"
printf 'action fight/0\naction patrol/0\nvalue function enemyVisible/0\n' > "$SCRATCH/guard.names"
"$BT_IMPORT" --check --names "$SCRATCH/guard.names" $DATA/guard.bt > "$SCRATCH/out.txt" 2> "$SCRATCH/err.txt" ||
  fail "--check --names of a file the game's names cover: '$(cat "$SCRATCH/err.txt")'"
[ "$(cat "$SCRATCH/out.txt")" = "tests/data/bt_import/guard.bt: ok (unvanquished, 4 deciders)" ] ||
  fail "--check --names: '$(cat "$SCRATCH/out.txt")'"
printf 'action fight\n' > "$SCRATCH/bad.names"
"$BT_IMPORT" --check --names "$SCRATCH/bad.names" $DATA/guard.bt > "$SCRATCH/out.txt" 2> "$SCRATCH/err.txt"
status=$?
[ $status -eq 2 ] || fail "--names with a malformed line: exit status $status, expected 2"
expected="bt_import: $SCRATCH/bad.names:1: expected KIND NAME/ARITY (as --bindings prints), found 'action fight'"
[ "$(cat "$SCRATCH/err.txt")" = "$expected" ] || fail "--names with a malformed line: '$(cat "$SCRATCH/err.txt")'"

# --print: the whole tree, for a fresh agent (nothing active); every node's kind and place.
"$BT_IMPORT" --print $DATA/guard.bt > "$SCRATCH/out.txt" || fail "--print: exit status"
cat > "$SCRATCH/print.txt" <<'END'
 0:selector@2:1/0x9d28318b (kGroup, kGroupSelector 0x0) [(no group behavior)]
   0:condition@3:5/0x6991c562(condition={enemyVisible}) (kGroup, kGroupDecorator 0x4 RecheckEveryTick) [(no group behavior)] {results: as is}
     0:action fight@4:9/0x84245a7c (kBehavior 0x0) [fight/0x275ccfc9] (0x00000000)
   1:action patrol@6:5/0x18e363d0 (kBehavior 0x0) [patrol/0xbcc33d1b] (0x00000000)
END
diff -u "$SCRATCH/print.txt" "$SCRATCH/out.txt" || fail "--print: output differs"

# --dot, and --svg through graphviz: one picture per file.
"$BT_IMPORT" --dot $DATA/guard.bt > "$SCRATCH/guard.dot" || fail "--dot: exit status"
[ "$(head -n 1 "$SCRATCH/guard.dot")" = 'digraph "selector@2:1" {' ] || fail "--dot: '$(head -n 1 "$SCRATCH/guard.dot")'"
grep -q '"action fight@4:9"' "$SCRATCH/guard.dot" || fail "--dot: no node action fight@4:9"
rm -rf "$SCRATCH/svg" && mkdir -p "$SCRATCH/svg"
"$BT_IMPORT" --svg "$SCRATCH/svg" $DATA/guard.bt $DATA/heal.bt || fail "--svg: exit status"
for svg in guard.bt.svg heal.bt.svg; do
  grep -q '<svg' "$SCRATCH/svg/$svg" || fail "--svg: no $svg"
done

# Every tree file that loads is written out, of every format: the corpora, and every
# built-in node kind of each format (MBT's WaitUntilTime, IfTime, GroupScope... included).
for tree in tests/data/unvanquished/*.bt tests/data/mbt/*.xml tests/data/dragengine/*.xml \
            tests/data/selection_trees/*.xml $DATA/*.bt $DATA/*.xml; do
  "$BT_IMPORT" --check "$tree" > /dev/null 2>&1 || continue
  base=$(basename "$tree")
  if ! "$BT_IMPORT" --emit-cpp "$tree" > "$SCRATCH/$base.cpp"; then fail "--emit-cpp $tree"; continue; fi
  # shellcheck disable=SC2086
  $CXX -c "$SCRATCH/$base.cpp" -o "$SCRATCH/$base.o" || fail "--emit-cpp $tree: the C++ does not compile"
done

if [ $failed -eq 0 ]; then echo "bt_import: passed"; else exit 1; fi
