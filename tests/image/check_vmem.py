#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""check_vmem.py VMEM BIN BASE [--flip WORD]: does the .vmem say exactly what the image is?

BIN is `objcopy -O binary` of the same ELF: the loadable bytes from the
lowest load address (here BASE, the start of RAM) on, gaps filled with
zeros. That is a second, independent reading of the ELF, so the check is:
  - every word in the .vmem equals the 4 bytes of BIN at its offset, taken
    little-endian (bytes past the end of BIN count as zero padding);
  - no word is given twice, and every word of BIN that is not zero is in
    the .vmem (a word left out would be whatever the BRAM powers up with).
--flip WORD reads word WORD of the .vmem with one bit flipped: the check
must then fail (ctest runs it so, as a test expected to fail), which shows
that it can.
"""
import re
import sys


def main():
    vmem, binf, base = sys.argv[1], sys.argv[2], int(sys.argv[3], 0)
    flip = int(sys.argv[5], 0) if len(sys.argv) == 6 and sys.argv[4] == "--flip" else None
    del base  # BIN starts at BASE by construction; offsets are from it
    with open(binf, "rb") as f:
        image = f.read()
    seen = {}
    bad = 0
    with open(vmem) as f:
        for lineno, line in enumerate(f, 1):
            fields = line.split()
            if not fields:
                continue
            m = re.fullmatch(r"@([0-9A-Fa-f]+)", fields[0])
            if not m:
                sys.exit(f"{vmem}:{lineno}: a line must start with @ADDR")
            w = int(m.group(1), 16)
            for tok in fields[1:]:
                if not re.fullmatch(r"[0-9A-Fa-f]{8}", tok):
                    sys.exit(f"{vmem}:{lineno}: {tok!r} is not one 32-bit word")
                if w in seen:
                    sys.exit(f"{vmem}:{lineno}: word {w:#x} given twice")
                want = int.from_bytes(image[w * 4:w * 4 + 4].ljust(4, b"\0"), "little")
                got = int(tok, 16) ^ (1 if w == flip else 0)
                seen[w] = got
                if got != want:
                    bad += 1
                    if bad <= 10:
                        print(f"word {w:#x} (byte {w * 4:#x}): vmem {got:08x}, image {want:08x}")
                w += 1
    missing = [w for w in range((len(image) + 3) // 4)
               if w not in seen and image[w * 4:w * 4 + 4].strip(b"\0")]
    for w in missing[:10]:
        print(f"word {w:#x} (byte {w * 4:#x}) is in the image but not in the vmem")
    print(f"{len(seen)} words checked against {len(image)} image bytes: "
          f"{bad} wrong, {len(missing)} missing")
    sys.exit(1 if bad or missing else 0)


if __name__ == "__main__":
    main()
