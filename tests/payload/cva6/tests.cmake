# CVA6 payloads, tests and RTL images; included by tests/payload/CMakeLists.txt.
# The QEMU tests boot tally-qemu.bin: the cva6 backend on QEMU virt with
# exactly CVA6's six hpm counters (pmu-num=6).
tally_payload(cva6 cva6/cva6.c)
tally_qemu_test(cva6-qemu cva6 LABELS pmu)
# The banner on the stand-in: 25 logical counters (six hpm), the range rows
# in the single rows' columns, time emulated (hidden as CVA6 has none).
tally_banner_test(cva6-banner tally-qemu.bin
  "^Modes +: M S U$"
  "^PMU counters +: 25 logical: cycle, instret, 6 hpm, 16 firmware. index 1 is time$"
  "^  2      0xc02        64     INSTRUCTIONS$"
  "^  3-8    0xc03-0xc08  64     " "^  9-24   firmware     64     events: "
  "^Counter reads +: native cycle instret hpm3-8. emulated time$"
  "! ," LABELS pmu)

# The RTL images: the testharness board with a payload linked in
# (fw_payload). The testharness loads only the segment at 0x80000000, so
# firmware and payload must be one segment (checked after the link).
function(tally_cva6_rtl_image name payload)   # [DEFINES def...]
  tally_firmware(${name} BOARD testharness PAYLOAD ${payload} ${ARGN})
  add_custom_command(TARGET ${name}.elf POST_BUILD
    COMMAND ${CMAKE_COMMAND} -DELF=${CMAKE_BINARY_DIR}/${name}.elf -DREADELF=${CMAKE_READELF}
      -DBASE=${TALLY_FW_BASE} -P ${CMAKE_SOURCE_DIR}/tests/rtl/cva6-check-segments.cmake)
endfunction()

# tally-rtl.elf: the S-mode RTL check (cva6/rtl.c) on the Verilator CVA6
# testharness (tests/rtl/run-cva6.sh; skipped without a model).
tally_payload(cva6_rtl cva6/rtl.c cva6/window.S conformance/strap.S ext_test.c ext_trap.S)
tally_cva6_rtl_image(tally-rtl cva6_rtl)
tally_test(cva6-rtl LABELS rtl pmu
  COMMAND ${CMAKE_COMMAND} -E env OBJCOPY=${CMAKE_OBJCOPY} NM=${CMAKE_NM}
    ${CMAKE_SOURCE_DIR}/tests/rtl/run-cva6.sh ${TALLY_XLEN} ${CMAKE_BINARY_DIR}/tally-rtl.elf
    ${CMAKE_BINARY_DIR}/cva6-rtl.log
  PROPERTIES SKIP_RETURN_CODE 77)

# The conformance payload, built with CVA6_MAP: the answers of the CVA6
# event map instead of QEMU's (and no counting check for CVA6's selectors,
# which QEMU does not count). tally-conformance.elf links it in for the
# RTL (tests/rtl/conformance.cmake).
tally_payload(test_cva6 ${CONFORMANCE_SOURCES} ${EXT_TEST_SRC})
target_compile_definitions(test_cva6.elf PRIVATE CVA6_MAP)
tally_qemu_test(cva6-conformance test_cva6 LABELS ${TALLY_LABELS_CONFORMANCE})
tally_cva6_rtl_image(tally-conformance test_cva6)

