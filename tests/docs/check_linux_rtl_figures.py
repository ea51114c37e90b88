#!/usr/bin/env python3
"""Check (or --update) the figures of Linux on the CVA6 model in the docs.

    check_linux_rtl_figures.py BUILD_DIR              run both boots, compare
    check_linux_rtl_figures.py --from TALLY.json OSBI.json   compare given runs
    check_linux_rtl_figures.py --update TALLY.json OSBI.json write the blocks
    check_linux_rtl_figures.py --self-test
    check_linux_rtl_figures.py --rv32 BUILD_DIR       boot rv32 on cv32a6, compare
    check_linux_rtl_figures.py --rv32 --from|--update RV32.json
    check_linux_rtl_figures.py --k612 BUILD_DIR       boot 6.12 on cv64a6, compare
    check_linux_rtl_figures.py --k612 --from|--update K612.json

The rv32 blocks, <!-- linux-rtl rv32 --> and <!-- linux-rtl rv32 perf -->
(docs/boards/cva6.md), are Tally alone on the cv32a6 model (BUILD_DIR: the cva6-rv32 preset; about 25
minutes of one core after the rv32 kernel's build: the `long` test
linux-rtl-rv32, which passes only if the boot passed and the block matches).
The 6.12 blocks, <!-- linux-rtl 6.12 --> and <!-- linux-rtl 6.12 perf -->,
are the same for the kernel of the KVM tests on cv64a6 (BUILD_DIR: the
cva6-rv64 preset; the `long` test linux-rtl-612).

A run is tests/linux/rtl/linux-rtl.py's --json: Tally (BUILD_DIR's
tally.elf) and Debian's OpenSBI 1.1 booting the same kernel, /init and
tree on the cv64a6 model, side by side (about 45 minutes of both cores:
the `long` test linux-rtl-figures). The blocks are
<!-- linux-rtl figures --> (docs/benchmark.md, docs/boards/cva6.md) and
<!-- linux-rtl perf --> (docs/boards/cva6.md: rtl-init's perf stat on
Tally). The model is cycle-exact and the kernel is built reproducibly
(tests/linux/build-kernel.sh), so a run repeats to the cycle; the bound is
a guard for what the flow does not pin (Debian's compiler, updated): the
words must match exactly, each number within one unit of its last digit
+ 0.5 % of the document's (a changed digit in the top three fails).
"""
import json
import os
import pathlib
import re
import subprocess
import sys

from blocks import line_diffs

root = pathlib.Path(__file__).resolve().parents[2]
OPENSBI = "/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_jump.elf"
BLOCKS = {"figures": re.compile(r"(<!-- linux-rtl figures -->\n)(.*?)(<!-- linux-rtl figures end -->)", re.S),
          "perf": re.compile(r"(<!-- linux-rtl perf -->\n)(.*?)(<!-- linux-rtl perf end -->)", re.S)}
NUM = re.compile(r"-?\d[\d,]*(?:\.\d+)?")


def n(v):
    return f"{v:,}"


