# SSE across harts (sse_smp.c, issue 23): included by qemu-virt/tests.cmake,
# so paths are relative to tests/payload. One payload per hart count;
# Sscofpmf on (LOCAL_PMU_OVERFLOW too) except in sse-smp-4-nosscofpmf.
# Without -icount QEMU runs each hart on its own host thread (real races,
# a different interleaving every run); with it, one deterministic order.
foreach(_n 2 4 8)
  tally_payload(sse_smp${_n} sse_smp/sse_smp.c smp/entry.S sse_entry.S)
  target_compile_definitions(sse_smp${_n}.elf PRIVATE EXPECT_HARTS=${_n} EXPECT_SSCOFPMF)
  tally_qemu_test(sse-smp-${_n} sse_smp${_n} LABELS sse hsm ipi QEMU -smp ${_n} -cpu ${_cpu},sscofpmf=true)
  # Under -icount the harts take turns on one host thread: 8 harts take
  # 15 rounds (360 injections), so a loaded host stays inside the 120 s.
  set(_icount_payload sse_smp${_n})
  if(_n EQUAL 8)
    set(_icount_payload sse_smp8_15)
    tally_payload(sse_smp8_15 sse_smp/sse_smp.c smp/entry.S sse_entry.S)
    target_compile_definitions(sse_smp8_15.elf PRIVATE EXPECT_HARTS=8 EXPECT_SSCOFPMF ROUNDS=15)
  endif()
  tally_qemu_test(sse-smp-${_n}-icount ${_icount_payload} LABELS sse hsm ipi
    QEMU -smp ${_n} -cpu ${_cpu},sscofpmf=true -icount shift=0,sleep=off)
endforeach()
# 16 and 64 harts: fewer rounds (each round injects 3 events into every
# hart), so that each run stays near half a minute on a 2-core host; the
# 64-hart runs (64 vCPU threads) run alone.
foreach(_n 16 64)
  if(_n EQUAL 16)
    set(_rounds 20)
  else()
    set(_rounds 8)
  endif()
  tally_payload(sse_smp${_n} sse_smp/sse_smp.c smp/entry.S sse_entry.S)
  target_compile_definitions(sse_smp${_n}.elf PRIVATE EXPECT_HARTS=${_n} EXPECT_SSCOFPMF ROUNDS=${_rounds})
  tally_qemu_test(sse-smp-${_n} sse_smp${_n} TIMEOUT 300 LABELS sse hsm ipi
    QEMU -smp ${_n} -cpu ${_cpu},sscofpmf=true)
  tally_qemu_test(sse-smp-${_n}-icount sse_smp${_n} TIMEOUT 300 LABELS sse hsm ipi
    QEMU -smp ${_n} -cpu ${_cpu},sscofpmf=true -icount shift=0,sleep=off)
  if(_n EQUAL 64)
    set_tests_properties(sse-smp-${_n} sse-smp-${_n}-icount PROPERTIES RUN_SERIAL TRUE)
  endif()
endforeach()
unset(_rounds)
tally_payload(sse_smp4_nosscof sse_smp/sse_smp.c smp/entry.S sse_entry.S)
target_compile_definitions(sse_smp4_nosscof.elf PRIVATE EXPECT_HARTS=4)
tally_qemu_test(sse-smp-4-nosscofpmf sse_smp4_nosscof LABELS sse hsm ipi QEMU -smp 4)
