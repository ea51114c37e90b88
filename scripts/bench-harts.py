#!/usr/bin/env python3
"""What a broadcast costs as harts grow: a table and a plot.

    scripts/bench-harts.py [--built BUILD_DIR] [--harts 1,2,8,64,512] [--record FILE]
    scripts/bench-harts.py --render FILE      (table and plot from recorded results)

Boots tests/payload/bench_harts.c on QEMU virt rv64 with -smp N under
`qemu -icount shift=0,sleep=off`, on Tally, Debian's OpenSBI 1.1 fw_jump
and OpenSBI's newest (../shared/opensbi, where that folder is), and counts
M-mode instructions: from reset to the boot hart's first payload
instruction, and for sbi_send_ipi and sbi_remote_sfence_vma (the whole
address space) to every hart (hart_mask_base = -1), on the sending hart
(the highest: the payload says why) and over all harts.

The ruler is QEMU's execution log (-singlestep -d exec,nochain), limited by
-dfilter to the reset ROM, the firmware's 2 MiB and the payload's marks, so
each line is one instruction the firmware executed, with the hart that
executed it. rdinstret cannot be the ruler here: under -icount QEMU 7.2's
minstret is its virtual clock, which counts every hart's instructions and
the idle time skipped (tests/payload/bench_harts.c says more). The log is
read as QEMU writes it (a pipe), never stored.

Every figure is of a run whose payload checked every answer: error 0, every
hart saw the IPI's sip.SSIP, and every hart's firmware counters
IPI_RECEIVED and SFENCE_VMA_RECEIVED equal the broadcasts sent. A firmware
that does not boot, or whose run stops, gets the reason in words.

--record writes the results as JSON (docs/bench-harts.json), merged into
what the file holds: a run measured now replaces the recorded one of its
firmware and harts, the others stay;
tests/docs/check_bench_harts.py re-renders the table and the plot from it
and compares them with docs/benchmark.md and docs/bench-harts.svg.
"""
import argparse
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.realpath(os.path.join(os.path.dirname(__file__), ".."))
PRESET = "qemu-virt-rv64"
QEMU = "qemu-system-riscv64"
HARTS = [1, 2, 8, 64, 512]
ROUNDS = 4                       # tests/payload/bench_harts.c: ROUNDS
FW_RANGES = [(0x1000, 0x2000), (0x80000000, 0x80200000)]   # reset ROM, firmware
PAYLOAD = 0x80200000             # the payload's first instruction (every firmware here)
STALL_S = 20                     # a phase that has not ended after this long (wall) has stopped
TIMEOUT_S = 1800
NEWEST = os.path.join(ROOT, "..", "shared", "opensbi", "fw_jump-rv64.bin")
NOT_MEASURED = ("not in this record: with the execution log on, a run here took minutes "
                "(the wall times below); scripts/bench-harts.py --harts N --only FIRMWARE measures it")
# OpenSBI's sender of a remote fence spins in M-mode (tlb_sync) until every
# target acknowledged; under -icount the targets run only once the sender's
# slice ends at the next timer deadline, so the spin is in its figures.
SPIN_NOTE = ("includes the sender's M-mode spin until the targets acknowledged (OpenSBI's "
             "tlb_sync): under -icount the targets run only after QEMU's next timer deadline "
             "(a waiting hart's 100 us nap), so most of it is waiting, not work")
KINDS = [("boot", "boot: reset to the payload's entry"),
         ("ipi", "sbi_send_ipi to every hart"),
         ("sfence", "sbi_remote_sfence_vma to every hart, whole address space")]


def die(msg):
    print(f"bench-harts: {msg}", file=sys.stderr)
    sys.exit(1)


def build(built):
    bdir = os.path.join(ROOT, "build", PRESET)
    if built and os.path.realpath(built) == os.path.realpath(bdir):
        return bdir
    if not os.path.exists(os.path.join(bdir, "CMakeCache.txt")):
        if subprocess.run(["cmake", "--preset", PRESET], cwd=ROOT,
                          stdout=subprocess.DEVNULL).returncode:
            die(f"cmake --preset {PRESET} failed")
    if subprocess.run(["cmake", "--build", "--preset", PRESET, "-j2", "--target", "tally.elf",
                       "bench_harts.elf"], cwd=ROOT, stdout=subprocess.DEVNULL).returncode:
        die(f"building {PRESET} failed")
    return bdir


