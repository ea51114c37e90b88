# SSE across harts (sse_smp.c, issue 23): included by qemu-virt/tests.cmake,
# so paths are relative to tests/payload. One payload per hart count;
# Sscofpmf on (LOCAL_PMU_OVERFLOW too) except in sse-smp-4-nosscofpmf.
# Without -icount QEMU runs each hart on its own host thread (real races,
# a different interleaving every run); with it, one deterministic order.
foreach(_n 2 4 8)
  tally_payload(sse_smp${_n} sse_smp/sse_smp.c smp/entry.S sse_entry.S)
  target_compile_definitions(sse_smp${_n}.elf PRIVATE EXPECT_HARTS=${_n} EXPECT_SSCOFPMF)
  tally_qemu_test(sse-smp-${_n} sse_smp${_n} -smp ${_n} -cpu ${_cpu},sscofpmf=true)
  tally_qemu_test(sse-smp-${_n}-icount sse_smp${_n} -smp ${_n} -cpu ${_cpu},sscofpmf=true
    -icount shift=0,sleep=off)
endforeach()
tally_payload(sse_smp4_nosscof sse_smp/sse_smp.c smp/entry.S sse_entry.S)
target_compile_definitions(sse_smp4_nosscof.elf PRIVATE EXPECT_HARTS=4)
tally_qemu_test(sse-smp-4-nosscofpmf sse_smp4_nosscof -smp 4)
