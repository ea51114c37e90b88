#!/usr/bin/env python3
"""What perf costs Linux per context switch, and the firmware's share of it.

    scripts/bench-linux.py [--built BUILD_DIR | --tally IMAGE] [--opensbi IMAGE]
    cmake --build --preset qemu-virt-rv64 --target bench-linux     (runs this)

Boots the Linux 6.1 kernel of the perf test (tests/linux/build-kernel.sh)
with tests/linux/bench-init.c as /init, under
`qemu-system-riscv64 -M virt -smp 1 -icount shift=0,sleep=off`, once on
Tally and once on Debian's OpenSBI 1.1 (package opensbi, generic
fw_jump.bin). The init plays pipe ping-pong between two SCHED_FIFO tasks
pinned to CPU 0 with no perf event (the control), with one task counted by
a {cycles, instructions} group, with both counted, and with a firmware
event added to the group; under -icount virtual time is instructions, so
CLOCK_MONOTONIC around the loop / switches = instructions per switch, in
all modes together.

Then a second, short boot of each firmware with QEMU's execution log
limited to the firmware's addresses (singlestep, -d exec,cpu,nochain,
-dfilter), turned on through the monitor once Linux has booted, counts
the M-mode instructions of every trap: each SBI call as Linux makes it,
named from the registers at trap entry (a7 EID, a6 FID, a2 flags) and the
counter each config_matching handed out. The log is read through a FIFO
as QEMU writes it (about 0.5 GB on OpenSBI). --listing DIR writes one call
of each kind instruction by instruction, with its function when an ELF
lies beside the image.

Prints markdown: instructions per switch (median of the repeats, [min-max]),
the M-mode share from the trace, and the per-call table. Exits non-zero
with no table if a run fails a check (every perf_event_open succeeded, each
group counted all the time it was enabled, cycles and instructions not
zero) or the repeats or the controls disagree by more than --tolerance.

--smoke: one short timed run and one short traced run on Tally only,
checks only (the bench-linux-smoke test).
"""
import argparse
import bisect
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
from bench import opensbi_fw_jump   # noqa: E402  (the call-cost benchmark finds OpenSBI the same way)

ROOT = os.path.realpath(os.path.join(os.path.dirname(__file__), ".."))
LINUX = os.path.join(ROOT, "tests", "linux")
PRESET = "qemu-virt-rv64"
QEMU = "qemu-system-riscv64"
# QEMU 7.2's default rv64 CPU has Sstc, so Linux programs its tick through
# stimecmp and the tick never enters the firmware: the control is then the
# same on every firmware by construction, and every M-mode instruction
# left is perf's.
CPU = "rv64"
# -seed: QEMU's random numbers (the device tree's rng-seed, hence Linux's
# randomness) are fixed, so a run is the same run every time.
QEMU_ARGS = ["-M", "virt", "-smp", "1", "-m", "256M", "-icount", "shift=0,sleep=off",
             "-seed", "1", "-nographic", "-serial", "stdio"]
MODES = [
    ("control", "no perf event (the control)"),
    ("one", "one task counted, {cycles, instructions}"),
    ("both", "both tasks counted, a group each"),
    ("fw", "one task counted, {cycles, instructions, firmware SET_TIMER}"),
]
FW_RANGE = "0x80000000..0x801fffff"      # below the kernel at 0x80200000
TIMEOUT_S = 600

SBI_PMU = 0x504D55
SBI_ERR_ALREADY_STOPPED = -8
# The calls Linux 6.1 makes for one event of a counted task: switching in,
# config_matching then start; switching out, stop, then (a firmware event)
# fw_read to update the count, then stop(RESET) (riscv_pmu.c: riscv_pmu_add,
# riscv_pmu_del).
SEQ = {"cycles": ["config_matching", "start", "stop", "stop(RESET)"],
       "instructions": ["config_matching", "start", "stop", "stop(RESET)"],
       "firmware": ["config_matching", "start", "stop", "fw_read", "stop(RESET)"]}
FID = {2: "config_matching", 3: "start", 4: "stop", 5: "fw_read"}
HW_EVENT = {1: "cycles", 2: "instructions"}


def die(msg):
    print(f"bench-linux: {msg}", file=sys.stderr)
    sys.exit(1)


