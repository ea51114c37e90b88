#!/usr/bin/env python3
"""Check (or --update) the broadcast-cost table and plot against their results.

    check_bench_harts.py [--update]                 render from docs/bench-harts.json
    check_bench_harts.py --live BUILD_DIR N         also re-measure Tally at N harts
    check_bench_harts.py --self-test

scripts/bench-harts.py --record docs/bench-harts.json measures (a 512-hart
run is minutes, so CI never does); this renders the table and its notes
from that file and compares them with the block of docs/benchmark.md
between <!-- bench-harts.py table --> and <!-- bench-harts.py table end -->,
and the plot with docs/bench-harts.svg, character for character. --update
writes them. --live (BUILD_DIR: a qemu-virt-rv64 build with tally.elf and
bench_harts.elf) also runs Tally at N harts now and fails unless every
figure equals the recorded one: -icount makes the counts the same on every
run, so a difference is a change of the firmware the record has not seen.
"""
import json
import pathlib
import re
import sys

from blocks import self_test_verdict, command_line

root = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(root / "scripts"))
bench_harts = __import__("bench-harts")   # scripts/bench-harts.py  # noqa: E402

RESULTS = root / "docs" / "bench-harts.json"
DOC = root / "docs" / "benchmark.md"
SVG = root / "docs" / "bench-harts.svg"
BLOCK = re.compile(r"(<!-- bench-harts\.py table -->\n)(.*?)(<!-- bench-harts\.py table end -->)", re.S)


def block(results):
    table, checks = bench_harts.render(results)
    return "\n".join(table + [""] + [f"- {c}" for c in checks]) + "\n"


def check(text, svg_text, results):
    """(new document, new svg, problems)"""
    want = block(results)
    bad = []
    found = BLOCK.findall(text)
    if len(found) != 1:
        bad.append("docs/benchmark.md: no single bench-harts.py block")
    elif found[0][1] != want:
        bad.append("docs/benchmark.md: the bench-harts.py table differs from docs/bench-harts.json")
    new = BLOCK.sub(lambda m: m.group(1) + want + m.group(3), text)
    svg = bench_harts.svg(results)
    if svg_text != svg:
        bad.append("docs/bench-harts.svg differs from the plot of docs/bench-harts.json")
    return new, svg, bad


KEYS = ("boot", "ipi", "sfence")


def live(build, n, results):
    """Problems: Tally's figures at n harts now against the recorded ones."""
    rec = results["firmwares"]["Tally"].get(str(n))
    if rec is None:
        return [f"no recorded Tally run at {n} harts"]
    elf = pathlib.Path(build) / "tests" / "payload" / "bench_harts.elf"
    b, e = bench_harts.symbol(str(elf), "bh_mark_begin"), bench_harts.symbol(str(elf), "bh_mark_end")
    now, wall = bench_harts.run("Tally", str(pathlib.Path(build) / "tally.bin"), str(elf), n, b, e)
    print(f"live: Tally at {n} harts in {wall:.1f} s: {json.dumps({k: now.get(k) for k in KEYS})}")
    return [f"Tally {n} harts {k}: recorded {rec.get(k)}, measured now {now.get(k)}"
            for k in KEYS + tuple(k + "_rounds" for k in KEYS[1:]) if rec.get(k) != now.get(k)]


def self_test():
    """The check passes the rendered figures and fails each real change."""
    results = {"qemu": "QEMU emulator version 7.2", "rounds": 4, "harts": [1, 2],
               "firmwares": {"Tally": {"1": {"boot": [90, 90], "ipi": [10, 10], "sfence": [20, 20],
                                            "wall_s": 1.0},
                                      "2": {"boot": [95, 120], "ipi": [12, 30], "sfence": [25, 50],
                                            "wall_s": 1.5}},
                             "OpenSBI 1.1": {"1": {"boot": [900, 900], "ipi": [100, 100],
                                                  "sfence": [200, 200], "wall_s": 2.0},
                                            "2": {"boot": [950, 1900], "why": "stopped",
                                                  "wall_s": 3.0}}}}
    doc = "x\n<!-- bench-harts.py table -->\n" + block(results) + "<!-- bench-harts.py table end -->\n"
    svg = bench_harts.svg(results)
    wrong = []
    _, _, bad = check(doc, svg, results)
    if bad:
        wrong.append(f"the rendered figures fail: {bad}")
    changes = [("| 30 |", "| 31 |"), ("(1) stopped", "(1) stops"), ("— (1)", "—")]
    for old, new in changes:
        if old not in doc:
            wrong.append(f"{old!r} not in the rendered table")
            continue
        fixed, _, bad = check(doc.replace(old, new, 1), svg, results)
        if not bad:
            wrong.append(f"{old} -> {new}: passed")
        elif fixed != doc:
            wrong.append(f"{old} -> {new}: --update would not write the rendered table back")
    svg_changed = svg.replace("<circle", "<circle opacity=\"1\"", 1)
    if not check(doc, svg_changed, results)[2]:
        wrong.append("a changed plot passed")
    other = json.loads(json.dumps(results))
    other["firmwares"]["Tally"]["2"]["ipi"] = [12, 31]
    if not check(doc, svg, other)[2]:
        wrong.append("a changed result passed")
    # A figure with a note (a sender's spin in it) is in the table with its
    # note, and neither in the plot nor in a comparison.
    noted = json.loads(json.dumps(results))
    noted["firmwares"]["OpenSBI 1.1"]["2"] = {"boot": [950, 1900], "ipi": [110, 220],
                                              "sfence": [7000, 7100], "sfence_note": "spins",
                                              "wall_s": 3.0}
    table, checks = bench_harts.render(noted)
    if not any("7000 (" in line for line in table):
        wrong.append("a noted figure is not in the table with its note mark")
    # the run adds two figures, an IPI and a noted fence: one point more
    if bench_harts.svg(noted).count("<circle") != bench_harts.svg(results).count("<circle") + 1:
        wrong.append("a noted figure is in the plot")
    if not any("sfence: at every N both measured (1)" in c for c in checks):
        wrong.append("a noted figure is compared")
    return self_test_verdict(wrong, f"{len(changes) + 2} changes caught, the rendered text "
                             f"passes, a noted figure is in the table only")


def main():
    update, args = command_line(self_test)
    results = json.loads(RESULTS.read_text())
    bad = []
    if args[:1] == ["--live"] and len(args) == 3:
        bad += live(args[1], int(args[2]), results)
    elif args:
        print(__doc__)
        return 2
    text, svg_text = DOC.read_text(), SVG.read_text() if SVG.exists() else ""
    new, svg, b = check(text, svg_text, results)
    if update:
        DOC.write_text(new)
        SVG.write_text(svg)
        print("updated: docs/benchmark.md's bench-harts.py block and docs/bench-harts.svg")
        b = []
    bad += b
    for x in bad:
        print(x)
    if bad:
        print("scripts/bench-harts.py --record docs/bench-harts.json measures; "
              "tests/docs/check_bench_harts.py --update renders")
        return 1
    print("the broadcast table and plot match docs/bench-harts.json" +
          (", and Tally measured now matches it" if args else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
