# The conformance payload (tests/payload/conformance/) on the RTL models;
# included by tests/payload/CMakeLists.txt.
#
# cva6-rtl-conformance: tally-conformance.elf (the testharness firmware
#   with test_cva6.elf, the payload cva6-conformance boots on QEMU, linked
#   in: tests/payload/cva6/tests.cmake) on the Verilator testharness
#   that CVA6_SIM_RV64 / CVA6_SIM_RV32 (as the preset's XLEN) or else
#   CVA6_SIM names (tests/rtl/run-cva6-conformance.sh). The same binary
#   payload on both: it reads where RAM ends from the device tree and
#   expects the core's errata by name (conformance/errata.c). Skipped
#   (exit 77) when no model is named.
if(TALLY_PLATFORM STREQUAL "cva6")
  tally_test(cva6-rtl-conformance LABELS rtl ${TALLY_LABELS_CONFORMANCE}
    COMMAND ${CMAKE_SOURCE_DIR}/tests/rtl/run-cva6-conformance.sh ${TALLY_XLEN}
      ${CMAKE_BINARY_DIR}/tally-conformance.elf ${CMAKE_BINARY_DIR}/cva6-rtl-conformance.log
    PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 3600)
endif()

# Ibex (M+U): the same files built for U-mode (UMODE, conformance/main.c
# says which checks that leaves), as conformance-umode.elf. Ibex boards
# pass no device tree, so RAM ends where the preset says.
# ibex-qemu-conformance: on the QEMU stand-in (the ibex-qemu preset).
# ibex-rtl-conformance: tally-conformance.elf (the board's firmware with
#   this payload) on the simple_system model (IBEX_SIM, the ibex preset)
#   or the demo system's (IBEX_DEMO_SIM, the ibex-demo-system preset),
#   through tests/rtl/run-ibex.sh; skipped (exit 77) when the variable is
#   not set.
if(TALLY_PLATFORM STREQUAL "ibex")
  math(EXPR _ram_end "${TALLY_FW_BASE} + ${TALLY_RAM_SIZE}" OUTPUT_FORMAT HEXADECIMAL)
  tally_payload(conformance-umode ${CONFORMANCE_SOURCES})
  target_compile_definitions(conformance-umode.elf PRIVATE UMODE
    FW_BASE=${TALLY_FW_BASE}UL BOARD_RAM_END=${_ram_end}UL)
  if(TALLY_BOARD STREQUAL "qemu_virt")
    # The QEMU stand-in (no hpm counters; QEMU's device tree names the RAM).
    tally_qemu_test(ibex-qemu-conformance conformance-umode LABELS ${TALLY_LABELS_CONFORMANCE})
  else()
    # The Ibex RTL: ten 40-bit event counters (the hpm checks here are
    # about get_info; ibex_test.c counts their events). The image is the
    # board's firmware with this payload linked in where tally.elf has ibex-test.
    target_compile_definitions(conformance-umode.elf PRIVATE HPM_WIDTH=40)
    tally_firmware(tally-conformance BOARD ${TALLY_BOARD} PAYLOAD conformance-umode)
    if(TALLY_BOARD STREQUAL "simple_system")
      set(_model simple_system)
    else()
      set(_model demo_system)
      # Firmware, payload and the payload's .bss and stack in 128 KiB of BRAM.
      tally_test(demo-system-conformance-fits LABELS image ${TALLY_LABELS_CONFORMANCE} COMMAND ${CMAKE_COMMAND}
        -DNM=${CMAKE_NM} -DFW=${CMAKE_BINARY_DIR}/tally-conformance.elf
        -DPAYLOAD=${CMAKE_CURRENT_BINARY_DIR}/conformance-umode.elf
        -DRAM_BASE=${TALLY_FW_BASE} -DRAM_SIZE=${TALLY_RAM_SIZE}
        -P ${CMAKE_SOURCE_DIR}/tests/image/fits-in-ram.cmake)
    endif()
    tally_test(ibex-rtl-conformance LABELS rtl ${TALLY_LABELS_CONFORMANCE}
      COMMAND ${CMAKE_SOURCE_DIR}/tests/rtl/run-ibex.sh ${_model}
        ${CMAKE_BINARY_DIR}/tally-conformance.elf ${CMAKE_BINARY_DIR}/ibex-rtl-conformance.log
      PROPERTIES SKIP_RETURN_CODE 77 ENVIRONMENT IBEX_RUN_PAYLOAD=conformance)
  endif()
endif()
