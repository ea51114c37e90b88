# The ecall fuzzer (fuzz.c; docs/testing.md), included by qemu-virt/tests.cmake.
# It runs on its own image, tally-fuzz: tally.elf with the text checksum,
# which reports at shutdown whether code, constants or guard words changed.
# fuzz-long (a build target, not in CI) runs 1,000,000 calls on 2, 4 and 8 harts.
set(TALLY_FUZZ_SEED "0x7a11f0225eed" CACHE STRING "PRNG seed of the ecall fuzzer (tests/payload/fuzz)")
set(TALLY_FUZZ_CALLS "150000" CACHE STRING "random ecalls the fuzzer makes")
set(TALLY_FUZZ_LONG_SEED "0x7a11f0221095" CACHE STRING "PRNG seed of the fuzz-long target")
set(TALLY_FUZZ_LONG_CALLS "1000000" CACHE STRING "random ecalls per fuzz-long run")
set(TALLY_FUZZ_LONG_MEM "128M" CACHE STRING "QEMU -m of the fuzz-long runs (the fuzzer reads RAM's size from the device tree)")

# The fuzz images: the preset's firmware with the text checksum, without
# and with the self-test that corrupts every guarded region.
tally_firmware(tally-fuzz BOARD "${TALLY_BOARD}" TEXT_CHECKSUM)
tally_firmware(tally-fuzz-selftest BOARD "${TALLY_BOARD}" TEXT_CHECKSUM DEFINES TALLY_GUARD_SELFTEST)

# Where the firmware's sections, state and guards are, for the fuzzer to aim at.
set(_fuzz_fw_h ${CMAKE_CURRENT_BINARY_DIR}/generated/fuzz_fw.h)
add_custom_command(OUTPUT ${_fuzz_fw_h}
  COMMAND ${CMAKE_COMMAND} -DNM=${CMAKE_NM} -DELF=${CMAKE_BINARY_DIR}/tally-fuzz.elf
    -DOUT=${_fuzz_fw_h} -DSTACK_SIZE=${TALLY_STACK_SIZE} -DHARTS=2
    -P ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/fw-symbols.cmake
  DEPENDS tally-fuzz.elf ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/fw-symbols.cmake
  COMMENT "fuzz_fw.h: firmware addresses for the fuzzer")
# One target makes it (three payloads share it); fuzz.c recompiles when it changes.
add_custom_target(fuzz_fw_h DEPENDS ${_fuzz_fw_h})
set_source_files_properties(fuzz/fuzz.c PROPERTIES OBJECT_DEPENDS ${_fuzz_fw_h})

# tally_fuzz_payload(NAME SEED CALLS)
function(tally_fuzz_payload name seed calls)
  tally_payload(${name} fuzz/fuzz.c fuzz/fuzz_asm.S)
  add_dependencies(${name}.elf fuzz_fw_h)
  target_include_directories(${name}.elf PRIVATE ${CMAKE_CURRENT_BINARY_DIR}/generated)
  target_compile_definitions(${name}.elf PRIVATE FUZZ_SEED=${seed} FUZZ_CALLS=${calls}UL)
endfunction()
tally_fuzz_payload(fuzz ${TALLY_FUZZ_SEED} ${TALLY_FUZZ_CALLS})
tally_fuzz_payload(fuzz_long ${TALLY_FUZZ_LONG_SEED} ${TALLY_FUZZ_LONG_CALLS})
tally_fuzz_payload(fuzz_short ${TALLY_FUZZ_SEED} 3000)

# Two harts, so hart_start, IPIs and remote fences reach another hart. Run
# alone: every remote fence waits for the other hart's vCPU thread, and with
# more QEMU threads than host cores (ctest -j) each wait costs a scheduler
# slice; a run of a few seconds then takes minutes.
tally_test(fuzz LABELS qemu ${TALLY_LABELS_CONFORMANCE} ${TALLY_LABELS_SMP}
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/run-fuzz.sh ${CMAKE_BINARY_DIR}/fuzz.log 60
    ${TALLY_QEMU_CMD} -smp 2 -bios ${CMAKE_BINARY_DIR}/tally-fuzz.bin -kernel ${CMAKE_CURRENT_BINARY_DIR}/fuzz.elf
  PROPERTIES RUN_SERIAL TRUE)

# The guards can fail: a short fuzz run on the self-test image, which
# flips a byte in every guarded region at boot, must be judged a failure
# by run-fuzz.sh, with each region named.
tally_test(fuzz-guard-selftest LABELS qemu ${TALLY_LABELS_CONFORMANCE} ${TALLY_LABELS_SMP}
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/guard-selftest.sh ${CMAKE_BINARY_DIR}/fuzz-guard-selftest.log
    2 ${TALLY_QEMU_CMD} -smp 2
    -bios ${CMAKE_BINARY_DIR}/tally-fuzz-selftest.bin -kernel ${CMAKE_CURRENT_BINARY_DIR}/fuzz_short.elf)

# fuzz-long: a target, not a test (`cmake --build --preset P --target fuzz-long`).
add_custom_target(fuzz-long
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/fuzz-long.sh ${CMAKE_BINARY_DIR}/fuzz-long "2 4 8"
    ${TALLY_QEMU} ${TALLY_QEMU_MACHINE} -cpu ${TALLY_QEMU_CPU} -m ${TALLY_FUZZ_LONG_MEM}
    -bios ${CMAKE_BINARY_DIR}/tally-fuzz.bin -kernel ${CMAKE_CURRENT_BINARY_DIR}/fuzz_long.elf
  DEPENDS tally-fuzz.elf fuzz_long.elf USES_TERMINAL)