def note(msg):
    print(f"bench-linux: {msg}", file=sys.stderr, flush=True)


# ---------------------------------------------------------------- inputs

def tally_image(args):
    """The Tally image: --tally as given, else the preset's tally.bin (built)."""
    if args.tally:
        return os.path.realpath(args.tally)
    bdir = os.path.realpath(args.built) if args.built else os.path.join(ROOT, "build", PRESET)
    if not args.built:
        if not os.path.exists(os.path.join(bdir, "CMakeCache.txt")):
            if subprocess.run(["cmake", "--preset", PRESET], cwd=ROOT,
                              stdout=subprocess.DEVNULL).returncode:
                die(f"cmake --preset {PRESET} failed")
        if subprocess.run(["cmake", "--build", "--preset", PRESET, "-j2", "--target", "tally.elf"],
                          cwd=ROOT, stdout=subprocess.DEVNULL).returncode:
            die(f"building {PRESET} failed")
    return os.path.join(bdir, "tally.bin")


def kernel():
    """The perf test's kernel, built into the cache the first time (about 5 min)."""
    p = subprocess.run([os.path.join(LINUX, "build-kernel.sh")], stdout=subprocess.PIPE, text=True)
    if p.returncode:
        die("tests/linux/build-kernel.sh failed")
    return p.stdout.strip().splitlines()[-1]


def build_init(out):
    """bench-init.c, static and libc-free like perf-init.c, in an initramfs."""
    os.makedirs(out, exist_ok=True)
    exe, cpio = os.path.join(out, "bench-init"), os.path.join(out, "init.cpio")
    cc = ["riscv64-linux-gnu-gcc", "-static", "-nostdlib", "-ffreestanding",
          "-fno-stack-protector", "-mno-relax", "-Wl,--no-relax", "-O2", "-Wall", "-Wextra",
          "-Werror", "-o", exe, os.path.join(LINUX, "bench-init.c")]
    if subprocess.run(cc).returncode:
        die("building tests/linux/bench-init.c failed (riscv64-linux-gnu-gcc)")
    if subprocess.run(["python3", os.path.join(LINUX, "mkcpio.py"), exe, cpio]).returncode:
        die("mkcpio.py failed")
    return cpio


def qemu_cmd(fw, image, cpio, params, cpu, monitor="none"):
    return [QEMU, *QEMU_ARGS, "-monitor", monitor, "-cpu", cpu, "-bios", fw, "-kernel", image,
            "-initrd", cpio,
            "-append", "console=ttyS0 panic=-1 " + " ".join(f"{k}={v}" for k, v in params.items())]


# ---------------------------------------------------------------- timed runs

LINE_RE = re.compile(r"^bench-linux: mode (\w+) repeat (\d+) switches (\d+) ns (\d+) counts ?([\d ]*)$")


def judge(name, log, rc):
    """The init's own verdict: every check passed, QEMU exited cleanly."""
    fails = [ln for ln in log.splitlines() if ln.startswith("FAIL")]
    summary = re.search(r"^(\d+) passed, (\d+) failed", log, re.M)
    if rc != 0 or fails or not summary or summary[2] != "0" or summary[1] == "0":
        print(log[-4000:], file=sys.stderr)
        die(f"{name}: run failed (qemu exit {rc}): {fails[0] if fails else 'no complete result'}; no table")


def timed_run(name, cmd, logpath, result):
    """Boot once, collect per-mode instructions per switch (in a thread)."""
    try:
        with open(logpath, "w") as logf:
            p = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=logf,
                               stderr=subprocess.STDOUT, timeout=TIMEOUT_S)
        rc = p.returncode
    except subprocess.TimeoutExpired:
        rc = "timeout"
    result[name] = (rc, open(logpath, errors="replace").read())


def per_switch(log):
    """mode -> list of instructions per switch, one per repeat, and the counts lines."""
    out, counts = {}, {}
    for ln in log.splitlines():
        m = LINE_RE.match(ln.rstrip("\r"))
        if m:
            out.setdefault(m[1], []).append(int(m[4]) / int(m[3]))
            counts.setdefault(m[1], []).append([int(x) for x in m[5].split()])
    return out, counts


# ---------------------------------------------------------------- the trace

MRET = 0x30200073


