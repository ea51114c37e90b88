#!/usr/bin/env bash
# A run that must end in the firmware's panic report:
#   run-expect-panic.sh LOG TIMEOUT_S 'CAUSE' 'TVAL' QEMU ARGS...
# Passes when QEMU exits with status 3 (panic powers off with the failure
# status, README "Exit status") within the time limit and the log holds the PANIC line and "mcause CAUSE"
# and "mtval TVAL" in the register dump.
set -u
log=$1; limit=$2; cause=$3; tval=$4; shift 4
timeout --foreground "$limit" "$@" -nographic -monitor none -serial stdio </dev/null >"$log" 2>&1
rc=$?
cat "$log"
fail() { echo "run-expect-panic: FAIL: $*"; exit 1; }
[ "$rc" = 124 ] && fail "timeout after ${limit}s (a silent hang?)"
[ "$rc" = 0 ] && fail "QEMU exited 0: no panic"
[ "$rc" = 3 ] || fail "QEMU exited $rc, not the failure status 3"
grep -aq "tally: PANIC" "$log" || fail "no PANIC line"
grep -aq "mcause $cause " "$log" || fail "mcause is not $cause"
grep -aq "mtval $tval " "$log" || fail "mtval is not $tval"
grep -aq "tally: halted" "$log" || fail "no register dump end"
echo "run-expect-panic: OK (exit $rc, mcause $cause, mtval $tval)"
