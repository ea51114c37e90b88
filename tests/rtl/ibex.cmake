# Ibex RTL tests (the ibex and ibex-demo-system presets); included from
# tests/payload/ibex/tests.cmake.
#
# ibex-size: the firmware alone (text + data, without the linked-in
#   payload) must fit in 16 KiB: the simple_system's budget. The demo
#   system is bound by its 128 KiB of BRAM instead, firmware and payload
#   together: its demo-system-fits test (tests/image/tests.cmake).
# ibex-rtl: tally.elf (firmware + U-mode test payload) on a Verilator-built
#   simple_system named by IBEX_SIM.
# ibex-rtl-pmp: tally-pmp.elf (firmware + tests/payload/ibex/pmp.c) on the
#   same model: the firmware's PMP must stop a U-mode write into it.
# ibex-demo-rtl: tally.elf of the demo system (the image its FPGA gets) on
#   the demo system's Verilator model named by IBEX_DEMO_SIM.
# Both run tests/rtl/run-ibex.sh and are skipped (exit 77) when their
# variable is not set; .ci/run sets them when ../shared/rtl has the models.
set(run ${CMAKE_SOURCE_DIR}/tests/rtl/run-ibex.sh)
if(TALLY_BOARD STREQUAL "simple_system")
  tally_test(ibex-size LABELS image
    COMMAND ${CMAKE_SOURCE_DIR}/tests/rtl/ibex-size.sh ${CMAKE_SIZE} ${CMAKE_BINARY_DIR}/tally.elf 16384)
  tally_test(ibex-rtl LABELS rtl PROPERTIES SKIP_RETURN_CODE 77
    COMMAND ${run} simple_system ${CMAKE_BINARY_DIR}/tally.elf ${CMAKE_BINARY_DIR}/ibex-rtl.log)
  # PMP on the RTL as on QEMU's ibex-pmp: the U-mode store into the
  # firmware is a store access fault (cause 7) at the firmware's base.
  tally_firmware(tally-pmp BOARD simple_system PAYLOAD ibex-pmp)
  tally_test(ibex-rtl-pmp LABELS rtl PROPERTIES SKIP_RETURN_CODE 77
    COMMAND ${run} simple_system ${CMAKE_BINARY_DIR}/tally-pmp.elf ${CMAKE_BINARY_DIR}/ibex-rtl-pmp.log
      0x7 ${TALLY_FW_BASE})
elseif(TALLY_BOARD STREQUAL "demo_system")
  tally_test(ibex-demo-rtl LABELS rtl PROPERTIES SKIP_RETURN_CODE 77
    COMMAND ${run} demo_system ${CMAKE_BINARY_DIR}/tally.elf ${CMAKE_BINARY_DIR}/ibex-demo-rtl.log)
endif()
