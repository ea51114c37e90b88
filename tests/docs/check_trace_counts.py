#!/usr/bin/env python3
"""Check (or --update) the instruction counts the documents quote.

    check_trace_counts.py [--update] BUILD_DIR PRESET
    check_trace_counts.py --self-test

A count in README.md or docs/*.md that scripts/trace.sh measures is
followed by a comment that says where it comes from:

    `trap_entry` (19<!-- trace.sh qemu-virt-rv64 pmu_start: trap_entry --> instructions)
    27 + 35<!-- trace.sh qemu-virt-rv64 pmu_start: pmu_counter_start start_hw -->
    30<!-- trace.sh qemu-virt-rv64 get_spec_version: trap_entry+restore -->

The comment names a preset, a call of the trace payload and one item per
number: a function of trace.sh's per-function table, several joined by +
(their sum), or total. It checks the numbers just before it on its line
(after any earlier comment on that line), the last one against the last
item. This script runs trace.sh on BUILD_DIR, a build of PRESET, for every
call that PRESET's comments name, and fails on a number that differs, a
function that is not in the trace, or no comment at all for PRESET; with
--update it writes the measured numbers into the documents instead.
Rendered Markdown does not show the comments; the count stays readable.
"""
import os, pathlib, re, subprocess, sys

from blocks import self_test_verdict, command_line

root = pathlib.Path(__file__).resolve().parents[2]
NOTE = re.compile(r"<!-- trace\.sh (\S+) (\w+): ([\w+ ]+?) -->")
NUM = re.compile(r"\d+")


def docs():
    return [root / "README.md"] + sorted((root / "docs").glob("**/*.md"))


def trace(build, call, cache={}):
    """{function: count, 'total': n} of one call, from scripts/trace.sh."""
    if call not in cache:
        env = dict(os.environ, TRACE_QUIET="1")
        r = subprocess.run([str(root / "scripts" / "trace.sh"), "--check", str(build), call],
                           capture_output=True, text=True, env=env)
        if r.returncode:
            sys.exit(f"trace.sh --check {build} {call} failed:\n{r.stdout}{r.stderr}")
        counts = {}
        for line in r.stdout.splitlines():
            m = re.match(r"^ +(\d+)  (\S+)$", line)
            if m:
                # GCC's clones (configure_hw.isra.0) are the source's function:
                # a document names that, whatever the optimiser calls it.
                fn = re.sub(r"(\.(isra|constprop|part)\.\d+)+$", "", m.group(2))
                counts[fn] = counts.get(fn, 0) + int(m.group(1))
        cache[call] = counts
    return cache[call]


def value(counts, item, call):
    total = 0
    for fn in item.split("+"):
        if fn not in counts:
            return None, f"no function {fn} in the trace of {call} (has: {', '.join(counts)})"
        total += counts[fn]
    return total, None


def check_line(line, where, preset, counts_of, update):
    """One line: (the line, with measured counts if update, problems, numbers checked).
    counts_of(call) is trace.sh's {function: count} of the call."""
    problems, checked = [], 0
    pieces, last = [], 0
    for m in NOTE.finditer(line):
        before = line[last:m.start()]
        if m.group(1) != preset:
            pieces.append(before + m.group(0))
            last = m.end()
            continue
        items = m.group(3).split()
        nums = list(NUM.finditer(before))
        if len(nums) < len(items):
            problems.append(f"{where}: {len(items)} items but {len(nums)} numbers before the comment")
            pieces.append(before + m.group(0))
            last = m.end()
            continue
        counts = counts_of(m.group(2))
        targets = nums[len(nums) - len(items):]
        new_before, pos = "", 0
        for num, item in zip(targets, items):
            checked += 1
            want, err = value(counts, item, m.group(2))
            new_before += before[pos:num.start()]
            pos = num.end()
            if err:
                problems.append(f"{where}: {err}")
                new_before += num.group(0)
            elif int(num.group(0)) != want:
                if update:
                    new_before += str(want)
                else:
                    problems.append(f"{where}: {num.group(0)} for {m.group(2)}: {item}, "
                                    f"trace.sh on {preset} says {want}")
                    new_before += num.group(0)
            else:
                new_before += num.group(0)
        pieces.append(new_before + before[pos:] + m.group(0))
        last = m.end()
    return "".join(pieces) + line[last:], problems, checked


def self_test():
    """The check passes the counts as measured and fails each real change."""
    counts = {"pmu_start": {"trap_entry": 19, "pmu_counter_start": 27, "start_hw": 35, "total": 120}}
    good = ("`trap_entry` (19<!-- trace.sh P pmu_start: trap_entry --> instructions), "
            "27 + 35<!-- trace.sh P pmu_start: pmu_counter_start start_hw -->, "
            "54<!-- trace.sh P pmu_start: trap_entry+start_hw -->, 5<!-- trace.sh Q other: total -->\n")
    changes = [("(19<", "(18<"), ("27 +", "28 +"), ("+ 35", "+ 36"), ("54<", "55<"),
               ("trap_entry -->", "no_such_function -->")]
    wrong = []
    new, probs, n = check_line(good, "good", "P", counts.get, True)
    if probs or n != 4 or new != good:
        wrong.append(f"the measured counts: {probs}, {n} checked")
    for old, changed in changes:
        line = good.replace(old, changed, 1)
        _, probs, _ = check_line(line, "changed", "P", counts.get, False)
        new, _, _ = check_line(line, "changed", "P", counts.get, True)
        if not probs:
            wrong.append(f"{old} -> {changed}: passed")
        elif "no_such" not in line and new != good:
            wrong.append(f"{old} -> {changed}: --update would not write the count back")
    return self_test_verdict(wrong, f"{len(changes)} changes caught, the measured line passes")


def main():
    update, args = command_line(self_test)
    if len(args) != 2:
        sys.exit(__doc__)
    build, preset = pathlib.Path(args[0]), args[1]
    problems, checked = [], 0
    for doc in docs():
        text = doc.read_text()
        out, changed = [], False
        for lineno, line in enumerate(text.splitlines(keepends=True), 1):
            where = f"{doc.relative_to(root)}:{lineno}"
            new, probs, n = check_line(line, where, preset, lambda call: trace(build, call), update)
            problems += probs
            checked += n
            changed |= new != line
            out.append(new)
        if changed:
            doc.write_text("".join(out))
            print(f"{doc.relative_to(root)}: updated")
    for p in problems:
        print(p)
    print(f"{checked} counts for {preset} checked against scripts/trace.sh, {len(problems)} wrong")
    if problems and not update:
        print(f"refresh with: python3 tests/docs/check_trace_counts.py --update build/{preset} {preset}"
              " (and re-read the prose around each number)")
    sys.exit(1 if problems or checked == 0 else 0)


if __name__ == "__main__":
    main()
