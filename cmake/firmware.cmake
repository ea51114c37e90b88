# The firmware: what the preset chose, which sources an image takes, and
# tally_firmware(), the one way every image of the build is made.

# ---- what the preset chose (CMakePresets.json) ------------------------------
set(TALLY_PLATFORM "qemu-virt" CACHE STRING "src/platform/<name>/ to build")
set(TALLY_BOARD "" CACHE STRING "src/platform/<platform>/boards/<board>.c, for a core with several boards")
set(TALLY_ARCH "rv64imac" CACHE STRING "-march without extensions (also picks the multilib)")
set(TALLY_ABI "lp64" CACHE STRING "-mabi")
set(TALLY_XLEN 64 CACHE STRING "32 or 64")
set(TALLY_FW_BASE "0x80000000" CACHE STRING "where the firmware is loaded and starts")
set(TALLY_RESET_OFFSET 0 CACHE STRING "reset address - FW_BASE: 0, or 0x80 where the vector table sits below (Ibex)")
set(TALLY_PAYLOAD_BASE "0x80200000" CACHE STRING "where the payload starts")
set(TALLY_PAYLOAD "" CACHE STRING "fw_payload mode: a binary to link in at TALLY_PAYLOAD_BASE, or the name of a payload of this build (tests/payload: ibex-test, hello)")
set(TALLY_RAM_SIZE "0x8000000" CACHE STRING "RAM size from FW_BASE that payloads may use")
set(TALLY_MAX_HARTS 8 CACHE STRING "harts with a stack and PMU state")
set(TALLY_STACK_SIZE 4096 CACHE STRING "M-mode stack per hart, trap frame included")
set(TALLY_PAYLOAD_ECALL_CAUSE 9 CACHE STRING "9: S-mode payload, 8: U-mode payload")
option(TALLY_SMP "HSM, IPI and RFENCE (harts that can interrupt each other)" ON)
# FWFT, DBTR, SUSP and SSE serve an S-mode payload; an M+U core (Ibex) could
# never use them, and its image must fit 16 KiB.
if(TALLY_PAYLOAD_ECALL_CAUSE EQUAL 8)
  option(TALLY_SMODE_EXTENSIONS "FWFT, DBTR, SUSP and SSE (extensions only an S-mode payload can use)" OFF)
else()
  option(TALLY_SMODE_EXTENSIONS "FWFT, DBTR, SUSP and SSE (extensions only an S-mode payload can use)" ON)
endif()
option(TALLY_TEXT_CHECKSUM "checksum .text/.rodata and lay guard words at boot, check them at SRST shutdown (src/base/text_checksum.c)" OFF)
option(TALLY_VMEM "also write each image as NAME.vmem ($readmemh), for boards whose memory is initialised with it" OFF)
# The optimisation level is TALLY_OPT and nothing else: the presets say -O2,
# or on Ibex -Os with -msave-restore and -fno-jump-tables (about 700 bytes
# less in a 16 KiB image). They use the build type None, which adds no -O
# that could sit on the same compile line.
set(TALLY_OPT "-O2" CACHE STRING "optimisation: -O2 for speed, -Os;-msave-restore;-fno-jump-tables where the image must be small (Ibex)")
string(TOUPPER "${CMAKE_BUILD_TYPE}" _tally_bt)
if("${CMAKE_C_FLAGS} ${CMAKE_C_FLAGS_${_tally_bt}}" MATCHES "(^| )-O")
  message(FATAL_ERROR "CMAKE_BUILD_TYPE ${CMAKE_BUILD_TYPE} (or CMAKE_C_FLAGS) brings its own -O; "
    "the firmware's optimisation is TALLY_OPT alone: configure with -DCMAKE_BUILD_TYPE=None")
endif()
set(TALLY_QEMU "qemu-system-riscv64" CACHE STRING "QEMU binary for the tests")
set(TALLY_QEMU_MACHINE "-M;virt" CACHE STRING "QEMU machine options for the tests")
set(TALLY_QEMU_CPU "rv64" CACHE STRING "QEMU -cpu for the tests")
set(TALLY_QEMU_BIOS "tally.bin" CACHE STRING "image in the build directory the QEMU tests boot")
configure_file(src/tally_config.h.in ${CMAKE_BINARY_DIR}/generated/tally_config.h @ONLY)

