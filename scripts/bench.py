#!/usr/bin/env python3
"""The call-cost benchmark: one table for every configuration.

    scripts/bench.py [--built BUILD_DIR]
    cmake --build --preset P --target bench     (runs this)

Builds the qemu-virt-rv64 and qemu-virt-rv32 presets (tally.elf and the
bench payload; --built names a build directory the caller has just built,
which is then left alone), boots tests/payload/bench.c under
`qemu -icount shift=0,sleep=off` on Tally rv64, rv32, each with and without
Sscofpmf, and on Debian's OpenSBI 1.1 fw_jump (rv64, with and without
Sscofpmf) and OpenSBI's newest (../shared/opensbi, rv64 and rv32, where
that folder is), and prints one markdown table of M-mode instructions per
call. tests/docs/check_bench_figures.py checks the documents' figures
against the same runs.

The payload checks every answer it gets. If any run reports an unexpected
answer (or does not finish), this prints why and exits non-zero with no
table: a figure measured on an error is not a figure.
"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.realpath(os.path.join(os.path.dirname(__file__), ".."))
PRESETS = {64: "qemu-virt-rv64", 32: "qemu-virt-rv32"}
QEMU = {64: "qemu-system-riscv64", 32: "qemu-system-riscv32"}
ICOUNT = ["-icount", "shift=0,sleep=off"]
TIMEOUT_S = 300

# (key the payload prints, what the row measures, target from issue 11)
ROWS = [
    ("unknown_eid", "unknown EID", 30),
    ("spec_version", "base get_spec_version", 40),
    ("num_counters", "pmu num_counters", 45),
    ("get_info", "pmu counter_get_info", 45),
    ("cfg_cycles", "config_matching(CPU_CYCLES, CLEAR_VALUE\\|AUTO_START) + stop(RESET), nothing held", 200),
    ("cfg_cycles_held", "the same, every other counter that can count cycles held", 200),
    ("cfg_fw", "config_matching(firmware SET_TIMER) + stop(RESET), nothing held", 200),
    ("cfg_fw_held", "the same, 15 of 16 firmware counters held", 200),
    ("startstop_hw", "start(SET_INIT_VALUE) + stop, hpm counter with DTLB read miss", 180),
    ("startstop_fw", "start(SET_INIT_VALUE) + stop, firmware counter", 150),
    ("fw_read", "fw_read", 50),
    ("fw_read_hi", "fw_read_hi", 50),
    ("event_info", "event_get_info, 1 entry", 100),
    # Linux's four calls per counted event per context switch (issue 19;
    # tests/payload/bench.c, linux_pattern). Per call no target: the
    # target is the switch's.
    ("linux61_cfg", "Linux 6.1 switch in: config_matching(CPU_CYCLES, no flags, Linux's mask)", None),
    ("linux61_start", "Linux 6.1 switch in: start(SET_INIT_VALUE)", None),
    ("linux61_stop", "Linux 6.1 switch out: stop", None),
    ("linux61_stop_reset", "Linux 6.1 switch out: stop(RESET), counter already stopped", None),
    ("linux61_switch", "Linux 6.1: the four calls of one event's switch", 481),
    ("linux612_cfg", "Linux 6.12, snapshot memory set: config_matching", None),
    ("linux612_start", "Linux 6.12: start(SET_INIT_VALUE)", None),
    ("linux612_stop", "Linux 6.12: stop(TAKE_SNAPSHOT)", None),
    ("linux612_stop_reset", "Linux 6.12: stop(RESET\\|TAKE_SNAPSHOT), already stopped", None),
    ("linux612_switch", "Linux 6.12: the four calls of one event's switch", None),
    ("boot", "boot: reset to payload entry", 100000),
]

# Footnotes for the reasons the payload gives for a row it cannot measure.
REASONS = {
    "SBI < 2.0": "OpenSBI 1.1 implements SBI 1.0; fw_read_hi and snapshot memory are SBI 2.0 "
                 "(NOT_SUPPORTED, as the spec allows; Linux 6.12 then stops without TAKE_SNAPSHOT, "
                 "the 6.1 rows).",
    "SBI < 3.0": "event_get_info is SBI 3.0; OpenSBI 1.1 answers NOT_SUPPORTED.",
    "no snapshot": "OpenSBI's newest implements SBI 3.0 without snapshot memory (NOT_SUPPORTED, "
                   "as SBI table 16 allows); Linux 6.12 then stops without TAKE_SNAPSHOT.",
    "started counter handed out again":
        "OpenSBI 1.1 hands out counter 0 (cycle) again while it is configured and started, "
        "so nothing can be held (SBI 11.7 says config_matching picks a counter not started; "
        "Linux catches the duplicate and fails the event with -ENOENT).",
}


def die(msg):
    print(f"bench: {msg}", file=sys.stderr)
    sys.exit(1)


def run(cmd, **kw):
    return subprocess.run(cmd, cwd=ROOT, **kw)


def build(built):
    for xlen, preset in PRESETS.items():
        bdir = os.path.join(ROOT, "build", preset)
        if built and os.path.realpath(built) == os.path.realpath(bdir):
            continue
        if not os.path.exists(os.path.join(bdir, "CMakeCache.txt")):
            if run(["cmake", "--preset", preset], stdout=subprocess.DEVNULL).returncode:
                die(f"cmake --preset {preset} failed")
        if run(["cmake", "--build", "--preset", preset, "-j2", "--target", "tally.elf", "bench.elf"],
               stdout=subprocess.DEVNULL).returncode:
            die(f"building {preset} failed")


def opensbi_fw_jump():
    """Debian's opensbi package: find generic/fw_jump.bin through dpkg -L."""
    try:
        files = subprocess.run(["dpkg", "-L", "opensbi"], capture_output=True, text=True,
                               check=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        die("Debian's opensbi package is not installed (scripts/setup.sh installs it)")
    for f in files:
        if f.endswith("/generic/fw_jump.bin"):
            return f
    die("opensbi: no generic/fw_jump.bin in the package")


NEWEST = os.path.join(ROOT, "..", "shared", "opensbi", "fw_jump-rv{}.bin")


def configs(fw_jump):
    """(column, xlen, -cpu, firmware image) for each run."""
    out = []
    for sscof in (False, True):
        for xlen in (64, 32):
            cpu = f"rv{xlen}" + (",sscofpmf=true" if sscof else "")
            bios = os.path.join(ROOT, "build", PRESETS[xlen], "tally.bin")
            out.append((f"Tally rv{xlen}" + ("+sscofpmf" if sscof else ""), xlen, cpu, bios))
    for sscof in (False, True):
        cpu = "rv64" + (",sscofpmf=true" if sscof else "")
        out.append(("OpenSBI 1.1 rv64" + ("+sscofpmf" if sscof else ""), 64, cpu, fw_jump))
    for xlen in (64, 32):
        if os.path.exists(NEWEST.format(xlen)):
            out.append((f"OpenSBI newest rv{xlen}", xlen, f"rv{xlen}", NEWEST.format(xlen)))
    return out


def bench_run(name, xlen, cpu, bios):
    payload = os.path.join(ROOT, "build", PRESETS[xlen], "tests", "payload", "bench.elf")
    cmd = [QEMU[xlen], "-M", "virt", "-cpu", cpu, "-m", "128M", "-nographic",
           "-monitor", "none", "-serial", "stdio", *ICOUNT, "-bios", bios, "-kernel", payload]
    try:
        p = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, timeout=TIMEOUT_S)
        log, rc = p.stdout.decode(errors="replace") + p.stderr.decode(errors="replace"), p.returncode
    except subprocess.TimeoutExpired as e:
        log, rc = (e.stdout or b"").decode(errors="replace"), "timeout"
    rows, info, fails = {}, [], []
    for line in log.splitlines():
        line = line.rstrip("\r")
        m = re.match(r"bench: row (\w+) (\d+)$", line)
        if m:
            rows[m[1]] = int(m[2])
            continue
        m = re.match(r"bench: row (\w+) - (.*)$", line)
        if m:
            rows[m[1]] = m[2]
            continue
        if line.startswith("bench: info "):
            info.append(line[len("bench: info "):])
        elif line.startswith("bench: FAIL"):
            fails.append(line)
    # The firmware's exit status is not enough: OpenSBI 1.1 ends a failed
    # run with a passing shutdown. The payload's own verdict must be there.
    summary = re.search(r"^(\d+) passed, (\d+) failed", log, re.M)
    ok = (rc == 0 and not fails and "bench: done" in log and summary
          and summary[2] == "0" and int(summary[1]) > 0
          and all(k in rows for k, _, _ in ROWS))
    if not ok:
        print(log[-3000:], file=sys.stderr)
        die(f"{name}: run failed (qemu exit {rc}): {fails[0] if fails else 'no complete result'}; no table")
    # Linux's calls counted one by one must add up to the same calls
    # measured together: two rulers, one answer (rounding aside).
    for i in info:
        m = re.match(r"(linux\w+) counted one by one (\d+)$", i)
        if m and abs(int(m[2]) - rows.get(m[1] + "_switch", -99)) > 1:
            die(f"{name}: {m[1]}: the calls one by one add up to {m[2]}, "
                f"together {rows.get(m[1] + '_switch')}; no table")
    # A row only Tally cannot give is a failure: Tally must offer every row.
    if name.startswith("Tally"):
        missing = [k for k, v in rows.items() if not isinstance(v, int)]
        if missing:
            die(f"{name}: Tally gave no figure for {', '.join(missing)}; no table")
    return rows, info


