#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Fail the build if any code in the firmware touches t2..t6.

The t2..t6 rule (src/arch/entry.S): the ecall fast path does not save
them, which holds only if libgcc and picolibc code, built without
-ffixed-t2 ... -ffixed-t6, does not use them either. This reads every
instruction of the image and allows t2..t6 only in entry.S's slow_path
and its register tables (write_table, read_table: the fast paths write rd
or read rs2, which may be t2..t6, the payload's own values).

    check-fixed-regs.py OBJDUMP tally.elf
"""
import re
import subprocess
import sys

FIXED = {"t2", "t3", "t4", "t5", "t6", "x7", "x28", "x29", "x30", "x31"}
# Assembly that saves and restores all registers by design, and the lower
# mode's registers read and written by number (entry.S).
ALLOWED = {"slow_path", "write_table", "read_table"}

objdump, elf = sys.argv[1], sys.argv[2]
out = subprocess.run([objdump, "-d", "--no-show-raw-insn", elf],
                     capture_output=True, text=True, check=True).stdout
func, bad = None, []
for line in out.splitlines():
    m = re.match(r"^[0-9a-f]+ <(.+)>:$", line)
    if m:
        func = m.group(1)
        continue
    m = re.match(r"^\s+([0-9a-f]+):\s+(\S+)\s*(.*)$", line)
    if not m or func in ALLOWED:
        continue
    operands = re.split(r"[,()\s]+", m.group(3).split("#")[0].split("<")[0])
    if FIXED & set(operands):
        bad.append(f"  {m.group(1)} <{func}>: {m.group(2)} {m.group(3)}")
if bad:
    print("code that uses t2..t6, which the ecall fast path does not save "
          "(src/arch/entry.S; provide it in src/ compiled with the firmware's flags):")
    print("\n".join(bad[:40]))
    sys.exit(1)