def firmwares(bdir):
    """(name, image) of each firmware: Tally first."""
    out = [("Tally", os.path.join(bdir, "tally.bin"))]
    try:
        files = subprocess.run(["dpkg", "-L", "opensbi"], capture_output=True, text=True,
                               check=True).stdout.split()
        out += [("OpenSBI 1.1", f) for f in files if f.endswith("/generic/fw_jump.bin")][:1]
    except (OSError, subprocess.CalledProcessError):
        pass
    if os.path.exists(NEWEST):
        out.append(("OpenSBI newest", NEWEST))
    return out


def symbol(elf, name):
    nm = subprocess.run(["riscv64-unknown-elf-nm", elf], capture_output=True, text=True,
                        check=True).stdout
    for line in nm.splitlines():
        f = line.split()
        if len(f) == 3 and f[2] == name:
            return int(f[0], 16)
    die(f"{elf}: no symbol {name}")


PC = re.compile(r"^Trace (\d+): \S+ \[[0-9a-f]+/([0-9a-f]+)/")
REWOUND = re.compile(r"^cpu_io_recompile: rewound execution of TB to ([0-9a-f]+)")


class Counter:
    """Reads QEMU's log as it comes: firmware instructions per hart and phase."""

    def __init__(self, begin, end):
        self.begin, self.end = begin, end
        self.count = {}          # cpu -> firmware instructions since the last reset
        self.boot = None         # (boot hart's, all harts') at the payload's entry
        self.boot_cpu = None
        self.sender = None       # the hart that runs the marks: the payload's highest
        self.phases = []         # (sender's, all harts') per marked window
        self.in_phase = False
        self.progress = time.monotonic()
        self.last = None         # (cpu, pc) of the last firmware line, for a rewind

    def line(self, text):
        m = PC.match(text)
        if not m:
            m = REWOUND.match(text)
            if m and self.last and self.last[1] == int(m[1], 16):
                self.count[self.last[0]] -= 1     # executed again: counted once
                self.last = None
            return
        cpu, pc = int(m[1]), int(m[2], 16)
        if any(lo <= pc < hi for lo, hi in FW_RANGES):
            self.count[cpu] = self.count.get(cpu, 0) + 1
            self.last = (cpu, pc)
            return
        self.last = None
        if pc == PAYLOAD and self.boot is None:
            self.boot_cpu = cpu
            self.boot = (self.count.get(cpu, 0), sum(self.count.values()))
        elif pc == self.begin:
            self.sender = cpu
            self.count, self.in_phase = {}, True
            self.progress = time.monotonic()
        elif pc == self.end and cpu == self.sender and self.in_phase:
            self.phases.append((self.count.get(cpu, 0), sum(self.count.values())))
            self.in_phase = False
            self.progress = time.monotonic()


