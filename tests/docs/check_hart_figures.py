#!/usr/bin/env python3
"""Check (or --update) what a hart costs, as the documents quote it.

    check_hart_figures.py [--update] BUILD_DIR PRESET
    check_hart_figures.py --self-test

A figure of per-hart memory in README.md or docs/*.md is followed by a
comment naming the preset it was measured on and what it is:

    3,888<!-- harts qemu-virt-rv64 slot --> bytes

Items, all from BUILD_DIR (a build of PRESET), none from a run:
    record   sizeof(struct hart) from tally.elf's debug information, rounded
             up to 16: its place in the slot (src/hart/hart.h)
    stack    TALLY_STACK_SIZE, from the build's cache
    slot     record + stack: one hart's memory past the image
    deepest  the worst M-mode stack, trap frame included
             (tools/stack-depth.py's report, written at every link)
    spare    stack - deepest
The number just before each comment is checked; a number written with a
thousands comma is written back with one. It fails on a differing number,
an unknown item, or no comment at all for PRESET; --update writes the
measured numbers into the documents instead.
"""
import json, pathlib, re, subprocess, sys

from blocks import self_test_verdict, command_line

root = pathlib.Path(__file__).resolve().parents[2]
NOTE = re.compile(r"([\d,]+)<!-- harts (\S+) (\w+) -->")


def docs():
    return [root / "README.md"] + sorted((root / "docs").glob("**/*.md"))


def cache_value(build, name):
    for line in (build / "CMakeCache.txt").read_text().splitlines():
        if line.startswith(name + ":"):
            return line.split("=", 1)[1]
    sys.exit(f"check_hart_figures: {name} is not in {build}/CMakeCache.txt")


def record_size(elf, readelf):
    """DW_AT_byte_size of the first full definition of struct hart."""
    out = subprocess.run([readelf, "--debug-dump=info", str(elf)], capture_output=True,
                         text=True, check=True).stdout
    lines = out.splitlines()
    for i, line in enumerate(lines):
        if "DW_TAG_structure_type" not in line:
            continue
        attrs = lines[i + 1:i + 4]
        if any(re.search(r"DW_AT_name\s+:.*: hart$", a) for a in attrs):
            for a in attrs:
                m = re.search(r"DW_AT_byte_size\s+:\s+(\d+)", a)
                if m:
                    return int(m.group(1))
    sys.exit(f"check_hart_figures: no definition of struct hart in {elf}'s debug information")


def measure(build):
    elf = build / "tally.elf"
    report = build / "tally.stack.json"
    if not report.exists():
        sys.exit(f"check_hart_figures: {report} missing (tools/stack-depth.py writes it at link)")
    objdump = cache_value(build, "CMAKE_OBJDUMP")
    readelf = re.sub(r"objdump$", "readelf", objdump)
    record = (record_size(elf, readelf) + 15) // 16 * 16
    stack = int(cache_value(build, "TALLY_STACK_SIZE"))
    deepest = json.loads(report.read_text())["worst"]
    return {"record": record, "stack": stack, "slot": record + stack,
            "deepest": deepest, "spare": stack - deepest}


def fmt(value, like):
    return f"{value:,}" if "," in like else str(value)


def check(text, preset, figures, update):
    """(new text, [problems], comments for preset) of one document."""
    problems, seen = [], 0

    def fix(m):
        nonlocal seen
        have, p, item = m.group(1), m.group(2), m.group(3)
        if p != preset:
            return m.group(0)
        seen += 1
        if item not in figures:
            problems.append(f"unknown item '{item}' (one of {', '.join(figures)})")
            return m.group(0)
        want = fmt(figures[item], have)
        if have != want:
            problems.append(f"{preset} {item}: the document says {have}, the build has {want}")
        return f"{want}<!-- harts {p} {item} -->"

    new = NOTE.sub(fix, text)
    return new, problems, seen


def run(build, preset, update):
    figures = measure(pathlib.Path(build))
    bad, total = 0, 0
    for doc in docs():
        text = doc.read_text()
        new, problems, seen = check(text, preset, figures, update)
        total += seen
        for p in problems:
            print(f"{doc.relative_to(root)}: {p}")
        bad += len(problems)
        if update and new != text:
            doc.write_text(new)
    if not total:
        print(f"check_hart_figures: no document quotes a figure of {preset}")
        return 1
    print(f"{preset}: " + ", ".join(f"{k} {v}" for k, v in figures.items()) +
          f"; {total} figures in the documents" + (", updated" if update and bad else ""))
    return 0 if update or not bad else 1


def self_test():
    figures = {"record": 2304, "stack": 1584, "slot": 3888, "deepest": 1344, "spare": 240}
    text = ("3,888<!-- harts p slot --> = 2304<!-- harts p record --> + 1584<!-- harts p stack -->;"
            " 9<!-- harts q slot -->")
    wrong = []
    new, problems, seen = check(text, "p", figures, False)
    if problems or seen != 3:
        wrong.append(f"the right figures: {problems}, {seen} seen")
    for old, changed in (("3,888<!", "3,880<!"), ("2304<!", "2305<!"), ("1584<!-- harts p stack",
                                                                       "1584<!-- harts p stak")):
        new, problems, _ = check(text.replace(old, changed), "p", figures, False)
        if not problems:
            wrong.append(f"'{changed}' passed")
    new, _, _ = check(text.replace("3,888<!", "3,880<!"), "p", figures, True)
    if "3,888<!" not in new or "9<!-- harts q" not in new:
        wrong.append(f"--update wrote {new!r}")
    return self_test_verdict(wrong, "a changed figure, an unknown item and --update")


def main():
    update, args = command_line(self_test)
    if len(args) != 2:
        sys.exit(__doc__)
    return run(args[0], args[1], update)


if __name__ == "__main__":
    sys.exit(main())
