#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""A stand-in for the CVA6 testharness that linux-rtl.py cannot tell from the
model: same arguments, the console on stdout, trace_hart_0.dasm written in
the current folder, the model's last lines. It plays one boot that
FAKE_SCENARIO names, with cycles test-linux-rtl.py knows, so the driver's
stages, M-mode sums and verdicts are checked in seconds:
  ok       firmware, payload entry, two SBI calls, /init, "3 passed", SRST;
  fail     /init reports a failed check, then SRST (the model says SUCCESS);
  panic    the kernel panics before /init;
  timeout  the kernel runs until +time_out;
  nosrst   /init passes, then nothing ends the run but +time_out.
  sigterm  /init passes, then the model is stopped by a signal: it says
           SUCCESS and exits 0, but no store to tohost ended it;
  switch   as ok, with /init's task-switch windows (rtl_mark_* at 0x10100,
           0x10200, 0x10300, 0x10400): an SBI PMU call (80 cycles) and a
           tick (40) in the counted one, an rdtime (40) in the plain one.
"""
import os
import sys

scenario = os.environ.get("FAKE_SCENARIO", "ok")
time_out = next(int(a.split("=")[1]) for a in sys.argv if a.startswith("+time_out="))
elf = next(a for a in sys.argv[1:] if not a.startswith("+"))
trace = open("trace_hart_0.dasm", "w")
# cv32a6's fw_jump payload sits at 0x80400000 (4 MiB: an Sv32 megapage)
payload = 0x80400000 if "cv32a6" in os.path.basename(sys.argv[0]) else 0x80200000
# The model takes an ELF of its own XLEN only.
with open(elf, "rb") as f:
    if f.read(5)[4] != (1 if payload == 0x80400000 else 2):
        sys.stdout.write(f"fake-model: {elf} is not a {32 if payload == 0x80400000 else 64}-bit ELF\n")
        sys.exit(3)


def t(cycle, pc, mode):
    trace.write(f"{cycle:>20} {pc:#x} {mode} (0x00000013) DASM(00000013)\n")


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def end(cycle, code):
    trace.close()
    if code is None:
        say(f"{elf} *** FAILED *** (tohost = 2147483647) after {time_out} cycles")
        sys.exit(255)
    say(f"*** [rvfi_tracer] INFO: Simulation terminated after {cycle} cycles!")
    word = "SUCCESS" if code == 0 else "FAILED"
    say(f"{elf} *** {word} *** (tohost = {code}) after {cycle} cycles")
    sys.exit(code)


# The firmware: M-mode only, not counted as the boot's M-mode.
for c in range(100, 1000, 10):
    t(c, 0x80000000 + c, "M")
say("Tally (fake)")
# The payload's first instruction at 1000, then S-mode to 2000.
for c in range(1000, 2000, 10):
    t(c, payload + c - 1000, "S")
# First SBI call: M-mode retires at 2010..2100 (10 gaps of 10: 100 cycles).
for c in range(2010, 2110, 10):
    t(c, 0x80000800, "M")
say("Linux version 6.1 (fake)")
say("Machine model: fake")
for c in range(2110, 3000, 10):
    t(c, 0xffffffff80001000, "S")
if scenario == "panic":
    say("Kernel panic - not syncing: VFS: Unable to mount root fs")
    end(3000, None)
if scenario == "timeout":
    t(time_out, 0xffffffff80001000, "S")
    end(time_out, None)
# A second M-mode episode of 50 cycles (5 gaps), then /init at 4000.
for c in range(3010, 3060, 10):
    t(c, 0x80000900, "M")
for c in range(3060, 4000, 10):
    t(c, 0xffffffff80002000, "S")
say("Run /init as init process")
t(4000, 0x10000, "U")
say("rtl-init: fake")
if scenario == "switch":
    t(4010, 0x10100, "U")
    for c in range(4020, 4100, 10):
        t(c, 0x80000800, "M")
    t(4100, 0x10180, "U")
    for c in range(4110, 4150, 10):
        t(c, 0x80000900, "M")
    t(4150, 0x10200, "U")
    t(4160, 0x10300, "U")
    for c in range(4170, 4210, 10):
        t(c, 0x80000b00, "M")
    t(4210, 0x10400, "U")
if scenario == "fail":
    say("2 passed, 1 failed")
else:
    say("3 passed, 0 failed")
say("reboot: Power down")
if scenario == "sigterm":
    trace.close()
    say(f"{elf} *** SUCCESS *** (tohost = 0) after 4100 cycles")
    sys.exit(0)
if scenario == "nosrst":
    t(time_out, 0xffffffff80003000, "S")
    end(time_out, None)
base = 4200 if scenario == "switch" else 4000
for c in range(base + 10, base + 110, 10):
    t(c, 0x80000a00, "M")
end(base + 110, 0)   # SRST ends the run the same way whatever /init said
