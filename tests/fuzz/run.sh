#!/bin/sh
# tests/fuzz/run.sh — runs a fuzzer for a number of seconds from its seed
# corpus and ends with one plain line "LABEL: N passed, M failed" (N the inputs
# run; M 1 if the fuzzer found a breach, whose input is saved in the work dir).
# SEEDS defaults to tests/fuzz/corpus (the tick fuzzer's), LABEL to "fuzz".
# usage: sh tests/fuzz/run.sh path/to/fuzzer SECONDS WORKDIR [SEEDS [LABEL]]
usage="usage: run.sh FUZZER SECONDS WORKDIR [SEEDS [LABEL]]"
fuzzer=${1:?$usage}
seconds=${2:?$usage}
work=${3:?$usage}
seeds=${4:-$(dirname "$0")/corpus}
label=${5:-fuzz}
# FUZZ_SEED (environment), when set, fixes libFuzzer's random seed: make test's
# bounded runs use one so that a clean clone's CI replays the same inputs; make
# fuzz-NAME leaves it unset and explores anew each run.
seed=${FUZZ_SEED:+-seed=$FUZZ_SEED}
# FUZZ_RUNS, when set, also caps the inputs run: with a fixed seed, a fast machine
# then replays no more than the stream a slower one was seen to pass.
cap=${FUZZ_RUNS:+-runs=$FUZZ_RUNS}
# New inputs go to a scratch corpus (first directory), the seeds are only read.
mkdir -p "$work/corpus" || exit 1
log="$work/fuzz.log"
# -timeout: an input that takes longer than this is a hang, i.e. a failure.
"$fuzzer" $seed $cap -max_total_time="$seconds" -timeout=25 -max_len=4096 -print_final_stats=1 \
  -artifact_prefix="$work/" "$work/corpus" "$seeds" >"$log" 2>&1
status=$?
runs=$(sed -n 's/^stat::number_of_executed_units: *\([0-9]*\).*/\1/p' "$log" | tail -n 1)
name=$(basename "$fuzzer")
if [ "$status" -eq 0 ]; then
  echo "$label: ${runs:-0} passed, 0 failed ($name, $seconds s; log in $log)"
else
  grep -m 20 -E 'invariant broken|the two ticks differ|ERROR|SUMMARY|runtime error|Test unit written' "$log"
  echo "$label: ${runs:-0} passed, 1 failed ($name, $seconds s; log in $log)"
fi
exit $status
