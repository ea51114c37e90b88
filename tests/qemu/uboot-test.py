#!/usr/bin/env python3
"""A real S-mode client: boot Debian's U-Boot (qemu-riscv64_smode) on Tally,
type `sbi` at its prompt, check it lists Tally's extensions, then `poweroff`
must end QEMU with status 0.  usage: uboot-test.py QEMU TALLY_BIN UBOOT_ELF"""
import os, subprocess, sys, time

qemu, fw, uboot = sys.argv[1:4]
if not os.path.exists(uboot):
    print(f"uboot-test: {uboot} missing (Debian package u-boot-qemu)")
    sys.exit(1)
p = subprocess.Popen([qemu, "-M", "virt", "-m", "256M", "-nographic", "-monitor", "none",
                      "-bios", fw, "-kernel", uboot],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
os.set_blocking(p.stdout.fileno(), False)
out = b""

def wait_for(token, limit=60):
    """Read QEMU's console until token appears after what was read so far."""
    global out
    start, deadline = len(out), time.time() + limit
    while time.time() < deadline:
        chunk = p.stdout.read()
        if chunk:
            out += chunk
            if token in out[start:]:
                return True
        elif p.poll() is not None:
            return False
        else:
            time.sleep(0.05)
    return False

def send(text):
    p.stdin.write(text.encode())
    p.stdin.flush()

passed = failed = 0
def check(ok, what):
    global passed, failed
    print(("ok - " if ok else "FAIL - ") + what)
    passed, failed = passed + ok, failed + (not ok)

check(wait_for(b"Hit any key to stop autoboot"), "U-Boot reached its autoboot prompt")
send("\n")
check(wait_for(b"=> "), "U-Boot prompt")
mark = len(out)
send("sbi\n")
wait_for(b"=> ", 20)
listing = out[mark:].decode(errors="replace")
for expect in ["SBI 3.0", "SBI Base Functionality", "Timer Extension",
               "System Reset Extension", "Performance Monitoring Unit Extension",
               "Console Putchar", "Console Getchar", "Hart State Management Extension",
               "IPI Extension", "RFENCE Extension"]:
    check(expect in listing, f"`sbi` lists {expect!r}")
check("Nested Acceleration" not in listing and "Steal-time" not in listing,
      "`sbi` lists no extension Tally does not have")
# Tally adds a no-map /reserved-memory node for itself to the tree U-Boot got.
mark = len(out)
send("fdt addr ${fdtcontroladdr}; fdt print /reserved-memory\n")
wait_for(b"=> ", 20)
tree = out[mark:].decode(errors="replace")
check("mmode_resv@80000000" in tree and "no-map" in tree,
      "device tree has /reserved-memory/mmode_resv@80000000 with no-map")
check("reg = <0x00000000 0x80000000 0x00000000 0x000" in tree,
      "the reservation starts at 0x80000000 (the firmware's PMP region)")
send("poweroff\n")
try:
    rc = p.wait(timeout=30)
except subprocess.TimeoutExpired:
    p.kill()
    rc = None
check(rc == 0, f"poweroff ends QEMU with status 0 (got {rc})")
sys.stdout.write(out.decode(errors="replace")[-1500:] + "\n")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
