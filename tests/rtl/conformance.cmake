# The conformance payload (tests/payload/conformance/) on the RTL models;
# included by tests/payload/CMakeLists.txt.
#
# cva6-rtl-conformance: tally-conformance.elf (the testharness firmware
#   with test_cva6.elf, the payload cva6-conformance boots on QEMU, linked
#   in: src/platform/cva6/platform.cmake) on the Verilator testharness
#   that CVA6_SIM names, rv64 or rv32 as the preset. The same binary
#   payload on both: it reads where RAM ends from the device tree and
#   expects the core's errata by name (conformance/errata.c). Skipped
#   (exit 77) when CVA6_SIM is not set.
if(TALLY_PLATFORM STREQUAL "cva6")
  add_test(NAME cva6-rtl-conformance
    COMMAND ${CMAKE_SOURCE_DIR}/tests/rtl/run-cva6-conformance.sh
      ${CMAKE_BINARY_DIR}/tally-conformance.elf ${CMAKE_BINARY_DIR}/cva6-rtl-conformance.log)
  set_tests_properties(cva6-rtl-conformance PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 3600)
endif()
