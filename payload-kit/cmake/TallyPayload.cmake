# Tally payload kit for CMake: build payloads out of tree.
#
#   cmake_minimum_required(VERSION 3.20)
#   include(/path/to/tally/payload-kit/cmake/TallyPayload.cmake)   # before project()
#   project(hello C ASM)
#   tally_payload_kit(hello SOURCES hello.c)
#
# Included before project(), it sets the RISC-V cross toolchain
# (riscv-toolchain.cmake) unless a toolchain file or compiler was given.
#
# tally_payload_kit(NAME SOURCES src... [MODE s|u] [BASE addr] [XLEN 32|64]
#                   [ARCH rv32imc] [END addr] [STACK bytes])
#   makes NAME.elf (the payload, for -kernel or a loader) and NAME.bin (raw,
#   for fw_payload mode: the firmware's -DTALLY_PAYLOAD=). Defaults come from
#   the cache variables TALLY_XLEN (64), TALLY_MODE (s) and TALLY_BASE
#   (0x80200000 for XLEN 64, 0x80400000 for 32), so one CMakeLists.txt
#   builds for any board: cmake -B build -DTALLY_XLEN=32 -DTALLY_MODE=u.
#   MODE u: a U-mode payload (Ibex and other M+U cores); ARCH: -march
#   without extensions (rv64imac, rv32imc); END: the first address the
#   payload may not reach (checked at link time); STACK: stack bytes.
#   The target is an ordinary executable: add sources, definitions and
#   include directories to it as to any other.

get_filename_component(TALLY_KIT_DIR "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)

if(NOT CMAKE_PROJECT_NAME AND NOT CMAKE_TOOLCHAIN_FILE AND NOT CMAKE_C_COMPILER)
  include(${CMAKE_CURRENT_LIST_DIR}/riscv-toolchain.cmake)
endif()

set(TALLY_XLEN 64 CACHE STRING "payloads' default XLEN: 32 or 64")
set(TALLY_MODE s CACHE STRING "payloads' default mode: s (S-mode) or u (U-mode, M+U cores)")
set(TALLY_BASE "" CACHE STRING "payloads' default link address (empty: 0x80200000 for rv64, 0x80400000 for rv32)")

function(tally_payload_kit name)
  cmake_parse_arguments(K "" "MODE;BASE;XLEN;ARCH;END;STACK" "SOURCES" ${ARGN})
  if(NOT CMAKE_C_COMPILER MATCHES "riscv")
    message(FATAL_ERROR "tally_payload_kit: the C compiler is ${CMAKE_C_COMPILER}, not a RISC-V one: "
      "include TallyPayload.cmake before project(), or configure with "
      "-DCMAKE_TOOLCHAIN_FILE=${TALLY_KIT_DIR}/cmake/riscv-toolchain.cmake")
  endif()
  if(NOT K_SOURCES)
    message(FATAL_ERROR "tally_payload_kit(${name}): no SOURCES")
  endif()
  foreach(v XLEN MODE BASE)
    if(NOT DEFINED K_${v} OR K_${v} STREQUAL "")
      set(K_${v} ${TALLY_${v}})
    endif()
  endforeach()
  if(K_XLEN EQUAL 64)
    set(arch rv64imac)
    set(abi lp64)
    set(base 0x80200000)
  elseif(K_XLEN EQUAL 32)
    set(arch rv32imc)
    set(abi ilp32)
    set(base 0x80400000)
  else()
    message(FATAL_ERROR "tally_payload_kit(${name}): XLEN ${K_XLEN}: 32 or 64")
  endif()
  if(K_ARCH)
    set(arch ${K_ARCH})
  endif()
  if(K_BASE)
    set(base ${K_BASE})
  endif()
  if(NOT K_STACK)
    set(K_STACK 16384)
  endif()
  if(K_MODE STREQUAL "s")
    set(mode_def TALLY_KIT_SMODE)
  elseif(NOT K_MODE STREQUAL "u")
    message(FATAL_ERROR "tally_payload_kit(${name}): MODE ${K_MODE}: s or u")
  endif()

  add_executable(${name}.elf ${K_SOURCES} ${TALLY_KIT_DIR}/lib/start.S ${TALLY_KIT_DIR}/lib/runtime.c
    ${TALLY_KIT_DIR}/lib/harts.c)
  target_include_directories(${name}.elf PRIVATE ${TALLY_KIT_DIR}/include)
  target_compile_definitions(${name}.elf PRIVATE ${mode_def})
  # GCC 12 wants zicsr/zifencei spelled out; the link names the plain ISA
  # so the multilib lookup finds libgcc (rv32imc falls back to rv32im's).
  target_compile_options(${name}.elf PRIVATE -march=${arch}_zicsr_zifencei -mabi=${abi}
    -mcmodel=medany -g $<$<COMPILE_LANGUAGE:C>:-std=gnu11 -O2 -Wall -Wextra -ffreestanding
    -fno-common -ffunction-sections -fdata-sections>)
  set(ld ${TALLY_KIT_DIR}/lib/payload.ld)
  target_link_options(${name}.elf PRIVATE -march=${arch} -mabi=${abi} -mcmodel=medany
    -nostdlib -nostartfiles -T ${ld}
    -Wl,--defsym=TALLY_PAYLOAD_BASE=${base} -Wl,--defsym=TALLY_STACK_SIZE=${K_STACK}
    $<$<BOOL:${K_END}>:-Wl,--defsym=TALLY_PAYLOAD_END=${K_END}>
    -Wl,--gc-sections -Wl,--no-warn-rwx-segments)
  target_link_libraries(${name}.elf PRIVATE gcc)
  set_target_properties(${name}.elf PROPERTIES LINK_DEPENDS ${ld})
  add_custom_command(TARGET ${name}.elf POST_BUILD
    COMMAND ${CMAKE_OBJCOPY} -O binary $<TARGET_FILE:${name}.elf> ${CMAKE_CURRENT_BINARY_DIR}/${name}.bin
    BYPRODUCTS ${CMAKE_CURRENT_BINARY_DIR}/${name}.bin)
  message(STATUS "tally_payload_kit: ${name}.elf, ${arch} ${K_MODE}-mode at ${base}")
endfunction()
