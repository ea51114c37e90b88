#!/usr/bin/env python3
"""Frama-C's EVA over the firmware, for each configuration (docs/proof.md).

Each configuration is a harness (proof/eva/harness*.c) over the C of one
preset, built for the preset's word size with the stubs of proof/eva/. The
alarms EVA reports are compared with proof/alarms.txt, the ones still
open: a new alarm fails, and so does a listed one that is gone (the list
then shrinks with --update). --selftest applies each proof/selftest/*.patch
to a copy of the tree and fails unless the proof reports a new alarm.
"""
import argparse, collections, concurrent.futures, os, re, shutil, subprocess, sys, tempfile, time

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PMU_CORE = ["src/cores/pmu/pmu.c", "src/sbi/sbi_pmu.c", "src/base/mem.c", "src/arch/csr_probe.c",
            "src/arch/csr_indexed.c", "src/arch/counteren_probe.c"]
# name: (preset, xlen, harness, backend, sources); sources None: the image's own.
CONFIGS = {
    "pmu-qemu-rv64": ("qemu-virt-rv64", 64, "harness_pmu.c", "pmu_qemu",
                      PMU_CORE + ["src/platform/qemu-virt/pmu_qemu.c", "src/platform/common/pmu_csr.c"]),
    "pmu-qemu-rv32": ("qemu-virt-rv32", 32, "harness_pmu.c", "pmu_qemu",
                      PMU_CORE + ["src/platform/qemu-virt/pmu_qemu.c", "src/platform/common/pmu_csr.c"]),
    "pmu-cva6-rv64": ("cva6-rv64", 64, "harness_pmu.c", "pmu_cva6",
                      PMU_CORE + ["src/platform/cva6/pmu_cva6.c", "src/platform/common/pmu_csr.c"]),
    "pmu-cva6-rv32": ("cva6-rv32", 32, "harness_pmu.c", "pmu_cva6",
                      PMU_CORE + ["src/platform/cva6/pmu_cva6.c", "src/platform/common/pmu_csr.c"]),
    "pmu-ibex-rv32": ("ibex", 32, "harness_pmu.c", "pmu_ibex",
                      PMU_CORE + ["src/platform/ibex/pmu_ibex.c"]),
    "all-qemu-rv64": ("qemu-virt-rv64", 64, "harness.c", None, None),
    "all-ibex-rv32": ("ibex", 32, "harness.c", None, None),
}
# Not analysed in the whole-image runs, with the reason (docs/proof.md):
# printf.c is replaced by Frama-C's own printf contracts, which check each
# call's format against its arguments; the board's device tree (dt.c) by
# the stub in stubs.c.
NOT_ANALYSED = ("src/base/printf.c", "src/platform/common/dt.c")


def sources(tree, name):
    preset, _, _, _, srcs = CONFIGS[name]
    if srcs is not None:
        return srcs
    with open(os.path.join(tree, "build", preset, "generated", "proof-sources.txt")) as f:
        files = [os.path.relpath(l.strip(), tree if l.startswith(tree) else TOP)
                 for l in f if l.strip()]
    return [f for f in files if f not in NOT_ANALYSED]


def configure(tree, preset):
    """The preset's tally_config.h and source list, as its build has them now."""
    subprocess.run(["cmake", "--preset", preset], cwd=tree, check=True,
                   stdout=subprocess.DEVNULL, env=dict(os.environ, PWD=tree))


def run(tree, name, out):
    """EVA on one configuration: (summary, Counter of alarms)."""
    preset, xlen, harness, backend, _ = CONFIGS[name]
    machdep = "gcc_x86_64" if xlen == 64 else "gcc_x86_32"
    valid = "0x1000-0xffffffffffffffff" if xlen == 64 else "0x1000-0xffffffff"
    cpp = f"-Iproof/eva -Isrc -Ibuild/{preset}/generated -D__riscv_xlen={xlen}"
    if backend:
        cpp += f" -DPROOF_BACKEND={backend}"
    csv = os.path.join(out, name + ".csv")
    log = os.path.join(out, name + ".log")
    cmd = (["frama-c", "-c11", "-machdep", machdep, "-cpp-extra-args=" + cpp]
           + sources(tree, name) + ["proof/eva/stubs.c", "proof/eva/" + harness,
           # Plain addresses are the lower modes' memory and devices: EVA checks
           # the firmware's own objects; mem_ok's contract (WP) keeps the rest out.
           "-absolute-valid-range", valid,
           "-eva", "-eva-no-show-progress", "-eva-split-return", "auto",
           "-eva-msg-key=-initial-state,-final-states",
           "-then", "-report-csv", csv, "-report-no-proven"])
    t = time.time()
    with open(log, "w") as f:
        # Frama-C takes relative paths from $PWD, not from its working directory.
        r = subprocess.run(cmd, cwd=tree, stdout=f, stderr=subprocess.STDOUT,
                           env=dict(os.environ, PWD=tree))
    text = open(log).read()
    if r.returncode or "ANALYSIS SUMMARY" not in text:
        sys.exit(f"prove: {name}: frama-c failed (exit {r.returncode}), see {log}")
    fn = re.search(r"(\d+) functions analyzed", text)
    st = re.search(r"(\d+) statements reached \(out of (\d+)\)", text)
    alarms = collections.Counter()
    for line in open(csv).read().splitlines()[1:]:
        _d, file, _line, func, kind, status, prop = line.split("\t", 6)
        if status != "Valid":
            alarms["\t".join((name, file, func, kind, prop))] += 1
    return (f"{name}: {fn.group(1)} functions, {st.group(1)} of {st.group(2)} statements "
            f"reached, {sum(alarms.values())} alarms, {time.time() - t:.0f} s", alarms)


