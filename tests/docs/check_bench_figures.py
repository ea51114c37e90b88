#!/usr/bin/env python3
"""Check (or --update) the benchmark figures the documents quote.

    check_bench_figures.py [--update] BUILD_DIR
    check_bench_figures.py --self-test

Runs scripts/bench.py's measurements once (BUILD_DIR: a qemu-virt build
that is up to date; the other qemu-virt preset is built if needed), then
checks in README.md and docs/*.md:

  - every number followed by a note naming its source:
        44<!-- bench Tally rv64: unknown_eid -->
        1,920<!-- bench OpenSBI 1.1 rv64: linux61_switch -->
        90 k<!-- bench Tally rv64: boot -->       (also "11.8 M")
        31768<!-- size qemu-virt-rv64 -->         (text + data, bytes)
    a column of bench.py's table, then a row key of tests/payload/bench.c;
    the number is written as the note's neighbour shows it (1,920, 90 993,
    90 k, 11.8 M) and compared in that form;
  - the block between <!-- bench.py table --> and <!-- bench.py table end -->,
    which must be bench.py's table and notes as it prints them now.

With --update it writes what was measured instead of failing. The bench
runs under qemu -icount, so every figure is the same on every machine.
"""
import os
import pathlib
import re
import sys

from blocks import self_test_verdict

root = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(root / "scripts"))
import bench  # noqa: E402

NOTE = re.compile(r"(\d(?:[\d, ]*\d)?(?:\.\d+)?)( ?[kM])?<!-- (bench (.+?): (\w+)|size ([\w-]+)) -->")
BLOCK = re.compile(r"(<!-- bench\.py table -->\n)(.*?)(<!-- bench\.py table end -->)", re.S)


def docs():
    return [root / "README.md"] + sorted((root / "docs").glob("**/*.md"))


def styled(value, shown, unit):
    """value written the way `shown` (and its unit) is written."""
    if unit and unit.strip() == "k":
        return f"{round(value / 1000)}{unit}"
    if unit and unit.strip() == "M":
        return f"{value / 1e6:.1f}{unit}"
    if "," in shown:
        return f"{value:,}"
    if " " in shown.strip():
        return f"{value:,}".replace(",", " ")
    return str(value)


def check_text(text, name, results, sizes, table):
    """One document: (the text with the measured figures, problems, figures checked)."""
    bad, checked = [], 0

    def fix(m):
        nonlocal checked
        shown, unit = m.group(1), m.group(2) or ""
        lead = shown[: len(shown) - len(shown.lstrip())]
        if m.group(6):
            value = sizes.get(m.group(6))
            what = f"size {m.group(6)}"
        else:
            column, key = m.group(4), m.group(5)
            value = results.get(column, ({},))[0].get(key)
            what = f"{column}: {key}"
        if not isinstance(value, int):
            bad.append(f"{name}: no figure for '{what}' in this run")
            return m.group(0)
        checked += 1
        want = styled(value, shown, unit)
        if (shown.strip() + unit) != want:
            bad.append(f"{name}: {shown.strip()}{unit} for '{what}', measured {want}")
        return lead + want + m.group(0)[len(m.group(1)) + len(unit):]

    new = NOTE.sub(fix, text)
    for _, body, _ in BLOCK.findall(new):
        checked += 1
        if body != table:
            bad.append(f"{name}: the bench.py table differs from this run")
    new = BLOCK.sub(lambda m: m.group(1) + table + m.group(3), new)
    return new, bad, checked


def self_test():
    """The check passes the figures as measured and fails each real change."""
    results = {"Tally rv64": ({"unknown_eid": 32, "boot": 94803, "cfg_fw": 1931},)}
    sizes = {"qemu-virt-rv64": 31768}
    table = "| call | Tally rv64 |\n| unknown EID | 32 |\n"
    good = ("32<!-- bench Tally rv64: unknown_eid --> 95 k<!-- bench Tally rv64: boot --> "
            "94 803<!-- bench Tally rv64: boot --> 1,931<!-- bench Tally rv64: cfg_fw --> "
            "31768<!-- size qemu-virt-rv64 -->\n<!-- bench.py table -->\n" + table +
            "<!-- bench.py table end -->\n")
    changes = [("32<!--", "33<!--"), ("95 k", "94 k"), ("94 803", "94 802"), ("1,931", "1,932"),
               ("31768", "31767"), ("| 32 |", "| 31 |"), ("unknown_eid -->", "no_such_row -->")]
    wrong = []
    new, bad, n = check_text(good, "good", results, sizes, table)
    if bad or n != 6 or new != good:
        wrong.append(f"the measured figures: {bad}, {n} checked")
    for old, changed in changes:
        text = good.replace(old, changed, 1)
        new, bad, _ = check_text(text, "changed", results, sizes, table)
        if not bad:
            wrong.append(f"{old} -> {changed}: passed")
        elif "no_such_row" not in text and new != good:
            wrong.append(f"{old} -> {changed}: --update would not write the measured figure back")
    return self_test_verdict(wrong, f"{len(changes)} changes caught, the measured text passes")


def main():
    args = sys.argv[1:]
    if args == ["--self-test"]:
        return self_test()
    update = args[:1] == ["--update"]
    if update:
        args = args[1:]
    if len(args) != 1:
        print(__doc__)
        return 2
    results = bench.measure(os.path.realpath(args[0]))
    sizes = dict(s.split() for s in bench.image_sizes())
    table = "\n".join(bench.render(results)) + "\n"
    bad, checked = [], 0
    for doc in docs():
        text = doc.read_text()
        new, b, n = check_text(text, str(doc.relative_to(root)), results, sizes, table)
        bad += b
        checked += n
        if update and new != text:
            doc.write_text(new)
    if not checked:
        print("no benchmark figure found in the documents")
        return 1
    if update:
        print(f"updated: {checked} figures and tables")
        return 0
    for b in bad:
        print(b)
    if bad:
        print("tests/docs/check_bench_figures.py --update BUILD_DIR writes the measured figures")
        return 1
    print(f"{checked} benchmark figures and tables match this run")
    return 0


if __name__ == "__main__":
    sys.exit(main())
