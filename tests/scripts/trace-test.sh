#!/usr/bin/env bash
# trace-test.sh BUILD_DIR CALL FUNCTION...: run scripts/trace.sh --check on
# one call of the trace payload and insist that the trace is whole (from
# trap_entry to mret, as long as the payload's own rdinstret count) and
# that every FUNCTION named appears in its per-function table. Also: the
# run, and one whose QEMU fails, leave nothing in TMPDIR; `--list` names
# CALL before the build folder and after it (README's `trace.sh --list`).
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$1; call=$2; shift 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tally-trace-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/t"
out=$(TMPDIR=$tmp/t TRACE_QUIET=1 "$root/scripts/trace.sh" --check "$build" "$call" 2>&1)
rc=$?
echo "$out"
[ "$rc" = 0 ] || { echo "trace-test: trace.sh --check failed ($rc)"; exit 1; }
for fn in "$@"; do
	echo "$out" | grep -qE "^ +[0-9]+  $fn\$" ||
		{ echo "trace-test: no instructions of $fn in the trace of $call"; exit 1; }
done
left=$(ls -A "$tmp/t")
[ -z "$left" ] || { echo "trace-test: trace.sh left in TMPDIR: $left"; exit 1; }
if TMPDIR=$tmp/t TRACE_CPU=no-such-cpu "$root/scripts/trace.sh" "$build" "$call" >/dev/null 2>&1; then
	echo "trace-test: trace.sh passed with a CPU QEMU does not know"; exit 1
fi
left=$(ls -A "$tmp/t")
[ -z "$left" ] || { echo "trace-test: trace.sh left in TMPDIR after QEMU failed: $left"; exit 1; }
"$root/scripts/trace.sh" --list "$build" | grep -qx "$call" ||
	{ echo "trace-test: trace.sh --list BUILD does not list $call"; exit 1; }
"$root/scripts/trace.sh" "$build" --list | grep -qx "$call" ||
	{ echo "trace-test: trace.sh BUILD --list does not list $call"; exit 1; }
echo "trace-test: OK"