# The compiler needs zicsr/zifencei spelled out; the multilib lookup the plain
# name (GCC 12 has no rv32imc multilib: rv32imc links rv32im's libc).
set(TALLY_TARGET_FLAGS -march=${TALLY_ARCH}_zicsr_zifencei -mabi=${TALLY_ABI} -mcmodel=medany)
set(TALLY_LINK_TARGET -march=${TALLY_ARCH} -mabi=${TALLY_ABI} -mcmodel=medany --specs=picolibc.specs)

# ---- the sources ------------------------------------------------------------
# An image takes every .c and .S of the layer folders (src/<layer>/,
# src/cores/<core>/, src/platform/common/), its platform's own and its
# board's file: a file added to a folder is built without a line here.
# Only the files that belong to one configuration are named, here and
# nowhere else (regular expressions over the path from the top):
set(TALLY_ONLY_SMODE "^src/(cores/(fwft|dbtr|sse)/|sbi/(smode_ext|sbi_fwft|sbi_dbtr|sbi_susp|sbi_sse)\\.c$)")
set(TALLY_ONLY_SMP "^src/hart/(hsm|ipi)\\.c$")                 # TALLY_SMP
set(TALLY_ONLY_UP "^src/hart/hsm_single\\.c$")                 # not TALLY_SMP
set(TALLY_ONLY_CHECKSUM "^src/base/(text_checksum|fw_guard)\\.c$")
set(TALLY_ONLY_NO_CHECKSUM "^src/base/text_checksum_none\\.c$")
set(TALLY_NEVER "^src/arch/payload\\.S$")   # each image's payload wrapper includes it

