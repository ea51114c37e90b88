#!/usr/bin/env bash
# trace-test.sh BUILD_DIR CALL FUNCTION...: run scripts/trace.sh --check on
# one call of the trace payload and insist that the trace is whole (from
# trap_entry to mret, as long as the payload's own rdinstret count) and
# that every FUNCTION named appears in its per-function table. Also:
# `--list` names CALL before the build folder and after it (README's
# `trace.sh --list`).
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$1; call=$2; shift 2
out=$(TRACE_QUIET=1 "$root/scripts/trace.sh" --check "$build" "$call" 2>&1)
rc=$?
echo "$out"
[ "$rc" = 0 ] || { echo "trace-test: trace.sh --check failed ($rc)"; exit 1; }
for fn in "$@"; do
	echo "$out" | grep -qE "^ +[0-9]+  $fn\$" ||
		{ echo "trace-test: no instructions of $fn in the trace of $call"; exit 1; }
done
"$root/scripts/trace.sh" --list "$build" | grep -qx "$call" ||
	{ echo "trace-test: trace.sh --list BUILD does not list $call"; exit 1; }
"$root/scripts/trace.sh" "$build" --list | grep -qx "$call" ||
	{ echo "trace-test: trace.sh BUILD --list does not list $call"; exit 1; }
echo "trace-test: OK"