def parse_trace(lines, image, base=0x80000000):
    """QEMU's log (-d exec,cpu,nochain in singlestep mode, filtered to the
    firmware) -> one dict per trap: the registers at entry ('regs'), a0/a1
    at the mret that leaves M-mode ('ret'), and the number of M-mode
    instructions from the first one to that mret ('n', their addresses in
    'pcs'). The first entry is whatever was running when the log began.

    Each executed instruction is a 'Trace' line followed by QEMU's register
    dump (the state before it runs). An instruction is an mret if the
    firmware image (loaded at base, run in place) holds one there. Under
    -icount an instruction that touches a device is executed, rewound
    ('cpu_io_recompile: rewound execution of TB to ADDR') and executed
    again: only the second counts. An mret whose mstatus.MPP is M (a trap
    taken inside the firmware) does not end the call."""
    def is_mret(pc):
        off = pc - base
        return 0 <= off <= len(image) - 4 and int.from_bytes(image[off:off + 4], "little") == MRET

    mret = {}                 # pc -> is an mret (cache)
    calls, cur = [], None
    prev = None               # [pc, regs or None] of the last instruction, not yet counted
    want = False              # collect this instruction's registers

    def commit(ins):
        nonlocal cur
        pc, regs = ins
        if cur is None:
            cur = {"regs": regs, "n": 0, "pcs": []}
        cur["n"] += 1
        cur["pcs"].append(pc)
        if mret[pc] and (regs["mstatus"] >> 11) & 3 != 3:
            cur["ret"] = (regs[10], regs[11])
            calls.append(cur)
            cur = None

    for line in lines:
        c = line[:1]
        if c == " ":
            if want:
                if line.startswith(" x"):
                    f = line.split()
                    for k in range(0, len(f) - 1, 2):
                        prev[1][int(f[k][1:].split("/")[0])] = int(f[k + 1], 16)
                elif line.startswith((" mstatus ", " mcause ")):
                    f = line.split()
                    prev[1][f[0]] = int(f[1], 16)
            continue
        if c == "T" and line.startswith("Trace "):
            if prev is not None:
                commit(prev)
            pc = int(line.split("/", 2)[1], 16)
            if pc not in mret:
                mret[pc] = is_mret(pc)
            want = cur is None or mret[pc]
            prev = [pc, {} if want else None]
        elif c == "c" and line.startswith("cpu_io_recompile: rewound execution of TB to "):
            if prev is not None and prev[0] == int(line.rsplit(" ", 1)[1], 16):
                prev = None
    if prev is not None:
        commit(prev)
    return calls


def label_calls(calls):
    """Name each trap: (call, event) for the PMU calls, e.g. ('stop(RESET)', 'cycles'),
    (what, '') for the others.
    The event of a counter is the one config_matching last handed it out for."""
    counter_event = {}
    out = []
    # The trap vector: where (nearly) every call begins. The log begins
    # while Linux idles, so the first entry is normally a whole call too.
    vector = statistics.mode(c["pcs"][0] for c in calls) if calls else None
    for k, call in enumerate(calls):
        r = call["regs"]
        cause = r.get("mcause", 0)
        if call["pcs"][0] != vector:
            out.append(("(not from the trap vector: running when the log began?)", "", call))
            continue
        if cause >> 63:
            out.append((f"interrupt {cause & 0xff}", "", call))
            continue
        if cause != 9:
            out.append((f"trap (mcause {cause})", "", call))
            continue
        eid, fid = r[17], r[16]
        if eid != SBI_PMU:
            out.append((f"ecall EID {eid:#x} FID {fid}", "", call))
            continue
        if fid == 2:
            idx = r[13]
            kind = (idx >> 16) & 0xf
            event = HW_EVENT.get(idx & 0xffff, f"hw {idx:#x}") if kind == 0 else \
                "firmware" if kind == 15 else f"event {idx:#x}"
            if call["ret"][0] == 0:
                counter_event[call["ret"][1]] = event
            out.append(("config_matching", event, call))
        elif fid in FID:
            name = FID[fid] + ("(RESET)" if fid == 4 and r[12] & 1 else "")
            out.append((name, counter_event.get(r[10], f"counter {r[10]}"), call))
        else:
            out.append((f"pmu FID {fid}", "", call))
    return out


