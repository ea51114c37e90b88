#!/usr/bin/env python3
"""Boot Linux on Tally under QEMU and print what the PMU counts, perf-stat style.

    scripts/linux-stat.py [options] WORKLOAD ARG [WORKLOAD ARG ...]

Workloads (built into a libc-free /init, tests/linux/stat-init.c, chosen
on the kernel command line, so the init is built once):

    spin N        N turns of a 4-instruction loop
    pages N       map N fresh pages, write and read one byte in each (page faults, TLB misses)
    syscalls N    N getpid() calls
    sleep MS      nanosleep for MS milliseconds (Linux programs its timer: SBI set_timer)
    misaligned N  N misaligned 8-byte loads
    rdtime N      N reads of the time CSR from U-mode

Options:
    --preset P     qemu-virt-rv64 (default) or cva6-rv64 (its QEMU stand-in, six hpm counters)
    --build DIR    a configured, built build directory instead (not rebuilt)
    --harts N      harts (default 1)
    --sscofpmf     give the CPU Sscofpmf (qemu-virt-rv64 only)
    --task         count only the workload's task (perf stat's default) instead of every CPU
                   (perf stat -a, this tool's default: firmware events mostly happen outside it)
    --no-icount    QEMU without -icount: counters follow the host's clock, counts vary
    --sstc         keep Sstc in the CPU (Linux then sets its timer without the firmware)
    --log FILE     where the console goes (default BUILD/linux-stat/console.log)
    --timeout S    give up on QEMU after S seconds (default 300)
    --quiet-notes  no notes after the counts

Builds (or reuses) the preset's firmware, the kernel (tests/linux/build-kernel.sh,
cached in ${TALLY_CACHE:-~/.cache/tally}; the first build takes 10+ minutes)
and the init; boots; prints one block per workload; exits 0 when Linux ran
every workload and powered off, else 1 with the reason.
"""
import argparse
import os
import re
import subprocess
import shlex
import sys
import textwrap

ROOT = os.path.realpath(os.path.join(os.path.dirname(__file__), ".."))
LINUX = os.path.join(ROOT, "tests", "linux")
WORKLOADS = ("spin", "pages", "syscalls", "sleep", "misaligned", "rdtime")
ERRNO = {1: "EPERM", 2: "ENOENT", 13: "EACCES", 16: "EBUSY", 22: "EINVAL",
         95: "EOPNOTSUPP", 19: "ENODEV", 24: "EMFILE", 12: "ENOMEM"}

# What each event is on each preset: the comment perf stat prints beside it.
NOTES = {
    "qemu-virt": {
        "dTLB-load-misses": "QEMU's DTLB_READ_MISS (0x10019)",
        "dTLB-store-misses": "QEMU's DTLB_WRITE_MISS (0x1001b)",
        "iTLB-load-misses": "QEMU's ITLB_READ_MISS (0x10021)",
    },
    "cva6": {
        "branches": "CVA6 selector 9: QEMU counts nothing",
        "branch-misses": "CVA6 selector 10: QEMU counts nothing",
        "L1-dcache-load-misses": "CVA6 selector 2: QEMU counts its event 2, instructions",
        "L1-icache-load-misses": "CVA6 selector 1: QEMU counts its event 1, cycles",
        "dTLB-load-misses": "CVA6 selector 4: QEMU counts nothing",
        "iTLB-load-misses": "CVA6 selector 3: QEMU counts nothing",
    },
}


def die(msg):
    print(f"linux-stat: {msg}", file=sys.stderr)
    sys.exit(1)


def run(cmd, what, **kw):
    """Run a build step quietly; on failure show its output and stop."""
    r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, **kw)
    if r.returncode:
        sys.stderr.write(r.stdout[-3000:] + r.stderr[-3000:])
        die(f"{what} failed (exit {r.returncode})")
    return r.stdout


def cache_of(build):
    vals = {}
    with open(os.path.join(build, "CMakeCache.txt")) as f:
        for line in f:
            m = re.match(r"^(\w+):[A-Z]+=(.*)$", line.rstrip("\n"))
            if m:
                vals[m.group(1)] = m.group(2)
    return vals


def parse_args():
    ap = argparse.ArgumentParser(usage=__doc__.split("\n\n")[1].strip(), add_help=False)
    if {"-h", "--help"} & set(sys.argv[1:]):
        print(__doc__)
        sys.exit(0)
    ap.add_argument("--preset", default="qemu-virt-rv64")
    ap.add_argument("--build")
    ap.add_argument("--harts", type=int, default=1)
    ap.add_argument("--sscofpmf", action="store_true")
    ap.add_argument("--task", action="store_true")
    ap.add_argument("--no-icount", action="store_true")
    ap.add_argument("--sstc", action="store_true")
    ap.add_argument("--log")
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--quiet-notes", action="store_true")
    ap.add_argument("workload", nargs="+")
    a = ap.parse_args()
    w = a.workload
    if len(w) % 2:
        ap.error("each workload takes one number: WORKLOAD ARG ...")
    for name, arg in zip(w[::2], w[1::2]):
        if name not in WORKLOADS:
            ap.error(f"unknown workload {name!r} (one of {', '.join(WORKLOADS)})")
        if not arg.isdigit():
            ap.error(f"{name}: {arg!r} is not a number")
    if not 1 <= a.harts <= 64:
        ap.error("--harts: 1 to 64 (tests/linux/build-kernel-smp.sh builds for 64 CPUs)")
    return a