def render(t, o):
    ts, os_ = t["stages"], o["stages"]

    def row(what, a, b, diff=None):
        return f"| {what} | {a} | {b} | {diff if diff is not None else '—'} |"

    def both(key):
        a, b = ts.get(key), os_.get(key)
        return row(STAGE[key], n(a) if a else "—", n(b) if b else "—",
                   f"{b / a:.1f}×" if a and b else None)
    STAGE = {"payload": "the payload's first instruction (firmware boot)",
             "line": "the kernel's first line (its first SBI call, earlycon=sbi)",
             "init": "/init's first instruction"}
    lines = [f"Cycles of the cv64a6 core from reset, Linux 6.1 (`tests/linux/kernel.config`) "
             f"and rtl-init booted by `scripts/linux-rtl.sh` with bootargs `{t['bootargs']}` "
             f"(one run each; the model is cycle-exact):", "",
             "| cycles to | Tally | OpenSBI 1.1 | OpenSBI 1.1 / Tally |", "|---|---|---|---|"]
    lines += [both(k) for k in ("payload", "line", "init")]
    off = lambda f: n(f["stages"]["stop"]) if f.get("powered_off") else "none: no reset device"
    lines.append(row("power-off through SRST", off(t), off(o)))
    lines += ["", "| M-mode (retire-to-retire gaps ending on an M-mode instruction) | Tally | "
              "OpenSBI 1.1 | OpenSBI 1.1 / Tally |", "|---|---|---|---|"]

    def ratio(a, b):
        return f"{b / a:.1f}×" if a else None
    lines.append(row("cycles from the payload's entry to /init", f"{n(t['boot_m_cycles'])} "
                     f"({t['boot_m_share']} %)", f"{n(o['boot_m_cycles'])} ({o['boot_m_share']} %)",
                     ratio(t["boot_m_cycles"], o["boot_m_cycles"])))
    lines.append(row("entries into M-mode, payload to /init", n(t["boot_m_entries"]),
                     n(o["boot_m_entries"]), ratio(t["boot_m_entries"], o["boot_m_entries"])))
    a, b = t["boot_m_cycles"] / t["boot_m_entries"], o["boot_m_cycles"] / o["boot_m_entries"]
    lines.append(row("cycles per entry, payload to /init", f"{a:.1f}", f"{b:.1f}", ratio(a, b)))
    for k, what in (("counted", "a task counted ({cycles, instructions})"),
                    ("plain", "no perf event")):
        ws, wo = t["switch"], o["switch"]
        lines.append(row(f"cycles per task switch, {what}", n(ws[f"m_per_switch_{k}"]),
                         n(wo[f"m_per_switch_{k}"]),
                         ratio(ws[f"m_per_switch_{k}"], wo[f"m_per_switch_{k}"])))
    lines += ["", "| task switch (a pipe ping-pong with a child, 80 a round), all modes | Tally | "
              "OpenSBI 1.1 | OpenSBI 1.1 − Tally |", "|---|---|---|---|"]
    for k, what in (("counted", "a task counted"), ("plain", "no perf event")):
        a, b = t["switch"][f"cycles_per_switch_{k}"], o["switch"][f"cycles_per_switch_{k}"]
        lines.append(row(f"cycles per switch, {what}", n(a), n(b), f"{b - a:,.1f}"))
    v = lambda f: f"{f['verdict'][0]} passed, {f['verdict'][1]} failed" if f.get("verdict") else "—"
    lines.append(row("rtl-init's checks", v(t), v(o)))
    return {"figures": "\n".join(lines) + "\n",
            "perf": "```\n" + "\n".join(l.rstrip() for l in t["perf"]).strip("\n") + "\n```\n"}


# The runs of one boot each, Tally alone: the rv32 one on cv32a6, and 6.12
# (the KVM tests' kernel, tests/linux/kvm/build-kvm-kernel.sh) on cv64a6.
ONE = {
    "rv32": ("the cv32a6 core, the project's rv32 Linux 6.1", ["--xlen", "32"], "linux-rtl-rv32.json"),
    "612": ("the cv64a6 core, Linux 6.12 with its misaligned-access probe, as the KVM tests build it "
            "(`tests/linux/kvm/kvm.config` over the project's configuration,",
            ["--kernel", "@KVM@"], "linux-rtl-612.json"),
}


