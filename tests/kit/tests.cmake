# The payload kit out of tree (tests/kit/run-kit-example.sh): its examples
# built with the kit's CMake function and with its Makefile, booted on this
# build's firmware. On the presets a newcomer runs first: QEMU virt rv64 and
# rv32 (S-mode) and the Ibex stand-in (U-mode).
if(TALLY_PLATFORM STREQUAL "qemu-virt")
  set(_kit_mode s)
elseif(TALLY_PLATFORM STREQUAL "ibex" AND TALLY_BOARD STREQUAL "qemu_virt")
  set(_kit_mode u)
endif()
if(_kit_mode)
  foreach(way cmake make)
    tally_test(kit-${way} LABELS base dbcn srst pmu COMMAND ${CMAKE_CURRENT_LIST_DIR}/run-kit-example.sh
      ${CMAKE_SOURCE_DIR} ${CMAKE_BINARY_DIR}/tally.bin ${way} ${TALLY_XLEN} ${_kit_mode}
      ${TALLY_QEMU} ${TALLY_QEMU_CPU} PROPERTIES TIMEOUT 120)
  endforeach()
endif()
unset(_kit_mode)

# Every <tally/sbi.h> wrapper called and its answer checked (tests/kit/calls/):
# QEMU virt with 4 harts, built with the kit's CMake function on rv64 and
# its Makefile on rv32.
if(TALLY_PLATFORM STREQUAL "qemu-virt")
  if(TALLY_XLEN EQUAL 64)
    set(_way cmake)
  else()
    set(_way make)
  endif()
  tally_test(kit-calls-rv${TALLY_XLEN} LABELS base time ipi rfence hsm dbcn srst pmu susp fwft dbtr sse
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/run-kit-calls.sh ${CMAKE_SOURCE_DIR} ${CMAKE_BINARY_DIR}/tally.bin
      ${_way} ${TALLY_XLEN} ${TALLY_QEMU} ${TALLY_QEMU_CPU} PROPERTIES TIMEOUT 180)
  unset(_way)
endif()

# The kit's copies of sbi_spec.h and riscv.h equal the firmware's (once,
# on the rv64 preset).
if(TALLY_PLATFORM STREQUAL "qemu-virt" AND TALLY_XLEN EQUAL 64)
  tally_test(kit-spec-copies LABELS base COMMAND ${CMAKE_CURRENT_LIST_DIR}/check-spec-copies.sh ${CMAKE_SOURCE_DIR})
endif()
