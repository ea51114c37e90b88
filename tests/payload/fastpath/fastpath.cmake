# The fast paths against their C twins (fastpath/fastpath.c): the same
# payload under the preset's image and under one built without the fast
# paths (TALLY_NO_FAST_PATHS), then fastpath-diff compares the digests of
# the two runs. Included by tests/payload/CMakeLists.txt for S-mode builds
# on qemu-virt and CVA6. Without Sstc, so that set_timer takes the
# firmware's CLINT path (fast_set_timer.S).
tally_payload(fastpath fastpath/fastpath.c fastpath/cases.S ext_test.c ext_trap.S)
set(_fp_diff ${CMAKE_SOURCE_DIR}/tests/scripts/fastpath-diff.sh)

if(TALLY_PLATFORM STREQUAL "qemu-virt")
  tally_firmware(tally-c BOARD "${TALLY_BOARD}" DEFINES TALLY_NO_FAST_PATHS)
  set(_fp_bios tally.bin tally-c.bin)
elseif(TALLY_PLATFORM STREQUAL "cva6")
  # The stand-in: no time CSR for S-mode, so rdtime takes fast_rdtime.S.
  tally_firmware(tally-qemu-c BOARD qemu SOURCES src/platform/qemu-virt/pmu_qemu.c
    DEFINES TALLY_NO_FAST_PATHS)
  set(_fp_bios tally-qemu.bin tally-qemu-c.bin)
  # On the core, where misaligned accesses trap too (skipped without a model).
  tally_cva6_rtl_image(tally-fastpath fastpath)
  tally_cva6_rtl_image(tally-fastpath-c fastpath DEFINES TALLY_NO_FAST_PATHS)
  foreach(_v "" -c)
    tally_test(fastpath-rtl${_v} LABELS rtl fastpath
      COMMAND ${CMAKE_COMMAND} -E env OBJCOPY=${CMAKE_OBJCOPY} NM=${CMAKE_NM} CVA6_SIM_CYCLES=8000000
        ${CMAKE_SOURCE_DIR}/tests/rtl/run-cva6.sh ${TALLY_XLEN}
        ${CMAKE_BINARY_DIR}/tally-fastpath${_v}.elf ${CMAKE_BINARY_DIR}/fastpath-rtl${_v}.log
      PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 3600 FIXTURES_SETUP fastpath-rtl)
  endforeach()
  tally_test(fastpath-rtl-diff LABELS rtl fastpath
    COMMAND ${_fp_diff} ${CMAKE_BINARY_DIR}/fastpath-rtl.log ${CMAKE_BINARY_DIR}/fastpath-rtl-c.log
    PROPERTIES FIXTURES_REQUIRED fastpath-rtl SKIP_RETURN_CODE 77)
endif()

list(GET _fp_bios 0 _fp_fast)
list(GET _fp_bios 1 _fp_c)
tally_qemu_test(fastpath fastpath BIOS ${_fp_fast} LABELS fastpath QEMU -cpu ${TALLY_QEMU_CPU},sstc=false)
tally_qemu_test(fastpath-c fastpath BIOS ${_fp_c} LABELS fastpath QEMU -cpu ${TALLY_QEMU_CPU},sstc=false)
set_tests_properties(fastpath fastpath-c PROPERTIES FIXTURES_SETUP fastpath)
tally_test(fastpath-diff LABELS fastpath
  COMMAND ${_fp_diff} ${CMAKE_BINARY_DIR}/fastpath.log ${CMAKE_BINARY_DIR}/fastpath-c.log
  PROPERTIES FIXTURES_REQUIRED fastpath)
