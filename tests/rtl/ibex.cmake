# Ibex RTL tests (tests/README.md), included from tests/payload/ibex/tests.cmake;
# tests/rtl/run-ibex.sh skips them (exit 77) unless IBEX_SIM / IBEX_DEMO_SIM
# names a model (.ci/run does when ../shared/rtl has them). ibex-size: the
# firmware alone, without its payload, fits the simple_system's 16 KiB.
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