def render_one(t, what):
    """One run's figures: its stages, M-mode by kind, task switches."""
    st, sw = t["stages"], t["switch"]
    lay = t["layout"]
    lines = [f"Cycles of {what}{' ' if what.endswith(',') else ' ('}an Image of "
             f"{n(lay['kernel'])} bytes, {n(lay['kernel_mem'])} in memory) and rtl-init under "
             f"Tally (bootargs `{t['bootargs']}`; one run, the model is cycle-exact):", "",
             "| what | cycles |", "|---|---|"]
    lines += [f"| to the payload's first instruction | {n(st['payload'])} |",
              f"| to the kernel's first line | {n(st['line'])} |",
              f"| to /init's first instruction | {n(st['init'])} |",
              f"| to the power-off through SRST | {n(st['stop'])} |",
              f"| in M-mode, payload to /init | {n(t['boot_m_cycles'])} ({t['boot_m_share']} %), "
              f"{n(t['boot_m_entries'])} entries |"]
    # [cycles, entries, instructions]: an entry's cycles against its instructions
    # tell a longer path from a slower one (cache misses, the bus).
    for kind, (cyc, entries, *ins) in sorted(t["boot_m_by_kind"].items(), key=lambda kv: -kv[1][0]):
        each = f", {ins[0] / entries:.1f} instructions" if ins else ""
        lines.append(f"| of which {kind} | {n(cyc)} in {n(entries)} entries, "
                     f"{cyc / entries:.1f} cycles{each} each |")
    lines += [f"| in M-mode per task switch, a task counted / no perf event | "
              f"{sw['m_per_switch_counted']} / {sw['m_per_switch_plain']} |"]
    # A switch's M-mode cycles by what they were for, both windows' kinds.
    kc, kp = sw.get("m_by_kind_counted", {}), sw.get("m_by_kind_plain", {})
    for kind in sorted(set(kc) | set(kp), key=lambda k: -kc.get(k, kp.get(k))[0]):
        c, p = kc.get(kind, [0, 0, 0]), kp.get(kind, [0, 0, 0])
        lines.append(f"| of which {kind}, counted / plain | {c[0]} in {c[1]} entries / "
                     f"{p[0]} in {p[1]} entries |")
    lines += [
              f"| in all modes per task switch, a task counted / no perf event | "
              f"{sw['cycles_per_switch_counted']} / {sw['cycles_per_switch_plain']} |",
              f"| rtl-init's checks | {t['verdict'][0]} passed, {t['verdict'][1]} failed |"]
    for line in t.get("misaligned_lines", []):
        lines.append(f"| the kernel said | {line.replace('|', '/')} |")
    return "\n".join(lines) + "\n"


def one(args, name):
    """--rv32|--k612 BUILD_DIR, or --rv32|--k612 --from/--update RUN.json."""
    what, extra, json_name = ONE[name]
    tag = "rv32" if name == "rv32" else "6.12"
    rxs = {b: re.compile(rf"(<!-- linux-rtl {b} -->\n)(.*?)(<!-- linux-rtl {b} end -->)", re.S)
           for b in (tag, tag + " perf")}
    if len(args) == 2 and args[0] in ("--from", "--update"):
        t = json.load(open(args[1]))
    elif len(args) == 1:
        out = os.path.join(args[0], json_name)
        if "@KVM@" in extra:
            kvm = subprocess.run([str(root / "tests" / "linux" / "kvm" / "build-kvm-kernel.sh")],
                                 stdout=subprocess.PIPE, text=True)
            if kvm.returncode:
                return kvm.returncode
            extra = [kvm.stdout.split()[-1] if a == "@KVM@" else a for a in extra]
        rc = subprocess.call([sys.executable, str(root / "tests" / "linux" / "rtl" / "linux-rtl.py"),
                              *extra, "--firmware", os.path.join(args[0], "tally.elf"),
                              "--json", out, "--log", out + ".console", "--quiet"])
        if rc:
            return rc        # the boot's own verdict (77: no model)
        t = json.load(open(out))
    else:
        print(__doc__)
        return 2
    doc = root / "docs" / "boards" / "cva6.md"
    text = doc.read_text()
    blocks = {tag: render_one(t, what),
              tag + " perf": "```\n" + "\n".join(l.rstrip() for l in t["perf"]).strip("\n") + "\n```\n"}
    bad = []
    for blk, rx in rxs.items():
        m = rx.search(text)
        if not m:
            print(f"{doc.relative_to(root)}: no linux-rtl {blk} block")
            return 1
        if args[0] == "--update":
            text = rx.sub(lambda m: m.group(1) + blocks[blk] + m.group(3), text)
            continue
        bad += [(blk, i, h, w) for i, h, w in line_diffs(m.group(2), blocks[blk], same)]
    if args[0] == "--update":
        doc.write_text(text)
        print(f"updated the linux-rtl {tag} blocks")
        return 0
    for blk, i, h, w in bad:
        print(f"{doc.relative_to(root)}: the linux-rtl {blk} block, line {i}:\n"
              f"  document: {h}\n  measured: {w}")
    if bad:
        print(f"check_linux_rtl_figures.py --{'rv32' if name == 'rv32' else 'k612'} --update RUN.json "
              "writes the measured blocks")
        return 1
    print(f"the linux-rtl {tag} blocks match this run")
    return 0


