#!/usr/bin/env bash
# debug-test.sh BUILD_DIR: drive scripts/debug.sh in gdb batch mode. From
# reset, `continue` must stop at the breakpoint in sbi_ecall on the hello
# payload's first ecall - its first printf character, i.e. DBCN
# (EID 0x4442434E) write_byte (FID 2) of 'h' (0x68) - with trap_entry
# below it on the stack. A second `continue` must reach the next ecall.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$1
cmds=$(mktemp /tmp/tally-gdb.XXXXXX); con=$(mktemp /tmp/tally-con.XXXXXX)
trap 'rm -f "$cmds" "$con"' EXIT
cat >"$cmds" <<'GDB'
continue
printf "first ecall: eid=0x%lx fid=%lu a0=0x%lx\n", $a7, $a6, $a0
bt 2
continue
printf "second ecall: eid=0x%lx fid=%lu a0=0x%lx\n", $a7, $a6, $a0
GDB
out=$(DEBUG_GDB_BATCH=$cmds DEBUG_CONSOLE=$con timeout 120 "$root/scripts/debug.sh" "$build" hello 2>&1)
rc=$?
echo "$out"
[ "$rc" = 0 ] || { echo "debug-test: debug.sh failed ($rc)"; exit 1; }
fail=0
expect() { echo "$out" | grep -qE "$1" || { echo "debug-test: missing: $1"; fail=1; }; }
expect '^Breakpoint 1, sbi_ecall '
expect '^first ecall: eid=0x4442434e fid=2 a0=0x68$'
expect '^#1 +0x[0-9a-f]+ in trap_entry '
expect '^second ecall: eid=0x4442434e fid=2 a0=0x65$'
[ "$fail" = 0 ] && echo "debug-test: OK"
exit $fail
