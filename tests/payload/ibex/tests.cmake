# Ibex payloads and tests; included by tests/payload/CMakeLists.txt (so
# tally_payload() finds start.S, lib.c and payload.ld).
#
# ibex-test: the U-mode test payload. The ibex preset links it into
# tally.elf (TALLY_PAYLOAD/TALLY_PAYLOAD_TARGET), the one image the
# simple_system loads; the ibex-qemu preset boots it with -kernel.
tally_payload(ibex-test ibex/ibex_test.c)

if(TALLY_BOARD STREQUAL "qemu_virt")
  # The QEMU stand-in: virt with QEMU's Ibex CPU model (M+U, RV32IMC).
  tally_qemu_test(ibex-qemu ibex-test)
else()
  include(${CMAKE_SOURCE_DIR}/tests/rtl/ibex.cmake)
endif()
