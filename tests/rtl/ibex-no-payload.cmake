# Ibex with no payload, and with a payload that faults at once, as QEMU
# virt's no-payload and payload-faults-at-once (issue 24): a message naming
# the cause and the addresses, then the board's failure status where it has
# one. The QEMU stand-in exits with status 3; the simple_system's simctrl
# ends the run but carries no status; the demo system has no power-off, so
# the hart stops after the message.
add_executable(ibex-fault-at-once.elf ${CMAKE_CURRENT_LIST_DIR}/ibex_fault_at_once.S)
target_compile_options(ibex-fault-at-once.elf PRIVATE ${TALLY_TARGET_FLAGS})
target_link_options(ibex-fault-at-once.elf PRIVATE ${TALLY_LINK_TARGET} -nostartfiles -nostdlib
  -T ${CMAKE_SOURCE_DIR}/payload-kit/lib/payload.ld -Wl,--defsym=TALLY_PAYLOAD_BASE=${TALLY_PAYLOAD_BASE}
  -Wl,--no-warn-rwx-segments)
set(_bin ${CMAKE_CURRENT_BINARY_DIR}/ibex-fault-at-once.bin)
set_target_properties(ibex-fault-at-once.elf PROPERTIES TALLY_BIN ${_bin})
add_custom_command(TARGET ibex-fault-at-once.elf POST_BUILD
  COMMAND ${CMAKE_OBJCOPY} -O binary ibex-fault-at-once.elf ${_bin} BYPRODUCTS ${_bin})
unset(_bin)

if(TALLY_BOARD STREQUAL "qemu_virt")
  # The M+U image on a hart with S-mode refuses at once, by name.
  tally_test(ibex-image-on-s-mode LABELS qemu COMMAND ${CMAKE_SOURCE_DIR}/tests/qemu/run-expect-status.sh
    ${CMAKE_BINARY_DIR}/ibex-image-on-s-mode.log 60 3
    "tally: an M+U image on a hart with S-mode: boot an S-mode image"
    ${TALLY_QEMU} ${TALLY_QEMU_MACHINE} -cpu rv32 -m 128M -bios ${CMAKE_BINARY_DIR}/${TALLY_QEMU_BIOS})
  tally_test(ibex-no-payload LABELS qemu COMMAND ${CMAKE_SOURCE_DIR}/tests/qemu/run-expect-status.sh
    ${CMAKE_BINARY_DIR}/ibex-no-payload.log 60 3
    "tally: no payload at ${TALLY_PAYLOAD_BASE} (first word 0x00000000)"
    ${TALLY_QEMU} ${TALLY_QEMU_MACHINE} -cpu ${TALLY_QEMU_CPU} -m 128M
    -bios ${CMAKE_BINARY_DIR}/${TALLY_QEMU_BIOS})
  tally_test(ibex-payload-faults-at-once LABELS qemu COMMAND ${CMAKE_SOURCE_DIR}/tests/qemu/run-expect-panic.sh
    ${CMAKE_BINARY_DIR}/ibex-payload-faults-at-once.log 60 0x2 0xc0001073
    --line "tally: PANIC on hart 0: payload fault and no S-mode to deliver it to"
    --line "mepc ${TALLY_PAYLOAD_BASE} "
    ${TALLY_QEMU} ${TALLY_QEMU_MACHINE} -cpu ${TALLY_QEMU_CPU} -m 128M
    -bios ${CMAKE_BINARY_DIR}/${TALLY_QEMU_BIOS} -kernel ${CMAKE_CURRENT_BINARY_DIR}/ibex-fault-at-once.elf)
else()
  # The RTL models (IBEX_SIM, IBEX_DEMO_SIM; skipped without them): the
  # firmware alone, and with the faulting payload linked in.
  tally_firmware(tally-no-payload BOARD ${TALLY_BOARD})
  tally_firmware(tally-fault-at-once BOARD ${TALLY_BOARD} PAYLOAD ibex-fault-at-once)
  set(_run ${CMAKE_SOURCE_DIR}/tests/rtl/run-ibex.sh ${TALLY_BOARD})
  tally_test(ibex-rtl-no-payload LABELS rtl PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300
    COMMAND ${_run} ${CMAKE_BINARY_DIR}/tally-no-payload.elf ${CMAKE_BINARY_DIR}/ibex-rtl-no-payload.log
      no-payload ${TALLY_PAYLOAD_BASE})
  tally_test(ibex-rtl-faults-at-once LABELS rtl PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300
    COMMAND ${_run} ${CMAKE_BINARY_DIR}/tally-fault-at-once.elf ${CMAKE_BINARY_DIR}/ibex-rtl-faults-at-once.log
      0x2 0xc0001073)
  unset(_run)
endif()
