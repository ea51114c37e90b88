# SPDX-License-Identifier: BSD-2-Clause
"""What the CVA6 stand-in's Linux tests share: the kernel (the project's
6.1, or with k612 the KVM tests' 6.12), rtl-init in an initramfs, and
QEMU's own device tree for a machine."""
import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))


def kernel_and_init(build, name, k612):
    """(work folder, kernel Image, rtl-init's cpio) for the test NAME."""
    work = os.path.join(build, "linux", name + ("-612" if k612 else ""))
    os.makedirs(work, exist_ok=True)
    build_kernel = os.path.join(here, "..", "kvm", "build-kvm-kernel.sh") if k612 else \
        os.path.join(here, "..", "build-kernel.sh")
    kernel = subprocess.run([build_kernel], check=True, capture_output=True,
                            text=True).stdout.split()[-1]
    init = os.path.join(work, "rtl-init")
    subprocess.run(["riscv64-linux-gnu-gcc", "-static", "-nostdlib", "-ffreestanding",
                    "-fno-stack-protector", "-mno-relax", "-Wl,--no-relax", "-O2", "-Wall",
                    "-Wextra", "-Werror", "-o", init, os.path.join(here, "rtl-init.c")], check=True)
    subprocess.run([sys.executable, os.path.join(here, "..", "mkcpio.py"), init, init + ".cpio"],
                   check=True)
    return work, kernel, init + ".cpio"


def qemu_tree(qemu, machine, work):
    """(dtb, its source) of the tree QEMU makes for MACHINE (-M virt ... -m ...)."""
    dtb = os.path.join(work, "virt.dtb")
    subprocess.run([qemu, "-M", f"virt,dumpdtb={dtb}"] + machine[2:] + ["-nographic"],
                   check=True, capture_output=True)
    dts = subprocess.run(["dtc", "-q", "-I", "dtb", "-O", "dts", dtb], check=True,
                         capture_output=True, text=True).stdout
    return dtb, dts
