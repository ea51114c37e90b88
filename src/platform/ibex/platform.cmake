# The QEMU stand-in also builds tally-emul.elf/.bin: the same board with
# TALLY_HIDE_USER_COUNTERS, which keeps cycle and instret away from U-mode
# (mcounteren bits clear) as an Ibex whose mcounteren reads 0 does. The
# ibex-qemu-emul test boots it, so the emulated counter reads in trap.c run
# for real on QEMU, whose own mcounteren works. (The images with another
# payload linked in are made beside their tests: tests/rtl/.)
if(TALLY_BOARD STREQUAL "qemu_virt")
  tally_firmware(tally-emul BOARD qemu_virt DEFINES TALLY_HIDE_USER_COUNTERS)
endif()
