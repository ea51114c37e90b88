#!/usr/bin/env python3
"""The call-cost benchmark on the RTL models: core cycles per SBI call.

    tests/rtl/bench-rtl.py [--only NAME ...] [--log-dir DIR] [--built BUILD_DIR] [--from-logs]
    cmake --build --preset cva6-rv64 --target bench-rtl     (runs this)

Runs tests/payload/bench.c built with BENCH_CYCLES (bench_cycles.elf:
rdcycle around 32 calls minus the same loop with a nop, every answer
checked) on
  - Tally, cva6-rv64 preset, on the cv64a6_imafdc_sv39 testharness model;
  - Debian's OpenSBI 1.1 (package opensbi, generic fw_jump.bin) on the same
    model with the same payload (rv64 only: Debian ships no rv32 build);
  - Tally, cva6-rv32 preset, on the cv32a6_imac_sv32 model;
  - Tally, ibex preset (U-mode payload), on Ibex simple_system;
  - Tally and OpenSBI 1.1 on the cv64a6_imafdch_sv39 model (CVA6 with H)
    with another payload, tests/payload/hyp/bench_hyp.c: an HS-mode
    payload whose guest (VS, then VU) times its exits into M-mode, rdtime
    and a misaligned load or store of each width, in cycles and in M-mode
    instructions (minstret), and the same exits from HS-mode itself;
  - the floor (tests/rtl/bench-floor.S: the least an M-mode handler does for
    each trap timed, built here) on both CVA6 models with the same payload,
    which then runs only the rows the floor answers: the unknown EID,
    get_spec_version, and the traps (rdtime, misaligned loads and stores,
    set_timer, a timer tick), plus two loads the floor times in M-mode at
    boot (mtime on the bus, cached RAM);
and prints one markdown table: steady state (the mean of 32 calls) and
first call, per core (and one for the H model's columns, whose rows are
the guest's exits, with their M-mode instructions beside the cycles).

Each image is the firmware's flat binary up to the payload address, then
bench_cycles.bin, as one ELF segment at the firmware base (what the models
load). The CVA6 images have no `tohost` symbol, so the host never halts
the core to poll it (each halt adds cycles to what is timed); the run ends
on the firmware's own store to its tohost word (Tally's SRST), or to the
payload's bench_exit word (OpenSBI 1.1 has no reset device there), which
the model is told to watch with +tohost_addr=. Runs are then repeatable
to the cycle.

Models: CVA6_SIM_RV64 / CVA6_SIM_RV32 (or CVA6_SIM for the one XLEN),
CVA6_SIM_RV64H (the model with H), IBEX_SIM; by default the ones in ../shared/rtl next to the repository.
Presets are built if their build folder lacks the files. A run that fails
an answer (or does not finish) prints why and no figure.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.realpath(os.path.join(os.path.dirname(__file__), "..", ".."))
SHARED = os.path.realpath(os.path.join(ROOT, "..", "shared", "rtl"))
OPENSBI = "/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_jump.bin"
CROSS = "riscv64-unknown-elf-"
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from bench import REASONS  # noqa: E402  the QEMU benchmark's footnotes, for the same answers

# (key the payload prints, the row)
ROWS = [
    ("unknown_eid", "unknown EID"),
    ("spec_version", "base get_spec_version"),
    ("num_counters", "pmu num_counters"),
    ("get_info", "pmu counter_get_info"),
    ("cfg_instret", "config_matching(INSTRUCTIONS, CLEAR_VALUE\\|AUTO_START) + stop(RESET)"),
    ("cfg_instret_held", "the same, every other counter that can count it held"),
    ("cfg_fw", "config_matching(firmware event) + stop(RESET)"),
    ("cfg_fw_held", "the same, 15 of 16 firmware counters held"),
    ("startstop_hw", "start(SET_INIT_VALUE) + stop, minstret"),
    ("startstop_fw", "start(SET_INIT_VALUE) + stop, firmware counter"),
    ("fw_read", "fw_read"),
    ("fw_read_hi", "fw_read_hi"),
    ("event_info", "event_get_info, 1 entry"),
    ("rdtime", "rdtime, emulated (no time CSR)"),
    ("mis_lw", "lw at address+1, emulated"),
    ("mis_lhu", "lhu at address+3, emulated"),
    ("mis_ld", "ld at address+1, emulated (rv64)"),
    ("mis_sw", "sw at address+1, emulated"),
    ("mis_sh", "sh at address+3, emulated"),
    ("mis_sd", "sd at address+1, emulated (rv64)"),
    ("set_timer", "set_timer, far deadline"),
    ("tick", "set_timer(passed deadline) + the M timer interrupt → STIP: one tick's firmware share"),
    ("mtime_read", "one load of mtime on the bus (M-mode, dependent loads)"),
    ("ram_read", "one load of cached RAM (the same loop)"),
    ("boot", "boot: reset to payload entry"),
]
# The H model's rows (bench_hyp.c): <mode>_<exit>, the guest's exits in VS
# and VU, then the host's own in HS.
HYP_MODES = [("vs", "VS"), ("vu", "VU"), ("hs", "HS (no guest)")]
HYP_EXITS = [("rdtime", "rdtime, emulated (no time CSR)"),
             ("mis_lh", "lh at address+3, emulated"),
             ("mis_lw", "lw at address+1, emulated"),
             ("mis_ld", "ld at address+1, emulated"),
             ("mis_sh", "sh at address+3, emulated"),
             ("mis_sw", "sw at address+1, emulated"),
             ("mis_sd", "sd at address+1, emulated")]
HYP_ROWS = [(f"{m}_{x}", f"{title}: {what}") for m, title in HYP_MODES for x, what in HYP_EXITS]
ROWS += HYP_ROWS


def env_model(*names, default):
    for n in names:
        if os.environ.get(n):
            return os.environ[n]
    return default


def cache_var(build, name):
    with open(os.path.join(build, "CMakeCache.txt")) as f:
        for line in f:
            m = re.match(rf"{name}:[A-Z]+=(.*)", line)
            if m:
                return m.group(1)
    sys.exit(f"bench-rtl: {name} not in {build}/CMakeCache.txt")


def ensure_built(preset, built, payload="bench_cycles"):
    """Configure and build the preset's firmware and the payload (make
    decides what is stale), unless it is the build directory the caller
    (the bench-rtl target) has just built."""
    build = os.path.join(ROOT, "build", preset)
    if built and os.path.realpath(built) == os.path.realpath(build):
        return build
    if not os.path.exists(os.path.join(build, "CMakeCache.txt")):
        subprocess.run(["cmake", "--preset", preset], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
    subprocess.run(["cmake", "--build", "--preset", preset, "-j2", "--target", "tally.elf",
                    f"{payload}.elf"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    return build


def symbol(elf, name):
    out = subprocess.run([CROSS + "nm", elf], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        f = line.split()
        if len(f) == 3 and f[2] == name:
            return f[0]
    sys.exit(f"bench-rtl: no symbol {name} in {elf}")


def pack(fw_bin, payload_bin, fw_base, payload_base, xlen, out_elf, scratch):
    """fw_bin up to payload_base, payload_bin there: one ELF segment at fw_base."""
    off = payload_base - fw_base
    fw = open(fw_bin, "rb").read()[:off]
    img = fw + bytes(off - len(fw)) + open(payload_bin, "rb").read()
    raw = os.path.join(scratch, "image.raw")
    open(raw, "wb").write(img)
    obj = os.path.join(scratch, "image.o")
    fmt = "elf64-littleriscv" if xlen == 64 else "elf32-littleriscv"
    subprocess.run([CROSS + "objcopy", "-I", "binary", "-O", fmt,
                    "--rename-section", ".data=.image,alloc,load,contents,code", raw, obj],
                   check=True, cwd=scratch)
    ld = os.path.join(scratch, "image.ld")
    open(ld, "w").write(f"SECTIONS {{ . = {fw_base:#x}; .image : {{ *(.image) }} }}\n")
    subprocess.run([CROSS + "ld", "-m", "elf64lriscv" if xlen == 64 else "elf32lriscv",
                    f"--entry={fw_base:#x}", "-T", ld, "-o", out_elf, obj,
                    "--no-warn-rwx-segments"], check=True)


def build_floor(xlen, fw_base, payload_base, scratch):
    """tests/rtl/bench-floor.S, the least an M-mode handler does, as a flat binary."""
    elf = os.path.join(scratch, "floor.elf")
    march, mabi = ("rv64imac_zicsr", "lp64") if xlen == 64 else ("rv32imac_zicsr", "ilp32")
    subprocess.run([CROSS + "gcc", f"-march={march}", f"-mabi={mabi}", "-nostdlib",
                    f"-DPAYLOAD_BASE={payload_base:#x}", f"-Ttext={fw_base:#x}",
                    "-Wl,--no-warn-rwx-segments", "-o", elf,
                    os.path.join(ROOT, "tests", "rtl", "bench-floor.S")], check=True)
    out = os.path.join(scratch, "floor.bin")
    subprocess.run([CROSS + "objcopy", "-O", "binary", elf, out], check=True)
    return out


# The four instruction traces the CVA6 testharness writes where it runs
# (about 45 MB per 400 k cycles; OpenSBI's boot alone is 6 M cycles).
CVA6_TRACES = ("trace_rvfi_hart_00.dasm", "trace_hart_0.dasm", "iti.traces", "encaps.traces")


def run_cva6(model, elf, watch, log, keep=False):
    """Unless the traces are to be kept, they go to /dev/null: no disk,
    about 10% faster, the same cycles (../shared/rtl/cva6/README.md)."""
    scratch = os.path.dirname(elf)
    if not keep:
        for name in CVA6_TRACES:
            os.symlink(os.devnull, os.path.join(scratch, name))
    with open(log, "w") as f:
        r = subprocess.run([model, "+time_out=20000000", os.path.basename(elf),
                            f"+tohost_addr={watch}"], cwd=scratch, stdout=f,
                           stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, timeout=7200)
    return r.returncode, open(log, errors="replace").read()


def run_ibex(model, elf, log):
    scratch = os.path.dirname(elf)
    r = subprocess.run([model, f"--meminit=ram,{elf}"], cwd=scratch, stdout=subprocess.DEVNULL,
                       stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, timeout=7200)
    text = open(os.path.join(scratch, "ibex_simple_system.log"), errors="replace").read()
    open(log, "w").write(text)
    return r.returncode, text


def parse(name, text):
    if not re.search(r"^\d+ passed, 0 failed", text, re.M) or "bench: done" not in text:
        fail = [l for l in text.splitlines() if "FAIL" in l]
        sys.exit(f"bench-rtl: {name}: the run did not finish with every answer right: "
                 f"{fail[:3] or 'no summary line'}")
    rows, first, na, info, mmode = {}, {}, {}, [], {}
    for line in text.splitlines():
        m = re.match(r"bench: row (\S+) (\d+)$", line)
        if m:
            rows[m.group(1)] = int(m.group(2))
        m = re.match(r"bench: row (\S+) - (.*)$", line)
        if m:
            na[m.group(1)] = m.group(2)
        m = re.match(r"bench: first (\S+) (\d+)$", line)
        if m:
            first[m.group(1)] = int(m.group(2))
        m = re.match(r"bench: mmode (\S+) (\d+)$", line)
        if m:
            mmode[m.group(1)] = int(m.group(2))
        m = re.match(r"bench: info (.*)$", line)
        if m:
            info.append(m.group(1))
    return {"rows": rows, "first": first, "na": na, "info": info, "mmode": mmode}


# (column, title): what --only names, in the table's order
RUNS = [("floor-rv64", "floor CVA6 rv64"), ("tally-rv64", "Tally CVA6 rv64"),
        ("opensbi-rv64", "OpenSBI 1.1 CVA6 rv64"), ("floor-rv32", "floor CVA6 rv32"),
        ("tally-rv32", "Tally CVA6 rv32"), ("ibex", "Tally Ibex (U-mode)"),
        ("tally-rv64h", "Tally CVA6 rv64 with H"), ("opensbi-rv64h", "OpenSBI 1.1 CVA6 rv64 with H")]
PRESET = {"tally-rv64": "cva6-rv64", "opensbi-rv64": "cva6-rv64", "floor-rv64": "cva6-rv64",
          "tally-rv32": "cva6-rv32", "floor-rv32": "cva6-rv32", "ibex": "ibex",
          "tally-rv64h": "cva6-rv64", "opensbi-rv64h": "cva6-rv64"}
# the variable naming each column's model (tests/docs/check_rtl_figures.py skips without it)
MODEL_VAR = {"tally-rv64": "CVA6_SIM_RV64", "opensbi-rv64": "CVA6_SIM_RV64",
             "floor-rv64": "CVA6_SIM_RV64", "tally-rv32": "CVA6_SIM_RV32",
             "floor-rv32": "CVA6_SIM_RV32", "ibex": "IBEX_SIM",
             "tally-rv64h": "CVA6_SIM_RV64H", "opensbi-rv64h": "CVA6_SIM_RV64H"}
# The payload each column runs (tests/payload); the H columns run the guest's.
PAYLOAD = {"tally-rv64h": "bench_hyp", "opensbi-rv64h": "bench_hyp"}
HYP_COLUMNS = ("tally-rv64h", "opensbi-rv64h")


def model_path(key):
    return {"CVA6_SIM_RV64": env_model("CVA6_SIM_RV64", default=os.path.join(
                SHARED, "cva6", "Variane_testharness-cv64a6_imafdc_sv39")),
            "CVA6_SIM_RV32": env_model("CVA6_SIM_RV32", default=os.path.join(
                SHARED, "cva6", "Variane_testharness-cv32a6_imac_sv32")),
            "CVA6_SIM_RV64H": env_model("CVA6_SIM_RV64H", default=os.path.join(
                SHARED, "cva6", "Variane_testharness-cv64a6_imafdch_sv39")),
            "IBEX_SIM": env_model("IBEX_SIM", default=os.path.join(
                SHARED, "ibex", "Vibex_simple_system"))}[MODEL_VAR[key]]


def from_log(key, log_dir):
    """(title, parsed run) from the column's log in log_dir, or None."""
    log = os.path.join(log_dir, f"{key}.log")
    text = open(log, errors="replace").read() if os.path.exists(log) else ""
    if "bench: done" not in text:
        return None
    title = dict(RUNS)[key]
    return title, parse(title, text)


