#!/usr/bin/env python3
"""Check (or --update) the RTL cycle figures the documents quote.

    check_rtl_figures.py [--update] [--run COL ...] [--logs COL ...] [--log-dir DIR] [--built DIR]

COL is a column of tests/rtl/bench-rtl.py (floor-rv64, tally-rv64,
opensbi-rv64, floor-rv32, tally-rv32, ibex, tally-rv64h, opensbi-rv64h). --run runs it on its Verilator
model now (its log goes to --log-dir); --logs reads the log a run left in
--log-dir (`--logs all`: every log there). Then, in README.md, docs/*.md
and docs/boards/*.md:

  - each block between <!-- bench-rtl TABLE --> and <!-- bench-rtl end -->
    (TABLE: one of TABLES below) must be the table this tool renders, cell
    by cell, for the cells whose columns were measured (a ratio or a
    target needs every column it is made of); the other cells are not
    looked at;
  - each number followed by a note naming its source:
        109<!-- rtl tally-rv64: spec_version -->          steady state
        115<!-- rtl tally-rv64: spec_version first -->    the first call
        4.0×<!-- rtl opensbi-rv64 / tally-rv64: spec_version -->
        38<!-- rtl tally-rv64h: vs_rdtime mmode -->       M-mode instructions (H model)
    is compared the way it is written (143 293, 143,293, 4.0×).

A column whose model variable (CVA6_SIM_RV64, CVA6_SIM_RV32, CVA6_SIM_RV64H,
IBEX_SIM) is
not set is not run: exit 77 (ctest's skip) when that leaves nothing to
check. --update writes the measured cells and figures instead of failing.
The runs repeat to the cycle (bench-rtl.py says why), so a figure that
differs is a change.
"""
import argparse
import importlib.util
import os
import pathlib
import re
import sys

from blocks import self_test_verdict

root = pathlib.Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("bench_rtl", root / "tests" / "rtl" / "bench-rtl.py")
bench_rtl = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench_rtl)

ROWNAME = dict(bench_rtl.ROWS)
# A call a firmware leaves out shows "— (n)"; the note under the table says why.
FOOTNOTE = {"started counter handed out again": 1, "SBI < 2.0": 2, "SBI < 3.0": 3}


def fmt(n):
    return f"{n:,}".replace(",", " ")


def steady(col, key):
    """A column's cell: steady state / first call (boot: one figure)."""
    def cell(res):
        if col not in res:
            return None
        r = res[col]
        if key in r["rows"]:
            v = r["rows"][key]
            if key == "boot" or key not in r["first"]:
                return fmt(v)
            return f"{v} / {r['first'][key]}"
        if key in r["na"]:
            why = r["na"][key]
            return f"— ({FOOTNOTE.get(why, why)})"
        return "—"
    return cell


def value(res, col, key):
    """(known, steady-state figure or None)."""
    if col not in res:
        return False, None
    return True, res[col]["rows"].get(key)


def mmode(col, key):
    """A column's M-mode instructions per exit (the H model's table)."""
    def cell(res):
        if col not in res:
            return None
        v = res[col].get("mmode", {}).get(key)
        return str(v) if v is not None else "—"
    return cell


def ratio(num, den, key, what="rows"):
    def cell(res):
        if num not in res or den not in res:
            return None
        a, b = res[num].get(what, {}).get(key), res[den].get(what, {}).get(key)
        return f"{a / b:.1f}×" if a and b else "—"
    return cell


# The issue-25 targets of the trap rows on cv64a6 (goals, not measurements):
# key -> (times the floor, a floor row added, or None).
TRAP_TARGET = {
    "unknown_eid": (2, None), "spec_version": (2, None), "set_timer": (2, None),
    "rdtime": (2, "mtime_read"), "tick": (3, None),
}
MIS = ("mis_lw", "mis_lhu", "mis_ld", "mis_sw", "mis_sh", "mis_sd")
MIS_LIMIT, MIS_UNDER = 150, 4


def trap_limit(res, floor, key):
    times, extra = TRAP_TARGET[key]
    (k1, f), (_, e) = value(res, floor, key), value(res, floor, extra or key)
    if not k1:
        return None
    if not f or (extra and not e):
        return "—"
    return times * f + (e if extra else 0)


