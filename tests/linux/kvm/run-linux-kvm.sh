#!/usr/bin/env bash
# Boot Linux 6.12 with KVM on a firmware under QEMU, run kvm-init (a KVM
# guest on every hart in turn) and judge the run like any payload test
# ("N passed, 0 failed", QEMU exit 0).
#   run-linux-kvm.sh BUILD_DIR QEMU FIRMWARE HARTS
# FIRMWARE is any M-mode image that QEMU's -bios takes and that jumps to
# the kernel at 0x80200000: Tally's, or OpenSBI's fw_jump for comparison.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=$1; qemu=$2; fw=$3; harts=$4
image=$("$here/build-kvm-kernel.sh" | tail -n 1)
run=$build/linux/kvm-$harts-$(basename "$fw" .bin)
mkdir -p "$run"    # one directory per run: ctest -j runs them side by side
# No libc, and no linker relaxation since nothing sets up gp.
riscv64-linux-gnu-gcc -static -nostdlib -ffreestanding -fno-stack-protector \
  -mno-relax -Wl,--no-relax -O2 -std=gnu11 -Wall -Wextra -Werror \
  -o "$run/kvm-init" "$here/kvm-init.c" "$here/guest.S"
python3 "$here/../mkcpio.py" "$run/kvm-init" "$run/init.cpio"
# QEMU 7.2's rv64 has the H extension; Sscofpmf is what KVM wants before
# it offers a guest the SBI PMU (mode filtering). -icount: QEMU derives
# cycle and instret from the instruction count (without it they follow
# the host's clock, and the instruction counts would prove nothing).
log=$run/linux.log
"$here/../../qemu/run-payload.sh" "$log" 240 \
  "$qemu" -M virt -cpu rv64,sscofpmf=true -smp "$harts" -m 512M -icount shift=0,sleep=off \
  -bios "$fw" -kernel "$image" -initrd "$run/init.cpio" \
  -append "console=ttyS0 earlycon=sbi panic=-1 printk.devkmsg=on"
# Every hart must have run the guest: kvm-init pins one VM to each CPU Linux brought up.
for ((h = 0; h < harts; h++)); do
  grep -q "^ok - cpu$h: SRST shutdown" "$log" || {
    echo "run-linux-kvm: no guest ran to its shutdown on host CPU $h"; exit 1; }
done
