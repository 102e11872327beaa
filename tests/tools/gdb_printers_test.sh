#!/bin/sh
# tests/tools/gdb_printers_test.sh — runs gdb in batch mode on the first demo with
# tools/gdb/bt_printers.py and checks the printed text exactly.
#   usage: sh tests/tools/gdb_printers_test.sh build/demo/t01_first_tree [build/tests/bt_tests]
set -eu
binary=$1
tests_binary=${2:-}
out=$(mktemp)
trap 'rm -f "$out" "$out.got" "$out.gdb"' EXIT

# Runs gdb in batch mode on binary $1 with the script $out.gdb; $2 names the check.
run_gdb() {
  gdb -q -batch -nx -x "$out.gdb" "$1" >"$out" 2>&1 || { cat "$out"; echo "gdb printers$2: gdb failed"; exit 1; }
}
# Compares the lines kept in $out.got with the expected text $1; $2 names the check.
check_got() {
  if [ "$(cat "$out.got")" = "$1" ]; then
    echo "gdb printers$2: ok"
  else
    echo "gdb printers$2: FAILED; expected:"; echo "$1"; echo "got:"; cat "$out.got"
    echo "(full gdb output:)"; cat "$out"
    exit 1
  fi
}

# Stops in WANDER's behavior on the first tick, then in EAT's when hunger wins
# (tick 5, time 5/30); each time in main, where the tree and the block are.
# Given the test binary too (usage: ... build/demo/t01_first_tree build/tests/bt_tests),
# then shows bt::WhyRecord as FormatWhy does (tests/engine/why_test.cpp), and parameters
# and variables on the trees of tests/engine/variables_test.cpp.
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
echo -- without ids\n
bt-path -no-ids ROOT memory
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
run_gdb "$binary" ""

grep -E '^(-- |\$[0-9]+ = |( *)\*[0-9]+:|\()' "$out" >"$out.got" || true
expected='-- the tree
$1 = ROOT (kGroup, kGroupPrioritizedList 0x0) children: EAT, WANDER
$2 = EAT (kBehavior 0x0) behavior: EAT_B
$3 = WANDER (kBehavior 0x0) behavior: WANDER_B
$4 = behavior EAT_B
-- tick 0
*0:ROOT/0x1e4ede85 (kGroup, kGroupPrioritizedList 0x0) time: 0.00 [(no group behavior)] idx: 1
  *1:WANDER/0x7e20994 (kBehavior 0x0) time: 0.00 [WANDER_B/0x6bf72a29] (0x00000000)
-- tick 5
*0:ROOT/0x1e4ede85 (kGroup, kGroupPrioritizedList 0x0) time: 0.17 [(no group behavior)] idx: 0
  *0:EAT/0xb1234185 (kBehavior 0x0) time: 0.00 [EAT_B/0x928c4804] (0x00000000)
*0:ROOT/0x1e4ede85 (kGroup, kGroupPrioritizedList 0x0) time: 0.17 [(no group behavior)] idx: 0
  *0:EAT/0xb1234185 (kBehavior 0x0) time: 0.00 [EAT_B/0x928c4804] (0x00000000)
-- without ids
*0:ROOT (kGroup, kGroupPrioritizedList 0x0) time: 0.17 [(no group behavior)] idx: 0
  *0:EAT (kBehavior 0x0) time: 0.00 [EAT_B] (0x00000000)
-- by address
*0:ROOT/0x1e4ede85 (kGroup, kGroupPrioritizedList 0x0) time: 0.17 [(no group behavior)] idx: 0
  *0:EAT/0xb1234185 (kBehavior 0x0) time: 0.00 [EAT_B/0x928c4804] (0x00000000)
-- another tree
(memory block not started by this tree)
-- misaligned
(memory block too small or misaligned)
-- damaged
*0:ROOT/0x1e4ede85 (kGroup, kGroupPrioritizedList 0x0) time: 0.17 [(no group behavior)] idx: 7 (corrupt)'
check_got "$expected" ""

[ -n "$tests_binary" ] || exit 0

# Stops in WhyGdbStop (tests/engine/why_test.cpp) for each of its records: the
# printer's text must be FormatWhy's, and is shown for the first.
cat >"$out.gdb" <<'GDB'
set pagination off
set print frame-arguments none
source tools/gdb/bt_printers.py
python
def why_stop(show):
    printed = str(gdb.parse_and_eval("why"))
    formatted = gdb.parse_and_eval("text").string()
    gdb.write("-- why record: printer = FormatWhy: %s\n" % ("yes" if printed + "\n" == formatted else "NO"))
    if printed + "\n" != formatted:
        gdb.write(printed + "\n-- FormatWhy:\n" + formatted)
    elif show:
        gdb.write(printed + "\n")
