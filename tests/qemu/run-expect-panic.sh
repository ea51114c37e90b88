#!/usr/bin/env bash
# A run that must end in the firmware's panic report:
#   run-expect-panic.sh LOG TIMEOUT_S 'CAUSE' 'TVAL' [--line 'LINE']... QEMU ARGS...
# Passes when the run ends as run-expect-status.sh requires with status 3
# (panic powers off with the failure status, README "Exit status") and a
# PANIC line, and the register dump says "mcause CAUSE" and "mtval TVAL"
# and ends; and the log has each LINE (a fixed string: the message's words).
set -u
log=$1; limit=$2; cause=$3; tval=$4; shift 4
lines=()
while [ "${1:-}" = "--line" ]; do lines+=("$2"); shift 2; done
fail() { echo "run-expect-panic: FAIL: $*"; exit 1; }
"$(dirname "$0")/run-expect-status.sh" "$log" "$limit" 3 "tally: PANIC" "$@" || fail "see above"
grep -aq "mcause $cause " "$log" || fail "mcause is not $cause"
grep -aq "mtval $tval " "$log" || fail "mtval is not $tval"
grep -aq "tally: halted" "$log" || fail "no register dump end"
for l in "${lines[@]}"; do grep -aqF -- "$l" "$log" || fail "no line '$l'"; done
echo "run-expect-panic: OK (mcause $cause, mtval $tval, ${#lines[@]} lines)"
