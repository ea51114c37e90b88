#!/usr/bin/env python3
"""Check (or --update) what perf costs Linux per context switch, as docs/benchmark.md quotes it.

    check_linux_figures.py [--update] BUILD_DIR [bench-linux.py options]

Runs scripts/bench-linux.py (the whole benchmark: Linux 6.1 on Tally, the
qemu-virt-rv64 build in BUILD_DIR, and on Debian's OpenSBI 1.1, timed and
traced under qemu -icount with a fixed -seed) and compares its output with
the block between <!-- bench-linux.py tables --> and
<!-- bench-linux.py tables end --> in README.md and docs/*.md, every
figure of it: the words exactly, each number within 0.2 + 0.1 % of the
document's, and a traced instruction count (a whole number) within 1:
OpenSBI 1.1's traced calls have extremes that move by one instruction
from run to run (one loaded run in four showed it; its medians did not),
a spread of the trace that the bound takes in. Under -icount with a fixed -seed a run prints the same block
every time, with the same kernel: a clean clone on another machine once
moved five of OpenSBI's cells by 0.1, because the kernel it built printed
another builder, host and date (tests/linux/build-kernel.sh now fixes
them: two builds in two folders are the same bytes). The bound stays as a
guard; it is far inside every spread the block shows and far below any
change worth reading (a digit moved in the tens fails it); `--self-test`
shows both. With --update it
writes the output there instead. A run that fails one of the script's own
checks fails here with its message.
"""
import pathlib
import re
import subprocess
import sys

from blocks import line_diffs

root = pathlib.Path(__file__).resolve().parents[2]
NUM = re.compile(r"-?\d+(?:\.\d+)?")


def same(have, want):
    """The words equal, and every number within 0.2 + 0.1 % of the document's;
    a traced instruction count (a whole number, not a ×count) within 1."""
    if NUM.sub("#", have) != NUM.sub("#", want):
        return False
    for h, w in zip(NUM.finditer(have), NUM.finditer(want)):
        a, b = float(h.group()), float(w.group())
        bound = 0.2 + 0.001 * abs(a)
        if "." not in h.group() and not have[:h.start()].endswith("×"):
            bound = max(bound, 1)
        if abs(a - b) > bound:
            return False
    return True


def self_test():
    row = "| one task counted | 7157.9 [7157.5-7158.9] | 8612.2 [8611.7-8613.2] | 1454.3 |"
    call = "| config_matching | cycles | 176 [176-202] ×61 | 392 [392-393] ×61 | 2.2× |"
    cases = [(row, row, True), (row, row.replace("8612.2", "8612.3"), True),
             (row, row.replace("1454.3", "1454.1"), True), (row, row.replace("7157.9", "7167.9"), False),
             (row, row.replace("1454.3", "1464.3"), False), (row, row.replace("counted", "count"), False),
             (row, row + " 1 |", False), (call, call, True),
             (call, call.replace("393]", "392]"), True), (call, call.replace("[176-", "[175-"), True),
             (call, call.replace("393]", "395]"), False), (call, call.replace("392 [", "393 ["), True),
             (call, call.replace("392 [", "394 ["), False),
             (call, call.replace("×61 | 2", "×62 | 2"), False)]
    bad = [c for doc, c, want in cases if same(doc, c) != want]
    block = row + "\n" + row.replace("one task", "both tasks") + "\n"
    if [d[0] for d in line_diffs(block, block.replace("7157.9", "7167.9") + "extra\n", same)] != [1, 2, 3]:
        bad.append("line_diffs: a changed figure on lines 1 and 2 and an extra line 3")
    for c in bad:
        print(f"self-test: wrong verdict for {c}")
    print("self-test: " + ("FAIL" if bad else f"ok ({len(cases)} cases)"))
    return 1 if bad else 0


BLOCK = re.compile(r"(<!-- bench-linux\.py tables -->\n)(.*?)(<!-- bench-linux\.py tables end -->)", re.S)


def main():
    args = sys.argv[1:]
    if args == ["--self-test"]:
        return self_test()
    update = args[:1] == ["--update"]
    if update:
        args = args[1:]
    if not args:
        print(__doc__)
        return 2
    build, extra = args[0], args[1:]
    r = subprocess.run([sys.executable, str(root / "scripts" / "bench-linux.py"), "--built", build]
                       + extra, capture_output=True, text=True)
    sys.stderr.write(r.stderr)
    if r.returncode:
        print(r.stdout)
        print(f"bench-linux.py failed ({r.returncode})")
        return 1
    table = r.stdout.strip("\n") + "\n"
    bad, found = [], 0
    for doc in [root / "README.md"] + sorted((root / "docs").glob("**/*.md")):
        text = doc.read_text()
        for m in BLOCK.finditer(text):
            found += 1
            for i, h, w in line_diffs(m.group(2), table, same):
                bad.append(f"{doc.relative_to(root)}: the bench-linux.py block, line {i}:\n"
                           f"  document: {h}\n  measured: {w}")
        if update:
            new = BLOCK.sub(lambda m: m.group(1) + table + m.group(3), text)
            if new != text:
                doc.write_text(new)
    if not found:
        print("no bench-linux.py block found in the documents")
        return 1
    if update:
        print(f"updated {found} block(s)")
        return 0
    for b in bad:
        print(b)
    if bad:
        print(f"tests/docs/check_linux_figures.py --update {build} writes the measured block")
        return 1
    print(f"the bench-linux.py block matches this run ({len(table.splitlines())} lines)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
