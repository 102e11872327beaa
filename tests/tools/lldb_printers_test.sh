#!/bin/sh
# tests/tools/lldb_printers_test.sh — the LLDB formatters (tools/lldb/bt_lldb.py, which
# run the gdb printers' code) in Debian's lldb-14 on tests/tools/lldb/target.cpp:
# live at its stop, then on a core file of the same stop (gdb's gcore writes it:
# LLDB 14 writes no ELF core). Each time: the tree and a behavior by name, the
# block as its active path (bt-path; the same text as DebugPrintState, also for a
# tree of classic kinds: a Parallel's masks, a Loop's count, a Cooldown), and the
# why-record's summary (the same text as FormatWhy).
#   usage: sh tests/tools/lldb_printers_test.sh BUILD/tests/lldb_target
set -u
binary=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Debian's lldb-14 looks for its Python module in a folder that does not exist
# (lldb-14 -P); the module's own folder:
for dir in /usr/lib/llvm-14/lib/python3*/dist-packages; do
  [ -f "$dir/lldb/__init__.py" ] && PYTHONPATH=$dir${PYTHONPATH:+:$PYTHONPATH}
done
export PYTHONPATH

cat >"$work/views.lldb" <<'LLDB'
p root
p *root.children[0]
p *root.children[0]->behavior
bt-path -no-ids root memory
bt-check
LLDB
{ echo "command script import tools/lldb/bt_lldb.py"; echo "command script import tests/tools/lldb/check.py"; } >"$work/import.lldb"
{ cat "$work/import.lldb"; echo "b LldbStop"; echo "run"; cat "$work/views.lldb"; } >"$work/live.lldb"
{ cat "$work/import.lldb"; cat "$work/views.lldb"; } >"$work/core.lldb"
expected='ROOT (kGroup, kGroupPrioritizedList 0x0) children: EAT, WANDER
EAT (kBehavior 0x0) behavior: EAT_B
behavior EAT_B
*0:ROOT (kGroup, kGroupPrioritizedList 0x0) time: 0.17 [(no group behavior)] idx: 0
  *0:EAT (kBehavior 0x0) time: 0.00 [EAT_B] (0x00000000)
-- bt-path = DebugPrintState: yes
-- bt-path (classic) = DebugPrintState: yes
-- why summary = FormatWhy: yes'
failed=0
# $1 names the session, whose output is $work/out.
check() {
  got=$(sed -n '/^(lldb) p root$/,/^-- why summary/p' "$work/out" | grep -v '^(lldb)' |
        sed 's/^(const bt::[A-Za-z]*) \$[0-9]* = //')
  if [ "$got" = "$expected" ]; then
    echo "lldb printers ($1): ok"
  else
    echo "lldb printers ($1): FAILED; expected:"; echo "$expected"; echo "got:"; echo "$got"
    echo "(full lldb output:)"; cat "$work/out"
    failed=1
  fi
}
timeout 120 lldb-14 -b -s "$work/live.lldb" "$binary" >"$work/out" 2>&1
check "live"
if timeout 120 gdb -q -batch -nx -ex "break LldbStop" -ex run -ex "gcore $work/core" -ex kill "$binary" >"$work/out" 2>&1 &&
   [ -s "$work/core" ]; then
  timeout 120 lldb-14 -b -c "$work/core" -s "$work/core.lldb" "$binary" >"$work/out" 2>&1
  check "core file"
else
  cat "$work/out"; echo "lldb printers (core file): FAILED: gdb's gcore wrote no core"; failed=1
fi
exit $failed
