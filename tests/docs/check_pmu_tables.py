#!/usr/bin/env python3
"""Check (or --update) the generated per-core event tables in docs/pmu.md.

    check_pmu_tables.py [--update] TOOLS_BUILD_DIR
    check_pmu_tables.py --self-test     prove that the check can fail

Each table sits between
    <!-- BEGIN generated: pmu_tables_<core> -->
    <!-- END generated: pmu_tables_<core> -->
and must be exactly what TOOLS_BUILD_DIR/pmu_tables_<core> prints: the
firmware's PMU core and that core's backend, asked event by event on a fake
of the core's CSR file (tests/docs/pmu_tables.c). A backend change that
moves an event makes this test fail until the document is refreshed with
--update (and the prose around the table re-read).

docs/boards/cva6.md holds the same answers by Linux perf event name
(block pmu_perf_cva6: `pmu_tables_cva6 --perf`).
"""
import pathlib, re, subprocess, sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from blocks import command_line  # noqa: E402 (the path above first)

root = pathlib.Path(__file__).resolve().parents[2]
# (document, block name, tool, its arguments)
TABLES = [(root / "docs" / "pmu.md", f"pmu_tables_{c}", f"pmu_tables_{c}", [])
          for c in ["qemu", "cva6", "ibex"]]
TABLES.append((root / "docs" / "boards" / "cva6.md", "pmu_perf_cva6", "pmu_tables_cva6", ["--perf"]))

def compare(text, block, got, update):
    """(text, problems): text's block checked against got; with update, got written in."""
    pat = re.compile(rf"(<!-- BEGIN generated: {block} -->\n)(.*?)(<!-- END generated: {block} -->)",
                     re.S)
    m = pat.search(text)
    if not m:
        return text, [f"no block for {block}"]
    if m.group(2) == got:
        return text, []
    if update:
        return text[:m.start(2)] + got + text[m.end(2):], []
    old, new = m.group(2).splitlines(), got.splitlines()
    problems = [f"{block} differs from the generated table"]
    problems += [f"  doc only:       {line}" for line in old if line not in new]
    problems += [f"  generated only: {line}" for line in new if line not in old]
    if len(problems) == 1:
        problems.append("  the same lines, in another order or count")
    return text, problems


def self_test():
    """The check passes a block equal to the tool's output and fails each real change."""
    from blocks import self_test_verdict
    got = "| event | counter |\n|---|---|\n| CPU_CYCLES | 0 |\n| INSTRUCTIONS | 2 |\n"
    doc = ("intro\n<!-- BEGIN generated: pmu_tables_x -->\n" + got +
           "<!-- END generated: pmu_tables_x -->\nafter\n")
    changes = [("| 2 |", "| 3 |"), ("| INSTRUCTIONS | 2 |\n", ""), ("| 0 |\n", "| 0 |\n| EXTRA | 4 |\n"),
               ("pmu_tables_x -->\n|", "pmu_tables_y -->\n|"),
               ("| CPU_CYCLES | 0 |\n| INSTRUCTIONS | 2 |\n", "| INSTRUCTIONS | 2 |\n| CPU_CYCLES | 0 |\n")]
    wrong = []
    if compare(doc, "pmu_tables_x", got, False)[1]:
        wrong.append("the generated table itself failed")
    for old, changed in changes:
        bad = doc.replace(old, changed, 1)
        if bad == doc:
            wrong.append(f"{old!r}: the self-test's change did not apply")
            continue
        if not compare(bad, "pmu_tables_x", got, False)[1]:
            wrong.append(f"{old!r} -> {changed!r}: passed")
        fixed, probs = compare(bad, "pmu_tables_x", got, True)
        if "pmu_tables_y" not in bad and (probs or fixed != doc):
            wrong.append(f"{old!r} -> {changed!r}: --update did not write the table back")
    return self_test_verdict(wrong, f"{len(changes)} changes caught, the generated table passes")


def main():
    update, args = command_line(self_test)
    if len(args) != 1:
        sys.exit(__doc__)
    tools = pathlib.Path(args[0])
    texts = {}
    failed = False
    for doc, block, tool, targs in TABLES:
        text = texts.setdefault(doc, doc.read_text())
        name = doc.relative_to(root)
        got = subprocess.run([str(tools / tool)] + targs, capture_output=True, text=True,
                             check=True).stdout
        texts[doc], problems = compare(text, block, got, update)
        for p in problems:
            print(f"{name}: {p}" if not p.startswith(" ") else p)
        failed |= bool(problems)
        if not problems:
            print(f"{block}: {name} {'updated' if texts[doc] != text else 'agrees'}")
    if update:
        for doc, text in texts.items():
            doc.write_text(text)
    if failed:
        print("refresh with: python3 tests/docs/check_pmu_tables.py --update build/host/tests/docs")
        sys.exit(1)


if __name__ == "__main__":
    main()
