# Ibex: included by the top-level CMakeLists.txt after tally.elf is defined.
# (Its tests are registered under tests/: tests/image/tests.cmake,
# tests/payload/ibex/tests.cmake.)
#
# The simple_system and the demo system can also take the program baked
# into their memory at synthesis/elaboration time ($readmemh): tally.vmem
# is tally.elf (firmware + linked-in payload) in that form, made by
# tools/elf2vmem.py after every link (the vmem test checks it).
if(TALLY_BOARD STREQUAL "simple_system" OR TALLY_BOARD STREQUAL "demo_system")
  find_package(Python3 REQUIRED COMPONENTS Interpreter)
  add_custom_command(TARGET tally.elf POST_BUILD
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/tools/elf2vmem.py
      tally.elf tally.vmem ${TALLY_FW_BASE}
    BYPRODUCTS tally.vmem
    COMMENT "tally.vmem")
endif()

# tally-pmp.elf (simple_system): the firmware with the ibex-pmp payload
# linked in instead of the test payload, for the ibex-rtl-pmp test
# (tests/rtl/ibex.cmake). Its own copy of payload.S includes that binary.
if(TALLY_BOARD STREQUAL "simple_system")
  configure_file(src/arch/payload.S payload-pmp.S COPYONLY)
  set(_pmp_bin ${CMAKE_BINARY_DIR}/tests/payload/ibex-pmp.bin)
  set_source_files_properties(${CMAKE_BINARY_DIR}/payload-pmp.S PROPERTIES
    COMPILE_DEFINITIONS "TALLY_PAYLOAD_PATH=\"${_pmp_bin}\"" OBJECT_DEPENDS ${_pmp_bin})
  set(_pmp_src ${TALLY_SRC})
  list(REMOVE_ITEM _pmp_src src/arch/payload.S)
  tally_image(tally-pmp ${_pmp_src} ${CMAKE_BINARY_DIR}/payload-pmp.S)
  add_dependencies(tally-pmp.elf ibex-pmp.elf)
endif()

# The QEMU stand-in also builds tally-emul.elf/.bin: the same board with
# TALLY_HIDE_USER_COUNTERS, which keeps cycle and instret away from U-mode
# (mcounteren bits clear) as an Ibex whose mcounteren reads 0 does. The
# ibex-qemu-emul test boots it, so the emulated counter reads in trap.c run
# for real on QEMU, whose own mcounteren works.
if(TALLY_BOARD STREQUAL "qemu_virt")
  tally_image(tally-emul ${TALLY_SRC})
  target_compile_definitions(tally-emul.elf PRIVATE TALLY_HIDE_USER_COUNTERS)
endif()
