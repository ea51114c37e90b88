# QEMU virt runs of the conformance payload (conformance/); included by
# tests/payload/CMakeLists.txt. The later -cpu overrides the preset's one.
string(REGEX REPLACE ",.*" "" _cpu "${TALLY_QEMU_CPU}")   # rv64 / rv32

# The boot banner says what it found, in order and aligned: the ISA in
# canonical order with the modes apart, how the 35 logical counters add up,
# range rows in the same columns as single rows, which counter reads are
# native, and the extension list without a stray space.
tally_banner_test(banner tally.bin
  "^ISA +: ${_cpu}imafdch$" "^Modes +: M S U$"
  "^Extensions +: Base TIME DBCN SRST PMU HSM IPI RFENCE FWFT DBTR SUSP SSE, legacy EIDs 0-8$"
  "^PMP +: firmware .0x80000000, 0x80010000. closed to lower modes$"
  "^PMU counters +: 35 logical: cycle, instret, 16 hpm, 16 firmware. index 1 is time$"
  "^  idx    csr          width  counts$"
  "^  0      0xc00        64     CPU_CYCLES$"
  "^  3-18   0xc03-0xc12  64     "
  "^  19-34  firmware     64     events: "
  "^Counter reads +: native cycle time instret hpm3-18. emulated none$"
  "! ,")
# With pmu-num=4 the counts follow the probe.
tally_banner_test(banner-hpm4 tally.bin
  "^PMU counters +: 23 logical: cycle, instret, 4 hpm, 16 firmware. index 1 is time$"
  "^  3-6    0xc03-0xc06  64     " "^  7-22   firmware     64     events: "
  "^Counter reads +: native cycle time instret hpm3-6. emulated none$"
  LABELS pmu QEMU -cpu ${_cpu},pmu-num=4)

# Every hart the machine has gets its stack and record at boot (docs/boot.md):
# 16 and 64 harts, with and without -icount (the others wait in WFI until
# the boot hart has laid out their slots), and 512, QEMU virt's most, which
# all fit below the payload since a hart's stack is what tools/stack-depth.py
# measures (issue 41).
foreach(_n 16 64)
  foreach(_icount "" "-icount;shift=0")
    set(_name harts-${_n})
    if(_icount)
      set(_name harts-${_n}-icount)
    endif()
    tally_banner_test(${_name} tally.bin
      "^Harts +: ${_n} .boot hart [0-9]+, IDs up to 511., [0-9]+ bytes each .record [0-9]+ . stack [0-9]+.$"
      "!no room" LABELS hsm ipi QEMU -smp ${_n} ${_icount})
  endforeach()
endforeach()
unset(_name)
tally_banner_test(harts-512 tally.bin
  "^Harts +: 512 .boot hart [0-9]+, IDs up to 511., [0-9]+ bytes each .record [0-9]+ . stack [0-9]+.$"
  "!no room" LABELS hsm ipi QEMU -smp 512)
# The last of the 512 (smp/far.c): HSM, IPI windows and base -1, remote
# fences to every hart, through the kit's hart stacks raised to 512.
tally_payload(far smp/far.c)
target_compile_definitions(far.elf PRIVATE TALLY_KIT_MAX_HARTS=512)
tally_qemu_test(far-hart-512 far LABELS hsm ipi rfence QEMU -smp 512)

# Default CPU: Sstc present, S-mode programs stimecmp.
tally_qemu_test(conformance test LABELS ${TALLY_LABELS_CONFORMANCE})
# No Sstc: the firmware's CLINT timer path passes the interrupt on as STIP.
tally_qemu_test(conformance-nosstc test LABELS ${TALLY_LABELS_CONFORMANCE} QEMU -cpu ${_cpu},sstc=false)
# Four hpm counters: the probe must find exactly those.
tally_qemu_test(conformance-hpm4 test_hpm4 LABELS ${TALLY_LABELS_CONFORMANCE} QEMU -cpu ${_cpu},pmu-num=4)
# Two harts: per-hart FWFT values, SUSP refused while another hart runs.
tally_qemu_test(conformance-2hart test LABELS ${TALLY_LABELS_CONFORMANCE} QEMU -smp 2)
# The whole payload on 64 harts (rv64, where Linux runs on as many): label
# long, run by hand; 64 host threads without -icount on a loaded machine.
if(_cpu STREQUAL "rv64")
  tally_qemu_test(conformance-64hart test LABELS long ${TALLY_LABELS_CONFORMANCE} QEMU -smp 64)
