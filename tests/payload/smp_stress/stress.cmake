# The multi-hart stress (stress.c, issue 23): included by
# qemu-virt/tests.cmake (paths relative to tests/payload). It runs on the
# fuzzer's firmware image (tally-fuzz.bin: text checksum and guard words
# checked at shutdown), judged as the fuzz test is, without -icount (every
# hart on its own host thread), Sscofpmf on.
foreach(_n 4 8)
  tally_payload(smp_stress${_n} smp_stress/stress.c smp/entry.S sse_entry.S)
  target_compile_definitions(smp_stress${_n}.elf PRIVATE EXPECT_HARTS=${_n})
  tally_test(smp-stress-${_n} LABELS qemu sse hsm ipi rfence pmu
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/run-fuzz.sh ${CMAKE_BINARY_DIR}/smp-stress-${_n}.log 180
      ${TALLY_QEMU} ${TALLY_QEMU_MACHINE} -cpu ${_cpu},sscofpmf=true -m 128M -smp ${_n}
      -bios ${CMAKE_BINARY_DIR}/tally-fuzz.bin
      -kernel ${CMAKE_CURRENT_BINARY_DIR}/smp_stress${_n}.elf
    PROPERTIES RUN_SERIAL TRUE)
endforeach()
