#!/usr/bin/env python3
"""Check (or --update) the generated per-core event tables in docs/pmu.md.

    check_pmu_tables.py [--update] TOOLS_BUILD_DIR

Each table sits between
    <!-- BEGIN generated: pmu_tables_<core> -->
    <!-- END generated: pmu_tables_<core> -->
and must be exactly what TOOLS_BUILD_DIR/pmu_tables_<core> prints: the
firmware's PMU core and that core's backend, asked event by event on a fake
of the core's CSR file (tests/docs/pmu_tables.c). A backend change that
moves an event makes this test fail until the document is refreshed with
--update (and the prose around the table re-read).
"""
import pathlib, re, subprocess, sys

CORES = ["qemu", "cva6", "ibex"]
root = pathlib.Path(__file__).resolve().parents[2]
doc = root / "docs" / "pmu.md"

args = sys.argv[1:]
update = "--update" in args
args = [a for a in args if a != "--update"]
if len(args) != 1:
    sys.exit(__doc__)
tools = pathlib.Path(args[0])

text = doc.read_text()
failed = False
for core in CORES:
    exe = tools / f"pmu_tables_{core}"
    got = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout
    pat = re.compile(rf"(<!-- BEGIN generated: pmu_tables_{core} -->\n)(.*?)(<!-- END generated: pmu_tables_{core} -->)",
                     re.S)
    m = pat.search(text)
    if not m:
        print(f"{doc}: no block for pmu_tables_{core}")
        failed = True
        continue
    if m.group(2) == got:
        print(f"pmu_tables_{core}: docs/pmu.md agrees ({got.count(chr(10)) - 2} events)")
        continue
    if update:
        text = text[:m.start(2)] + got + text[m.end(2):]
        print(f"pmu_tables_{core}: docs/pmu.md updated")
        continue
    failed = True
    print(f"pmu_tables_{core}: docs/pmu.md differs from the generated table")
    old, new = m.group(2).splitlines(), got.splitlines()
    for line in old:
        if line not in new:
            print(f"  doc only:       {line}")
    for line in new:
        if line not in old:
            print(f"  generated only: {line}")
if update:
    doc.write_text(text)
if failed:
    print("refresh with: python3 tests/docs/check_pmu_tables.py --update build/host/tests/docs")
    sys.exit(1)