endif()
# Deterministic instruction counting (cycle = instret = icount).
tally_qemu_test(conformance-icount test LABELS ${TALLY_LABELS_CONFORMANCE} QEMU -icount shift=0,sleep=off)
# rv64: Sscofpmf (overflow interrupts delegated to S-mode, OF in snapshots;
# QEMU 7.2's rv32 model loses a tick-counted counter's high half across
# stop/start and re-raises OF at once, which real rv32 cores do not), and 4
# GiB of RAM from the device tree: the top page, above 4 GiB, serves SBI
# buffers. rv32 gets the most QEMU allows, 10 GiB, and reaches the first 4.
# RAM_END64 is where the payload's device tree must say RAM ends.
if(TALLY_XLEN EQUAL 64)
  tally_payload(test_sscof ${CONFORMANCE_SOURCES} ${EXT_TEST_SRC})
  target_compile_definitions(test_sscof.elf PRIVATE EXPECT_SSCOFPMF)
  tally_qemu_test(conformance-sscofpmf test_sscof LABELS ${TALLY_LABELS_CONFORMANCE}
    QEMU -cpu ${_cpu},sscofpmf=true -icount shift=0,sleep=off)
  tally_payload(test_4g ${CONFORMANCE_SOURCES} ${EXT_TEST_SRC})
  target_compile_definitions(test_4g.elf PRIVATE RAM_END64=0x180000000ULL)
  tally_qemu_test(conformance-4g test_4g LABELS ${TALLY_LABELS_CONFORMANCE} QEMU -m 4G)
else()
  tally_payload(test_10g ${CONFORMANCE_SOURCES} ${EXT_TEST_SRC})
  target_compile_definitions(test_10g.elf PRIVATE BIG_RAM_ONLY RAM_END64=0x300000000ULL)
  tally_qemu_test(conformance-10g test_10g LABELS ${TALLY_LABELS_CONFORMANCE} QEMU -m 10G)
endif()

# Exit statuses (README "Exit status"): a normal shutdown is 0, which every
# test above checks; SRST shutdown with reason SYSTEM_FAILURE must be 3.
tally_payload(srst_fail srst_fail.c)
tally_test(exit-status-failure LABELS qemu srst COMMAND ${CMAKE_SOURCE_DIR}/tests/qemu/run-expect-status.sh
  ${CMAKE_BINARY_DIR}/exit-status-failure.log 60 3 "tally: shutdown requested by hart 0 (system failure)"
  ${TALLY_QEMU_CMD} -bios ${CMAKE_BINARY_DIR}/${TALLY_QEMU_BIOS} -kernel ${CMAKE_CURRENT_BINARY_DIR}/srst_fail.elf)

# Legacy SBI v0.1 (legacy/legacy.c): every call on 2 harts, its errors and
# firmware counters; the run ends with the legacy shutdown (exit status 0).
tally_payload(legacy legacy/legacy.c smp/entry.S)
tally_qemu_test(legacy legacy LABELS time ipi rfence srst pmu QEMU -smp 2)
# No Sstc: set_timer through the CLINT, the interrupt passed on as STIP.
tally_qemu_test(legacy-nosstc legacy LABELS time ipi rfence srst pmu QEMU -smp 2 -cpu ${_cpu},sstc=false)
# A hart past XLEN (rv32: 34 harts, rv64: 66): the mask is a bit vector of
# two words. Only test_wide runs, so the 2-hart tests are compiled unused.
math(EXPR _wide "${TALLY_XLEN} + 2")
tally_payload(legacy_wide legacy/legacy.c smp/entry.S)
target_compile_definitions(legacy_wide.elf PRIVATE WIDE_HARTS=${_wide} SMP_MAX_HARTS=${_wide})
target_compile_options(legacy_wide.elf PRIVATE -Wno-unused-function)
tally_qemu_test(legacy-wide legacy_wide LABELS ipi rfence pmu QEMU -smp ${_wide})
unset(_wide)
# An old payload that knows only the legacy console and shutdown ends QEMU with 0.
tally_payload(legacy_old legacy/old.c)
tally_test(legacy-shutdown LABELS qemu srst COMMAND ${CMAKE_SOURCE_DIR}/tests/qemu/run-expect-status.sh
  ${CMAKE_BINARY_DIR}/legacy-shutdown.log 60 0 "old payload: legacy putchar, then legacy shutdown"
  ${TALLY_QEMU} ${TALLY_QEMU_MACHINE} -cpu ${TALLY_QEMU_CPU} -m 128M
  -bios ${CMAKE_BINARY_DIR}/${TALLY_QEMU_BIOS} -kernel ${CMAKE_CURRENT_BINARY_DIR}/legacy_old.elf)