def run(name, image, elf, n, begin, end):
    """{kind: (sender, total)} or a reason string; and the wall time."""
    t0 = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        fifo = os.path.join(tmp, "exec.log")
        os.mkfifo(fifo)
        dfilter = ",".join([f"{lo:#x}..{hi - 1:#x}" for lo, hi in FW_RANGES] +
                           [f"{PAYLOAD:#x}+2", f"{begin:#x}+2", f"{end:#x}+2"])
        cmd = [QEMU, "-M", "virt", "-cpu", "rv64", "-smp", str(n), "-m", "512M", "-nographic",
               "-monitor", "none", "-serial", "stdio", "-icount", "shift=0,sleep=off",
               "-singlestep", "-d", "exec,nochain", "-dfilter", dfilter, "-D", fifo,
               "-bios", image, "-kernel", elf]
        out = tempfile.TemporaryFile(dir=tmp)
        q = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
        c = Counter(begin, end)

        def reader():
            with open(fifo, errors="replace") as f:
                for text in f:
                    c.line(text)
        th = threading.Thread(target=reader, daemon=True)
        th.start()
        why = None
        while q.poll() is None:
            time.sleep(0.5)
            now = time.monotonic()
            if c.in_phase and now - c.progress > STALL_S:
                why = (f"stopped: broadcast {len(c.phases) + 1} did not end in {STALL_S} s "
                       f"(wall, logging)")
            elif now - t0 > TIMEOUT_S:
                why = f"stopped: no end in {TIMEOUT_S} s"
            if why:
                q.kill()
                q.wait()
                break
        th.join(timeout=60)
        out.seek(0)
        log = out.read().decode(errors="replace")
    wall = time.monotonic() - t0
    m = re.search(r"^bench-harts: harts (\d+)", log, re.M)
    kinds = re.findall(r"^bench-harts: phase (\w+)", log, re.M)
    ok = ("bench-harts: done" in log and re.search(r"^\d+ passed, 0 failed", log, re.M)
          and m and int(m[1]) == n and len(c.phases) == len(kinds) == 2 * ROUNDS)
    res = {}
    if c.boot is not None:
        res["boot"] = list(c.boot)
    if ok:
        for kind in ("ipi", "sfence"):
            w = [p for k, p in zip(kinds, c.phases) if k == kind]
            res[kind] = [round(sum(s for s, _ in w) / len(w)), round(sum(t for _, t in w) / len(w))]
            res[kind + "_rounds"] = [list(p) for p in w]
        return res, wall
    if c.boot is None:
        fails = re.findall(r"^(?:bench-harts: FAIL|tally:|sbi_|init).*$", log, re.M)
        res["why"] = "does not boot" + (f": {fails[-1].strip()}" if fails else
                                        (f" ({why})" if why else ""))
    elif m and int(m[1]) != n:
        res["why"] = f"HSM reports {m[1]} of the {n} harts"
    else:
        fails = re.findall(r"^bench-harts: FAIL.*$", log, re.M)
        res["why"] = fails[0] if fails else (why or "the run did not finish")
        # the broadcasts that ended are figures: each hart saw its IPI
        done = [k for k in kinds][:len(c.phases)]
        w = [p for k, p in zip(done, c.phases) if k == "ipi"]
        if len(w) == ROUNDS and not fails:
            res["ipi"] = [round(sum(s for s, _ in w) / len(w)), round(sum(t for _, t in w) / len(w))]
            res["ipi_rounds"] = [list(p) for p in w]
            res["ipi_note"] = ("every hart saw each IPI (sip.SSIP), but the firmware counters "
                               "were not read: the run stopped later")
    if q.returncode and "why" in res and "exit" not in res["why"]:
        pass
    return res, wall


def measure(built, harts, only=None):
    bdir = build(built)
    elf = os.path.join(bdir, "tests", "payload", "bench_harts.elf")
    begin, end = symbol(elf, "bh_mark_begin"), symbol(elf, "bh_mark_end")
    version = subprocess.run([QEMU, "--version"], capture_output=True,
                             text=True).stdout.splitlines()[0]
    results = {"qemu": version, "rounds": ROUNDS, "harts": harts, "firmwares": {}}
    for name, image in firmwares(bdir):
        if only and name not in only:
            continue
        per = {}
        for n in harts:
            print(f"bench-harts: {name}, {n} harts ...", file=sys.stderr, flush=True)
            res, wall = run(name, image, elf, n, begin, end)
            res["wall_s"] = round(wall, 1)
            if name.startswith("OpenSBI") and n > 1 and "sfence" in res:
                res["sfence_note"] = SPIN_NOTE
            print(f"bench-harts:   {json.dumps(res)}", file=sys.stderr, flush=True)
            per[str(n)] = res
        results["firmwares"][name] = per
    return results


def fmt(v):
    return f"{v:,}".replace(",", " ") if v >= 10000 else str(v)


