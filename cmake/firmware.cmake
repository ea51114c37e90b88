# The firmware: the preset's choices, the sources, and tally_firmware(), which makes every image.

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
set(TALLY_MAX_HARTS 512 CACHE STRING "largest hart ID + 1 the firmware serves (each hart of the device tree gets its stack and record at boot)")
# The deepest path tools/stack-depth.py finds in any preset's images, trap
# frame included, plus a margin of about 256 bytes: 1,344 bytes on rv64
# and 944 on rv32 (cva6: the boot hart's tally_boot > dt_fixup_copy >
# dt_fixup > fdt_reserve_memory > string_offset; qemu-virt's are 1,264 and
# 912), so 240 and 256 to spare. A frame moves by 16 bytes with the code
# around it: every image is checked against TALLY_STACK_SIZE after its
# link, so it cannot overflow unseen.
if(TALLY_XLEN EQUAL 32)
  set(_tally_stack 1200)
else()
  set(_tally_stack 1584)
endif()
set(TALLY_STACK_SIZE ${_tally_stack} CACHE STRING "M-mode stack per hart, trap frame included (a multiple of 16)")
set(TALLY_PAYLOAD_ECALL_CAUSE 9 CACHE STRING "9: S-mode payload, 8: U-mode payload")
option(TALLY_SMP "HSM, IPI and RFENCE (harts that can interrupt each other)" ON)
# FWFT, DBTR, SUSP and SSE serve an S-mode payload: not on an M+U core (Ibex).
string(COMPARE EQUAL "${TALLY_PAYLOAD_ECALL_CAUSE}" 9 _smode)
option(TALLY_SMODE_EXTENSIONS "FWFT, DBTR, SUSP and SSE (extensions only an S-mode payload can use)" ${_smode})
option(TALLY_TEXT_CHECKSUM "checksum .text/.rodata and lay guard words at boot, check them at SRST shutdown (src/base/text_checksum.c)" OFF)
option(TALLY_VMEM "also write each image as NAME.vmem ($readmemh), for boards whose memory is initialised with it" OFF)
# The optimisation is TALLY_OPT alone (Ibex: -Os, -msave-restore and
# -fno-jump-tables for a 16 KiB image): build type None, which adds no -O.
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
# The files that belong to one configuration are named here and nowhere
# else: a regular expression over the path from the top, and the condition
# under which its files are built.
set(TALLY_CONFIG_SOURCES
  "^src/cores/(fwft|dbtr|sse)/"                                  TALLY_SMODE_EXTENSIONS
  "^src/trap/hyp\\.c$"                                           TALLY_SMODE_EXTENSIONS
  "^src/(sbi/sbi_(time|fwft|dbtr|susp|sse)|hart/((fwft|dbtr|sse)_hart|susp))\\.c$" TALLY_SMODE_EXTENSIONS
  "^src/(hart/(hsm|ipi)|sbi/sbi_(hsm|ipi|rfence))\\.c$"           TALLY_SMP
  "^src/hart/hsm_single\\.c$"                                     NOT_TALLY_SMP
  "^src/base/(text_checksum|fw_guard)\\.c$"                       CHECKSUM    # the image's TEXT_CHECKSUM
  "^src/base/text_checksum_none\\.c$"                             NOT_CHECKSUM
  "^src/arch/payload\\.S$"                                        FALSE)      # included by each payload wrapper

