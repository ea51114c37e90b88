# CVA6's QEMU stand-in, beside the preset's board: tally-qemu.elf/.bin, the
# cva6 backend on QEMU virt with QEMU's counters (boards/qemu.c takes start,
# stop and configure from the QEMU backend). The QEMU tests boot it
# (TALLY_QEMU_BIOS); the images with an RTL payload linked in are made
# beside their tests (tests/payload/cva6/tests.cmake).
tally_firmware(tally-qemu BOARD qemu SOURCES src/platform/qemu-virt/pmu_qemu.c)
