#!/usr/bin/env bash
# Step through Tally with gdb.
#
#   scripts/debug.sh [PRESET] [PAYLOAD]     default: qemu-virt-rv64 hello
#
# PRESET may also be a build directory (used as it is, not rebuilt).
# Builds the preset if needed, boots its firmware and PAYLOAD
# (build/PRESET/tests/payload/PAYLOAD.elf) under QEMU stopped at the reset
# vector with the gdb stub listening, and starts gdb-multiarch with the
# firmware's and the payload's symbols and a breakpoint at the SBI
# dispatcher, sbi_ecall. Type `continue` and you are in the payload's first
# ecall: a7 holds the EID, a6 the FID, a0..a5 the arguments (SBI spec 3.1).
# `bt` shows trap_entry below it; `finish` returns to the trap vector, and
# `stepi` walks on to the mret.
#
# The console (banner, payload output) goes to the same terminal as gdb.
# QEMU is stopped when gdb exits.
#
# Options for scripts and tests:
#   DEBUG_GDB_BATCH=FILE  run gdb in batch mode with the commands in FILE
#                         (after the setup above) instead of interactively
#   DEBUG_CONSOLE=FILE    send the console to FILE instead of the terminal
set -euo pipefail

preset=${1:-qemu-virt-rv64}
payload=${2:-hello}
# shellcheck source=scripts/lib-preset.sh
. "$(dirname "$0")/lib-preset.sh"
preset_build debug.sh
command -v gdb-multiarch >/dev/null || die "gdb-multiarch not found (scripts/setup.sh installs it)"
payload_elf=$build/tests/payload/$payload.elf
if [ "$nobuild" = 0 ]; then
	cmake --build "$build" -j2 --target "$(basename "$fw_elf")" "$payload.elf" >/dev/null ||
		die "cannot build $(basename "$fw_elf") and $payload.elf in preset $preset (is '$payload' one of its payloads?)"
fi
[ -f "$fw_elf" ] && [ -f "$payload_elf" ] || die "$fw_elf or $payload_elf missing: build the preset first"

qemu=$(cache TALLY_QEMU)
machine=$(cache TALLY_QEMU_MACHINE | tr ';' ' ')
cpu=$(cache TALLY_QEMU_CPU)

# A free TCP port for the gdb stub (several builds may debug at once).
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
console=${DEBUG_CONSOLE:-stdio}
[ "$console" = stdio ] || console=file:$console

# -S: do not start the CPU; it waits at the reset vector for gdb.
# shellcheck disable=SC2086
"$qemu" $machine -cpu "$cpu" -m 128M -nographic -monitor none -serial "$console" \
	-bios "$build/$bios" -kernel "$payload_elf" \
	-gdb "tcp:127.0.0.1:$port" -S </dev/null &
qemu_pid=$!
stop_qemu() { kill "$qemu_pid" 2>/dev/null || true; wait "$qemu_pid" 2>/dev/null || true; }
trap stop_qemu EXIT

# Wait for the stub to listen (QEMU needs a moment to start).
for _ in $(seq 50); do
	python3 -c "import socket,sys; socket.create_connection(('127.0.0.1', $port), 0.2).close()" \
		2>/dev/null && break
	kill -0 "$qemu_pid" 2>/dev/null || die "QEMU exited before gdb could attach"
	sleep 0.1
done

setup=(
	-ex "set pagination off"
	-ex "set confirm off"
	-ex "file $fw_elf"
	-ex "add-symbol-file $payload_elf"
	-ex "target remote 127.0.0.1:$port"
	-ex "break sbi_ecall"
)
if [ -n "${DEBUG_GDB_BATCH:-}" ]; then
	gdb-multiarch -q -nx -batch "${setup[@]}" -x "$DEBUG_GDB_BATCH"
else
	echo "debug.sh: QEMU stopped at reset; breakpoint at sbi_ecall. Type 'continue'."
	gdb-multiarch -q "${setup[@]}"
fi
