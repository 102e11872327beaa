#!/bin/sh
# tests/gdb_printers_test.sh — runs gdb in batch mode on the first demo with
# tools/gdb/bt_printers.py and checks the printed text exactly.
#   usage: sh tests/gdb_printers_test.sh build/demo/t01_first_tree
set -eu
binary=$1
out=$(mktemp)
trap 'rm -f "$out" "$out.got" "$out.gdb"' EXIT

# Stops in WANDER's behavior on the first tick, then in EAT's when hunger wins
# (tick 5, time 5/30); each time in main, where the tree and the block are.
cat >"$out.gdb" <<'GDB'
set pagination off
source tools/gdb/bt_printers.py
python
def select_main():
    frame = gdb.newest_frame()
    while frame is not None and frame.name() != "main":
        frame = frame.older()
    frame.select()
end
break Wander
run
python select_main()
echo -- the tree\n
print ROOT
print EAT
print *ROOT.children[1]
print EAT_B
echo -- tick 0\n
bt-path ROOT memory
delete
break Eat
continue
python select_main()
echo -- tick 5\n
bt-path ROOT memory
bt-path &ROOT &memory
echo -- by address\n
bt-path ROOT (long)&memory
echo -- another tree\n
bt-path EAT memory
echo -- misaligned\n
bt-path ROOT ((char*)&memory)+4
echo -- damaged\n
set var ((unsigned char*)&memory)[32 + ROOT.data->slotOffset + 4] = 7
bt-path ROOT memory
kill
GDB
gdb -q -batch -nx -x "$out.gdb" \
  "$binary" >"$out" 2>&1 || { cat "$out"; echo "gdb printers: gdb failed"; exit 1; }

grep -E '^(-- |\$[0-9]+ = |( *)\*[0-9]+:|\()' "$out" >"$out.got" || true
expected='-- the tree
$1 = ROOT (Group, PrioritizedList 0x0) children: EAT, WANDER
$2 = EAT (Behavior 0x0) behavior: EAT_B
$3 = WANDER (Behavior 0x0) behavior: WANDER_B
$4 = behavior EAT_B
-- tick 0
*0:ROOT (Group, PrioritizedList 0x0) time: 0.00 [(no group behavior)] idx: 1
  *1:WANDER (Behavior 0x0) time: 0.00 [WANDER_B] (0x00000000)
-- tick 5
*0:ROOT (Group, PrioritizedList 0x0) time: 0.17 [(no group behavior)] idx: 0
  *0:EAT (Behavior 0x0) time: 0.00 [EAT_B] (0x00000000)
*0:ROOT (Group, PrioritizedList 0x0) time: 0.17 [(no group behavior)] idx: 0
  *0:EAT (Behavior 0x0) time: 0.00 [EAT_B] (0x00000000)
-- by address
*0:ROOT (Group, PrioritizedList 0x0) time: 0.17 [(no group behavior)] idx: 0
  *0:EAT (Behavior 0x0) time: 0.00 [EAT_B] (0x00000000)
-- another tree
(memory block not started by this tree)
-- misaligned
(memory block too small or misaligned)
-- damaged
*0:ROOT (Group, PrioritizedList 0x0) time: 0.17 [(no group behavior)] idx: 7 (corrupt)'
if [ "$(cat "$out.got")" = "$expected" ]; then
  echo "gdb printers: ok"
else
  echo "gdb printers: FAILED; expected:"; echo "$expected"; echo "got:"; cat "$out.got"
  echo "(full gdb output:)"; cat "$out"
  exit 1
fi