def load_known(path):
    known = collections.Counter()
    if os.path.exists(path):
        for line in open(path):
            if line.strip() and not line.startswith("#"):
                known[line.rstrip("\n")] += 1
    return known


def prove(tree, names, jobs, out):
    for p in sorted({CONFIGS[n][0] for n in names}):
        configure(tree, p)
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        results = dict(zip(names, ex.map(lambda n: run(tree, n, out), names)))
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("configs", nargs="*", help="default: all of " + ", ".join(CONFIGS))
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--update", action="store_true", help="rewrite proof/alarms.txt")
    ap.add_argument("--selftest", action="store_true")
    ap.add_argument("--out", default=os.path.join(TOP, "build", "proof"))
    a = ap.parse_args()
    names = a.configs or list(CONFIGS)
    os.makedirs(a.out, exist_ok=True)
    known_path = os.path.join(TOP, "proof", "alarms.txt")
    known = load_known(known_path)
    if a.selftest:
        return selftest(known, a)
    results = prove(TOP, names, a.j, a.out)
    found = collections.Counter()
    for n in names:
        found += results[n][1]
    scope = collections.Counter({k: v for k, v in known.items() if k.split("\t")[0] in names})
    if a.update:
        keep = collections.Counter({k: v for k, v in known.items() if k.split("\t")[0] not in names})
        with open(known_path, "w") as f:
            f.write("# The alarms still open (docs/proof.md): scripts/prove.sh --update writes it.\n")
            f.writelines(k + "\n" for k in sorted((keep + found).elements()))
        scope = found
    new, gone = found - scope, scope - found
    for k in sorted(new.elements()):
        print("prove: NEW ALARM  " + k.replace("\t", " | "))
    for k in sorted(gone.elements()):
        print("prove: gone (run --update)  " + k.replace("\t", " | "))
    for n in names:
        print("prove: " + results[n][0])
    total = sum(found.values())
    print(f"prove: {len(names)} configurations, {total} alarms: {sum(new.values())} new, "
          f"{sum(gone.values())} gone, {total - sum(new.values())} still open (proof/alarms.txt)")
    return 1 if new or gone else 0


def selftest(known, a):
    """Each planted bug must come out as a new alarm of its configuration."""
    status = 0
    for patch in sorted(os.listdir(os.path.join(TOP, "proof", "selftest"))):
        if not patch.endswith(".patch"):
            continue
        text = open(os.path.join(TOP, "proof", "selftest", patch)).read()
        name = re.search(r"^# config: (\S+)", text, re.M).group(1)
        configure(TOP, CONFIGS[name][0])
        with tempfile.TemporaryDirectory() as tmp:
            for d in ("src", "proof", "build"):
                if d == "build":
                    os.makedirs(os.path.join(tmp, "build", CONFIGS[name][0]))
                    shutil.copytree(os.path.join(TOP, "build", CONFIGS[name][0], "generated"),
                                    os.path.join(tmp, "build", CONFIGS[name][0], "generated"))
                else:
                    shutil.copytree(os.path.join(TOP, d), os.path.join(tmp, d))
            # proof-sources.txt names the real tree's files: point it at the copy.
            ps = os.path.join(tmp, "build", CONFIGS[name][0], "generated", "proof-sources.txt")
            text = open(ps).read()   # read before "w" empties it
            open(ps, "w").write(text.replace(TOP + "/", tmp + "/"))
            subprocess.run(["patch", "-s", "-p1", "-i", os.path.join(TOP, "proof", "selftest", patch)],
                           cwd=tmp, check=True)
            _, found = run(tmp, name, tmp)
        new = found - collections.Counter({k: v for k, v in known.items()
                                           if k.startswith(name + "\t")})
        ok = bool(new)
        status |= not ok
        print(f"prove: selftest {patch} ({name}): " +
              (f"reported, {sum(new.values())} new: " + "; ".join(
                  k.split("\t", 2)[2].replace("\t", " ") for k in sorted(new))[:300]
               if ok else "NOT REPORTED"))
    print(f"prove: selftest {'passed' if not status else 'FAILED'}")
    return status


if __name__ == "__main__":
    sys.exit(main())
