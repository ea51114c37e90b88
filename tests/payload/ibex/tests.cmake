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
  # PMP closes the firmware to U-mode: the write faults (cause 7 at the
  # firmware's base) and, with no S-mode to deliver it to, the firmware
  # reports it and halts.
  tally_payload(ibex-pmp ibex/pmp.c)
  target_compile_definitions(ibex-pmp.elf PRIVATE FW_BASE=${TALLY_FW_BASE}UL)
  add_test(NAME ibex-pmp COMMAND ${CMAKE_SOURCE_DIR}/tests/qemu/run-expect-panic.sh
    ${CMAKE_BINARY_DIR}/ibex-pmp.log 60 0x7 ${TALLY_FW_BASE}
    ${TALLY_QEMU} ${TALLY_QEMU_MACHINE} -cpu ${TALLY_QEMU_CPU} -m 128M
    -bios ${CMAKE_BINARY_DIR}/${TALLY_QEMU_BIOS}
    -kernel ${CMAKE_CURRENT_BINARY_DIR}/ibex-pmp.elf)
else()
  include(${CMAKE_SOURCE_DIR}/tests/rtl/ibex.cmake)
endif()