def same(have, want):
    """The words equal, every number within one unit of its last digit + 0.5 %."""
    if NUM.sub("#", have) != NUM.sub("#", want):
        return False
    for h, w in zip(NUM.findall(have), NUM.findall(want)):
        a, b = float(h.replace(",", "")), float(w.replace(",", ""))
        unit = 10.0 ** -len(h.split(".")[1]) if "." in h else 1.0
        if abs(a - b) > unit + 0.005 * abs(a):
            return False
    return True


def self_test():
    row = "| /init's first instruction | 61,234,567 | 68,345,678 | 1.1× |"
    cases = [(row, True), (row.replace("61,234,567", "61,234,999"), True),
             (row.replace("61,234,567", "62,234,567"), False),
             (row.replace("1.1×", "1.2×"), True), (row.replace("1.1×", "1.4×"), False), (row.replace("/init", "init"), False)]
    bad = [c for c, want in cases if same(row, c) != want]
    for c in bad:
        print(f"self-test: wrong verdict for {c}")
    print("self-test: " + ("FAIL" if bad else f"ok ({len(cases)} cases)"))
    return 1 if bad else 0


def boot(build, fw, out):
    """One linux-rtl.py run into out (JSON), started in the background."""
    return subprocess.Popen([sys.executable, str(root / "tests" / "linux" / "rtl" / "linux-rtl.py"),
                             "--firmware", fw, "--json", out, "--log", out + ".console", "--quiet"])


def docs():
    return [root / "docs" / "benchmark.md", root / "docs" / "boards" / "cva6.md"]


def main():
    args = sys.argv[1:]
    if args == ["--self-test"]:
        return self_test()
    if args[:1] == ["--rv32"]:
        return one(args[1:], "rv32")
    if args[:1] == ["--k612"]:
        return one(args[1:], "612")
    if args[:1] in (["--update"], ["--from"]) and len(args) == 3:
        t, o = (json.load(open(p)) for p in args[1:])
    elif len(args) == 1:
        d = os.path.join(args[0], "linux-rtl")
        os.makedirs(d, exist_ok=True)
        runs = [boot(args[0], os.path.join(args[0], "tally.elf"), d + "/tally.json"),
                boot(args[0], OPENSBI, d + "/opensbi.json")]
        for p in runs:
            p.wait()
        try:
            t, o = (json.load(open(d + f)) for f in ("/tally.json", "/opensbi.json"))
        except (OSError, ValueError) as e:
            print(f"a run left no figures ({e}): see the runs' output above")
            return 1
    else:
        print(__doc__)
        return 2
    blocks = render(t, o)
    bad, found = [], set()
    for doc in docs():
        text = doc.read_text()
        for name, rx in BLOCKS.items():
            for m in rx.finditer(text):
                found.add(name)
                for i, h, w in line_diffs(m.group(2), blocks[name], same):
                    bad.append(f"{doc.relative_to(root)}: the linux-rtl {name} block, line "
                               f"{i}:\n  document: {h}\n  measured: {w}")
            if args[0] == "--update":
                text = rx.sub(lambda m: m.group(1) + blocks[name] + m.group(3), text)
        if args[0] == "--update":
            doc.write_text(text)
    if found != set(BLOCKS):
        print(f"missing blocks: {sorted(set(BLOCKS) - found)}")
        return 1
    if args[0] == "--update":
        print("updated the linux-rtl blocks")
        return 0
    for b in bad:
        print(b)
    if bad:
        print("check_linux_rtl_figures.py --update TALLY.json OSBI.json writes the measured blocks")
        return 1
    print("the linux-rtl blocks match these runs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
