#!/usr/bin/env bash
# Step through one SBI call with gdb, from the payload's ecall onwards.
#
#   scripts/debug.sh [PRESET] [CALL]        default: qemu-virt-rv64 pmu_start
#   scripts/debug.sh [PRESET] --list        the calls CALL may name
#   scripts/debug.sh [PRESET] reset [PAYLOAD]   stop at the reset vector instead
#
# PRESET may also be a build directory (used as it is, not rebuilt).
# --list may come anywhere: `debug.sh --list PRESET` works too.
#
# CALL is one of the calls of the trace payload (tests/payload/trace.c,
# the one scripts/trace.sh traces); the default, pmu_start, is the
# counter_start that docs/walkthrough.md follows. The script builds the
# preset if needed, boots its firmware with that payload under QEMU with
# the gdb stub listening, and starts gdb-multiarch with the firmware's and
# the payload's symbols, stopped on the payload's ecall for CALL: the
# arguments are in place (printed, EID in hex; type `sbi` to see them
# again) and the hart is still in S-mode. Then, as the walk-through goes:
#   tbreak trap_entry      (not stepi: QEMU's gdb stub steps over a trap,
#   continue                the whole call at once) the hart has trapped:
#                           trap_entry, M-mode
#   break ecall_pmu        and the same for sbi_pmu_ecall, pmu_counter_start...
#   continue               stops in each function the call passes through
# `bt` in pmu_counter_start shows ecall_pmu (entry.S's PMU dispatch, in an
# image with an S-mode) right below it: sbi_pmu_ecall reaches it by a tail
# call (a jump, no frame of its own), so only a breakpoint shows it.
# Numbers print in hex.
#
# `reset` stops at the reset vector (docs/boot.md) with PAYLOAD
# (build/PRESET/tests/payload/PAYLOAD.elf, default hello) loaded and a
# breakpoint where the payload's ecalls arrive: in an image with an S-mode,
# trap_entry when mcause is the payload's ecall (entry.S dispatches it
# there: ecall_pmu, ecall_base, ecall_time, the table); in one without
# (Ibex), sbi_ecall, the dispatcher in C. The U-mode presets (ibex-qemu),
# which have no trace payload, are debugged this way.
#
# The console (banner, payload output) goes to the same terminal as gdb.
# QEMU is stopped when gdb exits.
#
# Options for scripts and tests:
#   DEBUG_GDB_BATCH=FILE  run gdb in batch mode with the commands in FILE
#                         (after the setup above) instead of interactively
#   DEBUG_CONSOLE=FILE    send the console to FILE instead of the terminal
set -euo pipefail

# Options anywhere among the arguments, so `--list` needs no preset before it.
list=0; args=()
for arg in "$@"; do
	case $arg in
	--list) list=1 ;;
	-*) echo "debug.sh: unknown option $arg; usage: $0 [PRESET] [CALL | --list | reset [PAYLOAD]]" >&2; exit 1 ;;
	*) args+=("$arg") ;;
	esac
done
preset=${args[0]:-qemu-virt-rv64}
call=${args[1]:-pmu_start}
[ "$list" = 0 ] || call=--list
cross=riscv64-unknown-elf-
# shellcheck source=scripts/lib-preset.sh
. "$(dirname "$0")/lib-preset.sh"
preset_build debug.sh "$preset"
if [ "$call" = reset ]; then
	payload=${args[2]:-hello}
else
	grep -q '^TALLY_PAYLOAD_ECALL_CAUSE:[A-Z]*=9$' "$build/CMakeCache.txt" ||
		die "preset $preset has no trace payload (no S-mode); try: $0 $preset reset"
	payload=trace
fi
payload_elf=$build/tests/payload/$payload.elf
if [ "$nobuild" = 0 ]; then
	cmake --build "$build" -j2 --target "$(basename "$fw_elf")" "$payload.elf" >/dev/null ||
		die "cannot build $(basename "$fw_elf") and $payload.elf in preset $preset (is '$payload' one of its payloads?)"
fi
[ -f "$fw_elf" ] && [ -f "$payload_elf" ] || die "$fw_elf or $payload_elf missing: build the preset first"

if [ "$call" = --list ]; then
	${cross}nm "$payload_elf" | sed -n 's/.* trace_call_//p' | sort
	exit 0
fi
if [ "$call" != reset ]; then
	${cross}nm "$payload_elf" | grep -q " trace_call_$call\$" ||
		die "no call '$call' in the trace payload; try: $0 $preset --list"
