#!/usr/bin/env python3
"""The linux-stat test: run scripts/linux-stat.py as a user would and read its output.

    test-linux-stat.py BUILD_DIR [--update]     (a built qemu-virt-rv64)

One boot with docs/linux.md's sample command: every workload gets its
block, every event of the block a count (not <not counted>), cycles and
instructions above 0 and an IPC, the spin at least its 4N instructions,
SET_TIMER counted during the sleep (Linux without Sstc sets its timer
through SBI), dTLB read misses during the page walk. The sample output in
docs/linux.md must be this run's: the same lines, each number within 2%
(or 3 counts) but the TLB misses, which vary; --update rewrites it. A second boot whose workload fails (a
mapping too large for the machine) must exit non-zero with the reason.
"""
import os
import re
import subprocess
import sys

build = os.path.realpath(sys.argv[1])
update = sys.argv[2:] == ["--update"]
root = os.path.realpath(os.path.join(os.path.dirname(__file__), "..", ".."))
tool = os.path.join(root, "scripts", "linux-stat.py")
doc = os.path.join(root, "docs", "linux.md")
SAMPLE = ["spin", "100000", "sleep", "20", "pages", "16"]   # docs/linux.md's command
BEGIN, END = "<!-- BEGIN generated: linux-stat -->", "<!-- END generated: linux-stat -->"
EVENTS = ["cycles", "instructions", "dTLB-load-misses", "dTLB-store-misses", "iTLB-load-misses"] + \
    ["fw:" + e for e in ("MISALIGNED_LOAD", "MISALIGNED_STORE", "ACCESS_LOAD", "ACCESS_STORE",
                         "ILLEGAL_INSN", "SET_TIMER", "IPI_SENT", "IPI_RECEIVED", "FENCE_I_SENT",
                         "FENCE_I_RECEIVED", "SFENCE_VMA_SENT", "SFENCE_VMA_RECEIVED",
                         "SFENCE_VMA_ASID_SENT", "SFENCE_VMA_ASID_RECEIVED")]
failed = []


def check(ok, what):
    print(("ok - " if ok else "FAIL - ") + what)
    if not ok:
        failed.append(what)


def stat(*args, log):
    return subprocess.run([sys.executable, tool, "--build", build, "--log", log, *args],
                          capture_output=True, text=True, timeout=600)


work = os.path.join(build, "linux-stat")
os.makedirs(work, exist_ok=True)
r = stat(*SAMPLE, log=os.path.join(work, "test.log"))
print(r.stdout)
sys.stderr.write(r.stderr)
check(r.returncode == 0, f"linux-stat exits 0 (got {r.returncode})")

blocks = {}
for m in re.finditer(r"Performance counter stats for '([^']+)'.*?\n\n(.*?)\n\n", r.stdout, re.S):
    counts = {}
    for line in m.group(2).splitlines():
        f = line.split()
        if len(f) >= 2 and re.fullmatch(r"[\d,]+", f[0]):
            counts[f[1]] = int(f[0].replace(",", ""))
        elif len(f) >= 3 and f[0].startswith("<"):   # <not counted> NAME, <not supported> NAME
            counts[f[2]] = None
    blocks[m.group(1)] = (counts, m.group(2))

check(list(blocks) == ["spin 100000", "sleep 20", "pages 16"],
      f"one block per workload, in order ({list(blocks)})")
for name, (counts, text) in blocks.items():
    missing = [e for e in EVENTS if counts.get(e) is None]
    check(not missing, f"{name}: every event has a count (missing or not counted: {missing})")
    check((counts.get("cycles") or 0) > 0 and (counts.get("instructions") or 0) > 0,
          f"{name}: cycles {counts.get('cycles')} and instructions {counts.get('instructions')} > 0")
    check(re.search(r"instructions\s+#\s+[\d.]+\s+insn per cycle", text) is not None,
          f"{name}: an IPC beside instructions")
spin = blocks.get("spin 100000", ({}, ""))[0]
check((spin.get("instructions") or 0) >= 400000, f"spin 100000: >= 400,000 instructions ({spin.get('instructions')})")
sleep = blocks.get("sleep 20", ({}, ""))[0]
check((sleep.get("fw:SET_TIMER") or 0) >= 1, f"sleep 20: SET_TIMER counted ({sleep.get('fw:SET_TIMER')})")
pages = blocks.get("pages 16", ({}, ""))[0]
check((pages.get("dTLB-load-misses") or 0) >= 16,
      f"pages 16: >= 16 dTLB read misses ({pages.get('dTLB-load-misses')})")
check("IPC is 1" in " ".join(r.stdout.split()), "the notes say why IPC is 1")



def near(doc_line, run_line):
    """The same words; numbers within 2% or 3 of each other. TLB misses: any
    number, as QEMU resizes its software TLB on the host's clock, so how
    often it misses varies from run to run (-icount or not)."""
    a, b = doc_line.split(), run_line.split()
    if len(a) != len(b):
        return False
    free = "TLB-" in doc_line
    for x, y in zip(a, b):
        if re.fullmatch(r"[\d,]+(\.\d+)?", x) and re.fullmatch(r"[\d,]+(\.\d+)?", y):
            u, v = float(x.replace(",", "")), float(y.replace(",", ""))
            if not free and abs(u - v) > max(0.02 * max(u, v), 0 if "." in x else 3):
                return False
        elif x != y:
            return False
    return True


text = open(doc).read()
head, sep, rest = text.partition(BEGIN)
_, sep2, tail = rest.partition(END)
sample = f"```text\n$ scripts/linux-stat.py {' '.join(SAMPLE)}\n{r.stdout.strip(chr(10))}\n```\n"
if update and r.returncode == 0:
    open(doc, "w").write(head + BEGIN + "\n" + sample + END + tail)
    print(f"updated {doc}")
elif not (sep and sep2):
    check(False, f"{doc} has the {BEGIN} ... {END} block")
else:
    old = [ln for ln in rest.partition(END)[0].strip().splitlines()]
    new = sample.strip().splitlines()
    bad_lines = [f"doc: {o!r}\nrun: {n!r}" for o, n in zip(old, new) if not near(o, n)]
    check(len(old) == len(new) and not bad_lines,
          "docs/linux.md's sample output is this run's (refresh: tests/linux/test-linux-stat.py "
          f"BUILD --update): {len(old)} vs {len(new)} lines" + "".join("\n" + b for b in bad_lines[:5]))

bad = stat("pages", "100000000", log=os.path.join(work, "test-fail.log"))
check(bad.returncode != 0 and "FAILED: pages mmap failed" in bad.stderr,
      f"a failing workload: exit {bad.returncode} and the reason on stderr")

print(f"{len(failed)} failed" if failed else "linux-stat: all checks passed")
sys.exit(1 if failed else 0)
