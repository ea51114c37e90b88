#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""linux-rtl.py against fake-model.py: the stages, the M-mode sums and the
verdicts it reports, and its messages for bad input, in seconds and without
the CVA6 model (the model's own run is the linux-rtl-earlycon test)."""
import json
import os
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOOL = os.path.join(HERE, "linux-rtl.py")
FAKE = os.path.join(HERE, "fake-model.py")
failed = checks = 0


def check(ok, what):
    global failed, checks
    checks += 1
    print(("ok - " if ok else "FAIL - ") + what, flush=True)
    failed += not ok


def image(path, mem):
    """A file that passes for an rv64 Image: the header's image_size and magic."""
    head = bytearray(4096)
    struct.pack_into("<QQ", head, 8, 0x200000, mem)
    head[48:56] = b"RISCV\0\0\0"
    head[56:60] = b"RSC\x05"
    open(path, "wb").write(head)


def elf_head(out, name):
    """The first 20 bytes of a file the tool left in its kept scratch folder
    (named on its "one image of ... (ELF)" line), which it then removes."""
    lines = [l for l in out.splitlines() if "one image of" in l]
    if not lines:
        return b""
    folder = os.path.dirname(lines[0].split("(")[1].split(")")[0])
    path = os.path.join(folder, name)
    head = open(path, "rb").read(20) if os.path.exists(path) else b""
    subprocess.run(["rm", "-rf", folder])
    return head


def tool(work, scenario, *extra, model=FAKE):
    js = os.path.join(work, scenario + ".json")
    env = dict(os.environ, FAKE_SCENARIO=scenario)
    r = subprocess.run([sys.executable, TOOL, "--model", model, "--kernel", work + "/Image",
                        "--initrd", work + "/initrd", "--firmware", work + "/fw.elf",
                        "--max-cycles", "50000", "--json", js, *extra],
                       capture_output=True, text=True, env=env, timeout=120)
    fig = json.load(open(js)) if os.path.exists(js) else None
    return r.returncode, r.stdout + r.stderr, fig


def main():
    work = tempfile.mkdtemp(prefix="test-linux-rtl.")
    image(work + "/Image", 0x10000)
    open(work + "/initrd", "wb").write(b"\0" * 512)
    # A firmware ELF with a tohost symbol, as Tally's: the run ends on its store there.
    # Its functions name what each M-mode entry of the fake was for: the
    # first (0x800) an SBI PMU call, the second (0x900) the timer, the power-off SRST.
    open(work + "/fw.S", "w").write(".text\n.globl _start\n_start: j _start\n"
                                    ".org 0x7f0\ntrap_entry: nop\n"
                                    ".org 0x800\necall_pmu: nop\n"
                                    ".org 0x900\ninterrupt: nop\n"
                                    ".org 0xa00\nsbi_srst_ecall: nop\n"
                                    ".org 0xb00\nillegal_insn: nop\n"
                                    ".data\n.globl tohost\ntohost: .dword 0\n")
    subprocess.run(["riscv64-unknown-elf-gcc", "-nostdlib", "-march=rv64imac", "-mabi=lp64",
                    "-Wl,-Ttext=0x80000000", "-o", work + "/fw.elf", work + "/fw.S"], check=True)

    rc, out, fig = tool(work, "ok")
    s = (fig or {}).get("stages", {})
    check(rc == 0 and "powered off through SRST" in out, f"a boot that passes and powers off: exit 0 (got {rc})")
    check(s.get("payload") == 1000 and s.get("line") == 1990 and s.get("init") == 4000 and s.get("stop") == 4100,
          f"stages: payload 1000, first SBI call 1990, /init 4000, stop 4100 (got {s})")
    check(fig and fig["boot_m_cycles"] == 170 and fig["boot_m_share"] == 5.67,
          f"M-mode from payload to /init: 170 cycles, 5.67 % of 3000 (got {fig and fig.get('boot_m_cycles')}, {fig and fig.get('boot_m_share')})")
    check(fig and fig["m_cycles"] == 270 and fig["m_entries"] == 3,
          f"M-mode to the end: 270 cycles in 3 entries (got {fig and fig['m_cycles']}, {fig and fig['m_entries']})")
    check("linux-rtl: cycles to payload 1,000, line 1,990, init 4,000, power-off 4,100" in out,
          "the summary line gives every stage")
    check(fig and fig.get("boot_m_by_kind") == {"sbi-pmu": [110, 1, 10], "timer": [60, 1, 5]} and
          fig.get("m_by_kind") == {"sbi-pmu": [110, 1, 10], "timer": [60, 1, 5], "sbi-other": [100, 1, 10]},
          f"M-mode by what it ran, [cycles, entries, instructions]: to /init an SBI PMU call "
          f"(110, 10 instructions) and the timer (60, 5), then SRST (100, 10) "
          f"(got {fig and fig.get('boot_m_by_kind')}, {fig and fig.get('m_by_kind')})")
    check("by what it was for: sbi-pmu 110 cycles in 1 (10 instructions), timer 60 cycles in 1 (5 instructions)" in out,
          "the breakdown's line")

    # /init's task-switch windows (--init-elf gives their markers), and what
    # their M-mode cycles were for, per switch (80 a window).
    open(work + "/init.S", "w").write(".text\n.globl _start\n_start: j _start\n"
                                      + "".join(f".org {o:#x}\n.globl rtl_mark_{n}\nrtl_mark_{n}: nop\n"
                                                for o, n in ((0x100, "counted_begin"), (0x200, "counted_end"),
                                                             (0x300, "plain_begin"), (0x400, "plain_end"))))
    subprocess.run(["riscv64-unknown-elf-gcc", "-nostdlib", "-march=rv64imac", "-mabi=lp64",
                    "-Wl,-Ttext=0x10000", "-o", work + "/init.elf", work + "/init.S"], check=True)
    rc, out, fig = tool(work, "switch", "--init-elf", work + "/init.elf")
    sw = (fig or {}).get("switch", {})
    check(rc == 0 and sw.get("m_per_switch_counted") == 1.5 and sw.get("m_per_switch_plain") == 0.5
          and sw.get("m_entries_counted") == 2 and sw.get("m_entries_plain") == 1,
          f"task switches: 120 and 40 M-mode cycles in 2 and 1 entries over 80 switches (got {rc}, {sw})")
    check(sw.get("m_by_kind_counted") == {"sbi-pmu": [1.0, 0.01, 0.1], "timer": [0.5, 0.01, 0.1]} and
          sw.get("m_by_kind_plain") == {"rdtime": [0.5, 0.01, 0.1]},
          f"per switch by what it ran: counted an SBI PMU call and a tick, plain an rdtime (got {sw})")
    check("M-mode per task switch (counted) by what it was for: sbi-pmu 1.0 cycles in 0.01 entries "
          "(0.1 instructions), timer 0.5 cycles in 0.01 entries (0.1 instructions)" in out, "the per-switch breakdown's line")

    rc, out, _ = tool(work, "ok", "--entries", work + "/entries")
    lines = open(work + "/entries").read().splitlines() if os.path.exists(work + "/entries") else []
    check(rc == 0 and lines == ["1990 110 10 sbi-pmu kernel ecall_pmu:10", "2990 60 5 timer kernel interrupt:5"],
          f"--entries: one line per M-mode entry, its first cycle, cycles, instructions, kind, "
          f"stage and functions (got {lines})")

    rc, out, _ = tool(work, "fail")
    check(rc == 1 and "2 passed, 1 failed" in out, f"/init's failed check: exit 1 even though SRST ended the run (got {rc})")
    rc, out, _ = tool(work, "panic")
    check(rc == 1 and "kernel panic at stage kernel" in out and "Unable to mount root fs" in out,
          f"a kernel panic: exit 1, the stage and the last console lines (got {rc})")
    rc, out, _ = tool(work, "timeout")
    check(rc == 1 and "no verdict from /init by 50,000 cycles (stage kernel" in out
          and "Machine model: fake" in out, f"past --max-cycles: exit 1, the stage and the last lines (got {rc})")
    rc, out, _ = tool(work, "nosrst")
    check(rc == 1 and "did not end on the firmware's power-off" in out and "no power-off, stopped at 50,000" in out,
          f"/init passed but no SRST power-off: exit 1 (got {rc})")
    rc, out, _ = tool(work, "sigterm")
    check(rc == 1 and "no power-off" in out,
          f"a model stopped by a signal says SUCCESS, but that is no power-off: exit 1 (got {rc})")
    rc, out, _ = tool(work, "ok", "--until", "line", "--lines", "2")
    check(rc == 0 and "the first at 1,990 cycles" in out, f"--until line: the earlycon smoke's pass (got {rc})")

    # rv32: a model named cv32a6 (the fake, under that name), a 32-bit firmware
    # ELF; the payload at 0x80400000, the tree's ISA rv32imac and Sv32.
    fake32 = work + "/Variane_testharness-cv32a6_imac_sv32"
    subprocess.run(["cp", FAKE, fake32], check=True)
    subprocess.run(["riscv64-unknown-elf-gcc", "-nostdlib", "-march=rv32imac", "-mabi=ilp32",
                    "-Wl,-Ttext=0x80000000", "-o", work + "/fw32.elf", work + "/fw.S"], check=True)
    js = work + "/rv32.json"
    r = subprocess.run([sys.executable, TOOL, "--model", fake32, "--kernel", work + "/Image",
                        "--initrd", work + "/initrd", "--firmware", work + "/fw32.elf",
                        "--max-cycles", "50000", "--json", js, "--keep"],
                       capture_output=True, text=True, env=dict(os.environ, FAKE_SCENARIO="ok"), timeout=120)
    fig = json.load(open(js)) if os.path.exists(js) else {}
    check(r.returncode == 0 and fig.get("stages", {}).get("payload") == 1000,
          f"rv32 on a cv32a6 model: the payload entered at 0x80400000, exit 0 (got {r.returncode}, {fig.get('stages')})")
    dts = [l for l in r.stdout.splitlines() if "one image of" in l]
    tree = ""
    if dts:
        elf = dts[0].split("(")[1].split(")")[0]
        tree = open(os.path.join(os.path.dirname(elf), "testharness.dts")).read()
        subprocess.run(["rm", "-rf", os.path.dirname(elf)])
    check('riscv,isa = "rv32imac"' in tree and 'mmu-type = "riscv,sv32"' in tree,
          "rv32: the tree names rv32imac and Sv32")

    # rv32 with no --initrd: the tool builds rtl-init for rv32imac (the
    # fake refuses a 64-bit image on cv32a6).
    r = subprocess.run([sys.executable, TOOL, "--model", fake32, "--kernel", work + "/Image",
                        "--firmware", work + "/fw32.elf", "--max-cycles", "50000", "--keep"],
                       capture_output=True, text=True, env=dict(os.environ, FAKE_SCENARIO="ok"), timeout=300)
    init = elf_head(r.stdout, "rtl-init")
    ok = r.returncode == 0 and init[4:5] == b"\x01" and init[18:20] == b"\xf3\x00"
    check(ok, "rv32: rtl-init built as a 32-bit RISC-V ELF, the boot passes" +
          ("" if ok else f" (got {r.returncode}, {init!r}: {(r.stdout + r.stderr).strip()[-300:]})"))

    # rv32 with no --kernel: build-kernel-rv32.sh's Image, from a cache entry
    # of its own. A tar that fails stops each build script just after it made
    # its cache folder, which names its key; an Image planted in the rv32
    # one is what the tool must boot.
    if os.path.exists("/usr/src/linux-source-6.1.tar.xz"):
        cache, fakebin = work + "/cache", work + "/bin"
        os.makedirs(fakebin)
        open(fakebin + "/tar", "w").write("#!/bin/sh\nexit 1\n")
        os.chmod(fakebin + "/tar", 0o755)
        env = dict(os.environ, TALLY_CACHE=cache, PATH=fakebin + ":" + os.environ["PATH"])
        keys = []
        for script in ("build-kernel.sh", "build-kernel-rv32.sh"):
            before = set(os.listdir(cache)) if os.path.isdir(cache) else set()
            subprocess.run([os.path.join(HERE, "..", script)], env=env, capture_output=True, timeout=120)
            keys.append(sorted(set(os.listdir(cache)) - before) if os.path.isdir(cache) else [])
        check(len(keys[0]) == 1 and len(keys[1]) == 1,
              f"rv64 and rv32 kernels: two cache keys, not one (got {keys})")
        if len(keys[1]) == 1:
            image(os.path.join(cache, keys[1][0], "Image"), 0x10000)
            js = work + "/rv32-own.json"
            r = subprocess.run([sys.executable, TOOL, "--model", fake32, "--firmware", work + "/fw32.elf",
                                "--max-cycles", "50000", "--json", js],
                               capture_output=True, text=True, timeout=300,
                               env=dict(env, FAKE_SCENARIO="ok"))   # a wrong script fails at tar
            ok = r.returncode == 0 and f"kernel {cache}/{keys[1][0]}/Image," in r.stdout
            check(ok, "rv32 with no --kernel: the rv32 build's Image is booted" +
                  ("" if ok else f" (got {r.returncode}: {(r.stdout + r.stderr).strip()[-300:]})"))
    else:
        print("ok - # skip rv32 kernel cache: no /usr/src/linux-source-6.1.tar.xz")

    image(work + "/Image", 20 << 20)
    rc, out, _ = tool(work, "ok")
    check(rc == 2 and "the model preloads only 16777216 (16 MiB)" in out,
          f"a kernel too big for the preload: exit 2 and why (got {rc}: {out.strip()[-200:]})")
    open(work + "/Image", "wb").write(b"\x7fELF" + b"\0" * 100)
    rc, out, _ = tool(work, "ok")
    check(rc == 2 and "not a RISC-V Linux Image" in out, f"a vmlinux given as --kernel: exit 2 and why (got {rc})")
    image(work + "/Image", 0x10000)
    rc, out, _ = tool(work, "ok", model=work + "/no-such-model")
    check(rc == 77 and "no CVA6 model" in out, f"a missing model: exit 77 and where to find one (got {rc})")

    subprocess.run(["rm", "-rf", work])
    print(f"{checks - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
