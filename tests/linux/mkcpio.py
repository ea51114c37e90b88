#!/usr/bin/env python3
"""Write a newc initramfs holding /init (the given file) and /dev/console."""
import sys

def entry(name, mode, data=b"", rdev=(0, 0)):
    name_b = name.encode() + b"\0"
    hdr = "070701" + "".join(f"{x:08X}" for x in (
        0, mode, 0, 0, 1, 0, len(data), 0, 0, rdev[0], rdev[1], len(name_b), 0))
    out = hdr.encode() + name_b
    out += b"\0" * (-len(out) % 4) + data
    return out + b"\0" * (-len(out) % 4)

init = open(sys.argv[1], "rb").read()
blob = entry("dev", 0o40755) + entry("dev/console", 0o20600, rdev=(5, 1)) \
    + entry("init", 0o100755, init) + entry("TRAILER!!!", 0)
open(sys.argv[2], "wb").write(blob)
