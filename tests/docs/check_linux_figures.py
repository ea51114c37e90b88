#!/usr/bin/env python3
"""Check (or --update) what perf costs Linux per context switch, as docs/benchmark.md quotes it.

    check_linux_figures.py [--update] BUILD_DIR [bench-linux.py options]

Runs scripts/bench-linux.py (the whole benchmark: Linux 6.1 on Tally, the
qemu-virt-rv64 build in BUILD_DIR, and on Debian's OpenSBI 1.1, timed and
traced under qemu -icount with a fixed -seed) and compares its output with
the block between <!-- bench-linux.py tables --> and
<!-- bench-linux.py tables end --> in README.md and docs/*.md, every
figure of it, exactly: under -icount with a fixed -seed two runs print
the same block. With --update it writes the output there instead. A run
that fails one of the script's own checks fails here with its message.
"""
import pathlib
import re
import subprocess
import sys

root = pathlib.Path(__file__).resolve().parents[2]
BLOCK = re.compile(r"(<!-- bench-linux\.py tables -->\n)(.*?)(<!-- bench-linux\.py tables end -->)", re.S)


def main():
    args = sys.argv[1:]
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
            have, want = m.group(2).splitlines(), table.splitlines()
            for i in range(max(len(have), len(want))):
                h = have[i] if i < len(have) else "(nothing)"
                w = want[i] if i < len(want) else "(nothing)"
                if h != w:
                    bad.append(f"{doc.relative_to(root)}: the bench-linux.py block, line {i + 1}:\n"
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