def run_column(key, log_dir, built=None, keep=False):
    """Run one column on its model: (title, parsed run), or None when the
    model (or OpenSBI) is missing. Exits on a failed run."""
    title = dict(RUNS)[key]
    os.makedirs(log_dir, exist_ok=True)
    log = os.path.join(log_dir, f"{key}.log")
    preset, model = PRESET[key], model_path(key)
    if not os.access(model, os.X_OK):
        print(f"bench-rtl: {title}: no model at {model}, skipped", file=sys.stderr)
        return None
    if key == "opensbi-rv64" and not os.path.exists(OPENSBI):
        print(f"bench-rtl: {title}: {OPENSBI} missing (apt-get install opensbi), skipped",
              file=sys.stderr)
        return None
    payload = PAYLOAD.get(key, "bench_cycles")
    build = ensure_built(preset, built, payload)
    xlen = int(cache_var(build, "TALLY_XLEN"))
    fw_base = int(cache_var(build, "TALLY_FW_BASE"), 0)
    pl_base = int(cache_var(build, "TALLY_PAYLOAD_BASE"), 0)
    payload_elf = os.path.join(build, "tests", "payload", f"{payload}.elf")
    payload_bin = os.path.join(build, "tests", "payload", f"{payload}.bin")
    fw_bin = OPENSBI if key.startswith("opensbi") else os.path.join(build, "tally.bin")
    scratch = tempfile.mkdtemp(prefix="tally-bench-rtl.")
    try:
        if key.startswith("floor"):
            fw_bin = build_floor(xlen, fw_base, pl_base, scratch)
        elf = os.path.join(scratch, "image.elf")
        pack(fw_bin, payload_bin, fw_base, pl_base, xlen, elf, scratch)
        print(f"bench-rtl: running {title} (log {log})", file=sys.stderr)
        if key == "ibex":
            rc, text = run_ibex(model, elf, log)
        else:
            watch = (symbol(os.path.join(build, "tally.elf"), "tohost") if key.startswith("tally")
                     else symbol(payload_elf, "bench_exit"))
            rc, text = run_cva6(model, elf, watch, log, keep)
    finally:
        if keep:
            print(f"bench-rtl: {title}: image and traces kept in {scratch}", file=sys.stderr)
        else:
            shutil.rmtree(scratch, ignore_errors=True)
    return title, parse(title, text)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", action="append",
                    help="floor-rv64, tally-rv64, opensbi-rv64, floor-rv32, tally-rv32, ibex, "
                    "tally-rv64h, opensbi-rv64h")
    ap.add_argument("--log-dir", default=os.path.join(ROOT, "build", "bench-rtl"))
    ap.add_argument("--built", help="a build directory already built (not rebuilt here)")
    ap.add_argument("--keep", action="store_true",
                    help="keep each run's folder: the image and the model's instruction traces "
                    "(trace_hart_0.dasm: the cycle of every instruction)")
    ap.add_argument("--from-logs", action="store_true",
                    help="run nothing: print the table from the logs in --log-dir")
    a = ap.parse_args()
    os.makedirs(a.log_dir, exist_ok=True)
    runs = [(k, t) for k, t in RUNS if not a.only or k in a.only]
    results = {}
    for key, title in runs:
        if a.from_logs:
            r = from_log(key, a.log_dir)
            if r:
                results[key] = r
            else:
                print(f"bench-rtl: {title}: no finished run in {a.log_dir}", file=sys.stderr)
            continue
        r = run_column(key, a.log_dir, a.built, a.keep)
        if r:
            results[key] = r
    print_table(results)