def target(floor, key):
    def cell(res):
        if key in MIS:
            return "the same" if key != MIS[0] else f"≤ {MIS_LIMIT} and ≥ {MIS_UNDER}× under OpenSBI"
        if key not in TRAP_TARGET:
            return ""
        lim = trap_limit(res, floor, key)
        if lim is None:
            return None
        times, extra = TRAP_TARGET[key]
        return f"≤ {times}× floor{' + one mtime read' if extra else ''} ({lim})"
    return cell


def met(tally, floor, osbi, key):
    def cell(res):
        (kt, t) = value(res, tally, key)
        if key in MIS:
            (ko, o) = value(res, osbi, key)
            if not (kt and ko):
                return None
            if not (t and o):
                return "—"
            fast, under = t <= MIS_LIMIT, o >= MIS_UNDER * t
            return {(True, True): "yes", (False, False): "no", (True, False): f"≤ {MIS_LIMIT} only",
                    (False, True): f"{MIS_UNDER}× only"}[(fast, under)]
        if key not in TRAP_TARGET:
            return ""
        lim = trap_limit(res, floor, key)
        if not kt or lim is None:
            return None
        if not t or lim == "—":
            return "—"
        return "yes" if t <= lim else "no"
    return cell


# issue 19's targets on CVA6 rv64 (goals): get_spec_version in at most 80
# cycles, every PMU call at least 5x fewer cycles than OpenSBI 1.1.
SPEC_LIMIT, PMU_UNDER = 80, 5
PMU_ROWS = ("num_counters", "get_info", "cfg_instret", "cfg_instret_held", "cfg_fw",
            "cfg_fw_held", "startstop_hw", "startstop_fw", "fw_read", "fw_read_hi", "event_info")


def call_target(key):
    def cell(res):
        if key == "spec_version":
            return f"≤ {SPEC_LIMIT}"
        return f"≥ {PMU_UNDER}× under OpenSBI" if key in PMU_ROWS else ""
    return cell


def call_met(tally, osbi, key):
    def cell(res):
        (kt, t) = value(res, tally, key)
        if key == "spec_version":
            return None if not kt else "—" if not t else "yes" if t <= SPEC_LIMIT else "no"
        if key not in PMU_ROWS:
            return ""
        (ko, o) = value(res, osbi, key)
        if not (kt and ko):
            return None
        if not (t and o):
            return "—"
        return "yes" if o >= PMU_UNDER * t else "no"
    return cell


CALL_ROWS = ["unknown_eid", "spec_version", "num_counters", "get_info", "cfg_instret",
             "cfg_instret_held", "cfg_fw", "cfg_fw_held", "startstop_hw", "startstop_fw",
             "fw_read", "fw_read_hi", "event_info", "boot"]
TRAP_ROWS = ["unknown_eid", "spec_version", "rdtime", "mis_lw", "mis_lhu", "mis_ld", "mis_sw",
             "mis_sh", "mis_sd", "set_timer", "tick"]
LOADS = ["mtime_read", "ram_read"]
HYP_ROWS = [k for k, _ in bench_rtl.HYP_ROWS]


def rows_of(keys, columns, loads=()):
    """[(row title, [cell function per column])]; the floor's loads fill only its column."""
    out = [(ROWNAME[k], [c(k) for _, c in columns]) for k in keys]
    for k in loads:
        out.append((ROWNAME[k], [steady(c.col, k) if getattr(c, "col", "").startswith("floor")
                                 else (lambda res: "") for _, c in columns]))
    return out


def col(name):
    def make(key):
        return steady(name, key)
    make.col = name
    return make