end
break WhyGdbStop
run "[.gdbwhy]"
python why_stop(True)
continue
python why_stop(False)
continue
python why_stop(False)
continue
python why_stop(False)
continue
python why_stop(True)
kill
GDB
run_gdb "$tests_binary" " (why)"

grep -E '^(-- why|why|  |last)' "$out" >"$out.got" || true
expected='-- why record: printer = FormatWhy: yes
why @ 3.000, LIST: Running in FIND
  LIST (PrioritizedList): active child 2 EAT
    child 0 FLEE: Decide 1, accepts
  LIST: child 0 FLEE interrupts child 2 EAT
    child 0 FLEE: Activate failed
  LIST: child 0 FLEE returned Failed: redecides, mask 0x1
    child 1 SNIFF: rejected by its timer precondition
    child 2 EAT: Decide 1, accepts
  LIST chose child 2 EAT
    EAT (PrioritizedList): activated, chooses
      child 0 FIND: Decide 1, accepts
    EAT chose child 0 FIND
last transitions (4 of 4):
  @ 0.000 LIST started
  @ 2.000 LIST: SNIFF -> EAT (done)
  @ 3.000 LIST: EAT -> FLEE (interrupted)
  @ 3.000 LIST: FLEE -> EAT (failed)
-- why record: printer = FormatWhy: yes
-- why record: printer = FormatWhy: yes
-- why record: printer = FormatWhy: yes
-- why record: printer = FormatWhy: yes
why: (no tick recorded)'
check_got "$expected" " (why)"

# Stops in VariablesGdbStop (tests/engine/variables_test.cpp), once for each tree.
cat >"$out.gdb" <<'GDB'
set pagination off
source tools/gdb/bt_printers.py
break VariablesGdbStop
run "[.gdb]"
echo -- a tree with variables\n
print vars_tree::ROOT
bt-path &root memory
echo -- the same block as never ticked\n
set var *(unsigned*)memory._M_ptr = 0
bt-path &root memory
echo -- and with its variables not started\n
set var ((unsigned*)memory._M_ptr)[12 + 1] = 0
bt-path &root memory
continue
echo -- parameters\n
print vars_print_tree::SHOOT
print vars_print_tree::AIM
bt-path &root memory
kill
GDB
run_gdb "$tests_binary" " (variables)"

grep -E '^(-- |\$[0-9]+ = |( *)\*[0-9]+:|\(|variables)' "$out" >"$out.got" || true
expected='-- a tree with variables
$1 = GUARD (kGroup, kGroupPrioritizedList 0x0) children: ATTACK, PATROL
variables: HasTarget=false Ammo=2.5 Alert=true
*0:GUARD/0xd39d320e (kGroup, kGroupPrioritizedList 0x0) time: 0.00 [(no group behavior)] idx: 1
  *1:PATROL/0x36f8d3db (kBehavior 0x0) time: 0.00 [PATROL_B/0x21e3478a] (0x00000000)
-- the same block as never ticked
variables: HasTarget=false Ammo=2.5 Alert=true
(memory block not started by this tree)
-- and with its variables not started
variables (initial): HasTarget=false Ammo=3 Alert=true
(memory block not started by this tree)
-- parameters
$2 = SHOOT(range=10, "he said \"go\"", burst=true) (kBehavior 0x0) behavior: SHOOT_B
$3 = AIM(E_H_REACTOR, spread=0.25, when={HasTarget and !Hurt}) (kBehavior 0x0) behavior: SHOOT_B
variables: HasTarget=true Range=12.5
*0:COMBAT/0xfb2b7c61 (kGroup, kGroupPrioritizedList 0x0) time: 0.00 [(no group behavior)] idx: 0
  *0:SHOOT/0x5bdfd410(range=10, "he said \"go\"", burst=true) (kBehavior 0x0) time: 0.00 [SHOOT_B/0x7e9958cd] (0x00000000)'
check_got "$expected" " (variables)"

# Stops in TypedVariablesGdbStop (tests/loaders/typed_variables_test.cpp): integers,
# enums and floats, read from the block; then, its variables region's count
# zeroed (so no longer the tree's), the declared initial values.
cat >"$out.gdb" <<'GDB'
set pagination off
source tools/gdb/bt_printers.py
break TypedVariablesGdbStop
run "[.gdbtyped]"
echo -- typed variables\n
bt-path &root memory
echo -- typed variables, initial\n
python
import gdb
root = gdb.parse_and_eval("root")
block = int(gdb.parse_and_eval("memory._M_ptr")) + int(root["data"]["tree"]["variablesOffset"])
gdb.selected_inferior().write_memory(block + 4, b"\x00\x00")
end
bt-path &root memory
kill
GDB
run_gdb "$tests_binary" " (typed variables)"

