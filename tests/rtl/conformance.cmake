# The conformance payload on the RTL models (tests/README.md says what each
# test proves); included by tests/payload/CMakeLists.txt. The runners skip
# (exit 77) when no model is named (CVA6_SIM_RV64/RV32, IBEX_SIM, IBEX_DEMO_SIM).
if(TALLY_PLATFORM STREQUAL "cva6")
  tally_test(cva6-rtl-conformance LABELS rtl ${TALLY_LABELS_CONFORMANCE}
    COMMAND ${CMAKE_SOURCE_DIR}/tests/rtl/run-cva6-conformance.sh ${TALLY_XLEN}
      ${CMAKE_BINARY_DIR}/tally-conformance.elf ${CMAKE_BINARY_DIR}/cva6-rtl-conformance.log
    PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 3600)
endif()

# Ibex (M+U): the same files built for U-mode (UMODE: conformance/main.c
# says which checks that leaves); Ibex boards pass no device tree, so RAM
# ends where the preset says.
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
