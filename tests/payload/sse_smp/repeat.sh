#!/usr/bin/env bash
# Consecutive runs of one payload on one firmware, for races that show up
# now and then (issue 23: run the SSE scenarios 50 times without -icount).
#   repeat.sh N LOGDIR QEMU ARGS...      (ARGS as for run-payload.sh, -bios and -kernel included)
# Each run is judged as run-payload.sh judges it (120 s limit); prints one
# line per run, then runs, failures, hangs, failed checks and wall time.
set -u
n=$1; logdir=$2; shift 2
mkdir -p "$logdir"
here=$(cd "$(dirname "$0")/../../qemu" && pwd)
fails=0; hangs=0; checks=0; start=$(date +%s)
for i in $(seq 1 "$n"); do
  log=$logdir/run$i.log
  if "$here/run-payload.sh" "$log" 120 "$@" >"$log.judge" 2>&1; then
    r=ok
  else
    r=FAIL; fails=$((fails + 1))
    grep -q TIMEOUT "$log.judge" && hangs=$((hangs + 1))
  fi
  f=$(grep -ac '^FAIL' "$log"); checks=$((checks + f))
  echo "run $i: $r ($(grep -aE '^[0-9]+ passed' "$log" | tail -n 1))"
done
echo "repeat: $n runs, $fails failed ($hangs hung), $checks failed checks, $(( $(date +%s) - start )) s"
[ "$fails" = 0 ]