def render(results):
    """The markdown table and its notes (lines), as docs/benchmark.md quotes them."""
    names = list(results["firmwares"])
    harts = results["harts"]
    notes = {}

    def cell(res, kind, i):
        if kind in res and kind + "_note" in res:
            n = notes.setdefault(res[kind + "_note"], len(notes) + 1)
            return f"{fmt(res[kind][i])} ({n})"
        if kind in res:
            return fmt(res[kind][i])
        n = notes.setdefault(res.get("why", "not measured"), len(notes) + 1)
        return f"— ({n})"

    head = ["what", "harts"] + [f"{f} {w}" for f in names
                                for w in ("sending hart", "all harts", "per target hart")]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for kind, label in KINDS:
        for n in harts:
            cells = [label, str(n)]
            for f in names:
                res = results["firmwares"][f].get(str(n), {"why": NOT_MEASURED})
                cells += [cell(res, kind, 0), cell(res, kind, 1)]
                cells.append(fmt(round(res[kind][1] / n)) if kind in res else "—")
            lines.append("| " + " | ".join(cells) + " |")
    lines.append("")
    out = [f"({k}) {why}" for why, k in notes.items()]
    out.append("Per target hart: all harts' instructions divided by the harts (every hart is a "
               "target, the sender too; for boot, per hart).")
    out.append(f"Each broadcast figure is the mean of {results['rounds']} broadcasts.")
    walls = "; ".join(f"{f}: " + ", ".join(f"{n} harts {results['firmwares'][f][str(n)]['wall_s']} s"
                                          for n in harts
                                          if "wall_s" in results["firmwares"][f].get(str(n), {}))
                      for f in names if results["firmwares"][f])
    out.append(f"Wall time of each run with the execution log on (not a figure of the firmware): "
               f"{walls}.")
    return lines + [f"- {x}" for x in out], growth(results)


def growth(results):
    """The goals, in words: does any cost grow faster than N (the cost per
    target hart rises from 2 harts on), and is Tally's cost per target hart
    below each OpenSBI's at every N both measured."""
    out = []
    harts = results["harts"]
    fws = results["firmwares"]
    # A figure with a note (a spin in it, a run that stopped) is compared with nothing.
    for f, per in fws.items():
        for kind, _ in KINDS:
            # All harts' cost is linear in N when each hart added costs the
            # same: the cost per added hart between measured N does not rise.
            pts = [(n, per[str(n)][kind][1]) for n in harts if kind in per.get(str(n), {})
                   and kind + "_note" not in per[str(n)]]
            marg = [((b[1] - a[1]) / (b[0] - a[0]), f"{a[0]}→{b[0]}") for a, b in zip(pts, pts[1:])]
            if not marg:
                continue
            rises = [f"{y[1]} {y[0]:.0f} after {x[0]:.0f}" for x, y in zip(marg, marg[1:])
                     if y[0] > x[0] * 1.05 + 1]
            out.append(f"{f}, {kind}: all harts' cost per hart added: " +
                       ", ".join(f"{w} {m:.0f}" for m, w in marg) + "; " +
                       (f"rises (faster than N): {'; '.join(rises)}" if rises else
                        "never rises: no faster than linear in N"))
    for f in fws:
        if f == "Tally" or "Tally" not in fws:     # --only without Tally: nothing to compare
            continue
        for kind, _ in KINDS:
            both = [n for n in harts if all(kind in w.get(str(n), {}) and
                                            kind + "_note" not in w[str(n)]
                                            for w in (fws["Tally"], fws[f]))]
            if not both:
                continue
            worse = [n for n in both if fws["Tally"][str(n)][kind][1] >= fws[f][str(n)][kind][1]]
            out.append(f"Tally below {f} per target hart, {kind}: " +
                       (f"at every N both measured ({', '.join(map(str, both))})" if not worse
                        else f"not at {', '.join(map(str, worse))}"))
    return out