# Never hang silently (issue 24): no payload, a payload that faults at its
# first instruction, an S-mode trap with stvec unset or faulting at the
# vector itself. Each ends with a message naming the cause and the
# addresses, and QEMU's failure status 3.
tally_test(no-payload LABELS qemu COMMAND ${CMAKE_SOURCE_DIR}/tests/qemu/run-expect-status.sh
  ${CMAKE_BINARY_DIR}/no-payload.log 60 3
  "tally: no payload at ${TALLY_PAYLOAD_BASE} (first word 0x00000000)"
  ${TALLY_QEMU} ${TALLY_QEMU_MACHINE} -cpu ${TALLY_QEMU_CPU} -m 128M
  -bios ${CMAKE_BINARY_DIR}/${TALLY_QEMU_BIOS})
# A payload of the other XLEN, at the address the kit links those: named.
if(TALLY_XLEN EQUAL 64)
  set(_other 0x80400000)
  set(_other_xlen 32)
else()
  set(_other 0x80200000)
  set(_other_xlen 64)
endif()
tally_test(no-payload-other-xlen LABELS qemu COMMAND ${CMAKE_SOURCE_DIR}/tests/qemu/run-expect-status.sh
  ${CMAKE_BINARY_DIR}/no-payload-other-xlen.log 60 3
  "tally: code at ${_other}, where rv${_other_xlen} payloads link: build it for rv${TALLY_XLEN}"
  ${TALLY_QEMU} ${TALLY_QEMU_MACHINE} -cpu ${TALLY_QEMU_CPU} -m 128M
  -bios ${CMAKE_BINARY_DIR}/${TALLY_QEMU_BIOS} -device loader,file=${CMAKE_BINARY_DIR}/tally.bin,addr=${_other})
unset(_other)
unset(_other_xlen)
add_executable(fault_at_once.elf hang/fault_at_once.S)
target_compile_options(fault_at_once.elf PRIVATE ${TALLY_TARGET_FLAGS})
target_link_options(fault_at_once.elf PRIVATE ${_kit_link} -nostartfiles -nostdlib
  -T ${TALLY_KIT}/lib/payload.ld -Wl,--defsym=TALLY_PAYLOAD_BASE=${TALLY_PAYLOAD_BASE} -Wl,--no-warn-rwx-segments)
tally_test(payload-faults-at-once LABELS qemu COMMAND ${CMAKE_SOURCE_DIR}/tests/qemu/run-expect-panic.sh
  ${CMAKE_BINARY_DIR}/payload-faults-at-once.log 60 "0x2 (illegal instruction)" 0xc0001073
  --line "illegal instruction at sepc ${TALLY_PAYLOAD_BASE} (stval 0xc0001073) and S-mode has no handler: stvec 0x0 (unset)"
  --line "it is the payload's first instruction: is a payload loaded there?"
  ${TALLY_QEMU} ${TALLY_QEMU_MACHINE} -cpu ${TALLY_QEMU_CPU} -m 128M
  -bios ${CMAKE_BINARY_DIR}/${TALLY_QEMU_BIOS} -kernel ${CMAKE_CURRENT_BINARY_DIR}/fault_at_once.elf)
tally_payload(stvec_unset hang/hang.c)
target_compile_definitions(stvec_unset.elf PRIVATE STVEC_UNSET)
tally_test(stvec-unset LABELS qemu COMMAND ${CMAKE_SOURCE_DIR}/tests/qemu/run-expect-panic.sh
  ${CMAKE_BINARY_DIR}/stvec-unset.log 60 "0x7 (store/AMO access fault)" ${TALLY_FW_BASE}
  --line "store/AMO access fault at sepc 0x"
  --line "(stval ${TALLY_FW_BASE}) and S-mode has no handler: stvec 0x0 (unset)"
  ${TALLY_QEMU} ${TALLY_QEMU_MACHINE} -cpu ${TALLY_QEMU_CPU} -m 128M
  -bios ${CMAKE_BINARY_DIR}/${TALLY_QEMU_BIOS} -kernel ${CMAKE_CURRENT_BINARY_DIR}/stvec_unset.elf)