# name -> (header cells after "call", [(column header, key -> cell function)], rows, loads)
TABLES = {
    "calls": ([("Tally CVA6 rv64", col("tally-rv64")),
               ("OpenSBI 1.1 CVA6 rv64", col("opensbi-rv64")),
               ("Tally CVA6 rv32", col("tally-rv32")),
               ("Tally Ibex (U-mode)", col("ibex")),
               ("OpenSBI / Tally rv64", lambda k: ratio("opensbi-rv64", "tally-rv64", k)),
               ("target", call_target),
               ("met", lambda k: call_met("tally-rv64", "opensbi-rv64", k))],
              CALL_ROWS, []),
    "traps-rv64": ([("floor", col("floor-rv64")),
                    ("Tally", col("tally-rv64")),
                    ("OpenSBI 1.1", col("opensbi-rv64")),
                    ("Tally / floor", lambda k: ratio("tally-rv64", "floor-rv64", k)),
                    ("OpenSBI / Tally", lambda k: ratio("opensbi-rv64", "tally-rv64", k)),
                    ("target", lambda k: target("floor-rv64", k)),
                    ("met", lambda k: met("tally-rv64", "floor-rv64", "opensbi-rv64", k))],
                   TRAP_ROWS, LOADS),
    "traps-rv32": ([("floor", col("floor-rv32")),
                    ("Tally", col("tally-rv32")),
                    ("Tally / floor", lambda k: ratio("tally-rv32", "floor-rv32", k))],
                   [k for k in TRAP_ROWS if k not in ("mis_ld", "mis_sd")], LOADS),
    "hyp-rv64": ([("Tally: cycles", col("tally-rv64h")),
                  ("Tally: M-mode instructions", lambda k: mmode("tally-rv64h", k)),
                  ("OpenSBI 1.1: cycles", col("opensbi-rv64h")),
                  ("OpenSBI 1.1: M-mode instructions", lambda k: mmode("opensbi-rv64h", k)),
                  ("OpenSBI / Tally, cycles", lambda k: ratio("opensbi-rv64h", "tally-rv64h", k)),
                  ("OpenSBI / Tally, instructions",
                   lambda k: ratio("opensbi-rv64h", "tally-rv64h", k, "mmode"))],
                 HYP_ROWS, []),
}


def render(name, res):
    """The table as rows of cells; None where a column it needs was not measured."""
    columns, keys, loads = TABLES[name]
    lines = [["call"] + [h for h, _ in columns], ["---"] * (len(columns) + 1)]
    for title, cells in rows_of(keys, columns, loads):
        lines.append([title] + [c(res) for c in cells])
    return lines


SPLIT = re.compile(r" ?(?<!\\)\| ?")


def cells_of(line):
    return SPLIT.split(line.strip())[1:-1]


def join(cells):
    return "| " + " | ".join(cells) + " |" if cells[1:2] != ["---"] else "|" + "---|" * len(cells)


BLOCK = re.compile(r"(<!-- bench-rtl ([\w-]+) -->\n)(.*?)(<!-- bench-rtl end -->)", re.S)
NOTE = re.compile(r"(\d(?:[\d, ]*\d)?(?:\.\d+)?)(×)?<!-- rtl ([\w-]+)(?: / ([\w-]+))?: (\w+)( first| mmode)? -->")


def docs():
    return ([root / "README.md"] + sorted((root / "docs").glob("*.md"))
            + sorted((root / "docs").glob("*/*.md")))


def check_block(doc, name, body, res, bad):
    """(new body, cells checked)."""
    if name not in TABLES:
        bad.append(f"{doc}: no table '{name}' (tables: {', '.join(TABLES)})")
        return body, 0
    want = render(name, res)
    have = [cells_of(l) for l in body.splitlines() if l.strip()]
    checked = 0
    if len(have) != len(want) or any(len(h) != len(w) for h, w in zip(have, want)):
        bad.append(f"{doc}: table '{name}' has not the rows and columns the tool renders")
        have = [[c if c is not None else "?" for c in w] for w in want]
    out = []
    for h, w in zip(have, want):
        row = []
        for i, (hc, wc) in enumerate(zip(h, w)):
            if wc is None:
                row.append(hc)
                continue
            checked += 1
            if hc != wc:
                bad.append(f"{doc}: table '{name}', row '{h[0]}', column '{want[0][i]}': "
                           f"{hc}, measured {wc}")
            row.append(wc)
        out.append(join(row))
    return "\n".join(out) + "\n", checked


def styled(v, shown):
    if " " in shown:
        return fmt(v)
    if "," in shown:
        return f"{v:,}"
    return str(v)