def svg(results):
    """A log-log plot of all harts' M-mode instructions against N, one line per firmware and call."""
    W, H, L, R, T, B = 720, 460, 80, 230, 30, 50
    harts = results["harts"]
    pts = {}
    for f, per in results["firmwares"].items():
        for kind, _ in KINDS:
            # a figure with a note is in the table only, with its note
            p = [(n, per[str(n)][kind][1]) for n in harts if kind in per.get(str(n), {})
                 and kind + "_note" not in per[str(n)]]
            if p:
                pts[f"{f}: {kind}"] = p
    vals = [v for p in pts.values() for _, v in p]
    lo = 10 ** math.floor(math.log10(min(vals)))
    hi = 10 ** math.ceil(math.log10(max(vals)))
    x0, x1 = math.log10(harts[0]), math.log10(harts[-1])

    def X(n):
        return L + (math.log10(n) - x0) / ((x1 - x0) or 1) * (W - L - R)

    def Y(v):
        return H - B - (math.log10(v) - math.log10(lo)) / (math.log10(hi) - math.log10(lo)) * (H - T - B)

    colors = {"Tally": "#1b7837", "OpenSBI 1.1": "#762a83", "OpenSBI newest": "#d6604d"}
    dashes = {"boot": "", "ipi": "6,3", "sfence": "2,3"}
    s = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
         f'font-family="sans-serif" font-size="12">',
         f'<rect width="{W}" height="{H}" fill="white"/>',
         f'<text x="{L}" y="18">M-mode instructions over all harts against harts (log-log), '
         f'{results["qemu"].split(" (")[0]}, -icount</text>']
    d = lo
    while d <= hi:
        y = Y(d)
        s.append(f'<line x1="{L}" y1="{y:.1f}" x2="{W - R}" y2="{y:.1f}" stroke="#ddd"/>')
        s.append(f'<text x="{L - 6}" y="{y + 4:.1f}" text-anchor="end">{fmt(int(d))}</text>')
        d *= 10
    for n in harts:
        x = X(n)
        s.append(f'<line x1="{x:.1f}" y1="{T}" x2="{x:.1f}" y2="{H - B}" stroke="#ddd"/>')
        s.append(f'<text x="{x:.1f}" y="{H - B + 16}" text-anchor="middle">{n}</text>')
    s.append(f'<text x="{(L + W - R) / 2:.0f}" y="{H - 12}" text-anchor="middle">harts (N)</text>')
    for i, (label, p) in enumerate(pts.items()):
        f, kind = label.split(": ")
        col = colors.get(f, "black")
        dash = f' stroke-dasharray="{dashes[kind]}"' if dashes[kind] else ""
        path = " ".join(f"{X(n):.1f},{Y(v):.1f}" for n, v in p)
        s.append(f'<polyline points="{path}" fill="none" stroke="{col}" stroke-width="2"{dash}/>')
        for n, v in p:
            s.append(f'<circle cx="{X(n):.1f}" cy="{Y(v):.1f}" r="3" fill="{col}"/>')
        ly = T + 10 + 18 * i
        s.append(f'<line x1="{W - R + 12}" y1="{ly}" x2="{W - R + 40}" y2="{ly}" stroke="{col}" '
                 f'stroke-width="2"{dash}/>')
        s.append(f'<text x="{W - R + 46}" y="{ly + 4}">{label}</text>')
    s.append("</svg>")
    return "\n".join(s) + "\n"


def merge(path, results):
    """The record at path with this run's results in it: a firmware's run
    at N harts measured now replaces the recorded one, every other stays."""
    if not os.path.exists(path):
        return results
    with open(path) as f:
        old = json.load(f)
    if old.get("qemu") != results["qemu"] or old.get("rounds") != results["rounds"]:
        die(f"{path} is of another QEMU or round count: measure it all again (no --record "
            f"merge across them)")
    old["harts"] = sorted(set(old["harts"]) | set(results["harts"]))
    for name, per in results["firmwares"].items():
        old["firmwares"].setdefault(name, {}).update(per)
    return old


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--built", help="a qemu-virt-rv64 build directory that is already up to date")
    ap.add_argument("--harts", default=",".join(map(str, HARTS)))
    ap.add_argument("--only", help="firmwares to run, comma-separated (default: all)")
    ap.add_argument("--record", help="write the results (JSON) here")
    ap.add_argument("--render", help="render from recorded results instead of measuring")
    ap.add_argument("--svg", help="write the plot here")
    args = ap.parse_args()
    if args.render:
        with open(args.render) as f:
            results = json.load(f)
    else:
        results = measure(args.built, [int(x) for x in args.harts.split(",")],
                          args.only.split(",") if args.only else None)
        if args.record:
            results = merge(args.record, results)
            with open(args.record, "w") as f:
                json.dump(results, f, indent=1)   # the firmwares in measured order: Tally first
                f.write("\n")
    table, checks = render(results)
    print("\n".join(table))
    print()
    print("\n".join(checks))
    if args.svg:
        with open(args.svg, "w") as f:
            f.write(svg(results))


if __name__ == "__main__":
    main()
