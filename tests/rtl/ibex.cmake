# Ibex simple_system tests (the ibex preset); included from
# tests/payload/ibex/tests.cmake.
#
# ibex-size: the firmware alone (text + data, without the linked-in
#   payload) must fit in 16 KiB.
# ibex-rtl: runs build/ibex/tally.elf (firmware + U-mode test payload) on a
#   Verilator-built simple_system named by the IBEX_SIM environment
#   variable; skipped (exit 77) when IBEX_SIM is not set.
# The 16 KiB budget is the simple_system's (the ibex preset). The demo
# system is bound by its 128 KiB of BRAM instead, firmware and payload
# together: its demo-system-fits test (src/platform/ibex/platform.cmake).
if(TALLY_BOARD STREQUAL "simple_system")
  add_test(NAME ibex-size
    COMMAND ${CMAKE_SOURCE_DIR}/tests/rtl/ibex-size.sh ${CMAKE_SIZE} ${CMAKE_BINARY_DIR}/tally.elf 16384)
endif()
# The RTL run is the simple_system's Verilator model: not the demo system,
# whose image only its FPGA runs (docs/boards/ibex.md).
if(TALLY_BOARD STREQUAL "simple_system")
  add_test(NAME ibex-rtl
    COMMAND ${CMAKE_SOURCE_DIR}/tests/rtl/run-ibex.sh ${CMAKE_BINARY_DIR}/tally.elf
      ${CMAKE_BINARY_DIR}/ibex-rtl)
  set_tests_properties(ibex-rtl PROPERTIES SKIP_RETURN_CODE 77)
endif()
