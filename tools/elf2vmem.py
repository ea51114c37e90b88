#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""elf2vmem.py ELF VMEM BASE: write an ELF's loadable bytes as a .vmem file.

A .vmem file is what Verilog's $readmemh reads to initialise a memory (the
Ibex demo system's BRAM, the simple_system's RAM model): 32-bit words, 8
hex digits each, little-endian; "@ADDR" sets where the next words go, in
words from BASE. Each line is "@ADDR" and up to 8 words: exactly the bytes
of the PT_LOAD segments, padded with zeros to whole words. No libraries,
so it runs wherever python3 does; tests/image/check_vmem.py checks it
against objcopy's binary image.
"""
import struct
import sys

PT_LOAD = 1
WORDS_PER_LINE = 8


def load_segments(data):
    """[(paddr, bytes)] of the PT_LOAD segments with file contents."""
    if data[:4] != b"\x7fELF":
        sys.exit("not an ELF file")
    is64 = data[4] == 2
    if data[5] != 1:
        sys.exit("not a little-endian ELF: the words would be wrong")
    if is64:
        phoff, = struct.unpack_from("<Q", data, 0x20)
        phentsize, phnum = struct.unpack_from("<HH", data, 0x36)
    else:
        phoff, = struct.unpack_from("<I", data, 0x1c)
        phentsize, phnum = struct.unpack_from("<HH", data, 0x2a)
    segs = []
    for i in range(phnum):
        off = phoff + i * phentsize
        if is64:
            p_type, _, p_offset, _, p_paddr, p_filesz = struct.unpack_from("<IIQQQQ", data, off)
        else:
            p_type, p_offset, _, p_paddr, p_filesz = struct.unpack_from("<IIIII", data, off)
        if p_type == PT_LOAD and p_filesz:
            segs.append((p_paddr, data[p_offset:p_offset + p_filesz]))
    return sorted(segs)


def vmem_lines(segs, base):
    # One byte map first, so segments that share a word end up in the same word.
    mem = {}
    for addr, blob in segs:
        if addr < base:
            sys.exit(f"segment at {addr:#x} lies below the memory base {base:#x}")
        for i, b in enumerate(blob):
            mem[addr - base + i] = b
    words = sorted({off // 4 for off in mem})
    lines, run = [], []
    for w in words:
        if run and (w != run[-1][0] + 1 or len(run) == WORDS_PER_LINE):
            lines.append(run)
            run = []
        value = sum(mem.get(w * 4 + k, 0) << (8 * k) for k in range(4))
        run.append((w, value))
    if run:
        lines.append(run)
    return ["@%08X %s" % (r[0][0], " ".join("%08X" % v for _, v in r)) for r in lines]


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    elf, out, base = sys.argv[1], sys.argv[2], int(sys.argv[3], 0)
    with open(elf, "rb") as f:
        segs = load_segments(f.read())
    with open(out, "w") as f:
        f.write("\n".join(vmem_lines(segs, base)) + "\n")


if __name__ == "__main__":
    main()
