#!/usr/bin/env python3
"""Debian's own riscv64 kernel, for the linux-debian tests.
    fetch-kernel.py          print the path of its Image (the last line)
A distribution build the project never configured: Debian's config, every
driver it builds in, BTF, an EFI stub, 6.12's unaligned-access probe. It is
fetched once from Debian's archive (the suite with an official riscv64
port, trixie) into the cache and then used as it is, so a machine runs one
kernel until its cache is emptied. The package is checked against the
archive's SHA256 before it is unpacked.
Environment: TALLY_CACHE (default ~/.cache/tally), TALLY_DEBIAN_MIRROR
(default http://deb.debian.org/debian), TALLY_DEBIAN_SUITE (default trixie).
"""
import glob
import hashlib
import lzma
import os
import re
import subprocess
import sys
import tempfile
import urllib.request

MIRROR = os.environ.get("TALLY_DEBIAN_MIRROR", "http://deb.debian.org/debian")
SUITE = os.environ.get("TALLY_DEBIAN_SUITE", "trixie")
CACHE = os.path.join(os.environ.get("TALLY_CACHE", os.path.expanduser("~/.cache/tally")),
                     "debian-kernel")
# The kernel's package, not its -dbg or -unsigned twins.
NAME = re.compile(r"linux-image-(\d+\.\d+\.\d+)\+deb\d+-riscv64$")


def fetch(url, path):
    with urllib.request.urlopen(url, timeout=300) as r, open(path + ".part", "wb") as f:
        while chunk := r.read(1 << 20):
            f.write(chunk)
    os.replace(path + ".part", path)


def newest_package():
    """(version, Filename, SHA256) of the newest kernel package in the suite."""
    index = os.path.join(CACHE, "Packages.xz")
    fetch(f"{MIRROR}/dists/{SUITE}/main/binary-riscv64/Packages.xz", index)
    best = None
    for stanza in lzma.open(index, "rt").read().split("\n\n"):
        fields = dict(re.findall(r"^([\w-]+): (.*)$", stanza, re.M))
        m = NAME.match(fields.get("Package", ""))
        if not m:
            continue
        version = tuple(int(x) for x in m.group(1).split("."))
        if best is None or version > best[0]:
            best = (version, fields["Filename"], fields["SHA256"])
    if best is None:
        sys.exit(f"fetch-kernel: no linux-image-*-riscv64 in {SUITE}'s index at {MIRROR}")
    return best


def main():
    os.makedirs(CACHE, exist_ok=True)
    images = glob.glob(os.path.join(CACHE, "boot", "vmlinux-*"))
    if not images:
        version, filename, sha = newest_package()
        deb = os.path.join(CACHE, os.path.basename(filename))
        print(f"fetch-kernel: {MIRROR}/{filename}", file=sys.stderr)
        fetch(f"{MIRROR}/{filename}", deb)
        with open(deb, "rb") as f:
            got = hashlib.file_digest(f, "sha256").hexdigest()
        if got != sha:
            os.remove(deb)
            sys.exit(f"fetch-kernel: {deb}: SHA256 {got}, the archive says {sha}")
        # Only boot/ is kept: the modules (about 100 MB) are never loaded here.
        with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
            subprocess.run(["dpkg-deb", "-x", deb, tmp], check=True)
            os.makedirs(os.path.join(CACHE, "boot"), exist_ok=True)
            for f in glob.glob(os.path.join(tmp, "boot", "*")):
                os.replace(f, os.path.join(CACHE, "boot", os.path.basename(f)))
        os.remove(deb)
        images = glob.glob(os.path.join(CACHE, "boot", "vmlinux-*"))
    print(images[0])


if __name__ == "__main__":
    main()
