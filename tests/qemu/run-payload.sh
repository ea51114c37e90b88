#!/usr/bin/env bash
# Boot a firmware image with a test payload under QEMU and judge the run.
#   run-payload.sh LOG TIMEOUT_S QEMU ARGS...
# The payload prints one line per check and ends with "N passed, M failed",
# then shuts down through SBI SRST. The test passes when QEMU exits 0
# within the time limit and that line says 0 failed with N > 0.
set -u
log=$1; limit=$2; shift 2
timeout --foreground "$limit" "$@" -nographic -monitor none -serial stdio </dev/null >"$log" 2>&1
rc=$?
cat "$log"
summary=$(grep -aE '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
if [ "$rc" = 124 ]; then echo "run-payload: TIMEOUT after ${limit}s"; exit 1; fi
if [ -z "$summary" ]; then echo "run-payload: no summary line (qemu exit $rc)"; exit 1; fi
passed=${summary%% passed*}; failed=${summary#*, }; failed=${failed%% failed*}
if [ "$rc" != 0 ] || [ "$failed" != 0 ] || [ "$passed" = 0 ]; then
  echo "run-payload: FAIL (qemu exit $rc, $summary)"; exit 1
fi
echo "run-payload: OK ($summary)"
