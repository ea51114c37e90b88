#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""rtl-init's text must survive a UART with no interrupt, as on the CVA6
testharness, where Linux's 8250 driver drains its buffer one FIFO per timer
tick and a power-off loses the rest (the model showed it: /init's output
stopped after its first lines). QEMU virt shows the same once its tree's
UART loses its interrupt: boot the CVA6 stand-in with such a tree and
rtl-init, and every line up to the verdict must be on the console.

    test-polled-console.py QEMU TALLY_QEMU_BIN BUILD_DIR [612]

With 612 the kernel is the KVM tests' Linux 6.12, which asks the firmware
at boot which generic events it can count and then refuses to open the
others (ENOENT) where 6.1 opened them and never ran them: rtl-init's four
"not counted" checks must pass on both.
"""
import os
import re
import subprocess
import sys

import standin

qemu, bios, build = sys.argv[1:4]
k612 = sys.argv[4:5] == ["612"]
work, kernel, cpio = standin.kernel_and_init(build, "polled-console", k612)
machine = ["-M", "virt", "-cpu", "rv64,sstc=false,pmu-num=6", "-m", "128M"]
dtb, dts = standin.qemu_tree(qemu, machine, work)
polled, n = re.subn(r"(serial@10000000 \{\n)\s*interrupts = <[^>]*>;\n\s*interrupt-parent = <[^>]*>;\n",
                    r"\1", dts)
if n != 1:
    print("FAIL - QEMU's tree has no serial@10000000 with an interrupt to take away")
    sys.exit(1)
open(dtb + ".dts", "w").write(polled)
subprocess.run(["dtc", "-q", "-I", "dts", "-O", "dtb", "-o", dtb, dtb + ".dts"], check=True)
r = subprocess.run([qemu] + machine + ["-nographic", "-icount", "shift=0,sleep=off", "-dtb", dtb,
                    "-bios", bios, "-kernel", kernel, "-initrd", cpio, "-append",
                    "console=ttyS0 earlycon=sbi panic=-1 printk.devkmsg=on"],
                   capture_output=True, text=True, timeout=600)
log = r.stdout + r.stderr
open(os.path.join(work, "console.log"), "w").write(log)
checks = [("irq = 0" in log, "Linux polls the UART (irq = 0)"),
          ("rtl-init: perf stat on CVA6" in log, "rtl-init's first line is on the console"),
          ("ok - task switches with no counter" in log, "its last check's line is there"),
          (re.search(r"^\d+ passed, \d+ failed$", log, re.M) is not None,
           "and its verdict, before the power-off")]
if k612:
    checks.append(("Linux version 6.12" in log, "the kernel is 6.12"))
checks += [(f"ok - {e}: not counted" in log, f"{e}: never shown as 0 (refused or never run)")
           for e in ("cache-references", "cache-misses", "bus-cycles", "ref-cycles")]
for ok, what in checks:
    print(("ok - " if ok else "FAIL - ") + what)
failed = sum(not ok for ok, _ in checks)
print(f"{len(checks) - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)
