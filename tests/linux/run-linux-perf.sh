#!/usr/bin/env bash
# Boot Linux 6.1 on Tally under QEMU with the perf init program and judge
# the run like any payload test ("N passed, 0 failed", QEMU exit 0).
#   run-linux-perf.sh BUILD_DIR QEMU TALLY_BIN HARTS [sscofpmf|cva6|debian]
# HARTS goes on the kernel command line too: perf-init checks that every
# hart came up as a CPU and counts there.
# With "sscofpmf" the CPU has Sscofpmf and the sampling check must run.
# With "cva6" TALLY_BIN is the cva6 preset's QEMU stand-in (six hpm
# counters) and perf-init checks CVA6's perf event names instead of QEMU's.
# With "debian" the kernel is Debian's own riscv64 build (debian/fetch-kernel.py),
# on a CPU with Sscofpmf.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=$1; qemu=$2; fw=$3; harts=$4; variant=${5:-}
cpu=rv64,sstc=false
[ "$variant" = sscofpmf ] && cpu=$cpu,sscofpmf=true
defs=
[ "$variant" = cva6 ] && { cpu=$cpu,pmu-num=6; defs=-DCVA6_EVENTS; }
[ "$variant" = debian ] && cpu=$cpu,sscofpmf=true
if [ "$variant" = debian ]; then
  image=$(python3 "$here/debian/fetch-kernel.py" | tail -n 1)
else
  # more than the 4 CPUs of the kernel the documents measure: its 64-CPU twin
  kernel=build-kernel.sh
  [ "$harts" -gt 4 ] && kernel=build-kernel-smp.sh
  image=$("$here/$kernel" | tail -n 1)
fi
run=$harts$variant
mkdir -p "$build/linux/$run"    # one directory per run: ctest -j runs them side by side
# The init program has no libc: -nostdlib, and no linker relaxation since
# nothing sets up gp.
riscv64-linux-gnu-gcc -static -nostdlib -ffreestanding -fno-stack-protector \
  -mno-relax -Wl,--no-relax -O2 -Wall -Wextra -Werror $defs \
  -o "$build/linux/$run/perf-init" "$here/perf-init.c"
python3 "$here/mkcpio.py" "$build/linux/$run/perf-init" "$build/linux/$run/init.cpio"
# sstc=false: Linux then sets its timer through SBI, so SET_TIMER counts.
# -icount: QEMU derives cycle and instret from the instruction count
# (without it they follow the host's clock).
# -icount runs every hart on one host thread: the limit grows with them.
log=$build/linux/$run/linux.log
"$here/../qemu/run-payload.sh" "$log" $((300 + 40 * harts)) \
  "$qemu" -M virt -cpu "$cpu" -smp "$harts" -m 256M -icount shift=0,sleep=off \
  -bios "$fw" -kernel "$image" -initrd "$build/linux/$run/init.cpio" \
  -append "console=ttyS0 earlycon=sbi panic=-1 harts=$harts"
case $variant in sscofpmf|debian)
  grep -q "^ok - sampling" "$log" || {
    echo "run-linux-perf: the sampling check did not run (Sscofpmf not seen by Linux?)"
    exit 1
  } ;;
esac