def build_firmware(a):
    """The build directory, configured and built (unless --build names one)."""
    if a.build:
        build = os.path.realpath(a.build)
        if not os.path.isfile(os.path.join(build, "CMakeCache.txt")):
            die(f"{build}: not a configured build directory")
        return build
    build = os.path.join(ROOT, "build", a.preset)
    if not os.path.isfile(os.path.join(build, "CMakeCache.txt")):
        run(["cmake", "--preset", a.preset], f"configuring preset {a.preset}")
    print(f"linux-stat: building {a.preset}", file=sys.stderr)
    run(["cmake", "--build", "--preset", a.preset, "-j", str(os.cpu_count() or 1)],
        f"building preset {a.preset}")
    return build


def main():
    a = parse_args()
    build = build_firmware(a)
    c = cache_of(build)
    platform, xlen = c.get("TALLY_PLATFORM"), c.get("TALLY_XLEN")
    if xlen != "64" or platform not in ("qemu-virt", "cva6") or \
            (platform == "cva6" and c.get("TALLY_BOARD") != "testharness"):
        die(f"{build}: the one kernel here is riscv64; use qemu-virt-rv64 or cva6-rv64")
    cva6 = platform == "cva6"
    if cva6 and a.sscofpmf:
        die("--sscofpmf: CVA6 has no Sscofpmf (its stand-in would not be CVA6 any more)")
    preset = os.path.basename(build)
    bios = os.path.join(build, c.get("TALLY_QEMU_BIOS", "tally.bin"))
    if not os.path.isfile(bios):
        die(f"{bios} missing: build the preset first")
    qemu = c.get("TALLY_QEMU", "qemu-system-riscv64")
    # sstc=false: without Sstc Linux sets its timer through SBI, so SET_TIMER counts.
    cpu = c.get("TALLY_QEMU_CPU", "rv64") + ("" if a.sstc else ",sstc=false")
    if a.sscofpmf:
        cpu += ",sscofpmf=true"

    # More harts than the 4 CPUs of the documents' kernel: its 64-CPU twin.
    script = "build-kernel.sh" if a.harts <= 4 else "build-kernel-smp.sh"
    print(f"linux-stat: kernel (tests/linux/{script}; a first build takes 10+ minutes)",
          file=sys.stderr)
    k = subprocess.run([os.path.join(LINUX, script)], cwd=ROOT,
                       stdout=subprocess.PIPE, text=True)
    if k.returncode:
        die(f"the kernel build failed (exit {k.returncode})")
    image = k.stdout.strip().splitlines()[-1]

    work = os.path.join(build, "linux-stat")
    os.makedirs(work, exist_ok=True)
    init, cpio = os.path.join(work, "stat-init"), os.path.join(work, "init.cpio")
    tmp = f".{os.getpid()}"   # two runs side by side never read a half-written file
    # As tests/linux/run-linux-perf.sh: no libc, no linker relaxation (nothing sets up gp).
    run(["riscv64-linux-gnu-gcc", "-static", "-nostdlib", "-ffreestanding",
         "-fno-stack-protector", "-mno-relax", "-Wl,--no-relax", "-O2", "-Wall", "-Wextra",
         "-Werror", "-o", init + tmp, os.path.join(LINUX, "stat-init.c")], "compiling the init")
    run(["python3", os.path.join(LINUX, "mkcpio.py"), init + tmp, cpio + tmp],
        "packing the initramfs")
    os.replace(init + tmp, init)
    os.replace(cpio + tmp, cpio)

    init_args = ([] if a.task else ["-a", "-n", str(a.harts)]) + \
        (["--cva6"] if cva6 else []) + a.workload
    cmd = [qemu, *c.get("TALLY_QEMU_MACHINE", "-M;virt").split(";"), "-cpu", cpu,
           "-smp", str(a.harts), "-m", "256M"]
    if not a.no_icount:
        cmd += ["-icount", "shift=0,sleep=off"]
    cmd += ["-bios", bios, "-kernel", image, "-initrd", cpio,
            "-append", "console=ttyS0 earlycon=sbi panic=-1 -- " + " ".join(init_args),
            "-nographic", "-monitor", "none", "-serial", "stdio", "-no-reboot"]
    log = a.log or os.path.join(work, "console.log")
    print(f"linux-stat: booting: {shlex.join(cmd)}", file=sys.stderr)
    try:
        with open(log, "wb") as f:
            q = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=f, stderr=subprocess.STDOUT,
                               timeout=a.timeout)
        rc = q.returncode
    except subprocess.TimeoutExpired:
        rc = None
    text = open(log, "rb").read().decode("utf-8", "replace")

    runs, fails, done = [], [], False
    for line in text.splitlines():
        line = line.strip()
        m = re.search(r"@(run|ev|fail|done)\b ?(.*)$", line)
        if not m:
            continue
        kind, rest = m.groups()
        f = rest.split()
        if kind == "run" and len(f) == 4:
            runs.append({"what": f"{f[1]} {f[2]}", "ns": int(f[3]), "events": []})
        elif kind == "ev" and len(f) == 7 and runs:
            runs[-1]["events"].append({"name": f[1], "config": f[2], "count": int(f[3]),
                                       "enabled": int(f[4]), "running": int(f[5]),
                                       "errno": int(f[6])})
        elif kind == "fail":
            fails.append(rest)
        elif kind == "done":
            done = True

    harts = f"{a.harts} hart{'s' if a.harts > 1 else ''}"
    scope = "task" if a.task else "all CPUs"
    mode = "no -icount" if a.no_icount else "-icount"
    for r in runs:
        print_run(r, f"{scope}; Linux 6.1 on Tally, {preset}, {harts}"
                  f"{', Sscofpmf' if a.sscofpmf else ''}, {mode}", NOTES[platform], a.no_icount)
    if done and not fails and rc == 0 and len(runs) == len(a.workload) // 2:
        if not a.quiet_notes:
            print_notes(cva6, a)
        return 0
    why = fails[0] if fails else \
        "QEMU timed out" if rc is None else \
        next((ln.strip() for ln in text.splitlines() if "Kernel panic" in ln), None) or \
        f"no end-of-run line from the init (QEMU exit {rc})"
    sys.stdout.flush()
    tail = "\n".join(text.splitlines()[-15:])
    print(f"{tail}\nlinux-stat: FAILED: {why} (console: {log})", file=sys.stderr)
    return 1


