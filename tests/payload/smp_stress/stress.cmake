# The multi-hart stress (stress.c, issue 23): included by
# qemu-virt/tests.cmake (paths relative to tests/payload). It runs on the
# fuzzer's firmware image (tally-fuzz.bin: text checksum and guard words
# checked at shutdown), judged as the fuzz test is, Sscofpmf on: on 2, 4,
# 8, 16 and 64 harts, each without -icount (every hart on its own host thread)
# and with it (one thread for all, switched at timer deadlines: a hart
# that spins instead of waiting in WFI, in the payload or in the firmware,
# hangs it).
# 16 and 64 harts take fewer steps per hart (ITERS), so that each run
# stays near half a minute on a 2-core host, and a longer limit; their
# waits (tally_relax) sleep 200 us and 1 ms, not 10 us, so that so many
# harts waking do not swamp the host's cores (or, under -icount, QEMU's
# one thread).
foreach(_n 2 4 8 16 64)
  tally_payload(smp_stress${_n} smp_stress/stress.c smp/entry.S sse_entry.S)
  if(_n EQUAL 16)
    target_compile_definitions(smp_stress${_n}.elf PRIVATE EXPECT_HARTS=${_n} ITERS=60
      TALLY_KIT_RELAX_TICKS=2000)
    set(_limit 300)
  elseif(_n EQUAL 64)
    target_compile_definitions(smp_stress${_n}.elf PRIVATE EXPECT_HARTS=${_n} ITERS=8
      TALLY_KIT_RELAX_TICKS=10000)
    set(_limit 300)
  else()
    target_compile_definitions(smp_stress${_n}.elf PRIVATE EXPECT_HARTS=${_n})
    set(_limit 180)
  endif()
  foreach(_icount "" icount)
    if(_icount)
      set(_name smp-stress-icount-${_n})
      set(_args -icount shift=0)
    else()
      set(_name smp-stress-${_n})
      set(_args)
    endif()
    tally_test(${_name} LABELS qemu sse hsm ipi rfence pmu
      COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/run-fuzz.sh ${CMAKE_BINARY_DIR}/${_name}.log ${_limit}
        ${TALLY_QEMU} ${TALLY_QEMU_MACHINE} -cpu ${_cpu},sscofpmf=true -m 128M -smp ${_n} ${_args}
        -bios ${CMAKE_BINARY_DIR}/tally-fuzz.bin
        -kernel ${CMAKE_CURRENT_BINARY_DIR}/smp_stress${_n}.elf
      PROPERTIES RUN_SERIAL TRUE)
  endforeach()
endforeach()
unset(_name)
unset(_limit)
unset(_args)