def self_test():
    """The check passes every table as rendered from a run and fails a changed cell."""
    keys = sorted({k for cols, rows, loads in TABLES.values() for k in list(rows) + list(loads)})
    res = {c: {"rows": {k: 1000 + 37 * i + 11 * j for i, k in enumerate(keys)},
               "first": {k: 2000 + 37 * i + 11 * j for i, k in enumerate(keys)}, "na": {},
               "mmode": {k: 100 + 7 * i + 3 * j for i, k in enumerate(keys)}}
           for j, (c, _) in enumerate(bench_rtl.RUNS)}
    wrong, cases = [], 0
    for name in TABLES:
        body = "\n".join(join(r) for r in render(name, res)) + "\n"
        bad = []
        new, n = check_block("doc", name, body, res, bad)
        if bad or new != body or not n:
            wrong.append(f"{name}: the rendered table fails: {bad[:1]}")
        lines = body.splitlines()
        for row in (2, len(lines) - 1):               # the first and the last row
            cells = cells_of(lines[row])
            for i in range(1, len(cells)):
                if not re.search(r"\d", cells[i]):
                    continue
                changed = cells[:i] + [re.sub(r"\d", lambda d: str((int(d.group()) + 1) % 10), cells[i], 1)] + cells[i + 1:]
                text = "\n".join(lines[:row] + [join(changed)] + lines[row + 1:]) + "\n"
                bad = []
                new, _ = check_block("doc", name, text, res, bad)
                cases += 1
                if not bad or new != body:
                    wrong.append(f"{name}: row {row} column {i}: '{cells[i]}' -> '{changed[i]}' "
                                 f"{'passed' if not bad else 'not written back'}")
    return self_test_verdict(wrong, f"{len(TABLES)} tables pass as rendered, {cases} changed cells caught")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--update", action="store_true")
    ap.add_argument("--run", action="append", default=[], choices=[k for k, _ in bench_rtl.RUNS])
    ap.add_argument("--logs", action="append", default=[],
                    choices=[k for k, _ in bench_rtl.RUNS] + ["all"])
    ap.add_argument("--log-dir", default=str(root / "build" / "bench-rtl"))
    ap.add_argument("--built", help="the build directory of the preset being tested")
    ap.add_argument("--self-test", action="store_true", help="check the checker, no model")
    a = ap.parse_args()
    if a.self_test:
        return self_test()
    res = {}
    runnable = [k for k in a.run if os.environ.get(bench_rtl.MODEL_VAR[k])]
    if a.run and not runnable:
        print(f"SKIPPED: {', '.join(sorted({bench_rtl.MODEL_VAR[k] for k in a.run}))} not set "
              "(point it at the Verilator model)")
        return 77
    for key in a.run:
        if key not in runnable:
            print(f"check_rtl_figures: {bench_rtl.MODEL_VAR[key]} not set, column {key} not run")
            continue
        r = bench_rtl.run_column(key, a.log_dir, a.built)
        if not r:
            sys.exit(f"check_rtl_figures: column {key} could not run")
        res[key] = r[1]
    logs = [k for k, _ in bench_rtl.RUNS] if "all" in a.logs else a.logs
    for key in logs:
        r = bench_rtl.from_log(key, a.log_dir)
        if r:
            res[key] = r[1]
        elif "all" not in a.logs:
            sys.exit(f"check_rtl_figures: no finished run of {key} in {a.log_dir}")
    if not res:
        print("SKIPPED: no column measured (no model variable set, no log)")
        return 77
    print(f"check_rtl_figures: columns {', '.join(res)}")

    bad, checked = [], 0
    for doc in docs():
        text = doc.read_text()
        rel = doc.relative_to(root)

        def block(m):
            nonlocal checked
            body, n = check_block(rel, m.group(2), m.group(3), res, bad)
            checked += n
            return m.group(1) + body + m.group(4)

        def note(m):
            nonlocal checked
            shown, times, num, den, key, first = m.groups()
            if num not in res or (den and den not in res):
                return m.group(0)
            r = res[num]
            kind = {" first": "first", " mmode": "mmode"}.get(first, "rows")
            v = r.get(kind, {}).get(key)
            if den:
                d = res[den].get(kind, {}).get(key)
                want = f"{v / d:.1f}" if v and d else None
            else:
                want = styled(v, shown) if isinstance(v, int) else None
            what = f"{num}{' / ' + den if den else ''}: {key}{first or ''}"
            if want is None:
                bad.append(f"{rel}: no figure for '{what}' in this run")
                return m.group(0)
            checked += 1
            if want != shown:
                bad.append(f"{rel}: {shown}{times or ''} for '{what}', measured {want}")
            return want + m.group(0)[len(shown):]

        new = NOTE.sub(note, BLOCK.sub(block, text))
        if a.update and new != text:
            doc.write_text(new)
    if not checked:
        print("no RTL figure of these columns found in the documents")
        return 1
    if a.update:
        print(f"updated: {checked} figures and cells")
        return 0
    for b in bad:
        print(b)
    if bad:
        print("tests/docs/check_rtl_figures.py --update --logs all (after tests/rtl/bench-rtl.py) "
              "writes the measured figures")
        return 1
    print(f"{checked} RTL figures and table cells match this run")
    return 0


if __name__ == "__main__":
    sys.exit(main())
