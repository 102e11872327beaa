#!/bin/sh
# tests/mpi/mpi_test.sh — the sharded crowd (bt/mpi/) on Open MPI, against one process.
#
# 1. exact: the walkers' world (tests/mpi/shard_run.cpp) for 10,000 agents and
#    1,000 frames, on 1, 2, 3 and 4 ranks, gives every agent the calls, game
#    state, crowd state and block of the one-process run (a plain bt::Crowd);
# 2. checkpoints: a run on 2 ranks checkpoints every 200 frames and rank 1 is
#    killed at frame 500; restarted from the latest checkpoint (frame 400) on 2
#    ranks and on 3, each ends as the uninterrupted run;
# 3. refusals: a checkpoint with one byte flipped in rank 1's file, and one
#    whose agent carries another tree's stamp, are refused, naming the rank
#    and the agent, and nothing runs.
# Each mpirun is bounded by `timeout`. Ends with "mpi: N passed, M failed".
# Usage: MPIRUN="mpirun --allow-run-as-root --oversubscribe" sh tests/mpi/mpi_test.sh SHARD_RUN WORK
RUN=$1
WORK=$2
MPIRUN=${MPIRUN:-mpirun --oversubscribe}
# Ranks that wait in a collective give up their core (the machine may have fewer cores than ranks).
MPIRUN="$MPIRUN --mca mpi_yield_when_idle 1"
AGENTS=10000
FRAMES=1000
LIMIT=120  # seconds for one mpirun
passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { echo "FAIL mpi: $*"; failed=$((failed + 1)); }

rm -rf "$WORK" && mkdir -p "$WORK" || exit 1
# Every agent's line, by id, from a sharded run's files.
merged() { cat "$1".rank-* | sort; }

"$RUN" --reference "$WORK/reference" --agents $AGENTS --frames $FRAMES || { echo "FAIL mpi: the one-process run"; exit 1; }

# ---------------------------------------------------------------- 1. exact on 1 to 4 ranks
for ranks in 1 2 3 4; do
  if ! timeout $LIMIT $MPIRUN -n $ranks "$RUN" "$WORK/ranks$ranks" --agents $AGENTS --frames $FRAMES > "$WORK/ranks$ranks.log" 2>&1; then
    fail "the run on $ranks ranks failed:"; tail -5 "$WORK/ranks$ranks.log"
  elif ! merged "$WORK/ranks$ranks" | cmp -s - "$WORK/reference"; then
    fail "$ranks ranks differ from one process:"; merged "$WORK/ranks$ranks" | diff "$WORK/reference" - | head -4
  elif [ $ranks -gt 1 ] && ! grep -q "^$ranks ranks: [1-9][0-9]* migrations" "$WORK/ranks$ranks.log"; then
    fail "on $ranks ranks no agent migrated"
  else
    pass
  fi
done

# ---------------------------------------------------------------- 2. checkpoints, a lost rank, restarts
CK=$WORK/checkpoints
timeout $LIMIT $MPIRUN -n 2 "$RUN" "$WORK/killed" --agents $AGENTS --frames $FRAMES --checkpoint-every 200 \
  --checkpoints "$CK" --die-at 500 --die-rank 1 > "$WORK/killed.log" 2>&1
status=$?
if [ $status -eq 0 ] || [ $status -eq 124 ]; then fail "the run whose rank 1 is killed ended with status $status"; else pass; fi
if [ -e "$WORK/killed.rank-0" ] || [ -e "$WORK/killed.rank-1" ]; then fail "the killed run finished"; else pass; fi
for ranks in 2 3; do
  if ! timeout $LIMIT $MPIRUN -n $ranks "$RUN" "$WORK/restart$ranks" --agents $AGENTS --frames $FRAMES --checkpoints "$CK" \
       --restore latest > "$WORK/restart$ranks.log" 2>&1; then
    fail "the restart on $ranks ranks failed:"; tail -5 "$WORK/restart$ranks.log"
  elif ! grep -q "^restored .*frame-000000000400 at frame 400 on $ranks ranks" "$WORK/restart$ranks.log"; then
    fail "the restart on $ranks ranks did not start from the checkpoint of frame 400:"; head -3 "$WORK/restart$ranks.log"
  elif ! merged "$WORK/restart$ranks" | cmp -s - "$WORK/reference"; then
    fail "the restart on $ranks ranks differs from the uninterrupted run"
  else
    pass
  fi
done

# ---------------------------------------------------------------- 3. damaged and foreign checkpoints
# Refused with a message naming the rank and the agent; no rank runs on.
refused() {  # NAME DIRECTORY EXPECTED-MESSAGE-PATTERN
  timeout $LIMIT $MPIRUN -n 2 "$RUN" "$WORK/$1" --agents $AGENTS --frames $FRAMES --restore "$2" > "$WORK/$1.log" 2>&1
  status=$?
  if [ $status -eq 0 ] || [ $status -eq 124 ]; then fail "the $1 checkpoint was not refused (status $status)"
  elif [ -e "$WORK/$1.rank-0" ] || [ -e "$WORK/$1.rank-1" ]; then fail "a rank ran on from the $1 checkpoint"
  elif ! grep -q "$3" "$WORK/$1.log"; then fail "the $1 checkpoint's refusal does not say '$3':"; grep refuse "$WORK/$1.log" | head -3
  else pass
  fi
}
cp -r "$CK/frame-000000000400" "$WORK/damaged"
# Byte 72 + 100 of rank 1's file: inside its first record, past the id.
"$RUN" --damage "$WORK/damaged/rank-1" 172 || fail "cannot damage the checkpoint"
first=$(od -An -tu8 -j72 -N8 "$WORK/damaged/rank-1" | tr -d ' ')
refused damaged "$WORK/damaged" "refuses agent $first from the checkpoint's file of rank 1 (its record 0): its bytes are damaged"
cp -r "$CK/frame-000000000400" "$WORK/foreign"
"$RUN" --foreign "$WORK/foreign/rank-0" || fail "cannot make the checkpoint foreign"
first=$(od -An -tu8 -j72 -N8 "$WORK/foreign/rank-0" | tr -d ' ')
refused foreign "$WORK/foreign" "refuses agent $first from the checkpoint's file of rank 0: its migrant is refused: MemoryFromOtherTree"
cp -r "$CK/frame-000000000400" "$WORK/cut"
rm "$WORK/cut/manifest"
refused cut "$WORK/cut" "has no whole manifest"

echo "mpi: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
