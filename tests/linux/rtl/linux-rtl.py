#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Boot Linux on the CVA6 Verilator model under an SBI firmware (Tally by
default) and follow it instruction by instruction: scripts/linux-rtl.sh is
the command, docs/boards/cva6.md the story.

The model writes the cycle, pc and privilege of every instruction it retires
to trace_hart_0.dasm; here that file is a pipe this script reads (the other
three traces go to /dev/null), so the run costs no disk and every stage is
known to the cycle:
  payload  the first instruction at the payload address;
  line     the kernel's first SBI call: with earlycon=sbi it prints the
           kernel's first line;
  init     the first U-mode instruction (/init's first);
  off      the cycle the model stops at, on the firmware's tohost store.
M-mode cycles are the retire-to-retire gaps that end on an M-mode
instruction (the trap's redirect included, the mret's return not).
"""
import argparse
import bisect
import json
import os
import re
import select
import struct
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
BASE = 0x80000000
PRELOAD = 16 << 20          # the model preloads one section of at most 16 MiB
PAYLOAD_OFFS = {64: 0x200000, 32: 0x400000}   # where fw_jump firmware jumps (Tally, OpenSBI)
PAYLOAD_OFF = PAYLOAD_OFFS[64]   # this run's (main() sets it from --xlen)
BOOTARGS = "earlycon=sbi console=ttyS0,115200 mem=128M panic=-1 printk.devkmsg=on"
MARKERS = ("rtl_mark_counted_begin", "rtl_mark_counted_end",
           "rtl_mark_plain_begin", "rtl_mark_plain_end")


def fail(msg, code=2):
    print(f"linux-rtl: {msg}", file=sys.stderr, flush=True)
    sys.exit(code)


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode:
        fail(f"{' '.join(cmd)} failed:\n{r.stdout}{r.stderr}")
    return r.stdout


def align(v, a):
    return (v + a - 1) & ~(a - 1)


def symbols(elf, nm):
    out = subprocess.run([nm, elf], capture_output=True, text=True).stdout
    return {f[2]: int(f[0], 16) for f in (l.split() for l in out.splitlines()) if len(f) == 3}


# What an M-mode entry was for, from the firmware functions it ran (the
# first kind in this order that any of them matches): Tally's and
# OpenSBI's names. An image without symbols (a raw binary) gets no kinds.
KINDS = (
    ("sbi-pmu", r"ecall_pmu|sbi_pmu_ecall|sbi_ecall_pmu_handler"),
    ("sbi-time", r"ecall_time\w*|sbi_time_ecall|sbi_legacy_set_timer|sbi_ecall_time_handler"),
    ("sbi-other", r"ecall_\w+|sbi_ecall|sbi_\w+_ecall|sbi_legacy_\w+|sbi_ecall_\w*handler"),
    ("misaligned", r"misaligned\w*|sbi_misaligned_\w+"),
    ("rdtime", r"illegal_insn|emulate_counter_read|sbi_illegal_insn_handler|system_opcode_insn"),
    ("ipi", r"ipi_process|sbi_ipi_process"),
    ("timer", r"interrupt|timer_irq|sbi_timer_process"),
)


def text_symbols(elf, nm):
    """(sorted start addresses, their names, kind index or None) of an ELF's code."""
    out = subprocess.run([nm, "-n", elf], capture_output=True, text=True).stdout
    addrs, kinds, names = [], [], []
    pats = [re.compile(f"^(?:{p})$") for _, p in KINDS]
    for f in (l.split() for l in out.splitlines()):
        if len(f) == 3 and f[1] in "tT":
            addrs.append(int(f[0], 16))
            kinds.append(next((i for i, p in enumerate(pats) if p.match(f[2])), None))
            names.append(f[2])
    return addrs, kinds, names


def find_model(arg, xlen=64):
    if arg:
        return arg
    if os.environ.get(f"CVA6_SIM_RV{xlen}"):
        return os.environ[f"CVA6_SIM_RV{xlen}"]
    rtl = os.path.normpath(os.path.join(ROOT, "..", "shared", "rtl", "cva6"))
    names = (("Variane_testharness-cv64a6_imafdc_sv39-fast", "Variane_testharness-cv64a6_imafdc_sv39")
             if xlen == 64 else ("Variane_testharness-cv32a6_imac_sv32",))
    for name in names:
        if os.access(os.path.join(rtl, name), os.X_OK):
            return os.path.join(rtl, name)
    return None


def own_kernel(xlen=64):
    # rv32 has a script of its own: build-kernel.sh's bytes are in the rv64 Image's cache key.
    script = "build-kernel.sh" if xlen == 64 else "build-kernel-rv32.sh"
    out = run([os.path.join(ROOT, "tests", "linux", script)])
    return out.strip().splitlines()[-1]


def own_initrd(work, xlen=64):
    init = os.path.join(work, "rtl-init")
    # The same compiler for both: rtl-init needs no libgcc, so Debian's
    # riscv64 one builds rv32 too (cv32a6 is rv32imac).
    arch = [] if xlen == 64 else ["-march=rv32imac", "-mabi=ilp32"]
    run(["riscv64-linux-gnu-gcc", *arch, "-static", "-nostdlib", "-ffreestanding",
         "-fno-stack-protector", "-mno-relax", "-Wl,--no-relax", "-O2", "-Wall", "-Wextra",
         "-Werror", "-o", init, os.path.join(HERE, "rtl-init.c")])
    cpio = os.path.join(work, "init.cpio")
    run([sys.executable, os.path.join(ROOT, "tests", "linux", "mkcpio.py"), init, cpio])
    return cpio, init


def own_firmware(xlen=64):
    preset = f"cva6-rv{xlen}"
    build = os.path.join(ROOT, "build", preset)
    if not os.path.isfile(os.path.join(build, "CMakeCache.txt")):
        run(["cmake", "--preset", preset], cwd=ROOT)
    run(["cmake", "--build", "--preset", preset, "--target", "tally.elf"], cwd=ROOT)
    return os.path.join(build, "tally.elf")


def firmware_image(path, work, objcopy, nm):
    """A raw image and, from an ELF, the tohost address that ends the run."""
    with open(path, "rb") as f:
        magic = f.read(4)
    if magic != b"\x7fELF":
        return path, None
    raw = os.path.join(work, "firmware.bin")
    run([objcopy, "-O", "binary", path, raw])
    return raw, symbols(path, nm).get("tohost")


def kernel_footprint(image):
    """An rv64 Linux Image's size in memory, bss included (its header's image_size)."""
    with open(image, "rb") as f:
        head = f.read(64)
    if len(head) < 64 or head[56:60] != b"RSC\x05":
        fail(f"{image} is not a RISC-V Linux Image (no RSC\\x05 magic at offset 56): "
             "give arch/riscv/boot/Image, not vmlinux or a compressed kernel")
    return max(struct.unpack_from("<Q", head, 16)[0], os.path.getsize(image))


def make_blob(a, work, fw_bin, kernel, initrd, cc):
    """Lay out firmware, kernel, initrd and tree in the 16 MiB the model preloads."""
    fw_size = os.path.getsize(fw_bin)
    if fw_size > PAYLOAD_OFF:
        fail(f"firmware {fw_bin} is {fw_size} bytes: more than the {PAYLOAD_OFF:#x} below the payload")
    k_mem = kernel_footprint(kernel)
    fw_off = align(PAYLOAD_OFF + os.path.getsize(kernel), 4096)   # kernel bss may take it later
    initrd_off = align(max(fw_off + fw_size, PAYLOAD_OFF + k_mem), 4096)
    initrd_size = os.path.getsize(initrd)
    dtb_off = align(initrd_off + initrd_size, 4096)
    dts = open(a.dts).read()
    for k, v in {"BOOTARGS": a.bootargs, "INITRD_START": hex(BASE + initrd_off),
                 "INITRD_END": hex(BASE + initrd_off + initrd_size), "ISA": a.isa,
                 "MMU": "riscv,sv39" if a.xlen == 64 else "riscv,sv32"}.items():
        dts = dts.replace(f"@{k}@", v)
    open(os.path.join(work, "testharness.dts"), "w").write(dts)
    dtb = os.path.join(work, "testharness.dtb")
    run(["dtc", "-q", "-I", "dts", "-O", "dtb", "-p", "1024", "-o", dtb,
         os.path.join(work, "testharness.dts")])
    end = dtb_off + os.path.getsize(dtb) + 256
    if end > PRELOAD:
        fail(f"firmware, kernel ({os.path.getsize(kernel)} bytes, {k_mem} in memory), initrd "
             f"({initrd_size}) and tree need {end} bytes from {BASE:#x}: the model preloads "
             f"only {PRELOAD} (16 MiB). Use a smaller kernel or initrd.")
    elf = os.path.join(work, "linux-rtl.elf")
    q = lambda p: '"' + p + '"'
    march, mabi = ("rv64imac", "lp64") if a.xlen == 64 else ("rv32imac", "ilp32")
    run([cc, "-nostdlib", "-nostartfiles", f"-march={march}_zicsr_zifencei", f"-mabi={mabi}",
         f"-DKERNEL_OFF={PAYLOAD_OFF:#x}", f"-DFW_OFF={fw_off:#x}",
         f"-DINITRD_OFF={initrd_off:#x}", f"-DDTB_OFF={dtb_off:#x}",
         f"-DKERNEL_BIN={q(os.path.abspath(kernel))}", f"-DFW_BIN={q(os.path.abspath(fw_bin))}",
         f"-DINITRD_BIN={q(os.path.abspath(initrd))}", f"-DDTB_BIN={q(dtb)}",
         "-mno-relax", "-Wl,--no-relax", "-T", os.path.join(HERE, "blob.ld"),
         "-o", elf, os.path.join(HERE, "blob.S")])
    return elf, {"firmware": fw_size, "kernel": os.path.getsize(kernel), "kernel_mem": k_mem,
                 "initrd": initrd_size, "initrd_at": BASE + initrd_off,
                 "dtb_at": BASE + dtb_off, "blob": end}


class Trace:
    """Reads trace_hart_0.dasm as the model writes it."""

    def __init__(self, markers, syms=None, entries=None):
        self.syms = syms             # text_symbols(): the firmware's functions, or None
        self.entries = entries       # a file for one line per M-mode entry, or None
        self.by_kind = {}            # kind -> [cycles, entries, instructions], payload to the end
        self.by_kind_boot = None     # the same, payload to /init
        self.cycle = 0
        self.stage = "firmware"
        self.at = {}                 # stage name -> cycle
        self.m_cycles = 0            # M-mode gaps after the payload's entry
        self.m_entries = 0
        self.m_by_stage = {}
        self.markers = {v: k for k, v in markers.items()}
        self.windows = {}            # marker name -> (cycle, M-mode cycles, entries, by_kind so far)
        self.lines = 0

    def feed(self, f):
        cycle = prev = 0
        prev_mode = "M"
        payload = BASE + PAYLOAD_OFF
        markers = self.markers
        m = 0
        ep_cycles, ep_insns, ep_kind = 0, 0, None   # the M-mode entry under way
        ep_start, ep_funcs = 0, {}                   # its first cycle, instructions by function
        addrs, kinds, names = self.syms or ([], [], [])
        for line in f:
            p = line.split()
            if len(p) < 4:
                continue
            try:
                cycle = int(p[0])
            except ValueError:
                continue
            mode = p[2]
            self.lines += 1
            if mode == "M":
                if self.stage != "firmware":
                    m += cycle - prev
                    ep_cycles += cycle - prev
                    ep_insns += 1
                    if prev_mode != "M":
                        self.m_entries += 1
                        ep_start = prev
                        if "line" not in self.at:
                            self.at["line"] = prev   # its first SBI call: earlycon=sbi
                    if addrs:
                        i = bisect.bisect_right(addrs, int(p[1], 16)) - 1
                        k = kinds[i] if i >= 0 else None
                        if k is not None and (ep_kind is None or k < ep_kind):
                            ep_kind = k
                        if self.entries:
                            fn = names[i] if i >= 0 else "?"
                            ep_funcs[fn] = ep_funcs.get(fn, 0) + 1
            else:
                if ep_cycles:
                    name = KINDS[ep_kind][0] if ep_kind is not None else "other"
                    slot = self.by_kind.setdefault(name, [0, 0, 0])
                    slot[0] += ep_cycles
                    slot[1] += 1
                    slot[2] += ep_insns
                    if self.entries:
                        top = sorted(ep_funcs.items(), key=lambda kv: -kv[1])[:4]
                        self.entries.write(f"{ep_start} {ep_cycles} {ep_insns} {name} {self.stage} " +
                                           " ".join(f"{fn}:{c}" for fn, c in top) + "\n")
                        ep_funcs = {}
                    ep_cycles, ep_insns, ep_kind = 0, 0, None
                if self.stage == "firmware":
                    if int(p[1], 16) == payload:
                        self.stage = "kernel"
                        self.at["payload"] = cycle
                elif mode == "U":
                    if self.stage == "kernel":
                        self.stage = "init"
                        self.at["init"] = cycle
                        self.m_by_stage["kernel"] = m
                        self.m_by_stage["kernel_entries"] = self.m_entries
                        self.by_kind_boot = {k: list(v) for k, v in self.by_kind.items()}
                    if markers:
                        pc = int(p[1], 16)
                        if pc in markers:
                            self.windows.setdefault(markers[pc], (cycle, m, self.m_entries, {
                                k: list(v) for k, v in self.by_kind.items()}))
            prev, prev_mode = cycle, mode
            self.cycle = cycle
            self.m_cycles = m
        if ep_cycles:                  # the run ended in M-mode (the power-off)
            slot = self.by_kind.setdefault(KINDS[ep_kind][0] if ep_kind is not None else "other", [0, 0, 0])
            slot[0] += ep_cycles
            slot[1] += 1
            slot[2] += ep_insns
        self.m_by_stage.setdefault("kernel", m)


def perf_block(console):
    """rtl-init's perf stat lines, as docs/boards/cva6.md quotes them."""
    out, on = [], False
    for line in console:
        if line.startswith(" Performance counter stats"):
            on = True
        elif on and line.startswith("# task switches"):
            break
        if on:
            out.append(line)
    return out


def main():
    ap = argparse.ArgumentParser(description="Boot Linux on the CVA6 model (cv64a6, or cv32a6) under an "
                                 "SBI firmware and count every stage's cycles.")
    ap.add_argument("--kernel", help="a Linux Image of the model's XLEN (default: the project's "
                    "6.1, tests/linux/build-kernel.sh or, rv32, build-kernel-rv32.sh)")
    ap.add_argument("--initrd", help="a cpio initramfs (default: rtl-init, perf stat on CVA6, "
                    "built for the model's XLEN)")
    ap.add_argument("--init-elf", help="the ELF of --initrd's /init, for its rtl_mark_* symbols: "
                    "the task-switch windows (rtl-init built by hand)")
    ap.add_argument("--firmware", help="a fw_jump-style firmware linked at 0x80000000, "
                    "ELF or raw (default: Tally's cva6-rv64 tally.elf, cva6-rv32 on cv32a6)")
    ap.add_argument("--model", help="the cv64a6 testharness, or a cv32a6 one for rv32 "
                    "(default: $CVA6_SIM_RV64, with --xlen 32 $CVA6_SIM_RV32, "
                    "else ../shared/rtl/cva6, the -fast model first)")
    ap.add_argument("--max-cycles", type=int, default=400_000_000,
                    help="end the run here (default 400,000,000: about 8 hours)")
    ap.add_argument("--bootargs", default=BOOTARGS, help=f"default: {BOOTARGS}")
    ap.add_argument("--until", choices=("off", "line", "init"), default="off",
                    help="stop at this stage: 'line' is the CI smoke test")
    ap.add_argument("--lines", type=int, default=3,
                    help="with --until line: console lines of the kernel to wait for")
    ap.add_argument("--dts", default=os.path.join(HERE, "testharness.dts.in"),
                    help="the tree's source, with @BOOTARGS@, @INITRD_START@, @INITRD_END@, "
                    "@ISA@ and @MMU@ to fill in (default: the testharness's)")
    ap.add_argument("--xlen", type=int, choices=(32, 64),
                    help="64 (cv64a6) or 32 (cv32a6): default from --model's name, else 64")
    ap.add_argument("--isa", help="the tree's riscv,isa (default: rv64imafdch for a model "
                    "built with H, cv64a6_imafdch, else rv64imafdc)")
    ap.add_argument("--image-only", metavar="OUT",
                    help="build the one image, write it to OUT (.elf: as the model loads it; "
                    "else raw, for an SD card's first partition) and stop")
    ap.add_argument("--entries", help="write one line per M-mode entry after the payload's here: "
                    "first cycle, cycles, instructions, kind, stage, the functions that ran most")
    ap.add_argument("--json", help="write the figures here")
    ap.add_argument("--log", help="write the console here")
    ap.add_argument("--quiet", action="store_true", help="no console, progress only")
    ap.add_argument("--keep", action="store_true", help="keep the scratch folder")
    a = ap.parse_args()

    global PAYLOAD_OFF
    if not a.xlen:
        a.xlen = 32 if a.model and "cv32a6" in os.path.basename(a.model) else 64
    PAYLOAD_OFF = PAYLOAD_OFFS[a.xlen]
    model = find_model(a.model, a.xlen)
    if not a.image_only and (not model or not os.access(model, os.X_OK)):
        fail(f"no CVA6 model: {model or 'none found'} (give --model, or set CVA6_SIM_RV{a.xlen}; "
             "../shared/rtl/cva6 has Variane_testharness-cv64a6_imafdc_sv39[-fast])", 77)
    # Linux offers KVM only where the tree names H; the model's name says whether it has it.
    if not a.isa:
        a.isa = ("rv32imac" if a.xlen == 32 else
                 "rv64imafdch" if model and "imafdch" in os.path.basename(model) else "rv64imafdc")
    for f in (a.kernel, a.initrd, a.firmware, a.init_elf):
        if f and not os.path.isfile(f):
            fail(f"{f}: no such file")
    cc = "riscv64-unknown-elf-gcc"
    objcopy, nm = "riscv64-unknown-elf-objcopy", "riscv64-unknown-elf-nm"
    work = tempfile.mkdtemp(prefix="linux-rtl.")
    t_build = time.time()
    kernel = a.kernel or own_kernel(a.xlen)
    init_elf = a.init_elf
    if a.initrd:
        initrd = a.initrd
    else:
        initrd, init_elf = own_initrd(work, a.xlen)
    fw = a.firmware or own_firmware(a.xlen)
    fw_bin, tohost = firmware_image(fw, work, objcopy, nm)
    elf, layout = make_blob(a, work, fw_bin, kernel, initrd, cc)
    if a.image_only:
        if a.image_only.endswith(".elf"):
            run(["cp", elf, a.image_only])
        else:
            run([objcopy, "-O", "binary", elf, a.image_only])
        print(f"linux-rtl: {a.image_only}: firmware at {BASE:#x}, kernel at "
              f"{BASE + PAYLOAD_OFF:#x}, initrd at {layout['initrd_at']:#x}, tree at "
              f"{layout['dtb_at']:#x}; {layout['blob']} bytes")
        return 0
    markers = {}
    if init_elf:
        syms = symbols(init_elf, "riscv64-linux-gnu-nm")
        markers = {k: syms[k] for k in MARKERS if k in syms}
    print(f"linux-rtl: model {model}\nlinux-rtl: firmware {fw}, kernel {kernel}, initrd {initrd}"
          f"\nlinux-rtl: one image of {layout['blob']} bytes ({elf}); tree at "
          f"{layout['dtb_at']:#x}, initrd at {layout['initrd_at']:#x}; "
          f"{'ends on tohost at %#x' % tohost if tohost else 'no tohost: the run ends at the power-off line or --max-cycles'}",
          flush=True)

    run_dir = os.path.join(work, "run")
    os.mkdir(run_dir)
    for t in ("trace_rvfi_hart_00.dasm", "iti.traces", "encaps.traces"):
        os.symlink("/dev/null", os.path.join(run_dir, t))
    fifo = os.path.join(run_dir, "trace_hart_0.dasm")
    os.mkfifo(fifo)
    cmd = ["stdbuf", "-o0", model, f"+time_out={a.max_cycles}", elf]
    if tohost:
        cmd.append(f"+tohost_addr={tohost:#x}")
    t0 = time.time()
    proc = subprocess.Popen(cmd, cwd=run_dir, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT)
    syms = text_symbols(fw, nm) if fw_bin != fw else None   # an ELF: its functions name the entries
    trace = Trace(markers, syms if syms and syms[0] else None,
                  open(a.entries, "w") if a.entries else None)

    def reader():
        with open(fifo, "r", buffering=1 << 20) as f:
            try:
                trace.feed(f)
            except Exception as e:   # keep draining: a full pipe would stop the model
                print(f"linux-rtl: trace reader: {e!r}", file=sys.stderr, flush=True)
                for _ in f:
                    pass
    th = threading.Thread(target=reader, daemon=True)
    th.start()

    log = open(a.log, "w") if a.log else None
    console = []
    last = [0.0]
    verdict = None
    kernel_lines = 0
    seen_payload = False

    def progress(final=False):
        now = time.time()
        if not final and now - last[0] < 30:
            return
        last[0] = now
        rate = trace.cycle / max(now - t0, 1e-9)
        print(f"[linux-rtl] {trace.cycle:,} cycles, {rate / 1000:.1f} k cycles/s, "
              f"{now - t0:.0f} s, stage {trace.stage}", flush=True)

    buf = b""
    fd = proc.stdout.fileno()
    while True:
        ready, _, _ = select.select([fd], [], [], 1.0)
        chunk = os.read(fd, 4096) if ready else None
        if chunk == b"":
            break
        buf += chunk or b""
        while b"\n" in buf:
            raw, buf = buf.split(b"\n", 1)
            line = raw.decode("utf-8", "replace").rstrip("\r")
            console.append(line)
            if log:
                log.write(line + "\n")
                log.flush()
            if not a.quiet:
                print(line, flush=True)
            if "Linux version" in line:
                seen_payload = True
            if seen_payload:
                kernel_lines += 1
            m = re.match(r"^(\d+) passed, (\d+) failed$", line)
            if m:
                verdict = (int(m.group(1)), int(m.group(2)))
            if "Kernel panic" in line:
                verdict = verdict or (0, 1)
        progress()
        if a.until == "line" and kernel_lines >= a.lines and "line" in trace.at:
            break
        if a.until == "init" and "init" in trace.at:
            break
        if not tohost and any("reboot: Power down" in l for l in console[-3:]):
            time.sleep(2)
            break
        if any("Kernel panic" in l for l in console[-3:]):
            time.sleep(2)
            break
    if proc.poll() is None:
        proc.kill()
    proc.wait()
    th.join(timeout=60)
    wall = time.time() - t0
    progress(final=True)
    stopped = trace.cycle
    ended = re.search(r"(SUCCESS|FAILED).*?(\d+) cycles", "\n".join(console[-5:]))
    model_rc = proc.returncode

    fig = {"firmware": os.path.basename(fw), "kernel": os.path.basename(kernel),
           "wall_s": round(wall), "build_s": round(t0 - t_build), "layout": layout,
           "stages": dict(trace.at), "m_cycles": trace.m_cycles,
           "m_entries": trace.m_entries, "verdict": verdict, "bootargs": a.bootargs,
           # the tracer's line: the run ended on the firmware's store to tohost
           # (the model says SUCCESS on a SIGTERM too)
           "powered_off": bool(ended and ended.group(1) == "SUCCESS" and model_rc == 0 and
                               any("Simulation terminated after" in l for l in console[-8:]))}
    fig["stages"]["stop"] = stopped
    if "init" in trace.at and "payload" in trace.at:
        boot = trace.at["init"] - trace.at["payload"]
        fig["boot_m_cycles"] = trace.m_by_stage["kernel"]
        fig["boot_m_share"] = round(100.0 * trace.m_by_stage["kernel"] / boot, 2)
        fig["boot_m_entries"] = trace.m_by_stage["kernel_entries"]
        if trace.syms and trace.by_kind_boot is not None:
            fig["boot_m_by_kind"] = trace.by_kind_boot
    if trace.syms:
        fig["m_by_kind"] = trace.by_kind
    w = trace.windows
    if all(k in w for k in MARKERS):
        switches = 80
        counted = w["rtl_mark_counted_end"][1] - w["rtl_mark_counted_begin"][1]
        plain = w["rtl_mark_plain_end"][1] - w["rtl_mark_plain_begin"][1]
        fig["switch"] = {
            "switches": switches,
            "m_per_switch_counted": round(counted / switches, 1),
            "m_per_switch_plain": round(plain / switches, 1),
            "cycles_per_switch_counted": round((w["rtl_mark_counted_end"][0] -
                                                w["rtl_mark_counted_begin"][0]) / switches, 1),
            "cycles_per_switch_plain": round((w["rtl_mark_plain_end"][0] -
                                              w["rtl_mark_plain_begin"][0]) / switches, 1),
            "m_entries_counted": w["rtl_mark_counted_end"][2] - w["rtl_mark_counted_begin"][2],
            "m_entries_plain": w["rtl_mark_plain_end"][2] - w["rtl_mark_plain_begin"][2]}
        if trace.syms:
            # What the switches' M-mode cycles were for: [cycles, entries, instructions] per switch.
            for k in ("counted", "plain"):
                b, e = w[f"rtl_mark_{k}_begin"][3], w[f"rtl_mark_{k}_end"][3]
                fig["switch"][f"m_by_kind_{k}"] = {
                    kind: [round((v[0] - b.get(kind, [0, 0, 0])[0]) / switches, 1),
                           round((v[1] - b.get(kind, [0, 0, 0])[1]) / switches, 2),
                           round((v[2] - b.get(kind, [0, 0, 0])[2]) / switches, 1)]
                    for kind, v in sorted(e.items()) if v[1] > b.get(kind, [0, 0, 0])[1]}
    fig["perf"] = perf_block(console)
    # What the kernel said of misaligned accesses: 6.12's speed probe, which
    # on CVA6 runs through the firmware's emulation.
    fig["misaligned_lines"] = [l.strip() for l in console if "naligned access" in l][:4]
    if a.json:
        json.dump(fig, open(a.json, "w"), indent=1, sort_keys=True)
    if not a.keep:
        subprocess.run(["rm", "-rf", work])

    s = fig["stages"]
    parts = [f"{k} {s[k]:,}" for k in ("payload", "line", "init") if k in s]
    share = f", M-mode {fig['boot_m_share']}% of payload..init" if "boot_m_share" in fig else ""
    sw = ""
    if "switch" in fig:
        sw = (f", M-mode per task switch {fig['switch']['m_per_switch_counted']} cycles counted, "
              f"{fig['switch']['m_per_switch_plain']} plain")
    end = (f"power-off {stopped:,}" if fig["powered_off"] else
           f"no power-off, stopped at {stopped:,}")
    print(f"linux-rtl: cycles to {', '.join(parts) or 'no stage'}, {end}"
          f"{share}{sw}; {wall:.0f} s", flush=True)
    if "boot_m_by_kind" in fig:
        kinds = sorted(fig["boot_m_by_kind"].items(), key=lambda kv: -kv[1][0])
        print("linux-rtl: M-mode from payload to /init by what it was for: " +
              ", ".join(f"{k} {c:,} cycles in {n:,} ({i:,} instructions)" for k, (c, n, i) in kinds),
              flush=True)
    for k in ("counted", "plain"):
        kinds = fig.get("switch", {}).get(f"m_by_kind_{k}")
        if kinds:
            print(f"linux-rtl: M-mode per task switch ({k}) by what it was for: " +
                  ", ".join(f"{kind} {c} cycles in {n} entries ({i} instructions)" for kind, (c, n, i) in
                            sorted(kinds.items(), key=lambda kv: -kv[1][0])), flush=True)

    if a.until == "line":
        if kernel_lines >= a.lines:
            print(f"linux-rtl: OK, the kernel's first {a.lines} lines by {stopped:,} cycles, the first at {s.get('line', 0):,} cycles")
            return 0
        tail = "\n".join(console[-10:])
        fail(f"the kernel printed {kernel_lines} lines by {stopped:,} cycles "
             f"(stage {trace.stage}); last console lines:\n{tail}", 1)
    if a.until == "init":
        if "init" in s:
            return 0
        fail(f"no /init by {stopped:,} cycles (stage {trace.stage})", 1)
    tail = "\n".join(console[-12:])
    if any("Kernel panic" in l for l in console):
        fail(f"kernel panic at stage {trace.stage}; last console lines:\n{tail}", 1)
    if verdict is None:
        fail(f"no verdict from /init by {stopped:,} cycles (stage {trace.stage}, --max-cycles "
             f"{a.max_cycles:,}); last console lines:\n{tail}", 1)
    if verdict[1] or not verdict[0]:
        fail(f"/init: {verdict[0]} passed, {verdict[1]} failed", 1)
    if not fig["powered_off"]:
        fail(f"/init passed, but the model did not end on the firmware's power-off (SRST): "
             f"exit {model_rc}", 1)
    print("linux-rtl: OK, powered off through SRST after /init's checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
