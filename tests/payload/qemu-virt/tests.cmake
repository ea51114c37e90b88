# QEMU virt runs of the conformance payload (test.c); included by
# tests/payload/CMakeLists.txt. The later -cpu overrides the preset's one.
string(REGEX REPLACE ",.*" "" _cpu "${TALLY_QEMU_CPU}")   # rv64 / rv32

# Default CPU: Sstc present, S-mode programs stimecmp.
tally_qemu_test(conformance test)
# No Sstc: the firmware's CLINT timer path passes the interrupt on as STIP.
tally_qemu_test(conformance-nosstc test -cpu ${_cpu},sstc=false)
# Four hpm counters: the probe must find exactly those.
tally_qemu_test(conformance-hpm4 test_hpm4 -cpu ${_cpu},pmu-num=4)
# Deterministic instruction counting (cycle = instret = icount).
tally_qemu_test(conformance-icount test -icount shift=0,sleep=off)
# Sscofpmf: overflow interrupts delegated to S-mode, OF in snapshots. rv64
# only: QEMU 7.2's rv32 model of a tick-counted hpm counter loses the high
# half across stop/start and re-raises OF at once, which real rv32 cores
# (mhpmcounterh, mhpmeventh) do not do.
if(TALLY_XLEN EQUAL 64)
  tally_payload(test_sscof test.c strap.S)
  target_compile_definitions(test_sscof.elf PRIVATE EXPECT_SSCOFPMF)
  tally_qemu_test(conformance-sscofpmf test_sscof -cpu ${_cpu},sscofpmf=true -icount shift=0,sleep=off)
endif()

# Multi-hart (smp/): HSM, IPI, RFENCE and their firmware counters on 4
# harts. QEMU's default rv64/rv32 CPUs have H, so the hypervisor fences run;
# with h=false they must be NOT_SUPPORTED (smp_noh expects that).
tally_payload(smp smp/smp.c smp/entry.S)
tally_payload(smp_noh smp/smp.c smp/entry.S)
target_compile_definitions(smp_noh.elf PRIVATE EXPECT_H=0)
tally_qemu_test(smp smp -smp 4)
tally_qemu_test(smp-noh smp_noh -smp 4 -cpu ${_cpu},h=false)
# No Sstc: a suspended hart must wake for the CLINT timer passed on as STIP.
tally_qemu_test(smp-nosstc smp -smp 4 -cpu ${_cpu},sstc=false)

# The ecall fuzzer on 2 harts, with its own firmware image (text checksum on).
include(fuzz/fuzz.cmake)

# The benchmark's answers, not its counts: under icount, every call the bench
# payload times must get the answer it expects (it ends with a failure status
# otherwise), so the benchmark never again measures an error.
tally_qemu_test(bench-answers bench -icount shift=0,sleep=off)
tally_qemu_test(bench-answers-sscofpmf bench -cpu ${_cpu},sscofpmf=true -icount shift=0,sleep=off)