def hmp(sock, command=None):
    """One command on QEMU's human monitor (None: its greeting); returns at the next prompt."""
    if command is not None:
        sock.sendall(command.encode() + b"\n")
    buf = b""
    while not buf.endswith(b"(qemu) "):
        chunk = sock.recv(4096)
        if not chunk:
            break
        buf += chunk


def trace_run(name, fw, image, cpio, params, cpu, logpath):
    """Boot with QEMU's execution log of the firmware, read through a FIFO.

    The log is turned on only once the init waits on the console (through
    the monitor: 'singlestep on' makes every instruction its own
    translation block, hence its own log entry; 'log exec,cpu,nochain'),
    then the init is let go with a newline: the boot (12 M M-mode
    instructions on OpenSBI 1.1) is left out."""
    code = open(fw, "rb").read()
    tmp = tempfile.mkdtemp(prefix="bench-linux-")
    fifo, mon = os.path.join(tmp, "qemu.log"), os.path.join(tmp, "monitor")
    os.mkfifo(fifo)
    result = {}

    def reader():
        with open(fifo, errors="replace") as f:
            result["calls"] = parse_trace(f, code)

    cmd = qemu_cmd(fw, image, cpio, params, cpu, monitor=f"unix:{mon},server=on,wait=off")
    cmd += ["-dfilter", FW_RANGE, "-D", fifo]
    parse = threading.Thread(target=reader, daemon=True)
    parse.start()
    rc = "timeout"
    try:
        with open(logpath, "w") as logf:
            p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT)
            timer = threading.Timer(TIMEOUT_S, p.kill)
            timer.start()
            for raw in p.stdout:
                line = raw.decode(errors="replace")
                logf.write(line)
                if line.startswith("bench-linux: waiting for a line on the console"):
                    sock = socket.socket(socket.AF_UNIX)
                    sock.connect(mon)
                    hmp(sock)
                    hmp(sock, "singlestep on")
                    hmp(sock, "log exec,cpu,nochain")
                    sock.close()
                    p.stdin.write(b"go\n")
                    p.stdin.flush()
            rc = p.wait()
            timer.cancel()
        parse.join(60)
        judge(name + " (trace)", open(logpath, errors="replace").read(), rc)
        if "calls" not in result:
            die(f"{name}: QEMU's log was not read to its end")
    finally:
        shutil.rmtree(tmp)
    return label_calls(result["calls"])


def call_table(labelled):
    """(call, event) -> sorted instruction counts, PMU calls only; and the error counts."""
    table, errors = {}, {}
    for name, event, call in labelled:
        if event:
            table.setdefault((name, event), []).append(call["n"])
            err = call["ret"][0]
            if err:
                err -= (1 << 64) if err >> 63 else 0
                d = errors.setdefault((name, event), {})
                d[err] = d.get(err, 0) + 1
    return {k: sorted(v) for k, v in table.items()}, errors