# tally_sources(OUT BOARD CHECKSUM EXTRA...): the sources of one image, absolute.
function(tally_sources out board checksum)
  file(GLOB src CONFIGURE_DEPENDS RELATIVE ${CMAKE_SOURCE_DIR}
    ${CMAKE_SOURCE_DIR}/src/*/*.[cS] ${CMAKE_SOURCE_DIR}/src/cores/*/*.[cS]
    ${CMAKE_SOURCE_DIR}/src/platform/common/*.[cS] ${CMAKE_SOURCE_DIR}/src/platform/${TALLY_PLATFORM}/*.[cS])
  if(board)
    list(APPEND src src/platform/${TALLY_PLATFORM}/boards/${board}.c)
  endif()
  if(TALLY_SMP)
    set(drop ${TALLY_NEVER} ${TALLY_ONLY_UP})
  else()
    set(drop ${TALLY_NEVER} ${TALLY_ONLY_SMP})
  endif()
  if(NOT TALLY_SMODE_EXTENSIONS)
    list(APPEND drop ${TALLY_ONLY_SMODE})
  endif()
  if(checksum)
    list(APPEND drop ${TALLY_ONLY_NO_CHECKSUM})
  else()
    list(APPEND drop ${TALLY_ONLY_CHECKSUM})
  endif()
  foreach(re ${drop})
    list(FILTER src EXCLUDE REGEX "${re}")
  endforeach()
  list(APPEND src ${ARGN})
  list(TRANSFORM src PREPEND ${CMAKE_SOURCE_DIR}/ REGEX "^src/")
  set(${out} ${src} PARENT_SCOPE)
endfunction()

# ---- the images -------------------------------------------------------------
# tally_firmware(NAME BOARD board [PAYLOAD payload] [TEXT_CHECKSUM]
#                [DEFINES def...] [SOURCES extra...])
# NAME.elf, NAME.bin, NAME.map (and NAME.vmem with TALLY_VMEM) in the top
# build folder, with the firmware's flags, checked for t2..t6 after every
# link. PAYLOAD (fw_payload mode) is a payload of this build (the name given
# to tally_payload) or a binary file; either way one generated wrapper
# includes src/arch/payload.S with its path. Images of the same sources,
# board and definitions share their objects.
function(tally_firmware name)
  cmake_parse_arguments(F "TEXT_CHECKSUM" "BOARD;PAYLOAD" "DEFINES;SOURCES" ${ARGN})
  if(TALLY_TEXT_CHECKSUM)
    set(F_TEXT_CHECKSUM ON)
  endif()
  string(MD5 key "${F_BOARD};${F_TEXT_CHECKSUM};${F_DEFINES};${F_SOURCES}")
  string(SUBSTRING ${key} 0 8 key)
  set(objs tally-objs-${key})
  if(NOT TARGET ${objs})
    tally_sources(src "${F_BOARD}" "${F_TEXT_CHECKSUM}" ${F_SOURCES})
    add_library(${objs} OBJECT ${src})
    tally_firmware_flags(${objs})
    target_compile_definitions(${objs} PRIVATE ${F_DEFINES})
    # Our memcpy must not be turned back into a call to memcpy.
    set_source_files_properties(${CMAKE_SOURCE_DIR}/src/lib/string.c TARGET_DIRECTORY ${objs}
      PROPERTIES COMPILE_OPTIONS -fno-tree-loop-distribute-patterns)
  endif()
  set(wrap)
  if(F_PAYLOAD)
    if(TARGET ${F_PAYLOAD}.elf)
      get_target_property(bin ${F_PAYLOAD}.elf TALLY_BIN)
    else()
      get_filename_component(bin "${F_PAYLOAD}" ABSOLUTE BASE_DIR ${CMAKE_SOURCE_DIR})
    endif()
    set(wrap ${CMAKE_BINARY_DIR}/generated/${name}-payload.S)
    file(CONFIGURE OUTPUT ${wrap} CONTENT "/* generated: the payload of ${name}.elf */
#define TALLY_PAYLOAD_PATH \"${bin}\"
#include \"arch/payload.S\"\n")
    set_source_files_properties(${wrap} PROPERTIES OBJECT_DEPENDS ${bin})
  endif()
  add_executable(${name}.elf $<TARGET_OBJECTS:${objs}> ${wrap})
  tally_firmware_flags(${name}.elf)
  if(TARGET ${F_PAYLOAD}.elf)
    add_dependencies(${name}.elf ${F_PAYLOAD}.elf)
  endif()
  math(EXPR stack_bytes "${TALLY_MAX_HARTS} * ${TALLY_STACK_SIZE}")
  target_link_options(${name}.elf PRIVATE ${TALLY_LINK_TARGET} -nostartfiles
    -T ${CMAKE_SOURCE_DIR}/linker/tally.ld
    -Wl,--defsym=TALLY_FW_BASE=${TALLY_FW_BASE} -Wl,--defsym=TALLY_PAYLOAD_BASE=${TALLY_PAYLOAD_BASE}
    -Wl,--defsym=TALLY_STACK_BYTES=${stack_bytes} -Wl,--defsym=TALLY_RESET_OFFSET=${TALLY_RESET_OFFSET}
    -Wl,--gc-sections -Wl,--no-warn-rwx-segments -Wl,-Map=${CMAKE_BINARY_DIR}/${name}.map)
  set_target_properties(${name}.elf PROPERTIES LINKER_LANGUAGE C LINK_DEPENDS ${CMAKE_SOURCE_DIR}/linker/tally.ld
    RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})
  set(out ${CMAKE_BINARY_DIR}/${name})
  set(post COMMAND ${CMAKE_OBJCOPY} -O binary ${out}.elf ${out}.bin)
  if(TALLY_VMEM)
    list(APPEND post COMMAND python3 ${CMAKE_SOURCE_DIR}/tools/elf2vmem.py ${out}.elf ${out}.vmem ${TALLY_FW_BASE})
  endif()
  # The C code never uses t2..t6, so the ecall fast path does not save them
  # (src/arch/entry.S); tools/check-fixed-regs.py proves it on every image.
  add_custom_command(TARGET ${name}.elf POST_BUILD
    COMMAND python3 ${CMAKE_SOURCE_DIR}/tools/check-fixed-regs.py ${CMAKE_OBJDUMP} ${out}.elf
    ${post} COMMAND ${CMAKE_SIZE} ${out}.elf
    BYPRODUCTS ${out}.bin $<$<BOOL:${TALLY_VMEM}>:${out}.vmem>)
endfunction()

# The compile flags of every firmware object. -g: symbols and line tables
# for scripts/debug.sh and trace.sh; no instruction changes, and NAME.bin
# does not carry them.
set(TALLY_FIXED_REGS -ffixed-t2 -ffixed-t3 -ffixed-t4 -ffixed-t5 -ffixed-t6)
function(tally_firmware_flags target)
  target_include_directories(${target} PRIVATE ${CMAKE_SOURCE_DIR}/src ${CMAKE_BINARY_DIR}/generated)
  target_compile_options(${target} PRIVATE ${TALLY_TARGET_FLAGS} ${TALLY_WARNINGS} -g
    $<$<COMPILE_LANGUAGE:C>:-std=gnu11 ${TALLY_OPT} -ffreestanding -ffunction-sections -fdata-sections -fno-common ${TALLY_FIXED_REGS}>
    --specs=picolibc.specs)
endfunction()