# Linux perf on the stand-in, with CVA6's perf event names: every generic,
# cache and raw (rN = CVA6 selector N) event docs/boards/cva6.md lists gets a
# counter through Tally, the ones it leaves out get none. rv64 only (the one
# kernel the project builds); the kernel is built once into a cache.
if(TALLY_XLEN EQUAL 64 AND TALLY_BOARD STREQUAL "testharness")
  tally_test(linux-perf-cva6 LABELS linux pmu COMMAND ${CMAKE_SOURCE_DIR}/tests/linux/run-linux-perf.sh
    ${CMAKE_BINARY_DIR} ${TALLY_QEMU} ${CMAKE_BINARY_DIR}/tally-qemu.bin 1 cva6 PROPERTIES TIMEOUT 1800)

  # Linux on the cv64a6 model itself (scripts/linux-rtl.sh, docs/boards/cva6.md).
  # The driver against a fake model: stages, M-mode sums, verdicts, bad input.
  set(linux_rtl ${CMAKE_SOURCE_DIR}/tests/linux/rtl)
  tally_test(linux-rtl-tool LABELS linux COMMAND python3 ${linux_rtl}/test-linux-rtl.py)
  # rtl-init's text on a UART with no interrupt, as the testharness's: QEMU
  # virt with its tree's UART interrupt taken away (the model lost it).
  tally_test(linux-rtl-polled-console LABELS linux COMMAND python3 ${linux_rtl}/test-polled-console.py
    ${TALLY_QEMU} ${CMAKE_BINARY_DIR}/tally-qemu.bin ${CMAKE_BINARY_DIR} PROPERTIES TIMEOUT 900)
  # The same on 6.12, which refuses to open an event the firmware cannot
  # count (its boot-time check) where 6.1 opened it and never ran it.
  tally_test(linux-rtl-polled-console-612 LABELS linux COMMAND python3 ${linux_rtl}/test-polled-console.py
    ${TALLY_QEMU} ${CMAKE_BINARY_DIR}/tally-qemu.bin ${CMAKE_BINARY_DIR} 612 PROPERTIES TIMEOUT 1800)
  # QEMU's own tree, which lists sstc: Tally takes it out (the stand-in, as
  # CVA6, gives S-mode no Sstc), so Linux never writes stimecmp and boots.
  tally_test(linux-qemu-tree LABELS linux COMMAND python3 ${linux_rtl}/test-qemu-tree.py
    ${TALLY_QEMU} ${CMAKE_BINARY_DIR}/tally-qemu.bin ${CMAKE_BINARY_DIR} ${TALLY_QEMU_CPU}
    PROPERTIES TIMEOUT 1800)
  # In CI: Tally hands the project's kernel to the model, whose earlycon
  # prints its first lines (about 0.6 M cycles); skipped without a model.
  tally_test(linux-rtl-earlycon LABELS rtl linux COMMAND python3 ${linux_rtl}/linux-rtl.py
    --firmware ${CMAKE_BINARY_DIR}/tally.elf --until line --lines 3 --max-cycles 3000000
    PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 1800)
  # The whole boot, Tally and OpenSBI 1.1 side by side, against the figures
  # docs quote: about 90 minutes of both cores, so `long` (not in CI).
  tally_test(linux-rtl-figures LABELS long rtl linux COMMAND python3
    ${CMAKE_SOURCE_DIR}/tests/docs/check_linux_rtl_figures.py ${CMAKE_BINARY_DIR}
    PROPERTIES TIMEOUT 10800)
  tally_test(linux-rtl-figures-selftest LABELS docs COMMAND python3
    ${CMAKE_SOURCE_DIR}/tests/docs/check_linux_rtl_figures.py --self-test)
  # Linux 6.12 (the KVM tests' kernel) on the model: 6.12's misaligned-access
  # probe through Tally's emulation. About half an hour of the model, so `long`.
  tally_test(linux-rtl-612 LABELS long rtl linux COMMAND python3
    ${CMAKE_SOURCE_DIR}/tests/docs/check_linux_rtl_figures.py --k612 ${CMAKE_BINARY_DIR}
    PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 10800)
endif()

# rv32 Linux on the cv32a6 model: the project's rv32 kernel
# (tests/linux/build-kernel-rv32.sh) and rtl-init, booted under this
# preset's image to rtl-init's pass and an SRST power-off. About 22 minutes
# of the model after the kernel's build, so `long`; skipped without a model.
if(TALLY_XLEN EQUAL 32 AND TALLY_BOARD STREQUAL "testharness")
  tally_test(linux-rtl-rv32 LABELS long rtl linux COMMAND python3
    ${CMAKE_SOURCE_DIR}/tests/docs/check_linux_rtl_figures.py --rv32 ${CMAKE_BINARY_DIR}
    PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 7200)
endif()

# The call-cost benchmark on the RTL models, in core cycles, with Debian's
# OpenSBI 1.1 beside Tally on cv64a6 (tests/rtl/bench-rtl.py; it builds
# the other presets it needs). A target, not a test: slow, and a figure.
add_custom_target(bench-rtl
  COMMAND python3 ${CMAKE_SOURCE_DIR}/tests/rtl/bench-rtl.py --built ${CMAKE_BINARY_DIR}
  DEPENDS tally.elf bench_cycles.elf USES_TERMINAL)
