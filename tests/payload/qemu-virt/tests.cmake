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
