#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""The deepest M-mode stack an image can use, over its call graph.

Every hart's stack is TALLY_STACK_SIZE bytes with the trap frame at its
top (src/arch/entry.S, start.S): reset and every trap start C right below
the frame. A trap inside the firmware is either a trap guard's, whose
vector (src/arch/trap_guard.S) uses no stack, or a fault that reuses the
frame and the stack from the top on its way to panic: no trap stacks a
second frame on the first. So the worst case is FRAME_SIZE plus the
deepest chain of frames from the entries (_start, trap_entry).

Frames: the -fstack-usage figure of each C function (NAME.c.su beside each
object), or, for code without one (assembly, picolibc, libgcc), the sum of
every downward sp adjustment it makes. Edges, from `objdump -d`: calls
(costing the caller's frame), jumps and fall-through between symbols
(tail calls and assembly labels: costing nothing; a switch's jump table
stays inside its function). A call or jump through a pointer may reach
every function of its kind (KINDS below: the extension table's handlers,
the PMU backend's operations, the callbacks, ...) whose address the image
takes (a word in its data, or an address formed in code); a function the
table does not list, every address-taken one. Direct recursion fails the
check; a path through pointers back onto itself is not followed, and one
more pointer call on a path than --indirect allows must add nothing.

    stack-depth.py OBJDUMP tally.elf --su-dir DIR --frame BYTES [--stack BYTES] [-v]
                   [--report FILE]

Prints the worst path and its bytes; with --stack, fails (exit 1) when the
worst case does not fit. --report writes the worst case as JSON too
(tests/docs/check_hart_figures.py reads it).
"""
import argparse
import json
import os
import re
import struct
import subprocess
import sys

# What a call through a pointer may reach, by the pointer's kind: a name
# pattern for its targets, and the functions whose pointer calls are of that
# kind (source: the struct or typedef named). A function no kind lists
# calls through its pointers to every address-taken function, so a new
# pointer call can only make the bound larger; a new target of a listed
# kind that its pattern misses is the one way to fool this table.
KINDS = {
    # the extension table's ecall handlers (sbi_ext.h), legacy's table
    "ecall": (r"sbi_\w+_ecall|sbi_ext_none|sbi_legacy_\w+",
              r"ecall_c|sbi_ecall|trap_handler|sbi_legacy_ecall"),
    # the extensions' boot, probe and hart reset hooks (sbi_ext.h), HSM's reset
    "hooks": (r"sbi_ext_hart_reset|\w+_hart_reset|\w+_hart_start|fwft_probe|sse_probe",
              r"sbi_ext_boot|sbi_ext_hart_reset|hsm_park|sbi_ext_probe\w*|tally_secondary"),
    # the PMU backend's operations (platform/pmu_backend.h)
    "pmu": (r"(pmu_csr|qemu_pmu|qemu|pmu_cva6|cva6|ibex)_(probe|map|configure|release|read|"
            r"start|stop|overflowed|describe)",
            r"configure_hw(\.\w+)*|start_hw|stop_hw|release_one(\.\w+)*|stop_snapshot|"
            r"pmu_init|pmu_hart_init|map_event|raw_find|banner_print|print_counter_set|"
            r"pmu_\w+"),
    # the board's timer, IPI and reset devices (base/board.h)
    "board": (r"clint_\w+|aclint_\w+|sifive_test_\w+|\w+_mtime\w*|\w+_ipi",
              r"ipi_\w+|timer_set|rfence_send|run_fence|wait_for_harts|hsm_\w+|susp_suspend|"
              r"board_\w+|sse_inject|sbi_srst_ecall|board_timer_value"),
    # the console (drivers/)
    "console": (r"uart\w+|\w+_putc|\w+_getc",
                r"console_\w+|board_console_init|sbi_dbcn_ecall|sbi_legacy_(get|put)char"),
    # csr_bank.S: a CSR by number, a jump into its table
    "csr": (r"(csr_)?(read|write)_(counter|event)h?_(tbl|check)",
            r"csr_(read|write)_(counter|event)h?|read_counter_check"),
    # fast_registers.S: the fast paths reach a register by number
    "regs": (r"(read|write)_table", r"write_rd|misaligned_\w+|illegal_\w+"),
    # the cores' callers' hooks (dbtr_program_fn, fwft_apply_fn), MPRV's byte access
    "dbtr": (r"dbtr_program", r"dbtr_\w+|program_trig"),
    "fwft": (r"fwft_apply", r"fwft_set"),
    "mprv": (r"load8|store8", r"misaligned_emulate"),
    "misaligned": (r"emulate_misaligned", r"trap_handler"),
    # the board's device tree hook (base/board.h)
    "dt_fixup": (r"dt_fixup\w*", r"tally_boot"),
    # the callback over the tree's harts (dt.h); SSE's hart check (struct sse_sys)
    "dt_harts": (r"place_dt_hart", r"fdt_\w+|dt_\w+"),
    "hart_ok": (r"hart_present", r"sse_\w+"),
}

ROOTS = ["_start", "_fw_start", "trap_entry", "trap_vector_table", "trap_guard_vector"]
# Reached by traps (and reset) only, never by a call or indirect jump in C.
NOT_CALLED = set(ROOTS)


def read_su(top):
    """name -> bytes, from every .su under top (the largest of duplicates)."""
    frames = {}
    for d, _, files in os.walk(top):
        for f in files:
            if not f.endswith(".su"):
                continue
            for line in open(os.path.join(d, f)):
                loc, size, kind = line.rstrip("\n").split("\t")
                name = loc.rsplit(":", 1)[-1]
                if "dynamic" in kind and "bounded" not in kind:
                    sys.exit(f"stack-depth: {loc}: dynamic stack ({kind}): no bound")
                frames[name] = max(frames.get(name, 0), int(size))
    return frames


def elf_data_words(path):
    """Every aligned XLEN word of the image's allocated, non-code sections."""
    b = open(path, "rb").read()
    is64 = b[4] == 2
    if is64:
        shoff, = struct.unpack_from("<Q", b, 0x28)
        shentsize, shnum = struct.unpack_from("<HH", b, 0x3A)
    else:
        shoff, = struct.unpack_from("<I", b, 0x20)
        shentsize, shnum = struct.unpack_from("<HH", b, 0x2E)
    words = set()
    for i in range(shnum):
        o = shoff + i * shentsize
        if is64:
            _, typ, flags, _, off, size = struct.unpack_from("<IIQQQQ", b, o)
        else:
            _, typ, flags, _, off, size = struct.unpack_from("<IIIIII", b, o)
        # SHT_PROGBITS, SHF_ALLOC and not SHF_EXECINSTR
        if typ != 1 or not flags & 2 or flags & 4:
            continue
        w = 8 if is64 else 4
        fmt = "<Q" if is64 else "<I"
        for a in range(off, off + size - w + 1, w):
            words.add(struct.unpack_from(fmt, b, a)[0])
    return words


SP_ADJ = re.compile(r"^(?:c\.)?add(?:i)?(?:16sp)?\s+sp,sp,(-?\d+)$")
SP_SET = re.compile(r"^(?:c\.)?\S+\s+sp,")          # any other write of sp
TARGET = re.compile(r"([0-9a-f]+) <([^>+]+)(\+0x[0-9a-f]+)?>")
BRANCH = re.compile(r"^(?:c\.)?(j|jal|b\w+)\s")
IND_CALL = re.compile(r"^(?:c\.)?jalr\s+(\w+)$")    # jalr rs: a call through ra
IND_JUMP = re.compile(r"^(?:c\.)?jr\s+(\w+)$")
ENDS = re.compile(r"^(?:c\.)?(j|jr|ret|mret|sret|tail)\b")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("objdump")
    ap.add_argument("elf")
    ap.add_argument("--su-dir", required=True)
    ap.add_argument("--frame", type=int, required=True, help="the trap frame's bytes")
    ap.add_argument("--stack", type=int, help="TALLY_STACK_SIZE: fail if the worst does not fit")
    ap.add_argument("--indirect", type=int, default=4,
                    help="calls through a pointer nested on one path (default 4; one more must add nothing)")
    ap.add_argument("-v", action="store_true", help="every root's worst path")
    ap.add_argument("--report", help="also write the worst case as JSON here (docs' figures)")
    a = ap.parse_args()

    su = read_su(a.su_dir)
    if not su:
        sys.exit(f"stack-depth: no -fstack-usage figures (.su) under {a.su_dir}")
    dis = subprocess.run([a.objdump, "-d", "--no-show-raw-insn", a.elf],
                         capture_output=True, text=True, check=True).stdout
    chunks, order = {}, []          # name -> {addr, insns}
    cur = None
    for line in dis.splitlines():
        m = re.match(r"^([0-9a-f]+) <(.+)>:$", line)
        if m:
            cur = m.group(2)
            chunks[cur] = {"addr": int(m.group(1), 16), "insns": []}
            order.append(cur)
            continue
        m = re.match(r"^\s*([0-9a-f]+):\s+(.*)$", line)
        if m and cur and not m.group(2).startswith((".", "unimp")):   # padding
            chunks[cur]["insns"].append(m.group(2).replace("\t", " ").strip())
    at = {c["addr"]: n for n, c in chunks.items()}
    starts = sorted(at)

    def su_of(name):
        """The .su figure of a symbol (foo.constprop.0 is foo.constprop's), or None."""
        if name in su:
            return su[name]
        base = re.sub(r"\.\d+$", "", name)
        return su.get(base)

    def owner(addr):
        lo, hi = 0, len(starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if starts[mid] <= addr:
                lo = mid
            else:
                hi = mid - 1
        return at[starts[lo]] if starts and starts[lo] <= addr else None

    # What an indirect call or jump may reach: addresses in data, or formed in code.
    taken = set()
    for w in elf_data_words(a.elf):
        if w in at:
            taken.add(at[w])
    for n in order:
        for ins in chunks[n]["insns"]:
            if BRANCH.match(ins) or "#" not in ins:
                continue
            m = TARGET.search(ins.split("#", 1)[1])
            if m and not m.group(3) and int(m.group(1), 16) in at:
                taken.add(at[int(m.group(1), 16)])
    taken -= NOT_CALLED

    def kinds_of_target(t):
        return [k for k, (tp, _) in KINDS.items() if re.fullmatch(tp, t)]

    def reach_of(caller):
        """The address-taken functions caller's pointer calls may reach."""
        mine = [k for k, (_, cp) in KINDS.items() if re.fullmatch(cp, caller)]
        if not mine:
            return sorted(taken)
        return sorted(t for t in taken if set(kinds_of_target(t)) & set(mine))

    frame, edges = {}, {}
    for i, n in enumerate(order):
        insns = chunks[n]["insns"]
        f = su_of(n)
        if f is None:   # assembly or library code: every downward adjustment
            f, absolute = 0, False
            for ins in insns:
                m = SP_ADJ.match(ins)
                if m:
                    if not absolute and int(m.group(1)) < 0:
                        f -= int(m.group(1))
                elif SP_SET.match(ins) and not re.match(r"^(?:c\.)?s[bhwd]\s", ins):
                    absolute = True   # sp set from elsewhere (a frame, a stack top)
        frame[n] = f
        e = []
        for j, ins in enumerate(insns):
            k_prev = insns[j - 1] if j else ""
            # auipc+jalr pairs (unrelaxed calls and tails) annotate their target
            if re.match(r"^(?:c\.)?j(al)?r\s", ins) and "<" in ins:
                t = owner(int(TARGET.search(ins).group(1), 16))
                if ins.startswith("jr"):
                    e.append((t, 0, ""))
                elif not re.match(r"^jalr\s+t0\b", ins):   # t0: __riscv_save_N, in the .su figure
                    e.append((t, f, ""))
                continue
            # C calls through a pointer reach C; assembly, any label it takes
            reach = [t for t in reach_of(n) if su_of(t) is not None or su_of(n) is None]
            if IND_CALL.match(ins) or re.match(r"^(?:c\.)?jalr\s+ra,", ins):
                e += [(t, f, "*") for t in reach]
                continue
            m = IND_JUMP.match(ins)
            if m and su_of(n) is not None and k_prev.startswith(("add ", "c.add ")) and \
               k_prev.split()[1].split(",")[0] == m.group(1):
                continue   # a switch's jump table: the target is in this function
            if m and m.group(1) != "ra":
                e += [(t, 0, "*") for t in reach]
                continue
            m = BRANCH.match(ins)
            if not m:
                continue
            t = TARGET.search(ins)
            if not t:
                continue
            tgt = owner(int(t.group(1), 16))
            if tgt is None or tgt == n:
                continue
            op = m.group(1)
            call = op == "jal" and not re.match(r"^(?:c\.)?jal\s+(zero|x0),", ins)
            # jal t0, __riscv_save_N (-msave-restore): the .su frame holds it
            if call and re.match(r"^(?:c\.)?jal\s+t0,", ins):
                continue
            # a cold part of this function still runs on its frame
            cost = f if call or tgt.startswith(re.sub(r"\.\d+$", "", n) + ".cold") else 0
            e.append((tgt, cost, ""))
        body = [x for x in insns if not re.match(r"^(?:c\.)?nop$", x)]   # .balign's padding
        if body and not ENDS.match(body[-1]) and su_of(n) is None and i + 1 < len(order) \
           and order[i + 1] not in NOT_CALLED:
            e.append((order[i + 1], 0, "fall"))   # assembly falls into the next label
        edges[n] = e

    memo, onpath = {}, []

    def depth(n, k):
        """(bytes below n's entry sp at the deepest point, path) over the paths
        with at most k calls or jumps through a pointer. Direct recursion
        fails; a path through pointers back onto itself is not followed
        (the firmware does not recurse), and k bounds the rest."""
        if (n, k) in memo:
            return memo[(n, k)]
        if n in onpath:
            sys.exit("stack-depth: recursion, no bound: " +
                     " -> ".join(onpath[onpath.index(n):] + [n]))
        onpath.append(n)
        best = (frame[n], [(n, frame[n], "")])
        for t, cost, how in edges.get(n, []):
            if how == "*":
                if k == 0 or t in onpath:
                    continue
                saved = onpath[:]
                onpath.clear()          # a new direct chain starts at t
                d, p = depth(t, k - 1)
                onpath.extend(saved)
            else:
                d, p = depth(t, k)
            if cost + d > best[0]:
                best = (cost + d, [(n, cost, how)] + p)
        onpath.pop()
        memo[(n, k)] = best
        return best

    # The bound must not grow with one more pointer call on a path: else
    # the kinds above let a chain run on, and the figure is no bound.
    more = max(depth(r, a.indirect + 1)[0] for r in ROOTS if r in chunks)
    worst = None
    for r in ROOTS:
        if r not in chunks:
            continue
        d, p = depth(r, a.indirect)
        if a.v or worst is None or d > worst[0]:
            if a.v:
                print(f"{r}: {d} bytes below the frame: " + " > ".join(f"{n} {c}" for n, c, _ in p))
            if worst is None or d > worst[0]:
                worst = (d, p, r)
    d, p, r = worst
    total = a.frame + d
    print(f"worst M-mode stack: {total} bytes = frame {a.frame} + {d} below it, from {r}:")
    for n, cost, how in p:
        tag = ", then through a pointer" if how == "*" else ", falls through" if how == "fall" else ""
        print(f"  {cost:5d}  {n}{tag}")
    if a.report:
        with open(a.report, "w") as f:
            json.dump({"worst": total, "root": r, "path": [n for n, _, _ in p],
                       "stack": a.stack}, f)
            f.write("\n")
    if more > d:
        print(f"stack-depth: {more - d} bytes more with {a.indirect + 1} pointer calls on a "
              f"path than with {a.indirect}: pointer chains run on (KINDS)")
        sys.exit(1)
    if a.stack is not None:
        if total > a.stack:
            print(f"stack-depth: {total} bytes do not fit TALLY_STACK_SIZE {a.stack}")
            sys.exit(1)
        print(f"fits TALLY_STACK_SIZE {a.stack}: {a.stack - total} bytes to spare")


if __name__ == "__main__":
    main()