def elf_symbols(elf):
    """address -> instruction text, and the sorted (address, function) list, of an ELF
    (from objdump's labels: Debian's OpenSBI ELF keeps only its dynamic symbols)."""
    dis, syms = {}, []
    try:
        text = subprocess.run(["riscv64-unknown-elf-objdump", "-d", "--no-show-raw-insn", elf],
                              capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return dis, syms
    for line in text.splitlines():
        m = re.match(r"^\s*([0-9a-f]+):\s+(.*)$", line)
        if m:
            dis[int(m[1], 16)] = re.sub(r"\s+", " ", m[2].split("#")[0]).strip()
            continue
        m = re.match(r"^([0-9a-f]+) <([^>+-]+)>:$", line)
        if m and not m[2].startswith(".L"):
            syms.append((int(m[1], 16), m[2]))
    return dis, sorted(syms)


def write_listings(directory, fw_name, fw, labelled):
    """One file per call Linux makes: the M-mode instructions of a call of
    median length, with the disassembly and function when an ELF lies
    beside the image (tally.elf, fw_jump.elf), and the count per function."""
    os.makedirs(directory, exist_ok=True)
    dis, syms = elf_symbols(os.path.splitext(fw)[0] + ".elf")
    starts = [a for a, _ in syms]

    def func(a):
        k = bisect.bisect_right(starts, a) - 1
        return syms[k][1] if k >= 0 and a in dis else "?"

    groups = {}
    for name, event, call in labelled:
        if event:
            groups.setdefault((name, event), []).append(call)
    for (name, event), cs in groups.items():
        m = med([c["n"] for c in cs])
        call = min(cs, key=lambda c: abs(c["n"] - m))
        r = call["regs"]
        path = os.path.join(directory, f"{fw_name.split()[0]}-{name}-{event}.txt".replace(" ", "_"))
        with open(path, "w") as f:
            f.write(f"{fw_name}: {name} ({event}) as Linux makes it: {call['n']} M-mode instructions "
                    f"(a0 {r[10]:#x} a1 {r[11]:#x} a2 {r[12]:#x} a3 {r[13]:#x} a4 {r[14]:#x}; "
                    f"returned {call['ret'][0]:#x}, {call['ret'][1]:#x})\n\n")
            for k, a in enumerate(call["pcs"], 1):
                f.write(f"{k:>4}  {a:#010x}  {dis.get(a, ''):<34} {func(a)}\n")
            per = {}
            for a in call["pcs"]:
                per[func(a)] = per.get(func(a), 0) + 1
            f.write("\nper function:\n" + "".join(f"  {v:>5}  {k}\n" for k, v in per.items()))
    return directory


def check_trace(name, labelled):
    """Every call Linux makes at a switch was seen, and answered as Linux
    expects (the one error: stop(RESET) after stop is ALREADY_STOPPED)."""
    table, errors = call_table(labelled)
    kinds = [(c, ev) for ev, calls in SEQ.items() for c in calls]
    missing = [f"{c} ({ev})" for c, ev in kinds if not table.get((c, ev))]
    if missing:
        die(f"{name}: the trace shows no {', '.join(missing)}")
    wrong = [f"{c} ({ev}): {e}" for (c, ev), d in errors.items() for e in d
             if (c, ev) in kinds and not (c == "stop(RESET)" and e == SBI_ERR_ALREADY_STOPPED)]
    if wrong:
        die(f"{name}: unexpected SBI errors in the trace: {', '.join(wrong)}")
    return table


# ---------------------------------------------------------------- report

def med(v):
    return statistics.median(v)


def f1(x):
    return f"{x:.1f}".replace("-0.0", "0.0")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--built", help="the qemu-virt-rv64 build directory, already built (its tally.bin)")
    ap.add_argument("--tally", help="a Tally image to measure (default: the preset's tally.bin)")
    ap.add_argument("--opensbi", help="the OpenSBI image (default: Debian's generic fw_jump.bin)")
    ap.add_argument("--kernel", help="the Linux Image (default: tests/linux/build-kernel.sh)")
    ap.add_argument("--out", help="work directory (default: BUILD/bench-linux)")
    ap.add_argument("--cpu", default=CPU, help=f"QEMU -cpu (default {CPU})")
    ap.add_argument("--rounds", type=int, default=2000, help="round trips per repeat (2 switches each)")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--trace-rounds", type=int, default=24, help="round trips per mode in the traced run")
    ap.add_argument("--no-trace", action="store_true", help="timed runs only")
    ap.add_argument("--listing", metavar="DIR",
                    help="also write each traced call, instruction by instruction, into DIR")
    ap.add_argument("--tolerance", type=float, default=10.0,
                    help="largest spread of the repeats, and difference of the controls, in "
                         "instructions per switch")
    ap.add_argument("--smoke", action="store_true",
                    help="short timed and traced runs on Tally, checks only, no table (the CI test)")
    args = ap.parse_args()

    tally = tally_image(args)
    if not os.path.exists(tally):
        die(f"{tally} missing")
    out = args.out or os.path.join(os.path.dirname(tally), "bench-linux")
    image = args.kernel or kernel()
    cpio = build_init(out)

    if args.smoke:
        params = {"rounds": 50, "repeats": 2, "warmup": 4}
        res = {}
        timed_run("Tally", qemu_cmd(tally, image, cpio, params, args.cpu),
                  os.path.join(out, "smoke.log"), res)
        rc, log = res["Tally"]
        print(log)
        judge("Tally", log, rc)
        ipc, _ = per_switch(log)
        missing = [m for m, _ in MODES if len(ipc.get(m, [])) != params["repeats"]]
        if missing:
            die(f"no figure for mode {', '.join(missing)}")
        if not all(500 < x < 100000 for v in ipc.values() for x in v):
            die(f"instructions per switch out of any plausible range: {ipc}")
        # A counted switch costs more than an uncounted one.
        if not med(ipc["control"]) < med(ipc["one"]) < med(ipc["both"]):
            die(f"control < one < both does not hold: {ipc}")
        # The trace, short (check_trace).
        labelled = trace_run("Tally", tally, image, cpio,
                             {"rounds": 4, "repeats": 1, "warmup": 2, "modes": "one,fw", "wait": 1},
                             args.cpu, os.path.join(out, "smoke-trace.log"))
        table = check_trace("Tally", labelled)
        kinds = [(c, ev) for ev, calls in SEQ.items() for c in calls]
        print("bench-linux: smoke OK (instructions per switch: "
              + ", ".join(f"{m} {f1(med(v))}" for m, v in ipc.items()) + "; M-mode per call: "
              + ", ".join(f"{c} ({ev}) {med(table[(c, ev)]):g}" for c, ev in kinds) + ")")
        return

    osbi = os.path.realpath(args.opensbi) if args.opensbi else opensbi_fw_jump()
    fws = [("Tally", tally), ("OpenSBI 1.1", osbi)]
    params = {"rounds": args.rounds, "repeats": args.repeats, "warmup": 16}

    # The timed boots, side by side (two QEMUs: the machine's two cores).
    res = {}
    threads = []
    for name, fw in fws:
        note(f"{name}: timed run ({fw}) ...")
        t = threading.Thread(target=timed_run, args=(name, qemu_cmd(fw, image, cpio, params, args.cpu),
                                                     os.path.join(out, f"timed-{name.split()[0]}.log"), res))
        t.start()
        threads.append(t)
    for t in threads:
        t.join()
    ipc, counts = {}, {}
    for name, _ in fws:
        rc, log = res[name]
        judge(name, log, rc)
        ipc[name], counts[name] = per_switch(log)
        for m, _ in MODES:
            v = ipc[name].get(m, [])
            if len(v) != args.repeats:
                die(f"{name}: {len(v)} repeats of mode {m}, expected {args.repeats}")
            if max(v) - min(v) > args.tolerance:
                die(f"{name}: the repeats of mode {m} disagree: {[f1(x) for x in v]}")
    c = [med(ipc[n]["control"]) for n, _ in fws]
    if max(c) - min(c) > args.tolerance:
        die(f"the control differs between firmwares: {c}")

    # The traced boots, one after the other (each reads its own FIFO).
    calls = {}
    if not args.no_trace:
        tparams = {"rounds": args.trace_rounds, "repeats": 1, "warmup": 4, "modes": "one,fw",
                   "wait": 1}
        for name, fw in fws:
            note(f"{name}: traced run ...")
            calls[name] = trace_run(name, fw, image, cpio, tparams, args.cpu,
                                    os.path.join(out, f"trace-{name.split()[0]}.log"))
            check_trace(name, calls[name])
            if args.listing:
                note(f"{name}: listings in {write_listings(args.listing, name, fw, calls[name])}")

    report(fws, ipc, calls, args)


def report(fws, ipc, calls, args):
    names = [n for n, _ in fws]
    qv = subprocess.run([QEMU, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    print()
    print(f"Instructions per context switch, all modes (U+S+M): CLOCK_MONOTONIC around "
          f"{args.rounds} ping-pong round trips ({2 * args.rounds} switches) / switches, "
          f"median of {args.repeats} repeats [min-max]; Linux 6.1 (Debian linux-source-6.1, "
          f"tests/linux/kernel.config), {qv}, -M virt -cpu {args.cpu} -smp 1 "
          f"-icount shift=0,sleep=off:")
    print()
    print("| mode | " + " | ".join(names) + " | OpenSBI 1.1 − Tally |")
    print("|---|" + "---|" * (len(names) + 1))
    for m, label in MODES:
        cells = [f"{f1(med(ipc[n][m]))} [{f1(min(ipc[n][m]))}-{f1(max(ipc[n][m]))}]" for n in names]
        d = med(ipc[names[1]][m]) - med(ipc[names[0]][m])
        print(f"| {label} | " + " | ".join(cells) + f" | {f1(d)} |")
    cost = {n: {m: med(ipc[n][m]) - med(ipc[n]["control"]) for m, _ in MODES} for n in names}
    for m, label in MODES[1:]:
        print(f"| perf's cost per switch, {m} − control | "
              + " | ".join(f1(cost[n][m]) for n in names) + f" | {f1(cost[names[1]][m] - cost[names[0]][m])} |")
    if not calls:
        return

    tables = {n: call_table(calls[n]) for n in names}
    # M-mode instructions per switch, from the per-call medians and Linux's
    # call pattern: a counted task's event takes config_matching + start when
    # the task switches in and stop + stop(RESET) (a firmware event also
    # fw_read, to update the count) when it switches out; with one task
    # counted, each switch does one of the two for every event of its group.

    def per_event(n, ev):
        return sum(med(tables[n][0][(c, ev)]) for c in SEQ[ev])

    mmode = {}
    for n in names:
        hw = per_event(n, "cycles") + per_event(n, "instructions")
        mmode[n] = {"one": hw / 2, "both": hw, "fw": (hw + per_event(n, "firmware")) / 2}
    print()
    print(f"M-mode instructions per switch (the firmware's part): the medians of the calls below "
          f"(a traced run, {args.trace_rounds} round trips of modes one and fw), as many of each as "
          f"Linux makes per switch; Linux = perf's cost above − M-mode; share = M-mode / perf's cost:")
    print()
    print("| mode | " + " | ".join(f"{n}: M-mode | Linux | share" for n in names)
          + " | M-mode, OpenSBI / Tally | OpenSBI − Tally, trace vs timing |")
    print("|---|" + "---|" * (3 * len(names) + 2))
    for m, label in MODES[1:]:
        cells = []
        for n in names:
            cells += [f1(mmode[n][m]), f1(cost[n][m] - mmode[n][m]),
                      f"{100 * mmode[n][m] / cost[n][m]:.0f}%"]
        a, b = names
        cells.append(f"{mmode[b][m] / mmode[a][m]:.2f}×")
        cells.append(f"{f1(mmode[b][m] - mmode[a][m])} vs {f1(cost[b][m] - cost[a][m])}")
        print(f"| {label} | " + " | ".join(cells) + " |")

    print()
    print("M-mode instructions per SBI call as Linux 6.1's riscv_pmu_sbi makes them at a context "
          "switch (traced, trap entry to mret; median [min-max], number of calls):")
    print()
    print("| call | event | " + " | ".join(names) + " | OpenSBI / Tally |")
    print("|---|---|" + "---|" * (len(names) + 1))
    for ev in ("cycles", "instructions", "firmware"):
        for cname in SEQ[ev]:
            cells = []
            for n in names:
                v = tables[n][0].get((cname, ev))
                cells.append(f"{med(v):g} [{min(v)}-{max(v)}] ×{len(v)}" if v else "—")
            a, b = (tables[n][0].get((cname, ev)) for n in names)
            print(f"| {cname} | {ev} | " + " | ".join(cells) + " | "
                  + (f"{med(b) / med(a):.1f}×" if a and b else "—") + " |")
    for ev in ("cycles", "instructions", "firmware"):
        cells = [f"**{per_event(n, ev):g}**" for n in names]
        print(f"| the event's switch in + out ({len(SEQ[ev])} calls) | {ev} | " + " | ".join(cells)
              + f" | {per_event(names[1], ev) / per_event(names[0], ev):.1f}× |")
    print()
    for n in names:
        errs = tables[n][1]
        if errs:
            print(f"- {n} answered errors (-8 is ALREADY_STOPPED: Linux stops, then stops with "
                  f"RESET; it ignores the error): " + "; ".join(
                      f"{c} {e} {code} ×{k}" for (c, e), d in errs.items() for code, k in d.items()))
    for n in names:
        other = {}
        for name, event, call in calls[n]:
            if not event:
                other.setdefault(name, []).append(call["n"])
        print(f"- {n}, other M-mode entries in the traced run: " + ("; ".join(
            f"{k} ×{len(v)} (median {med(v):g})" for k, v in other.items()) or "none"))


if __name__ == "__main__":
    main()