fi
command -v gdb-multiarch >/dev/null || die "gdb-multiarch not found (scripts/setup.sh installs it)"

qemu=$(cache TALLY_QEMU)
machine=$(cache TALLY_QEMU_MACHINE | tr ';' ' ')
cpu=$(cache TALLY_QEMU_CPU)

# A free TCP port for the gdb stub (several builds may debug at once).
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
console=${DEBUG_CONSOLE:-stdio}
[ "$console" = stdio ] || console=file:$console

# -S: do not start the CPU; it waits at the reset vector for gdb.
# shellcheck disable=SC2086
# -icount: the payload's rdcycle/rdinstret then count instructions, so
# what it prints beside gdb makes sense (a stopped clock would not).
"$qemu" $machine -cpu "$cpu" -m 128M -nographic -monitor none -serial "$console" \
	-icount shift=0,sleep=off -bios "$build/$bios" -kernel "$payload_elf" \
	-gdb "tcp:127.0.0.1:$port" -S </dev/null &
qemu_pid=$!
setup=$(mktemp /tmp/tally-debug.XXXXXX)
stop_qemu() { kill "$qemu_pid" 2>/dev/null || true; wait "$qemu_pid" 2>/dev/null || true; rm -f "$setup"; }
trap stop_qemu EXIT

# Wait for the stub to listen (QEMU needs a moment to start).
for _ in $(seq 50); do
	python3 -c "import socket,sys; socket.create_connection(('127.0.0.1', $port), 0.2).close()" \
		2>/dev/null && break
	kill -0 "$qemu_pid" 2>/dev/null || die "QEMU exited before gdb could attach"
	sleep 0.1
done

# The EIDs the firmware knows, named as its headers name them (SBI_EXT_<NAME>).
eid_names=$(sed -n 's/^#define SBI_EXT_\([A-Z0-9_]*\) *\(0x[0-9a-fA-F]*\).*/  if \$a7 == \2\n    printf " (\1)"\n  end/p' \
	"$(dirname "$0")"/../src/base/*.h)

# `sbi`: the registers of an SBI call as the SBI spec (3.1, "Binary
# Encoding") reads them, the EID in hex and named.
cat >"$setup" <<GDB
set pagination off
set confirm off
set output-radix 16
file $fw_elf
add-symbol-file $payload_elf
target remote 127.0.0.1:$port
define sbi
  printf "SBI call: a7 (EID) = 0x%lx", \$a7
$eid_names
  printf ", a6 (FID) = %lu\n", \$a6
  printf "  a0 = 0x%lx  a1 = 0x%lx  a2 = 0x%lx  a3 = 0x%lx  a4 = 0x%lx  a5 = 0x%lx\n", \$a0, \$a1, \$a2, \$a3, \$a4, \$a5
end
document sbi
Print a0..a7 as the arguments of an SBI call (EID in a7, FID in a6).
end
GDB
if [ "$call" = reset ]; then
	case $(cache TALLY_SMODE_EXTENSIONS) in
	ON | TRUE | YES | 1)
		cause=$(cache TALLY_PAYLOAD_ECALL_CAUSE)
		echo "break trap_entry if \$mcause == $cause" >>"$setup"
		hint="QEMU stopped at reset; breakpoint at trap_entry for the payload's ecalls (mcause $cause:
entry.S dispatches them, to ecall_pmu, ecall_base, ecall_time or the table). Type 'continue'."
		;;
	*)
		echo "break sbi_ecall" >>"$setup"
		hint="QEMU stopped at reset; breakpoint at sbi_ecall (the dispatcher in C). Type 'continue'."
		;;
	esac
else
	cat >>"$setup" <<GDB
tbreak *trace_call_$call
continue
sbi
GDB
	hint="stopped on the payload's ecall for '$call' (S-mode). 'tbreak trap_entry' + 'continue':
the trap (stepi would run the whole call). 'break FUNCTION' + 'continue' (ecall_pmu, sbi_pmu_ecall, ...):
each function on the way (bt leaves out those that tail-called). 'sbi' prints the call again.
docs/walkthrough.md follows pmu_start."
fi
if [ -n "${DEBUG_GDB_BATCH:-}" ]; then
	gdb-multiarch -q -nx -batch -x "$setup" -x "$DEBUG_GDB_BATCH"
else
	gdb-multiarch -q -x "$setup" -ex "echo debug.sh: $hint\n"
fi
