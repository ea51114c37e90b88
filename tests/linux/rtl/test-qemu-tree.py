#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Linux on the CVA6 stand-in with QEMU's own device tree, which lists sstc
although the firmware gives S-mode no Sstc (CVA6 has no time CSR, so
menvcfg.STCE stays clear). A kernel that believed the tree would write
stimecmp at its first timer and die of an illegal instruction; Tally takes
the extensions it hides out of the tree, so Linux must reach /init
(rtl-init) and its verdict, and power off.

    test-qemu-tree.py QEMU TALLY_QEMU_BIN BUILD_DIR CPU [612]

CPU is the preset's -cpu (rv64,pmu-num=6,h=false); with 612 the kernel is
the KVM tests' Linux 6.12, else the project's 6.1.
"""
import os
import subprocess
import sys

import standin

qemu, bios, build, cpu = sys.argv[1:5]
k612 = sys.argv[5:6] == ["612"]
work, kernel, cpio = standin.kernel_and_init(build, "qemu-tree", k612)
machine = ["-M", "virt", "-cpu", cpu, "-m", "128M"]

# The case this test is for: QEMU's tree names sstc.
dtb, dts = standin.qemu_tree(qemu, machine, work)
# -no-reboot: a kernel panic (panic=-1 reboots) ends the run instead of booting again.
r = subprocess.run([qemu] + machine + ["-nographic", "-no-reboot", "-bios", bios, "-kernel", kernel,
                    "-initrd", cpio, "-append",
                    "console=ttyS0 earlycon=sbi panic=-1 printk.devkmsg=on"],
                   capture_output=True, text=True, timeout=900)
log = r.stdout + r.stderr
open(os.path.join(work, "console.log"), "w").write(log)
checks = [("_sstc" in dts, "QEMU's own tree lists sstc"),
          ("device tree: the harts' ISA lists no sstc" in log, "Tally took sstc out of it"),
          ("Linux version" in log, "Linux starts"),
          ("Kernel panic" not in log and "Oops" not in log, "no panic, no oops"),
          ("rtl-init: perf stat on CVA6" in log, "Linux runs /init (its timer works)"),
          ("ok - task switches with no counter" in log, "rtl-init runs to its last check")]
if k612:
    checks.append(("Linux version 6.12" in log, "the kernel is 6.12"))
checks.append(("reboot: Power down" in log and r.returncode == 0,
               f"Linux powers off (SRST shutdown), QEMU exits with status 0: {r.returncode}"))
for ok, what in checks:
    print(("ok - " if ok else "FAIL - ") + what)
failed = sum(not ok for ok, _ in checks)
print(f"{len(checks) - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)
