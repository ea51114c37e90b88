#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""The copy of the sources WP reads: src/ as it is, but for four things.

1. In src/cores/pmu/pmu.c a call through the backend's table
   (pmu.be->op(...), be->op(...), backend->op(...)) becomes a direct call of
   proof_be_op(...), the stub pmu_proof.c gives a contract; in src/base/sbi.h
   the call through sbi_shmem_check's mem_ok parameter becomes
   sbi_mem_window(...), the one function the firmware passes it. WP needs a
   `calls` annotation for a call through a pointer, which cannot sit on a
   declaration or inside &&. (The PMU core calls sbi_mem_window directly.)
2. Loop annotations (invariants, what a loop assigns), which WP needs and
   which live here rather than in the firmware's sources. Each is inserted
   before one loop named by its function and its text; a loop not found
   exactly where expected stops the run.
3. proof/eva's hints in pmu.c and mem.c (`/*@ loop unroll N; */`,
   `/*@ slevel ...; */`, one a line) are dropped: they are Eva's, not WP's,
   and the loop annotations above take their place.
4. Nothing else: every inserted block is an ACSL comment, its last line
   marked with /* proof/wp */.

Usage: prepare.py SRC_DIR OUT_DIR
"""
import re
import shutil
import sys

MARK = "/* proof/wp */"

CALL_RE = re.compile(
    r"\b(?:pmu\.be|be|backend)->(map|configure|release|read|start|stop|overflowed|probe)\(")
MEMOK_SBI = "if (hi || !(a = mem_ok(lo, len, &end)))"
EVA_HINT_RE = re.compile(r"^[ \t]*/\*@ (?:loop unroll|slevel) [^*]*\*/[ \t]*\n", re.M)

SET_LOOP = "for (unsigned long idx = base; mask && idx < pmu.num_all;"
SET_INV = """\
	/*@ loop invariant base <= idx <= pmu.num_all;
	    loop invariant off == 8 * (idx - base + 1);
	    loop invariant hart_inv(h);
	    loop invariant \\forall integer k; 0 <= k ==>
	        (has(mask, k) <==> has(\\at(mask, Pre), k + (idx - base)));
	    loop assigns idx, mask, off, {assigns}; */"""

# (file, function, loop text, occurrence within the function, annotation)
LOOPS = [
    ("cores/pmu/pmu.c", "logical_of", "for (unsigned i = 3; i < pmu.num_hw; i++)", 1, """\
	/*@ loop invariant 3 <= i <= pmu.num_hw;
	    loop invariant sub(s, pmu.hpm_set);
	    loop assigns i, s; */"""),
    ("cores/pmu/pmu.c", "start_set", SET_LOOP, 1, SET_INV.format(assigns=
        "h->ctr[0 .. PMU_MAX_COUNTERS - 1].fw_value, h->ctr[0 .. PMU_MAX_COUNTERS - 1].fw_start")),
    ("cores/pmu/pmu.c", "stop_set", SET_LOOP, 1, SET_INV.format(assigns=
        "bit, h->excl_held, h->ctr[0 .. PMU_MAX_COUNTERS - 1].fw_value,\n"
        "\t                 LOWER_SNAP(h->shmem)")),
    ("cores/pmu/pmu.c", "release_set", "for (; set; set &= set - 1)", 1, """\
	/*@ loop invariant sub(set, \\at(set, Pre));
	    loop invariant hart_inv(h);
	    loop assigns set, h->excl_held; */"""),
    ("cores/pmu/pmu.c", "pmu_event_get_info", "for (p = top; p >= base; p -= size)", 1, """\
	/*@ loop invariant base - 16 <= p <= top;
	    loop assigns p; */"""),
    ("cores/pmu/pmu.c", "pmu_event_get_info", "for (p = top; p >= base; p -= size)", 2, """\
	/*@ loop invariant base - 16 <= p <= top;
	    loop assigns p, LOWER_INFO(base, end); */"""),
    ("base/mem.c", "sbi_mem_window", "for (i = 0; i < features.num_ram; i++)", 1, """\
	/*@ loop invariant 0 <= i <= features.num_ram;
	    loop invariant \\forall integer j; 0 <= j < i ==>
	        !(addr >= features.ram[j].lo && end <= features.ram[j].hi);
	    loop assigns i; */"""),
]


def fail(msg):
    sys.exit("prepare.py: " + msg)


def function_start(lines, name):
    """The line of the definition of function name: its name and '(' at the
    start of a line or after a type, not a call (no ';' ends the header)."""
    pat = re.compile(r"^(?:[A-Za-z_].*[\s*])?" + re.escape(name) + r"\(")
    hits = [i for i, l in enumerate(lines) if pat.match(l) and not l.rstrip().endswith(";")
            and not l.startswith("\t") and not l.startswith(" ")]
    if len(hits) != 1:
        fail("function %s: %d definitions found" % (name, len(hits)))
    return hits[0]


def annotate(text, path):
    lines = text.split("\n")
    inserts = []
    for f, fn, loop, nth, annot in LOOPS:
        if f != path:
            continue
        start = function_start(lines, fn)
        seen = 0
        for i in range(start + 1, len(lines)):
            if lines[i] == "}":
                break
            if lines[i].strip().rstrip("{").strip() == loop:
                seen += 1
                if seen == nth:
                    inserts.append((i, annot))
                    break
        else:
            fail("%s: loop %r not found in %s" % (path, loop, fn))
        if seen != nth:
            fail("%s: loop %r (#%d) not found in %s" % (path, loop, nth, fn))
    for i, annot in sorted(inserts, reverse=True):
        indent = re.match(r"\s*", lines[i]).group(0)
        block = [indent + l.lstrip("\t") if l.startswith("\t") else l
                 for l in annot.split("\n")]
        block[-1] += " " + MARK
        lines[i:i] = block
    return "\n".join(lines)


def main():
    src, out = sys.argv[1], sys.argv[2]
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(src, out)

    p = out + "/cores/pmu/pmu.c"
    text = open(p).read()
    text, n = CALL_RE.subn(lambda m: "proof_be_%s(" % m.group(1), text)
    if n < 8:
        fail("pmu.c: only %d backend calls rewritten" % n)
    text = EVA_HINT_RE.sub("", text)
    if re.search(r"->\s*[a-z_]+\s*\(", text):
        fail("pmu.c: a call through a pointer is left: " +
             re.search(r".*->\s*[a-z_]+\s*\(.*", text).group(0))
    open(p, "w").write(annotate(text, "cores/pmu/pmu.c"))

    p = out + "/base/sbi.h"
    text = open(p).read()
    if text.count(MEMOK_SBI) != 1:
        fail("sbi.h: sbi_shmem_check's call of mem_ok not found")
    open(p, "w").write(text.replace(MEMOK_SBI,
                                    "if (hi || !(a = sbi_mem_window(lo, len, &end)))"))

    p = out + "/base/mem.c"
    text = annotate(EVA_HINT_RE.sub("", open(p).read()), "base/mem.c")
    open(p, "w").write(text)


if __name__ == "__main__":
    main()