def fmt(n):
    return f"{n:,}".replace(",", " ")


def print_table(results):
    hyp = {k: r for k, r in results.items() if k in HYP_COLUMNS}
    calls = {k: r for k, r in results.items() if k not in HYP_COLUMNS}
    if calls:
        print_calls(calls)
    if hyp:
        print_hyp(hyp)


def print_hyp(results):
    """The H model's table: per exit, cycles (steady state / first) and
    M-mode instructions per column, then OpenSBI / Tally of each."""
    keys = list(results)
    print("\nPer exit into M-mode on CVA6 with H (rdcycle and rdinstret around 32 exits minus the "
          "same loop without; every answer checked): core cycles, steady state / first exit; "
          "M-mode instructions:\n")
    head = ["exit"]
    for k in keys:
        head += [f"{results[k][0]}: cycles", f"{results[k][0]}: M-mode instructions"]
    both = "tally-rv64h" in results and "opensbi-rv64h" in results
    if both:
        head += ["OpenSBI / Tally, cycles", "OpenSBI / Tally, instructions"]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for key, name in HYP_ROWS:
        cells = [name]
        for k in keys:
            r = results[k][1]
            cells.append(f"{r['rows'][key]} / {r['first'][key]}" if key in r["rows"] else "—")
            cells.append(str(r["mmode"][key]) if key in r["mmode"] else "—")
        if both:
            for what in ("rows", "mmode"):
                o = results["opensbi-rv64h"][1][what].get(key)
                t = results["tally-rv64h"][1][what].get(key)
                cells.append(f"{o / t:.1f}×" if o and t else "—")
        print("| " + " | ".join(cells) + " |")