tally_payload(stvec_self hang/hang.c)
target_compile_definitions(stvec_self.elf PRIVATE STVEC_SELF)
tally_test(stvec-faults-itself LABELS qemu COMMAND ${CMAKE_SOURCE_DIR}/tests/qemu/run-expect-panic.sh
  ${CMAKE_BINARY_DIR}/stvec-faults-itself.log 60 "0x1 (instruction access fault)" ${TALLY_FW_BASE}
  --line "instruction access fault at sepc ${TALLY_FW_BASE} (stval ${TALLY_FW_BASE}) and S-mode has no handler: stvec ${TALLY_FW_BASE} (the trap is at the vector itself)"
  ${TALLY_QEMU} ${TALLY_QEMU_MACHINE} -cpu ${TALLY_QEMU_CPU} -m 128M
  -bios ${CMAKE_BINARY_DIR}/${TALLY_QEMU_BIOS} -kernel ${CMAKE_CURRENT_BINARY_DIR}/stvec_self.elf)

# Multi-hart (smp/): HSM, IPI, RFENCE and their firmware counters on 4
# harts. QEMU's default rv64/rv32 CPUs have H, so the hypervisor fences run;
# with h=false they must be NOT_SUPPORTED (smp_noh expects that).
tally_payload(smp smp/smp.c smp/entry.S)
tally_payload(smp_noh smp/smp.c smp/entry.S)
target_compile_definitions(smp_noh.elf PRIVATE EXPECT_H=0)
tally_qemu_test(smp smp LABELS ${TALLY_LABELS_SMP} QEMU -smp 4)
tally_qemu_test(smp-noh smp_noh LABELS ${TALLY_LABELS_SMP} QEMU -smp 4 -cpu ${_cpu},h=false)
# No Sstc: a suspended hart must wake for the CLINT timer passed on as STIP.
tally_qemu_test(smp-nosstc smp LABELS ${TALLY_LABELS_SMP} QEMU -smp 4 -cpu ${_cpu},sstc=false)
# 16 and 64 harts: every hart started and stopped, IPIs and fences sent by
# XLEN-wide windows (two calls on rv32 at 64 harts) and with base -1, the
# windows past the last hart refused; with and without -icount. The
# 64-hart runs put 64 vCPU threads on the host: run alone, long limit.
foreach(_n 16 64)
  tally_payload(smp${_n} smp/smp.c smp/entry.S)
  target_compile_definitions(smp${_n}.elf PRIVATE EXPECT_HARTS=${_n})
  tally_qemu_test(smp-${_n} smp${_n} TIMEOUT 300 LABELS ${TALLY_LABELS_SMP} QEMU -smp ${_n})
  tally_qemu_test(smp-${_n}-icount smp${_n} TIMEOUT 300 LABELS ${TALLY_LABELS_SMP}
    QEMU -smp ${_n} -icount shift=0,sleep=off)
  if(_n EQUAL 64)
    set_tests_properties(smp-${_n} smp-${_n}-icount PROPERTIES RUN_SERIAL TRUE)
  endif()
endforeach()

# The ecall fuzzer on 2 harts, with its own firmware image (text checksum on).
include(fuzz/fuzz.cmake)

# The benchmark's answers, not its counts: every call it times must get the
# answer it expects, so the benchmark never measures an error.
tally_qemu_test(bench-answers bench LABELS base time pmu QEMU -icount shift=0,sleep=off)
tally_qemu_test(bench-answers-sscofpmf bench LABELS base time pmu
  QEMU -cpu ${_cpu},sscofpmf=true -icount shift=0,sleep=off)


# SSE across harts on 2, 4, 8, 16 and 64 harts, with and without -icount (issue 23).
include(sse_smp/sse_smp.cmake)
# The multi-hart stress on 2, 4, 8, 16 and 64 harts, on the fuzzer's image (issue 23).
include(smp_stress/stress.cmake)
