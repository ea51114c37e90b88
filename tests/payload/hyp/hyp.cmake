# The hypervisor test payload (hyp/hyp.c): an HS-mode payload that runs a
# VS-mode guest; included by tests/payload/CMakeLists.txt for S-mode builds
# on qemu-virt and on the CVA6 testharness (rv64).
set(_hyp_src hyp/hyp.c hyp/hyp_sse.c hyp/hyp_entry.S ext_test.c ext_trap.S sse_entry.S)

if(TALLY_PLATFORM STREQUAL "qemu-virt")
  # Every QEMU run has 2 harts: the SSE case injects from the other.
  # The later -cpu overrides the preset's one.
  string(REGEX REPLACE ",.*" "" _hyp_cpu "${TALLY_QEMU_CPU}")   # rv64 / rv32
  if(TALLY_XLEN EQUAL 64)
    set(_hyp_cpu_h ${_hyp_cpu})          # QEMU 7.2's rv64 has H and Sstc
  else()
    set(_hyp_cpu_h ${_hyp_cpu},h=true)   # its rv32 has Sstc, H only when asked
  endif()
  tally_payload(hyp ${_hyp_src})
  # With Sstc: the guest's own vstimecmp (henvcfg.STCE) besides hvip.VSTIP.
  tally_qemu_test(hyp hyp LABELS hyp sse time QEMU -cpu ${_hyp_cpu_h} -smp 2)
  # Without Sstc: set_timer through the firmware's CLINT path while the guest runs.
  tally_qemu_test(hyp-nosstc hyp LABELS hyp sse time QEMU -cpu ${_hyp_cpu_h},sstc=false -smp 2)
elseif(TALLY_BOARD STREQUAL "testharness" AND TALLY_XLEN EQUAL 64)
  # The same payload on the CVA6 core with H (cv64a6_imafdch_sv39, named by
  # CVA6_SIM_RV64H; skipped without it): one hart (the SSE case is not
  # run), no Sstc, no time or htimedelta CSR (the firmware emulates both),
  # misaligned accesses emulated. mtime there is cycles / 4, so a wait of
  # 250,000 ticks is a million cycles, a few minutes of the model: only a
  # wait that fails lasts that long. A whole run is about 4.7 M cycles;
  # +time_out at 10 M leaves room for two waits that fail.
  # On the QEMU stand-in with H: the firmware emulates time there as on the
  # core, so the host's rdtime takes the fast path (fast_rdtime.S's
  # illegal_host) and the guest's the C path; and again on the image
  # without fast paths, the C twin. The board's firmware serves one hart,
  # as the core has; QEMU's second is there because QEMU 7.2 on one hart
  # does an AMO as a load, then a store, and reports its guest page fault
  # as a load's (cause 21, not 23). HYP_ONE_HART: the SSE case, which
  # injects from another hart, is not run (qemu-virt's hyp test runs it).
  tally_payload(hyp ${_hyp_src})
  target_compile_definitions(hyp.elf PRIVATE HYP_ONE_HART=1)
  foreach(_v "" -c)
    tally_qemu_test(hyp-standin${_v} hyp BIOS tally-qemu${_v}.bin LABELS hyp sse time
      QEMU -cpu rv64,pmu-num=6,h=true,sstc=false -smp 2)
  endforeach()
  tally_payload(hyp_rtl ${_hyp_src})
  target_compile_definitions(hyp_rtl.elf PRIVATE HYP_WAIT_TICKS=250000UL)
  tally_cva6_rtl_image(tally-hyp hyp_rtl)
  # The guest-exit benchmark (bench_hyp.c): tests/rtl/bench-rtl.py packs
  # its flat binary after the firmware (Tally's or OpenSBI 1.1's) and runs
  # it on the same model (docs-rtl-figures-hyp, tests/rtl/bench-rtl.cmake).
  tally_payload(bench_hyp hyp/bench_hyp.c hyp/hyp_entry.S)
  tally_test(hyp-rtl LABELS rtl hyp time
    COMMAND ${CMAKE_COMMAND} -E env OBJCOPY=${CMAKE_OBJCOPY} NM=${CMAKE_NM} CVA6_SIM_CYCLES=10000000
      ${CMAKE_SOURCE_DIR}/tests/rtl/run-cva6.sh 64h ${CMAKE_BINARY_DIR}/tally-hyp.elf
      ${CMAKE_BINARY_DIR}/hyp-rtl.log
    PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 3600)
endif()