def fmt(v):
    if isinstance(v, int):
        return f"{v:,}".replace(",", " ") if v >= 10000 else str(v)
    return "—"


def image_sizes():
    out = []
    for xlen, preset in PRESETS.items():
        elf = os.path.join(ROOT, "build", preset, "tally.elf")
        p = subprocess.run(["riscv64-unknown-elf-size", elf], capture_output=True, text=True)
        if p.returncode == 0:
            text, data = p.stdout.splitlines()[1].split()[:2]
            out.append(f"{preset} {int(text) + int(data)}")
    return out


def measure(built=None):
    """{column: (rows, info)} of every configuration, after building what is needed."""
    build(built)
    fw_jump = opensbi_fw_jump()
    results = {}
    for name, xlen, cpu, bios in configs(fw_jump):
        print(f"bench: {name} (-cpu {cpu}) ...", file=sys.stderr, flush=True)
        results[name] = bench_run(name, xlen, cpu, bios)
    return results


def render(results):
    """The markdown table and its notes (lines), as docs/benchmark.md quotes them."""
    tally = [n for n in results if n.startswith("Tally")]
    osbi = [n for n in results if n.startswith("OpenSBI")]
    notes = {}   # reason -> footnote number

    def cell(name, key):
        v = results[name][0][key]
        if isinstance(v, int):
            return fmt(v)
        n = notes.setdefault(v, len(notes) + 1)
        return f"— ({n})"

    head = ["call", "target"] + tally + ["met (worst Tally)"] + osbi + \
        [f"OpenSBI 1.1 / Tally rv64{s}" for s in ("", "+sscofpmf")]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for key, label, target in ROWS:
        worst = max(results[n][0][key] for n in tally)
        if target is None:
            cells = [label, "—"]
        else:
            cells = [label, ("≤ " + fmt(target)) if target < 10000 else f"≤ {target // 1000} k"]
        cells += [cell(n, key) for n in tally]
        if target is None:
            cells.append("—")
        else:
            cells.append("yes" if worst <= target else f"no ({fmt(worst)})")
        cells += [cell(n, key) for n in osbi]
        for s in ("", "+sscofpmf"):
            o, t = results["OpenSBI 1.1 rv64" + s][0][key], results["Tally rv64" + s][0][key]
            cells.append(f"{o / t:.1f}×" if isinstance(o, int) else "—")
        lines.append("| " + " | ".join(cells) + " |")
    lines.append("")
    notes_out = [f"({n}) {REASONS.get(reason, reason)}" for reason, n in notes.items()]
    notes_out.append("Debian 12 ships OpenSBI 1.1 (package opensbi) for rv64 only; OpenSBI's newest "
                     "is ../shared/opensbi (its README says how it was built).")
    notes_out.append("rv32: 35 counters do not fit one 32-bit mask; as Linux does, the payload keeps "
                     "the mask as 32-bit words and tries counter_idx_base 0, then 32. The timed "
                     "counter is always found in word 0.")
    held = {}   # what was held -> the runs that held it
    for n in results:
        for i in results[n][1]:
            if i.startswith(("cfg_cycles_held ", "cfg_fw_held ")) and " of " in i:
                held.setdefault(i, []).append(n)
    for what, runs in held.items():
        key, rest = what.split(" ", 1)
        notes_out.append(f"Held for {key} (found by asking: config_matching until NOT_SUPPORTED), "
                         f"{', '.join(runs)}: {rest}.")
    sizes = image_sizes()
    if sizes:
        notes_out.append(f"Image sizes (text + data, bytes): {', '.join(sizes)}.")
    return lines + [f"- {line}" for line in notes_out]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--built", help="a preset build directory that is already up to date")
    args = ap.parse_args()
    results = measure(args.built)
    print()
    print(f"M-mode instructions per call (rdinstret around 256 calls, minus the same loop "
          f"with a nop for each ecall; every answer checked), "
          f"qemu -icount shift=0,sleep=off, {subprocess.run([QEMU[64], '--version'], capture_output=True, text=True).stdout.splitlines()[0]}:")
    print()
    print("\n".join(render(results)))


if __name__ == "__main__":
    main()
