#!/usr/bin/env bash
# Watch one SBI call happen, instruction by instruction.
#
#   scripts/trace.sh [PRESET] [CALL]      default: qemu-virt-rv64 get_spec_version
#   scripts/trace.sh [PRESET] --list      the calls the trace payload makes
#   scripts/trace.sh --check [PRESET] [CALL]   also fail unless the trace is complete
# PRESET may also be a build directory (used as it is, not rebuilt).
# Options may come anywhere: `trace.sh --list PRESET` works too.
#
# Boots the preset's firmware with tests/payload/trace.c under QEMU with one
# instruction per translation block (-singlestep) and the execution log on
# (-d exec,nochain), so the log has one line per executed instruction. The
# payload marks each call it makes with a label, trace_call_<CALL>, on its
# ecall (or on the trapping instruction, for rdtime); this script keeps the
# log lines between that address and the instruction after it - everything
# the firmware executed for the call, from trap_entry to mret - and prints
# each with its disassembly, function and source line (addr2line), then how
# many instructions each function took, and the total.
#
# The run is under -icount shift=0 as the benchmark is, and the payload
# counts the call with rdinstret (minus the same pair around a nop). The
# last line compares that count with the length of the trace; --check
# turns a difference into a failure (tests/scripts/trace-test.sh runs it).
#
# Environment: TRACE_LOG keeps QEMU's raw log at that path; TRACE_CPU sets -cpu; TRACE_QUIET=1
# prints only the per-function table and the totals; TMPDIR is where the
# scratch files go (deleted at exit).
set -euo pipefail

# Options anywhere among the arguments, so `--list` needs no preset before it.
check=0; list=0; args=()
for arg in "$@"; do
	case $arg in
	--check) check=1 ;;
	--list) list=1 ;;
	-*) echo "trace.sh: unknown option $arg; usage: $0 [--check] [PRESET] [CALL | --list]" >&2; exit 1 ;;
	*) args+=("$arg") ;;
	esac
done
preset=${args[0]:-qemu-virt-rv64}
call=${args[1]:-get_spec_version}
cross=riscv64-unknown-elf-
# shellcheck source=scripts/lib-preset.sh
. "$(dirname "$0")/lib-preset.sh"
preset_build trace.sh "$preset"
for tool in python3 ${cross}addr2line ${cross}objdump ${cross}nm; do
	command -v "$tool" >/dev/null || die "$tool not found (scripts/setup.sh installs it)"
done

# Build what is needed (quietly: the build is not the point).
grep -q '^TALLY_PAYLOAD_ECALL_CAUSE:[A-Z]*=9$' "$build/CMakeCache.txt" ||
	die "preset $preset has no S-mode payload; trace an S-mode preset (qemu-virt-*, cva6-*)"
payload=$build/tests/payload/trace.elf
if [ "$nobuild" = 0 ]; then
	cmake --build "$build" -j2 --target "$(basename "$fw_elf")" trace.elf >/dev/null ||
		die "build failed: cmake --build --preset $preset"
fi
[ -f "$payload" ] && [ -f "$fw_elf" ] || die "$payload or $fw_elf missing: build the preset first"

if [ "$list" = 1 ]; then
	${cross}nm "$payload" | sed -n 's/.* trace_call_//p' | sort
	exit 0
fi
label=$(${cross}nm "$payload" | awk -v s="trace_call_$call" '$3 == s { print $1 }')
[ -n "$label" ] || die "no call '$call' in the trace payload; try: $0 $preset --list"

qemu=$(cache TALLY_QEMU)
machine=$(cache TALLY_QEMU_MACHINE | tr ';' ' ')
cpu=${TRACE_CPU:-$(cache TALLY_QEMU_CPU)}   # TRACE_CPU=rv64,sscofpmf=true: another CPU
# One scratch folder for QEMU's log and output, removed on any exit, a
# failure's or a signal's too (trace-test.sh checks, with a TMPDIR of its own).
scratch=
trap 'rm -rf "$scratch"' EXIT
scratch=$(mktemp -d "${TMPDIR:-/tmp}/tally-trace.XXXXXX")
log=${TRACE_LOG:-$scratch/qemu.log}
out=$scratch/out

# -singlestep: one instruction per translation block, so -d exec logs
# each executed instruction once; nochain keeps QEMU from jumping from
# block to block without logging. -icount: the payload's rdinstret counts
# instructions exactly, as in the benchmark.
# shellcheck disable=SC2086
timeout 300 "$qemu" $machine -cpu "$cpu" -m 128M -nographic -monitor none -serial stdio \
	-bios "$build/$bios" -kernel "$payload" \
	-icount shift=0,sleep=off -singlestep -d exec,nochain -D "$log" </dev/null >"$out" 2>&1 ||
	{ cat "$out"; die "QEMU failed"; }
grep -q '^trace: done' "$out" || { cat "$out"; die "the trace payload did not finish"; }

python3 - "$log" "$out" "$fw_elf" "$payload" "$label" "$call" "$root" "$check" \
	"${TRACE_QUIET:-0}" "$cross" <<'EOF'
import bisect, re, signal, subprocess, sys
signal.signal(signal.SIGPIPE, signal.SIG_DFL)    # | head is fine
log, out, fw_elf, payload, label, call, root, check, quiet, cross = sys.argv[1:]
start = int(label, 16)
back = start + 4          # every marked instruction is a 4-byte one