def print_calls(results):
    keys = list(results)
    print("Core cycles per call (rdcycle around 32 calls minus the same loop with a nop for "
          "each ecall; every answer checked); steady state (mean of 32) / first call:\n")
    head = ["call"] + [results[k][0] for k in keys]
    ratios = []
    if "tally-rv64" in results and "opensbi-rv64" in results:
        head.append("OpenSBI / Tally rv64")
        ratios.append(("opensbi-rv64", "tally-rv64"))
    if "tally-rv64" in results and "floor-rv64" in results:
        head.append("Tally / floor rv64")
        ratios.append(("tally-rv64", "floor-rv64"))
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    notes = {}
    for key, name in [r for r in ROWS if r not in HYP_ROWS]:
        cells = [name]
        for k in keys:
            r = results[k][1]
            if key in r["rows"]:
                v = r["rows"][key]
                cells.append(fmt(v) if key == "boot" else f"{v} / {r['first'].get(key, '?')}")
            elif key in r["na"]:
                why = r["na"][key]
                notes.setdefault(why, len(notes) + 1)
                cells.append(f"— ({notes[why]})")
            else:
                cells.append("—")
        for num, den in ratios:
            o, t = results[num][1]["rows"].get(key), results[den][1]["rows"].get(key)
            cells.append(f"{o / t:.1f}×" if t and o else "—")
        print("| " + " | ".join(cells) + " |")
    print()
    for why, n in notes.items():
        print(f"- ({n}) {REASONS.get(why, why)}")
    for k in keys:
        held = [i for i in results[k][1]["info"] if "held" in i or " on " in i or "fw_event" in i]
        if held:
            print(f"- {results[k][0]}: " + "; ".join(held))


if __name__ == "__main__":
    main()