grep -E '^(-- |variables)' "$out" >"$out.got" || true
expected='-- typed variables
variables: Hurt=false Target=9007199254740993 Stance=Crouch Gun=Rifle Ammo=-3 Home=(10,20.5,-30)
-- typed variables, initial
variables (initial): Hurt=false Target=0 Stance=Idle Gun=Rifle Ammo=-3 Home=(1,2.5,-4)'
check_got "$expected" " (typed variables)"

# Stops in DebugClassicGdbStop (tests/debug/debug_classic_test.cpp): a Parallel with
# children side by side (each at its own base), a Loop's count, a Cooldown's time
# left. bt-path must print DebugPrintState's text (at the block's last tick).
cat >"$out.gdb" <<'GDB'
set pagination off
set print frame-arguments none
source tools/gdb/bt_printers.py
break DebugClassicGdbStop
run "[.gdbclassic]"
python
printed = gdb.execute("bt-path root memory", to_string=True)
formatted = gdb.parse_and_eval("text").string()
gdb.write("-- classic: bt-path = DebugPrintState: %s\n" % ("yes" if printed == formatted else "NO"))
if printed != formatted:
    gdb.write(printed + "-- DebugPrintState:\n" + formatted)
printed = str(gdb.parse_and_eval("*why"))
formatted = gdb.parse_and_eval("whyText").string()
gdb.write("-- classic: why printer = FormatWhy: %s\n" % ("yes" if printed + "\n" == formatted else "NO"))
if printed + "\n" != formatted:
    gdb.write(printed + "\n-- FormatWhy:\n" + formatted)
end
bt-path root memory
print *root
print *root->children[1]
kill
GDB
run_gdb "$tests_binary" " (classic)"

grep -E '^(-- |\$[0-9]+ = |( *)\*[0-9]+:|\()' "$out" >"$out.got" || true
expected='-- classic: bt-path = DebugPrintState: yes
-- classic: why printer = FormatWhy: yes
*0:ROOT/0x1e4ede85 (kGroup, kGroupParallel 0x20 ParallelFailOnAll) time: 1.00 [(no group behavior)] idx: 0,2 done: 1 {done when all, failed when all}
  *0:SEQ/0x4c01879c (kGroup, kGroupSequence 0x0) time: 1.00 [(no group behavior)] idx: 1
    *1:LOOP/0xdbe07c6b (kGroup, kGroupLoop 0x0) time: 0.00 [(no group behavior)] idx: 0 {count 3, 0 so far}
      *0:WALK/0xa5a75310 (kBehavior 0x0) time: 0.00 [WALK_B/0xd1f26fcd] (0x00000000)
  *2:COOL/0xed8ffafc (kGroup, kGroupCooldown 0x0) time: 1.00 [(no group behavior)] idx: 0 {cooldown 2.00 s, ready}
    *0:SHOOT/0x5bdfd410 (kBehavior 0x0) time: 1.00 [SHOOT_B/0x7e9958cd] (0x00000000)
$1 = ROOT (kGroup, kGroupParallel 0x20 ParallelFailOnAll) {done when all, failed when all} children: SEQ, INV, COOL
$2 = INV (kGroup, kGroupDecorator 0x0) {results: done->failed failed->done} children: LOOK'
check_got "$expected" " (classic)"

# Stops in DebugKindsGdbStop (tests/debug/debug_kinds_test.cpp): a Priority's changes
# seen, a StateMachine's pending transition, a GroupScope's seat and scope, its
# transitions on events, timestamps. bt-path must print DebugPrintState's text.
cat >"$out.gdb" <<'GDB'
set pagination off
set print frame-arguments none
source tools/gdb/bt_printers.py
break DebugKindsGdbStop
run "[.gdbkinds]"
python
printed = gdb.execute("bt-path root memory", to_string=True)
formatted = gdb.parse_and_eval("text").string()
gdb.write("-- kinds: bt-path = DebugPrintState: %s\n" % ("yes" if printed == formatted else "NO"))
if printed != formatted:
    gdb.write(printed + "-- DebugPrintState:\n" + formatted)
end
kill
GDB
run_gdb "$tests_binary" " (kinds)"
if grep -qx -- '-- kinds: bt-path = DebugPrintState: yes' "$out"; then
  echo "gdb printers (kinds): ok"
else
  echo "gdb printers (kinds): FAILED"; cat "$out"
  exit 1
fi
