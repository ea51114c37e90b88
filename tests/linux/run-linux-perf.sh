#!/usr/bin/env bash
# Boot Linux 6.1 on Tally under QEMU with the perf init program and judge
# the run like any payload test ("N passed, 0 failed", QEMU exit 0).
#   run-linux-perf.sh BUILD_DIR QEMU TALLY_BIN HARTS
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=$1; qemu=$2; fw=$3; harts=$4
image=$("$here/build-kernel.sh" | tail -n 1)
mkdir -p "$build/linux"
# The init program has no libc: -nostdlib, and no linker relaxation since
# nothing sets up gp.
riscv64-linux-gnu-gcc -static -nostdlib -ffreestanding -fno-stack-protector \
  -mno-relax -Wl,--no-relax -O2 -Wall -Wextra -Werror \
  -o "$build/linux/perf-init" "$here/perf-init.c"
python3 "$here/mkcpio.py" "$build/linux/perf-init" "$build/linux/init.cpio"
# sstc=false: Linux then sets its timer through SBI, so SET_TIMER counts.
# -icount: QEMU derives cycle and instret from the instruction count
# (without it they follow the host's clock).
exec "$here/../qemu/run-payload.sh" "$build/linux/linux-$harts.log" 300 \
  "$qemu" -M virt -cpu rv64,sstc=false -smp "$harts" -m 256M -icount shift=0,sleep=off \
  -bios "$fw" -kernel "$image" -initrd "$build/linux/init.cpio" \
  -append "console=ttyS0 earlycon=sbi panic=-1"