# Program counters of every executed instruction, in order.
# Under -icount an instruction that touches a device (an MMIO load, say)
# is first executed, found to do I/O, rewound and executed again: QEMU logs
# "cpu_io_recompile: rewound execution of TB to ADDR" between the two, and
# only the second one counts.
pc_re = re.compile(r'^Trace \d+: \S+ \[[0-9a-f]+/([0-9a-f]+)/')
rewound_re = re.compile(r'^cpu_io_recompile: rewound execution of TB to ([0-9a-f]+)')
pcs = []
with open(log, errors='replace') as f:
    for line in f:
        m = pc_re.match(line)
        if m:
            pcs.append(int(m.group(1), 16))
            continue
        m = rewound_re.match(line)
        if m and pcs and pcs[-1] == int(m.group(1), 16):
            pcs.pop()
try:
    i = pcs.index(start)
except ValueError:
    sys.exit(f"trace.sh: the payload never executed trace_call_{call} at {start:#x}")
seg = []
for pc in pcs[i + 1:]:
    if pc == back:
        break
    seg.append(pc)
else:
    sys.exit(f"trace.sh: trace_call_{call} never came back to {back:#x}")

# Disassembly of the firmware: address -> instruction text.
dis = {}
for line in subprocess.run([cross + 'objdump', '-d', '--no-show-raw-insn', fw_elf],
                           capture_output=True, text=True, check=True).stdout.splitlines():
    m = re.match(r'^\s*([0-9a-f]+):\s+(.*)$', line)
    if m:
        dis[int(m.group(1), 16)] = re.sub(r'\s+', ' ', m.group(2).split('#')[0]).strip()

# Function and file:line of each distinct address, in one addr2line run.
addrs = sorted(set(seg))
where = {}
if addrs:
    res = subprocess.run([cross + 'addr2line', '-f', '-e', fw_elf] + [f'{a:#x}' for a in addrs],
                         capture_output=True, text=True, check=True).stdout.splitlines()
    for k, a in enumerate(addrs):
        fn, fl = res[2 * k], res[2 * k + 1]
        fl = fl.split(' (discriminator')[0]
        if fl.startswith(root + '/'):
            fl = fl[len(root) + 1:]
        where[a] = (fn, fl)

# The function (symbol) each address belongs to: addr2line names the
# innermost inlined function, the per-function count wants the real one.
syms = []
for line in subprocess.run([cross + 'nm', '-n', fw_elf], capture_output=True,
                           text=True, check=True).stdout.splitlines():
    f = line.split()
    if len(f) == 3 and f[1] in 'tT' and not f[2].startswith('.L'):
        syms.append((int(f[0], 16), f[2]))
sym_addrs = [a for a, _ in syms]

def func(a):
    if a not in dis:
        return '(not firmware)'
    k = bisect.bisect_right(sym_addrs, a) - 1
    return syms[k][1] if k >= 0 else '??'

if quiet != '1':
    print(f"trace of '{call}': {len(seg)} M-mode instructions from the payload's ecall at {start:#x} back to {back:#x}")
    print(f"{'#':>4}  {'address':<10} {'instruction':<34} {'function':<22} source")
    for n, a in enumerate(seg, 1):
        inl, fl = where.get(a, ('??', ''))
        fn = func(a)
        if inl not in (fn, '??'):
            fl += f' (inlined {inl})'
        print(f"{n:>4}  {a:<#10x} {dis.get(a, '(not in the firmware image)'):<34} {fn:<22} {fl}")
    print()

# Per function, in order of first appearance.
order, count = [], {}
for a in seg:
    fn = func(a)
    if fn not in count:
        order.append(fn)
        count[fn] = 0
    count[fn] += 1
print(f"per function ('{call}'):")
for fn in order:
    print(f"  {count[fn]:>5}  {fn}")
print(f"  {len(seg):>5}  total")

# The payload's own count of the same call (rdinstret under -icount).
measured = None
with open(out, errors='replace') as f:
    for line in f:
        m = re.match(rf'^trace: call {re.escape(call)} error (-?\d+) value (\S+) instret (\d+)', line)
        if m:
            measured = int(m.group(3))
            print(f"returned: error {m.group(1)} value {m.group(2)}")
if measured is None:
    sys.exit("trace.sh: the payload printed no count for this call")
# The payload subtracts the same rdinstret pair around a nop, so the marked
# instruction takes the nop's place and what is left is the firmware's
# instructions, trap_entry through mret: exactly the traced ones if the
# trace is whole. One QEMU detail: it counts an ecall as executed (the
# ecall ends its block and raises the trap itself), but an instruction
# whose helper raises the trap (rdtime without a time CSR) is rolled back
# and not counted, so there the count is one less than the nop it replaced.
insn = subprocess.run([cross + 'objdump', '-d', '--no-show-raw-insn',
                       f'--start-address={start:#x}', f'--stop-address={back:#x}', payload],
                      capture_output=True, text=True, check=True).stdout
is_ecall = re.search(r'^\s*[0-9a-f]+:\s+ecall', insn, re.M) is not None
trapped_insn = not is_ecall and len(seg) > 0
expected = len(seg) - 1 if trapped_insn else len(seg)
if not seg:
    print(f"'{call}' did not trap: the hart executed it without the firmware")
print(f"icount check: traced {len(seg)}, rdinstret counted {measured}"
      + (" (+1: the trapping instruction is not counted)" if trapped_insn else "") + ": "
      + ("agree" if measured == expected else "DIFFERENT"))
if check == '1':
    if measured != expected:
        sys.exit(1)
    if seg and (func(seg[0]) != 'trap_entry' or not dis.get(seg[-1], '').startswith('mret')):
        sys.exit("trace.sh: the trace does not run from trap_entry to mret")
EOF
