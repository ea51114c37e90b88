# The ecall fuzzer (fuzz.c): included by qemu-virt/tests.cmake, so paths
# are relative to tests/payload. It runs on its own firmware image,
# tally-fuzz.elf/.bin: the same sources and flags as tally.elf with
# TALLY_TEXT_CHECKSUM on, which reports at shutdown whether the firmware's
# code or constants changed. The test fails unless that says "ok".
set(TALLY_FUZZ_SEED "0x7a11f0225eed" CACHE STRING "PRNG seed of the ecall fuzzer (tests/payload/fuzz)")
set(TALLY_FUZZ_CALLS "150000" CACHE STRING "random ecalls the fuzzer makes")

tally_payload(fuzz fuzz/fuzz.c fuzz/fuzz_asm.S)
target_compile_definitions(fuzz.elf PRIVATE FUZZ_SEED=${TALLY_FUZZ_SEED} FUZZ_CALLS=${TALLY_FUZZ_CALLS}UL)

# tally-fuzz.elf: TALLY_SRC is relative to the top directory (the board's
# GLOBbed sources are absolute); no linked-in payload (fw_payload mode).
set(_fuzz_fw_src)
foreach(f ${TALLY_SRC} src/text_checksum.c)
  if(f MATCHES "payload\\.S$" OR f MATCHES "text_checksum_none\\.c$")
    continue()
  endif()
  if(NOT IS_ABSOLUTE "${f}")
    set(f ${CMAKE_SOURCE_DIR}/${f})
  endif()
  list(APPEND _fuzz_fw_src ${f})
endforeach()
list(REMOVE_DUPLICATES _fuzz_fw_src)
add_executable(tally-fuzz.elf ${_fuzz_fw_src})
foreach(prop INCLUDE_DIRECTORIES COMPILE_OPTIONS LINK_OPTIONS LINK_DEPENDS)
  get_target_property(v tally.elf ${prop})
  if(v)
    string(REPLACE "/tally.map" "/tally-fuzz.map" v "${v}")
    set_target_properties(tally-fuzz.elf PROPERTIES ${prop} "${v}")
  endif()
endforeach()
add_custom_command(TARGET tally-fuzz.elf POST_BUILD
  COMMAND ${CMAKE_OBJCOPY} -O binary tally-fuzz.elf tally-fuzz.bin
  BYPRODUCTS tally-fuzz.bin)

# Two harts, so hart_start, IPIs and remote fences reach another hart.
add_test(NAME fuzz
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/run-fuzz.sh ${CMAKE_BINARY_DIR}/fuzz.log 60
    ${TALLY_QEMU} ${TALLY_QEMU_MACHINE} -cpu ${TALLY_QEMU_CPU} -smp 2 -m 128M
    -bios ${CMAKE_CURRENT_BINARY_DIR}/tally-fuzz.bin
    -kernel ${CMAKE_CURRENT_BINARY_DIR}/fuzz.elf)
# Alone: every remote fence waits for the other hart's vCPU thread, and with
# more QEMU threads than host cores (ctest -j) each wait costs a scheduler
# slice; a run of a few seconds then takes minutes.
set_tests_properties(fuzz PROPERTIES RUN_SERIAL TRUE)
