#!/usr/bin/env bash
# A run that must end with one exact QEMU exit status:
#   run-expect-status.sh LOG TIMEOUT_S STATUS 'LINE' QEMU ARGS...
# Passes when QEMU exits with STATUS within the time limit and the log has
# LINE (a fixed string). The firmware's mapping is in README ("Exit status").
set -u
log=$1; limit=$2; want=$3; line=$4; shift 4
timeout --foreground "$limit" "$@" -nographic -monitor none -serial stdio </dev/null >"$log" 2>&1
rc=$?
cat "$log"
fail() { echo "run-expect-status: FAIL: $*"; exit 1; }
[ "$rc" = 124 ] && fail "timeout after ${limit}s"
grep -aqF -- "$line" "$log" || fail "no line '$line'"
[ "$rc" = "$want" ] || fail "QEMU exited $rc, expected $want"
echo "run-expect-status: OK (exit $rc)"
