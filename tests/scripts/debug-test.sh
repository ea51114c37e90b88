#!/usr/bin/env bash
# debug-test.sh BUILD_DIR: drive scripts/debug.sh in gdb batch mode the way
# docs/walkthrough.md tells a reader to. debug.sh must land on the trace
# payload's ecall for pmu_start (the walk-through's counter_start: PMU,
# EID 0x504D55 printed in hex, FID 3, counter_idx_mask 1); `tbreak
# trap_entry` + `continue` must reach the trap vector; breakpoints in
# ecall_pmu (entry.S's PMU dispatch), sbi_pmu_ecall and pmu_counter_start
# must be hit in that order; and `bt` in pmu_counter_start must show
# ecall_pmu directly below it (sbi_pmu_ecall's tail call leaves no frame).
# Then `debug.sh BUILD reset` (hello payload): its breakpoint must stop in
# trap_entry on an ecall (mcause 9), where this S-mode image's ecalls arrive.
# And `--list` names pmu_start before the build folder and after it.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$1
cmds=$(mktemp /tmp/tally-gdb.XXXXXX); con=$(mktemp /tmp/tally-con.XXXXXX)
trap 'rm -f "$cmds" "$con"' EXIT
cat >"$cmds" <<'GDB'
tbreak trap_entry
continue
break ecall_pmu
break sbi_pmu_ecall
break pmu_counter_start
continue
continue
continue
bt
GDB
out=$(DEBUG_GDB_BATCH=$cmds DEBUG_CONSOLE=$con timeout 120 "$root/scripts/debug.sh" "$build" 2>&1)
rc=$?
echo "$out"
[ "$rc" = 0 ] || { echo "debug-test: debug.sh failed ($rc)"; exit 1; }
fail=0
expect() { echo "$out" | grep -qE "$1" || { echo "debug-test: missing: $1"; fail=1; }; }
expect '^SBI call: a7 \(EID\) = 0x504d55 \(PMU\), a6 \(FID\) = 3$'
expect '^  a0 = 0x[0-9a-f]+  a1 = 0x1  a2 = 0x0 '
expect '^Temporary breakpoint 2, trap_entry '
expect '^Breakpoint 3, ecall_pmu '
expect '^Breakpoint 4, sbi_pmu_ecall '
expect '^Breakpoint 5, pmu_counter_start '
expect '^#0 +pmu_counter_start '
expect '^#1 +0x[0-9a-f]+ in ecall_pmu '

cat >"$cmds" <<'GDB'
continue
printf "at ecall: mcause = %lu\n", $mcause
GDB
out=$(DEBUG_GDB_BATCH=$cmds DEBUG_CONSOLE=$con timeout 120 "$root/scripts/debug.sh" "$build" reset 2>&1)
rc=$?
echo "$out"
[ "$rc" = 0 ] || { echo "debug-test: debug.sh reset failed ($rc)"; exit 1; }
expect '^Breakpoint 1, trap_entry '
expect '^at ecall: mcause = 9$'
"$root/scripts/debug.sh" --list "$build" | grep -qx pmu_start ||
	{ echo "debug-test: debug.sh --list BUILD does not list pmu_start"; fail=1; }
"$root/scripts/debug.sh" "$build" --list | grep -qx pmu_start ||
	{ echo "debug-test: debug.sh BUILD --list does not list pmu_start"; fail=1; }
[ "$fail" = 0 ] && echo "debug-test: OK"
exit $fail
