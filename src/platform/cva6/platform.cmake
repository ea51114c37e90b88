# CVA6: included by the top-level CMakeLists.txt after tally.elf (the board
# the preset names, the testharness) is defined. Builds the same firmware
# for three more uses, from the same sources and with the same flags:
#   tally-qemu.elf/.bin  boards/qemu.c: the cva6 backend on QEMU virt, which
#                        the QEMU tests boot (TALLY_QEMU_BIOS)
#   tally-rtl.elf        the testharness board with the RTL test payload
#                        linked in (fw_payload): what tests/rtl runs on a
#                        Verilator-built Variane_testharness
#   tally-conformance.elf the same with the conformance payload linked in

# tally_cva6_image(NAME BOARD [PAYLOAD_TARGET PAYLOAD_BIN])
function(tally_cva6_image name board)
  set(src ${TALLY_SRC})
  list(FILTER src EXCLUDE REGEX "/boards/[^/]*\\.c$")
  list(FILTER src EXCLUDE REGEX "payload\\.S$")
  list(APPEND src src/platform/cva6/boards/${board}.c)
  if(ARGC GREATER 2)
    # A payload wrapper of our own: payload.S's TALLY_PAYLOAD_PATH is a
    # per-file property that belongs to tally.elf.
    set(wrap ${CMAKE_BINARY_DIR}/generated/${name}-payload.S)
    file(WRITE ${wrap} "/* generated: the payload of ${name}.elf */\n"
      "\t.section .payload, \"ax\"\n\t.incbin \"${ARGV3}\"\n")
    set_source_files_properties(${wrap} PROPERTIES OBJECT_DEPENDS ${ARGV3})
    list(APPEND src ${wrap})
  endif()
  tally_image(${name} ${src})
  if(ARGC GREATER 2)
    add_dependencies(${name}.elf ${ARGV2})
  endif()
endfunction()

# The stand-in's counters are QEMU's: its backend takes start, stop and
# configure from the QEMU backend (boards/qemu.c).
tally_cva6_image(tally-qemu qemu)
target_sources(tally-qemu.elf PRIVATE src/platform/qemu-virt/pmu_qemu.c)

# tally_cva6_fw_payload(NAME PAYLOAD): NAME.elf, the testharness board with
# tests/payload's PAYLOAD.elf linked in (fw_payload). The testharness loads
# only the segment at 0x80000000, so firmware and payload must be one
# segment (checked at build time).
function(tally_cva6_fw_payload name payload)
  tally_cva6_image(${name} testharness ${payload}.elf
    ${CMAKE_BINARY_DIR}/tests/payload/${payload}.bin)
  add_custom_command(TARGET ${name}.elf POST_BUILD
    COMMAND ${CMAKE_COMMAND} -DELF=${name}.elf -DREADELF=${CMAKE_READELF}
      -DBASE=${TALLY_FW_BASE} -P ${CMAKE_SOURCE_DIR}/tests/rtl/cva6-check-segments.cmake)
endfunction()

# tally-rtl.elf: the RTL check (tests/payload/cva6/rtl.c, tests/rtl run it).
if(TARGET cva6_rtl.elf)
  tally_cva6_fw_payload(tally-rtl cva6_rtl)
endif()
# tally-conformance.elf: the conformance payload cva6-conformance boots on
# QEMU, for the RTL (tests/rtl/conformance.cmake).
if(TARGET test_cva6.elf)
  tally_cva6_fw_payload(tally-conformance test_cva6)
endif()