# tally_sources(OUT BOARD CHECKSUM EXTRA...): the sources of one image, absolute.
function(tally_sources out board CHECKSUM)
  file(GLOB src CONFIGURE_DEPENDS RELATIVE ${CMAKE_SOURCE_DIR}
    ${CMAKE_SOURCE_DIR}/src/*/*.[cS] ${CMAKE_SOURCE_DIR}/src/cores/*/*.[cS]
    ${CMAKE_SOURCE_DIR}/src/platform/common/*.[cS] ${CMAKE_SOURCE_DIR}/src/platform/${TALLY_PLATFORM}/*.[cS])
  if(board)
    list(APPEND src src/platform/${TALLY_PLATFORM}/boards/${board}.c)
  endif()
  foreach(c TALLY_SMP CHECKSUM)
    if(${c})
      set(NOT_${c} OFF)
    else()
      set(NOT_${c} ON)
    endif()
  endforeach()
  set(rules ${TALLY_CONFIG_SOURCES})
  while(rules)
    list(POP_FRONT rules re cond)
    if(NOT ${cond})
      list(FILTER src EXCLUDE REGEX "${re}")
    endif()
  endwhile()
  list(APPEND src ${ARGN})
  list(TRANSFORM src PREPEND ${CMAKE_SOURCE_DIR}/ REGEX "^src/")
  set(${out} ${src} PARENT_SCOPE)
endfunction()

# ---- the images -------------------------------------------------------------
# tally_firmware(NAME BOARD board [PAYLOAD payload] [TEXT_CHECKSUM] [DEFINES def...]
#                [SOURCES extra...]): NAME.elf, .bin, .map (and .vmem with TALLY_VMEM)
# in the top build folder, checked for t2..t6 after every link. PAYLOAD
# (fw_payload) is a payload of this build (tally_payload's NAME) or a binary
# file; a generated wrapper includes src/arch/payload.S with its path.
# Images of the same board, sources and definitions share their objects.
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
  # The C the proof analyses is the main image's (scripts/prove.sh).
  if(name STREQUAL "tally")
    tally_sources(src "${F_BOARD}" "${F_TEXT_CHECKSUM}" ${F_SOURCES})
    list(FILTER src INCLUDE REGEX "\\.c$")
    list(JOIN src "\n" lines)
    file(WRITE ${CMAKE_BINARY_DIR}/generated/proof-sources.txt "${lines}\n")
  endif()
  set(wrap)
  if(TARGET ${F_PAYLOAD}.elf)
    get_target_property(bin ${F_PAYLOAD}.elf TALLY_BIN)
  elseif(F_PAYLOAD)
    get_filename_component(bin "${F_PAYLOAD}" ABSOLUTE BASE_DIR ${CMAKE_SOURCE_DIR})
    # Linked in byte for byte: an ELF header where the firmware jumps would
    # hang after the banner (docs/payloads.md).
    if(NOT EXISTS "${bin}")
      message(FATAL_ERROR "TALLY_PAYLOAD=${F_PAYLOAD}: no such file, and no payload of this build by that name")
    endif()
    file(READ "${bin}" magic LIMIT 4 HEX)
    if(magic STREQUAL "7f454c46")
      message(FATAL_ERROR "TALLY_PAYLOAD=${F_PAYLOAD} is an ELF file. fw_payload mode links the "
        "payload in as raw bytes at TALLY_PAYLOAD_BASE (${TALLY_PAYLOAD_BASE}): give it the binary, "
        "`riscv64-unknown-elf-objcopy -O binary payload.elf payload.bin` (the payload kit makes "
        "NAME.bin beside NAME.elf), linked at that address (docs/payloads.md).")
    endif()
  endif()
  if(F_PAYLOAD)
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
  target_link_options(${name}.elf PRIVATE ${TALLY_LINK_TARGET} -nostartfiles
    -T ${CMAKE_SOURCE_DIR}/linker/tally.ld
    -Wl,--defsym=TALLY_FW_BASE=${TALLY_FW_BASE} -Wl,--defsym=TALLY_PAYLOAD_BASE=${TALLY_PAYLOAD_BASE}
    -Wl,--defsym=TALLY_RESET_OFFSET=${TALLY_RESET_OFFSET}
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
  # tools/check-ext-slots.py: the dispatcher's slot table indexes every
  # extension of sbi_extensions[], and nothing else.
  # tools/stack-depth.py: the deepest path over the call graph, from each
  # object's -fstack-usage figures, fits TALLY_STACK_SIZE with the trap
  # frame (entry.h's TRAP_FRAME_SIZE: 40 words).
  math(EXPR frame "40 * ${TALLY_XLEN} / 8")
  get_target_property(objs_dir ${objs} BINARY_DIR)   # the folder of the image that made them
  add_custom_command(TARGET ${name}.elf POST_BUILD
    COMMAND python3 ${CMAKE_SOURCE_DIR}/tools/check-fixed-regs.py ${CMAKE_OBJDUMP} ${out}.elf
    COMMAND python3 ${CMAKE_SOURCE_DIR}/tools/stack-depth.py ${CMAKE_OBJDUMP} ${out}.elf
      --su-dir ${objs_dir}/CMakeFiles/${objs}.dir --frame ${frame} --stack ${TALLY_STACK_SIZE}
      --report ${out}.stack.json
    COMMAND python3 ${CMAKE_SOURCE_DIR}/tools/check-ext-slots.py ${CMAKE_NM} ${out}.elf
    ${post} COMMAND ${CMAKE_SIZE} ${out}.elf
    BYPRODUCTS ${out}.bin ${out}.stack.json $<$<BOOL:${TALLY_VMEM}>:${out}.vmem>)
endfunction()

# Every firmware object's flags; -g (scripts/debug.sh, trace.sh) changes no instruction.
set(TALLY_FIXED_REGS -ffixed-t2 -ffixed-t3 -ffixed-t4 -ffixed-t5 -ffixed-t6)
function(tally_firmware_flags target)
  target_include_directories(${target} PRIVATE ${CMAKE_SOURCE_DIR}/src ${CMAKE_BINARY_DIR}/generated)
  target_compile_options(${target} PRIVATE ${TALLY_TARGET_FLAGS} ${TALLY_WARNINGS} -g
    $<$<COMPILE_LANGUAGE:C>:-std=gnu11 ${TALLY_OPT} -ffreestanding -ffunction-sections -fdata-sections -fno-common ${TALLY_FIXED_REGS} -fstack-usage>
    --specs=picolibc.specs)
endfunction()