def print_run(r, where, notes, no_icount):
    print(f"\n Performance counter stats for '{r['what']}' ({where}):\n")
    counts = {}
    for e in r["events"]:
        name, comment = e["name"], ""
        if name.startswith("fw:"):
            comment = f"r{e['config']}"
        if e["errno"]:
            err = ERRNO.get(e["errno"], f"errno {e['errno']}")
            val, comment = "<not supported>", f"perf_event_open: {err}"
        elif e["running"] == 0:
            val = "<not counted>"
            comment = ("never on a counter: the firmware's config_matching refused it, "
                       "or one opened before it")
        else:
            n = e["count"]
            if e["running"] < e["enabled"]:   # multiplexed: scale as perf does
                n = n * e["enabled"] // e["running"]
                comment = f"({100 * e['running'] / e['enabled']:.2f}% of the time on a counter)"
            counts[name] = n
            val = f"{n:,}"
            if name == "instructions" and counts.get("cycles"):
                comment = f"{n / counts['cycles']:5.2f}  insn per cycle"
            elif name in notes:
                comment = notes[name]
        line = f"{val:>18}      {name:<28}"
        print((line + (f" # {comment}" if comment else "")).rstrip())
    clock = "host clock" if no_icount else "virtual time"
    print(f"\n{r['ns'] / 1e9:18.9f} seconds time elapsed ({clock})")


def print_notes(cva6, a):
    lines = [
        "cycles, instructions: QEMU 7.2 derives mcycle and minstret from one clock. "
        + ("Without -icount it is the host's: both are host time, not instructions."
           if a.no_icount else
           "Under -icount shift=0 it is virtual time, one nanosecond per instruction "
           "(in U, S and M-mode alike), which also runs while a hart idles in WFI: IPC is 1 "
           "by construction. It reads a little off 1 because Linux starts the events "
           "one after another, and stops them so, and starting one costs more than "
           "stopping it: on one hart instructions, started after cycles, counts a few "
           "thousand less."),
        "Every count includes Linux starting and stopping the events around the "
        "workload (with the firmware's counter_start and counter_stop for each): "
        "`spin 0` shows how much.",
        "TLB misses: misses of QEMU's own software TLB, which QEMU resizes on the "
        "host's clock, so they vary from run to run even under -icount." if not cva6 else "",
        "fw:*: SBI firmware events (raw config bit 63 set), counted by Tally on its "
        "firmware counters: traps that reached M-mode, set_timer calls, IPIs and fences sent "
        "and received.",
        "misaligned: QEMU performs misaligned loads itself, so none reaches the firmware"
        + (" (on the CVA6 core each one traps and Tally emulates it: MISALIGNED_LOAD)."
           if cva6 else "."),
    ]
    if cva6:
        lines.append("rdtime: CVA6 has no time CSR; each read traps and Tally emulates "
                     "it (ILLEGAL_INSN), as Linux's own reads of it do.")
    if not a.task and a.harts > 1 and not a.no_icount:
        lines.append("All CPUs on more than one hart under -icount: enabling an event on "
                     "another hart waits for QEMU to run that hart, virtual milliseconds each.")
    print("\nNotes:")
    for ln in filter(None, lines):
        print(textwrap.fill(ln, 78, initial_indent="  ", subsequent_indent="    "))


if __name__ == "__main__":
    sys.exit(main())
