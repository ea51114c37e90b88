#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Fail the build if the dispatcher's slot table disagrees with the extensions.

sbi_extensions[] (src/sbi/sbi_ext.c) is the one list of extensions; the
slot table sbi_ext_slots (src/sbi/sbi_ecall.c), which fast_ecall.S and
sbi_ecall() read, is written by hand as its index. This reads both out of
the linked image and looks every row up as the dispatcher does: the EID's
slot, first way, then second. Each row must reach its own decoder, and
every way must be a row's or empty (its EID cannot land in its slot).

    check-ext-slots.py NM tally.elf
    check-ext-slots.py NM tally.elf --drop ROW   the same with row ROW
                                                 left out of the table
                                                 (a test that it can fail)
"""
import struct
import subprocess
import sys


def sections(data):
    """(address, bytes) of every section that has bytes in the file."""
    is64 = data[4] == 2
    if is64:
        shoff, = struct.unpack_from("<Q", data, 0x28)
        shentsize, shnum = struct.unpack_from("<HH", data, 0x3A)
        fmt, at = "<IIQQQQ", (3, 4, 5)
    else:
        shoff, = struct.unpack_from("<I", data, 0x20)
        shentsize, shnum = struct.unpack_from("<HH", data, 0x2E)
        fmt, at = "<IIIIII", (3, 4, 5)
    out = []
    for i in range(shnum):
        f = struct.unpack_from(fmt, data, shoff + i * shentsize)
        sh_type, addr, off, size = f[1], f[at[0]], f[at[1]], f[at[2]]
        if sh_type not in (0, 8) and addr:   # not NULL, not NOBITS, allocated
            out.append((addr, data[off:off + size]))
    return is64, out


def main():
    nm, elf = sys.argv[1], sys.argv[2]
    drop = int(sys.argv[4]) if sys.argv[3:4] == ["--drop"] else None
    data = open(elf, "rb").read()
    is64, secs = sections(data)
    w = 8 if is64 else 4
    word = "<Q" if is64 else "<I"
    syms, names = {}, {}
    for line in subprocess.run([nm, "-S", elf], capture_output=True, text=True,
                               check=True).stdout.splitlines():
        f = line.split()
        if len(f) == 4:
            syms[f[3]] = (int(f[0], 16), int(f[1], 16))
        if len(f) >= 3:
            names.setdefault(int(f[0], 16), f[-1])

    def read(addr, size):
        for base, b in secs:
            if base <= addr and addr + size <= base + len(b):
                return b[addr - base:addr - base + size]
        sys.exit(f"{elf}: no bytes at {addr:#x}")

    def words(sym):
        addr, size = syms[sym]
        raw = read(addr, size)
        return [struct.unpack_from(word, raw, i)[0] for i in range(0, size, w)]

    for s in ("sbi_extensions", "sbi_ext_slots", "sbi_ext_none"):
        if s not in syms:
            sys.exit(f"{elf}: no symbol {s}")
    ext = words("sbi_extensions")
    rows = [(ext[i], ext[i + 1]) for i in range(0, len(ext), 6)]   # eid, decoder
    table = words("sbi_ext_slots")
    ways = [(table[i], table[i + 1]) for i in range(0, len(table), 2)]
    # arch/entry.h: 32 or 128 slots, one or two ways each; the size says which.
    slots = 32 if len(ways) in (32, 64) else 128
    nways = len(ways) // slots
    none = syms["sbi_ext_none"][0]
    if drop is not None:
        ways = [(~0 & (2 ** (8 * w) - 1), none) if wy == rows[drop] else wy for wy in ways]
    bad = []
    for eid, dec in rows:
        s = eid & (slots - 1)
        got = next((d for e, d in ways[s * nways:(s + 1) * nways] if e == eid), None)
        if got != dec:
            bad.append(f"  EID {eid:#x} ({names.get(dec, hex(dec))}) reaches "
                       f"{names.get(got, 'nothing') if got is not None else 'NOT_SUPPORTED'}"
                       f" in slot {s}")
    for i, (eid, dec) in enumerate(ways):
        s = i // nways
        if (eid, dec) not in rows and not (dec == none and eid & (slots - 1) != s):
            bad.append(f"  slot {s} way {i % nways}: EID {eid:#x} -> "
                       f"{names.get(dec, hex(dec))}, no row of sbi_extensions[]")
    if bad:
        print(f"{elf}: sbi_ext_slots (src/sbi/sbi_ecall.c) disagrees with "
              "sbi_extensions[] (src/sbi/sbi_ext.c):")
        print("\n".join(bad))
        return 1
    print(f"sbi_ext_slots: {len(rows)} extensions, each in its slot "
          f"({slots} slots, {nways} way{'s' if nways > 1 else ''})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
