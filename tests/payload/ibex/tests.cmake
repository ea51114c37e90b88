# Ibex payloads and tests; included by tests/payload/CMakeLists.txt.
# ibex-test: the U-mode test payload, linked into tally.elf on the Ibex
# systems (TALLY_PAYLOAD), booted with -kernel on the QEMU stand-in.
tally_payload(ibex-test ibex/ibex_test.c ibex/window.S)
# ibex-pmp: a U-mode write into the firmware, which PMP must stop (ibex-pmp
# on QEMU, ibex-rtl-pmp in tally-pmp.elf). The demo system has no PMP.
if(NOT TALLY_BOARD STREQUAL "demo_system")
  tally_payload(ibex-pmp ibex/pmp.c)
  target_compile_definitions(ibex-pmp.elf PRIVATE FW_BASE=${TALLY_FW_BASE}UL)
endif()

if(TALLY_BOARD STREQUAL "qemu_virt")
  # The QEMU stand-in: virt with QEMU's Ibex CPU model (M+U, RV32IMC). Its
  # mcounteren works, so U-mode reads cycle and instret natively.
  target_compile_definitions(ibex-test.elf PRIVATE EXPECT_COUNTER_READS=1)
  tally_qemu_test(ibex-qemu ibex-test)
  # The banner of an M+U rv32imc hart, counter reads native and emulated.
  tally_banner_test(ibex-banner tally.bin
    "^ISA +: rv32imc$" "^Modes +: M U$"
    "^Extensions +: Base DBCN SRST PMU, legacy EIDs 1-2,8$"
    "^PMU counters +: 19 logical: cycle, instret, 0 hpm, 16 firmware. index 1 is time$"
    "^  3-18   firmware     64     events: ILLEGAL_INSN$"
    "^Counter reads +: native cycle instret. emulated time$")
  tally_banner_test(ibex-banner-emul tally-emul.bin
    "^Counter reads +: native none. emulated cycle time instret$" LABELS pmu)
  # The same with the board keeping those reads away (tally-emul.bin,
  # src/platform/ibex/platform.cmake): each traps and is emulated, as on an
  # Ibex whose mcounteren reads 0 (the demo system's).
  tally_payload(ibex-test-emul ibex/ibex_test.c ibex/window.S)
  target_compile_definitions(ibex-test-emul.elf PRIVATE EXPECT_COUNTER_READS=2)
  tally_qemu_test(ibex-qemu-emul ibex-test-emul BIOS tally-emul.bin LABELS pmu)
  # PMP closes the firmware to U-mode: the write faults (cause 7 at the
  # firmware's base) and, with no S-mode to deliver it to, the firmware
  # reports it and halts. (ibex-rtl-pmp checks the same on the RTL.)
  tally_test(ibex-pmp LABELS qemu COMMAND ${CMAKE_SOURCE_DIR}/tests/qemu/run-expect-panic.sh
    ${CMAKE_BINARY_DIR}/ibex-pmp.log 60 0x7 ${TALLY_FW_BASE}
    ${TALLY_QEMU_CMD} -bios ${CMAKE_BINARY_DIR}/${TALLY_QEMU_BIOS} -kernel ${CMAKE_CURRENT_BINARY_DIR}/ibex-pmp.elf)
else()
  include(${CMAKE_SOURCE_DIR}/tests/rtl/ibex.cmake)
endif()
