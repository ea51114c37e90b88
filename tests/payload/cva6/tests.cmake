# CVA6 payloads and QEMU tests; included by tests/payload/CMakeLists.txt
# (so tally_payload() finds start.S, lib.c and payload.ld).
#
# The QEMU tests boot tally-qemu.bin (TALLY_QEMU_BIOS, set by the cva6
# presets): the cva6 backend on QEMU virt with exactly CVA6's six hpm
# counters (TALLY_QEMU_CPU = rv64,pmu-num=6 / rv32,pmu-num=6).
tally_payload(cva6 cva6/cva6.c)
tally_qemu_test(cva6-qemu cva6)
# The banner on the stand-in: 25 logical counters (six hpm), the range rows
# in the single rows' columns, time emulated (hidden as CVA6 has none).
tally_banner_test(cva6-banner tally-qemu.bin
  "^Modes +: M S U$"
  "^PMU counters +: 25 logical: cycle, instret, 6 hpm, 16 firmware. index 1 is time$"
  "^  2      0xc02        64     INSTRUCTIONS$"
  "^  3-8    0xc03-0xc08  64     " "^  9-24   firmware     64     events: "
  "^Counter reads +: native cycle instret hpm3-8. emulated time$"
  "! ,")

# The S-mode payload tests/rtl runs on the CVA6 RTL: linked into
# tally-rtl.elf by src/platform/cva6/platform.cmake.
tally_payload(cva6_rtl cva6/rtl.c)

# The conformance payload, built with CVA6_MAP: the answers of the CVA6
# event map instead of QEMU's (and no counting check for CVA6's selectors,
# which QEMU does not count).
tally_payload(test_cva6 ${CONFORMANCE_SOURCES})
target_compile_definitions(test_cva6.elf PRIVATE CVA6_MAP)
tally_qemu_test(cva6-conformance test_cva6)

add_test(NAME cva6-rtl
  COMMAND ${CMAKE_SOURCE_DIR}/tests/rtl/run-cva6.sh ${CMAKE_BINARY_DIR}/tally-rtl.elf
    ${CMAKE_BINARY_DIR}/cva6-rtl.log)
set_tests_properties(cva6-rtl PROPERTIES SKIP_RETURN_CODE 77)
