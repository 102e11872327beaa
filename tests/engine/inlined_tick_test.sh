#!/bin/sh
# tests/engine/inlined_tick_test.sh OBJECT... — the compiled tick still inlines into a
# caller's loop (tools/bench/README.md, "Keeping it inlined"): the bench's loops over it leave
# no out-of-line copy of their per-agent lambda. The inlined tick's frame is
# about 16 bytes under GCC's large-stack-frame limit; whatever grows it past
# the limit makes the tick a call per agent (+22% on creatures), and this fails.
set -e
status=0
for object in "$@"; do
  if nm -C "$object" | grep -E 'BtTickCompiled[A-Za-z]*\(.*::\{lambda' >/dev/null; then
    echo "inlined tick: $object has an out-of-line compiled-tick lambda; the tick no longer inlines into its loop:" >&2
    nm -C "$object" | grep -E 'BtTickCompiled[A-Za-z]*\(.*::\{lambda' >&2
    status=1
  fi
done
[ $status -eq 0 ] && echo "inlined tick: the compiled tick inlines into the loops of $*"
exit $status
