#!/usr/bin/env bash
# The fuzz-long target: the fuzzer payload built with 1,000,000 calls
# (TALLY_FUZZ_LONG_CALLS/_SEED), once per hart count, each run judged as the
# fuzz test judges it (run-fuzz.sh: every answer allowed, registers kept,
# text checksum and guard words intact). Prints calls, harts, seed and wall
# time per run; exits non-zero if any run failed.
#   fuzz-long.sh LOGDIR "HARTS..." QEMU ARGS...
set -u
logdir=$1; hartlist=$2; shift 2
dir=$(dirname "$0")
mkdir -p "$logdir"
arch=$(basename "$1")   # qemu-system-riscv64 / -riscv32
status=0
summary=()
echo "fuzz-long: $* -smp {$hartlist}"
for harts in $hartlist; do
  log=$logdir/fuzz-long-${harts}harts.log
  t0=$(date +%s.%N)
  "$dir/run-fuzz.sh" "$log" 1800 "$@" -smp "$harts" >"$log.judge" 2>&1
  rc=$?
  t1=$(date +%s.%N)
  secs=$(awk "BEGIN { print $t1 - $t0 }")
  # What really ran, from the payload's own closing line.
  line=$(grep -a '^fuzz: seed .* fuzz calls' "$log" | tail -n 1)
  seed=$(echo "$line" | sed -n 's/^fuzz: seed \([0-9a-fx]*\):.*/\1/p')
  calls=$(echo "$line" | sed -n 's/.*: \([0-9]*\) fuzz calls.*/\1/p')
  verdict=OK
  if [ "$rc" != 0 ]; then
    verdict=FAIL; status=1
    grep -a 'FAIL\|CHANGED\|run-payload\|run-fuzz' "$log" "$log.judge" | head -n 20
  fi
  r=$(printf '%s: %s calls, %s harts, seed %s, %.1f s wall: %s' "${arch#qemu-system-}" \
    "${calls:-?}" "$harts" "${seed:-?}" "$secs" "$verdict")
  echo "fuzz-long: $r (log $log)"
  summary+=("$r")
done
echo "fuzz-long summary:"
printf '  %s\n' "${summary[@]}"
exit $status
